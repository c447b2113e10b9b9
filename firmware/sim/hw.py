# sim/hw.py  Simulated pins, SPI bus and NeoPixel chain for the MicroPython unix port
# MIT licence. Never flashed (firmware/FLASH_EXCLUDE). The firmware's real drivers run
# unchanged on these: SimPin subclasses machine.PinBase so machine.Signal works over it,
# SimSPI hands every byte to a model of the display controller (with the DC line's
# level), and SimNeoPixel records what the LED chain would show.

import time

import machine


class SimPin(machine.PinBase):
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, ident, level=0, on_change=None):
        self.id = ident
        self._level = level
        self.on_change = on_change
        self.reads = 0
        self._plan = None

    def value(self, v=None):
        if v is None:
            self.reads += 1
            if self._plan is not None:
                return self._plan.read(self)
            return self._level
        v = 1 if v else 0
        if v != self._level:
            self._level = v
            if self.on_change is not None:
                self.on_change(self, v)
        return None

    def set_level(self, v):
        """The outside world drives an input (a button held, a BUSY line)."""
        self._level = 1 if v else 0

    def plan(self, plan):
        self._plan = plan

    def idle(self):
        return self._plan is None


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


class SimSPI:
    """Routes writes to a controller model; the model reads DC and CS itself."""

    def __init__(self, model, cs, dc):
        self.model = model
        self.cs = cs
        self.dc = dc
        self.bytes = 0

    def write(self, buf):
        self.bytes += len(buf)
        if self.cs.value() == 0:
            self.model.feed(self.dc.value(), buf)

    def init(self, *args, **kwargs):
        pass


class SimNeoPixel:
    """The NeoPixel interface (n, __setitem__, __getitem__, fill, write)."""

    def __init__(self, n, on_write=None):
        self.n = n
        self.buf = [(0, 0, 0)] * n
        self.shown = [(0, 0, 0)] * n
        self.writes = 0
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

    def write(self):
        self.shown = list(self.buf)
        self.writes += 1
        if self.on_write is not None:
            self.on_write(self)


class FuncPin(SimPin):
    """An input whose level a model computes (a display controller's BUSY line)."""

    def __init__(self, ident, fn):
        SimPin.__init__(self, ident)
        self._fn = fn

    def value(self, v=None):
        if v is None:
            self.reads += 1
            return self._fn()
        return None
