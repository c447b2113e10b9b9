"""The bring-up self-test (wiring/selftest.py) on the simulated boards (host/bringup.py): each
step does what wiring/BRINGUP.md says it shows, and the guide's pictures are current."""

import pytest

from host import bringup
from host.manifest import source_path
from host.sim_client import pixel, read_pbm

W, H = 296, 128


@pytest.fixture(scope="module")
def runs():
    return {profile: bringup.run(profile) for profile in bringup.PROFILES}


def black(frame: bytes, x: int, y: int) -> bool:
    return pixel(read_pbm(frame), x, y) == 1


def test_reference_board_self_test_exercises_every_refresh_and_part(runs):
    run = runs["reference"]
    assert run.errors == []  # nothing the simulated parts object to (DC, BUSY, waveforms, LEDs)
    kinds = run.kinds()
    assert kinds[:5] == ["full", "partial", "partial", "partial", "fast"]
    out = run.output
    for line in (
        "SPI reset command answered",
        "test card, full refresh",
        "counter 3, partial refresh",
        "fast refresh (one flash)",
        "battery: VSYS = 4.70 V",
        "on USB",
        "buttons: all 5 pressed",
        "self-test done",
    ):
        assert line in out, line
    card = run.frames[1]
    assert black(card, 2, 2) and black(card, 6, 20)  # title bar and arrow top left
    assert not black(card, W - 10, H - 10) and black(card, W - 1, H - 1)  # border, no more
    # each LED, in chain order, red then green then blue
    steps = run.led_steps()
    assert [index for index, _ in steps] == [
        i for i in range(7) for _ in range(3)
    ]  # 6 seats, status
    assert [tuple(c) for _, c in steps[:3]] == [(40, 0, 0), (0, 40, 0), (0, 0, 40)]
    presses = [e["button"] for e in run.events if e["e"] == "press"]
    assert sorted(presses) == ["A", "B", "C", "DOWN", "UP"]


def test_badger_self_test(runs):
    run = runs["badger2040w"]
    assert run.errors == []
    assert set(run.kinds()) == {"full"}  # the UC8151 driver refreshes with the OTP waveform
    assert "white LED should have blinked 3 times" in run.output
    assert [e["on"] for e in run.events if e["e"] == "white_led"] == [True, False] * 3
    assert black(run.frames[1], 2, 2) and not black(run.frames[1], W - 10, H - 10)


def test_a_low_battery_is_read_as_one(tmp_path):
    run = bringup.run("reference", vsys_mv=3300)
    assert "battery: VSYS = 3.30 V" in run.output and "battery: 25%" in run.output


def test_the_leds_through_the_pio_driver_show_the_same(runs):
    run = bringup.run("reference", led_driver="pio")
    assert run.errors == []  # every bit inside the WS2812B's windows
    assert "LEDs (a PIO state machine): seats 1-6" in run.output
    assert run.led_steps() == runs["reference"].led_steps()


def test_a_display_that_never_answers_is_named_and_the_rest_still_checked():
    recorded = "12 s after power-on: BUSY stuck for 10 s in a partial refresh\n"
    run = bringup.run("reference", stuck=True, faults=recorded)
    out = run.output
    assert "firmware: 1 display faults recorded (faults.txt), the last:" in out
    assert "  " + recorded.strip() in out
    assert "BUSY (GP13) stuck busy after reset" in out
    assert run.kinds() == [] and "test card" not in out
    assert "LEDs (neopixel): seats 1-6" in out and "buttons: all 5 pressed" in out
    assert "self-test done" in out


def test_the_guides_pictures_are_current(runs):
    for run in runs.values():
        for name, data in bringup.pictures(run).items():
            committed = (bringup.OUT / name).read_bytes()
            assert committed == data, f"wiring/bringup/{name} is stale: python -m host.bringup"


def test_the_figures_script_measures_every_row_of_the_record(tmp_path):
    """wiring/bringup/figures.py, the board's half of wiring/record.md, on the simulated
    board: a line for every figure, and the games it leaves for the sync are finished,
    signed logs the laptop verifies."""
    from interpreters import ROOT as REPO
    from interpreters import run_micropython

    from shared_rules import games
    from shared_rules.laptop import logcheck

    (tmp_path / "heap.txt").write_text("2000000")  # what the exec before `run` notes
    done = run_micropython(
        [REPO / "wiring" / "bringup" / "figures.py"],
        extra_path=[".frozen", *source_path()],
        cwd=tmp_path,
        timeout=300,
        env={
            "CONFESSOR_SIM_SPEED": "instant",
            "FIGURES_PRESSES": "12",
            "FIGURES_SYNC_GAMES": "2",
        },
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures = {}
    for line in done.stdout.splitlines():
        name, _, rest = line.partition(" = ")
        figures[name] = rest.split()[0]
    for name in (
        "free heap, MicroPython alone",
        "boot to the menu",
        "free heap at the menu",
        "the first refresh",
        "press to the LED",
        "press to the glass",
        "signing key made",
        "a signature",
        "the QR codes",
    ):
        assert float(figures[name]) > 0, (name, done.stdout)
    per_game = [n for n in figures if n.startswith("free heap at idle, ")]
    assert len(per_game) == 4, done.stdout  # every game the menu offers
    assert "free heap at idle, 7: The Sins, 5 players" in per_game
    assert figures["finished games left for the sync"] == "2"
    assert not (tmp_path / "figures").exists() and not (tmp_path / "heap.txt").exists()
    logs = sorted((tmp_path / "games").glob("*.log"))
    assert len(logs) == 2
    for log in logs:
        record = logcheck.verify(log.read_bytes(), games.load_described)
        assert record["end"]["abandoned"], record["end"]
