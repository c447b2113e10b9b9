"""Mea Culpa keeper (the device as the board game's secret-keeper): its catalogue entry.

The one place that lists the game: what the device's menu and the laptop's CLI
show and need without importing the engine (shared_rules/games.py).
"""

from shared_rules.game import Option

# The second cathedral is done by then: mea_culpa_codes.MAX_ROUNDS, written out so that
# the menu reads this entry without loading the codes (tests check the two agree).
ROUNDS = 11

NAME = "mea-culpa-keeper"
# The published rulebook the rules follow: (title, publisher, year); docs/rules/<NAME>.md.
RULEBOOK = ("Mea Culpa", "Zoch Verlag", 2016)
TITLE = "Mea Culpa keeper"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
ENGINE = ("shared_rules.mea_culpa.keeper", "MeaCulpaKeeper")
# The laptop's engine: the engine with its figures for statistics and its resampling
# (a board has the engine alone: shared_rules/games.py, engine_of).
LAPTOP_ENGINE = ("shared_rules.mea_culpa.keeper_laptop", "MeaCulpaKeeperLaptop")
# The device's screens for it: (firmware module, class); None for the generic ones.
PRESENTER = ("present_mea_culpa", "MeaCulpaPresenter")
# Offered in the device's menu (False: a laptop-only engine, for simulation and verify).
ON_DEVICE = True
# Bots stronger than "random": (name, module, class).
BOTS = ()
OPTIONS = (
    Option("rounds", ROUNDS, low=1, high=30, help="rounds at most (the table ends the game)"),
    Option(
        "max_bid", 40, low=0, high=99, help="most taler a bid may add (the device has no money)"
    ),
    Option(
        "extra_cards",
        "money",
        choices=("money", "none"),
        help="the 5 House cards the rulebook does not list: assumed money cards, or none",
    ),
)
