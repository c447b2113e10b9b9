"""`confessor settings`: read or change the device's settings over the serial link."""

import getpass
import sys

from host.errors import CliError

HELP = "show or change the device's settings (seat names, LED brightness, phones, Wi-Fi)"


def add_arguments(parser):
    parser.add_argument("--port", help="serial port or URL (default: the one connected board)")
    parser.add_argument("--names", help='seat names, comma-separated ("" clears them)')
    parser.add_argument("--brightness", type=int, help="LED brightness, 0 to 255")
    parser.add_argument("--phones", choices=("on", "off"), help="phone mode in new games")
    wifi = parser.add_mutually_exclusive_group()
    wifi.add_argument(
        "--wifi",
        metavar="NETWORK",
        help="a Wi-Fi network phone mode joins instead of starting its own; its password"
        " is asked for (or read from one line of standard input) and never shown again",
    )
    wifi.add_argument(
        "--no-wifi", action="store_true", help="forget that network: the device's own Wi-Fi"
    )


def changes(args, read_password=None) -> dict:
    """The settings the options ask for (empty: only show them)."""
    out: dict = {}
    if args.names is not None:
        out["names"] = [n.strip() for n in args.names.split(",") if n.strip()]
    if args.brightness is not None:
        out["brightness"] = args.brightness
    if args.phones is not None:
        out["phones"] = args.phones == "on"
    if args.no_wifi:
        out["wifi"] = None
    elif args.wifi is not None:
        password = (read_password or _password)(args.wifi)
        out["wifi"] = {"ssid": args.wifi, "password": password}
    return out


def _password(ssid: str) -> str:
    """The network's password: asked without echo on a terminal, else one line of stdin
    (never an option: a command line shows in `ps` and in the shell's history)."""
    if sys.stdin.isatty():
        return getpass.getpass("password of %s: " % ssid)
    line = sys.stdin.readline()
    if not line:
        raise CliError("--wifi: no password on standard input", 2)
    return line.rstrip("\r\n")


def run(args):
    from host.link import DeviceError, Link, LinkError, find_port
    from shared_rules import wire

    values = changes(args)
    try:
        port = args.port or find_port()
        with Link.open(port) as link:
            reply = link.request("settings", **({"values": values} if values else {}))
    except DeviceError as err:  # a value the device refused: the user's to fix
        raise CliError(str(err), 2 if err.code in (wire.E_VALUE, wire.E_ARG) else 1) from None
    except LinkError as err:
        raise CliError(str(err)) from None
    for line in describe(reply["settings"]):
        print(line)
    if reply.get("note"):
        print("waiting: %s" % reply["note"])
    return 0


def describe(settings: dict) -> list[str]:
    """The settings as lines for a person (the device never sends a Wi-Fi password back)."""
    names = settings.get("names") or []
    wifi = settings.get("wifi")
    return [
        "names: %s" % (", ".join(names) if names else "(none: P1, P2, ...)"),
        "brightness: %s" % settings.get("brightness"),
        "phones: %s" % ("on" if settings.get("phones") else "off"),
        "wifi: %s"
        % (
            "joins %s (password set, not readable)" % wifi.get("ssid")
            if wifi
            else "the device's own network"
        ),
    ]
