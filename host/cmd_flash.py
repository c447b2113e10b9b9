"""`confessor flash`: put the firmware on a board: a whole image to a board in BOOTSEL mode
(--image), or the firmware's files to a board running stock MicroPython (only what changed).

For the files path, a board running Confessor gives no REPL unless A and C were held as it powered on
(maintenance mode, docs/security.md): at a terminal the command says so and waits
for the board to come back that way; elsewhere it stops with one line saying so."""

import sys
from pathlib import Path

from host.errors import CliError

HELP = "put the firmware on a board: its image in BOOTSEL mode, or its files over USB"


def add_arguments(parser):
    parser.add_argument(
        "--image",
        metavar="IMAGE",
        help="copy a firmware image to a board in BOOTSEL mode: pico2w (Pico 2 W), picow (Pico W,"
        " Badger 2040 W) from `make firmware`, or a .uf2 file",
    )
    parser.add_argument("--drive", type=Path, help="the BOOTSEL drive (default: found)")
    parser.add_argument("--port", help="serial port or URL (default: the one connected board)")
    parser.add_argument("--py", action="store_true", help="copy .py sources, do not compile")
    parser.add_argument("--no-reset", action="store_true", help="do not restart the board after")
    parser.add_argument("--firmware", type=Path, help="the firmware folder (default: firmware/)")


def run(args):
    if args.image:
        return flash_image(args)
    from host.flash import ROOT, FlashError, flash, wait_for_maintenance
    from host.link import LinkError, find_port

    firmware = args.firmware or ROOT / "firmware"
    if not (firmware / "main.py").exists():
        raise CliError("no main.py in %s" % firmware)

    def wait(port, status):
        print(
            "the board on %s runs Confessor, whose USB port gives no REPL. Unplug it, then"
            ' hold A and C while plugging it back in, until its screen says "REPL open'
            ' (maintenance)"%s. Waiting...'
            % (
                port,
                " (the game in progress, seal %s, ends abandoned)" % status.get("seal")
                if status.get("playing")
                else "",
            ),
            flush=True,
        )
        return wait_for_maintenance(lambda: args.port or find_port())

    try:
        port = args.port or find_port()
        report = flash(
            port,
            firmware,
            force_py=args.py,
            reset=not args.no_reset,
            progress=lambda name: print("  sending %s" % name, flush=True),
            wait=wait if sys.stdin.isatty() and sys.stdout.isatty() else None,
        )
    except (FlashError, LinkError) as err:
        raise CliError(str(err)) from None
    for line in report.lines():
        print(line)
    return 0


def flash_image(args):
    from host.flash_uf2 import Uf2Error, copy_image, image_for

    try:
        print(copy_image(image_for(args.image), args.drive))
    except (Uf2Error, OSError) as err:
        raise CliError(str(err)) from None
    return 0
