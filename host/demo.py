"""A whole game on the virtual Confessor, played by pressing its buttons (what
`make run` does without a terminal), then synced over the serial link,
verified, and summarised; every new screen is saved as a PNG."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

LIMIT = 5000  # button presses: far beyond any game
GAME = "Sins"  # the menu's game row names it: "Game: 7: The Sins"
PLAYERS = 3


def _choose(client, game: str, players: int) -> int:
    """On the menu: B steps the game row, then the player row (as a person would).
    Falls back to the menu's defaults if the firmware offers no such choice."""
    presses = 0
    for _ in range(12):
        items = client.screen()["items"]
        if not items or game in items[0]:
            break
        client.press("B")
        presses += 1
    items = client.screen()["items"]
    if len(items) > 1 and "Players" in items[1]:
        client.press("DOWN")
        presses += 1
        for _ in range(8):
            if "Players: %d" % players in client.screen()["items"][1]:
                break
            client.press("B")
            presses += 1
    return presses


def play(client, pictures: Path, seed: int = 1, log=print) -> dict:
    """Press buttons from the menu to the result screen; returns counts."""
    rng = random.Random(seed)
    pictures.mkdir(parents=True, exist_ok=True)
    shots: list[Path] = []
    last_frame = None

    def shoot(name: str) -> None:
        nonlocal last_frame
        frame = client.status().get("frame")
        if frame == last_frame:
            return
        last_frame = frame
        path = pictures / ("%03d-%s.png" % (len(shots), name))
        client.screen_png(path)
        shots.append(path)

    client.wait_idle()
    screen = client.screen()
    if screen["name"] != "menu":
        raise RuntimeError("the device is not at its menu but at %r" % screen["name"])
    presses = _choose(client, GAME, PLAYERS)
    screen = client.screen()
    log("menu: %s" % " / ".join(screen["items"][:2]))
    shoot("menu")
    client.press("C")  # Start
    presses += 1
    while True:
        screen = client.screen()
        name = screen["name"]
        shoot(name)
        if name == "result":
            break
        if presses > LIMIT:
            raise RuntimeError("the game did not end after %d presses" % LIMIT)
        if name == "turn" and screen.get("items"):
            target = rng.randrange(len(screen["items"]))
            while screen["cursor"] != target:
                client.press("DOWN")
                presses += 1
                screen = client.screen()
            key = "B" if screen["keys"][1] and rng.random() < 0.2 else "A"
            client.press(key)
        else:
            client.press("A")
        presses += 1
    return {"presses": presses, "pictures": len(shots), "result": client.screen_text()}


# What a demo leaves in its folder: only a folder holding nothing else is emptied for a new demo.
DEMO_ENTRIES = {"flash", "sim", "screens", "games.sqlite", "games.sqlite-wal", "games.sqlite-shm"}


def _check_out_dir(out_dir: Path) -> None:
    """Refuse a folder that holds anything but an earlier demo (it is deleted first)."""
    from host.errors import CliError, folder_path

    if out_dir.exists() and not out_dir.is_dir():
        raise CliError("%s is a file; the demo needs a folder" % out_dir)
    folder_path(out_dir, "--out")
    if out_dir.is_dir():
        other = sorted(p.name for p in out_dir.iterdir() if p.name not in DEMO_ENTRIES)
        if other:
            raise CliError(
                "%s holds other files (%s); the demo empties its folder, so give a new one"
                % (out_dir, ", ".join(other[:3]))
            )


def run_demo(out_dir: Path, log=print) -> int:
    from host import authentic, boardrun
    from host.link import Link
    from host.logdb import LogDB
    from host.logtools import seat_names
    from host.sync import sync
    from shared_rules.fingerprint import fingerprint

    out_dir = Path(out_dir)
    _check_out_dir(out_dir)
    shutil.rmtree(out_dir, ignore_errors=True)
    out_dir.mkdir(parents=True)
    log("starting a virtual Confessor in %s" % out_dir)
    board, client = boardrun.start(out_dir / "flash", speed="instant", sim_dir=out_dir / "sim")
    try:
        played = play(client, out_dir / "screens", log=log)
        log("played a whole game with %d button presses" % played["presses"])
        with LogDB(out_dir / "games.sqlite") as db, Link.open(board.url) as link:
            # a person compares the fingerprint the laptop shows with the device's About
            # screen; the virtual board's key is in its flash folder, on this laptop
            own = fingerprint((out_dir / "flash" / "device.pub").read_bytes())
            result = sync(link, db, confirm=lambda key: key["fingerprint"] == own)
            log("pinned the virtual device's signing key %s (a real one you compare with" % own)
            log("  its screen: Menu > About)")
            rows = db.rows()
            if len(result["new"]) != 1:
                raise RuntimeError("expected one finished game, synced %d" % len(result["new"]))
            _, data = db.find(result["new"][0]["id"])
            report = authentic.verify(data, db.trust_for(data))  # signed by the device's key
    finally:
        board.stop()
    head = report["head"]
    names = seat_names(head, report["game"].num_players)
    log("")
    log("synced game %s over the serial link (%d bytes) and verified it:" % (head["id"], len(data)))
    log(
        "  %s, %d players, seal %s, %d actions"
        % (head["game"], head["players"], head.get("seal"), len(report["actions"]))
    )
    log("  seed matches the commitment; every action legal; every draw the seed's")
    log("  signed by device %s; result seal %s" % (head.get("device"), report["result_seal"]))
    for seat, value in enumerate(report["state"].returns()):
        log("  %-10s %+d" % (names[seat], value))
    log("")
    log("screen pictures: %s (%d PNG files)" % (out_dir / "screens", played["pictures"]))
    log(
        "log database:    %s (%d game)  try: confessor show %s --db %s"
        % (out_dir / "games.sqlite", len(rows), head["id"], out_dir / "games.sqlite")
    )
    return 0
