"""Render wiring/bringup/: what the self-test (wiring/selftest.py) shows on each board.

    .venv/bin/python -m host.bringup [OUT_DIR]

Runs the self-test on the MicroPython unix port against the simulated board
(firmware/sim/workbench.py: the simulated rp2 pads and bus, the display controller model,
the LED chain, the battery divider on USB, the five buttons pressed in turn), for each board
profile, and writes for each: the glass after each display step (1-bit PNG), the LEDs as the
self-test lit them (one row per LED, its colours left to right), and the printed output.
wiring/BRINGUP.md shows these; tests/device/test_bringup.py checks they are current.
"""

from __future__ import annotations

import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

from host.manifest import source_path
from host.sim_client import micropython, pbm_to_png

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "wiring" / "bringup"
PROFILES = ("reference", "badger2040w")
# the glass pictures kept, by the self-test's step: frame numbers in order of refresh
STEPS_SSD1680 = {1: "card", 4: "partial", 5: "fast"}
STEPS_UC8151 = {1: "card"}
SHIMS = {
    "machine.py": "from sim.workbench import ADC, PWM, SPI, Pin, PinBase, Signal  # noqa\n",
    "neopixel.py": "from sim.workbench import NeoPixel  # noqa\n",
    "rp2.py": "from sim.workbench import PIO, StateMachine, asm_pio  # noqa\n",
}


class SelfTestRun:
    """One run of the self-test on a simulated board."""

    def __init__(self, profile: str, output: str, events: list[dict], frames: dict[int, bytes]):
        self.profile = profile
        self.output = output
        self.events = events
        self.frames = frames  # frame number -> PBM

    @property
    def errors(self) -> list[str]:
        return next((e["errors"] for e in self.events if e["e"] == "exit"), ["no exit record"])

    def kinds(self) -> list[str]:
        return [e["kind"] for e in self.events if e["e"] == "refresh"]

    def led_steps(self) -> list[tuple[int, list[int]]]:
        """(LED index, colour) for every chain write that lit exactly one LED."""
        out = []
        for e in self.events:
            if e["e"] == "leds":
                lit = [(i, c) for i, c in enumerate(e["rgb"]) if any(c)]
                if len(lit) == 1:
                    out.append(lit[0])
        return out


def run(
    profile: str,
    vsys_mv: int = 4700,
    stuck: bool = False,
    faults: str | None = None,
    led_driver: str = "",
) -> SelfTestRun:
    """`stuck`: the display controller's BUSY never falls; `faults`: the faults.txt the
    firmware left on the board's flash; `led_driver`: the chain's driver, not the
    profile's."""
    with tempfile.TemporaryDirectory(prefix="confessor-bringup-") as tmp:
        if faults is not None:
            (Path(tmp) / "faults.txt").write_text(faults)
        shims = Path(tmp) / "shims"
        out = Path(tmp) / "out"
        shims.mkdir()
        out.mkdir()
        for name, text in SHIMS.items():
            (shims / name).write_text(text)
        env = dict(os.environ)
        for key in list(env):
            if key.startswith("CONFESSOR_"):
                del env[key]
        env.update(
            CONFESSOR_PROFILE=profile,
            CONFESSOR_SIM_OUT=str(out),
            CONFESSOR_SIM_VSYS_MV=str(vsys_mv),
            CONFESSOR_SIM_PANEL="stuck" if stuck else "",
            CONFESSOR_SIM_LED_DRIVER=led_driver,
            MICROPYPATH=":".join([str(shims), ".frozen", *map(str, source_path()), str(ROOT)]),
        )
        done = subprocess.run(
            [micropython(), str(ROOT / "wiring" / "selftest.py")],
            capture_output=True,
            text=True,
            env=env,
            cwd=tmp,
            timeout=300,
        )
        if done.returncode != 0:
            raise RuntimeError(
                "self-test failed on %s:\n%s%s" % (profile, done.stdout, done.stderr)
            )
        events = [json.loads(line) for line in (out / "events.jsonl").read_text().splitlines()]
        frames = {int(p.stem): p.read_bytes() for p in out.glob("*.pbm")}
        return SelfTestRun(profile, done.stdout, events, frames)


def leds_png(steps: list[tuple[int, list[int]]], count: int) -> bytes:
    """One row per LED, its colours left to right as lit (brightened to full for the eye)."""
    cell = 24
    rows: dict[int, list[list[int]]] = {i: [] for i in range(count)}
    for index, colour in steps:
        rows[index].append(colour)
    cols = max((len(c) for c in rows.values()), default=1) or 1
    w, h = cols * cell, count * cell
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        colours = rows[y // cell]
        for x in range(w):
            col = x // cell
            dx, dy = x % cell - cell // 2, y % cell - cell // 2
            inside = dx * dx + dy * dy <= (cell // 2 - 3) ** 2
            if inside and col < len(colours):
                top = max(colours[col]) or 1
                raw.extend(min(255, c * 255 // top) for c in colours[col])
            else:
                raw.extend((40, 40, 40) if inside else (255, 255, 255))
    return _png(w, h, 2, bytes(raw))


def _png(w: int, h: int, colour_type: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    head = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def pictures(result: SelfTestRun) -> dict[str, bytes]:
    """File name -> contents for one profile's run."""
    profile = json.loads((ROOT / "wiring" / "pinmap.json").read_text())["profiles"][result.profile]
    steps = STEPS_UC8151 if profile["display"]["driver"] == "uc8151" else STEPS_SSD1680
    out = {}
    for frame, step in steps.items():
        out["%s-%s.png" % (result.profile, step)] = pbm_to_png(result.frames[frame])
    out["%s-buttons.png" % result.profile] = pbm_to_png(result.frames[max(result.frames)])
    if profile["leds"].get("kind", "ws2812") == "ws2812":
        out["%s-leds.png" % result.profile] = leds_png(result.led_steps(), profile["leds"]["count"])
    out["%s-selftest.txt" % result.profile] = result.output.encode()
    return out


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else OUT
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for profile in PROFILES:
        result = run(profile)
        if result.errors:
            print("%s: the simulated parts report: %s" % (profile, "; ".join(result.errors)))
            return 1
        for name, data in pictures(result).items():
            (out / name).write_bytes(data)
            written.append(name)
    print("%d files in %s: %s" % (len(written), out, ", ".join(written)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
