"""The serial link over the virtual board: sync throughput (bytes of log per
second, clean and with line noise), a request's round trip, and the time of
a first and of an unchanged re-flash."""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path

from host.manifest import source_file

ROOT = Path(__file__).resolve().parents[2]


def _kit():
    for p in (ROOT / "tests" / "helpers", ROOT / "tests" / "portable"):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    import importlib

    return importlib.import_module("linkkit")  # tests/helpers/linkkit.py: makes flashes


def _sync_rate(tmp: Path, faults=None) -> tuple[float, float]:
    from host.link import Link
    from host.logdb import LogDB
    from host.sync import sync
    from host.virtual_board import VirtualBoard

    logs = _kit().make_flash(tmp / "flash", n_games=12, pad=7000)
    total = sum(len(v) for v in logs.values())
    board = VirtualBoard(tmp / "flash", sim_dir=tmp / "sim").start()
    try:
        board.faults = faults
        _kit().pinned_db(tmp / "db.sqlite").close()  # its owner pinned the device's key
        with LogDB(tmp / "db.sqlite") as db, Link.open(board.url, timeout=0.5) as link:
            link.hello()
            start = time.perf_counter()
            result = sync(link, db, forget=False)
            seconds = time.perf_counter() - start
            assert len(result["new"]) == len(logs)
            rtt_start = time.perf_counter()
            for _ in range(200):
                link.status()
            rtt = (time.perf_counter() - rtt_start) / 200
    finally:
        board.stop()
    return total / seconds, rtt


def _flash_times(tmp: Path) -> tuple[float, float, str]:
    from host.flash import flash
    from host.virtual_board import VirtualBoard

    firmware = ROOT / "firmware"
    what = "firmware/"
    if not (firmware / "main.py").exists():  # before the firmware is merged: the stand-in
        firmware = tmp / "fw"
        firmware.mkdir()
        # the real link, its Ctrl-C guard, its rarer ops, what its halves share, its collections
        for name in ("serial_link.py", "guard.py", "link_ops.py", "link_common.py", "lifetime.py"):
            shutil.copy(source_file(name), firmware)
        for name in ("main.py", "fake_app.py", "version.py"):
            shutil.copy(ROOT / "tests" / "fixtures" / "device" / name, firmware)
        what = "stand-in firmware"
    board = VirtualBoard(tmp / "flash2", sim_dir=tmp / "sim2").start()
    try:
        first = flash(board.url, firmware)
        board.hard_reset(hold="A,C")  # the firmware gives its REPL in maintenance mode only
        again = flash(board.url, firmware)
        assert again.uploaded == []
    finally:
        board.stop()
    return first.seconds, again.seconds, "%s, %d files" % (what, len(first.files))


def run():
    from host.virtual_board import Faults

    with tempfile.TemporaryDirectory() as tmp:
        rate, rtt = _sync_rate(Path(tmp) / "clean")
        yield "sync throughput, clean virtual link", rate, "log bytes/s"
        yield "request round trip (status)", rtt * 1000, "ms"
        noisy, _ = _sync_rate(Path(tmp) / "noisy", Faults(drop=0.0002, corrupt=0.0002, seed=3))
        yield "sync throughput, 0.02% bytes dropped + 0.02% corrupted", noisy, "log bytes/s"
        yield "  noisy sync as a share of the clean one", noisy * 100 / rate, "%"
        first, again, what = _flash_times(Path(tmp))
        yield "first flash of an empty virtual board (%s)" % what, first, "s"
        yield "unchanged re-flash from maintenance mode (hash check + reset)", again, "s"
