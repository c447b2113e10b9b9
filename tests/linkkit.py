"""Helpers for the link tests: a flash directory holding the real
serial_link and shared_rules with a stand-in App, and finished game logs."""

from __future__ import annotations

import shutil
from pathlib import Path

from hidden_pair import HiddenPair

from shared_rules import games
from shared_rules.commit import commitment
from shared_rules.driver import play
from shared_rules.gamelog import Journal, game_id_for

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "device"

games.register("hidden-pair", "hidden_pair", "HiddenPair")


def game_log(seed: bytes, long_names: int = 0) -> tuple[str, bytes]:
    """A finished Hidden Pair log: (id, bytes). `long_names` pads the header
    with seat names so logs of any size can be made."""
    game = HiddenPair()
    end = play(game, seed)
    journal = Journal()
    extra = {"device": "fixture", "seats": ["Seat %d" % i for i in range(2)]}
    if long_names:
        extra["note"] = "x" * long_names
    data = journal.start(game, seed, extra=extra)
    for action in end.history():
        data += journal.action(action)
    data += journal.finish(seed, end.returns())
    return game_id_for(commitment(seed)), data


def seed(n: int) -> bytes:
    return bytes((n * 7 + i) % 256 for i in range(32))


def make_flash(flash: Path, n_games: int = 3, in_progress: bool = True, pad: int = 0) -> dict:
    """Fill `flash` like a board after `confessor flash` with the stand-in App.

    Returns {id: bytes} of the finished games written."""
    flash.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "shared_rules", flash / "shared_rules", dirs_exist_ok=True)
    shutil.copy(ROOT / "firmware" / "serial_link.py", flash / "serial_link.py")
    for name in ("main.py", "fake_app.py", "version.py"):
        shutil.copy(FIXTURE / name, flash / name)
    (flash / "games").mkdir(exist_ok=True)
    logs = {}
    for i in range(n_games):
        gid, data = game_log(seed(i + 1), long_names=pad)
        (flash / "games" / (gid + ".log")).write_bytes(data)
        logs[gid] = data
    if in_progress:
        gid, data = game_log(seed(99))
        cut = data[: data.index(b'{"a":', data.index(b'"n":2')) - 3]
        (flash / "games" / (gid + ".log")).write_bytes(cut.rsplit(b"\n", 1)[0] + b"\n")
        (flash / "games" / (gid + ".key")).write_bytes(seed(99))
        (flash / "games" / "current").write_text(gid)
    return logs


def flash_state(flash: Path) -> dict:
    """Every file under `flash/games` with its bytes (to prove nothing changed)."""
    return {
        str(p.relative_to(flash)): p.read_bytes()
        for p in sorted((flash / "games").rglob("*"))
        if p.is_file()
    }
