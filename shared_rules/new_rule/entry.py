"""New Rule (Sin): its catalogue entry.

The one place that lists the game: what the device's menu and the laptop's CLI
show and need without importing the engine (shared_rules/games.py). The game
has no known published title; "New Rule" is the heading of the page its rules
come from (see docs/rules/new-rule.md).
"""

from shared_rules.game import Option

NAME = "new-rule"
# The rules' source: (title, what the document is, year). No published rulebook is known:
# the rules come from a web page headed "New Rule", with no publisher or year
# (docs/rules/<NAME>.md).
RULEBOOK = ("New Rule", 'a web page tagged "Game Design"', None)
TITLE = "New Rule (Sin)"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
ENGINE = ("shared_rules.new_rule.rules", "NewRule")
# The laptop's engine: the engine with its figures for statistics and its resampling
# (a board has the engine alone: shared_rules/games.py, engine_of).
LAPTOP_ENGINE = ("shared_rules.new_rule.laptop", "NewRuleLaptop")
# The device's screens for it: (firmware module, class); None for the generic ones.
PRESENTER = ("present_new_rule", "NewRulePresenter")
# Offered in the device's menu (False: a laptop-only engine, for simulation and verify).
ON_DEVICE = True
# Actions of history the device reserves at a game's start, while its heap is in one piece
# (State.reserve_history): a round runs to some 50 (2 players) to 75 actions (4), so 1,024
# are about 20 rounds; a fragmented heap may later hold no block for the history's list to
# grow into. 0 (or absent): none.
HISTORY_ROOM = 1024
# Bots stronger than "random": (name, module, class).
BOTS = (("greedy", "shared_rules.new_rule.bot", "GreedyBot"),)
# What the search bot is told of the game (shared_rules/laptop/search_guide.py): (module, class).
SEARCH_GUIDE = ("shared_rules.new_rule.bot", "SearchGuide")
OPTIONS = (
    Option("first_player", 0, low=0, high=3, help="the first player of the first round"),
    Option("target", 200, choices=(100, 200, 300), help="the score that wins at once"),
    Option("ace", 1, choices=(1, 11), help="what an Ace costs at a reckoning"),
    Option(
        "ace_straights",
        "both",
        choices=("both", "low", "high"),
        help="straight flushes with the Ace: A-2-3-4 and J-Q-K-A, only A-2-3-4, or only J-Q-K-A",
    ),
    Option(
        "king_player",
        "spared",
        choices=("spared", "reckoned"),
        help="the player of the face-up King escapes the reckoning, or is reckoned too",
    ),
    Option(
        "damnation_sets",
        "keep",
        choices=("keep", "cancel"),
        help="at total damnation, set points scored this round stay or are cancelled",
    ),
    Option(
        "damnation_start",
        "next",
        choices=("next", "same"),
        help="after total damnation the next round starts left of the last first player,"
        " or with the same first player",
    ),
    Option(
        "round_limit",
        0,
        low=0,
        high=99,
        off=0,
        help="off: first to the target wins; N: after N rounds the highest score wins",
    ),
    Option(
        "unmatched",
        "value",
        choices=("value", "free"),
        help="with sets, a board card matching none costs its value, or nothing",
    ),
    Option(
        "match",
        "rank",
        choices=("rank", "value"),
        help="a card matches a set card of its rank, or of its value (10 J Q K: 10)",
    ),
)
