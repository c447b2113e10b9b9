"""The device firmware on the MicroPython unix port with simulated hardware: time per
button press, the live heap, and the smallest heap a whole 5-player game of 7: The Sins
runs in (firmware as flashed: .mpy; the simulator's own code and panel RAM included);
the same heap figures for a 4-player, 3-round Mea Culpa keeper session. For each session,
from power-on to the result, the refreshes of each kind the simulated SSD1680 made and
the time the table waits for the glass, from the panel's published refresh times
(firmware/panel_ws29.py)."""

import importlib.util
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

from host.sim_client import SimDevice, SimError
from host.sim_play import KEEPER_TITLE, play_keeper, play_to_result, start_game

SEED = "be7c" * 16
HEAPS = ("64wK", "80wK", "96wK", "112wK", "128wK")


ROOT = Path(__file__).resolve().parents[2]
KINDS = ("full", "fast", "partial")


def panel():
    """firmware/panel_ws29.py: the panel's published data, refresh times included."""
    spec = importlib.util.spec_from_file_location("panel_ws29", ROOT / "firmware" / "panel_ws29.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def refreshes(client) -> Counter:
    """Refreshes of each kind since power-on (the side channel's events)."""
    return Counter(e["kind"] for e in client.events() if e["e"] == "refresh")


def game(folder, heap=None, mpy=True):
    """(presses, seconds, peak live heap at idle, refreshes) of one 5-player game."""
    dev = SimDevice.start(folder, seed=SEED, heap=heap, mpy=mpy)
    try:
        client = dev.client
        start_game(client, 5)
        presses0 = client.seq
        started = time.perf_counter()
        play_to_result(client)
        took = time.perf_counter() - started
        return client.seq - presses0, took, client.status()["peak"], refreshes(client)
    finally:
        dev.stop()


def keeper(folder, heap=None, mpy=True):
    """(presses, seconds, peak live heap at idle, refreshes) of one keeper session."""
    dev = SimDevice.start(folder, seed=SEED, heap=heap, mpy=mpy)
    try:
        client = dev.client
        start_game(client, 4, title=KEEPER_TITLE)
        started = time.perf_counter()
        presses = play_keeper(client, rounds=3)
        took = time.perf_counter() - started
        return presses, took, client.status()["peak"], refreshes(client)
    finally:
        dev.stop()


def glass(label, counts):
    """The refresh counts of a session and the table's wait for the glass."""
    times = panel().REFRESH_MS
    for kind in KINDS:
        yield "%s: %s refreshes" % (label, kind), counts.get(kind, 0), "refreshes"
    waited = sum(counts.get(kind, 0) * times[kind] for kind in KINDS)
    yield "%s: waiting for the glass (panel_ws29 refresh times)" % label, waited / 1000, "s"


def smallest(root, play, label):
    fits = None
    for heap in HEAPS:
        try:
            _, _, peak, _ = play(root / heap, heap=heap)
        except SimError:
            continue
        fits = heap
        yield (
            "%s: peak live heap at idle, flashed .mpy, -X heapsize=%s" % (label, heap),
            peak,
            "bytes",
        )
        break
    yield (
        "%s: smallest -X heapsize (K words, ~KB on a 32-bit board) it fits" % label,
        int(fits[:-2]) if fits else -1,
        "wK",
    )


def run():
    root = Path(tempfile.mkdtemp(prefix="confessor-bench-"))
    try:
        presses, took, peak, counts = game(root / "plain", mpy=False)
        yield "5-player game: button presses", presses, "presses"
        yield from glass("5-player 7: The Sins", counts)
        yield (
            "time per press (press, debounce, rules, render, journal)",
            took * 1000 / presses,
            "ms",
        )
        yield "peak live heap at idle, 64-bit unix port (source .py)", peak, "bytes"
        yield from smallest(root / "sins", game, "5-player game")
        presses, took, peak, counts = keeper(root / "keeper", mpy=False)
        yield "keeper session (4 players, 3 rounds): button presses", presses, "presses"
        yield from glass("keeper session", counts)
        yield "keeper: time per press", took * 1000 / presses, "ms"
        yield "keeper: peak live heap at idle, 64-bit unix port (source .py)", peak, "bytes"
        yield from smallest(root / "keeper-heap", keeper, "keeper session")
    finally:
        shutil.rmtree(root, ignore_errors=True)
