"""`confessor playthrough GAME --seed TEXT`: one seeded game, move by move."""

from host.errors import CliError
from host.options import add_game_arguments, load_game
from host.simulate import SAFETY_CAP
from shared_rules.laptop.playthrough import lines

HELP = "print one seeded game move by move"


def add_arguments(parser):
    add_game_arguments(parser)
    parser.add_argument("--seed", default="playthrough", help="seed text (default: playthrough)")
    parser.add_argument("--no-views", action="store_true", help="leave out every seat's view")
    parser.add_argument(
        "--cap",
        type=int,
        default=SAFETY_CAP,
        metavar="ACTIONS",
        help="stop a game still going after this many actions (default %d; New Rule with"
        " no round limit ends only at the target)" % SAFETY_CAP,
    )


def run(args):
    game = load_game(args)

    try:
        seed = args.seed.encode()
    except UnicodeEncodeError:
        raise CliError("--seed must be text (it had bytes that are not UTF-8)", 2) from None
    if args.cap < 1:
        raise CliError("--cap must be at least 1 action", 2)
    for line in lines(game, seed, views=not args.no_views, cap=args.cap):
        print(line)
    return 0
