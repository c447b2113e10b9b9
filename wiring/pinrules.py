"""Facts about the RP2040/RP2350 boards Confessor runs on, and the checks every pin map must pass.

Each check_* function takes the whole pin map (the parsed wiring/pinmap.json) and returns a list
of problems, one line each; an empty list means the check passed. generate.py refuses to write
from a pin map with problems, and tests/firmware/test_wiring.py runs every check on the real pin map and on
deliberately broken copies.

Sources (read 2026, see docs in wiring/README.md):
- GPIO function table (function F1 = SPI): RP2040 datasheet 2.19.2, RP2350 datasheet 9.4. Bank 0
  repeats every 16 GPIOs: 0-7 SPI0, 8-15 SPI1, 16-23 SPI0, 24-29 SPI1; within each group of four,
  GPIO%4 == 0 is RX (MISO), 1 CSn, 2 SCK, 3 TX (MOSI). MicroPython checks the same rule
  (ports/rp2/machine_spi.c, IS_VALID_SCK/MOSI/MISO).
- Stock MicroPython SPI default pins: SPI0 = the board's PICO_DEFAULT_SPI pins (SCK 18, MOSI 19,
  MISO 16 on Pico W / Pico 2 W), SPI1 = SCK 10, MOSI 11, MISO 8 (ports/rp2/machine_spi.c).
  Left out, miso is the bus's default pin, which the constructor switches to SPI: on SPI1 that
  is GP8, the Pico-ePaper's DC line. `miso=None` leaves it alone since MicroPython v1.25.0
  (micropython#16912, fixed by commit dd7a950, 2025-03-26; before it None meant the default pin
  too, #11082), the oldest release the profiles name (micropython_min). A Pin made after the
  bus takes the pad back either way, so firmware/drivers/board_wire.py creates the display's CS, DC,
  RST and BUSY after the SPI object.
- Pico W / Pico 2 W: GP23 (WL_ON), GP24 (WL_D / host wake), GP25 (WL_CS) and GP29 (WL_CLK, also
  the VSYS/3 ADC input) belong to the CYW43439 radio (Pico W and Pico 2 W datasheets).
- RP2350-E9: an input with the internal pull-down can latch near 2.2 V after its first high on A2
  silicon (micropython#15718, pico-sdk#1914), so RP2350 buttons use pull-ups and switch to GND.
"""

FIRST_ADC_PIN = 26

# Board facts: GPIOs a maker can reach and the ones the board itself uses.
BOARDS = {
    "pico2w": {
        "name": "Raspberry Pi Pico 2 W",
        "mcu": "rp2350",
        "gpio": tuple(range(0, 23)) + (26, 27, 28),
        "radio": (23, 24, 25, 29),
        "default_spi": {
            0: {"sck": 18, "mosi": 19, "miso": 16},
            1: {"sck": 10, "mosi": 11, "miso": 8},
        },
    },
    "badger2040w": {
        "name": "Pimoroni Badger 2040 W (a Pico W module inside)",
        "mcu": "rp2040",
        "gpio": tuple(range(0, 23)) + (26, 27, 28),
        "radio": (23, 24, 25, 29),
        "default_spi": {
            0: {"sck": 18, "mosi": 19, "miso": 16},
            1: {"sck": 10, "mosi": 11, "miso": 8},
        },
    },
}

