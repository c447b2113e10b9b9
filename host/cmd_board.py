"""`confessor board`: run a virtual Confessor and expose its serial port."""

import sys
from pathlib import Path

HELP = "run a virtual Confessor (firmware on the MicroPython unix port) as a serial URL"


def add_arguments(parser):
    parser.add_argument("--flash-dir", type=Path, help="its flash (default: in your data folder)")
    parser.add_argument(
        "--tcp-port", type=int, default=0, help="TCP port of the URL (default: any)"
    )
    parser.add_argument(
        "--panel", action="store_true", help="show its screen, LEDs and buttons here"
    )
    parser.add_argument("--no-flash", action="store_true", help="run what is on its flash as is")
    parser.add_argument(
        "--speed",
        choices=("real", "instant"),
        default="real",
        help="e-ink refresh times (default: real)",
    )


def run(args):
    from host.boardrun import default_flash_dir, start

    flash_dir = args.flash_dir or default_flash_dir()
    board, client = start(
        flash_dir, tcp_port=args.tcp_port, speed=args.speed, reflash=not args.no_flash
    )
    try:
        print("virtual Confessor running: %s" % board.url)
        print("  flash folder %s" % board.flash_dir)
        print("  try: confessor sync --port %s" % board.url)
        print("  the REPL (mpremote, confessor flash) only in maintenance mode: key m of --panel")
        sys.stdout.flush()
        if args.panel and sys.stdin.isatty():
            from host.panel import Panel

            Panel(board, client).run()
        else:
            print("Ctrl-C stops it")
            import threading

            threading.Event().wait()
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()
    return 0
