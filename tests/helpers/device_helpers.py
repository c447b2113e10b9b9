"""Helpers for the device tests: read the simulated panel back, drive games by buttons.

The panel picture is checked against the screen's description by reading every text
the firmware says it drew, glyph by glyph: the small size with MicroPython's own 8x8
font (dumped once from the unix port), the medium and large sizes with the font files
the firmware reads (firmware/display/fonts/, host/fonts.py). The picture and the words must
agree pixel for pixel over each glyph's whole cell.
"""

from __future__ import annotations

import functools
import os
import subprocess

from interpreters import ROOT

from host import sim_play
from host.fonts import BinFont
from host.manifest import source_path
from host.sim_client import SimClient, SimDevice, micropython, pixel
from host.sim_play import corner_move, next_press, sins_policy, start_game  # noqa: F401
from host.typesize import glyph_cells

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


def read_cell(image, x, y, w, h, inverted) -> list[list[int]]:
    """rows[j][i] of ink (1) in a w x h cell; outside the panel reads as paper."""
    rows = []
    for j in range(h):
        row = []
        for i in range(w):
            px, py = x + i, y + j
            bit = pixel(image, px, py) if 0 <= px < 296 and 0 <= py < 128 else 0
            row.append(bit ^ 1 if inverted else bit)
        rows.append(row)
    return rows


def check_texts(screen: dict, image) -> dict:
    """Every text of a screen's description is in its picture where it says, in the
    size it says, and no text was left out for want of room."""
    table = glyphs()
    assert screen["texts"], "a screen with no text"
    assert screen["hidden"] == 0, f"{screen['name']}: text that fitted nowhere"
    for x, y, text, size, inverted, _role in screen["texts"]:
        for n, (ch, cx, w) in enumerate(glyph_cells(text, x, size)):
            where = f"{screen['name']}: {text!r} char {n} {ch!r} at ({cx},{y}) in {size}"
            if size == "small":
                assert read_glyph(image, cx, y, 1, inverted) == table[ch], where
            else:
                want = BinFont.named(size).glyph(ch)  # a letter, or a drawn symbol
                assert read_cell(image, cx, y, w, len(want), inverted) == want, where
    return screen


def check_picture(client: SimClient) -> dict:
    """The screen on the simulated panel read back against its description."""
    return check_texts(client.screen(), client.screen_image())


RENDER = """
import binascii, framebuf, json, ui, writer

class Display:
    WHITE = 1
    BLACK = 0

    def __init__(self):
        self.fb = framebuf.FrameBuffer(bytearray(296 * 16), 296, 128, framebuf.MONO_VLSB)

display = Display()
painter = ui.Painter(display)
%s
painter.draw(scr)
rows = bytearray(37 * 128)
out = framebuf.FrameBuffer(rows, 296, 128, framebuf.MONO_HLSB)
invert = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
invert.pixel(0, 0, 1)
out.blit(display.fb, 0, 0, -1, invert)
print(json.dumps({"pbm": binascii.hexlify(rows).decode(), "screen": scr.data()}))
"""


def render_screen(code: str) -> tuple[tuple[int, int, bytes], dict]:
    """Draw a Screen with the firmware's Painter on the unix port, no board: `code`
    sets `scr` (it may also patch `ui` or `writer` first). (image, description)."""
    import json

    done = subprocess.run(
        [micropython(), "-c", RENDER % code],
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=":".join(str(p) for p in source_path())),
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    return (296, 128, bytes.fromhex(result["pbm"])), result["screen"]


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
