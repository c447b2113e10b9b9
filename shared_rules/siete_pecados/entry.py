"""7 Pecados: its catalogue entry.

The one place that lists the game: what the device's menu and the laptop's CLI
show and need without importing the engine (shared_rules/games.py). The
readings behind each option: docs/rules/siete-pecados.md.
"""

from shared_rules.game import Option

CELESTIAL = "celestial"
INFERNAL = "infernal"

NAME = "siete-pecados"
# The published rulebook the rules follow: (title, publisher, year); docs/rules/<NAME>.md.
RULEBOOK = ("7 Pecados", "Venatus Ediciones", 2017)
TITLE = "7 Pecados"
MIN_PLAYERS = 2
MAX_PLAYERS = 6
ENGINE = ("shared_rules.siete_pecados.rules", "SietePecados")
# The laptop's engine: the engine with its figures for statistics and its resampling
# (a board has the engine alone: shared_rules/games.py, engine_of).
LAPTOP_ENGINE = ("shared_rules.siete_pecados.laptop", "SietePecadosLaptop")
# The device's screens for it: (firmware module, class); None for the generic ones.
PRESENTER = ("present_siete_pecados", "PecadosPresenter")
# Offered in the device's menu (False: a laptop-only engine, for simulation and verify).
ON_DEVICE = True
# Bots stronger than "random": (name, module, class).
BOTS = (("greedy", "shared_rules.siete_pecados.bot", "GreedyBot"),)
OPTIONS = (
    Option(
        "mode",
        CELESTIAL,
        choices=(CELESTIAL, INFERNAL),
        help="celestial: fewest sin points wins; infernal: gather sins, most points wins",
    ),
    Option("dante", False, help="Dante's Purgatory (celestial only): send a sin only next door"),
    Option("teams", False, help="Let's Sin Together: 2 vs 2 or 3 vs 3, teams in alternate seats"),
    Option(
        "team_win",
        "member",
        choices=("member", "total"),
        help="teams: member = the team of a winning player wins; total = the best team total",
    ),
    Option("first_player", 0, low=0, high=5, help="the seat that last entered a church"),
    Option(
        "centre_draw",
        "instead",
        choices=("instead", "and_play"),
        help="a card drawn from the centre is the turn's play (instead) or comes before it",
    ),
    Option(
        "tiebreak",
        "highest",
        choices=("highest", "lowest"),
        help="equal points: compare each player's gravest sin (highest) or least grave (lowest)",
    ),
    Option(
        "cancels",
        "each_player",
        choices=("each_player", "one_per_turn"),
        help="infernal: every player may cancel once a turn, or one cancel a turn in all",
    ),
    Option(
        "centre_relapse",
        "face_down",
        choices=("face_down", "refused", "face_up"),
        help="a centre draw onto one's own tempted sin relapses: its two cards go back face"
        " down (no more draws), the draw is refused, or (infernal only) face up",
    ),
)
