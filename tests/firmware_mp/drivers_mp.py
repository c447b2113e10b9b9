"""Driver tests on the MicroPython unix port, against the simulated bus and pins
(run by tests/test_firmware_units.py through tests/mp_run.py)."""

import asyncio

import machine
from buttons import Buttons
from leds import SeatLeds
from sim.hw import FuncPin, Hold, SimNeoPixel, SimPin, SimSPI
from sim.ssd1680_model import SSD1680Model
from sim.uc8151_model import UC8151Model
from ssd1680 import SSD1680
from uc8151 import UC8151


def make_ssd1680(full_ms=0, partial_ms=0):
    model = SSD1680Model(full_ms, partial_ms)
    cs, dc = SimPin(9, 1), SimPin(8, 1)
    rst = SimPin(12, 1, model.rst_changed)
    d = SSD1680(SimSPI(model, cs, dc), cs, dc, rst, FuncPin(13, model.busy))
    d.reset_ms = 0
    d.busy_poll_ms = 1
    return d, model


def run(coro):
    return asyncio.run(coro)


# ****** SSD1680 ******
def test_ssd1680_init_sequence():
    d, model = make_ssd1680()
    run(d.init())
    assert model.resets == 1  # RST pulsed low before anything is sent
    cmds = model.commands()
    # SW reset first, then 296 gates, data entry mode, RAM window, border, update, sensor
    assert cmds == [0x12, 0x01, 0x11, 0x44, 0x45, 0x3C, 0x21, 0x18], cmds
    args = dict((c, bytes(a)) for c, a in model.log)
    assert args[0x01] == b"\x27\x01\x00"  # MUX = 295 + 1 gate lines
    assert args[0x11] == b"\x06"  # Y first, Y+, X-
    assert args[0x44] == b"\x0f\x00" and args[0x45] == b"\x00\x00\x27\x01"
    assert not model.errors


def test_ssd1680_full_refresh_shows_the_framebuffer():
    d, model = make_ssd1680()
    d.fb.fill(d.WHITE)
    d.fb.pixel(0, 0, d.BLACK)
    d.fb.fill_rect(100, 40, 30, 20, d.BLACK)
    d.fb.text("Sins", 200, 100, d.BLACK)
    assert run(d.show(full=True)) is True
    assert model.refreshes == ["full"]
    assert bytes(model.landscape()) == bytes(d.buf)  # the panel is the picture
    assert model.red == model.bw  # the "previous" RAM is ready for a partial refresh
    # landscape (0, 0) is gate 0, the last source pixel: RAM byte x=15, bit 0
    assert model.ram_byte(15, 0) & 1 == 0
    assert model.ram_byte(15, 1) & 1 == 1
    assert model.log[-1][0] == 0x20
    seq = [bytes(a) for c, a in model.log if c == 0x22]
    assert seq == [b"\xf7"]
    assert not model.errors and model.stale_partials == 0


def test_ssd1680_partial_refresh_is_differential_and_kept_honest():
    d, model = make_ssd1680()
    d.fb.fill(d.WHITE)
    run(d.show(full=True))
    for i in range(3):
        d.fb.text(str(i), 8 * i, 0, d.BLACK)
        assert run(d.show(full=False)) is False
        assert bytes(model.landscape()) == bytes(d.buf)
    assert model.refreshes == ["full", "partial", "partial", "partial"]
    seqs = [bytes(a) for c, a in model.log if c == 0x22]
    assert seqs[-1] == b"\xff"
    # each partial refresh compared against what the panel really showed
    assert model.stale_partials == 0
    assert model.red == model.panel


def test_ssd1680_forces_a_full_refresh_after_many_partials():
    d, model = make_ssd1680()
    d.full_every = 3
    run(d.show(full=True))
    kinds = [run(d.show(full=False)) for _ in range(5)]
    assert kinds == [False, False, False, True, False]
    assert model.refreshes[-2:] == ["full", "partial"]


def test_ssd1680_deep_sleep_and_wake():
    d, model = make_ssd1680()
    run(d.show(full=True))
    run(d.sleep())
    assert model.asleep and model.commands()[-1] == 0x10
    d.fb.fill(d.BLACK)
    run(d.show(full=False))  # wakes with a reset and init first
    assert not model.asleep and model.resets == 2
    assert not model.errors  # nothing was sent to the sleeping controller
    assert bytes(model.landscape()) == bytes(d.buf)


def test_ssd1680_waits_for_busy_without_blocking_the_loop():
    d, model = make_ssd1680(full_ms=60)
    ticks = [0]

    async def other():
        while True:
            ticks[0] += 1
            await asyncio.sleep_ms(5)

    async def main():
        import time

        task = asyncio.create_task(other())
        t0 = time.ticks_ms()
        await d.show(full=True)
        took = time.ticks_diff(time.ticks_ms(), t0)
        task.cancel()
        return took

    took = run(main())
    assert took >= 60  # BUSY was honoured
    assert ticks[0] >= 5  # the other task ran meanwhile
    assert not model.errors  # nothing sent while BUSY


