# sim/hw.py  A simulated button press and NeoPixel chain for the MicroPython unix port
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


WS2812B_RES_NS = 50_000  # the WS2812B latches its data after the line is low this long


class Ws2812Chain:
    """WS2812B LEDs on a pad a PIO state machine drives (sim/pio.py), decoded from the line
    itself: each bit's high and low times, in the state machine's cycles, checked against
    the WS2812B datasheet's windows (WS2812B_NS, +-150 ns) at both ends of what the clock
    divider makes of them (a fractional divider gives a run of n cycles floor or ceil of
    n * div clk_sys cycles: RP2040 datasheet 3.5.5); a high in neither T0H's nor T1H's
    window is no bit. 24 bits a LED (green, red, blue, most significant first), each LED
    keeping the first 24 and passing the rest on; the frame latched when the line stays low
    (RES, above 50 us). A frame with a bit out of its windows, or not whole LEDs, shows
    nothing new and is in `errors`; so is a frame begun before the last one could latch.
    `shown`, `writes`, `on_write` and `n` as SimNeoPixel's."""

    def __init__(self, n, on_write=None):
        self.n = n
        self.shown = [(0, 0, 0)] * n
        self.errors = []
        self.writes = 0
        self.on_write = on_write
        self._level = 0
        self._since = 0  # the cycle of the last edge
        self._bits = []
        self._faults = []  # this frame's
        self._latched = False  # the line low since the last frame was latched

    def _ns(self, cycles, sm):
        """(shortest, longest) ns of `cycles` state machine cycles."""
        clocks = cycles * sm.div  # clk_sys cycles, times 256
        fewest = clocks // 256
        most = -(-clocks // 256)
        return fewest * 10**9 // sm.sys_hz, -(-most * 10**9 // sm.sys_hz)

    def _window(self, i, span, sm):
        lo, hi = self._ns(span, sm)
        want = WS2812B_NS[i]
        return want - WS2812B_TOLERANCE <= lo and hi <= want + WS2812B_TOLERANCE, lo, hi

    def edge(self, level, cycle, sm):
        span = cycle - self._since
        self._since = cycle
        was, self._level = self._level, level
        if level:  # a rising edge: the low before it ends
            if self._latched:
                self._latched = False
                gap = self._ns(span, sm)[0]
                if gap < WS2812B_RES_NS:
                    self._error(
                        "a frame began %d ns after the last one: under RES (50 us), the"
                        " LEDs take it as more bits" % gap
                    )
            elif self._bits:
                bit = self._bits[-1]
                ok, lo, hi = self._window(1 if bit == 0 else 3, span, sm)
                if not ok:
                    self._faults.append(
                        "%s low %d-%d ns, outside %s" % (bit, lo, hi, ("T0L", "T1L")[bit])
                    )
        elif was:  # a falling edge: the bit is its high's length
            one, lo, hi = self._window(2, span, sm)
            zero = self._window(0, span, sm)[0]
            if one or zero:
                self._bits.append(1 if one else 0)
            else:
                self._bits.append(0)
                self._faults.append("a high of %d-%d ns is neither T0H nor T1H" % (lo, hi))

    def idle(self, cycle, sm):
        """The state machine has nothing more to send: a low line latches the frame."""
        if self._level or not self._bits:
            return
        bits, self._bits = self._bits, []
        faults, self._faults = self._faults, []
        self._latched = True
        self.writes += 1
        if not faults and len(bits) % 24:
            faults.append("%d bits: not whole LEDs (24 each)" % len(bits))
        if faults:
            self._error("WS2812B timing: " + "; ".join(faults[:3]))
            return
        shown = self.shown
        for i in range(min(self.n, len(bits) // 24)):
            v = 0
            for b in bits[24 * i : 24 * i + 24]:
                v = v << 1 | b
            shown[i] = (v >> 8 & 255, v >> 16, v & 255)  # sent green, red, blue
        if self.on_write is not None:
            self.on_write(self)

    def _error(self, text):
        if len(self.errors) < 8:
            self.errors.append(text)
