# selftest.py - bring-up check for a freshly built Confessor. Runs ON THE BOARD (MicroPython).
# wiring/BRINGUP.md walks through it step by step, with pictures of what each step shows.
#
#   After `make flash` (the firmware's drivers are then on the board): hold A+C while plugging
#   the board in, so the firmware stays out of the way, then
#     .venv/bin/mpremote connect PORT run wiring/selftest.py
#   On a board with only MicroPython, copy what it needs first:
#     .venv/bin/mpremote connect PORT cp firmware/drivers/boards.py firmware/drivers/leds.py \
#       firmware/drivers/battery.py firmware/drivers/panel_ws29.bin firmware/drivers/ssd1680.py firmware/drivers/uc8151.py \
#       firmware/drivers/ws2812_pio.py : + run wiring/selftest.py
#
# It reads the pins from boards.py (generated from wiring/pinmap.json), so it tests the wiring
# the firmware expects: the display (RST, BUSY, an SPI command, then a test card with the
# firmware's own driver: full, partial and fast refreshes), each LED in turn, the battery
# reading and every button (each press shown on the glass). With boards.py alone it checks
# what it can without a driver. First it prints the display faults the firmware recorded
# (faults.txt: a refresh given up because BUSY never fell). MIT.

import sys
import time

import boards
from machine import ADC, PWM, SPI, Pin

BUTTON_WAIT_S = 30
W = 296
H = 128


def pick_profile():
    """The profile for the board we run on (by MicroPython's board name), else the default."""
    machine = getattr(sys.implementation, "_machine", "")
    board = (
        "RPI_PICO2_W" if "Pico 2 W" in machine else ("RPI_PICO_W" if "Pico W" in machine else None)
    )
    for name in sorted(boards.PROFILES):
        if boards.PROFILES[name].get("micropython_board") == board and name == boards.DEFAULT:
            return name
    for name in sorted(boards.PROFILES):
        if boards.PROFILES[name].get("micropython_board") == board:
            return name
    return boards.DEFAULT


def recorded_faults():
    """Step 0: what the firmware wrote to faults.txt (firmware/display/panel_fault.py)."""
    try:
        with open("faults.txt") as f:
            lines = f.read().splitlines()
    except OSError:
        lines = []
    stuck = [line for line in lines if "BUSY stuck" in line]
    if not stuck:
        print("firmware: no display faults recorded (faults.txt)")
        return
    print("firmware: %d display faults recorded (faults.txt), the last:" % len(stuck))
    for line in lines[-3:]:
        print("  " + line)
    print("  (after fixing it: mpremote rm :faults.txt)")


def hold_power(profile):
    if profile["latch"] is not None:
        Pin(profile["latch"], Pin.OUT, value=1)
        print("power latch: GP%d held high" % profile["latch"])


def wait_busy(busy, idle, ms):
    start = time.ticks_ms()
    while busy.value() != idle and time.ticks_diff(time.ticks_ms(), start) < ms:
        time.sleep_ms(10)
    return busy.value() == idle


def test_display(profile):
    """Step 1. Returns the firmware's display driver when it is on the board, else None."""
    d = profile["display"]
    busy = Pin(d["busy"], Pin.IN, Pin.PULL_UP)
    # The SPI bus first, then CS and DC, as the firmware does: MicroPython before 1.25
    # switched SPI1's default MISO, GP8 (the Waveshare module's DC), to the SPI block even
    # with miso=None (micropython#16912); a DC Pin made afterwards gives GP8 back.
    spi = SPI(d["spi"], baudrate=d["baudrate"], sck=Pin(d["sck"]), mosi=Pin(d["mosi"]), miso=None)
    cs = Pin(d["cs"], Pin.OUT, value=1)
    dc = Pin(d["dc"], Pin.OUT, value=0)
    rst = Pin(d["rst"], Pin.OUT, value=1)
    rst.value(0)
    time.sleep_ms(10)
    rst.value(1)
    idle = 1 - d.get("busy_level", 1)
    if not wait_busy(busy, idle, 5000):
        print("display: BUSY (GP%d) stuck busy after reset: check RST, BUSY and power" % d["busy"])
        return None
    if d["driver"] == "ssd1680":
        cs.value(0)
        spi.write(b"\x12")  # SWRESET: the controller goes busy for a few ms
        cs.value(1)
        dc.value(1)
        went_busy = False
        start = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), start) < 1000:
            if busy.value() != idle:
                went_busy = True
            elif went_busy:
                break
        if not went_busy:
            print(
                "display: no answer to SWRESET: check CLK (GP%d), DIN (GP%d), CS, DC"
                % (d["sck"], d["mosi"])
            )
            return None
        print("display: SPI reset command answered (CLK, DIN, CS, DC, BUSY all wired)")
    else:
        print("display: reset ok")
    try:
        if d["driver"] == "uc8151":
            from uc8151 import UC8151 as Driver
        else:
            from ssd1680 import SSD1680 as Driver
    except ImportError:
        print("display: no driver on the board (flash first to see the test card)")
        return None
    return Driver(spi, cs, dc, rst, busy)


