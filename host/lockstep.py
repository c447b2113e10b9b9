"""The emulated RP2040 played press for press with the virtual board, every screen compared.

The firmware image on the emulated RP2040 (host/rp2040.py) has no side channel: it shows what
it shows on the glass, through the SPI bus. The virtual board (host/sim_client.py, the same
firmware on the unix port) says what each screen is. Lockstep drives both with the same
presses and holds the emulator's glass to the virtual board's picture at every screen, so the
policies of host/sim_play.py, which read the virtual board's screens, play whole games on the
emulated chip:

    lock = Lockstep(emulated, lambda flash, seed: SimDevice.start(flash, seed=seed), tmp)
    play_session(lock, "7: The Sins", 2)     # any sim_play policy: it takes a client

A game's seed is drawn by the emulated chip at Start. When a game starts, the virtual board is
started again with the seed read from the emulator's flash (games/<id>.key) and the
emulator's identity (its device id and signing key), and given the same presses from power-on:
both deal the same cards and sign with the same key.

Presses that only move a cursor go to the emulator in one run when the next press changes
the screen (the firmware draws a run of moves once, board.settle_ms after the last): a whole
game costs the emulator a refresh per decision, not per press.
"""

from __future__ import annotations

import os
from pathlib import Path

from host.rp2040 import EmulatedBoard, EmulatorError
from host.sim_client import SimDevice, read_pbm

COMPARED = ("name", "title", "corner", "big", "facts", "lines", "items", "keys", "private")
IDENTITY = ("device.id", "device.key", "device.pub")  # what makes a device itself


class LockstepError(AssertionError):
    """The emulated chip showed something else than the virtual board."""


