"""Generate everything that follows from wiring/pinmap.json.

    .venv/bin/python wiring/generate.py           # check the pin map, (re)write the outputs
    .venv/bin/python wiring/generate.py --check   # exit 1 if any output is stale, write nothing

Outputs: firmware/drivers/boards.py (MicroPython-importable profiles), wiring/pinmap.md (pin tables) and
wiring/diagram.svg (the reference build's wiring diagram). A pin map that fails a check in
pinrules.py is refused with one line per problem and exit status 2.
"""

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import pinrules  # noqa: E402
import svgdiagram  # noqa: E402

ROOT = HERE.parent
PINMAP = HERE / "pinmap.json"
HEADER = "# GENERATED from wiring/pinmap.json by wiring/generate.py - do not edit.\n"

# Key order in firmware/drivers/boards.py: the promised keys first, then the extras.
PROFILE_ORDER = pinrules.PROFILE_KEYS + ("board", "mcu", "micropython_board", "micropython_min")
DISPLAY_ORDER = pinrules.DISPLAY_KEYS + ("busy_level", "module")
LED_ORDER = pinrules.LED_KEYS + ("kind", "driver", "level_shifter")


LED_DRIVERS = {
    "neopixel": "MicroPython's neopixel (bit-banged)",
    "pio": "a PIO state machine (firmware/drivers/ws2812_pio.py)",
}


def load(path=PINMAP):
    with open(path) as f:
        return json.load(f)


def literal(value):
    """A Python literal that MicroPython and CPython both read back as the same value."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    raise TypeError("pinmap values are None, bool, int, str or dicts, not %r" % (value,))


def ordered(mapping, order):
    """Keys in the given order, then any others sorted."""
    return [k for k in order if k in mapping] + sorted(k for k in mapping if k not in order)


def emit(value, path, order_for):
    """Lines of a nested dict literal, one key per line, with trailing commas (ruff-format stable)."""
    if not isinstance(value, dict):
        return [literal(value)]
    pad = "    " * (len(path) + 1)
    lines = ["{"]
    for key in order_for(path, value):
        body = emit(value[key], path + (key,), order_for)
        lines.append("%s%s: %s" % (pad, json.dumps(key), body[0]))
        lines.extend(body[1:])
        lines[-1] += ","
    lines.append("    " * len(path) + "}")
    return lines


def boards_key_order(default):
    """Key order for each dict in PROFILES, by its path from the top."""
    orders = {1: PROFILE_ORDER, 2: {"display": DISPLAY_ORDER, "leds": LED_ORDER}}
    orders[2]["buttons"] = pinrules.BUTTON_NAMES

    def order_for(path, mapping):
        if not path:
            return ordered(mapping, (default,))
        if len(path) == 1:
            return ordered(mapping, orders[1])
        return ordered(mapping, orders[2].get(path[1], ()))

    return order_for


DOCS_ONLY = ("notes",)


def firmware_view(profiles):
    """The profiles without the keys that only the docs read."""
    return {
        name: {k: v for k, v in p.items() if k not in DOCS_ONLY} for name, p in profiles.items()
    }


def render_boards(pinmap):
    """Text of firmware/boards.py."""
    out = [
        HEADER,
        "# Pin numbers are GPIO numbers (GPn). button_pull: 'up' = active low, 'down' = active high.",
        "# leds: the chain is seat LEDs 0..seats-1 then the status LED at index 'status'; 'count' is",
        "# its length; max_brightness caps each colour channel (0-255). battery: VSYS = adc * divider.",
        "# latch: drive this pin high at boot to stay powered (Badger), or None.",
        "",
        "DEFAULT = %s" % literal(pinmap["default"]),
    ]
    body = emit(firmware_view(pinmap["profiles"]), (), boards_key_order(pinmap["default"]))
    out.append("PROFILES = " + body[0])
    out.extend(body[1:])
    return "\n".join(out) + "\n"


def gpio_cell(gpio, profile):
    if gpio is None:
        return "none"
    if profile["board"] == "pico2w":
        return "GP%s (pin %s)" % (gpio, pinrules.header_pin(gpio))
    return "GP%s" % gpio


def signal_rows(profile):
    """(function, gpio, note) rows of a profile's pin table."""
    display = profile["display"]
    rows = []
    notes = {
        "sck": "SPI%s SCK" % display["spi"],
        "mosi": "SPI%s TX; the module's DIN" % display["spi"],
        "miso": "not connected: pass miso=None explicitly (write-only panel)",
        "cs": "chip select, driven as a plain GPIO",
        "dc": "data/command",
        "rst": "reset, active low",
        "busy": "input; busy while %s" % ("high" if display.get("busy_level", 1) else "low"),
    }
    for key in ("sck", "mosi", "miso", "cs", "dc", "rst", "busy"):
        rows.append(("Display %s" % key.upper(), display[key], notes[key]))
    wiring_note = (
        "to GND, internal pull-up, pressed = 0"
        if profile["button_pull"] == "up"
        else "wired high on the board, internal pull-down, pressed = 1"
    )
    for name in pinrules.BUTTON_NAMES:
        rows.append(("Button %s" % name, profile["buttons"][name], wiring_note))
    leds = profile["leds"]
    if leds.get("kind") == "pwm":
        rows.append(
            (
                "LED (white, PWM)",
                leds["pin"],
                "single status LED, brightness capped at %s/255" % leds["max_brightness"],
            )
        )
    else:
        rows.append(
            (
                "LED data (WS2812B)",
                leds["pin"],
                "through the %s, then 330 ohm to the first LED's DIN; sent by %s"
                % (leds["level_shifter"], LED_DRIVERS[leds.get("driver", "neopixel")]),
            )
        )
    battery = profile["battery"]
    if battery is not None:
        rows.append(
            (
                "Battery sense",
                battery["adc_pin"],
                "ADC%s, VSYS/%s from an external divider"
                % (battery["adc_pin"] - pinrules.FIRST_ADC_PIN, battery["divider"]),
            )
        )
    if profile["latch"] is not None:
        rows.append(
            (
                "Power latch",
                profile["latch"],
                "drive high at boot or the board turns off on battery",
            )
        )
    for what, gpio in sorted(profile.get("reserved", {}).items()):
        rows.append((what, gpio, "reserved, keep free"))
    return rows


