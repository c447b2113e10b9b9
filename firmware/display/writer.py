# writer.py  Text in three sizes for the display's framebuffer
# MIT licence. "large" and "medium" are font-to-py binary font files (fonts/*.bin,
# Atkinson Hyperlegible Bold, see fonts/README.md) read glyph by glyph from flash as
# they are drawn: stock MicroPython on the Pico cannot freeze modules, and a font
# imported as a .mpy module would keep all its bitmaps in RAM (docs/device.md, Fonts).
# Only the advance widths stay in RAM (95 bytes a font) with one glyph buffer.
# "small" is MicroPython's built-in 8x8 font (FrameBuffer.text).
#
# Symbols (the seven sins, goods, rooms, card suits: drawn in host/symbols.py) are
# glyphs too, stored after the 95 letters of each font file: chr(0x100 + k) draws
# SYMBOLS' k-th name, so a symbol stands anywhere in a line of medium or large type and
# the layout measures it like a letter. The small 8x8 type has none: it writes the
# symbol's name in brackets, as the text description does (plain()).
#
# A glyph is blitted through a two-colour palette with the paper colour as the
# transparent key, so only ink is written: neighbouring glyphs never erase each other.

import blobs
import framebuf
from micropython import const

_FIRST = const(32)  # the printable ASCII a font-to-py binary font holds: 32..126
_COUNT = const(95)  # letters; the symbols follow
_UNKNOWN = const(31)  # "?" for anything else
_SYMBOL = const(0x100)
_SHIFT = const(0xE0 - 95)  # ord(symbol) - _FIRST - _SHIFT: its record, after the letters
# The order of host/symbols.py (tests/firmware/test_symbols.py): a symbol's character is its place.
# One string, not a tuple of names: it costs the heap one object.
SYMBOLS = (
    " pride greed lust envy wrath sloth gluttony bread wine cloth jewel indulgence taler"
    " room clubs diamonds hearts spades "
)
_fonts = {}


class Font:
    """A font-to-py binary font file (horizontally mapped): widths kept, glyphs read on
    demand into one buffer. The file is opened at the first glyph drawn and closed by
    close() (the Painter closes it after each screen: no handle stays open on flash)."""

    def __init__(self, name):
        self.path = "fonts/%s.bin" % name  # blobs.py: frozen in flash, or a file
        with blobs.open_blob(self.path) as f:
            head = f.read(4)
            if len(head) != 4 or head[0] != 0x40 or head[1] != 0xE7:
                raise ValueError("%s is not a font-to-py binary font" % self.path)
            self.height = head[3]
            self._record = record = 1 + head[3] * ((head[2] + 7) >> 3)
            self.count = count = (blobs.size(self.path) - 4) // record  # letters, symbols
            widths = bytearray(count)
            for i in range(count):
                f.seek(4 + i * record)
                f.readinto(memoryview(widths)[i : i + 1])
        self.widths = widths
        self._bits = bytearray(record - 1)  # one glyph, read into from flash
        self._glyph = framebuf.FrameBuffer(self._bits, head[2], head[3], framebuf.MONO_HLSB)
        self._file = None

    def _index(self, ch):
        i = ord(ch) - _FIRST
        if i >= 0xE0:  # a symbol
            i -= _SHIFT
        elif i >= _COUNT:
            return _UNKNOWN
        return i if 0 <= i < self.count else _UNKNOWN

    def width(self, text):
        widths = self.widths
        w = 0
        for ch in text:
            w += widths[self._index(ch)]
        return w

    def draw(self, fb, text, x, y, paper, palette):
        """Draws `text` at (x, y); returns the x after it."""
        f = self._file
        if f is None:
            f = self._file = blobs.open_blob(self.path)
        glyph = self._glyph
        for ch in text:
            i = self._index(ch)
            if i:  # a space has no ink
                f.seek(5 + i * self._record)
                f.readinto(self._bits)
                fb.blit(glyph, x, y, paper, palette)
            x += self.widths[i]

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None


def font(name):
    """The font file of a size ("medium", "large"), loaded at its first use."""
    f = _fonts.get(name)
    if f is None:
        f = _fonts[name] = Font(name)
    return f


def symbol(name):
    """The character that draws the symbol `name` (one of SYMBOLS) in medium or large
    type, or "" when there is no such symbol."""
    at = SYMBOLS.find(" " + name + " ")
    return chr(_SYMBOL + SYMBOLS.count(" ", 0, at)) if at >= 0 and name else ""


def plain(text):
    """`text` with each symbol written as its name in brackets: what the small type
    draws and what a text description says."""
    if not text or max(text) < chr(_SYMBOL):
        return text
    names = SYMBOLS.split()
    out = []
    for ch in text:
        k = ord(ch) - _SYMBOL
        out.append("[%s]" % names[k] if 0 <= k < len(names) else ch if k < 0 else "?")
    return "".join(out)


def width(text, size):
    return 8 * len(plain(text)) if size == "small" else font(size).width(text)


def height(size):
    return 8 if size == "small" else font(size).height


def close():
    for f in _fonts.values():
        f.close()
