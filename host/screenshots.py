"""Render docs/screens/*.png: every screen of the device, from the simulator.

    .venv/bin/python -m host.screenshots [OUT_DIR]

Plays a seeded 4-player game of 7: The Sins by button presses (host/sim_play.py),
visits the pause menu, abandons a second game and shows the error screen of a damaged
journal; the first frame of each kind of screen becomes a 1-bit 296x128 PNG. Then a
4-player Mea Culpa keeper session (the rulebook's bidding example, a Pope caught and
one not caught) gives the keeper-*.png screens, each taken where the script says.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from host.sim_client import SimClient, SimDevice, pbm_to_png
from host.sim_play import KEEPER_TITLE, play_to_result, start_game, step

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


def choose(c: SimClient, text: str) -> None:
    """On a list screen, the first item starting with `text`."""
    items = c.screen()["items"]
    target = next(i for i, item in enumerate(items) if item.startswith(text))
    while c.screen()["cursor"] != target:
        c.press("DOWN")
    c.press("A")


def bid(c: SimClient, notches: int, taler: int, snap=None) -> None:
    """A seat's bid from its pass screen: notches, DOWN, taler, C, A."""
    if snap:
        snap("keeper-pass")
    c.press("A")
    for _ in range(notches - 1):
        c.press("B")
    c.press("DOWN")
    for _ in range(taler):
        c.press("B")
    if snap:
        snap("keeper-bid")
    c.press("C")
    if snap:
        snap("keeper-confirm")
    c.press("A")


def pope_visit(c: SimClient, die: str, guess: str, snap=None) -> None:
    choose(c, "Pope's urgent meeting")
    choose(c, "Keep: ")
    c.press("A")  # the Pope's pass screen
    while not c.screen()["items"][c.screen()["cursor"]].startswith(die):
        c.press("DOWN")
    if snap:
        snap("keeper-die")
    c.press("A")
    if snap:
        snap("keeper-guess")
    choose(c, guess)


def capture_keeper(work: Path, out: Path) -> list[str]:
    """The Mea Culpa keeper's screens, 4 players (P1 Dominik, P2 Johanna, P3 Paula,
    P4 Gregor in the rulebook's bidding example), written to `out` as they come."""
    dev = SimDevice.start(work, seed=SEED)
    c = dev.client
    taken = []

    def snap(name):
        (out / f"{name}.png").write_bytes(c.screen_png())
        (out / f"{name}.txt").write_text(c.screen_text())
        taken.append(name)

    try:
        start_game(c, 4, title=KEEPER_TITLE)
        c.press("A")  # seal
        snap("keeper-bonus")
        for _ in range(4):  # starting bonuses
            c.press("A")
        snap("keeper-market")
        c.press("A")
        bid(c, 4, 7, snap)
        bid(c, 2, 7)
        bid(c, 3, 12)
        bid(c, 1, 8)
        snap("keeper-reveal")
        c.press("A")
        snap("keeper-hell")
        for seat in ("P4", "P2", "P3"):
            choose(c, seat + " is next")
        snap("keeper-order")
        c.press("A")
        snap("keeper-pick")
        for character in ("Pope", "Emperor", "Merchant", "Petty"):
            choose(c, character)
        pope_visit(c, "Room 2", "Room 2", snap)
        snap("keeper-caught")
        c.press("A")
        while not c.screen()["items"][c.screen()["cursor"]].startswith("Return wine"):
            c.press("DOWN")
        snap("keeper-table")
        c.press("A")
        choose(c, "Market empty")
        c.press("A")  # round 2's market
        for seat in range(1, 5):
            bid(c, seat, 0)
        c.press("A")  # the order
        for character in ("Merchant", "Pope", "Emperor", "Petty"):
            choose(c, character)
        pope_visit(c, "Room 1", "Room 4")
        snap("keeper-not-caught")
        c.press("A")
        choose(c, "Game over")
        snap("keeper-over")
        c.press("A")
        snap("keeper-result")
    finally:
        dev.stop()
    return taken


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
        keeper = capture_keeper(work / "keeper", out)
        names = sorted(taken) + keeper
        print(f"{len(names)} screens in {out}: {', '.join(names)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
