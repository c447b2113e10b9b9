"""No secret leaves the device, by any path (docs/security.md): the real firmware on the
virtual board, a game in progress or none, and a laptop at the serial port that tries
every control byte, every byte sequence that reaches a MicroPython prompt (Ctrl-C, raw
REPL, paste mode, soft reset), mpremote and `confessor flash`, every operation of the
link, and fuzzed lines with deep nesting. The seed file, the device key and any prompt
stay out of reach: the REPL opens only when A and C are held at power-on."""

from __future__ import annotations

import random
import time

import pytest
from linkkit import ROOT

from host import attacks, boardrun
from host.attacks import SEQUENCES, check_sealed, output_mark, since
from host.flash import FlashError, flash
from host.link import DeviceError, Link
from host.sim_play import start_game
from host.virtual_board import wait_for
from shared_rules import wire


@pytest.fixture
def game(tmp_path):
    """(board, sim client, flash folder, seed hex): a 3-player game of 7: The Sins
    under way on the virtual board, its first secret screen shown."""
    board, client = boardrun.start(
        tmp_path / "flash", speed="instant", sim_dir=tmp_path / "sim", quiet=True
    )
    try:
        start_game(client, 3)
        client.press("A")  # past the shuffle seal: the first pass screen
        flash_dir = tmp_path / "flash"
        current = (flash_dir / "games" / "current").read_text().strip()
        seed = (flash_dir / "games" / (current + ".key")).read_bytes().hex()
        yield board, client, flash_dir, seed
    finally:
        board.stop()


def test_no_byte_and_no_sequence_reaches_a_prompt(game):
    board, client, flash_dir, seed = game
    pid = board.pid
    at = output_mark(board)
    with Link.open(board.url, timeout=0.5) as link:
        before = link.status()
        assert before["playing"] is True
        ser = link.ser
        for b in range(256):  # every byte, alone and after a newline
            ser.write(bytes([b]) + b"\n" + bytes([b]))
        for seq in SEQUENCES:
            ser.write(seq)
            time.sleep(0.05)
        ser.write(b"\n")
        time.sleep(0.5)
        link.connect()  # a fresh line state
        after = link.status()
        assert after["id"] == before["id"] and after["move"] == before["move"]
    check_sealed(board, pid, at, seed, flash_dir)
    # the game goes on by its buttons
    client.press("A")
    assert client.screen()["name"] == "secret"


