# ui.py  Screens as plain data, drawn on the 296x128 framebuffer and described as text
# MIT licence. One Screen is both the picture and its text description (for the
# simulator, the tests and the serial link), so the two cannot drift apart. Every text
# drawn is recorded with its position, which lets a host test read the picture back.
#
# Layout (8x8 font, 37 columns): a black title bar, a body of 10-pixel rows, and three
# soft-key boxes over the A, B and C buttons at the bottom. UP/DOWN move the cursor.

from micropython import const

W = const(296)
H = const(128)
_COLS = const(36)
_BODY_Y = const(15)
_ROW = const(10)
_KEYS_Y = const(116)
_KEY_W = const(98)


class Screen:
    def __init__(
        self,
        name,
        title="",
        lines=(),
        items=None,
        cursor=0,
        keys=("", "", ""),
        big=None,
        private=False,
        corner="",
    ):
        self.name = name
        self.title = title
        self.lines = list(lines)
        self.items = items  # list of str, or None
        self.cursor = cursor
        self.keys = keys
        self.big = big
        self.private = private  # a secret is on it: pass-on needs a full refresh
        self.corner = corner
        self.texts = []  # [x, y, text, scale, inverted] as drawn

    def body_rows(self):
        room = (_KEYS_Y - 2 - _BODY_Y) // _ROW
        if self.big is not None:
            room -= 2
        return room

    def visible_items(self):
        """(first index, items shown): the window of the list that holds the cursor."""
        if not self.items:
            return 0, []
        room = max(1, self.body_rows() - len(self.lines))
        first = 0
        if self.cursor >= room:
            first = self.cursor - room + 1
        return first, self.items[first : first + room]

    def text(self):
        """The description a person (or a test) reads instead of the picture."""
        out = ["[%s] %s%s" % (self.name, self.title, (" | " + self.corner) if self.corner else "")]
        if self.big is not None:
            out.append("# " + self.big)
        for line in self.lines:
            out.append(line)
        if self.items:
            for i in range(len(self.items)):
                out.append(("> " if i == self.cursor else "  ") + self.items[i])
        keys = []
        for i in range(3):
            if self.keys[i]:
                keys.append("%s:%s" % ("ABC"[i], self.keys[i]))
        out.append(" ".join(keys))
        return "\n".join(out) + "\n"

    def data(self):
        return {
            "name": self.name,
            "title": self.title,
            "corner": self.corner,
            "big": self.big,
            "lines": self.lines,
            "items": self.items,
            "cursor": self.cursor,
            "keys": list(self.keys),
            "private": self.private,
            "texts": self.texts,
        }


def clip(text, cols=_COLS):
    return text if len(text) <= cols else text[: cols - 1] + "~"


def wrap(text, cols=_COLS):
    """Words to lines of at most `cols` characters."""
    out = []
    line = ""
    for word in text.split(" "):
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= cols:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    return [clip(t, cols) for t in out]


class Painter:
    """Draws Screens on a display's framebuffer (fb, WHITE, BLACK)."""

    def __init__(self, display):
        self.fb = display.fb
        self.white = display.WHITE
        self.black = display.BLACK
        self._glyph = None

    def _text(self, scr, text, x, y, inverted=False):
        self.fb.text(text, x, y, self.white if inverted else self.black)
        scr.texts.append([x, y, text, 1, inverted])

    def _big(self, scr, text, y):
        # The built-in font doubled: one 8x8 scratch glyph, pixels drawn 2x2.
        import framebuf

        if self._glyph is None:
            self._glyph = framebuf.FrameBuffer(bytearray(8), 8, 8, framebuf.MONO_VLSB)
        g = self._glyph
        x0 = (W - 16 * len(text)) // 2
        if x0 < 0:
            x0 = 0
        fb = self.fb
        for n in range(len(text)):
            g.fill(0)
            g.text(text[n], 0, 0, 1)
            for j in range(8):
                for i in range(8):
                    if g.pixel(i, j):
                        fb.fill_rect(x0 + 16 * n + 2 * i, y + 2 * j, 2, 2, self.black)
        scr.texts.append([x0, y, text, 2, False])

    def draw(self, scr):
        fb = self.fb
        scr.texts = []
        fb.fill(self.white)
        if scr.title or scr.corner:
            fb.fill_rect(0, 0, W, 12, self.black)
            if scr.title:
                self._text(scr, clip(scr.title, 36 - len(scr.corner)), 2, 2, True)
            if scr.corner:
                self._text(scr, scr.corner, W - 2 - 8 * len(scr.corner), 2, True)
        y = _BODY_Y
        if scr.big is not None:
            self._big(scr, clip(scr.big, 18), y + 2)
            y += 2 * _ROW
        for line in scr.lines:
            if y > _KEYS_Y - _ROW:
                break
            self._text(scr, clip(line), 2, y)
            y += _ROW
        first, shown = scr.visible_items()
        for k in range(len(shown)):
            if y > _KEYS_Y - _ROW:
                break
            selected = first + k == scr.cursor
            if selected:
                fb.fill_rect(0, y - 1, W, _ROW, self.black)
            self._text(scr, clip(shown[k]), 10, y, selected)
            y += _ROW
        for i in range(3):
            label = scr.keys[i]
            if not label:
                continue
            x = i * (_KEY_W + 1)
            fb.rect(x, _KEYS_Y, _KEY_W, H - _KEYS_Y, self.black)
            label = clip(label, 11)
            self._text(scr, label, x + (_KEY_W - 8 * len(label)) // 2, _KEYS_Y + 2)
        return scr
