"""The real firmware on the virtual board: flashed from an empty flash, its link
answers; a game played by buttons stays private until it ends; `make run`'s
demo plays, syncs and verifies a whole game."""

from __future__ import annotations

import pytest
from linkkit import ROOT

from host.cli import main as cli
from host.link import DeviceError, Link
from host.logdb import LogDB
from shared_rules import wire


def test_flash_real_firmware_then_play_privately(tmp_path):
    from host import boardrun

    board, client = boardrun.start(
        tmp_path / "flash", speed="instant", sim_dir=tmp_path / "sim", quiet=True
    )
    try:
        version = {}
        exec((ROOT / "firmware" / "play" / "version.py").read_text(), version)
        with Link.open(board.url) as link:
            hello = link.hello()
            assert hello["proto"] == wire.PROTOCOL and hello["fw"] == version["VERSION"]
            assert link.status()["screen"] == client.screen()["name"] == "menu"
            assert link.games() == []
            client.press("C")  # Start: the seal screen of a new game
            client.press("A")
            status = link.status()
            current = (tmp_path / "flash" / "games" / "current").read_text().strip()
            assert status["id"] == current and status["seal"]
            assert set(status) == {"screen", "game", "id", "seal", "move", "public", "playing"}
            assert status["playing"] is True
            assert (tmp_path / "flash" / "games" / (current + ".key")).exists()
            # the game in progress is not listed and none of its files are served
            assert link.games() == []
            for name in (current, current + ".key", "current"):
                with pytest.raises(DeviceError) as err:
                    link.read(name, 0, 64)
                assert err.value.code == wire.E_NAME
            seed = (tmp_path / "flash" / "games" / (current + ".key")).read_bytes().hex()
            assert seed not in repr(status)
    finally:
        board.stop()


def test_make_run_demo_plays_syncs_and_verifies(tmp_path, capsys):
    out = tmp_path / "demo"
    assert cli(["run", "--demo", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "verified it" in text and "screen pictures:" in text
    pictures = sorted((out / "screens").glob("*.png"))
    assert pictures and pictures[-1].name.endswith("-result.png")
    with LogDB(out / "games.sqlite") as db:
        rows = db.rows()
    assert len(rows) == 1 and rows[0]["verified"] == 1
