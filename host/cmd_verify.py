"""`confessor verify`: check a game log, from a file or the database."""

from host.errors import CliError
from host.logtools import add_db_argument, add_trust_arguments, check_log, load_log, open_db

HELP = (
    "check game logs: the device's signature, seed commitment, every action legal, chance as"
    " the seed gives, result"
)


def add_arguments(parser):
    parser.add_argument(
        "log", nargs="?", help="a log FILE or a GAME id (prefix) in the database; default: all"
    )
    parser.add_argument(
        "--seal",
        metavar="CODE",
        help="the result seal the device showed at the end (e.g. K7QX-3MTA): the log must be"
        " that game's",
    )
    add_trust_arguments(parser)
    add_db_argument(parser)


def _describe(label, report):
    state = report["state"]
    outcome = (
        "abandoned (%s)" % report["why"]
        if report["abandoned"]
        else "returns %s" % (state.returns())
    )
    who = (
        "signed by device %s" % report["device"]
        if report["signed"]
        else "UNSIGNED format %d" % report["version"]
    )
    return "%s: OK (%s, %d players, seal %s, %d actions, %s, result seal %s, %s)" % (
        label,
        report["head"]["game"],
        report["head"]["players"],
        report["head"].get("seal"),
        len(report["actions"]),
        outcome,
        report["result_seal"],
        who,
    )


def _seal(args, label, report):
    from host.authentic import normal_seal

    if args.seal is None:
        return
    wanted = normal_seal(args.seal)
    if len(wanted) != 8:
        raise CliError("--seal: a result seal has 8 letters and digits, e.g. K7QX-3MTA", 2)
    if normal_seal(report["result_seal"]) != wanted:
        raise CliError(
            "%s: its result seal is %s, not %s: this is not the log of the game whose seal"
            " was noted" % (label, report["result_seal"], args.seal.strip().upper())
        )


def run(args):
    if args.log:
        label, data = load_log(args, args.log)
        report = check_log(args, label, data)
        _seal(args, label, report)
        print(_describe(label, report))
        return 0
    if args.seal:
        raise CliError("--seal checks one log: name it (a FILE or GAME id)", 2)
    with open_db(args, must_exist=True) as db:
        rows = db.rows()
        failures = []
        for row in rows:
            _, data = db.find("%s:%s" % (row["device"], row["id"]))
            try:
                print(_describe(row["id"], check_log(args, row["id"], data, db)))
            except CliError as err:
                failures.append(str(err))
                print("%s" % err)
    if not rows:
        print("no games in the database")
    if failures:
        raise CliError("%d of %d logs failed: %s" % (len(failures), len(rows), failures[0]))
    return 0
