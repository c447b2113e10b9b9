"""`confessor verify`: check a game log, from a file or the database."""

from host.errors import CliError
from host.logtools import add_db_argument, load_log, open_db

HELP = "check game logs: seed commitment, every action legal, chance as the seed gives, result"


def add_arguments(parser):
    parser.add_argument(
        "log", nargs="?", help="a log FILE or a GAME id (prefix) in the database; default: all"
    )
    add_db_argument(parser)


def _check(label, data):
    from shared_rules import gamelog, games
    from shared_rules.game import RulesError

    try:
        report = gamelog.verify(data, games.load_described)
    except RulesError as err:
        raise CliError("%s: %s" % (label, err)) from None
    except (KeyError, TypeError, ValueError) as err:
        raise CliError("%s: malformed log (%s)" % (label, err)) from None
    return report


def _describe(label, report):
    state = report["state"]
    outcome = "abandoned" if report["abandoned"] else "returns %s" % state.returns()
    return "%s: OK (%s, %d players, seal %s, %d actions, %s)" % (
        label,
        report["head"]["game"],
        report["head"]["players"],
        report["head"].get("seal"),
        len(report["actions"]),
        outcome,
    )


def run(args):
    if args.log:
        label, data = load_log(args, args.log)
        print(_describe(label, _check(label, data)))
        return 0
    with open_db(args, must_exist=True) as db:
        rows = db.rows()
        failures = []
        for row in rows:
            _, data = db.find("%s:%s" % (row["device"], row["id"]))
            try:
                print(_describe(row["id"], _check(row["id"], data)))
            except CliError as err:
                failures.append(str(err))
                print("%s" % err)
    if not rows:
        print("no games in the database")
    if failures:
        raise CliError("%d of %d logs failed: %s" % (len(failures), len(rows), failures[0]))
    return 0
