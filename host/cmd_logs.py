"""`confessor logs`: the games synced to this laptop."""

from host.logdb import default_path
from host.logtools import add_db_argument, open_db

HELP = "list the synced games"


def add_arguments(parser):
    add_db_argument(parser)


def run(args):
    import json

    path = args.db or default_path()
    if not path.exists():  # a listing creates no database (a mistyped --db stays visible)
        print("no games yet: no log database at %s (run `confessor sync`)" % path)
        return 0
    with open_db(args) as db:
        rows = db.rows()
    if not rows:
        print("no games yet (run `confessor sync`)")
        return 0
    print(
        "%-12s  %-12s  %-7s  %-6s  %5s  %-14s  %-8s  %s"
        % ("GAME", "GAME TYPE", "PLAYERS", "SEAL", "MOVES", "RETURNS", "VERIFIED", "SYNCED")
    )
    for r in rows:
        returns = json.loads(r["returns"]) if r["returns"] else None
        print(
            "%-12s  %-12s  %-7s  %-6s  %5s  %-14s  %-8s  %s"
            % (
                r["id"],
                r["game"] or "?",
                r["players"] or "?",
                r["seal"] or "?",
                r["moves"],
                ",".join(str(v) for v in returns) if returns else "-",
                "yes" if r["verified"] else "NO",
                r["synced_at"],
            )
        )
    bad = [r for r in rows if not r["verified"]]
    print(
        "%d %s, %d not verified%s"
        % (
            len(rows),
            "game" if len(rows) == 1 else "games",
            len(bad),
            " (see `confessor verify`)" if bad else "",
        )
    )
    return 0