def glass_rows(landscape: bytes) -> bytes:
    """The emulator's glass (296x128 MONO_VLSB, 1 = white) as PBM rows (1 = black)."""
    width, height = 296, 128
    row_bytes = (width + 7) // 8
    out = bytearray(row_bytes * height)
    for y in range(height):
        band = (y // 8) * width
        bit = 1 << (y % 8)
        for x in range(width):
            if not landscape[band + x] & bit:
                out[y * row_bytes + x // 8] |= 0x80 >> (x % 8)
    return bytes(out)


def differing_pixels(a: bytes, b: bytes) -> int:
    return sum(bin(x ^ y).count("1") for x, y in zip(a, b, strict=True))


class Lockstep:
    """A SimClient-like client (press, chord, screen, screen_text, status, seq) whose presses
    go to both boards; `virtual` is the reference the policies read."""

    def __init__(self, emulated: EmulatedBoard, start_virtual, folder: Path, heap: bool = False):
        self.emulated = emulated
        self.heap = heap  # measure the emulator's heap at each idle moment (make bench)
        self.lowest_free: int | None = None
        self.lowest_largest: int | None = None
        self._start_virtual = start_virtual  # (flash folder, seed hex or None) -> SimDevice
        self.folder = Path(folder)
        self._boots = 0
        self.device: SimDevice = self._boot(None)
        self.history: list[tuple[str, tuple[str, ...]]] = []  # every press since power-on
        self._queue: list[tuple[str, tuple[str, ...]]] = []  # not yet made on the emulator
        self.compared = 0  # screens compared
        self.seed: str | None = None
        self.shots = self.folder / "mismatch"  # where a mismatch leaves both pictures
        self.compare()

    def _boot(self, seed: str | None) -> SimDevice:
        """A virtual board with the emulator's identity (and `seed` for its first game)."""
        self._boots += 1
        flash = self.folder / ("virtual%d" % self._boots) / "flash"
        files = self.emulated.files()
        for name in IDENTITY:
            if name in files:
                flash.mkdir(parents=True, exist_ok=True)
                (flash / name).write_bytes(files[name])
        return self._start_virtual(flash, seed)

    # ****** the client's face ******
    @property
    def client(self):
        return self.device.client

    @property
    def seq(self) -> int:
        return self.client.seq

    def screen(self) -> dict:
        return self.client.screen()

    def screen_text(self) -> str:
        return self.client.screen_text()

    def status(self) -> dict:
        return self.client.status()

    def press(self, name: str, long: bool = False, wait: bool = True) -> dict | None:
        return self._make("long" if long else "press", (name,))

    def chord(self, a: str, b: str, wait: bool = True) -> dict | None:
        return self._make("chord", (a, b))

    # ****** both boards ******
    def _make(self, kind: str, names: tuple[str, ...]) -> dict | None:
        before = self.client.screen()
        status = self._virtual_press(kind, names)
        self.history.append((kind, names))
        self._queue.append((kind, names))
        after = self.client.screen()
        if after["name"] == "seal" and before["name"] == "menu":
            self._same_seed()
        elif not _cursor_moved(before, after):
            self.flush()
        return status

    def _virtual_press(self, kind, names):
        c = self.client
        if kind == "chord":
            return c.chord(*names)
        return c.press(names[0], long=kind == "long")

    def flush(self) -> None:
        """The presses not yet made on the emulator, in one run; then compare the glass."""
        if self._queue:
            self._catch_up()
            self.compare()

    def _catch_up(self) -> None:
        for kind, names in self._queue:
            if kind == "chord":
                self.emulated.chord(*names, wait=False)
            else:
                self.emulated.press(names[0], long=kind == "long", wait=False)
        self._queue.clear()
        state = self.emulated.wait_idle(heap=self.heap)
        if self.heap:
            self.lowest_free = min(state.free, self.lowest_free or state.free)
            self.lowest_largest = min(state.largest, self.lowest_largest or state.largest)

    def compare(self) -> None:
        _w, _h, expected = read_pbm(self.client.screen_image_path().read_bytes())
        got = glass_rows(self.emulated.picture())
        self.compared += 1
        if got != expected:
            self._keep(got, expected)
            raise LockstepError(
                "the emulated RP2040 shows %d pixels other than the virtual board on:\n%s%s"
                % (
                    differing_pixels(got, expected),
                    self.client.screen_text(),
                    self._where(),
                )
            )
        errors = self.emulated.panel_errors()
        if errors:
            raise LockstepError("the emulated panel reports: %s" % errors[-3:])

    def _same_seed(self) -> None:
        """A game started: the virtual board again, from power-on, with the emulator's seed."""
        self._catch_up()
        files = self.emulated.files()
        seeds = [v for k, v in files.items() if k.startswith("games/") and k.endswith(".key")]
        if len(seeds) != 1:
            raise EmulatorError("one game's seed on the emulated flash, not %d" % len(seeds))
        self.seed = seeds[0].hex()
        self.device.stop()
        self.device = self._boot(self.seed)
        for kind, names in self.history:
            if kind == "cut":
                self.device.restart()
            else:
                self._virtual_press(kind, names)
        self.compare()

    def power_cut(self) -> None:
        """The plug pulled on both at the same moment (after the presses made so far); both
        boot again on their flash, and the screens they resume on are compared."""
        if self._queue:
            self._catch_up()
        self.emulated.power_cut()
        self.device.restart()
        self.history.append(("cut", ()))
        self.compare()

    def logs(self) -> tuple[dict[str, bytes], dict[str, bytes]]:
        """The finished and unfinished game logs on both flashes: (emulated, virtual)."""
        emulated = {k: v for k, v in self.emulated.files().items() if k.endswith(".log")}
        flash = self.device.flash
        virtual = {
            p.relative_to(flash).as_posix(): p.read_bytes() for p in flash.rglob("games/*.log")
        }
        return emulated, virtual

    def _keep(self, got: bytes, expected: bytes) -> None:
        from host.sim_client import pbm_to_png

        self.shots.mkdir(parents=True, exist_ok=True)
        head = b"P4\n296 128\n"
        (self.shots / "emulated.png").write_bytes(pbm_to_png(head + got))
        (self.shots / "virtual.png").write_bytes(pbm_to_png(head + expected))

    def _where(self) -> str:
        return "\n(both pictures in %s)" % os.fspath(self.shots)

    def stop(self) -> None:
        self.device.stop()


def _cursor_moved(before: dict, after: dict) -> bool:
    """Only the cursor (or the page) moved on the same screen: the emulator can wait."""
    same = all(before.get(k) == after.get(k) for k in COMPARED)
    return same and before.get("cursor") != after.get("cursor")
