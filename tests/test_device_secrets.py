"""No secret leaves the device during a game, by any path (docs/security.md): the real
firmware on the virtual board, a game in progress, and a laptop at the serial port
that tries every control byte, every byte sequence that reaches a MicroPython prompt
(Ctrl-C, raw REPL, paste mode, soft reset), mpremote and `confessor flash`, every
operation of the link, and fuzzed lines with deep nesting. The seed file, the
device key and any prompt must stay out of reach; the table decides on a REPL."""

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


def _until_screen(client, name):
    wait_for(lambda: client.screen()["name"] == name, what="the %s screen" % name)
    client.wait_idle()


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
    assert "a game is in progress on the device" in text and "--ask-table" in text
    assert "\n" not in text
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
        # the REPL: asked on the device, refused by the table, the game goes on
        assert link.request("repl") == {"repl": "asked"}
        _until_screen(client, "ask-repl")
        assert link.request("repl") == {"repl": "asked"}
        client.press("B")  # a short press is not enough: B must be held
        assert client.screen()["name"] == "ask-repl"
        client.press("A")  # refused
        assert client.screen()["name"] == "pass"
        assert link.request("repl") == {"repl": "refused"}
        assert link.status()["playing"] is True
    check_sealed(board, pid, at, seed, flash_dir)


def test_the_table_allows_the_repl_the_game_ends_and_its_secrets_go(game):
    from host import authentic
    from shared_rules import gamelog

    board, client, flash_dir, seed = game
    current = (flash_dir / "games" / "current").read_text().strip()
    pub = (flash_dir / "device.pub").read_bytes()
    with Link.open(board.url) as link:
        assert link.request("repl") == {"repl": "asked"}
        _until_screen(client, "ask-repl")
        client.press("B", long=True, wait=False)  # held: allowed
        wait_for(lambda: client.status().get("exited"), what="main.py to return")
        assert link.repl() == "open"
    log = (flash_dir / "games" / (current + ".log")).read_bytes()
    report = authentic.verify(log, key=pub)
    assert report["abandoned"] and report["why"] == "repl"
    assert report["end"]["seed"] == seed  # revealed in the signed log: nothing left to hide
    assert not (flash_dir / "games" / (current + ".key")).exists()
    assert not (flash_dir / "device.key").exists()  # the key is retired before the prompt
    screen = client.screen()
    assert screen["name"] == "repl" and "The table let a laptop open it." in screen["lines"]
    assert gamelog.result_seal(report["end"]) in " ".join(screen["lines"])
    import subprocess
    import sys
    from pathlib import Path

    mpremote = str(Path(sys.executable).parent / "mpremote")
    done = subprocess.run(
        [mpremote, "connect", board.url, "resume", "exec", "print(6*7)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.strip() == "42", done.stdout + done.stderr


def test_ctrl_c_between_games_retires_the_key_first(tmp_path):
    board, client = boardrun.start(
        tmp_path / "flash", speed="instant", sim_dir=tmp_path / "sim", quiet=True
    )
    try:
        assert client.screen()["name"] == "menu"
        assert (tmp_path / "flash" / "device.key").exists()
        with Link.open(board.url) as link:
            assert link.status()["playing"] is False
            at = output_mark(board)
            link.ser.write(b"\x03")
            wait_for(lambda: b">>> " in since(board, at), what="the REPL prompt")
        assert not (tmp_path / "flash" / "device.key").exists()
        screen = client.screen()
        assert screen["name"] == "repl"
        assert "A laptop pressed Ctrl-C between games." in screen["lines"]
    finally:
        board.stop()


def test_fuzzed_lines_with_deep_nesting_mid_game(game):
    board, client, flash_dir, seed = game
    lines = attacks.fuzz_lines(random.Random(10), 600, 1000)
    replies = attacks.fuzz_mid_game(board, flash_dir, seed, lines)
    assert replies >= len(lines) * 0.5
    if client.screen()["name"] == "ask-repl":  # the fuzz asked for the REPL: refuse
        client.press("A")
    assert client.screen()["name"] == "pass"
    client.press("A")
    assert client.screen()["name"] == "secret"  # the game goes on
