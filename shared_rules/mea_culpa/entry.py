"""Mea Culpa (the whole game, for the laptop): its catalogue entry.

The one place that lists the game: what the device's menu and the laptop's CLI
show and need without importing the engine (shared_rules/games.py).
"""

from shared_rules.game import Option
from shared_rules.mea_culpa import board as B

# Values of the options for two readings of the rulebook (docs/rules/mea-culpa.md).
NOTE_ADDS = "adds"
NOTE_REPLACES = "replaces"
NOTE_ALWAYS = "always"
ONE_AT_A_TIME = "one_at_a_time"
EMPTY_FIRST = "empty_first"

NAME = "mea-culpa"
# The published rulebook the rules follow: (title, publisher, year); docs/rules/<NAME>.md.
RULEBOOK = ("Mea Culpa", "Zoch Verlag", 2016)
TITLE = "Mea Culpa"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
ENGINE = ("shared_rules.mea_culpa.rules", "MeaCulpa")
# The device's screens for it: (firmware module, class); None for the generic ones.
PRESENTER = None
# Offered in the device's menu (False: a laptop-only engine, for simulation and verify).
ON_DEVICE = False
# Bots stronger than "random": (name, module, class).
BOTS = (("greedy", "shared_rules.mea_culpa.bot", "GreedyBot"),)
# What the search bot is told of the game (shared_rules/laptop/search_guide.py): (module, class).
SEARCH_GUIDE = ("shared_rules.mea_culpa.bot", "SearchGuide")
OPTIONS = (
    Option("heaven", B.HEAVEN[0], low=5, high=40, help="steps from Start to Heaven (assumed)"),
    Option(
        "overshoot",
        "stay",
        choices=("stay", "clamp"),
        help="a soul that would pass space 40 stays put (rulebook) or stops on 40",
    ),
    Option(
        "merchant3",
        "own",
        choices=("own", "every"),
        help="3 players, Merchant left: the soul nearest Hell takes a stone at the end"
        " of its own turns, or at the end of every turn",
    ),
    Option(
        "extra_cards",
        "money",
        choices=("money", "none"),
        help="the 5 House cards the rulebook does not list: assumed money cards, or none",
    ),
    Option("penitent", False, help="variant for the Sophisticated Penitent"),
    Option(
        "pope_note",
        NOTE_ADDS,
        choices=(NOTE_ADDS, NOTE_REPLACES, NOTE_ALWAYS),
        help="the Pope's room would take his post past 6: if caught, the Note's step adds to"
        " the caught step or replaces it; always: the Note applies even when not caught",
    ),
    Option(
        "out_of_stones",
        ONE_AT_A_TIME,
        choices=(ONE_AT_A_TIME, EMPTY_FIRST),
        help="short of sin stones: place them one at a time, emptying a den when one is"
        " lacking (the stones just placed count), or empty a den first, then place them all",
    ),
)
