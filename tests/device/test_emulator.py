"""Confessor's firmware image on an emulated RP2040: the real MicroPython rp2 port, the
firmware frozen in, littlefs in emulated flash, buttons as GPIO levels, the panel as the
SPI bytes it is sent (host/rp2040.py).

Each game is played to its result in lockstep with the virtual board (host/lockstep.py):
every screen the emulated chip draws, fed byte by byte to the SSD1680 model, must be the
virtual board's picture, pixel for pixel, and the journals on both flashes must be the same
bytes. The image and the emulator come from `make test` (make firmware, npm ci)."""

import os

import pytest
from interpreters import ROOT

from host import authentic
from host.lockstep import Lockstep
from host.rp2040 import EmulatedBoard, missing
from host.sim_client import SimDevice
from host.sim_play import (
    KEEPER_TITLE,
    NEW_RULE_TITLE,
    PECADOS_TITLE,
    play_session,
    play_to_result,
    start_game,
    step,
)
from shared_rules.fingerprint import fingerprint

pytestmark = pytest.mark.emulator


@pytest.fixture
def emulated():
    why = missing()
    if why:
        pytest.fail("the emulated RP2040 needs %s (`make test` builds and installs it)" % why)
    board = EmulatedBoard.start()
    yield board
    board.stop()


def lockstep(emulated, tmp_path):
    return Lockstep(emulated, lambda flash, seed: SimDevice.start(flash, seed=seed), tmp_path)


def finished_log(lock):
    """The one finished log, the same bytes on both flashes, verified with its signature."""
    emulated, virtual = lock.logs()
    assert list(emulated) == list(virtual) and len(emulated) == 1, (emulated, virtual)
    ((name, data),) = emulated.items()
    assert virtual[name] == data, "the journals differ: " + name
    report = authentic.verify(data, key=lock.emulated.files()["device.pub"])
    assert not report["abandoned"] and report["state"].is_terminal()
    return report


def test_boots_to_the_menu_from_the_frozen_image(emulated, tmp_path):
    state = emulated.wait_idle(heap=True)
    assert state.screen == "menu"
    files = emulated.files()
    # the signing key is made at the first boot, on littlefs in the emulated flash
    assert len(files["device.key"]) == 32 and len(files["device.pub"]) == 32
    assert not [f for f in files if f.endswith((".py", ".mpy"))], "the firmware is frozen"
    assert emulated.events.refreshes[0].kind == "full"
    assert emulated.panel_errors() == []
    # the real heap of an RP2040 at the menu, the firmware in flash
    assert 150_000 < state.free < 241_000, state
    lock = lockstep(emulated, tmp_path)  # the menu is the virtual board's, to the pixel
    try:
        lock.press("B")
        lock.press("DOWN")
        lock.press("B")
        assert lock.compared >= 3
    finally:
        lock.stop()


def test_mpremote_reaches_the_repl_in_maintenance_mode_only(emulated):
    """The laptop's own mpremote, over the emulated USB serial: nothing while the firmware
    runs (the port speaks only the link), the REPL once A and C were held at power-on."""
    import subprocess
    import sys

    def mpremote(port, timeout):
        try:
            done = subprocess.run(
                [sys.executable, "-m", "mpremote", "connect", port, "exec", "print(6 * 7)"],
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired:
            return None  # mpremote still waiting for a prompt
        return done

    with emulated.serial_port() as port:
        done = mpremote(port, 20)
    assert done is None or (done.returncode != 0 and "42" not in done.stdout)
    emulated.maintenance()
    with emulated.serial_port() as port:
        done = mpremote(port, 120)
    assert done is not None and done.returncode == 0, done
    assert done.stdout.strip() == "42", done.stdout + done.stderr


def test_a_boot_py_written_over_the_repl_never_runs(emulated):
    """MicroPython runs boot.py before main.py, a frozen one first: the image freezes an empty
    one, so a boot.py written to littlefs in maintenance mode (to read the next key as it is
    made, or replace the firmware's modules) is never run; the firmware boots as before."""
    emulated.wait_idle()
    emulated.maintenance()
    emulated.exec(
        "f = open('boot.py', 'w'); f.write(\"open('ran.txt', 'w').write('boot.py ran')\\n\"); f.close()"
    )
    assert "boot.py" in emulated.files()
    state = emulated.power_cut()
    assert state.screen == "menu"
    assert "ran.txt" not in emulated.files()


@pytest.mark.parametrize(
    "title, players",
    [(KEEPER_TITLE, 2), (PECADOS_TITLE, 2), (NEW_RULE_TITLE, 2)],
    ids=["keeper", "pecados", "new-rule"],
)
def test_a_whole_game(emulated, tmp_path, title, players):
    lock = lockstep(emulated, tmp_path)
    try:
        play_session(lock, title, players, rounds=1)
        assert lock.screen()["name"] == "result"
        finished_log(lock)
    finally:
        lock.stop()


def test_a_power_cut_mid_game_loses_nothing_and_the_log_syncs_over_usb(emulated, tmp_path):
    """7: The Sins, the plug pulled twice mid-game (the journal on littlefs, the resume
    replaying it), then the laptop's own `confessor sync` over the emulated USB serial."""
    import subprocess
    import sys

    lock = lockstep(emulated, tmp_path)
    try:
        start_game(lock, 2)
        for cut in (8, 20):
            while lock.seq < cut:
                step(lock)
            lock.power_cut()
            assert lock.screen()["name"] in ("turn", "pass", "secret", "judgment", "score")
        play_to_result(lock)
        report = finished_log(lock)
        env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "laptop"))  # its own database

        def confessor(*args):
            return subprocess.run(
                [sys.executable, "-m", "host.cli", *args],
                capture_output=True,
                text=True,
                cwd=ROOT,
                env=env,
                timeout=300,
            )

        # a new device's key is pinned by its owner, from what its About screen shows: the
        # fingerprint of the key on its own flash
        files = emulated.files()
        ident = files["device.id"].decode().strip()
        shown_fp = fingerprint(files["device.pub"])
        with emulated.serial_port() as port:
            refused = confessor("sync", "--port", port)
            assert refused.returncode == 1 and shown_fp in refused.stderr, refused.stderr
            trusted = confessor("devices", "trust", ident, shown_fp)
            assert trusted.returncode == 0, trusted.stdout + trusted.stderr
            done = confessor("sync", "--port", port)
        assert done.returncode == 0, done.stdout + done.stderr
        shown = confessor("verify", report["id"])
        assert shown.returncode == 0, shown.stdout + shown.stderr
    finally:
        lock.stop()
