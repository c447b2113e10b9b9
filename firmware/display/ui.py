# ui.py  Screens as plain data, laid out in three type sizes on the 296x128 panel
# MIT licence. One Screen is both the picture and its text description (for the
# simulator, the tests and the serial link), so the two cannot drift apart. Every text
# drawn is recorded with its position, size and role, which lets a host test read the
# picture back and measure the type.
#
# A screen declares what it says, by importance; the Painter decides where it goes:
#   title, corner   the black bar at the top (small type)
#   big             THE fact of the screen, centred in large type (capitals 24 px,
#                   5.4 mm: read from across a table); a second line if it must wrap
#                   and the screen has no list, else medium type
#   facts           second-level facts, medium type (capitals 14 px, 3.2 mm), wrapped
#   lines           details in the small 8x8 type, wrapped; on a screen without a list
#                   those that do not fit go on further pages, turned with UP/DOWN; on
#                   a list screen, details that would squeeze the list go on pages after
#                   its last item, in medium type (DOWN past the last item shows them)
#   items, cursor   the choices, medium type (small only when an item is too wide)
# Medium and large texts may hold symbols (writer.symbol(name): a sin, a good...).
#   keys            soft-key labels over the A, B and C buttons
#   battery         set by the privacy policy, not by a screen's maker: (percent, low) of
#                   the battery, drawn at the right of the bar; None on USB (nothing drawn)
# Nobody measures pixels: text is wrapped and fitted here (10-letter names included).

import framebuf
import writer
from micropython import const

W = const(296)
H = const(128)
_COLS = const(36)  # small-type columns, for clip() and wrap()
_BAR = const(12)  # title bar height
_TOP = const(13)  # the body below it
_KEYS_Y = const(116)
_KEY_W = const(98)
_SMALL_ROW = const(10)  # 8x8 glyphs, 2 px leading
_GAP = const(2)
_TEXT_W = const(292)  # W less 2 px margins
_MIN_CHOICES = const(3)  # rows the list needs before it is set in medium type


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
        facts=(),
    ):
        self.name = name
        self.title = title
        self.big = big
        self.facts = list(facts)
        self.lines = list(lines)
        self.items = items  # list of str, or None
        self.cursor = cursor
        self.keys = keys
        self.private = private  # a secret is on it: pass-on needs a full refresh
        self.corner = corner
        self.page = 0  # the page of details shown (UP/DOWN)
        self.battery = None  # (percent, low) of the status line, None on USB
        # set by the Painter:
        self.pages = 1
        self.hidden = 0  # text that fitted nowhere (a layout bug: tests require 0)
        self.texts = []  # (x, y, text, size, inverted, role) as drawn

    def stops(self):
        """The places UP/DOWN move the cursor through on a list screen: its items, then
        its pages of details (known once drawn)."""
        return len(self.items or ()) + self.pages - 1

    def text(self):
        """The description a person (or a test) reads instead of the picture (symbols
        written as their names in brackets)."""
        return "".join([line + "\n" for line in self.described()])

    def described(self):
        """The description's lines, one at a time (the simulator writes them to a file
        without joining them on the heap it measures)."""
        first = "[%s] %s%s" % (self.name, self.title, (" | " + self.corner) if self.corner else "")
        if self.battery is not None and (self.title or self.corner):
            first += " | " + battery_text(self.battery)
        yield first
        if self.big is not None:
            yield "# " + writer.plain(self.big)
        for line in self.facts:
            yield writer.plain(line)
        for line in self.lines:
            yield writer.plain(line)
        if self.items:
            for i in range(len(self.items)):
                yield ("> " if i == self.cursor else "  ") + writer.plain(self.items[i])
        keys = []
        for i in range(3):
            if self.keys[i]:
                keys.append("%s:%s" % ("ABC"[i], self.keys[i]))
        yield " ".join(keys)

    def data(self):
        return {
            "name": self.name,
            "title": self.title,
            "corner": self.corner,
            "big": self.big,
            "facts": self.facts,
            "lines": self.lines,
            "items": self.items,
            "cursor": self.cursor,
            "keys": list(self.keys),
            "private": self.private,
            "page": self.page,
            "pages": self.pages,
            "hidden": self.hidden,
            "texts": self.texts,
            "battery": list(self.battery) if self.battery is not None else None,
        }


