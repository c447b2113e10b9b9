"""The pin map (wiring/pinmap.json) and everything generated from it.

Every check in wiring/pinrules.py passes on the real pin map and fails on a copy broken in the
way it exists to catch; the generated files are up to date; firmware/drivers/boards.py imports under
MicroPython and holds the keys the firmware codes against."""

import ast
import copy
import json
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from interpreters import ROOT, run_micropython

sys.path.insert(0, str(ROOT / "wiring"))
import generate  # noqa: E402
import pinrules  # noqa: E402

PINMAP = generate.load()


def broken(edit):
    """A deep copy of the real pin map with one edit applied."""
    pinmap = copy.deepcopy(PINMAP)
    edit(pinmap)
    return pinmap


def ref(pinmap):
    return pinmap["profiles"]["reference"]


def badger(pinmap):
    return pinmap["profiles"]["badger2040w"]


def test_the_real_pin_map_passes_every_check():
    for check in pinrules.CHECKS:
        assert check(PINMAP) == [], check.__name__
    assert pinrules.problems(PINMAP) == []


def test_the_reference_build_uses_the_pins_of_the_research_notes():
    # hardware.md 1.5 (Waveshare's SPI1 pins, buttons GP14-18, LEDs GP22, ADC battery sense).
    p = ref(PINMAP)
    d = p["display"]
    assert (d["spi"], d["sck"], d["mosi"], d["cs"], d["dc"], d["rst"], d["busy"]) == (
        1,
        10,
        11,
        9,
        8,
        12,
        13,
    )
    assert d["miso"] is None
    assert p["buttons"] == {"A": 14, "B": 15, "C": 16, "UP": 17, "DOWN": 18}
    assert (p["leds"]["pin"], p["leds"]["count"], p["leds"]["status"]) == (22, 7, 6)
    assert p["battery"] == {"adc_pin": 26, "divider": 2}


def _set(path, value):
    def edit(pinmap):
        node = pinmap
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


def _drop(path):
    def edit(pinmap):
        node = pinmap
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]

    return edit


def _both(*edits):
    def edit(pinmap):
        for one in edits:
            one(pinmap)

    return edit


R = ("profiles", "reference")
B = ("profiles", "badger2040w")

