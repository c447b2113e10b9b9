"""`confessor stats`: a table's own history, from the synced games in the log database.

Games played per game and player count, win rates per seat name (the names the
device was set to, from each log's header) with 95% intervals, by seat and by
turn order, winning streaks, how long games are, and the game's own figures;
`--plot DIR` draws the same charts as `simulate`. Only verified logs count.
"""

from __future__ import annotations

import json
from pathlib import Path

from host import report as words
from host.logdb import default_path
from host.logtools import add_db_argument, open_db, seat_names
from host.tally import Tally, record_of_history
from shared_rules import games
from shared_rules.game import RulesError
from shared_rules.laptop import logcheck

HELP = "statistics of the games synced from the device: who wins, streaks, lengths"


def add_arguments(parser):
    add_db_argument(parser)
    parser.add_argument("--game", help="only this game (e.g. seven-sins)")
    parser.add_argument("--json", action="store_true", help="print the statistics as JSON")
    parser.add_argument("--plot", metavar="DIR", help="write PNG charts into DIR")


def _order_key(row: dict, head: dict):
    """Play order: the device's own game number when the header has one, else
    the order the games were synced in."""
    number = head.get("number")
    return (
        (row["device"], 0, number, "")
        if isinstance(number, int)
        else (row["device"], 1, 0, row["synced_at"] + row["id"])
    )


def load_groups(db, only: str | None = None):
    """({(game, players): Tally}, games left out (not verified, or abandoned)):
    one record per verified finished log,
    in play order; each seat's player is its name from the log header."""
    found = []
    left_out = 0
    for row, data in db.logs():
        if only and row["game"] != only:
            continue
        if not row["verified"]:
            left_out += 1
            continue
        try:
            checked = logcheck.verify(data, games.load_described)
        except (RulesError, KeyError, TypeError, ValueError):
            left_out += 1  # it no longer verifies here (a game this version lacks)
            continue
        if checked["abandoned"]:
            left_out += 1  # stopped before its end: no result to count
            continue
        found.append((_order_key(row, checked["head"]), checked))
    found.sort(key=lambda item: item[0])
    groups: dict[tuple[str, int, bool], Tally] = {}
    for index, (_, checked) in enumerate(found):
        state = checked["state"]
        game = state.game
        n = game.num_players
        teams = game.teams()
        # games with and without teams are told apart: their wins are not counted alike
        key = (game.NAME, n, teams is not None)
        tally = groups.get(key)
        if tally is None:
            label = f"{game.TITLE}, {n} players" + (", teams" if teams is not None else "")
            tally = groups[key] = Tally(type(game), n, label, teams)
        names = seat_names(checked["head"], n)
        tally.add_all([record_of_history(index, names, game, state.history())])
    return groups, left_out


def streaks(tally: Tally) -> list[dict]:
    """Per player name: games, the longest run of games won in a row (a shared
    win counts as a win) and the run going on now, in play order."""
    runs: dict[str, dict] = {}
    n = tally.n
    for r in tally.records:
        best = max(r.returns)
        winners = [s for s in range(n) if r.returns[s] == best]
        decided = len(winners) < n
        for s in range(n):
            name = r.players[s]
            run = runs.setdefault(name, {"player": name, "games": 0, "longest": 0, "now": 0})
            run["games"] += 1
            if decided and s in winners:
                run["now"] += 1
                run["longest"] = max(run["longest"], run["now"])
            else:
                run["now"] = 0
    return [runs[name] for name in sorted(runs)]


def run(args):
    path = args.db or default_path()
    if args.game:
        games.game_class(args.game)  # an unknown name is a usage error
    if not Path(path).exists():
        groups, left_out = {}, 0
        note = f"no games yet: no log database at {path} (run `confessor sync`)"
    else:
        with open_db(args) as db:
            groups, left_out = load_groups(db, args.game)
        what = f" of {args.game}" if args.game else ""
        why = f"; {left_out} left out (not verified, or abandoned)" if left_out else ""
        note = f"no games{what} yet (run `confessor sync`){why}"
    if not groups:
        if args.json:  # always JSON when asked, with the same keys as a full answer
            print(json.dumps({"left_out": left_out, "groups": [], "note": note}, indent=2))
        else:
            print(note)
        return 0
    keys = sorted(groups)
    tallies = [groups[k] for k in keys]
    reports = [t.report() for t in tallies]
    if args.json:
        out = {
            "left_out": left_out,
            "groups": [
                dict(rep, game=k[0], streaks=streaks(t))
                for k, t, rep in zip(keys, tallies, reports, strict=True)
            ],
        }
        print(json.dumps(out, indent=2, sort_keys=True))
    else:
        print("\n".join(text_report(keys, tallies, reports, left_out)))
    if args.plot:
        from host.plots import write_plots

        written = []
        for k, t, rep in zip(keys, tallies, reports, strict=True):
            folder = (
                Path(args.plot)
                if len(keys) == 1
                else Path(args.plot) / (f"{k[0]}-{k[1]}p" + ("-teams" if k[2] else ""))
            )
            written += write_plots(folder, [t], [rep], [], who="player")
        print("plots: " + ", ".join(str(p) for p in written))
    return 0


def text_report(keys, tallies, reports, left_out) -> list[str]:
    total = sum(r["games"] for r in reports)
    lines = [
        f"Games played: {total} "
        + "("
        + ", ".join(
            f"{k[0]} with {k[1]} players{' in teams' if k[2] else ''}: {r['games']}"
            for k, r in zip(keys, reports, strict=True)
        )
        + ")"
    ]
    if left_out:
        lines.append(
            f"{left_out} game{'s' if left_out != 1 else ''} left out (not verified, or abandoned)."
        )
    for tally, rep in zip(tallies, reports, strict=True):
        lines.append("")
        lines.append(f"{tally.label}: {rep['games']} game{'s' if rep['games'] != 1 else ''}")
        lines.extend(words.win_lines(rep, fixed_bots=False, who="player"))
        if rep["decides_winners"]:
            runs = streaks(tally)
            lines.append("Streaks (games won in a row; a shared win counts):")
            for s in runs:
                lines.append(
                    f"    {s['player']:<14} longest {s['longest']}, now {s['now']} "
                    f"({s['games']} games)"
                )
        lines.extend(words.length_lines(rep))
        lines.extend(words.figure_lines(rep))
    return lines
