# sim/hw.py  A simulated button press, NeoPixel chain and supply for the MicroPython unix port
# MIT licence. Virtual board only (firmware/manifest.py). The firmware's real drivers run
# unchanged on these (sim/rp2.py has the board's pins and buses): Hold paces a press by the
# driver's reads, and SimNeoPixel records what the LED chain would show.

import time


class Hold:
    """One simulated press of a button, paced by the driver's own reads of the pin.

    The pin reads `active` until it has been read at least `reads` times and `ms` have
    passed since the first read, then reads released until it has been read
    `after` more times; then the driver has certainly seen the press and the release,
    whatever the scheduler did in between. No wall-clock guesswork.
    """

    def __init__(self, active, released, reads, ms=0, after=3):
        self.active = active
        self.released = released
        self.reads = reads
        self.ms = ms
        self.after = after
        self.t0 = None
        self.low = 0
        self.high = 0
        self.done = False

    def read(self, pin):
        now = time.ticks_ms()
        if self.t0 is None:
            self.t0 = now
        if self.low < self.reads or time.ticks_diff(now, self.t0) < self.ms:
            self.low += 1
            return self.active
        self.high += 1
        if self.high >= self.after:
            self.done = True
            pin._plan = None
            pin._level = self.released
        return self.released


# WS2812B datasheet bit times (ns) and their +-150 ns tolerance: T0H, T0L, T1H, T1L.
WS2812B_NS = (400, 850, 800, 450)
WS2812B_TOLERANCE = 150
# micropython-lib neopixel's 800 kHz default: (400, 850, 800, 450).
NEOPIXEL_DEFAULT = (400, 850, 800, 450)


class SimNeoPixel:
    """neopixel.NeoPixel as board.py builds it: (pin, n, bpp, timing), __setitem__, fill,
    write. It records what the chain shows and checks the bit timing: out of the WS2812B's
    windows, or neopixel's default on an RP2350 at its stock clock (reported to fail there,
    micropython#18295), the chain shows nothing new and the fault is in `errors`."""

    def __init__(self, pin=None, n=1, bpp=3, timing=1, mcu="rp2350", on_write=None):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.timing = NEOPIXEL_DEFAULT if timing == 1 else tuple(timing) if timing else None
        self.mcu = mcu
        self.buf = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n
        self.writes = 0
        self.errors = []
        self.on_write = on_write

    def __len__(self):
        return self.n

    def __setitem__(self, i, rgb):
        self.buf[i] = tuple(rgb)

    def __getitem__(self, i):
        return self.buf[i]

    def fill(self, rgb):
        for i in range(self.n):
            self.buf[i] = tuple(rgb)

    def timing_fault(self):
        t = self.timing
        if t is None or len(t) != 4:
            return "not an 800 kHz WS2812 timing: %r" % (t,)
        for i in range(4):
            if abs(t[i] - WS2812B_NS[i]) > WS2812B_TOLERANCE:
                return "timing %r outside the WS2812B's +-150 ns windows" % (t,)
        if self.mcu == "rp2350" and t == NEOPIXEL_DEFAULT:
            return "neopixel's default timing fails on an RP2350 at its stock clock (micropython#18295)"
        return None

    def write(self):
        self.writes += 1
        fault = self.timing_fault()
        if fault is not None:
            if len(self.errors) < 8:
                self.errors.append(fault)
            return
        shown = self.shown  # copied in place: a write allocates nothing, as on the board
        for i in range(self.n):
            shown[i] = self.buf[i]
        if self.on_write is not None:
            self.on_write(self)


class Supply:
    """The virtual board's VSYS (mV) as the battery divider's ADC pin sees it."""

    def __init__(self, mv, divider):
        self.mv = mv
        self.divider = divider or 1

    def __call__(self):
        return self.mv // self.divider