BREAKAGES = [
    # (id, edit, the check that must catch it, words its message must hold)
    (
        "button-on-dc",
        _set(R + ("buttons", "A"), 8),
        pinrules.check_unique,
        "GP8 is both display DC and button A",
    ),
    ("led-on-button", _set(R + ("leds", "pin"), 17), pinrules.check_unique, "GP17"),
    ("latch-on-busy", _set(B + ("latch",), 26), pinrules.check_unique, "GP26"),
    ("reserved-uart", _set(R + ("buttons", "B"), 0), pinrules.check_unique, "UART0 TX"),
    (
        "led-on-radio-gp23",
        _set(R + ("leds", "pin"), 23),
        pinrules.check_radio,
        "GP23, which the radio uses",
    ),
    ("button-on-radio-gp24", _set(R + ("buttons", "C"), 24), pinrules.check_radio, "GP24"),
    ("cs-on-radio-gp25", _set(R + ("display", "cs"), 25), pinrules.check_radio, "GP25"),
    ("battery-on-gp29", _set(R + ("battery", "adc_pin"), 29), pinrules.check_radio, "GP29"),
    ("no-such-gpio", _set(R + ("buttons", "UP"), 30), pinrules.check_pins_exist, "GP30"),
    (
        "sck-swapped-with-mosi",
        _set(R + ("display", "sck"), 11),
        pinrules.check_spi,
        "GP11 is SPI1 MOSI, not SPI1 SCK",
    ),
    (
        "mosi-on-spi0-pin",
        _set(R + ("display", "mosi"), 19),
        pinrules.check_spi,
        "GP19 is SPI0 MOSI, not SPI1 MOSI",
    ),
    ("wrong-bus", _set(R + ("display", "spi"), 0), pinrules.check_spi, "not SPI0 SCK"),
    ("no-spi2", _set(R + ("display", "spi"), 2), pinrules.check_spi, "SPI2 does not exist"),
    (
        "badger-sck-off-by-one",
        _set(B + ("display", "sck"), 17),
        pinrules.check_spi,
        "GP17 is SPI0 CS_HW",
    ),
    (
        "miso-left-out",
        _drop(R + ("display", "miso")),
        pinrules.check_miso,
        "default MISO GP8 is display DC",
    ),
    (
        "miso-on-default-pin",
        _set(R + ("display", "miso"), 8),
        pinrules.check_miso,
        "miso must be None",
    ),
    (
        # MicroPython before 1.25 switched the default MISO to SPI even with miso=None
        "default-miso-on-a-button-before-1.25",
        _both(_set(R + ("buttons", "A"), 8), _set(R + ("micropython_min",), "1.24.1")),
        pinrules.check_miso,
        "GP8, SPI1's default MISO (taken by the bus even with miso=None before MicroPython"
        " 1.25), is button A",
    ),
    ("pull-down-on-rp2350", _set(R + ("button_pull",), "down"), pinrules.check_pulls, "RP2350-E9"),
    ("battery-off-adc", _set(R + ("battery", "adc_pin"), 21), pinrules.check_battery, "has no ADC"),
    ("battery-no-divider", _set(R + ("battery", "divider"), 1), pinrules.check_battery, "divider"),
    ("seven-seats", _set(R + ("leds", "seats"), 7), pinrules.check_leds, "at most 6"),
    (
        "unknown-led-driver",
        _set(R + ("leds", "driver"), "dma"),
        pinrules.check_leds,
        "leds driver 'dma': one of neopixel, pio",
    ),
    ("status-not-last", _set(R + ("leds", "status"), 0), pinrules.check_leds, "status"),
    ("chain-too-short", _set(R + ("leds", "count"), 6), pinrules.check_leds, "count seats+1"),
    (
        "too-bright",
        _set(R + ("leds", "max_brightness"), 255),
        pinrules.check_leds,
        "over the 100 mA budget",
    ),
    ("missing-button", _drop(R + ("buttons", "DOWN")), pinrules.check_shape, "buttons.DOWN"),
    ("missing-latch-key", _drop(B + ("latch",)), pinrules.check_shape, "latch"),
    ("pin-as-text", _set(R + ("display", "dc"), "GP8"), pinrules.check_shape, "not a GPIO number"),
    ("bad-default", _set(("default",), "pico1"), pinrules.check_shape, "default profile"),
    ("wrong-mcu", _set(B + ("mcu",), "rp2350"), pinrules.check_shape, "has an rp2350"),
]


@pytest.mark.parametrize(
    "edit,check,words", [b[1:] for b in BREAKAGES], ids=[b[0] for b in BREAKAGES]
)
def test_each_check_catches_its_breakage(edit, check, words):
    pinmap = broken(edit)
    found = check(pinmap)
    assert found, "%s passed a broken pin map" % check.__name__
    assert any(words in line for line in found), found
    assert pinrules.problems(pinmap), "problems() must report it too"


def test_miso_none_leaves_the_default_pin_alone_from_micropython_1_25():
    # micropython#16912, fixed in v1.25.0: the profiles' oldest release
    pinmap = broken(_set(R + ("buttons", "A"), 8))
    assert pinrules.check_miso(pinmap) == []
    assert pinrules.check_unique(pinmap)  # (GP8 is still the display's DC)


def test_every_check_is_exercised_by_a_breakage():
    assert {b[2] for b in BREAKAGES} == set(pinrules.CHECKS)


def test_pull_downs_are_allowed_on_the_rp2040_badger():
    assert badger(PINMAP)["button_pull"] == "down"
    assert pinrules.check_pulls(PINMAP) == []
    assert pinrules.check_pulls(broken(_set(B + ("mcu",), "rp2350")))


