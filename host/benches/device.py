"""The device firmware on the MicroPython unix port with simulated hardware:

- time per button press of a 5-player game of 7: The Sins and of a 4-player, 3-round
  Mea Culpa keeper session (press, debounce, rules, render, journal), and for each of
  those sessions, from power-on to the result, the refreshes of each kind the
  simulated SSD1680 made and the time the table waits for the glass: the panel's
  published refresh times (firmware/drivers/panel_ws29.py), plus the device's settle time
  (firmware/drivers/board.py) for each moved cursor drawn after the presses paused. The 5-player
  game is played twice: by players who press one button at a time and look at each
  screen, and by quick players who press a turn's moves and choice in one run;
- the free heap at the menu with six games installed and with one (64-bit, .mpy files).
The heap of whole sessions on the true port is host/benches/silicon.py's."""

import importlib.util
import shutil
import tempfile
import time
from collections import Counter
from pathlib import Path

from host.sim_client import SimDevice
from host.sim_play import KEEPER_TITLE, lowest_free, play_session

SEED = "be7c" * 16
HEAP = "128wK"  # the menu's comparison: any heap it fits


ROOT = Path(__file__).resolve().parents[2]
KINDS = ("full", "fast", "partial")


def firmware_module(name):
    """A firmware module that imports nothing of MicroPython's, loaded from its file."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "firmware" / (name + ".py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def panel():
    """firmware/drivers/panel_ws29.py: the panel's published data, refresh times included."""
    return firmware_module("panel_ws29")


def settle_ms() -> int:
    """How long the device lets a moved cursor wait for the next press (firmware/drivers/board.py)."""
    return firmware_module("board").Board.settle_ms


def refreshes(client) -> Counter:
    """Refreshes of each kind since power-on (the side channel's events), and under
    "settled" the moves drawn after the presses paused."""
    counts = Counter()
    for e in client.events():
        if e["e"] == "refresh":
            counts[e["kind"]] += 1
            counts["settled"] += 1 if e.get("move") else 0
    return counts


def session(folder, title, players, seed=SEED, heap=None, mpy=True, quick=False):
    """(presses, seconds, peak live heap at idle, lowest free heap at idle, refreshes
    of each kind from power-on to the result). Quick players' runs meet the device's
    settle time; otherwise the simulator draws a move at once (the time per press is
    the firmware's own) and glass() counts the settle time for each move drawn."""
    settle = settle_ms() if quick else 0
    dev = SimDevice.start(folder, seed=seed, heap=heap, mpy=mpy, settle_ms=settle)
    try:
        client = dev.client
        started = time.perf_counter()
        presses, low = lowest_free(
            client, lambda: play_session(client, title, players, quick=quick)
        )
        took = time.perf_counter() - started
        return presses, took, client.status()["peak"], low, refreshes(client)
    finally:
        dev.stop()


def glass(label, counts):
    """The refresh counts of a session and the table's wait for the glass."""
    times = panel().REFRESH_MS
    for kind in KINDS:
        yield "%s: %s refreshes" % (label, kind), counts.get(kind, 0), "refreshes"
    yield "%s: moves drawn after the settle time" % label, counts.get("settled", 0), "refreshes"
    waited = sum(counts.get(kind, 0) * times[kind] for kind in KINDS)
    waited += counts.get("settled", 0) * settle_ms()
    yield "%s: waiting for the glass (refresh and settle times)" % label, waited / 1000, "s"


FAKE_ENTRY = """from shared_rules.game import Option
NAME = "fake-%(x)s"
TITLE = "Fake %(X)s"
MIN_PLAYERS = 2
MAX_PLAYERS = 4
ENGINE = ("fake_%(x)s", "Fake")
PRESENTER = None
ON_DEVICE = True
BOTS = ()
RULEBOOK = ("Fake %(X)s", "Nobody", 2024)
OPTIONS = (Option("speed", 1, low=1, high=3, help="how fast the fake game goes"),)
"""
FAKES = "fake-a:fake_a_entry:,fake-b:fake_b_entry:"  # catalogued by their entry modules
OTHER_GAMES_FILES = (
    "shared_rules/mea_culpa/keeper_entry.mpy",
    "shared_rules/mea_culpa/keeper.mpy",
    "shared_rules/mea_culpa/codes.mpy",
    "shared_rules/mea_culpa/data.mpy",
    "shared_rules/mea_culpa/auction.mpy",
    "present_mea_culpa.mpy",
    "present_mea_culpa_secret.mpy",
    "present_mea_culpa_news.mpy",
    "present_mea_culpa_ends.mpy",
    "shared_rules/siete_pecados/entry.mpy",
    "shared_rules/siete_pecados/rules.mpy",
    "shared_rules/siete_pecados/data.mpy",
    "present_siete_pecados.mpy",
    "present_siete_pecados_end.mpy",
    "shared_rules/new_rule/entry.mpy",
    "shared_rules/new_rule/rules.mpy",
    "present_new_rule.mpy",
    "present_new_rule_end.mpy",
)


def menu_heap(folder: Path, four: bool, heap: str = HEAP):
    """(free heap at the menu after boot, after showing every game and coming back,
    the titles shown): with six games installed (the manifest's four and two fake
    entries with their engine files) or with one (7: The Sins alone; the other games'
    files taken off the flash). Both catalogue
    the same names; only what is installed differs."""
    dev = SimDevice.start(folder / "flash", heap=heap, mpy=True, games=FAKES)
    try:
        flash = folder / "flash"
        old = dev.client.status()["boot"]
        dev.power_cut()
        if four:
            for x in ("a", "b"):
                (flash / f"fake_{x}_entry.py").write_text(FAKE_ENTRY % {"x": x, "X": x.upper()})
                (flash / f"fake_{x}.py").write_text("class Fake:\n    pass\n")
        else:
            for rel in OTHER_GAMES_FILES:
                (flash / rel).unlink()
        dev.boot(old)
        c = dev.client
        boot = c.status()["free"]
        titles = []
        for _ in range(6):
            titles.append(c.screen()["items"][0])
            c.press("B")
        while c.screen()["items"][0] != "Game: 7: The Sins":
            c.press("B")
        return boot, c.status()["free"], sorted(set(titles))
    finally:
        dev.stop()


def run():
    root = Path(tempfile.mkdtemp(prefix="confessor-bench-"))
    try:
        for title, players, label, quick in (
            ("7: The Sins", 5, "5-player game, quick players", True),
            ("7: The Sins", 5, "5-player game, one press at a time", False),
            (KEEPER_TITLE, 4, "keeper session (4 players, 3 rounds)", False),
        ):
            presses, took, peak, _, counts = session(
                root / ("plain-%s-%d" % (title[:3], quick)), title, players, mpy=False, quick=quick
            )
            yield "%s: button presses" % label, presses, "presses"
            yield from glass(label, counts)
            if not quick:  # (a quick run's presses wait for each other)
                yield "%s: time per press" % label, took * 1000 / presses, "ms"
                yield "%s: peak live heap at idle (source .py)" % label, peak, "bytes"
        for four in (False, True):
            boot, after, titles = menu_heap(root / ("m4" if four else "m1"), four)
            label = "menu, %d game%s installed" % (len(titles), "s" if len(titles) > 1 else "")
            yield "%s: free heap after boot (%s)" % (label, HEAP), boot, "bytes"
            yield "%s: free heap after showing every game" % label, after, "bytes"
    finally:
        shutil.rmtree(root, ignore_errors=True)
