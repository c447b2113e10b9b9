"""Start the virtual Confessor with the current firmware: shared by
`confessor board`, `confessor run` and the demo."""

from __future__ import annotations

from pathlib import Path

from host.errors import CliError
from host.flash import ROOT


def default_flash_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("confessor", appauthor=False)) / "virtual-board" / "flash"


def firmware_ready() -> None:
    if not (ROOT / "firmware" / "main.py").exists():
        raise CliError("the firmware (firmware/main.py) is not in this checkout yet")


def start(
    flash_dir: Path,
    *,
    tcp_port: int = 0,
    speed: str = "real",
    reflash: bool = True,
    sim_dir: Path | None = None,
    quiet: bool = False,
    env: dict | None = None,
    heap: str | None = None,
    prepare=None,
):
    """(board, sim client): a running virtual board with the firmware flashed.
    `heap`: MicroPython's -X heapsize (default the virtual board's); `prepare(flash_dir)`:
    called after the flash, before main.py first starts (tests put files there)."""
    from host.flash import FlashError, flash
    from host.virtual_board import DEFAULT_HEAP, VirtualBoard

    firmware_ready()
    from host.sim_client import SimClient, SimError  # pyright: ignore[reportMissingImports]

    flash_dir = Path(flash_dir)
    sim_dir = Path(sim_dir) if sim_dir else flash_dir.parent / "sim"
    extra = {"CONFESSOR_SIM_SPEED": speed}
    extra.update(env or {})
    if not 0 <= tcp_port <= 65535:
        raise CliError("--tcp-port must be from 0 to 65535, not %d" % tcp_port, 2)
    for folder in (flash_dir, sim_dir):
        if folder.exists() and not folder.is_dir():
            raise CliError("%s is a file; the virtual board needs a folder there" % folder)
    try:
        board = VirtualBoard(
            flash_dir, port=tcp_port, sim_dir=sim_dir, env=extra, heap=heap or DEFAULT_HEAP
        )
    except OSError as err:
        raise CliError("cannot start the virtual board: %s" % err) from None
    try:
        # The virtual board's flash is a folder on this laptop, readable anyway: start it
        # at its REPL for the flash (as a board held in maintenance would be, but
        # without ending a game in progress), and main.py after the flash's reset.
        board.start(run_main=not reflash)
    except OSError as err:
        raise CliError("cannot start the virtual board: %s" % err) from None
    try:
        client = SimClient(sim_dir)
        if reflash:
            report = flash(board.url, ROOT / "firmware", reset=prepare is None)
            if not quiet:
                print(report.lines()[1])
        if prepare is not None:
            prepare(flash_dir)
            board.hard_reset()  # power on: main.py starts with what prepare put there
        client.attach(timeout=60)
    except (FlashError, SimError) as err:
        board.stop()
        raise CliError("the virtual board did not start: %s" % str(err).splitlines()[0]) from None
    except BaseException:
        board.stop()
        raise
    return board, client