def test_spi_function_table_matches_the_datasheet_rows():
    # RP2040 datasheet 2.19.2 / RP2350 datasheet 9.4, function F1.
    assert [pinrules.spi_function(g) for g in (0, 1, 2, 3)] == [
        (0, "miso"),
        (0, "cs_hw"),
        (0, "sck"),
        (0, "mosi"),
    ]
    assert [pinrules.spi_function(g) for g in (8, 9, 10, 11)] == [
        (1, "miso"),
        (1, "cs_hw"),
        (1, "sck"),
        (1, "mosi"),
    ]
    assert [pinrules.spi_function(g) for g in (16, 18, 19, 26, 27, 28)] == [
        (0, "miso"),
        (0, "sck"),
        (0, "mosi"),
        (1, "sck"),
        (1, "mosi"),
        (1, "miso"),
    ]


def test_led_worst_case_at_the_cap():
    leds = ref(PINMAP)["leds"]
    # 7 LEDs x 60 mA x 40/255 = 65.9 mA lit, rounded up, plus 1 mA idle each.
    assert pinrules.led_worst_case_ma(PINMAP, leds) == 66 + 7


def test_generated_files_are_up_to_date():
    assert generate.stale(PINMAP) == [], "run .venv/bin/python wiring/generate.py"
    for rel, text in generate.outputs(PINMAP).items():
        assert (ROOT / rel).read_text() == text, rel


def test_a_changed_pin_map_makes_the_files_stale():
    moved = broken(_set(R + ("buttons", "A"), 19))
    assert pinrules.problems(moved) == []
    assert set(generate.stale(moved)) == {
        "firmware/drivers/boards.py",
        "wiring/pinmap.md",
        "wiring/diagram.svg",
    }


def _copy_tree(tmp_path):
    for rel in generate.outputs(PINMAP):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / rel, tmp_path / rel)


