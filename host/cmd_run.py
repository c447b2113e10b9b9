"""`confessor run` (what `make run` does): the virtual Confessor on a panel in
this terminal; without a terminal, a whole demo game played by its buttons,
synced, verified and summarised."""

import sys
from pathlib import Path

from host.errors import CliError

HELP = "open the virtual Confessor here (without a terminal: play, sync and verify a demo game)"


def add_arguments(parser):
    parser.add_argument("--demo", action="store_true", help="play the demo game even in a terminal")
    parser.add_argument(
        "--flash-dir",
        type=Path,
        help="the virtual board's flash folder (the panel's, not the demo's)",
    )
    parser.add_argument(
        "--out", type=Path, help="where the demo writes, emptied first (default: out/demo)"
    )


def run(args):
    from host.flash import ROOT

    if args.demo or not (sys.stdin.isatty() and sys.stdout.isatty()):
        from host.demo import run_demo

        try:
            return run_demo(args.out or ROOT / "out" / "demo", log=lambda s: print(s, flush=True))
        except RuntimeError as err:
            raise CliError("the demo failed: %s" % err) from None
    from host import boardrun
    from host.panel import Panel

    board, client = boardrun.start(args.flash_dir or boardrun.default_flash_dir())
    try:
        Panel(board, client).run()
    finally:
        board.stop()
    print("the virtual Confessor is off; its games stay in %s" % board.flash_dir)
    return 0
