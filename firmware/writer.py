# writer.py  Text in three sizes for the display's framebuffer
# MIT licence. "large" and "medium" are font-to-py binary font files (fonts/*.bin,
# Atkinson Hyperlegible Bold, see fonts/README.md) read glyph by glyph from flash as
# they are drawn: stock MicroPython on the Pico cannot freeze modules, and a font
# imported as a .mpy module would keep all its bitmaps in RAM (docs/device.md, Fonts).
# Only the advance widths stay in RAM (95 bytes a font) with one glyph buffer.
# "small" is MicroPython's built-in 8x8 font (FrameBuffer.text).
#
# A glyph is blitted through a two-colour palette with the paper colour as the
# transparent key, so only ink is written: neighbouring glyphs never erase each other.

import framebuf
from micropython import const

_FIRST = const(32)  # the printable ASCII a font-to-py binary font holds: 32..126
_COUNT = const(95)
_UNKNOWN = const(31)  # "?" for anything else
_dir = None  # where fonts/ was found (beside the modules, on sys.path)
_fonts = {}


def _path(name):
    global _dir
    if _dir is None:
        import sys

        for folder in sys.path:
            prefix = folder + "/" if folder and folder[-1] != "/" else folder
            try:
                open(prefix + "fonts/" + name + ".bin", "rb").close()
            except OSError:
                continue
            _dir = prefix + "fonts/"
            break
        else:
            raise OSError("font %s not found (fonts/ beside the firmware)" % name)
    return _dir + name + ".bin"


class Font:
    """A font-to-py binary font file (horizontally mapped): widths kept, glyphs read on
    demand into one buffer. The file is opened at the first glyph drawn and closed by
    close() (the Painter closes it after each screen: no handle stays open on flash)."""

    def __init__(self, name):
        self.path = _path(name)
        with open(self.path, "rb") as f:
            head = f.read(4)
            if len(head) != 4 or head[0] != 0x40 or head[1] != 0xE7:
                raise ValueError("%s is not a font-to-py binary font" % self.path)
            self.height = head[3]
            self._record = record = 1 + head[3] * ((head[2] + 7) >> 3)
            widths = bytearray(_COUNT)
            for i in range(_COUNT):
                f.seek(4 + i * record)
                f.readinto(memoryview(widths)[i : i + 1])
        self.widths = widths
        self._glyph = framebuf.FrameBuffer(
            bytearray(record - 1), head[2], head[3], framebuf.MONO_HLSB
        )
        self._file = None

    def width(self, text):
        widths = self.widths
        w = 0
        for ch in text:
            i = ord(ch) - _FIRST
            w += widths[i if 0 <= i < _COUNT else _UNKNOWN]
        return w

    def draw(self, fb, text, x, y, paper, palette):
        f = self._file
        if f is None:
            f = self._file = open(self.path, "rb")
        glyph = self._glyph
        for ch in text:
            i = ord(ch) - _FIRST
            if not 0 <= i < _COUNT:
                i = _UNKNOWN
            if i:  # a space has no ink
                f.seek(5 + i * self._record)
                f.readinto(glyph)
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


def width(text, size):
    return 8 * len(text) if size == "small" else font(size).width(text)


def height(size):
    return 8 if size == "small" else font(size).height


def close():
    for f in _fonts.values():
        f.close()
