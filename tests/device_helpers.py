"""Helpers for the device tests: read the simulated panel back, drive games by buttons.

The panel picture is checked against the screen's description by reading every text
the firmware says it drew, glyph by glyph, with MicroPython's own 8x8 font (dumped
once from the unix port): the picture and the words must agree pixel for pixel.
"""

from __future__ import annotations

import functools
import subprocess

from interpreters import ROOT

from host import sim_play
from host.sim_client import SimClient, SimDevice, micropython, pixel
from host.sim_play import corner_move, next_press, sins_policy, start_game  # noqa: F401

FONT_DUMP = """
import framebuf
b = bytearray(8)
f = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_HLSB)
for c in range(32, 127):
    f.fill(0)
    f.text(chr(c), 0, 0, 1)
    print(c, bytes(b).hex())
"""

SEED = "5eed" * 16
PORTABLE = ROOT / "tests" / "portable"


@functools.lru_cache(maxsize=1)
def glyphs() -> dict[str, list[int]]:
    out = subprocess.run(
        [micropython(), "-c", FONT_DUMP], capture_output=True, text=True, check=True
    ).stdout
    table = {}
    for line in out.split("\n"):
        if line.strip():
            code, hexed = line.split()
            table[chr(int(code))] = list(bytes.fromhex(hexed))
    return table


def read_glyph(image, x, y, scale, inverted) -> list[int]:
    rows = []
    for j in range(8):
        row = 0
        for i in range(8):
            px = x + i * scale
            py = y + j * scale
            bit = pixel(image, px, py) if 0 <= px < 296 and 0 <= py < 128 else 0
            if inverted:
                bit ^= 1
            row |= bit << (7 - i)
        rows.append(row)
    return rows


def check_picture(client: SimClient) -> dict:
    """Every text of the screen description is in the picture where it says."""
    screen = client.screen()
    image = client.screen_image()
    table = glyphs()
    assert screen["texts"], "a screen with no text"
    for x, y, text, scale, inverted in screen["texts"]:
        for n, ch in enumerate(text):
            got = read_glyph(image, x + 8 * scale * n, y, scale, inverted)
            assert got == table[ch], f"{screen['name']}: {text!r} char {n} {ch!r} at ({x},{y})"
    return screen


def step(client: SimClient, policy=sins_policy, check=True) -> str:
    """One decision on whatever screen is up, the picture read back first."""
    return sim_play.step(client, policy, check_picture if check else None)


def play_to_result(client: SimClient, policy=sins_policy, check=True, limit=2000) -> list[str]:
    return sim_play.play_to_result(client, policy, check_picture if check else None, limit)


def log_of(flash) -> bytes:
    logs = sorted((flash / "games").glob("*.log"))
    assert len(logs) == 1, logs
    return logs[0].read_bytes()


def start_device(tmp_path, **kw) -> SimDevice:
    return SimDevice.start(tmp_path / "flash", seed=kw.pop("seed", SEED), **kw)
