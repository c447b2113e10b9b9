# board.py  Builds the hardware objects of a board profile (boards.py)
# MIT licence. On the rp2 these are machine.Pin/SPI, neopixel and the display driver;
# on the unix port sim.build() makes simulated ones from the same profile. The rest of
# the firmware sees only a Board: display, buttons, leds, urandom, sync.

import os
import sys


class Board:
    splash_ms = 1500
    effect_ms = 120  # LED animation step

    def __init__(self, name, profile, display, buttons, leds, urandom):
        self.name = name
        self.profile = profile
        self.display = display
        self.buttons = buttons
        self.leds = leds
        self.urandom = urandom  # the seed source: os.urandom (the RP2350's TRNG)
        self.sim = None

    def sync(self):
        # littlefs commits on flush(); os.sync() matters only for FAT, and is absent
        # on the unix port.
        if hasattr(os, "sync"):
            os.sync()


def profile(name=None):
    import boards

    if name is None:
        name = boards.DEFAULT
        if sys.platform != "rp2":
            name = os.getenv("CONFESSOR_PROFILE") or name
    if name not in boards.PROFILES:
        raise ValueError("no board profile %r" % name)
    return name, boards.PROFILES[name]


def build(name=None):
    name, prof = profile(name)
    if sys.platform != "rp2":
        import sim

        return sim.build(name, prof)
    return _rp2(name, prof)


def _rp2(name, prof):
    from buttons import Buttons
    from machine import SPI, Pin, Signal

    if prof.get("latch") is not None:
        # Badger: hold the 3V3 enable high or the board switches off on battery.
        Pin(prof["latch"], Pin.OUT, value=1)
    pull_up = prof.get("button_pull", "up") == "up"
    pins = {}
    for key in prof["buttons"]:
        pin = Pin(prof["buttons"][key], Pin.IN, Pin.PULL_UP if pull_up else Pin.PULL_DOWN)
        pins[key] = Signal(pin, invert=pull_up)
    buttons = Buttons(pins)

    d = prof["display"]
    # miso=None explicitly: SPI1's default MISO is GP8, the Waveshare display's DC.
    spi = SPI(
        d["spi"],
        baudrate=d["baudrate"],
        sck=Pin(d["sck"]),
        mosi=Pin(d["mosi"]),
        miso=Pin(d["miso"]) if d.get("miso") is not None else None,
    )
    cs = Pin(d["cs"], Pin.OUT, value=1)
    dc = Pin(d["dc"], Pin.OUT, value=0)
    rst = Pin(d["rst"], Pin.OUT, value=1)
    busy = Pin(d["busy"], Pin.IN, Pin.PULL_UP)
    if d["driver"] == "uc8151":
        from uc8151 import UC8151 as Driver
    else:
        from ssd1680 import SSD1680 as Driver
    display = Driver(spi, cs, dc, rst, busy)

    lp = prof["leds"]
    if is_chain(lp):
        import neopixel
        from leds import SeatLeds

        np = neopixel.NeoPixel(Pin(lp["pin"]), lp["count"])
        leds = SeatLeds(np, lp["seats"], lp.get("status"), lp.get("max_brightness", 40))
    else:
        from leds import WhiteLed

        pin = led_pin(lp)
        leds = WhiteLed(Pin(pin, Pin.OUT, value=0) if pin is not None else None)
    return Board(name, prof, display, buttons, leds, os.urandom)


def is_chain(lp):
    """A WS2812 chain (seat LEDs); otherwise a single plain LED (the Badger's)."""
    return lp.get("pin") is not None and lp.get("count") and lp.get("kind", "ws2812") == "ws2812"


def led_pin(lp):
    return lp.get("white_led", lp.get("pin"))
