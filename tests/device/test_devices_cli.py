"""`confessor sync` and `confessor devices` pin a device's key as SSH pins a host key
(issue 27): a first sync asks the person at a terminal to compare the fingerprint, and
elsewhere stops with one line naming `confessor devices trust ID FINGERPRINT`; a
changed key is refused until confirmed; `confessor devices` lists every device, key,
first and last seen. The stand-in device (tests/fixtures/device) on the virtual board."""

from __future__ import annotations

import sys

import pytest
from linkkit import DEVICE, game_log, make_flash, public_key, seed

from host.cli import main as cli
from host.logdb import LogDB
from host.virtual_board import VirtualBoard
from shared_rules.fingerprint import fingerprint

FP = fingerprint(public_key())


@pytest.fixture
def board(tmp_path):
    make_flash(tmp_path / "flash", n_games=2, in_progress=False)
    b = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim").start()
    yield b
    b.stop()


def _at_a_terminal(monkeypatch, answers):
    """stdin and stdout a terminal; the person types `answers`, one per question."""
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    asked = []

    def person(prompt=""):
        asked.append(prompt)
        return answers.pop(0)

    monkeypatch.setattr("builtins.input", person)
    return asked


def test_a_first_sync_elsewhere_than_a_terminal_stops_and_names_the_command(
    board, tmp_path, capsys
):
    db = str(tmp_path / "games.sqlite")
    assert cli(["sync", "--port", board.url, "--db", db]) == 1
    err = capsys.readouterr().err
    assert "device %s is new to this laptop" % DEVICE in err and "nothing was synced" in err
    assert "`confessor devices trust %s %s`" % (DEVICE, FP) in err
    assert len(err.strip().splitlines()) == 1
    assert cli(["devices", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "device %s" % DEVICE in out and FP in out and "unconfirmed" in out
    # the person compared the fingerprint on the device's screen: typed as they read it
    assert cli(["devices", "trust", DEVICE, FP.lower().replace("-", " "), "--db", db]) == 0
    assert "pinned device %s's signing key %s" % (DEVICE, FP) in capsys.readouterr().out
    assert cli(["sync", "--port", board.url, "--db", db]) == 0
    out = capsys.readouterr().out
    assert "synced 2 new games" in out and "NOT VERIFIED" not in out
    assert cli(["devices", "--db", db]) == 0
    out = capsys.readouterr().out
    assert "pinned" in out and "2 verified logs" in out and "first seen" in out
    assert "last seen" in out


def test_at_a_terminal_the_person_compares_and_a_changed_key_is_refused(
    board, tmp_path, capsys, monkeypatch
):
    db = str(tmp_path / "games.sqlite")
    asked = _at_a_terminal(monkeypatch, ["n", "y"])
    assert cli(["sync", "--port", board.url, "--db", db]) == 1  # "no": nothing synced
    out, err = capsys.readouterr()
    assert "is new to this laptop" in out and FP in out and FP in asked[0]
    assert "nothing was synced" in err
    assert cli(["sync", "--port", board.url, "--db", db]) == 0  # "yes"
    out = capsys.readouterr().out
    assert "pinned device %s's signing key %s (you confirmed it)" % (DEVICE, FP) in out
    assert "synced 2 new games" in out
    # a board answering as this device with another key (or the key rewritten)
    other = bytes(range(60, 92))
    flash = tmp_path / "flash"
    (flash / "device.pub").write_bytes(public_key(other))
    gid, data = game_log(seed(31), key_seed=other)
    (flash / "games" / (gid + ".log")).write_bytes(data)
    board.hard_reset()
    asked = _at_a_terminal(monkeypatch, ["n"])
    assert cli(["sync", "--port", board.url, "--db", db]) == 1
    out, err = capsys.readouterr()
    assert "shows a DIFFERENT signing key" in out and "pinned:  %s" % FP in out
    assert "shown:   %s" % fingerprint(public_key(other)) in out
    assert "shows another signing key" in err and len(err.strip().splitlines()) == 1
    with LogDB(tmp_path / "games.sqlite") as d:
        assert d.pinned(DEVICE) == public_key().hex()  # never retired by itself
        assert d.has(DEVICE, gid) is None
    # non-interactive: the same refusal, in one line
    monkeypatch.setattr(sys.stdin, "isatty", lambda: False, raising=False)
    assert cli(["sync", "--port", board.url, "--db", db]) == 1
    err = capsys.readouterr().err
    assert "`confessor devices trust %s %s`" % (DEVICE, fingerprint(public_key(other))) in err


def test_trust_refuses_a_fingerprint_the_device_never_showed(board, tmp_path, capsys):
    db = str(tmp_path / "games.sqlite")
    assert cli(["devices", "trust", DEVICE, FP, "--db", db]) == 1
    assert "has never shown this laptop a key" in capsys.readouterr().err
    cli(["sync", "--port", board.url, "--db", db])  # refused, but the key is recorded
    capsys.readouterr()
    wrong = "0000-0000-0000-0000-0000"
    assert cli(["devices", "trust", DEVICE, wrong, "--db", db]) == 1
    err = capsys.readouterr().err
    assert "never showed this laptop a key with fingerprint %s" % wrong in err and FP in err
    # the public key itself (64 hex digits, e.g. from a log's header) pins it too
    assert cli(["devices", "trust", DEVICE, public_key().hex(), "--db", db]) == 0
    assert FP in capsys.readouterr().out