# The 40-pin Pico / Pico W / Pico 2 W header: physical pin -> name (USB at the top, pin 1 top left,
# pins 1-20 down the left edge, 21-40 up the right edge). Pico 2 W datasheet, pinout figure.
PICO_HEADER = {
    1: "GP0",
    2: "GP1",
    3: "GND",
    4: "GP2",
    5: "GP3",
    6: "GP4",
    7: "GP5",
    8: "GND",
    9: "GP6",
    10: "GP7",
    11: "GP8",
    12: "GP9",
    13: "GND",
    14: "GP10",
    15: "GP11",
    16: "GP12",
    17: "GP13",
    18: "GND",
    19: "GP14",
    20: "GP15",
    21: "GP16",
    22: "GP17",
    23: "GND",
    24: "GP18",
    25: "GP19",
    26: "GP20",
    27: "GP21",
    28: "GND",
    29: "GP22",
    30: "RUN",
    31: "GP26",
    32: "GP27",
    33: "AGND",
    34: "GP28",
    35: "ADC_VREF",
    36: "3V3(OUT)",
    37: "3V3_EN",
    38: "GND",
    39: "VSYS",
    40: "VBUS",
}


def header_pin(gpio):
    """Physical header pin of a GPIO on a Pico-shaped board."""
    for pin, name in PICO_HEADER.items():
        if name == "GP%d" % gpio:
            return pin
    return None


SPI_ROLES = ("miso", "cs_hw", "sck", "mosi")  # by GPIO % 4: RX, CSn, SCK, TX

# The keys firmware/drivers/boards.py promises the firmware (add keys freely, never rename).
PROFILE_KEYS = ("title", "display", "buttons", "button_pull", "leds", "battery", "latch")
DISPLAY_KEYS = ("driver", "spi", "sck", "mosi", "miso", "cs", "dc", "rst", "busy")
DISPLAY_KEYS += ("width", "height", "baudrate")
BUTTON_NAMES = ("A", "B", "C", "UP", "DOWN")
LED_KEYS = ("pin", "seats", "status", "count", "max_brightness")
MAX_SEATS = 6
# What sends a WS2812 chain's bits (leds "driver", default neopixel): MicroPython's neopixel
# module (machine.bitstream) or firmware/drivers/ws2812_pio.py's PIO state machine.
LED_DRIVERS = ("neopixel", "pio")
# board_wire.wire() creates these after the SPI bus: they take their pad back from it.
MADE_AFTER_THE_BUS = ("cs", "dc", "rst", "busy")
# The first MicroPython whose rp2 SPI(miso=None) leaves the default MISO pin alone (#16912).
MISO_NONE_FIXED = (1, 25, 0)


def _version(text):
    """(1, 25, 0) from "1.25.0"."""
    return tuple(int(part) for part in text.split("."))


def spi_function(gpio):
    """(bus, role) of a GPIO in the SPI column of the function table."""
    return (gpio >> 3) & 1, SPI_ROLES[gpio & 3]


def profiles(pinmap):
    """(name, profile) pairs in a stable order."""
    return sorted(pinmap["profiles"].items())


def assigned_pins(profile):
    """Every (gpio, what) the profile drives or reads, in a stable order."""
    out = []
    display = profile["display"]
    for key in ("sck", "mosi", "miso", "cs", "dc", "rst", "busy"):
        if display.get(key) is not None:
            out.append((display[key], "display %s" % key.upper()))
    for name in BUTTON_NAMES:
        if name in profile["buttons"]:
            out.append((profile["buttons"][name], "button %s" % name))
    out.append((profile["leds"]["pin"], "LED data"))
    if profile["battery"] is not None:
        out.append((profile["battery"]["adc_pin"], "battery sense (ADC)"))
    if profile["latch"] is not None:
        out.append((profile["latch"], "power latch"))
    for what, pin in sorted(profile.get("reserved", {}).items()):
        out.append((pin, what))
    return out


