# selftest.py - bring-up check for a freshly built Confessor. Runs ON THE BOARD (MicroPython):
#
#   .venv/bin/mpremote connect PORT cp firmware/boards.py : + run wiring/selftest.py
#
# It reads the pins from boards.py (generated from wiring/pinmap.json), so it tests the wiring the
# firmware expects: each LED in turn, every button, the battery reading and the display's
# RST/BUSY lines (plus an SPI reset command on the SSD1680). It needs no game firmware. MIT.

import sys
import time

import boards
from machine import ADC, PWM, SPI, Pin

BUTTON_WAIT_S = 30


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


def hold_power(profile):
    if profile["latch"] is not None:
        Pin(profile["latch"], Pin.OUT, value=1)
        print("power latch: GP%d held high" % profile["latch"])


def test_leds(profile):
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
    import neopixel

    chain = neopixel.NeoPixel(Pin(leds["pin"]), leds["count"])
    for i in range(leds["count"]):
        for colour in ((cap, 0, 0), (0, cap, 0), (0, 0, cap)):
            chain.fill((0, 0, 0))
            chain[i] = colour
            chain.write()
            time.sleep_ms(250)
    chain.fill((0, 0, 0))
    chain.write()
    print(
        "LEDs: seats 1-%d then the status LED should each have shown red, green, blue"
        % leds["seats"]
    )


def test_buttons(profile):
    up = profile["button_pull"] == "up"
    pins = {}
    for name in ("A", "B", "C", "UP", "DOWN"):
        pins[name] = Pin(profile["buttons"][name], Pin.IN, Pin.PULL_UP if up else Pin.PULL_DOWN)
    released = 0 if not up else 1
    stuck = sorted(n for n in pins if pins[n].value() != released)
    if stuck:
        print(
            "buttons: %s read as pressed before you touched them: check for a short"
            % " ".join(stuck)
        )
    print("buttons: press each of A B C UP DOWN once (%d s)" % BUTTON_WAIT_S)
    seen = []
    start = time.ticks_ms()
    while len(seen) < len(pins) and time.ticks_diff(time.ticks_ms(), start) < BUTTON_WAIT_S * 1000:
        for name in sorted(pins):
            if name not in seen and pins[name].value() != released:
                seen.append(name)
                print("  %s ok" % name)
        time.sleep_ms(20)
    missing = sorted(n for n in pins if n not in seen)
    print(
        "buttons: all 5 pressed" if not missing else "buttons: never pressed: " + " ".join(missing)
    )
    return not missing


def test_battery(profile):
    battery = profile["battery"]
    if battery is None:
        print("battery: this profile has no battery sense")
        return
    raw = sum(ADC(Pin(battery["adc_pin"])).read_u16() for _ in range(8)) // 8
    volts = raw * 3.3 / 65535 * battery["divider"]
    print(
        "battery: VSYS = %.2f V (about 4.6-4.8 V on USB; 0 V means the divider is missing)" % volts
    )


def test_display(profile):
    d = profile["display"]
    busy = Pin(d["busy"], Pin.IN, Pin.PULL_UP)
    if d["driver"] == "ssd1680":
        # miso=None explicitly: SPI1's default MISO is GP8, the DC line. DC is made after the SPI
        # object so that even firmware that ignores miso=None hands GP8 back to DC.
        spi = SPI(
            d["spi"], baudrate=d["baudrate"], sck=Pin(d["sck"]), mosi=Pin(d["mosi"]), miso=None
        )
    cs = Pin(d["cs"], Pin.OUT, value=1)
    dc = Pin(d["dc"], Pin.OUT, value=0)
    rst = Pin(d["rst"], Pin.OUT, value=1)
    rst.value(0)
    time.sleep_ms(10)
    rst.value(1)
    idle = 1 - d.get("busy_level", 1)
    start = time.ticks_ms()
    while busy.value() != idle and time.ticks_diff(time.ticks_ms(), start) < 5000:
        time.sleep_ms(10)
    if busy.value() != idle:
        print("display: BUSY (GP%d) stuck busy after reset: check RST, BUSY and power" % d["busy"])
        return
    if d["driver"] != "ssd1680":
        print("display: reset ok (the firmware's splash screen tests the rest)")
        return
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
    if went_busy:
        print("display: SPI reset command answered (CLK, DIN, CS, DC, BUSY all wired)")
    else:
        print(
            "display: no answer to SWRESET: check CLK (GP%d), DIN (GP%d), CS, DC"
            % (d["sck"], d["mosi"])
        )


def main():
    name = pick_profile()
    profile = boards.PROFILES[name]
    print("Confessor self-test, profile %s: %s" % (name, profile["title"]))
    hold_power(profile)
    test_display(profile)
    test_leds(profile)
    test_battery(profile)
    test_buttons(profile)
    print("self-test done")


main()
