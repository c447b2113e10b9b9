"""`confessor simulate GAME -p N -n COUNT --bots greedy,random`: bots play many games."""

import json
import os

from host.errors import CliError
from host.options import add_game_arguments, load_game
from host.simulate import simulate

HELP = "play many games with bots and report statistics"
MAX_GAMES = 10_000_000  # about a core-day of 7: The Sins; run several for more
MAX_JOBS = 64  # worker processes: more than the cores only adds memory and start-up


def add_arguments(parser):
    add_game_arguments(parser)
    parser.add_argument(
        "-n", "--games", type=int, default=1000, help="how many games (default 1000)"
    )
    parser.add_argument(
        "--bots",
        default="random",
        help="bot names, one per seat or one for all, comma-separated (default random)",
    )
    parser.add_argument(
        "--seed", default="sim", help="base seed text; the same seed gives the same games"
    )
    parser.add_argument(
        "-j", "--jobs", type=int, default=os.cpu_count() or 1, help="worker processes"
    )
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")


def run(args):
    if args.games < 1:
        raise CliError("--games must be at least 1", 2)
    if args.games > MAX_GAMES:
        raise CliError(
            "--games is at most %d (about a day of one core); run several simulations with"
            " different --seed for more" % MAX_GAMES,
            2,
        )
    if args.jobs < 1:
        raise CliError("--jobs must be at least 1", 2)
    if args.jobs > MAX_JOBS:
        raise CliError(
            "--jobs is at most %d: each worker is a process, and more than this machine's"
            " %d cores only costs memory" % (MAX_JOBS, os.cpu_count() or 1),
            2,
        )
    game = load_game(args)
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not names:
        raise CliError("--bots needs at least one bot name", 2)
    if len(names) not in (1, game.num_players):
        raise CliError(f"--bots names {len(names)} bots for {game.num_players} seats", 2)
    if len(names) == 1:
        names = names * game.num_players
    stats = simulate(game, names, args.games, args.seed, args.jobs)
    if args.json:
        print(json.dumps(stats, indent=2, sort_keys=True))
        return 0
    n = game.num_players
    options = ", ".join("%s=%s" % (k, game.options[k]) for k in sorted(game.options))
    print(f"{game.NAME}, {n} players, {args.games} games ({options})")
    print(f"length: mean {stats['mean_length']:.1f} actions, max {stats['max_length']}")
    print("seat  bot        wins   shared  mean return")
    for s in range(n):
        print(
            f"{s:>4}  {names[s]:<9} {stats['wins'][s] / args.games:6.1%}  "
            f"{stats['shared_wins'][s] / args.games:6.1%}  {stats['mean_return'][s]:+.3f}"
        )
    for key, value in sorted(stats["totals"].items()):
        print(f"{key}: mean {value / args.games:.2f}")
    return 0