# ****** UC8151 ******
def test_uc8151_full_refresh_transposes_into_gate_rows():
    model = UC8151Model()
    cs, dc = SimPin(17, 1), SimPin(20, 1)
    rst = SimPin(21, 1, model.rst_changed)
    d = UC8151(SimSPI(model, cs, dc), cs, dc, rst, FuncPin(26, lambda: 1 - model.busy()))
    d.reset_ms = 0
    d.fb.fill(d.WHITE)
    d.fb.text("Badger", 10, 10, d.BLACK)
    d.fb.pixel(295, 127, d.BLACK)
    run(d.show())
    assert bytes(model.landscape()) == bytes(d.buf)
    assert model.commands()[:5] == [0x00, 0x01, 0x06, 0x30, 0x50]
    assert 0x04 in model.commands() and model.commands()[-1] == 0x02  # power on ... off
    run(d.sleep())
    assert model.asleep
    assert not model.errors


# ****** buttons ******
class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


def make_buttons():
    pins = {}
    signals = {}
    for name in ("A", "B", "C", "UP", "DOWN"):
        pins[name] = SimPin(name, 1)  # pulled up: released reads 1
        signals[name] = machine.Signal(pins[name], invert=True)
    clock = Clock()
    b = Buttons(signals, clock)
    return b, pins, clock


def poll(b, clock, n=1):
    for _ in range(n):
        clock.now += b.poll_ms
        b.poll()


def test_buttons_press_is_reported_on_release():
    b, pins, clock = make_buttons()
    pins["A"].set_level(0)
    poll(b, clock, 3)
    assert b.pressed("A") and b.pending() == 0  # nothing until release
    pins["A"].set_level(1)
    poll(b, clock, 3)
    assert b._events == [("press", "A")]


def test_buttons_debounce_ignores_bounce_and_glitches():
    b, pins, clock = make_buttons()
    for i in range(12):  # contact bounce: the level changes at every poll
        pins["B"].set_level(i % 2)
        poll(b, clock)
    pins["B"].set_level(1)
    poll(b, clock, 3)
    assert b._events == []
    pins["B"].set_level(0)  # one-poll glitch
    poll(b, clock)
    pins["B"].set_level(1)
    poll(b, clock, 3)
    assert b._events == []


def test_buttons_long_press_fires_while_held_and_suppresses_the_press():
    b, pins, clock = make_buttons()
    pins["C"].set_level(0)
    poll(b, clock, b.long_ms // b.poll_ms - 5)
    assert b._events == []
    poll(b, clock, 10)
    assert b._events == [("long", "C")]
    pins["C"].set_level(1)
    poll(b, clock, 3)
    assert b._events == [("long", "C")]


def test_buttons_chord_of_two_buttons():
    b, pins, clock = make_buttons()
    pins["A"].set_level(0)
    poll(b, clock, 1)
    pins["C"].set_level(0)
    poll(b, clock, 3)
    assert b._events == [("chord", "A+C")]
    pins["A"].set_level(1)
    pins["C"].set_level(1)
    poll(b, clock, 3)
    assert b._events == [("chord", "A+C")]  # no presses on release
    # afterwards a single press is a press again
    pins["C"].set_level(0)
    poll(b, clock, 3)
    pins["C"].set_level(1)
    poll(b, clock, 3)
    assert b._events[-1] == ("press", "C")


def test_simulated_hold_is_paced_by_the_drivers_reads():
    b, pins, clock = make_buttons()
    h = Hold(0, 1, b.stable + 1, 0, b.stable + 1)
    pins["DOWN"].plan(h)
    polls = 0
    while not h.done:
        poll(b, clock)
        polls += 1
        assert polls < 20
    assert b._events == [("press", "DOWN")]


def test_buttons_async_get():
    b, pins, clock = make_buttons()
    b.poll_ms = 1
    b._time = __import__("time")

    async def main():
        task = asyncio.create_task(b.run())
        pins["UP"].plan(Hold(0, 1, 3, 0, 3))
        ev = await b.get()
        task.cancel()
        return ev

    assert run(main()) == ("press", "UP")


# ****** LEDs ******
def test_seat_leds_scale_and_light_one_seat():
    np = SimNeoPixel(6)
    leds = SeatLeds(np, 5, 5, max_brightness=40)
    leds.only(2, "turn")
    leds.status("secret")
    leds.show()
    assert np.shown[2] == (40, 40, 40)  # full white capped at max_brightness
    assert np.shown[0] == (0, 0, 0) and np.shown[5] == (40, 0, 0)
    leds.brightness = 128
    leds.only(0, "turn")
    leds.show()
    assert np.shown[0] == (20, 20, 20) and np.shown[2] == (0, 0, 0)
    assert leds.names() == ["turn", "off", "off", "off", "off", "secret"]
