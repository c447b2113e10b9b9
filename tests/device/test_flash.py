"""`confessor flash` against the virtual board: from an empty flash to a
running App that answers the link; a running App gives no REPL until the board is
powered on with A and C held (maintenance mode); unchanged re-flash; clear errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from linkkit import FIXTURE, ROOT

from host import flash as flash_mod
from host.cli import main as cli
from host.flash import BoardInfo, FlashError, flash, sources
from host.link import Link
from host.manifest import source_file
from host.virtual_board import VirtualBoard, wait_for
from shared_rules import wire


def _firmware(tmp: Path) -> Path:
    """A firmware folder: the real serial_link with the stand-in App, plus a
    simulator-only module that must not reach a real board, and its manifest."""
    fw = tmp / "firmware"
    (fw / "sim").mkdir(parents=True)
    # the real link, its Ctrl-C guard, its rarer ops, what its halves share, its collections
    for name in ("serial_link.py", "guard.py", "link_ops.py", "link_common.py", "lifetime.py"):
        shutil.copy(source_file(name), fw)
    for name in ("main.py", "fake_app.py", "version.py"):
        shutil.copy(FIXTURE / name, fw)
    (fw / "sim" / "__init__.py").write_text("ON_BOARD = False\n")
    (fw / "not_listed.py").write_text("X = 1\n")  # in the folder, not in the manifest
    (fw / "manifest.py").write_text(
        'module("main.py")\n'
        'module("fake_app.py")\n'
        'module("serial_link.py")\n'
        'module("guard.py")\n'
        'module("link_ops.py")\n'
        'module("link_common.py")\n'
        'module("lifetime.py")\n'
        'module("version.py")\n'
        'package("shared_rules", ("__init__.py", "wire.py", "linebuffer.py", "canon.py"), base_path=%r)\n'
        "if options.sim:\n"
        '    package("sim")\n' % str(ROOT)
    )
    return fw


@pytest.fixture
def empty_board(tmp_path):
    board = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim-channel").start()
    yield board
    board.stop()


def test_flash_an_empty_board_then_play(empty_board, tmp_path, capsys):
    fw = _firmware(tmp_path)
    flash_dir = tmp_path / "flash"
    assert cli(["flash", "--port", empty_board.url, "--firmware", str(fw)]) == 0
    out = capsys.readouterr().out
    assert "virtual board" in out and "compiled to .mpy" in out and "reset" in out
    # compiled modules, source main.py, shared_rules as a package
    assert (flash_dir / "main.py").read_bytes() == (fw / "main.py").read_bytes()
    assert (flash_dir / "serial_link.mpy").exists() and not (flash_dir / "serial_link.py").exists()
    assert (flash_dir / "shared_rules" / "wire.mpy").exists()
    assert (flash_dir / "sim" / "__init__.mpy").exists()  # a virtual board keeps its simulator
    # exactly the manifest's list: nothing else of the folder or of shared_rules
    assert not (flash_dir / "not_listed.mpy").exists() and not (flash_dir / "manifest.py").exists()
    assert sorted(p.name for p in (flash_dir / "shared_rules").iterdir()) == [
        "__init__.mpy",
        "canon.mpy",
        "linebuffer.mpy",
        "wire.mpy",
    ]
    # main.py is running: the link answers
    with Link.open(empty_board.url) as link:
        hello = link.hello()
        assert hello["proto"] == wire.PROTOCOL and hello["fw"] == "0.0.1-test"
        assert link.status()["screen"] == "menu"
        assert link.settings({"brightness": 7})["brightness"] == 7
    # the App runs: no REPL, one line saying how to get it (the buttons at power-on)
    assert cli(["flash", "--port", empty_board.url, "--firmware", str(fw)]) == 1
    err = capsys.readouterr().err
    assert "speaks only its link" in err and "hold A and C while plugging it back in" in err
    assert len(err.strip().splitlines()) == 1
    # maintenance mode: again, nothing to send, and the App starts after (buttons let go)
    empty_board.hard_reset(hold="A,C")
    report = flash(empty_board.url, fw)
    assert report.uploaded == [] and report.removed == [] and report.reset
    with Link.open(empty_board.url) as link:
        assert link.hello()["device"] == hello["device"]
    # as source: every module replaced by its .py, the stale .mpy removed
    empty_board.hard_reset(hold="A,C")
    report = flash(empty_board.url, fw, force_py=True)
    assert "serial_link.mpy" in report.removed and "serial_link.py" in report.uploaded
    assert not (flash_dir / "serial_link.mpy").exists()
    with Link.open(empty_board.url) as link:
        assert link.hello()["fw"] == "0.0.1-test"
    assert not list(flash_dir.rglob("*.tmp"))


def test_a_firmware_that_ends_at_once_is_a_boot_loop_but_a_flash_is_not(tmp_path):
    """The virtual board stops a firmware that keeps ending by itself, as a real board
    that crashes at boot is seen; the Ctrl-D resets of a flash (above, three in a few
    seconds) are the host's, never a boot loop (it once stopped the board mid-test)."""
    flash_dir = tmp_path / "flash"
    flash_dir.mkdir()
    # a crash at boot: the process dies (with `-i`, an exception only ends in its REPL)
    (flash_dir / "main.py").write_text('import os\nos.system("kill -KILL $PPID")\n')
    board = VirtualBoard(flash_dir, sim_dir=tmp_path / "sim").start()
    try:
        with Link.open(board.url):  # a listener, so the bridge keeps what it says
            wait_for(lambda: b"exits at once" in board.output(), what="boot loop seen")
        assert board.boots == 3 and not board.alive
    finally:
        board.stop()


