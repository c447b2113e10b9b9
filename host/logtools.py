"""Shared pieces of the log commands: the database option, reading a log
from a file or the database, and a game's timeline in words."""

from __future__ import annotations

import argparse
from pathlib import Path

from host.logdb import LogDB, default_path


def add_db_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--db",
        type=Path,
        default=None,
        help="the log database (default: %s)" % default_path(),
    )


def open_db(args, must_exist: bool = False) -> LogDB:
    from host.errors import CliError

    path = args.db or default_path()
    if must_exist and not Path(path).exists():
        raise CliError("no log database at %s (run `confessor sync` first)" % path)
    try:
        return LogDB(path)
    except Exception as err:  # sqlite3.DatabaseError and OS errors alike
        raise CliError("cannot open the log database %s: %s" % (path, err)) from None


def check_log(args, label: str, data: bytes, db: LogDB | None = None) -> dict:
    """Verify a log and who wrote it (host/authentic.py): the report, or CliError
    naming the log and what is wrong. Keys come from `db`, else from the database
    at --db if there is one (none is created for this), else `--key`."""
    from host import authentic
    from host.errors import CliError
    from shared_rules.game import RulesError

    key = None
    if getattr(args, "key", None):
        try:
            key = authentic.parse_key(args.key)
        except ValueError as err:
            raise CliError("--key: %s" % err, 2) from None
    own = None
    try:
        if db is None and key is None:
            path = args.db or default_path()
            if Path(path).is_file():
                own = db = open_db(args, must_exist=True)
        trust = db.trust_for(data) if db is not None else None
        try:
            return authentic.verify(
                data, trust, key, allow_unsigned=getattr(args, "allow_unsigned", False)
            )
        except RulesError as err:
            raise CliError("%s: %s" % (label, err)) from None
        except (KeyError, TypeError, ValueError, RecursionError) as err:
            raise CliError("%s: malformed log (%s)" % (label, err)) from None
    finally:
        if own is not None:
            own.close()


def add_trust_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--key",
        metavar="HEX",
        help="the device's public key (64 hex digits) to check the signature against,"
        " instead of the keys pinned on this laptop",
    )
    parser.add_argument(
        "--allow-unsigned",
        action="store_true",
        help="accept a format-1 log (before signatures) whose content checks out",
    )


def load_log(args, ref: str) -> tuple[str, bytes]:
    """(label, bytes) of a log given as a file path or a game id in the database."""
    from host.errors import CliError

    path = Path(ref)
    if path.is_file():
        try:
            return str(path), path.read_bytes()
        except OSError as err:
            raise CliError("cannot read %s: %s" % (path, err.strerror)) from None
    if path.is_dir():
        raise CliError("%s is a folder, not a log file" % ref)
    if "/" in ref or ref.endswith(".log"):
        raise CliError("no file %s" % ref)
    with open_db(args, must_exist=True) as db:
        try:
            row, data = db.find(ref)
        except KeyError as err:
            raise CliError(err.args[0]) from None
    return row["id"], data


def seat_names(head: dict, players: int) -> list[str]:
    names = head.get("seats")
    if isinstance(names, list) and len(names) >= players and all(isinstance(n, str) for n in names):
        return [str(n) for n in names[:players]]
    return ["P%d" % (i + 1) for i in range(players)]  # as the device shows them


# Announcement fields that name a seat, or a list of seats: shown by name.
SEAT_FIELDS = ("seat", "target", "holder", "player", "placed_by", "sinner", "supreme_sinner")
SEAT_LISTS = ("winners", "saints")


def news_text(news: dict, names: list[str]) -> str:
    """One announcement in words: its kind, then its fields (seats by name)."""
    parts = []
    for key in sorted(news):
        value = news[key]
        if key == "kind" or value is None or value == []:
            continue
        if key in SEAT_FIELDS and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        elif key in SEAT_LISTS and isinstance(value, list):
            value = ", ".join(names[v] if 0 <= v < len(names) else str(v) for v in value)
        elif isinstance(value, list):
            value = ", ".join(str(v) for v in value)
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        parts.append("%s %s" % (key.replace("_", " "), value))
    kind = str(news.get("kind", "?")).replace("_", " ")
    return kind + (": " + "; ".join(parts) if parts else "")


def timeline(report: dict) -> list[str]:
    """One line per action of a verified log, in the game's own words, each
    followed by what it announced to the table (indented)."""
    from shared_rules.game import CHANCE

    game = report["game"]
    names = seat_names(report["head"], game.num_players)
    state = game.new_initial_state()
    lines = []
    for n, action in enumerate(report["actions"]):
        who = state.current_player()
        actor = "chance" if who == CHANCE else names[who]
        try:
            text = state.action_text(action)
        except Exception:  # noqa: BLE001 - a description is a nicety, the action is verified
            text = str(action)
        lines.append("%4d  %-12s %s" % (n, actor, text))
        state.apply(action)
        for news in state.announcements():
            lines.append("%4s  %-12s   -> %s" % ("", "", news_text(news, names)))
    return lines


def _cell(value, names: list[str], seat_key: bool) -> str:
    if isinstance(value, list):
        return " ".join(_cell(v, names, seat_key) for v in value)
    if value is None:
        return "-"
    if seat_key and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


def _is_seat_key(key: str) -> bool:
    return key in ("winners", "seat") or key.endswith("_seat") or key.endswith("_player")


def result_lines(result: dict, names: list[str]) -> list[str]:
    """A game's `result` (from its final public view) as text: plain fields on one
    line each, a list of records (a round-by-round breakdown) as a table. Seat
    numbers under seat-named keys are shown as the seats' names."""
    lines = []
    tables = []
    for key in sorted(result):
        value = result[key]
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            tables.append((key, value))
        else:
            lines.append("%s: %s" % (key, _cell(value, names, _is_seat_key(key))))
    for key, rows in tables:
        columns = sorted({k for row in rows for k in row})
        for first in ("round", "turn"):  # a numbering column leads
            if first in columns:
                columns.remove(first)
                columns.insert(0, first)
        cells = [columns] + [
            [_cell(row.get(c), names, _is_seat_key(c)) for c in columns] for row in rows
        ]
        widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
        lines.append("%s:" % key)
        for r in cells:
            lines.append("  " + "  ".join(r[i].ljust(widths[i]) for i in range(len(r))).rstrip())
    return lines
