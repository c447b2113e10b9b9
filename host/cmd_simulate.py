"""`confessor simulate GAME`: bots play many games; statistics in plain words.

A grid of arms: `-p 2,3,4`, `-o penance=no,yes` (any option, as a list) and
repeated `--bots` each make arms, and the report gives every arm's statistics
and each arm's differences from the first, paired by seed, with their 95%
intervals. `--ladder` rates bots against each other (host/ladder.py),
`--mirror` plays every deal in every seat rotation, and `--games-out` writes
every game (host/games_out.py).
"""

from __future__ import annotations

import itertools
import json
import os
import sys

from host import report as words
from host.bots import check_bot_name
from host.errors import CliError, writable_path
from host.simulate import SAFETY_CAP, Arm, simulate
from shared_rules import games

HELP = "play many games with bots and report statistics (win rates with intervals, plots)"
MAX_GAMES = 10_000_000  # about a core-day of 7: The Sins; run several for more
MAX_JOBS = 64  # worker processes: more than the cores only adds memory and start-up
MAX_ARMS = 256  # a grid's arms (player counts x option values x line-ups), each reported


def add_arguments(parser):
    parser.add_argument("game", help="game name (see `confessor games`)")
    parser.add_argument(
        "-p",
        "--players",
        default=None,
        help="number of players, or a list to compare, e.g. 2,3,4 (default: the game's smallest)",
    )
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, repeatable; a list of values (penance=no,yes) compares them",
    )
    parser.add_argument(
        "-n", "--games", type=int, default=1000, help="games per arm (default 1000)"
    )
    parser.add_argument(
        "--bots",
        action="append",
        default=None,
        metavar="BOT,BOT,...",
        help="bots, one per seat or one for all (random, the game's own such as greedy, "
        "ismcts, ismcts:ITERATIONS or ismcts:time=1s); repeat --bots to compare line-ups "
        "(default random)",
    )
    parser.add_argument(
        "--seats",
        choices=("rotate", "fixed"),
        default="rotate",
        help="rotate: the line-up moves one seat on each game, so every bot plays every seat "
        "equally often (default); fixed: each bot keeps the seat it is listed for",
    )
    parser.add_argument(
        "--mirror",
        action="store_true",
        help="mirrored deals: play every deal once in every seat rotation of the line-up, "
        "so bots meet the same cards from every seat (-n is rounded up to whole deals)",
    )
    parser.add_argument(
        "--ladder",
        metavar="BOT,BOT,...",
        help="a skill ladder: every pair of these bots plays -n games head to head on "
        "mirrored deals, and the report rates them (Bradley-Terry, Elo scale, the first = 0)",
    )
    parser.add_argument(
        "--seed", default="sim", help="base seed text; the same seed gives the same games"
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (the report does not depend on it)",
    )
    parser.add_argument(
        "--cap",
        type=int,
        default=SAFETY_CAP,
        metavar="ACTIONS",
        help="a safety cap: stop a game still going after this many actions and report it as"
        " stopped, with no result (default %d; New Rule with no round limit ends only at"
        " the target)" % SAFETY_CAP,
    )
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument("--plot", metavar="DIR", help="write PNG charts into DIR")
    parser.add_argument(
        "--games-out",
        metavar="FILE",
        help="write one row per game played into FILE: CSV if it ends in .csv, else JSON Lines",
    )


def _players(text, cls) -> list[int]:
    if text is None:
        return [cls.MIN_PLAYERS]
    out = []
    for part in text.split(","):
        part = part.strip()
        if not (part.isascii() and part.isdigit()) or len(part) > 4:
            raise CliError(f"--players takes a number or a list such as 2,3,4, not {text!r}", 2)
        out.append(int(part))
    return out


def _option_grid(items: list[str], cls) -> list[tuple[str, list[str]]]:
    """[(name, [values])]: a value the option takes whole stays one value
    (sins=Pride,Envy,...), otherwise a comma-separated list is several."""
    known = {opt.name: opt for opt in cls.OPTIONS}
    grid = []
    for item in items:
        if "=" not in item:
            raise games.BadOption(f"option {item!r} must look like NAME=VALUE")
        key, value = item.split("=", 1)
        key = key.strip().replace("-", "_")
        value = value.strip()
        values = [value]
        if key in known and "," in value:
            try:
                known[key].parse(value)
            except games.BadOption:
                values = [v.strip() for v in value.split(",") if v.strip()]
        grid.append((key, values))
    return grid


