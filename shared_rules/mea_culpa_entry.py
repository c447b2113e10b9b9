"""Mea Culpa (the whole game, for the laptop): its catalogue entry.

The one place that lists the game: what the device's menu and the laptop's CLI
show and need without importing the engine (shared_rules/games.py).
"""

from shared_rules import mea_culpa_data as D
from shared_rules.game import Option

NAME = "mea-culpa"
TITLE = "Mea Culpa"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
ENGINE = ("shared_rules.mea_culpa", "MeaCulpa")
# The device's screens for it: (firmware module, class); None for the generic ones.
PRESENTER = None
# Offered in the device's menu (False: a laptop-only engine, for simulation and verify).
ON_DEVICE = False
# Bots stronger than "random": (name, module, class).
BOTS = (("greedy", "shared_rules.mea_culpa_bot", "GreedyBot"),)
OPTIONS = (
    Option("heaven", D.HEAVEN[0], low=5, high=40, help="steps from Start to Heaven (assumed)"),
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
)
