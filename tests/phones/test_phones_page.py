"""The phone page (firmware/phones/phone_page.html) draws cards with the device's own symbols:
the pictures written into it are host/symbols.py's ART, pixel for pixel, under the same
names (a sin, a good, taler, a room, a suit), and the page stays within its budget."""

import re
from pathlib import Path

from host.symbols import ART, SIDE

PAGE = Path(__file__).resolve().parents[2] / "firmware" / "phones" / "phone_page.html"
BUDGET = 40 * 1024  # docs/phones.md, "The page, drawn as the game"


def page_symbols() -> dict[str, tuple[str, ...]]:
    text = PAGE.read_text()
    found = re.search(r'SYMS = "([^"]*)"', text)
    assert found, "the page holds no symbols"
    out = {}
    for item in found[1].split(";"):
        name, hexes = item.split(":")
        rows = [int(hexes[i : i + 4], 16) for i in range(0, len(hexes), 4)]
        out[name] = tuple(
            "".join("#" if row >> (SIDE - 1 - x) & 1 else "." for x in range(SIDE)) for row in rows
        )
    return out


def test_the_page_draws_the_devices_symbols():
    assert page_symbols() == ART


def test_the_page_is_within_its_budget():
    assert PAGE.stat().st_size <= BUDGET
