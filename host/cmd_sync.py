"""`confessor sync`: pull finished games from the device into the log database."""

import sys

from host.errors import CliError
from host.logtools import add_db_argument, open_db

HELP = "copy the device's finished games to this laptop (never twice; resumes after interruption)"


def add_arguments(parser):
    parser.add_argument("--port", help="serial port or URL (default: the one connected board)")
    add_db_argument(parser)
    parser.add_argument("--clock", action="store_true", help="also set the device's clock")
    parser.add_argument(
        "--keep",
        action="store_true",
        help="leave the synced games on the device (by default it deletes those stored and"
        " verified here, so its flash never fills)",
    )


def run(args):
    from host.link import Link, LinkError, find_port
    from host.sync import sync

    try:
        port = args.port or find_port()
        with open_db(args) as db, Link.open(port) as link:
            result = sync(
                link, db, progress=_progress if sys.stderr.isatty() else None, forget=not args.keep
            )
            if args.clock:
                link.set_clock()
    except LinkError as err:
        raise CliError(str(err)) from None
    if sys.stderr.isatty():
        sys.stderr.write("\r\033[K")
    for game in result["new"]:
        verdict = "verified" if game["verified"] else "NOT VERIFIED: %s" % game["problem"]
        print(
            "  %s  %s, %s players, %d moves, %d bytes, %s"
            % (game["id"], game["game"], game["players"], game["moves"], game["size"], verdict)
        )
    print(
        "synced %d new %s from device %s (%d already here)"
        % (len(result["new"]), _games(len(result["new"])), result["device"], result["known"])
    )
    key = result["key"]
    if key["event"] == "new":
        print("recorded device %s's signing key %s..." % (result["device"], key["pub"][:16]))
    elif key["event"] == "changed":
        print(
            "device %s has a NEW signing key %s... (was %s...): its REPL was opened since the"
            " last sync (a flash, maintenance mode, or a table-approved request); logs signed"
            " with the old key are trusted only if they were synced before"
            % (result["device"], key["pub"][:16], (key["old"] or "")[:16])
        )
    elif key["event"] == "returned":
        print(
            "device %s shows a signing key it had retired (%s...): someone restored an old key;"
            " it stays untrusted" % (result["device"], key["pub"][:16])
        )
    if result["forgotten"]:
        print(
            "the device deleted %d %s it no longer needs to keep"
            % (result["forgotten"], _games(result["forgotten"]))
        )
    if result.get("faults"):
        print(
            "the device's display stopped answering %d %s (its faults.txt): check the"
            " display's connector and BUSY wire, wiring/BRINGUP.md"
            % (result["faults"], "time" if result["faults"] == 1 else "times")
        )
    if result["kept"]:
        print(
            "kept on the device: %d %s that did not verify (%s)"
            % (len(result["kept"]), _games(len(result["kept"])), ", ".join(result["kept"][:5]))
        )
    return 0


def _games(n):
    return "game" if n == 1 else "games"


def _progress(name, done, size):
    sys.stderr.write("\r  %s %d/%d bytes" % (name, done, size))
    sys.stderr.flush()
