"""Readable across the table: every screen the screenshots show, rendered by the firmware
on the virtual board, has its type measured from the picture (host/typesize.py): the
primary fact of a public screen at least 22 px (5 mm), its facts and choices at least
13 px (3 mm), nothing anywhere below the first firmware's 8x8 font; and the measurement
is shown to fail a screen that slips back to small print, even one whose description
claims large type."""

import shutil
import tempfile
from pathlib import Path

import pytest
from device_helpers import check_texts, render_screen
from interpreters import ROOT

from host import typesize
from host.fonts import BinFont
from host.screenshots import render_all


@pytest.fixture(scope="module")
def shots():
    work = Path(tempfile.mkdtemp(prefix="confessor-type-"))
    try:
        yield render_all(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def test_every_screen_shown_reads_back_in_the_sizes_it_declares(shots):
    assert len(shots) >= 30
    for shot in shots.values():
        check_texts(shot.screen, shot.image)


def test_public_facts_are_set_large_enough_to_read_across_the_table(shots):
    """Every screen of every game shown, the turn screens and the keeper's included:
    none may slip back to small print."""
    failing = {}
    for name, shot in shots.items():
        found = typesize.problems(shot.screen, shot.image)
        if found:
            failing[name] = found
    assert not failing, failing
    for name in ("turn", "keeper-market", "keeper-order", "keeper-table", "keeper-guess"):
        assert name in shots, name


def test_the_docs_state_each_screens_primary_fact_and_height_as_measured(shots):
    """docs/device.md's table is written from this measurement (python -m host.screenshots)."""
    from host.screenshots import sizes_block

    doc = (ROOT / "docs" / "device.md").read_text()
    assert sizes_block(shots) in doc, "docs/device.md: run python -m host.screenshots"
    assert "| turn | the table | P1's turn | 24 px, 5.4 mm | 14 px, 3.2 mm |" in doc


def test_the_generic_screens_measure_as_designed(shots):
    """The big fact in capitals of 24 px (the large font's), measured from the pixels."""
    large = BinFont.named("large").cap_height()
    for name in ("splash", "menu", "seal", "pass", "pause", "confirm", "over", "result"):
        text, height = typesize.primary(shots[name].screen, shots[name].image)
        assert text and height == large == 24, (name, text, height)
    text, height = typesize.primary(shots["pass"].screen, shots["pass"].image)
    assert text == "P1"
    facts = [r for r in shots["seal"].screen["texts"] if r[5] == "fact"]
    assert facts and typesize.text_height(shots["seal"].image, facts[0]) == 14


JUDGMENT = (
    'scr = ui.Screen("judgment", "Last Judgment", big="JUDGMENT 1/3",'
    ' facts=["It stays on the table."], lines=["Last Judgment 1 of 3."], keys=("OK", "", ""))'
)


def test_the_measure_passes_the_screen_as_laid_out():
    image, screen = render_screen(JUDGMENT)
    check_texts(screen, image)
    assert typesize.problems(screen, image) == []
    assert typesize.primary(screen, image) == ("JUDGMENT 1/3", 24)


def test_the_measure_fails_a_big_fact_slipped_back_to_small_print():
    image, screen = render_screen(
        'ui.Painter._big = lambda self, text, lines: ("small", [text])\n' + JUDGMENT
    )
    found = typesize.problems(screen, image)
    assert "primary 'JUDGMENT 1/3' is 7 px, under 22 px" in found, found


def test_the_measure_reads_pixels_not_the_description():
    """The description still says "large" but the pen draws the 8x8 font: the glyphs
    read back wrong and the height measures small."""
    image, screen = render_screen(
        "def small_pen(self, fb, text, x, y, paper, palette):\n"
        "    fb.text(text, x, y, 0)\n"
        "writer.font('large')\n"
        "writer.Font.draw = small_pen\n" + JUDGMENT
    )
    assert [r[3] for r in screen["texts"] if r[5] == "primary"] == ["large"]
    found = typesize.problems(screen, image)
    assert any(p.startswith("primary 'JUDGMENT 1/3' is") for p in found), found
    with pytest.raises(AssertionError):
        check_texts(screen, image)


def test_the_measure_fails_second_level_facts_in_small_print_and_a_missing_big_fact():
    image, screen = render_screen(
        "def small_pen(self, fb, text, x, y, paper, palette):\n"
        "    fb.text(text, x, y, 0)\n"
        "writer.Font.draw = small_pen\n"
        'scr = ui.Screen("over", "Game over", facts=["MOST points wins"], keys=("OK", "", ""))'
    )
    found = typesize.problems(screen, image)
    assert "no primary fact" in found, found
    assert any(p.startswith("fact 'MOST points wins'") and "under 13 px" in p for p in found)


def test_private_screens_may_be_dense_but_never_below_the_8x8_font():
    image, screen = render_screen(
        'scr = ui.Screen("secret", "P1 only", lines=["Reserve: 4 Envy"], private=True)'
    )
    assert typesize.problems(screen, image) == []
    # the same in a 5-pixel font (the 8x8 font's glyphs squeezed) fails
    image, screen = render_screen(
        "def squeezed(fb, text, x, y, ink):\n"
        "    for n in range(len(text)):\n"
        "        g = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)\n"
        "        g.text(text[n], 0, 0, 1)\n"
        "        for j in range(8):\n"
        "            for i in range(8):\n"
        "                if g.pixel(i, j) and j % 3 != 2:\n"
        "                    fb.pixel(x + 8 * n + i, y + j - j // 3, ink)\n"
        "class Squeezed:\n"
        "    def __init__(self, fb):\n"
        "        self.fb = fb\n"
        "    def fill(self, c):\n"
        "        self.fb.fill(c)\n"
        "    def text(self, text, x, y, ink):\n"
        "        squeezed(self.fb, text, x, y, ink)\n"
        "painter.fb = Squeezed(display.fb)\n"
        'scr = ui.Screen("secret", "", lines=["Reserve: 4 Envy"], private=True)'
    )
    found = typesize.problems(screen, image)
    assert any(p.startswith("detail 'Reserve: 4 Envy' is 5 px, under 7 px") for p in found), found
