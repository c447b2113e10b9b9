"""The committed fonts: what font-to-py makes from the pinned typeface today, the sizes
the docs state, the licence beside them, and on the board's file list (the device
manifest, firmware/manifest.py)."""

import subprocess
import sys

from interpreters import ROOT

from host import fonts
from host.flash import BoardInfo, build, sources
from host.fonts import BinFont


def test_committed_fonts_are_what_font_to_py_makes_of_the_typeface():
    done = subprocess.run(
        [sys.executable, "-m", "host.fonts", "--check"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "up to date" in done.stdout


def test_sizes_are_those_the_layout_is_designed_for():
    large = BinFont.named("large")
    medium = BinFont.named("medium")
    assert (large.height, large.cap_height()) == (34, 24)  # 5.4 mm capitals
    assert (medium.height, medium.cap_height()) == (22, 14)  # 3.2 mm
    # ten of the widest capital a seat name is likely to hold fit the panel
    assert large.width("M" * 10) <= 292
    assert large.advance("?") > 0 and large.glyph("?") != large.glyph(" ")


def test_the_licence_travels_with_the_font_data():
    folder = ROOT / "firmware" / "display" / "fonts"
    licence = (folder / "OFL.txt").read_text()
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    assert "Braille Institute of America" in licence
    readme = (folder / "README.md").read_text()
    assert "python -m host.fonts" in readme and "OFL.txt" in readme
    rp2 = BoardInfo("rp2", (1, 29, 0), 6 | (6 << 10))
    files = sources(ROOT / "firmware", rp2)
    for name in fonts.SIZES:
        assert f"fonts/{name}.bin" in files
    assert "fonts/OFL.txt" in files
    assert "fonts/README.md" not in files
    # flashed byte for byte, never through mpy-cross
    flashed, _ = build(ROOT / "firmware", rp2, force_py=True)
    assert flashed["fonts/large.bin"] == (folder / "large.bin").read_bytes()


def test_a_font_file_of_the_wrong_kind_is_refused():
    data = (ROOT / "firmware" / "display" / "fonts" / "medium.bin").read_bytes()
    for bad in (b"", b"\x3f\xe7" + data[2:], data[:-1]):
        try:
            BinFont(bad)
        except ValueError:
            continue
        raise AssertionError("accepted a bad font file")