def _cli(*args):
    return subprocess.run(
        [sys.executable, str(ROOT / "wiring" / "generate.py"), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_check_passes_on_the_repository():
    done = _cli("--check")
    assert done.returncode == 0, done.stderr


def test_cli_check_fails_on_a_hand_edited_boards_py(tmp_path):
    _copy_tree(tmp_path)
    boards = tmp_path / "firmware" / "drivers" / "boards.py"
    boards.write_text(boards.read_text().replace('"dc": 8', '"dc": 7'))
    done = _cli("--check", "--root", str(tmp_path))
    assert done.returncode == 1
    assert "stale: firmware/drivers/boards.py" in done.stderr
    assert '"dc": 7' in boards.read_text(), "--check must not write"
    assert _cli("--root", str(tmp_path)).returncode == 0
    assert _cli("--check", "--root", str(tmp_path)).returncode == 0


def test_cli_refuses_a_broken_pin_map_in_one_line_per_problem(tmp_path):
    _copy_tree(tmp_path)
    bad = tmp_path / "pinmap.json"
    bad.write_text(json.dumps(broken(_set(R + ("leds", "pin"), 25))))
    done = _cli("--pinmap", str(bad), "--root", str(tmp_path))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines() == [
        "pinmap: reference: LED data on GP25, which the radio uses"
    ]
    assert "Traceback" not in done.stderr
    (tmp_path / "junk.json").write_text("{not json")
    done = _cli("--pinmap", str(tmp_path / "junk.json"))
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1


def test_boards_py_imports_nothing_and_keeps_the_promised_keys():
    tree = ast.parse((ROOT / "firmware" / "drivers" / "boards.py").read_text())
    assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    namespace = {}
    exec(compile(tree, "boards.py", "exec"), namespace)
    assert namespace["DEFAULT"] == "reference"
    for name, profile in namespace["PROFILES"].items():
        for key in pinrules.PROFILE_KEYS:
            assert key in profile, (name, key)
        assert set(pinrules.DISPLAY_KEYS) <= set(profile["display"]), name
        assert set(pinrules.LED_KEYS) <= set(profile["leds"]), name
        assert set(profile["buttons"]) == set(pinrules.BUTTON_NAMES), name
        assert "notes" not in profile
    assert namespace["PROFILES"]["badger2040w"]["latch"] == 10


def test_boards_py_imports_under_micropython():
    code = (
        "import boards\n"
        "p = boards.PROFILES[boards.DEFAULT]\n"
        "print(p['display']['dc'], p['display']['miso'], p['button_pull'], p['leds']['count'])\n"
        "print(boards.PROFILES['badger2040w']['display']['driver'])\n"
    )
    done = run_micropython(["-c", code], extra_path=[ROOT / "firmware" / "drivers"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[:2] == ["8 None up 7", "uc8151"]


def test_diagram_is_well_formed_and_labels_every_wire():
    svg = (ROOT / "wiring" / "diagram.svg").read_text()
    root = ET.fromstring(svg)
    words = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for gpio, what in pinrules.assigned_pins(ref(PINMAP)):
        if not what.startswith("UART"):
            assert words.count("GP%d" % gpio) >= 2, what  # on the board edge and on the wire
    for name in pinrules.BUTTON_NAMES + ("74AHCT125", "Status", "Seat 5", "330", "1000u"):
        assert name in words, name


def test_wiring_docs_exist_and_point_at_each_other():
    readme = (ROOT / "wiring" / "README.md").read_text()
    for name in ("pinmap.md", "parts.md", "diagram.svg", "make flash", "RPI_PICO2_W", "BOOTSEL"):
        assert name in readme, name
    parts = (ROOT / "wiring" / "parts.md").read_text()
    for name in ("SC1633", "Pico-ePaper-2.9", "WS2812B", "74AHCT125", "1000", "330"):
        assert name in parts, name


FAKE_MACHINE = """
# A fake machine module: an input reads released (1) once, then pressed/idle (0).
class Pin:
    IN, OUT, PULL_UP, PULL_DOWN = 0, 1, 2, 3

    def __init__(self, gpio, mode=0, pull=None, value=None):
        self.gpio, self.mode, self.reads, self.level = gpio, mode, 0, value

    def value(self, v=None):
        if v is not None:
            self.level = v
            return None
        self.reads += 1
        return 1 if self.reads == 1 else 0


class ADC:
    def __init__(self, pin):
        pass

    def read_u16(self):
        return 32767


class PWM:
    def __init__(self, pin):
        pass

    def freq(self, f):
        pass

    def duty_u16(self, d):
        pass


class SPI:
    def __init__(self, bus, **kw):
        assert "miso" in kw and kw["miso"] is None, "pass miso=None explicitly"

    def write(self, data):
        print("SPI write", data)
"""

FAKE_NEOPIXEL = """
class NeoPixel:
    def __init__(self, pin, n, timing=None):
        assert timing == (350, 900, 800, 450), "the RP2350's WS2812 timing"
        self.n, self.writes = n, 0

    def fill(self, c):
        pass

    def __setitem__(self, i, c):
        assert 0 <= i < self.n

    def write(self):
        pass
"""


def test_selftest_runs_under_micropython_with_fake_hardware(tmp_path):
    """With boards.py alone on the board (no drivers): what it can check without them.
    tests/device/test_bringup.py runs it with the firmware's drivers on the simulated parts."""
    (tmp_path / "machine.py").write_text(FAKE_MACHINE)
    (tmp_path / "neopixel.py").write_text(FAKE_NEOPIXEL)
    (tmp_path / "boards.py").write_bytes((ROOT / "firmware" / "drivers" / "boards.py").read_bytes())
    done = run_micropython([ROOT / "wiring" / "selftest.py"], extra_path=[tmp_path], timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "profile reference" in out
    assert "SPI write b'\\x12'" in out
    assert "VSYS = 3.30 V" in out
    assert "buttons: all 5 pressed" in out
    assert out.rstrip().endswith("self-test done")