def check_shape(pinmap):
    """The keys and value types the firmware codes against are all there."""
    problems = []
    if pinmap.get("default") not in pinmap.get("profiles", {}):
        problems.append("default profile %r is not one of the profiles" % pinmap.get("default"))
    for name, profile in profiles(pinmap):
        missing = [k for k in PROFILE_KEYS + ("board", "mcu") if k not in profile]
        missing += ["display." + k for k in DISPLAY_KEYS if k not in profile.get("display", {})]
        missing += ["buttons." + k for k in BUTTON_NAMES if k not in profile.get("buttons", {})]
        missing += ["leds." + k for k in LED_KEYS if k not in profile.get("leds", {})]
        if missing:
            problems.append("%s: missing %s" % (name, ", ".join(missing)))
            continue
        if profile["board"] not in BOARDS:
            problems.append("%s: unknown board %r" % (name, profile["board"]))
        elif BOARDS[profile["board"]]["mcu"] != profile["mcu"]:
            problems.append("%s: board %s has an %s" % (name, profile["board"], profile["mcu"]))
        if profile["button_pull"] not in ("up", "down"):
            problems.append("%s: button_pull must be 'up' or 'down'" % name)
        for gpio, what in assigned_pins(profile):
            if type(gpio) is not int:
                problems.append("%s: %s is %r, not a GPIO number" % (name, what, gpio))
    return problems


def check_pins_exist(pinmap):
    """Every pin is a GPIO the maker can reach on that board (radio pins are checked apart)."""
    problems = []
    for name, profile in profiles(pinmap):
        board = BOARDS[profile["board"]]
        for gpio, what in assigned_pins(profile):
            if gpio not in board["gpio"] and gpio not in board["radio"]:
                problems.append(
                    "%s: %s on GP%s, which %s does not break out"
                    % (name, what, gpio, board["name"])
                )
    return problems


def check_unique(pinmap):
    """No pin is used twice."""
    problems = []
    for name, profile in profiles(pinmap):
        seen = {}
        for gpio, what in assigned_pins(profile):
            if gpio in seen:
                problems.append("%s: GP%s is both %s and %s" % (name, gpio, seen[gpio], what))
            else:
                seen[gpio] = what
    return problems


def check_radio(pinmap):
    """No pin the CYW43 radio uses (GP23, GP24, GP25, GP29 on Pico W and Pico 2 W)."""
    problems = []
    for name, profile in profiles(pinmap):
        radio = BOARDS[profile["board"]]["radio"]
        for gpio, what in assigned_pins(profile):
            if gpio in radio:
                problems.append("%s: %s on GP%s, which the radio uses" % (name, what, gpio))
    return problems


def check_spi(pinmap):
    """SCK, MOSI (and MISO if any) are pins of the chosen SPI block in the function table."""
    problems = []
    for name, profile in profiles(pinmap):
        display = profile["display"]
        bus = display["spi"]
        if bus not in (0, 1):
            problems.append(
                "%s: SPI%s does not exist (RP2040/RP2350 have SPI0, SPI1)" % (name, bus)
            )
            continue
        for role in ("sck", "mosi", "miso"):
            gpio = display.get(role)
            if gpio is None or type(gpio) is not int:
                continue
            if spi_function(gpio) != (bus, role):
                got_bus, got_role = spi_function(gpio)
                problems.append(
                    "%s: display %s on GP%s, but GP%s is SPI%s %s, not SPI%s %s"
                    % (name, role.upper(), gpio, gpio, got_bus, got_role.upper(), bus, role.upper())
                )
    return problems


def check_miso(pinmap):
    """The display is write-only: miso is None, explicitly (left out, the bus takes its default
    MISO pin). Before MicroPython 1.25 None took the default pin too (micropython#16912): for
    a profile that allows such a release, that pin may only be one of the display's own
    lines that firmware/drivers/board_wire.py creates after the bus (they take the pad back);
    anything made before it (a button, the LEDs, the latch) would lose its pin to SPI."""
    problems = []
    for name, profile in profiles(pinmap):
        display = profile["display"]
        default = BOARDS[profile["board"]]["default_spi"].get(display["spi"], {}).get("miso")
        used = dict(assigned_pins(profile))
        clash = (
            " (its default MISO GP%s is %s)" % (default, used[default]) if default in used else ""
        )
        if "miso" not in display or display["miso"] is not None:
            problems.append("%s: display miso must be None, passed explicitly%s" % (name, clash))
            continue
        if _version(profile.get("micropython_min", "0")) >= MISO_NONE_FIXED:
            continue
        after = ["display %s" % key.upper() for key in MADE_AFTER_THE_BUS]
        for gpio, what in assigned_pins(profile):
            if gpio == default and what not in after:
                problems.append(
                    "%s: GP%s, SPI%s's default MISO (taken by the bus even with miso=None"
                    " before MicroPython 1.25), is %s, made before the bus: only the display's"
                    " CS, DC, RST or BUSY may sit there" % (name, default, display["spi"], what)
                )
    return problems


