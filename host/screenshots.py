"""Render docs/screens/*.png: every screen of the device, from the simulator.

    .venv/bin/python -m host.screenshots [OUT_DIR]

Plays a seeded 4-player game of 7: The Sins by button presses (host/sim_play.py),
visits the pause menu, abandons a second game and shows the error screen of a damaged
journal; the first frame of each kind of screen becomes a 1-bit 296x128 PNG.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from host.sim_client import SimDevice, pbm_to_png
from host.sim_play import play_to_result, start_game, step

ROOT = Path(__file__).resolve().parent.parent
SEED = "c0ffee" * 10 + "c0de"


def capture(work: Path) -> Path:
    dev = SimDevice.start(work, seed=SEED, keep_frames=True)
    c = dev.client
    try:
        start_game(c, 4)
        while c.screen()["name"] != "turn":
            step(c)
        c.press("C")  # pause menu
        c.press("DOWN")
        c.press("A")  # abandon? (confirm screen)
        c.press("C")
        c.press("C")  # back to the game
        play_to_result(c)
        c.press("A")
        # a second game, abandoned
        start_game(c, 2)
        while c.screen()["name"] != "turn":
            step(c)
        c.press("C")
        c.press("DOWN")
        c.press("A")
        c.press("A")
        c.press("A")
        # a third, whose journal is damaged while the power is off
        start_game(c, 3)
        old = c.status()["boot"]
        dev.power_cut()
        logs = sorted((work / "games").glob("*.log"), key=lambda p: p.stat().st_mtime)
        logs[-1].write_bytes(b"damaged\n")
        dev.boot(old)
    finally:
        dev.stop()
    return work / "sim" / "frames"


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="confessor-screens-"))
    try:
        frames = capture(work)
        taken = {}
        for pbm in sorted(frames.glob("*.pbm")):
            name = pbm.stem.split("-", 1)[1]
            text = pbm.with_suffix(".txt").read_text()
            if name == "secret":
                name = "secret-score" if "Total:" in text else "secret-opening"
            if name == "judgment" and name in taken and "3/3" in text:
                name = "judgment-last"
            if name not in taken:
                taken[name] = pbm
                (out / f"{name}.png").write_bytes(pbm_to_png(pbm.read_bytes()))
                (out / f"{name}.txt").write_text(text)
        print(f"{len(taken)} screens in {out}: {', '.join(sorted(taken))}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