class GaveUp(Exception):
    pass


def gave_up(profile, err):
    print(
        "display: refresh given up, %s: check BUSY (GP%d) and the panel's cable"
        % (err, profile["display"]["busy"])
    )


def show(display, full):
    import asyncio

    kind = asyncio.run(display.show(full))
    if kind is None:  # the driver gave up on BUSY (its busy_timeout_ms, 10 s)
        raise GaveUp(display.fault)
    return kind


def test_card(display, name):
    """Step 2: full refresh, partial refreshes, a fast one: the same card every time."""
    fb, white, black = display.fb, display.WHITE, display.BLACK
    fb.fill(white)
    fb.rect(0, 0, W, H, black)
    fb.fill_rect(0, 0, W, 12, black)
    fb.text("CONFESSOR SELF-TEST", 4, 2, white)
    fb.text(name, W - 8 * len(name) - 4, 2, white)
    # top left: an arrow up and to the left, so which way up it is shows at a glance
    for i in range(14):
        fb.hline(4, 16 + i, 14 - i, black)
    fb.text("TOP LEFT", 22, 18, black)
    fb.text("F", 4, 40, black)  # mirrored, it reads backwards
    fb.text("black box, white text:", 4, 60, black)
    fb.fill_rect(180, 56, 108, 16, black)
    fb.text("NOT INVERTED", 186, 60, white)
    fb.text("refresh:", 4, 84, black)
    kind = show(display, True)
    print("display: test card, %s refresh (the panel flashes)" % kind)
    for n in (1, 2, 3):
        fb.fill_rect(76, 84, 210, 8, white)
        fb.text("partial %d of 3" % n, 76, 84, black)
        kind = show(display, False)
        print("display: counter %d, %s refresh" % (n, kind))
    if hasattr(display, "clean_every"):
        display.clean_every = 3  # after three partial refreshes, the ghost-clearing one
        fb.fill_rect(76, 84, 210, 8, white)
        fb.text("fast: ghosts gone", 76, 84, black)
        kind = show(display, False)
        print("display: %s refresh (one flash) clears the partial refreshes' ghosts" % kind)


def test_leds(profile):
    """Step 3."""
    leds = profile["leds"]
    cap = leds["max_brightness"]
    if leds.get("kind") == "pwm":
        pwm = PWM(Pin(leds["pin"]))
        pwm.freq(1000)
        for _ in range(3):
            pwm.duty_u16(cap * 256)
            time.sleep_ms(300)
            pwm.duty_u16(0)
            time.sleep_ms(300)
        print("LED: the white LED should have blinked 3 times")
        return
    if leds.get("driver") == "pio":  # the profile's PIO state machine, as the firmware
        try:
            import rp2
            from ws2812_pio import PioChain
        except ImportError:
            print("LEDs: the profile asks for the PIO driver: copy firmware/drivers/ws2812_pio.py")
            return
        chain = PioChain(rp2, Pin(leds["pin"]), leds["count"])
        how = "a PIO state machine"
    else:
        import neopixel

        try:
            from leds import WS2812_TIMING  # the timing known to work on the RP2350
        except ImportError:
            WS2812_TIMING = (350, 900, 800, 450)
        chain = neopixel.NeoPixel(Pin(leds["pin"]), leds["count"], timing=WS2812_TIMING)
        how = "neopixel"
    for i in range(leds["count"]):
        for colour in ((cap, 0, 0), (0, cap, 0), (0, 0, cap)):
            for j in range(leds["count"]):
                chain[j] = colour if j == i else (0, 0, 0)
            chain.write()
            time.sleep_ms(250)
    for j in range(leds["count"]):
        chain[j] = (0, 0, 0)
    chain.write()
    print(
        "LEDs (%s): seats 1-%d then the status LED should each have shown red, green, blue"
        % (how, leds["seats"])
    )


