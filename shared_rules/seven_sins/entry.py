"""7: The Sins: its catalogue entry.

The one place that lists the game: what the device's menu and the laptop's CLI
show and need without importing the engine (shared_rules/games.py).
"""

from shared_rules.game import Option

# Option values of penance_cards.
PENANCE_AS_SIN = "sin"
PENANCE_BLANK = "blank"

NAME = "seven-sins"
# The published rulebook the rules follow: (title, publisher, year); docs/rules/<NAME>.md.
RULEBOOK = ("7: The Sins", "GateOnGames", 2019)
TITLE = "7: The Sins"
MIN_PLAYERS = 2
MAX_PLAYERS = 5
ENGINE = ("shared_rules.seven_sins.rules", "SevenSins")
# The device's screens for it: (firmware module, class); None for the generic ones.
PRESENTER = ("present_seven_sins", "SinsPresenter")
# Offered in the device's menu (False: a laptop-only engine, for simulation and verify).
ON_DEVICE = True
# Bots stronger than "random": (name, module, class).
BOTS = (("greedy", "shared_rules.seven_sins.bot", "GreedyBot"),)
OPTIONS = (
    Option("penance", False, help="the Penance variant: every player plays the same turns"),
    Option(
        "penance_cards",
        PENANCE_AS_SIN,
        choices=(PENANCE_AS_SIN, PENANCE_BLANK),
        help="a revealed Penance card: sin = a card of its sin type, "
        "blank = stays on the table like a Last Judgment",
    ),
    Option(
        "sins",
        "random",
        help="random, or the types of sin the table chooses, comma-separated "
        "(Pride,Greed,Lust,Envy,Wrath,Sloth,Gluttony)",
    ),
    Option("first_player", 0, low=0, high=4, help="the seat that most recently sinned"),
    Option(
        "stones",
        "auto",
        choices=("auto", "manual"),
        help="auto: the best placement for each player; manual: players place them",
    ),
)