def test_real_board_file_set_leaves_out_the_simulator(tmp_path):
    fw = _firmware(tmp_path)
    real = sources(fw, BoardInfo("rp2", (1, 29, 0), 6 | (3 << 8)))
    virtual = sources(fw, BoardInfo("linux", (1, 29, 0), 2822))
    assert "sim/__init__.py" not in real and "manifest.py" not in real
    assert "sim/__init__.py" in virtual and "not_listed.py" not in virtual
    assert "main.py" in real and "shared_rules/wire.py" in real and real["main.py"].source
    assert set(virtual) - set(real) == {"sim/__init__.py"}
    assert BoardInfo("rp2", (1, 29, 0), 6 | (3 << 8) | (7 << 10)).arch == "armv7emsp"
    assert BoardInfo("rp2", (1, 29, 0), 6 | (3 << 8)).bytecode == "6.3"


def test_old_micropython_is_refused(empty_board, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(flash_mod, "MIN_MICROPYTHON", (9, 0))
    fw = _firmware(tmp_path)
    assert cli(["flash", "--port", empty_board.url, "--firmware", str(fw)]) == 1
    err = capsys.readouterr().err
    assert "runs MicroPython 1." in err and "needs 9.0 or later" in err
    assert len(err.strip().splitlines()) == 1
    assert not (tmp_path / "flash" / "main.py").exists()


def test_busy_port_and_missing_board(empty_board, tmp_path, monkeypatch, capsys):
    fw = _firmware(tmp_path)
    with Link.open(empty_board.url, timeout=0.2, retries=0):
        assert cli(["flash", "--port", empty_board.url, "--firmware", str(fw)]) == 1
    err = capsys.readouterr().err
    assert "busy" in err and len(err.strip().splitlines()) == 1
    from serial.tools import list_ports

    monkeypatch.setattr(list_ports, "comports", lambda: [])
    assert cli(["flash", "--firmware", str(fw)]) == 1
    err = capsys.readouterr().err
    assert "no Confessor board found" in err and len(err.strip().splitlines()) == 1
    assert cli(["flash", "--port", "/dev/does-not-exist", "--firmware", str(fw)]) == 1
    assert "no board at /dev/does-not-exist" in capsys.readouterr().err


def test_a_manifest_naming_a_missing_file_is_one_clear_line(empty_board, tmp_path, capsys):
    fw = _firmware(tmp_path)
    (fw / "manifest.py").write_text('module("main.py")\nmodule("gone.py")\n')
    assert cli(["flash", "--port", empty_board.url, "--firmware", str(fw)]) == 1
    err = capsys.readouterr().err
    assert "gone.py, which does not exist" in err and len(err.strip().splitlines()) == 1
    (fw / "manifest.py").write_text('module("main.py")\nfreeze("elsewhere")\n')
    assert cli(["flash", "--port", empty_board.url, "--firmware", str(fw)]) == 1
    err = capsys.readouterr().err
    assert "freeze() is not used in the firmware's manifest" in err
    assert len(err.strip().splitlines()) == 1


def test_damaged_upload_is_not_installed(empty_board, tmp_path, monkeypatch):
    """A file whose hash does not match on the device is never renamed into place."""
    fw = _firmware(tmp_path)
    real_upload = flash_mod.upload

    def damaging(transport, items, progress=None):
        items = [
            (p, d[:-1] + bytes([d[-1] ^ 1]) if p == "serial_link.mpy.tmp" else d) for p, d in items
        ]
        return real_upload(transport, items, progress)

    monkeypatch.setattr(flash_mod, "upload", damaging)
    with pytest.raises(FlashError) as err:
        flash(empty_board.url, fw)
    assert "serial_link.mpy" in str(err.value) and "damaged" in str(err.value)
    assert not (tmp_path / "flash" / "serial_link.mpy").exists()


class _Racy:
    """A transport whose Ctrl-C loses the race against the firmware's serial link
    `losses` times before the raw REPL answers."""

    def __init__(self, losses):
        self.losses = losses
        self.tries = 0

    def enter_raw_repl(self, soft_reset=True, timeout_overall=10):
        from mpremote.transport import TransportError

        self.tries += 1
        assert not soft_reset  # never reboot into main.py on the way in
        if self.tries <= self.losses:
            raise TransportError("could not enter raw repl")


def test_entering_the_raw_repl_is_retried():
    racy = _Racy(losses=2)
    flash_mod.enter_raw_repl(racy, "/dev/ttyACM0", pause=0)
    assert racy.tries == 3


def test_flash_waits_for_a_person_to_hold_a_and_c(empty_board, tmp_path, monkeypatch):
    """At a terminal, `confessor flash` tells the person what to do with the buttons and
    waits until the board is back in maintenance mode, then flashes."""
    import threading

    fw = _firmware(tmp_path)
    flash(empty_board.url, fw)  # the App runs now
    told = []

    def person(port, status):
        told.append(status)
        # the person unplugs it and plugs it back in with A and C held, a moment later
        threading.Timer(1.0, empty_board.hard_reset, kwargs={"hold": "A,C"}).start()
        return flash_mod.wait_for_maintenance(lambda: port, timeout=30, poll=0.2)

    report = flash(empty_board.url, fw, wait=person)
    assert told and told[0]["screen"] == "menu" and report.reset
    with Link.open(empty_board.url) as link:
        assert link.hello()["proto"] == wire.PROTOCOL  # the App again, buttons let go


def test_a_board_that_never_stops_gets_one_line_telling_to_hold_a_and_c():
    racy = _Racy(losses=99)
    with pytest.raises(FlashError) as err:
        flash_mod.enter_raw_repl(racy, "/dev/ttyACM0", pause=0)
    assert racy.tries == flash_mod.RAW_REPL_TRIES
    text = str(err.value)
    assert "hold A+C while plugging it back in" in text and "/dev/ttyACM0" in text
    assert len(text.splitlines()) == 1


def test_flash_survives_a_lost_first_break_in(empty_board, tmp_path, monkeypatch):
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    real = SerialTransport.enter_raw_repl
    calls = []

    def lose_once(self, soft_reset=True, timeout_overall=10):
        calls.append(timeout_overall)
        if len(calls) == 1:
            raise TransportError("could not enter raw repl")
        return real(self, soft_reset=soft_reset, timeout_overall=timeout_overall)

    monkeypatch.setattr(SerialTransport, "enter_raw_repl", lose_once)
    report = flash(empty_board.url, _firmware(tmp_path))
    assert report.reset and len(calls) == 2