def _lineups(bots: list[str] | None) -> list[list[str]]:
    out = []
    for text in bots or ["random"]:
        names = [b.strip() for b in text.split(",") if b.strip()]
        if not names:
            raise CliError("--bots needs at least one bot name", 2)
        out.append(names)
    return out


def plan(args) -> list[Arm]:
    """The arms the arguments ask for (every combination of the lists given)."""
    for item in args.option:  # the syntax first: a typo is named before the game is looked up
        if "=" not in item:
            raise games.BadOption(f"option {item!r} must look like NAME=VALUE")
    cls = games.game_class(args.game)
    players_list = _players(args.players, cls)
    grid = _option_grid(args.option, cls)
    lineups = _lineups(args.bots)
    size = len(players_list) * len(lineups)
    for _, values in grid:
        size *= len(values)
    if size > MAX_ARMS:
        raise CliError(
            f"the grid has {size} arms (player counts x option values x line-ups); at most"
            f" {MAX_ARMS}: compare fewer at once",
            2,
        )
    arms = []
    for players in players_list:
        for values in itertools.product(*[v for _, v in grid]):
            options = {grid[i][0]: values[i] for i in range(len(grid))}
            game = games.load(args.game, players, **options)
            for names in lineups:
                if len(names) == 1:
                    names = names * players
                if len(names) != players:
                    raise CliError(f"--bots names {len(names)} bots for {players} seats", 2)
                for name in names:
                    check_bot_name(game, name)
                parts = []
                if len(players_list) > 1:
                    parts.append(f"{players} players")
                parts += [
                    f"{grid[i][0]}={values[i]}" for i in range(len(grid)) if len(grid[i][1]) > 1
                ]
                if len(lineups) > 1:
                    parts.append("bots " + ",".join(names))
                rotate = args.seats == "rotate" and len(set(names)) > 1
                arms.append(
                    Arm(" ".join(parts), game.describe(), tuple(names), rotate, args.mirror)
                )
    labels = [a.label for a in arms]
    if len(set(labels)) != len(labels):
        raise CliError("two arms of the grid are the same; give each list distinct values", 2)
    return arms


def plan_ladder(args) -> tuple[list[str], list[Arm]]:
    """The bots of `--ladder` and the arms that play them against each other."""
    from host import ladder

    if args.bots:
        raise CliError("--ladder names the bots itself; leave out --bots", 2)
    bots = [b.strip() for b in args.ladder.split(",") if b.strip()]
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise CliError("--ladder needs two bots or more, each named once, e.g. random,greedy", 2)
    for item in args.option:
        if "=" not in item:
            raise games.BadOption(f"option {item!r} must look like NAME=VALUE")
    cls = games.game_class(args.game)
    players = _players(args.players, cls)
    grid = _option_grid(args.option, cls)
    if len(players) > 1 or any(len(values) > 1 for _, values in grid):
        raise CliError(
            "--ladder rates bots in one setting: one player count, one value an option", 2
        )
    game = games.load(args.game, players[0], **{k: v[0] for k, v in grid})
    for name in bots:
        check_bot_name(game, name)
    return bots, ladder.plan(bots, game.describe())


def _games_out_folder(path) -> None:
    """--games-out FILE: its folder is made if missing (as --plot makes its folder),
    before any game is played; a folder or an impossible path is a usage error."""
    from pathlib import Path

    parent = Path(path).parent
    if not parent.exists():
        try:
            parent.mkdir(parents=True)
        except OSError as err:
            raise CliError(
                f"--games-out {path}: cannot make its folder ({err.strerror})", 2
            ) from None
    writable_path(path, "--games-out")


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
    if args.cap < 1:
        raise CliError("--cap must be at least 1 action", 2)
    if args.jobs > MAX_JOBS:
        raise CliError(
            "--jobs is at most %d: each worker is a process, and more than this machine's"
            " %d cores only costs memory" % (MAX_JOBS, os.cpu_count() or 1),
            2,
        )
    bots = None
    if args.ladder is not None:
        bots, arms = plan_ladder(args)
    else:
        arms = plan(args)
    if len(arms) > MAX_ARMS:
        raise CliError(
            f"--ladder of {len(bots or [])} bots makes {len(arms)} pairings; at most {MAX_ARMS}", 2
        )
    if args.games_out:
        _games_out_folder(args.games_out)
    if len(arms) * args.games > MAX_GAMES:
        raise CliError(
            "%d arms of %d games is more than %d games (about a day of one core); ask"
            " fewer games or fewer arms" % (len(arms), args.games, MAX_GAMES),
            2,
        )
    result = simulate(arms, args.games, args.seed, args.jobs, cap=args.cap)
    if args.games_out:
        from host.games_out import write_games

        write_games(args.games_out, result.arms, result.tallies, args.seed)
    if bots is not None:
        return _ladder_report(args, bots, result)
    reports = [t.report() for t in result.tallies]
    diffs = words.comparisons(result.tallies)
    if args.json:
        out = {
            "games_asked": result.asked,
            "games_played": result.played,
            "interrupted": result.interrupted,
            "seed": args.seed,
            "safety_cap": args.cap,
            "arms": [
                dict(
                    r,
                    game=a.description,
                    bots=list(a.bots),
                    seats="mirror" if a.mirror else "rotate" if a.rotate else "fixed",
                )
                for a, r in zip(result.arms, reports, strict=True)
            ],
            "comparisons": diffs,
        }
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print("\n".join(text_report(result, reports, diffs, args.seed, args.cap)))
    if args.plot:
        from host.plots import write_plots

        paths = write_plots(args.plot, result.tallies, reports, diffs)
        print("plots: " + ", ".join(str(p) for p in paths))
    return _finish(args, result)


