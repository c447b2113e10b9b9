"""The device's fonts: made with font-to-py, checked, and read back on the host.

    .venv/bin/python -m host.fonts           # (re)write firmware/display/fonts/ from the typeface
    .venv/bin/python -m host.fonts --check   # exit 1 if firmware/display/fonts/ is stale, write nothing

The typeface is Atkinson Hyperlegible Bold (Braille Institute of America, SIL Open Font
Licence 1.1), from the pinned `fontpkg-atkinson-hyperlegible` package; Peter Hinch's
font-to-py (pinned `font-to-py`) renders it with FreeType into its binary font format
(`-b -x`, printable ASCII). The output is committed, so building and flashing never need
the TTF or FreeType; only regenerating does. Format (font-to-py's binary font file, horizontal
mapping, normal bit order): 4 header bytes (0x40 0xE7, max_width, height), then for each
character 32..126 one byte of advance width and `height` rows of ceil(max_width / 8)
bytes, leftmost pixel in the most significant bit (framebuf.MONO_HLSB).

The firmware reads them with firmware/display/writer.py; tests read them back here (`BinFont`).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from host import symbols

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "firmware" / "display" / "fonts"
FAMILY = "Atkinson Hyperlegible"
FACE = "AtkinsonHyperlegible-Bold.ttf"
# name -> font-to-py height argument (the cell height it aims at). Chosen for cap heights
# on the 2.9" panel (296 px on 66.9 mm, 0.226 mm a pixel): large capitals 24 px (5.4 mm),
# medium capitals 14 px (3.2 mm). The small size is MicroPython's built-in 8x8 font.
SIZES = {"large": 34, "medium": 21}
FIRST, LAST = 32, 126
SIGNATURE = (0x40, 0xE7)  # binary, horizontally mapped, not bit-reversed

README = """\
# Fonts (generated: do not edit)

Bitmaps of **{family} Bold** (Copyright 2020 Braille Institute of America, Inc.), converted
by font-to-py for this panel. The typeface is licensed under the SIL Open Font License 1.1: see
`OFL.txt` beside these files, which is flashed with them.

| file | font-to-py height | cell height | capital height |
|---|---|---|---|
{rows}

After font-to-py's 95 characters, each file holds the device's drawn symbols (the seven sins,
goods, rooms, card suits) as further records of the same format: drawn in `host/symbols.py`
(14 x 14 pixels; doubled for the large size), appended by the same command.

Regenerate with `.venv/bin/python -m host.fonts` (check with `--check`); the pinned dev
dependencies `font-to-py`, `freetype-py` and `fontpkg-atkinson-hyperlegible` provide the
converter and the TTF. Format: font-to-py's binary font file (`-b -x`), described in
host/fonts.py; loading and cost: docs/device.md, Fonts.
"""


def typeface() -> Path:
    """The TTF, from the pinned package (a dev dependency)."""
    try:
        import fontpkg_atkinson_hyperlegible as package
    except ImportError:
        raise SystemExit(
            "fonts: fontpkg-atkinson-hyperlegible is not installed: make install"
        ) from None
    return package.ROOT / "files" / FACE


def licence() -> Path:
    import fontpkg_atkinson_hyperlegible as package

    return package.ROOT / "LICENSE"


def font_to_py(args: list[str], out: Path) -> None:
    # font-to-py wants an output name starting with a letter: run it in the output folder
    done = subprocess.run(
        [sys.executable, "-m", "font_to_py.font_to_py", *args, out.name],
        capture_output=True,
        text=True,
        cwd=out.parent,
    )
    if done.returncode != 0 or "written successfully" not in done.stdout:
        raise SystemExit("fonts: font-to-py failed: " + (done.stderr or done.stdout).strip())


def binary(height: int, out: Path) -> None:
    font_to_py(["-x", "-b", str(typeface()), str(height)], out)


def python_module(name: str, out: Path) -> None:
    """font-to-py's Python font module of the same size (what importing it costs is
    measured by `make bench`; the firmware does not use it)."""
    font_to_py(["-x", str(typeface()), str(SIZES[name])], out)


def build(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    rows = []
    for name, height in SIZES.items():
        path = folder / f"{name}.bin"
        binary(height, path)
        font = BinFont(path.read_bytes())
        rows.append(f"| `{name}.bin` | {height} | {font.height} px | {font.cap_height()} px |")
        with path.open("ab") as f:  # the drawn symbols: records 95 on
            f.write(symbols.records(name, font.height, font.stride))
    shutil.copyfile(licence(), folder / "OFL.txt")
    (folder / "README.md").write_text(README.format(family=FAMILY, rows="\n".join(rows)))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="host.fonts", description="Make the device's fonts.")
    parser.add_argument("--check", action="store_true", help="exit 1 if the fonts are stale")
    args = parser.parse_args(argv)
    if not args.check:
        build(OUT)
        print("fonts written to %s" % OUT.relative_to(ROOT))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp))
        stale = [
            p.name
            for p in sorted(Path(tmp).iterdir())
            if not (OUT / p.name).exists() or (OUT / p.name).read_bytes() != p.read_bytes()
        ]
    if stale:
        print(
            "fonts: stale in firmware/display/fonts: %s (run python -m host.fonts)"
            % ", ".join(stale)
        )
        return 1
    print("fonts: up to date")
    return 0


# ****** reading them back ******
class BinFont:
    """A font-to-py binary font file: advance widths and glyph bitmaps as rows of bits."""

    def __init__(self, data: bytes):
        if len(data) < 4 or tuple(data[:2]) != SIGNATURE:
            raise ValueError("not a horizontally mapped font-to-py binary font")
        self.max_width = data[2]
        self.height = data[3]
        self.stride = (self.max_width + 7) // 8
        self.record = 1 + self.height * self.stride
        self.data = data
        self.count = (len(data) - 4) // self.record  # 95 characters, then the symbols
        if self.count < LAST - FIRST + 1 or (len(data) - 4) % self.record:
            raise ValueError("font file of the wrong length")

    @classmethod
    def named(cls, name: str) -> BinFont:
        return _loaded(name)

    def _offset(self, ch: str) -> int:
        code = ord(ch)
        if code >= symbols.SYMBOL_BASE:  # a drawn symbol
            index = LAST - FIRST + 1 + code - symbols.SYMBOL_BASE
        else:
            index = code - FIRST
        if not 0 <= index < self.count:
            index = ord("?") - FIRST
        return 4 + index * self.record

    def advance(self, ch: str) -> int:
        return self.data[self._offset(ch)]

    def width(self, text: str) -> int:
        return sum(self.advance(ch) for ch in text)

    def glyph(self, ch: str) -> list[list[int]]:
        """rows[y][x] of 0/1 over the character's advance width."""
        at = self._offset(ch) + 1
        w = self.advance(ch)
        rows = []
        for y in range(self.height):
            row = self.data[at + y * self.stride : at + (y + 1) * self.stride]
            rows.append(
                [(row[x >> 3] >> (7 - (x & 7))) & 1 if x < 8 * self.stride else 0 for x in range(w)]
            )
        return rows

    def ink_rows(self, ch: str) -> tuple[int, int] | None:
        rows = [y for y, row in enumerate(self.glyph(ch)) if any(row)]
        return (rows[0], rows[-1]) if rows else None

    def cap_height(self) -> int:
        top, bottom = self.ink_rows("H") or (0, -1)
        return bottom - top + 1


_cache: dict[str, BinFont] = {}


def _loaded(name: str) -> BinFont:
    if name not in _cache:
        _cache[name] = BinFont((OUT / f"{name}.bin").read_bytes())
    return _cache[name]


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