def check_pulls(pinmap):
    """Buttons use pull-ups (active low) on every RP2350 profile: the RP2350-E9 erratum."""
    problems = []
    for name, profile in profiles(pinmap):
        if profile["mcu"] == "rp2350" and profile["button_pull"] != "up":
            problems.append(
                "%s: RP2350 buttons must use pull-ups (RP2350-E9), not %r"
                % (name, profile["button_pull"])
            )
    return problems


def check_battery(pinmap):
    """The battery sense pin is an ADC input (GP26-GP28; GP29 is the radio's)."""
    problems = []
    for name, profile in profiles(pinmap):
        battery = profile["battery"]
        if battery is None:
            continue
        if battery["adc_pin"] not in (26, 27, 28, 29):
            problems.append(
                "%s: battery sense on GP%s, which has no ADC" % (name, battery["adc_pin"])
            )
        if type(battery["divider"]) is not int or battery["divider"] < 2:
            problems.append("%s: battery divider must be an int >= 2 (VSYS reaches 5.5 V)" % name)
    return problems


def led_worst_case_ma(pinmap, leds):
    """Worst case LED chain current at the firmware's brightness cap, in mA (rounded up)."""
    electrical = pinmap["electrical"]
    lit = electrical["ws2812_ma_full_white"] * leds["max_brightness"] * leds["count"]
    return -(-lit // 255) + electrical["ws2812_ma_idle"] * leds["count"]


def check_leds(pinmap):
    """One LED per seat (at most six) plus a status LED, and a chain within the current budget."""
    problems = []
    for name, profile in profiles(pinmap):
        leds = profile["leds"]
        if not 1 <= leds["max_brightness"] <= 255:
            problems.append("%s: max_brightness must be 1..255" % name)
        if leds.get("kind") == "pwm":
            if (leds["count"], leds["seats"], leds["status"]) != (1, 0, 0):
                problems.append("%s: a single PWM LED has count 1, seats 0, status 0" % name)
            continue
        if leds.get("driver", "neopixel") not in LED_DRIVERS:
            problems.append(
                "%s: leds driver %r: one of %s" % (name, leds["driver"], ", ".join(LED_DRIVERS))
            )
        if not 0 <= leds["seats"] <= MAX_SEATS:
            problems.append("%s: %s seat LEDs (at most %s)" % (name, leds["seats"], MAX_SEATS))
        if leds["count"] != leds["seats"] + 1 or leds["status"] != leds["seats"]:
            problems.append(
                "%s: the chain is the seat LEDs then the status LED (count seats+1, status seats)"
                % name
            )
        worst = led_worst_case_ma(pinmap, leds)
        if worst > pinmap["electrical"]["led_budget_ma"]:
            problems.append(
                "%s: LED chain can draw %s mA at the cap, over the %s mA budget"
                % (name, worst, pinmap["electrical"]["led_budget_ma"])
            )
    return problems


CHECKS = (
    check_shape,
    check_pins_exist,
    check_unique,
    check_radio,
    check_spi,
    check_miso,
    check_pulls,
    check_battery,
    check_leds,
)


def problems(pinmap):
    """All problems of a pin map; shape first, since the other checks rely on the keys."""
    found = check_shape(pinmap)
    if found:
        return found
    for check in CHECKS[1:]:
        found += check(pinmap)
    return found