def test_battery(profile):
    """Step 4."""
    battery = profile["battery"]
    if battery is None:
        print("battery: this profile has no battery sense")
        return
    adc = ADC(battery["adc_pin"])
    raw = sum(adc.read_u16() for _ in range(8)) // 8
    volts = raw * 3.3 / 65535 * battery["divider"]
    print(
        "battery: VSYS = %.2f V (about 4.6-4.8 V on USB; 0 V means the divider is missing)" % volts
    )
    try:
        from battery import Battery
    except ImportError:
        return
    level = Battery(adc, battery["divider"]).level()
    if level["source"] == "usb":
        print("battery: on USB (or a 5 V boost): the charge cannot be read")
    else:
        print("battery: %d%%%s" % (level["percent"], ", low" if level["low"] else ""))


def drawn(profile, display):
    """A partial refresh: the display, or None once it gave up (the buttons go on)."""
    try:
        show(display, False)
        return display
    except GaveUp as err:
        gave_up(profile, err)
        return None


def test_buttons(profile, display):
    """Step 5: each press is printed, and drawn on the glass when there is a driver."""
    up = profile["button_pull"] == "up"
    names = ("A", "B", "C", "UP", "DOWN")
    pins = {}
    for name in names:
        pins[name] = Pin(profile["buttons"][name], Pin.IN, Pin.PULL_UP if up else Pin.PULL_DOWN)
    released = 0 if not up else 1
    stuck = sorted(n for n in pins if pins[n].value() != released)
    if stuck:
        print(
            "buttons: %s read as pressed before you touched them: check for a short"
            % " ".join(stuck)
        )
    if display is not None:
        fb = display.fb
        fb.fill_rect(1, 76, W - 2, H - 77, display.WHITE)
        fb.text("press each button:", 4, 84, display.BLACK)
        for i, name in enumerate(names):
            fb.rect(4 + 58 * i, 100, 52, 20, display.BLACK)
            fb.text(name, 4 + 58 * i + (52 - 8 * len(name)) // 2, 106, display.BLACK)
        display = drawn(profile, display)
    print("buttons: press each of A B C UP DOWN once (%d s)" % BUTTON_WAIT_S)
    seen = []
    start = time.ticks_ms()
    while len(seen) < len(pins) and time.ticks_diff(time.ticks_ms(), start) < BUTTON_WAIT_S * 1000:
        for name in sorted(pins):
            if name not in seen and pins[name].value() != released:
                seen.append(name)
                print("  %s ok" % name)
                if display is not None:
                    i = names.index(name)
                    fb.fill_rect(4 + 58 * i, 100, 52, 20, display.BLACK)
                    fb.text(name, 4 + 58 * i + (52 - 8 * len(name)) // 2, 106, display.WHITE)
                    display = drawn(profile, display)
        time.sleep_ms(20)
    missing = sorted(n for n in pins if n not in seen)
    print(
        "buttons: all 5 pressed" if not missing else "buttons: never pressed: " + " ".join(missing)
    )
    return not missing


def main():
    name = pick_profile()
    profile = boards.PROFILES[name]
    print("Confessor self-test, profile %s: %s" % (name, profile["title"]))
    hold_power(profile)
    recorded_faults()
    display = test_display(profile)
    if display is not None:
        try:
            test_card(display, name)
        except GaveUp as err:
            gave_up(profile, err)
            display = None
    test_leds(profile)
    test_battery(profile)
    test_buttons(profile, display)
    print("self-test done")


main()
