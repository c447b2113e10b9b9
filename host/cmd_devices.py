"""`confessor devices`: the devices this laptop knows, their keys, and pinning a key.

A device's signing key is trusted only once a person has compared its fingerprint
on the device's screen (Menu > About) with the laptop's and confirmed it, as for an
SSH host key (docs/security.md, promise 2). `confessor sync` asks at a terminal;
elsewhere it stops and names the command that pins the key:

    confessor devices                          every device, key, first and last seen
    confessor devices trust ID FINGERPRINT     pin the key device ID showed with it
"""

from pathlib import Path

from host.errors import CliError
from host.logdb import default_path
from host.logtools import add_db_argument, open_db

HELP = "list the devices and their signing keys, or pin a device's key (`trust ID FINGERPRINT`)"


def add_arguments(parser):
    parser.add_argument(
        "action",
        nargs="?",
        choices=("list", "trust"),
        default="list",
        help="list (the default), or trust: pin a device's key once you compared it",
    )
    parser.add_argument("device", nargs="?", help="trust: the device's id (16 hex digits)")
    parser.add_argument(
        "fingerprint",
        nargs="?",
        help="trust: the fingerprint the device's About screen shows (e.g. X0FS-GN5M-3CQ9-MNTQ-"
        "T7EQ), or its public key as 64 hex digits",
    )
    add_db_argument(parser)


def run(args):
    if args.action == "trust":
        return _trust(args)
    if args.device or args.fingerprint:
        raise CliError("`confessor devices` takes no id; to pin a key: trust ID FINGERPRINT", 2)
    path = args.db or default_path()
    if not Path(path).exists():  # a listing creates no database (a mistyped --db stays visible)
        print("no device has been synced with this laptop yet: no log database at %s" % path)
        return 0
    with open_db(args) as db:
        keys = db.keys()
    if not keys:
        print("no device has been synced with this laptop yet (`confessor sync`)")
        return 0
    from shared_rules.fingerprint import fingerprint

    device = None
    for key in keys:
        if key["device"] != device:
            device = key["device"]
            print("device %s" % device)
        state = key["state"]
        if state == "pinned":
            note = "confirmed %s" % key["trusted_at"]
        elif state == "retired":
            note = "retired %s" % key["retired_at"]
        else:
            note = "NOT confirmed: `confessor devices trust %s %s`" % (
                device,
                fingerprint(bytes.fromhex(key["pub"])),
            )
        print(
            "  %s  %-11s first seen %s, last seen %s, %d verified %s; %s"
            % (
                fingerprint(bytes.fromhex(key["pub"])),
                state,
                key["first_seen"],
                key["last_seen"] or key["first_seen"],
                key["logs"],
                "log" if key["logs"] == 1 else "logs",
                note,
            )
        )
    return 0


def _trust(args):
    from shared_rules.fingerprint import fingerprint, matches

    if not args.device or not args.fingerprint:
        raise CliError("trust needs the device's id and the fingerprint its screen shows", 2)
    device = args.device.strip().lower()
    if len(device) != 16 or any(c not in "0123456789abcdef" for c in device):
        raise CliError("a device id is 16 hex digits (as `confessor devices` lists it)", 2)
    given = args.fingerprint.strip()
    with open_db(args) as db:
        if len(given) == 64 and all(c in "0123456789abcdefABCDEF" for c in given):
            pub = given.lower()  # the public key itself, e.g. from a log's header
        else:
            shown = [k["pub"] for k in db.keys() if k["device"] == device]
            found = [pub for pub in shown if matches(given, bytes.fromhex(pub))]
            if not found:
                if not shown:
                    raise CliError(
                        "device %s has never shown this laptop a key: sync it first (the sync"
                        " stops before reading anything and names its fingerprint)" % device
                    )
                raise CliError(
                    "device %s never showed this laptop a key with fingerprint %s (it showed %s):"
                    " check what its About screen says"
                    % (
                        device,
                        ascii(given)[1:-1][:40],  # as typed, whatever it holds
                        ", ".join(fingerprint(bytes.fromhex(p)) for p in shown),
                    )
                )
            pub = found[0]
        result = db.trust(device, pub)
    print("pinned device %s's signing key %s" % (device, fingerprint(bytes.fromhex(pub))))
    if result["previous"]:
        print(
            "the key pinned before, %s, is retired: the logs it signed that are already here"
            " stay trusted, later ones will not be" % fingerprint(bytes.fromhex(result["previous"]))
        )
    if result["verified"]:
        print(
            "%d stored %s of this device now verify"
            % (result["verified"], "log" if result["verified"] == 1 else "logs")
        )
    return 0
