# sim/rp2.py  The rp2 port's machine.Pin, SPI and ADC over a simulated GPIO bank (its rp2
# module's PIO, asm_pio and StateMachine, is sim/pio.py: imported by what drives a PIO)
# MIT licence. Never flashed. board.py wires a board with these exactly as it wires a real
# one with `machine`, so the order it creates things in matters here as it does there.
#
# Each GPIO has one function at a time, as on the RP2040/RP2350 (GPIO function select):
# creating a Pin with a mode makes it a GPIO (SIO); creating an SPI switches its SCK, MOSI
# and MISO pins to the SPI block. As in ports/rp2/machine_spi.c since MicroPython 1.25
# (micropython#16912, fixed by dd7a950), an SPI argument left out is the bus's default
# pin, so SPI(1, ...) without miso takes GP8, and miso=None takes no pin. A pad that is
# not a GPIO output drives nothing: a display whose DC pad was taken by the SPI block
# never sees a command/data change, and the display model is told (`fault`) instead of
# being fed.

try:
    import umachine as _machine  # the built-in, even where a machine.py stands in for it
except ImportError:
    import machine as _machine

PinBase = _machine.PinBase
Signal = _machine.Signal

# SCK, MOSI, MISO when not given: ports/rp2/machine_spi.c (SPI0 = PICO_DEFAULT_SPI pins of
# the Pico W and Pico 2 W boards; SPI1 fixed).
SPI_DEFAULTS = ((18, 19, 16), (10, 11, 8))


class Pad:
    """One GPIO pad: its function, its output latch and what the outside world drives.
    Unset attributes stay on the class, so an unused pad costs little."""

    func = None  # "sio", "spi0", "spi1", "adc", "pwm"
    output = False
    out = 0
    pull = 0
    _level = None  # driven from outside (a button), None: nothing
    _plan = None  # a simulated press (sim/hw.py Hold)
    source = None  # a function giving the outside level (a BUSY line)
    on_change = None  # called with the level when the GPIO output changes
    sink = None  # the part a PIO state machine drives through this pad (sim/pio.py Ws2812Chain)

    def __init__(self, n):
        self.n = n

    def write(self, v):
        v = 1 if v else 0
        if v != self.out:
            self.out = v
            if self.on_change is not None and self.output and self.func == "sio":
                self.on_change(v)

    # what sim/hw.py Hold and the side channel use
    def plan(self, plan):
        self._plan = plan

    def set_level(self, v):
        self._level = 1 if v else 0


class World:
    """The board around the MCU: pads, what hangs on each SPI bus, analog inputs."""

    def __init__(self, mcu="rp2350"):
        self.mcu = mcu
        self._pads = {}
        self.buses = {}  # SPI id -> (device, cs pad, dc pad)
        self.analog = {}  # GPIO -> function giving millivolts at the pin
        self.pio = None  # sim/pio.py's state: the machines claimed, instruction memory used

    def pad(self, n):
        p = self._pads.get(n)
        if p is None:
            if not 0 <= n < 30:
                raise ValueError("invalid pin")
            p = self._pads[n] = Pad(n)
        return p

    def attach_spi(self, bus, device, cs, dc):
        self.buses[bus] = (device, self.pad(cs), self.pad(dc))

    def spi_write(self, bus, buf):
        wiring = self.buses.get(bus)
        if wiring is None:
            return
        device, cs, dc = wiring
        if cs.out or not cs.output or cs.func != "sio":
            return  # not selected (CS high, or not driven)
        if not dc.output or dc.func != "sio":
            device.fault("DC (GP%d) is not driven: the pad is %s" % (dc.n, dc.func))
            return
        device.feed(dc.out, buf)


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


_DEFAULT = object()  # an SPI pin argument left out


def _gpio(arg, default):
    if arg is _DEFAULT:
        return default
    if arg is None:
        return None
    return arg.pad.n if isinstance(arg, Pin) else int(arg)


class Pin(PinBase):
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.pad = world().pad(id)
        if mode != -1:
            self.pad.func = "sio"  # a mode makes the pad a GPIO again, whatever it was
            self.pad.output = mode == Pin.OUT
        if pull != -1:
            self.pad.pull = pull or 0
        if value is not None:
            self.pad.write(value)

    def init(self, mode=-1, pull=-1, value=None):
        Pin.__init__(self, self.pad.n, mode, pull, value)

    def value(self, v=None):
        pad = self.pad
        if v is not None:
            pad.write(v)
            return None
        if pad._plan is not None:
            return pad._plan.read(pad)
        if pad.output and pad.func == "sio":
            return pad.out
        if pad.source is not None:
            return pad.source()
        if pad._level is not None:
            return pad._level
        return 1 if pad.pull == 1 else 0  # Pin.PULL_UP


class SPI:
    def __init__(self, id, baudrate=1000000, *, sck=_DEFAULT, mosi=_DEFAULT, miso=_DEFAULT, **kw):
        dsck, dmosi, dmiso = SPI_DEFAULTS[id]
        self.id = id
        self.miso = _gpio(miso, dmiso)  # left out: the default pin; None: none
        pins = (_gpio(sck, dsck), _gpio(mosi, dmosi), self.miso)
        for i in range(3):
            n = pins[i]
            if n is None:
                continue  # not used (the rp2 port's MICROPY_HW_SPI_PIN_UNUSED)
            if n & 3 != (2, 3, 0)[i] or (n & 8) >> 3 != id:
                raise ValueError("bad SPI pin GP%d" % n)
            world().pad(n).func = "spi%d" % id

    def init(self, *args, **kwargs):
        pass  # baud rate and format only: the rp2 port does not touch the pins here

    def write(self, buf):
        _world.spi_write(self.id, buf)


class ADC:
    def __init__(self, pin):
        n = _gpio(pin, None)
        n = n + 26 if n < 4 else n  # a channel number or a GPIO
        if not 26 <= n <= 29:
            raise ValueError("Pin doesn't have ADC capabilities")
        self.gpio = n
        world().pad(n).func = "adc"  # digital input off: the RP2350-E9 workaround

    def read_u16(self):
        source = _world.analog.get(self.gpio)
        mv = source() if source is not None else 0
        raw = min(4095, max(0, mv * 4096 // 3300))  # the 12-bit converter, 3.3 V reference
        return raw << 4 | raw >> 8  # scaled to 16 bits as the rp2 port does