def test_mpremote_and_flash_cannot_break_in(game):
    """`confessor flash` says in one line what to do; mpremote gets no REPL."""
    import subprocess
    import sys
    from pathlib import Path

    board, client, flash_dir, seed = game
    pid = board.pid
    at = output_mark(board)
    with pytest.raises(FlashError) as err:
        flash(board.url, ROOT / "firmware")
    text = str(err.value)
    assert "speaks only its link" in text and "hold A and C while plugging it back in" in text
    assert "the game in progress" in text and "\n" not in text
    mpremote = str(Path(sys.executable).parent / "mpremote")
    done = subprocess.run(
        [mpremote, "connect", board.url, "resume", "exec", "print(open('device.key').read())"],
        capture_output=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert seed.encode() not in done.stdout + done.stderr
    check_sealed(board, pid, at, seed, flash_dir)


def test_every_operation_mid_game(game):
    board, client, flash_dir, seed = game
    pid = board.pid
    at = output_mark(board)
    current = (flash_dir / "games" / "current").read_text().strip()
    with Link.open(board.url) as link:
        hello = link.hello()
        assert hello["pub"] == (flash_dir / "device.pub").read_bytes().hex()
        assert link.games() == []
        assert link.request("ping") == {}
        for name in (
            current,
            current + ".key",
            "../device.key",
            "device.key",
            "games/" + current + ".key",
            "current",
            "",
            "../" * 20 + "etc/passwd",
        ):
            for op, args in (
                ("read", {"name": name, "off": 0, "len": 64}),
                ("forget", {"name": name, "sha256": "0" * 64}),
            ):
                with pytest.raises(DeviceError) as err:
                    link.request(op, **args)
                assert err.value.code in (wire.E_NAME, wire.E_ARG), (op, name)
        # seat names wait for the game to end (the gate says "Pass to <name>"); the
        # brightness applies at once
        got = link.request("settings", values={"names": ["Ann", "Bob", "Cy"], "brightness": 9})
        assert got["settings"]["brightness"] == 9 and got["settings"]["names"] == []
        assert got["pending"] == {"names": ["Ann", "Bob", "Cy"]} and "ends" in got["note"]
        assert client.screen()["big"] == "P1"  # the gate on screen still names seat 1
        with pytest.raises(DeviceError) as err:
            link.request("settings", values={"names": ["x" * 40]})
        assert err.value.code == wire.E_VALUE
        assert link.set_clock(1_800_000_000)
        for op in ("format", "exec", "eval", "reset", "bootloader", "REPL", "repl "):
            with pytest.raises(DeviceError) as err:
                link.request(op)
            assert err.value.code == wire.E_OP
        # no REPL over the link: the way is named (the buttons at power-on)
        with pytest.raises(DeviceError) as err:
            link.request("repl")
        assert err.value.code == wire.E_OP and "hold A and C" in str(err.value)
        # the key's About screen is for between games: the table's screen stays
        assert link.request("about") == {"shown": False}
        assert client.screen()["name"] == "pass"
        assert link.status()["playing"] is True
    check_sealed(board, pid, at, seed, flash_dir)


def test_the_repl_opens_only_with_a_and_c_held_at_power_on(game):
    """Maintenance mode: powered on with A and C held, the device ends the game as
    abandoned (its seed in its signed log), retires its key, says so, and only then
    the REPL answers (mpremote). Powered on again without the buttons, it speaks only
    the link, with a new key made on the device."""
    import subprocess
    import sys
    from pathlib import Path

    from host import authentic
    from shared_rules import journal

    board, client, flash_dir, seed = game
    current = (flash_dir / "games" / "current").read_text().strip()
    pub = (flash_dir / "device.pub").read_bytes()
    board.hard_reset(hold="A,C")
    wait_for(lambda: client.status().get("exited"), what="maintenance mode")
    log = (flash_dir / "games" / (current + ".log")).read_bytes()
    report = authentic.verify(log, key=pub)
    assert report["abandoned"] and report["why"] == "maintenance"
    assert report["end"]["seed"] == seed  # revealed in the signed log: nothing left to hide
    assert not (flash_dir / "games" / (current + ".key")).exists()
    assert not (flash_dir / "device.key").exists()  # the key is retired before the prompt
    screen = client.screen()
    assert screen["name"] == "repl" and "A and C were held at power-on." in screen["lines"]
    assert journal.result_seal(report["end"]) in " ".join(screen["lines"])
    mpremote = str(Path(sys.executable).parent / "mpremote")
    done = subprocess.run(
        [mpremote, "connect", board.url, "resume", "exec", "print(6*7)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.strip() == "42", done.stdout + done.stderr
    # the buttons let go: the link again, a new key made on the device from os.urandom
    board.hard_reset()
    with Link.open(board.url, reconnect=10.0) as link:
        hello = link.hello()
    assert hello["pub"] != pub.hex() and hello["origin"] == "made"
    assert hello["pub"] == (flash_dir / "device.pub").read_bytes().hex()


def test_between_games_no_prompt_either(tmp_path):
    """No game in progress, nothing secret but the key: Ctrl-C, mpremote and `confessor
    flash` still get no REPL; the key stays where it is, unread."""
    import subprocess
    import sys
    from pathlib import Path

    board, client = boardrun.start(
        tmp_path / "flash", speed="instant", sim_dir=tmp_path / "sim", quiet=True
    )
    try:
        flash_dir = tmp_path / "flash"
        assert client.screen()["name"] == "menu"
        key = (flash_dir / "device.key").read_bytes()
        pid = board.pid
        at = output_mark(board)
        with Link.open(board.url) as link:
            assert link.status()["playing"] is False
            for seq in SEQUENCES:
                link.ser.write(seq)
                time.sleep(0.05)
            link.ser.write(b"\n")
            time.sleep(0.5)
            link.connect()
            assert link.hello()["pub"] == (flash_dir / "device.pub").read_bytes().hex()
        with pytest.raises(FlashError) as err:
            flash(board.url, ROOT / "firmware")
        assert "hold A and C" in str(err.value) and "game in progress" not in str(err.value)
        mpremote = str(Path(sys.executable).parent / "mpremote")
        done = subprocess.run(
            [mpremote, "connect", board.url, "resume", "exec", "print(6*7)"],
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode != 0 and "42" not in done.stdout
        out = since(board, at)
        assert board.pid == pid and board.alive
        for prompt in attacks.PROMPTS:
            assert prompt not in out, (prompt, out[-400:])
        assert (flash_dir / "device.key").read_bytes() == key  # not retired: nobody got in
        assert key.hex().encode() not in out and key not in out
        assert client.screen()["name"] == "menu"
    finally:
        board.stop()


def test_fuzzed_lines_with_deep_nesting_mid_game(game):
    board, client, flash_dir, seed = game
    lines = attacks.fuzz_lines(random.Random(10), 600, 1000)
    replies = attacks.fuzz_mid_game(board, flash_dir, seed, lines)
    assert replies >= len(lines) * 0.5
    assert client.screen()["name"] == "pass"
    client.press("A")
    assert client.screen()["name"] == "secret"  # the game goes on
