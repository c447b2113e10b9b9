"""How big the type on a rendered screen is, measured from its pixels.

A screen's description (firmware/display/ui.py `Screen.data()`) records every text drawn with
its position, size and role; the role says what the text is to the reader ("primary":
the screen's big fact, "fact" and "choice": the second level, "detail", "title", "key"
...). The description only says where to look: the height is read from the picture, as
the ink of the text's capital letters and digits (each character's cell measured on its
own, the median taken, so one "Q" or "J" does not count). A screen whose big fact
slips back to small print measures small, whatever its description claims.

Thresholds (issue "Readable across the table"), for a 296 x 128 panel of 66.89 x 29.05 mm
(0.226 x 0.227 mm a pixel):
- public screens (anything not marked private): the primary fact's capitals at least 22 px
  (5 mm), facts and choices at least 13 px (3 mm), and every public screen has one;
- private screens (held in the hand) and every other text: never below the 8x8 font of
  the first firmware, whose capitals are 7 px (1.6 mm).
"""

from __future__ import annotations

from host import symbols
from host.fonts import BinFont
from host.sim_client import pixel

MM_PER_PX = 29.05 / 128  # vertical pitch (heights are vertical)
PRIMARY_PX = 22
SECOND_PX = 13
SMALLEST_PX = 7  # capitals of MicroPython's 8x8 font
MEASURED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def cell_height(size: str) -> int:
    return 8 if size == "small" else BinFont.named(size).height


def glyph_cells(text: str, x: int, size: str) -> list[tuple[str, int, int]]:
    """(character, its x, its cell width) for each character of a drawn text."""
    if size == "small":
        return [(ch, x + 8 * n, 8) for n, ch in enumerate(text)]
    font = BinFont.named(size)
    out = []
    for ch in text:  # a drawn symbol is a glyph of the font too (host/symbols.py)
        out.append((ch, x, font.advance(ch)))
        x += font.advance(ch)
    return out


def ink_height(image, x: int, y: int, w: int, h: int, inverted: bool) -> int:
    """Rows from the first to the last holding ink in a cell (0 when blank)."""
    rows = []
    for j in range(h):
        for i in range(w):
            px, py = x + i, y + j
            if 0 <= px < 296 and 0 <= py < 128 and pixel(image, px, py) ^ inverted:
                rows.append(j)
                break
    return rows[-1] - rows[0] + 1 if rows else 0


def text_height(image, record) -> int | None:
    """The measured capital height of one drawn text, or None if it has no capital
    letter or digit to measure."""
    x, y, text, size, inverted, _role = record
    heights = sorted(
        ink_height(image, cx, y, w, cell_height(size), bool(inverted))
        for ch, cx, w in glyph_cells(text, x, size)
        if ch in MEASURED
    )
    return heights[len(heights) // 2] if heights else None


def primary(screen: dict, image) -> tuple[str, int | None]:
    """(the primary fact as drawn, its measured height) or ("", None)."""
    rows = [r for r in screen["texts"] if r[5] == "primary"]
    if not rows:
        return "", None
    heights = [text_height(image, r) for r in rows]
    known = [h for h in heights if h is not None]
    return " ".join(r[2] for r in rows), (min(known) if known else None)


def problems(screen: dict, image) -> list[str]:
    """What makes a screen hard to read at its distance (empty: nothing)."""
    out = []
    public = not screen["private"]
    if public and not any(r[5] == "primary" for r in screen["texts"]):
        out.append("no primary fact")
    for record in screen["texts"]:
        role = record[5]
        height = text_height(image, record)
        if height is None:
            if public and role == "primary":
                out.append("primary fact %r has nothing to measure" % record[2])
            continue
        least = SMALLEST_PX
        if public and role == "primary":
            least = PRIMARY_PX
        elif public and role in ("fact", "choice"):
            least = SECOND_PX
        if height < least:
            out.append("%s %r is %d px, under %d px" % (role, record[2], height, least))
    return out


def smallest(screen: dict, image, roles=("fact", "choice")) -> int | None:
    """The smallest measured capital height among the texts of these roles."""
    heights = [text_height(image, r) for r in screen["texts"] if r[5] in roles]
    known = [h for h in heights if h is not None]
    return min(known) if known else None


def named(text: str) -> str:
    """A drawn text with its symbols written as their names: "2[bread] 3[wine]"."""
    return "".join(
        ch
        if ord(ch) < symbols.SYMBOL_BASE
        else "[%s]" % symbols.NAMES[ord(ch) - symbols.SYMBOL_BASE]
        for ch in text
    )


def table(shots: dict) -> list[str]:
    """A Markdown table of every screen: its primary fact and the height of its capitals
    as measured from the picture, and the smallest second-level text (facts, choices)."""

    def size(px: int | None) -> str:
        return "-" if px is None else "%d px, %.1f mm" % (px, px * MM_PER_PX)

    out = [
        "| screen | seen by | primary fact | its capitals | smallest fact or choice |",
        "|---|---|---|---|---|",
    ]
    for name, shot in shots.items():
        text, height = primary(shot.screen, shot.image)
        text = text.replace("|", "/") or "(none: a private screen)"
        out.append(
            "| %s | %s | %s | %s | %s |"
            % (
                name,
                "one player" if shot.screen["private"] else "the table",
                named(text),
                size(height),
                size(smallest(shot.screen, shot.image)),
            )
        )
    return out
