"""The device firmware on the MicroPython unix port with simulated hardware: time per
button press, the live heap, and the smallest heap a whole 5-player game of 7: The Sins
runs in (firmware as flashed: .mpy; the simulator's own code and panel RAM included);
the same heap figures for a 4-player, 3-round Mea Culpa keeper session."""

import shutil
import tempfile
import time
from pathlib import Path

from host.sim_client import SimDevice, SimError
from host.sim_play import KEEPER_TITLE, play_keeper, play_to_result, start_game

SEED = "be7c" * 16
HEAPS = ("64wK", "80wK", "96wK", "112wK", "128wK")


def game(folder, heap=None, mpy=True):
    """(presses, seconds, peak live heap at idle) of one 5-player game."""
    dev = SimDevice.start(folder, seed=SEED, heap=heap, mpy=mpy)
    try:
        client = dev.client
        start_game(client, 5)
        presses0 = client.seq
        started = time.perf_counter()
        play_to_result(client)
        took = time.perf_counter() - started
        return client.seq - presses0, took, client.status()["peak"]
    finally:
        dev.stop()


def keeper(folder, heap=None, mpy=True):
    """(presses, seconds, peak live heap at idle) of one keeper session."""
    dev = SimDevice.start(folder, seed=SEED, heap=heap, mpy=mpy)
    try:
        client = dev.client
        start_game(client, 4, title=KEEPER_TITLE)
        started = time.perf_counter()
        presses = play_keeper(client, rounds=3)
        return presses, time.perf_counter() - started, client.status()["peak"]
    finally:
        dev.stop()


def smallest(root, play, label):
    fits = None
    for heap in HEAPS:
        try:
            _, _, peak = play(root / heap, heap=heap)
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
        presses, took, peak = game(root / "plain", mpy=False)
        yield "5-player game: button presses", presses, "presses"
        yield (
            "time per press (press, debounce, rules, render, journal)",
            took * 1000 / presses,
            "ms",
        )
        yield "peak live heap at idle, 64-bit unix port (source .py)", peak, "bytes"
        yield from smallest(root / "sins", game, "5-player game")
        presses, took, peak = keeper(root / "keeper", mpy=False)
        yield "keeper session (4 players, 3 rounds): button presses", presses, "presses"
        yield "keeper: time per press", took * 1000 / presses, "ms"
        yield "keeper: peak live heap at idle, 64-bit unix port (source .py)", peak, "bytes"
        yield from smallest(root / "keeper-heap", keeper, "keeper session")
    finally:
        shutil.rmtree(root, ignore_errors=True)
