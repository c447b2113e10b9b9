"""Helpers for the link tests: a flash directory holding the real
serial_link and shared_rules with a stand-in App, and finished game logs."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from hidden_pair import HiddenPair

from host.manifest import source_file
from shared_rules import games
from shared_rules.commit import commitment
from shared_rules.journal import Journal, encode_record, game_id_for, head_record
from shared_rules.laptop.driver import play

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "device"

games.register("hidden-pair", "hidden_pair", "HiddenPair")

DEVICE = "f1c7000000000001"  # the stand-in device's id
KEY_SEED = bytes(range(7, 39))  # the stand-in device's signing key (Ed25519 secret)


def signing_key(seed: bytes = KEY_SEED):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    return Ed25519PrivateKey.from_private_bytes(seed)


def public_key(seed: bytes = KEY_SEED) -> bytes:
    return signing_key(seed).public_key().public_bytes_raw()


def game_log(
    seed: bytes, long_names: int = 0, key_seed: bytes = KEY_SEED, device: str = DEVICE
) -> tuple[str, bytes]:
    """A finished Hidden Pair log, signed like the device signs: (id, bytes).
    `long_names` pads the header with a note so logs of any size can be made (such a
    log moves over the link like any other, but is not a valid format-2 log)."""
    game = HiddenPair()
    end = play(game, seed)
    return game_id_for(commitment(seed)), device_log(game, seed, end, long_names, key_seed, device)


def device_log(
    game,
    seed: bytes,
    end,
    long_names: int = 0,
    key_seed: bytes = KEY_SEED,
    device: str = DEVICE,
    seats: list[str] | None = None,
    number: int | None = None,
) -> bytes:
    """The log the device writes of a finished game `end` (any game), signed with the
    stand-in device's key: the header's fields and nothing else (format 2); `seats`
    and `number` as the device writes them (the seats' names, the game's number)."""
    journal = Journal()
    extra = {"first": 0, "device": device, "fw": "0.0.1-test", "pub": public_key(key_seed).hex()}
    if seats is not None:
        extra["seats"] = seats
    if number is not None:
        extra["number"] = number
    if long_names:
        extra["note"] = "x" * long_names
    data = journal.start(game, seed, extra=extra)
    for action in end.history():
        data += journal.action(action)
    return data + journal.finish(seed, end.returns(), sign=signing_key(key_seed).sign)


def format1_log(seed: bytes) -> bytes:
    """A Hidden Pair log as firmware before signatures wrote it (format 1)."""
    game = HiddenPair()
    end = play(game, seed)
    commit = commitment(seed)
    head = head_record(game, commit, game_id_for(commit), {"device": DEVICE})
    head["v"] = 1
    body = encode_record(head)
    for n, action in enumerate(end.history()):
        body += encode_record({"t": "a", "n": n, "a": action})
    tail = {
        "t": "end",
        "seed": seed.hex(),
        "returns": end.returns(),
        "moves": len(end.history()),
        "chain": hashlib.sha256(body).hexdigest(),
    }
    return body + encode_record(tail)


def seed(n: int) -> bytes:
    """The seed of test game `n`: a different one for every n (the logs a sweep makes
    must all differ, or a later sync finds them already synced and moves nothing)."""
    return hashlib.sha256(b"linkkit seed %d" % n).digest()


def make_flash(flash: Path, n_games: int = 3, in_progress: bool = True, pad: int = 0) -> dict:
    """Fill `flash` like a board after `confessor flash` with the stand-in App.

    Returns {id: bytes} of the finished games written."""
    flash.mkdir(parents=True, exist_ok=True)
    shutil.copytree(ROOT / "shared_rules", flash / "shared_rules", dirs_exist_ok=True)
    for name in ("main.py", "fake_app.py", "version.py"):
        shutil.copy(FIXTURE / name, flash / name)
    # the real link, its Ctrl-C guard, its rarer ops, what its halves share, its collections
    for name in ("serial_link.py", "guard.py", "link_ops.py", "link_common.py", "lifetime.py"):
        shutil.copy(source_file(name), flash / name)
    (flash / "device.id").write_text(DEVICE + "\n")
    (flash / "device.pub").write_bytes(public_key())
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


def pinned_db(path: Path):
    """A log database whose owner has pinned the stand-in device's key (as `confessor
    devices trust` does once they compared its fingerprint)."""
    from host.logdb import LogDB

    db = LogDB(path)
    db.trust(DEVICE, public_key().hex())
    return db


def flash_state(flash: Path) -> dict:
    """Every file under `flash/games` with its bytes (to prove nothing changed)."""
    return {
        str(p.relative_to(flash)): p.read_bytes()
        for p in sorted((flash / "games").rglob("*"))
        if p.is_file()
    }
