# sim/rp2.py  The rp2 port's machine.Pin, SPI, ADC and PWM over a simulated GPIO bank
# MIT licence. Never flashed. board.py wires a board with these exactly as it wires a real
# one with `machine`, so the order it creates things in matters here as it does there.
#
# Each GPIO has one function at a time, as on the RP2040/RP2350 (GPIO function select):
# creating a Pin with a mode makes it a GPIO (SIO); creating an SPI switches its SCK, MOSI
# and MISO pins to the SPI block. As in ports/rp2/machine_spi.c, an SPI argument left out
# and one given as None are the same: the bus's default pin is used, so SPI(1, ...,
# miso=None) takes GP8 (micropython#16912, open). A pad that is not a GPIO output drives
# nothing: a display whose DC pad was taken by the SPI block never sees a command/data
# change, and the display model is told (`fault`) instead of being fed.

try:
    import umachine as _machine  # the built-in, even where a machine.py stands in for it
except ImportError:
    import machine as _machine

PinBase = _machine.PinBase
Signal = _machine.Signal

# SCK, MOSI, MISO when not given: ports/rp2/machine_spi.c (SPI0 = PICO_DEFAULT_SPI pins of
# the Pico W and Pico 2 W boards; SPI1 fixed).
SPI_DEFAULTS = {0: (18, 19, 16), 1: (10, 11, 8)}
ADC_VREF_MV = 3300


class Pad:
    """One GPIO pad: its function, its output latch and what the outside world drives."""

    def __init__(self, n):
        self.n = n
        self.func = None  # "sio", "spi0", "spi1", "adc", "pwm"
        self.output = False
        self.out = 0
        self.pull = 0  # Pin.PULL_UP or Pin.PULL_DOWN
        self._level = None  # driven from outside (a button, a held line), None: nothing
        self._plan = None  # a simulated press (sim/hw.py Hold)
        self.source = None  # a function giving the outside level (a BUSY line)
        self.on_change = None  # called with the level when the GPIO output changes
        self.reads = 0

    def read(self):
        self.reads += 1
        if self._plan is not None:
            return self._plan.read(self)
        if self.func == "sio" and self.output:
            return self.out
        if self.source is not None:
            return self.source()
        if self._level is not None:
            return self._level
        return 1 if self.pull == Pin.PULL_UP else 0

    def write(self, v):
        v = 1 if v else 0
        if v != self.out:
            self.out = v
            if self.on_change is not None and self.func == "sio" and self.output:
                self.on_change(v)

    def driven(self):
        """The level this pad drives onto its wire, or None when it is no GPIO output."""
        return self.out if self.func == "sio" and self.output else None

    # what sim/hw.py Hold and the side channel use
    def plan(self, plan):
        self._plan = plan

    def set_level(self, v):
        self._level = 1 if v else 0

    def idle(self):
        return self._plan is None


class World:
    """The board around the MCU: pads, what hangs on each SPI bus, analog inputs."""

    def __init__(self, mcu="rp2350"):
        self.mcu = mcu
        self.pads = [Pad(n) for n in range(30)]
        self.buses = {}  # SPI id -> (device, cs pad, dc pad)
        self.analog = {}  # GPIO -> function giving millivolts at the pin

    def attach_spi(self, bus, device, cs, dc):
        self.buses[bus] = (device, self.pads[cs], self.pads[dc])

    def spi_write(self, bus, buf):
        wiring = self.buses.get(bus)
        if wiring is None:
            return
        device, cs, dc = wiring
        if cs.driven() != 0:
            return  # not selected
        level = dc.driven()
        if level is None:
            device.fault(
                "DC (GP%d) is not driven: the pad is %s, not a GPIO output"
                % (dc.n, dc.func or "unconfigured")
            )
            return
        device.feed(level, buf)


_world = None


def world():
    global _world
    if _world is None:
        _world = World()
    return _world


def new_world(mcu="rp2350"):
    global _world
    _world = World(mcu)
    return _world


def _gpio(arg, default=None):
    if arg is None:
        return default
    if isinstance(arg, Pin):
        return arg.pad.n
    return int(arg)


class Pin(PinBase):
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None, alt=-1):
        if not 0 <= id < 30:
            raise ValueError("invalid pin")
        self.pad = world().pads[id]
        self.init(mode, pull, value)

    def init(self, mode=-1, pull=-1, value=None, alt=-1):
        pad = self.pad
        if mode != -1 and mode is not None:
            pad.func = "sio"  # a mode makes the pad a GPIO again, whatever it was
            pad.output = mode in (Pin.OUT, Pin.OPEN_DRAIN)
        if pull != -1:
            pad.pull = pull or 0
        if value is not None:
            pad.write(value)

    def value(self, v=None):
        if v is None:
            return self.pad.read()
        self.pad.write(v)
        return None

    def __call__(self, v=None):
        return self.value(v)

    def on(self):
        self.pad.write(1)

    def off(self):
        self.pad.write(0)


class SPI:
    MSB = 0
    LSB = 1

    def __init__(
        self,
        id,
        baudrate=1000000,
        *,
        polarity=0,
        phase=0,
        bits=8,
        firstbit=0,
        sck=None,
        mosi=None,
        miso=None,
    ):
        if id not in SPI_DEFAULTS:
            raise ValueError("SPI(%d) doesn't exist" % id)
        dsck, dmosi, dmiso = SPI_DEFAULTS[id]
        self.id = id
        self.sck = _gpio(sck, dsck)
        self.mosi = _gpio(mosi, dmosi)
        self.miso = _gpio(miso, dmiso)  # None means the default pin, as on the rp2 port
        for role, n, rem in (("SCK", self.sck, 2), ("MOSI", self.mosi, 3), ("MISO", self.miso, 0)):
            if n & 3 != rem or (n & 8) >> 3 != id:
                raise ValueError("bad %s pin" % role)
        self.baudrate = baudrate
        pads = world().pads
        for n in (self.sck, self.miso, self.mosi):
            pads[n].func = "spi%d" % id

    def init(self, *args, **kwargs):
        pass  # baud rate and format only: the rp2 port does not touch the pins here

    def deinit(self):
        pass

    def write(self, buf):
        world().spi_write(self.id, buf)


class ADC:
    def __init__(self, pin):
        n = _gpio(pin)
        if n is None or not 0 <= n < 30:
            raise ValueError("invalid pin")
        if n < 4:  # a channel number
            n += 26
        if not 26 <= n <= 29:
            raise ValueError("Pin doesn't have ADC capabilities")
        self.gpio = n
        world().pads[n].func = "adc"  # digital input off: the RP2350-E9 workaround

    def read_u16(self):
        source = world().analog.get(self.gpio)
        mv = source() if source is not None else 0
        raw = min(4095, max(0, mv * 4096 // ADC_VREF_MV))  # the 12-bit converter
        return raw << 4 | raw >> 8  # scaled to 16 bits as the rp2 port does


class PWM:
    def __init__(self, pin, freq=-1, duty_u16=-1):
        self.pad = world().pads[_gpio(pin)]
        self.pad.func = "pwm"
        self._freq = 0
        self._duty = 0
        self.on_duty = None

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        self._duty = d
        if self.pad.on_change is not None:
            self.pad.on_change(1 if d else 0)

    def deinit(self):
        self._duty = 0
