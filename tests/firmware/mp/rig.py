"""Boards for the driver tests on the MicroPython unix port: board.wire() over the simulated
rp2 (sim.build, no side channel, instant e-ink), with a recorder between the SPI bus and
the display model that keeps every byte and RST edge for the reference-trace tests."""

import asyncio

import boards
import sim

W = 296
H = 128


def run(coro):
    return asyncio.run(coro)


class Recorder:
    """Sits on the bus in front of a controller model: records, then forwards."""

    def __init__(self, model):
        self.model = model
        self.raw = []  # ("cmd" | "data" | "rst", bytes or level)

    def feed(self, dc, data):
        self.raw.append(("data" if dc else "cmd", bytes(data)))
        self.model.feed(dc, data)

    def fault(self, text):
        self.model.fault(text)

    def rst(self, level):
        self.raw.append(("rst", level))
        self.model.rst_changed(level)

    def steps(self):
        """[(name, data)]: name "rst" (data the level) or a command "cc" (data all the bytes
        sent with it, however many writes carried them)."""
        out = []
        for kind, value in self.raw:
            if kind == "rst":
                out.append(("rst", value))
            elif kind == "cmd":
                for c in value:
                    out.append(("%02x" % c, b""))
            else:
                name, data = out[-1]
                out[-1] = (name, data + value)
        return out

    def clear(self):
        self.raw = []


def board(profile="reference"):
    """(board, model, recorder) with the display wired as the profile says."""
    b = sim.build(profile, boards.PROFILES[profile], speed="instant")
    d = boards.PROFILES[profile]["display"]
    model = b.model
    rec = Recorder(model)
    world = b.world
    world.attach_spi(d["spi"], rec, d["cs"], d["dc"])
    world.pad(d["rst"]).on_change = rec.rst
    return b, model, rec


def draw_card(fb, white, black):
    """An asymmetric picture: which way up, mirrored or inverted it comes out is plain."""
    fb.fill(white)
    fb.fill_rect(0, 0, 24, 12, black)  # top left
    fb.fill_rect(W - 6, H - 4, 6, 4, black)  # bottom right
    fb.text("F", 40, 2, black)
    fb.hline(0, 64, 100, black)
    fb.pixel(W - 1, 0, black)  # the top right corner pixel


def landscape_bands(buf):
    """Waveshare's EPD_2in9_Landscape byte order: bands 15..0 of the MONO_VLSB buffer."""
    out = bytearray()
    for band in range(15, -1, -1):
        out.extend(buf[band * W : (band + 1) * W])
    return bytes(out)


def pimoroni_1bit_y(buf):
    """PicoGraphics_Pen1BitY order: for each landscape x, 16 bytes of y, MSB on top."""
    out = bytearray()
    for x in range(W):
        for band in range(16):
            b = buf[band * W + x]
            r = 0
            for bit in range(8):
                if b >> bit & 1:
                    r |= 0x80 >> bit
            out.append(r)
    return bytes(out)


def pixel(buf, x, y):
    """A MONO_VLSB 296x128 pixel."""
    return buf[(y >> 3) * W + x] >> (y & 7) & 1
