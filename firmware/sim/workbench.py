# sim/workbench.py  A simulated board on the bench, for wiring/selftest.py on the unix port
# MIT licence. Never flashed. host/bringup.py runs the self-test with a machine.py and a
# neopixel.py that take everything from here, so the self-test drives the same simulated rp2
# pads and bus (sim/rp2.py) and controller models as the firmware does in the simulator.
#
# Into $CONFESSOR_SIM_OUT it writes each refresh as <n>.pbm (P4, 1 = black) and events.jsonl:
# one JSON line per refresh, LED chain write, white LED change and button press, and at exit
# the models' errors. The buttons are pressed one after the other (A, B, C, DOWN, UP: the
# order the self-test reads them in), each a few of its reads after the last. The machine
# API and the rp2 module's PIO are sim/rp2.py's, imported from here by the shims.

import json
import os
import sys

import boards

from sim import rp2
from sim.hw import Supply
from sim.pio import PIO, StateMachine, asm_pio  # noqa: F401
from sim.rp2 import ADC, SPI, Pin, PinBase, Signal  # noqa: F401
from sim.ssd1680_model import SSD1680Model
from sim.uc8151_model import UC8151Model

NAME = os.getenv("CONFESSOR_PROFILE") or boards.DEFAULT
PROFILE = boards.PROFILES[NAME]
if os.getenv("CONFESSOR_SIM_LED_DRIVER"):  # the profile's chain sent by another driver
    PROFILE["leds"]["driver"] = os.getenv("CONFESSOR_SIM_LED_DRIVER")
# Off a board the self-test cannot tell which one it is and takes boards.DEFAULT: make that
# the profile on the bench.
boards.DEFAULT = NAME
OUT = os.getenv("CONFESSOR_SIM_OUT") or "."
_events = open(OUT + "/events.jsonl", "w")
_frames = [0]


def event(record):
    _events.write(json.dumps(record) + "\n")
    _events.flush()


def _pbm(glass):
    import framebuf

    hl = bytearray(37 * 128)
    dst = framebuf.FrameBuffer(hl, 296, 128, framebuf.MONO_HLSB)
    src = framebuf.FrameBuffer(glass, 296, 128, framebuf.MONO_VLSB)
    invert = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
    invert.pixel(0, 0, 1)
    dst.blit(src, 0, 0, -1, invert)  # glass 1 = white; PBM 1 = black
    return b"P4\n296 128\n" + hl


def _refreshed(kind):
    _frames[0] += 1
    with open("%s/%d.pbm" % (OUT, _frames[0]), "wb") as f:
        f.write(_pbm(MODEL.landscape()))
    event({"e": "refresh", "frame": _frames[0], "kind": kind})


WORLD = rp2.new_world(PROFILE.get("mcu", "rp2350"))
_d = PROFILE["display"]
if _d["driver"] == "uc8151":
    MODEL = UC8151Model(0, _refreshed)
    WORLD.pad(_d["busy"]).source = MODEL.busy_n
else:
    MODEL = SSD1680Model(None, _refreshed)
    WORLD.pad(_d["busy"]).source = MODEL.busy
MODEL.stuck = os.getenv("CONFESSOR_SIM_PANEL") == "stuck"  # BUSY never falls
WORLD.attach_spi(_d["spi"], MODEL, _d["cs"], _d["dc"])
WORLD.pad(_d["rst"]).on_change = MODEL.rst_changed
if PROFILE["battery"] is not None:
    _b = PROFILE["battery"]
    WORLD.analog[_b["adc_pin"]] = Supply(
        int(os.getenv("CONFESSOR_SIM_VSYS_MV") or 4700), _b["divider"]
    )


class _Press:
    """A button pressed once: released for `wait` of its reads, pressed for three."""

    def __init__(self, name, wait):
        self.name = name
        self.wait = wait
        self.reads = 0

    def read(self, pad):
        self.reads += 1
        pressed = 0 if pad.pull == Pin.PULL_UP else 1
        if self.wait < self.reads <= self.wait + 3:
            if self.reads == self.wait + 1:
                event({"e": "press", "button": self.name})
            return pressed
        return 1 - pressed


for _i, _name in enumerate(sorted(PROFILE["buttons"])):
    WORLD.pad(PROFILE["buttons"][_name]).plan(_Press(_name, 4 + 4 * _i))


class PWM:
    """The Badger's white LED: on while its duty is not 0."""

    def __init__(self, pin, freq=-1, duty_u16=-1):
        self._duty = 0
        self.pin = pin

    def freq(self, f=None):
        return 1000 if f is None else None

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if bool(d) != bool(self._duty):
            event({"e": "white_led", "on": bool(d)})
        self._duty = d


def NeoPixel(pin, n, bpp=3, timing=1):
    from sim.hw import SimNeoPixel

    chain = SimNeoPixel(pin, n, bpp, timing, WORLD.mcu)
    chain.on_write = lambda np: event({"e": "leds", "rgb": [list(c) for c in np.shown]})
    CHAINS.append(chain)
    return chain


CHAINS = []


if PROFILE["leds"].get("driver") == "pio":
    # the LEDs on the data pad, fed by the self-test's PIO state machine
    from sim.pio import Ws2812Chain

    _leds = WORLD.pad(PROFILE["leds"]["pin"]).sink = Ws2812Chain(PROFILE["leds"]["count"])
    _leds.on_write = lambda np: event({"e": "leds", "rgb": [list(c) for c in np.shown]})
    CHAINS.append(_leds)


def _report():
    errors = list(MODEL.errors)
    for chain in CHAINS:
        errors += chain.errors
    event({"e": "exit", "errors": errors, "refreshes": MODEL.refreshes})
    _events.close()


sys.atexit(_report)
