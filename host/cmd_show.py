"""`confessor show`: a game's timeline and result."""

from host.errors import CliError
from host.logtools import (
    add_db_argument,
    check_log,
    load_log,
    open_db,
    result_lines,
    seat_names,
    timeline,
)

HELP = "print a synced game's timeline and result (GAME id or a log FILE)"


def add_arguments(parser):
    parser.add_argument("log", metavar="GAME", help="a GAME id (or prefix) or a log FILE")
    add_db_argument(parser)


def _authorship(args, label, data) -> str:
    """One line: who signed the log, and whether this laptop trusts that key."""
    from pathlib import Path

    from host.logdb import default_path

    db = None
    if Path(args.db or default_path()).is_file():
        db = open_db(args, must_exist=True)
    try:
        check_log(args, label, data, db)
        return "signed: by the device's key, which this laptop trusts"
    except CliError as err:
        return "NOT PROVEN who wrote it: %s" % str(err).split(": ", 1)[-1]
    finally:
        if db is not None:
            db.close()


def run(args):
    from shared_rules import games
    from shared_rules.game import RulesError
    from shared_rules.laptop import logcheck

    label, data = load_log(args, args.log)
    try:
        report = logcheck.verify(data, games.load_described)
    except RulesError as err:
        raise CliError("%s does not verify, so it is not shown: %s" % (label, err)) from None
    except (KeyError, TypeError, ValueError, RecursionError) as err:
        raise CliError("%s is a malformed log, so it is not shown (%s)" % (label, err)) from None
    head = report["head"]
    game = report["game"]
    names = seat_names(head, game.num_players)
    options = ", ".join("%s=%s" % (k, head["options"][k]) for k in sorted(head["options"]))
    print(
        "game %s: %s, %d players%s"
        % (head["id"], head["game"], head["players"], " (%s)" % options if options else "")
    )
    print("seal %s   commitment %s" % (head.get("seal"), head["commit"]))
    for key in sorted(head):
        if key in ("t", "v", "id", "game", "players", "options", "commit", "seal", "seats", "pub"):
            continue
        print("%s: %s" % (key, head[key]))
    print("seats: %s" % ", ".join(names))
    print()
    for line in timeline(report):
        print(line)
    print()
    if report["abandoned"]:
        print("abandoned after %d actions" % len(report["actions"]))
    result = None if report["abandoned"] else report["state"].view(None).get("result")
    if isinstance(result, dict):
        for line in result_lines(result, names):
            print(line)
        print()
    returns = report["state"].returns()
    best = max(returns)
    for seat, value in enumerate(returns):
        mark = "  <- winner" if value == best and not report["abandoned"] else ""
        print("%-12s %+d%s" % (names[seat], value, mark))
    print("verified: seed matches the commitment, every action legal and every draw the seed's")
    print("result seal %s" % report["result_seal"])
    print(_authorship(args, label, data))
    return 0