def _ladder_report(args, bots, result):
    from host import ladder

    game = games.load_described(result.arms[0].description)
    title = f"{game.TITLE} ({game.NAME}), {game.num_players} players"
    if result.played == 0:
        print("no game finished")
        return _finish(args, result)
    rep = ladder.report(bots, result.arms, result.tallies)
    if args.json:
        out = {
            "games_asked": result.asked,
            "games_played": result.played,
            "interrupted": result.interrupted,
            "seed": args.seed,
            "game": result.arms[0].description,
            "ladder": rep,
            "arms": [
                dict(t.report(), bots=list(a.bots), seats="mirror")
                for a, t in zip(result.arms, result.tallies, strict=True)
            ],
        }
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        lines = ladder.lines(rep, title, words.describe_options(result.arms[0].description))
        if result.interrupted:
            lines.insert(
                0,
                f"Interrupted: {result.played} of {result.asked} games were played; the "
                "ratings below are over those.",
            )
        print("\n".join(lines))
    if args.plot:
        from host.plots import write_ladder

        print(f"plots: {write_ladder(args.plot, rep, title)}")
    return _finish(args, result)


def _finish(args, result) -> int:
    sys.stdout.flush()
    # Timing goes to stderr: stdout is the report, the same for any number of workers.
    sys.stderr.write(
        f"{result.played} games in {result.seconds:.1f} s"
        f" ({result.played / max(result.seconds, 1e-9):,.0f} games/s, {args.jobs} "
        f"worker{'s' if args.jobs != 1 else ''})\n"
    )
    return 130 if result.interrupted else 0


def text_report(result, reports, diffs, seed, cap=SAFETY_CAP) -> list[str]:
    lines = []
    if result.interrupted:
        lines.append(
            f"Interrupted: {result.played} of {result.asked} games were "
            "played; the statistics below are over those."
        )
    for arm, rep in zip(result.arms, reports, strict=True):
        d = arm.description
        title = games.game_class(d["game"]).TITLE
        head = f"{title} ({d['game']}), {d['players']} players"
        if arm.label:
            head = f"[{arm.label}] " + head
        deals = f" ({rep['deals']} deals, each in every seat rotation)" if arm.mirror else ""
        lines.append(f"{head}: {rep['games']} games{deals}, seed {seed!r}")
        stopped = rep["games_stopped"]
        if stopped:
            lines.append(
                f"  stopped: {stopped} more game{'s were' if stopped != 1 else ' was'} still going"
                f" after the safety cap of {cap:,} actions (--cap): no result, so left out of"
                " every figure below"
            )
        lines.append(f"  options: {words.describe_options(d)}")
        bots = ",".join(arm.bots)
        if arm.mirror:
            lines.append(
                f"  bots: {bots}, every deal played with the line-up moved round every seat"
            )
        elif arm.rotate:
            lines.append(
                f"  bots: {bots}, moved one seat on each game (every bot plays every seat)"
            )
        else:
            lines.append(f"  bots: {bots}")
        if rep["games"] == 0:
            lines.append("  no game finished")
            lines.append("")
            continue
        fixed = not arm.rotate and len(set(arm.bots)) > 1
        lines.extend(words.win_lines(rep, fixed))
        lines.extend(words.length_lines(rep))
        lines.extend(words.figure_lines(rep))
        lines.append("")
    lines.extend(words.comparison_lines(diffs))
    while lines and not lines[-1]:
        lines.pop()
    return lines
