"""Flash that never fills: 200 finished games on the real firmware, at the heap of a
real board (-X heapsize=128wK), listed and read in bounded memory and synced over a
faulty line, then forgotten by the device once the laptop has verified them. `make
sweeps` (host/sweeps.py) runs 500 faulted syncs over 200 logs, each moving log bytes
(docs/security.md); a small one runs here."""

from __future__ import annotations

from linkkit import DEVICE, KEY_SEED, game_log, public_key, seed

from host import boardrun
from host.link import Link
from host.logdb import LogDB
from host.sync import sync
from host.virtual_board import Faults

GAMES = 200


def stock_flash(count: int, start: int = 0):
    """A prepare() for boardrun.start: the stand-in key and `count` finished logs."""

    def prepare(flash_dir):
        (flash_dir / "device.id").write_text(DEVICE)
        (flash_dir / "device.key").write_bytes(KEY_SEED)
        (flash_dir / "games").mkdir(exist_ok=True)
        for i in range(start, start + count):
            gid, data = game_log(seed(1000 + i))
            (flash_dir / "games" / (gid + ".log")).write_bytes(data)

    return prepare


def test_two_hundred_games_sync_over_a_faulty_line_and_are_forgotten(tmp_path):
    board, client = boardrun.start(
        tmp_path / "flash",
        speed="instant",
        sim_dir=tmp_path / "sim",
        quiet=True,
        heap="128wK",
        prepare=stock_flash(GAMES),
    )
    try:
        pid = board.pid
        assert client.screen()["name"] == "menu"
        with Link.open(board.url, timeout=0.5) as link:
            assert link.hello()["pub"] == public_key().hex()
            assert len(link.games()) == GAMES
            board.faults = Faults(drop=0.0002, corrupt=0.0002, split=True, seed=7)
            with LogDB(tmp_path / "db.sqlite") as db:
                db.trust(DEVICE, public_key().hex())  # its owner compared the fingerprint
                result = sync(link, db)
                assert len(result["new"]) == GAMES and result["forgotten"] == GAMES
                assert all(g["verified"] for g in result["new"])
            board.faults = None
            assert link.games() == []
        assert not list((tmp_path / "flash" / "games").glob("*.log"))
        out = board.output()
        assert board.pid == pid, "the device restarted"
        assert b"MemoryError" not in out and b"Traceback" not in out
    finally:
        board.stop()


def test_a_small_sweep_of_faulted_syncs_moves_log_bytes_every_session():
    """host/sweeps.py's sync sweep, small: every session (nine in ten cut short by an
    unplug or a power cut once log bytes arrive) moves log bytes, because every log it
    makes is a different game; no link death, no MemoryError."""
    from host import sweeps

    result = sweeps.sync(syncs=6, games=8)
    assert result["sessions that moved no log bytes"] == 0, result
    assert result["log bytes moved"] > 6 * 1000, result
    assert result["different games made"] >= 8
    assert result["link deaths"] == 0 and result["MemoryErrors"] == 0, result
