# join_screen.py  The e-ink screens that join a phone: a QR code on the left, words on the right
# MIT licence. One seat's own page (private: the URL carries that seat's token, so the app
# shows it behind the pass gate, like any secret), and the drawing every join screen shares
# (join_network.py has the table's network screens, shown only at a game's start: a rejoin
# mid-game loads this module alone). A Screen (ui.py) carries the words, so the simulator,
# the tests and the serial link read them as they read every other screen; draw() lays
# them out beside the code instead of ui.Painter's full-width body, which the code would
# cover.

from ui import H, Screen, W, clip

_CODE_SIDE = 128  # the code takes the panel's full height: the biggest modules it can
QUIET = 4  # qr.QUIET: the standard's light margin, without importing the encoder
_GAP = 4
_ROW = 10


def seat_screen(seat_name, url, code=None):
    """(Screen, code) of one seat's page. Private: the URL is that seat's key. `code`:
    the URL's code, encoded before (phone_join.py: before the server loads); None:
    encoded here."""
    shown = url[7:] if url.startswith("http://") else url
    lines = ["Scan with your", "phone's camera", "or open:"]
    cols = _cols()
    for i in range(0, len(shown), cols):
        lines.append(shown[i : i + cols])
    scr = Screen(
        "join-seat",
        title=seat_name,
        lines=lines,
        keys=("done", "no phone", ""),
        private=True,
    )
    if code is None:
        import qr

        code = picture(qr.encode(url))
    return scr, code


class Picture:
    """A code's modules alone, one bit each (row * size + column): a qr.Code held
    until its screen is drawn would keep the encoder's module in RAM through its class,
    and its matrix has a byte a module. Packed, a seat's code is a few hundred bytes,
    kept on flash beside the seat's token (phone_join.py) so a rejoin mid-game draws it
    without the encoder."""

    def __init__(self, size, bits, version, level):
        self.size = size
        self.bits = bits
        self.version = version
        self.level = level

    def dark(self, i):
        """Module i (row * size + column) is dark."""
        return self.bits[i >> 3] >> (i & 7) & 1

    def packed(self):
        """size, version, level, then the bits (phone_join.py reads them back)."""
        return bytes((self.size, self.version, ord(self.level))) + self.bits


def picture(code):
    """The Picture of a qr.Code."""
    n = code.size
    bits = bytearray((n * n + 7) // 8)
    m = code.modules
    for i in range(n * n):
        if m[i]:
            bits[i >> 3] |= 1 << (i & 7)
    return Picture(n, bits, code.version, code.level)


def _cols():
    return (W - _CODE_SIDE - _GAP - 2) // 8


def draw(display, scr, code):
    """Draw a join screen on the display's framebuffer (nothing is refreshed here)."""
    fb = display.fb
    black = display.BLACK
    white = display.WHITE
    scr.texts = []
    fb.fill(white)
    px = module_px(code, _CODE_SIDE)
    side = (code.size + 2 * QUIET) * px
    off = (_CODE_SIDE - side) // 2
    draw_code(fb, code, off, (H - side) // 2, px, black, white)
    x0 = _CODE_SIDE + _GAP
    cols = _cols()
    if scr.title:
        fb.fill_rect(x0 - 2, 0, W - x0 + 2, 12, black)
        _text(fb, scr, clip(scr.title, cols), x0, 2, white, True)
    y = 16
    for line in scr.lines:
        if y > H - 2 * _ROW:
            break
        _text(fb, scr, clip(line, cols), x0, y, black, False)
        y += _ROW
    legend = []
    for i in range(3):
        if scr.keys[i]:
            legend.append("%s:%s" % ("ABC"[i], scr.keys[i]))
    if legend:
        fb.hline(x0 - 2, H - 12, W - x0 + 2, black)
        _text(fb, scr, clip(" ".join(legend), cols), x0, H - 9, black, False)
    return scr


def _text(fb, scr, text, x, y, color, inverted):
    fb.text(text, x, y, color)
    scr.texts.append([x, y, text, 1, inverted])


# ****** the code on the glass (qr.py encodes it; this module draws it) ******
def module_px(code, side, quiet=QUIET):
    """The largest whole number of pixels a module can take so the code and its quiet
    zone fit a square of `side` pixels (0: it does not fit)."""
    return side // (code.size + 2 * quiet)


def draw_code(fb, code, x, y, px, dark, light, quiet=QUIET):
    """Draw the code (a Picture) with its quiet zone at (x, y), `px` pixels a module; returns the
    side in pixels. Runs of dark modules in a row go out as one rectangle."""
    n = code.size
    side = (n + 2 * quiet) * px
    fb.fill_rect(x, y, side, side, light)
    dark_at = code.dark
    for r in range(n):
        yy = y + (quiet + r) * px
        c = 0
        while c < n:
            if dark_at(r * n + c):
                start = c
                while c < n and dark_at(r * n + c):
                    c += 1
                fb.fill_rect(x + (quiet + start) * px, yy, (c - start) * px, px, dark)
            else:
                c += 1
    return side