def render_profile_md(name, profile, pinmap, is_default):
    board = pinrules.BOARDS[profile["board"]]
    leds = profile["leds"]
    lines = [
        "## %s%s" % (profile["title"], " (default)" if is_default else ""),
        "",
        "Profile `%s` - %s, %s. Stock MicroPython >= %s, board `%s`."
        % (
            name,
            board["name"],
            profile["mcu"].upper(),
            profile["micropython_min"],
            profile["micropython_board"],
        ),
        "",
        "| Function | GPIO | Notes |",
        "|---|---|---|",
    ]
    for function, gpio, note in signal_rows(profile):
        lines.append("| %s | %s | %s |" % (function, gpio_cell(gpio, profile), note))
    lines.append("")
    lines.append(
        "Never used (the CYW43 radio): %s." % ", ".join("GP%s" % g for g in board["radio"])
    )
    if leds.get("kind") != "pwm":
        lines.append(
            "LED chain: %s LEDs (seats 0-%s, status LED at index %s); capped at %s/255 per channel, "
            "worst case %s mA (all white at the cap, %s mA per LED at full white, %s mA idle each)."
            % (
                leds["count"],
                leds["seats"] - 1,
                leds["status"],
                leds["max_brightness"],
                pinrules.led_worst_case_ma(pinmap, leds),
                pinmap["electrical"]["ws2812_ma_full_white"],
                pinmap["electrical"]["ws2812_ma_idle"],
            )
        )
    lines.append("")
    lines += ["- " + note for note in profile.get("notes", [])]
    lines.append("")
    return lines


def render_pinmap_md(pinmap):
    """Text of wiring/pinmap.md."""
    lines = [
        "<!-- GENERATED from wiring/pinmap.json by wiring/generate.py - do not edit. -->",
        "# Confessor pin map",
        "",
        "One table per board profile. The firmware reads the same data from `firmware/drivers/boards.py`;",
        "edit `wiring/pinmap.json` and run `.venv/bin/python wiring/generate.py` to change a pin.",
        "Physical pin numbers count from pin 1 (top left, USB at the top) down the left edge and up",
        "the right edge to pin 40.",
        "",
    ]
    for name, profile in sorted(
        pinmap["profiles"].items(), key=lambda kv: (kv[0] != pinmap["default"], kv[0])
    ):
        lines += render_profile_md(name, profile, pinmap, name == pinmap["default"])
    return "\n".join(lines)


def outputs(pinmap):
    """{path relative to the repository root: text} of every generated file."""
    reference = pinmap["profiles"][pinmap["default"]]
    return {
        "firmware/drivers/boards.py": render_boards(pinmap),
        "wiring/pinmap.md": render_pinmap_md(pinmap),
        "wiring/diagram.svg": svgdiagram.render(reference, pinmap),
    }


def stale(pinmap, root=ROOT):
    """Generated files whose committed text differs from what the pin map gives."""
    found = []
    for rel, text in sorted(outputs(pinmap).items()):
        path = Path(root) / rel
        if not path.exists() or path.read_text() != text:
            found.append(rel)
    return found


def write(pinmap, root=ROOT):
    written = []
    for rel, text in sorted(outputs(pinmap).items()):
        path = Path(root) / rel
        if not path.exists() or path.read_text() != text:
            path.write_text(text)
            written.append(rel)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description="Generate boards.py, pinmap.md and diagram.svg")
    parser.add_argument("--check", action="store_true", help="exit 1 if any output is stale")
    parser.add_argument("--pinmap", default=str(PINMAP), help=argparse.SUPPRESS)
    parser.add_argument("--root", default=str(ROOT), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        pinmap = load(args.pinmap)
    except (OSError, ValueError) as e:
        print("generate: cannot read %s: %s" % (args.pinmap, e), file=sys.stderr)
        return 2
    found = pinrules.problems(pinmap)
    for problem in found:
        print("pinmap: " + problem, file=sys.stderr)
    if found:
        return 2
    if args.check:
        old = stale(pinmap, args.root)
        for rel in old:
            print("stale: %s (run .venv/bin/python wiring/generate.py)" % rel, file=sys.stderr)
        return 1 if old else 0
    for rel in write(pinmap, args.root):
        print("wrote " + rel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
