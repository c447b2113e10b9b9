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

    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        port = args.port or find_port()
        with open_db(args) as db, Link.open(port) as link:
            result = sync(
                link,
                db,
                progress=_progress if sys.stderr.isatty() else None,
                forget=not args.keep,
                confirm=ask_person if interactive else None,
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
    if key["confirmed"]:
        print(
            "pinned device %s's signing key %s (you confirmed it)"
            % (key["device"], key["fingerprint"])
        )
        if key["pinned"]:
            print(
                "the key pinned before, %s, is retired: the logs it signed that are already"
                " here stay trusted, later ones will not be" % key["pinned_fingerprint"]
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


def ask_person(key: dict) -> bool:
    """Put a key this laptop has not pinned to the person at the terminal: True if they
    say the device's screen shows the same fingerprint."""
    device, fp = key["device"], key["fingerprint"]
    if key["state"] == "new":
        print("device %s is new to this laptop. Its signing key's fingerprint is" % device)
        print("\n    %s\n" % fp)
    else:
        print("device %s shows a DIFFERENT signing key from the one pinned here:" % device)
        print("\n    pinned:  %s\n    shown:   %s\n" % (key["pinned_fingerprint"], fp))
        if key["retired"]:
            print("(the key shown was pinned here before, and retired %s)" % key["retired"])
        print(
            "A device makes a new key after maintenance mode (A and C held at power-on, as"
            " for a flash). If nobody did that, another board may be using this device's id,"
            " or its key was replaced: answer no."
        )
    if key.get("origin") == "met":
        print(
            "The device itself says it did not make this key: a key file was written to it"
            " over USB (maintenance mode)."
        )
    if key.get("shown"):
        print("The device shows its fingerprint now.")
    else:
        print("The device cannot show it now (a game is in progress): see Menu > About after it.")
    try:
        answer = input("Does the device's screen show %s? [y/N] " % fp)
    except EOFError:
        return False
    return answer.strip().lower() in ("y", "yes")