def battery_text(battery):
    """The status line's words for (percent, low): "Bat 80%", or "Bat LOW 10%"."""
    return ("Bat LOW %d%%" if battery[1] else "Bat %d%%") % battery[0]


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


def fits(text, size="medium", width=_TEXT_W):
    """Whether `text` fits on one line of the screen in this type size: a presenter
    choosing between a long and a short wording asks this instead of counting pixels."""
    return writer.width(text, size) <= width


def clip_to(text, size, width=_TEXT_W):
    """`text` cut to `width` pixels, a "~" marking the cut."""
    if writer.width(text, size) <= width:
        return text
    while text and writer.width(text + "~", size) > width:
        text = text[:-1]
    return text + "~"


def fit_lines(text, size, width=_TEXT_W):
    """Words to lines no wider than `width` pixels in this size (a word too long for
    a line of its own is clipped)."""
    out = []
    line = ""
    for word in text.split(" "):
        candidate = word if not line else line + " " + word
        if not line or writer.width(candidate, size) <= width:
            line = candidate
        else:
            out.append(line)
            line = word
    out.append(line)
    return [clip_to(t, size, width) for t in out]


class Painter:
    """Lays out and draws Screens on a display's framebuffer (fb, WHITE, BLACK)."""

    def __init__(self, display):
        self.fb = display.fb
        self.white = white = display.WHITE
        self.black = black = display.BLACK
        # glyph bit 0 -> paper (the blit's transparent key), 1 -> ink
        self._palettes = []
        for ink, paper in ((black, white), (white, black)):
            p = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
            p.pixel(0, 0, paper)
            p.pixel(1, 0, ink)
            self._palettes.append(p)

    def _text(self, scr, text, x, y, size, role, inverted=False):
        ink, paper = (self.white, self.black) if inverted else (self.black, self.white)
        if size == "small":
            text = writer.plain(text)
            self.fb.text(text, x, y, ink)
        else:
            writer.font(size).draw(self.fb, text, x, y, paper, self._palettes[inverted])
        scr.texts.append((x, y, text, size, inverted, role))

    def _big(self, text, lines):
        """(size, rows) of the big fact: one line of large type, else (up to `lines`) two,
        else medium."""
        if fits(text, "large"):
            return "large", [text]
        rows = fit_lines(text, "large")
        if lines == 2 and len(rows) == 2 and rows[0][-1] != "~" and rows[1][-1] != "~":
            return "large", rows
        return "medium", fit_lines(text, "medium")[:lines]

    def draw(self, scr):
        try:
            return self._draw(scr)
        finally:
            writer.close()  # no font file stays open between screens

    def _draw(self, scr):
        fb = self.fb
        scr.texts = []
        scr.hidden = 0
        fb.fill(self.white)
        bar = bool(scr.title or scr.corner)
        bottom = _KEYS_Y if (scr.keys[0] or scr.keys[1] or scr.keys[2]) else H
        y = _TOP if bar else _GAP
        if scr.big is not None:
            size, rows = self._big(scr.big, 1 if scr.items else 2)  # a list needs room
            for row in rows:
                self._text(scr, row, (W - writer.width(row, size)) // 2, y, size, "primary")
                y += writer.height(size)
            y += _GAP
        if not scr.items:
            self._flow(scr, y, bottom)
        else:  # UP/DOWN move the cursor, and past the last item turn pages
            medium = writer.height("medium")
            if scr.facts:
                for fact in scr.facts:
                    for row in fit_lines(fact, "medium"):
                        if y + medium > bottom:
                            scr.hidden += 1
                            continue
                        self._text(scr, row, 2, y, "medium", "fact")
                        y += medium
                y += _GAP
            details = []
            for line in scr.lines:
                details += fit_lines(line, "small") if line else [""]
            room = bottom - y
            scr.pages = 1
            scr.page = 0
            if not details or self._list_fits(scr, details, room):
                self._list(scr, details, y, room)
            else:
                self._list_pages(scr, y, room)
        if bar:  # (a screen with pages has a title: its bar shows "1/2")
            self._bar(scr)
        for i in range(3):
            label = scr.keys[i]
            if not label:
                continue
            x = i * (_KEY_W + 1)
            fb.rect(x, _KEYS_Y, _KEY_W, H - _KEYS_Y, self.black)
            label = clip(label, 11)
            self._text(scr, label, x + (_KEY_W - 8 * len(label)) // 2, _KEYS_Y + 2, "small", "key")
        return scr

    def _flow(self, scr, top, bottom):
        """A screen without a list: facts (medium) then details (small), on as many
        pages below the big fact as they need (UP/DOWN turn them)."""
        medium = writer.height("medium")
        rows = []  # (text, size, role, height)
        for fact in scr.facts:
            for row in fit_lines(fact, "medium"):
                rows.append((row, "medium", "fact", medium))
        if rows and scr.lines:
            rows.append(("", "small", "", _GAP))
        for line in scr.lines:
            for row in fit_lines(line, "small") if line else [""]:
                rows.append((row, "small", "detail", _SMALL_ROW))
        pages = [[]]
        y = top
        for row in rows:
            if y + row[3] > bottom and pages[-1]:
                if not row[0]:
                    continue  # no gap at the top of a page
                pages.append([])
                y = top
            pages[-1].append(row)
            y += row[3]
        scr.pages = len(pages)
        if scr.page >= scr.pages:
            scr.page = scr.pages - 1
        y = top
        for text, size, role, height in pages[scr.page]:
            if y + height > bottom:
                scr.hidden += 1  # taller than a page
            elif text:
                self._text(scr, text, 2, y, size, role)
            y += height

    def _list_fits(self, scr, details, room):
        """Whether the details fit above the list, leaving it its rows in medium type
        (or the list is in small type anyway)."""
        for item in scr.items:
            if not fits(item, "medium", W - 8):
                return True
        need = min(len(scr.items), _MIN_CHOICES) * writer.height("medium")
        return room - _SMALL_ROW * len(details) >= need

    def _list_pages(self, scr, y, room):
        """The list alone; its details in medium type on pages after the last item."""
        medium = writer.height("medium")
        rows = []
        for line in scr.lines:
            if line:
                rows += fit_lines(line, "medium")
        per_page = max(1, room // medium)
        scr.pages = 1 + (len(rows) + per_page - 1) // per_page
        n = len(scr.items)
        if scr.cursor < n:
            self._list(scr, [], y, room)
            return
        scr.page = min(scr.cursor - n + 1, scr.pages - 1)
        first = (scr.page - 1) * per_page
        for row in rows[first : first + per_page]:
            self._text(scr, row, 2, y, "medium", "detail")
            y += medium

    def _list(self, scr, details, y, room):
        """Details, then the window of the list that holds the cursor."""
        items = scr.items
        size, pitch, x = "medium", writer.height("medium"), 6
        if room - _SMALL_ROW * len(details) < min(len(items), _MIN_CHOICES) * pitch:
            size = "small"
        else:
            for item in items:
                if not fits(item, "medium", W - x - 2):
                    size = "small"
                    break
        if size == "small":
            pitch, x = _SMALL_ROW, 10
        while details and room - _SMALL_ROW * len(details) < pitch:
            details.pop()  # the list keeps one row
            scr.hidden += 1
        for line in details:
            if line:
                self._text(scr, line, 2, y, "small", "detail")
            y += _SMALL_ROW
        rows = max(1, (room - _SMALL_ROW * len(details)) // pitch)
        first = scr.cursor - rows + 1 if scr.cursor >= rows else 0
        for k in range(first, min(len(items), first + rows)):
            selected = k == scr.cursor
            if selected:
                if size == "small":
                    self.fb.fill_rect(0, y - 1, W, _SMALL_ROW, self.black)
                else:
                    self.fb.fill_rect(0, y, W, pitch, self.black)
            text = clip_to(items[k], size, W - x - 2)
            self._text(scr, text, x, y, size, "choice", selected)
            y += pitch
        return y

    def _bar(self, scr):
        corner = scr.corner
        if scr.pages > 1:
            corner = (corner + " " if corner else "") + "%d/%d" % (scr.page + 1, scr.pages)
        self.fb.fill_rect(0, 0, W, _BAR, self.black)
        right = W - 2
        if scr.battery is not None:
            text = battery_text(scr.battery)
            right -= 8 * len(text)
            self._text(scr, text, right, 2, "small", "battery", True)
            right -= 8
        cols = (W - 2 - right) // 8 + len(corner)
        if scr.title:
            self._text(scr, clip(scr.title, _COLS - cols), 2, 2, "small", "title", True)
        if corner:
            self._text(scr, corner, right - 8 * len(corner), 2, "small", "corner", True)
