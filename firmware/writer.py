# writer.py  Text in three sizes drawn into the display's framebuffer
# MIT licence. "large" and "medium" are font-to-py binary font files (fonts/*.bin,
# Atkinson Hyperlegible Bold, see fonts/README.md) read glyph by glyph from flash as
# they are drawn: stock MicroPython on the Pico cannot freeze modules, and a font
# imported as a .mpy module would keep all its bitmaps in RAM (docs/device.md, Fonts).
# Here only the advance widths stay in RAM (95 bytes a font) with one glyph buffer.
# "small" is MicroPython's built-in 8x8 font (FrameBuffer.text).
#
# A glyph is blitted through a two-colour palette with the paper colour as the
# transparent key, so only ink is written: neighbouring glyphs never erase each other.

import framebuf
from micropython import const

_FIRST = const(32)  # the printable ASCII a font-to-py binary font holds: 32..126
_COUNT = const(95)
_UNKNOWN = const(31)  # "?" for anything else
_DIR = None  # where fonts/ was found (beside the modules, on sys.path)


def _find(name):
    global _DIR
    if _DIR is None:
        import sys

        for folder in sys.path:
            prefix = folder + "/" if folder and not folder.endswith("/") else folder
            try:
                open(prefix + "fonts/" + name + ".bin", "rb").close()
            except OSError:
                continue
            _DIR = prefix + "fonts/"
            break
        else:
            raise OSError("font %s not found (fonts/ beside the firmware)" % name)
    return _DIR + name + ".bin"


class Builtin:
    """MicroPython's 8x8 font: in the firmware, no heap."""

    name = "small"
    height = 8

    def width(self, text):
        return 8 * len(text)

    def draw(self, fb, text, x, y, ink, paper, palette):
        fb.text(text, x, y, ink)

    def close(self):
        pass


class BinFont:
    """A font-to-py binary font file (horizontally mapped): widths kept, glyphs read on
    demand into one buffer. The file is opened at the first glyph drawn and closed by
    close() (the Painter closes it after each screen: no handle stays open on flash)."""

    def __init__(self, name):
        self.name = name
        self.path = _find(name)
        with open(self.path, "rb") as f:
            head = f.read(4)
            if len(head) != 4 or head[0] != 0x40 or head[1] != 0xE7:
                raise ValueError("%s is not a font-to-py binary font" % self.path)
            self.height = head[3]
            self._record = 1 + head[3] * ((head[2] + 7) >> 3)
            widths = bytearray(_COUNT)
            for i in range(_COUNT):
                f.seek(4 + i * self._record)
                widths[i] = f.read(1)[0]
        self.widths = bytes(widths)
        self._buf = bytearray(self._record - 1)
        self._glyph = framebuf.FrameBuffer(self._buf, head[2], head[3], framebuf.MONO_HLSB)
        self._file = None

    def width(self, text):
        widths = self.widths
        w = 0
        for ch in text:
            i = ord(ch) - _FIRST
            w += widths[i if 0 <= i < _COUNT else _UNKNOWN]
        return w

    def draw(self, fb, text, x, y, ink, paper, palette):
        f = self._file
        if f is None:
            f = self._file = open(self.path, "rb")
        buf = self._buf
        glyph = self._glyph
        record = self._record
        widths = self.widths
        for ch in text:
            i = ord(ch) - _FIRST
            if not 0 <= i < _COUNT:
                i = _UNKNOWN
            if ch != " ":
                f.seek(5 + i * record)
                f.readinto(buf)
                fb.blit(glyph, x, y, paper, palette)
            x += widths[i]

    def close(self):
        if self._file is not None:
            self._file.close()
            self._file = None


# a size -> its Builtin or BinFont
_fonts = {"small": Builtin()}  # type: dict


def font(name):
    """The font of a size ("small", "medium", "large"), loaded at its first use."""
    f = _fonts.get(name)
    if f is None:
        f = _fonts[name] = BinFont(name)
    return f


def width(text, name):
    return font(name).width(text)


class Writer:
    """Draws strings on a framebuffer in black on white or white on black."""

    def __init__(self, fb, white, black):
        self.fb = fb
        self.white = white
        self.black = black
        # palettes: glyph bit 0 -> paper (the key: not drawn), 1 -> ink
        self._palettes = []
        for ink, paper in ((black, white), (white, black)):
            p = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
            p.pixel(0, 0, paper)
            p.pixel(1, 0, ink)
            self._palettes.append(p)

    def text(self, text, x, y, size, inverted=False):
        ink, paper = (self.white, self.black) if inverted else (self.black, self.white)
        font(size).draw(self.fb, text, x, y, ink, paper, self._palettes[1 if inverted else 0])

    def close(self):
        for f in _fonts.values():
            f.close()
