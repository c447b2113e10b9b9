# board_wire.py  The hardware objects of a board profile, wired once at power-on
# MIT licence. board.build() and the simulator's builder import this, call wire() and drop
# the module again: the code that runs once does not stay in RAM for the whole session.


def neopixel_chain(pin, count, timing):
    import neopixel

    return neopixel.NeoPixel(pin, count, timing=timing)


def wire(Board, name, prof, machine, chain, urandom, rp2=None):
    """The Board (board.Board, handed in by its builder) of a profile, from `machine` (Pin,
    SPI, ADC, Signal) and `chain`, which makes a WS2812 chain from (pin, count, timing); a
    profile whose chain has the "pio" driver gets ws2812_pio.PioChain on `rp2` (None: the
    board's rp2 module)."""
    from buttons import Buttons

    Pin = machine.Pin
    if prof.get("latch") is not None:
        # Badger: hold the 3V3 enable high or the board switches off on battery.
        Pin(prof["latch"], Pin.OUT, value=1)
    pull_up = prof.get("button_pull", "up") == "up"
    pins = {}
    for key in prof["buttons"]:
        pin = Pin(prof["buttons"][key], Pin.IN, Pin.PULL_UP if pull_up else Pin.PULL_DOWN)
        pins[key] = machine.Signal(pin, invert=pull_up)
    buttons = Buttons(pins)

    d = prof["display"]
    # The bus first, then CS and DC. On the rp2 port a MISO left out is the bus's default
    # pin, which the constructor switches to SPI: on SPI1 that is GP8, the Waveshare
    # module's DC line. miso=None leaves it alone since MicroPython 1.25 (micropython#16912,
    # fixed by dd7a950); before that None took it too. A DC Pin made after the bus makes
    # GP8 a GPIO output again whatever the release did, so this order works on all of them.
    spi = machine.SPI(
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
        from leds import WS2812_TIMING, SeatLeds

        if lp.get("driver") == "pio":
            from ws2812_pio import PioChain

            if rp2 is None:
                import rp2
            np = PioChain(rp2, Pin(lp["pin"]), lp["count"])
        else:
            np = chain(Pin(lp["pin"]), lp["count"], WS2812_TIMING)  # see leds.py
        leds = SeatLeds(np, lp["seats"], lp.get("status"), lp.get("max_brightness", 40))
    else:
        from white_led import WhiteLed

        pin = led_pin(lp)
        leds = WhiteLed(Pin(pin, Pin.OUT, value=0) if pin is not None else None)

    battery = None
    bp = prof.get("battery")
    if bp is not None:
        from battery import Battery

        # machine.ADC owns the pad (no Pin with a pull on it: RP2350-E9)
        battery = Battery(machine.ADC(bp["adc_pin"]), bp["divider"])
    return Board(name, prof, display, buttons, leds, urandom, battery)


def is_chain(lp):
    """A WS2812 chain (seat LEDs); otherwise a single plain LED (the Badger's)."""
    return lp.get("pin") is not None and lp.get("count") and lp.get("kind", "ws2812") == "ws2812"


def led_pin(lp):
    return lp.get("white_led", lp.get("pin"))
