"""Driver tests on the MicroPython unix port, against the simulated bus and pins
(run by tests/firmware/test_firmware_units.py through tests/helpers/mp_run.py)."""

import asyncio

import machine
import rig
from buttons import Buttons
from leds import WS2812_TIMING, SeatLeds
from rig import H, W, draw_card, pixel, run
from sim import pio, rp2
from sim.hw import Hold, SimNeoPixel
from sim.ssd1680_model import SSD1680Model
from ssd1680 import SSD1680


def ssd1680():
    b, model, rec = rig.board("reference")
    return b.display, model


# ****** SSD1680 ******
def test_ssd1680_full_refresh_shows_the_framebuffer_upright():
    d, model = ssd1680()
    draw_card(d.fb, d.WHITE, d.BLACK)
    assert run(d.show(full=True)) == "full"
    assert model.refreshes == ["full"]
    glass = model.landscape()
    assert bytes(glass) == bytes(d.buf)  # the glass is the picture
    # upright, not mirrored, not inverted: corners where they were drawn
    assert pixel(glass, 1, 1) == 0 and pixel(glass, W - 2, H - 2) == 0
    assert pixel(glass, W - 2, 1) == 1 and pixel(glass, 1, H - 2) == 1
    assert pixel(glass, W - 1, 0) == 0 and pixel(glass, 150, 100) == 1
    assert model.red == model.bw  # the reference RAM is ready for a partial refresh
    # landscape (0, 0) is gate 0, the last source: RAM X 15, bit 0 (Waveshare's landscape)
    assert model.ram_byte(15, 0) & 1 == 0
    assert not model.errors and model.stale_partials == 0


def test_ssd1680_partial_refresh_loads_the_waveform_and_keeps_its_reference():
    d, model = ssd1680()
    d.fb.fill(d.WHITE)
    run(d.show(full=True))
    for i in range(3):
        d.fb.text(str(i), 8 * i, 0, d.BLACK)
        assert run(d.show(full=False)) == "partial"
        assert bytes(model.landscape()) == bytes(d.buf)
    assert model.refreshes == ["full", "partial", "partial", "partial"]
    assert model.lut is not None and not model.flashing()  # Waveshare's partial table
    # RAM ping-pong: each partial refresh compared against what the glass really showed
    assert model.stale_partials == 0 and model.red == model.glass
    assert not model.errors


def check_partial(driver_class):
    """Problems a driver's partial refresh has on the modelled panel (none is good)."""
    b, model, rec = rig.board("reference")
    old = b.display
    d = driver_class(old._spi, old._cs, old._dc, old._rst, old._busy)
    d.reset_ms = 0
    d.busy_poll_ms = 1
    d.fb.fill(d.WHITE)
    run(d.show(full=True))
    d.fb.text("new", 100, 60, d.BLACK)
    run(d.show(full=False))
    problems = list(model.errors)
    if bytes(model.landscape()) != bytes(d.buf):
        problems.append("the glass does not show the picture")
    if model.stale_partials:
        problems.append("stale reference RAM")
    return problems


class OldPartialSSD1680(SSD1680):
    """The partial refresh Confessor used to send: 0x22 0xFF (load the OTP mode-2
    waveform) and never 0x32. This panel's OTP has no partial waveform."""

    async def _partial(self):
        self._window()
        self._cursor()
        await self._stream(0x24)
        self._byte(0x22, 0xFF)
        self._cmd(0x20)
        await self.wait_busy()
        await self._stream(0x26)
        self._partials += 1


def test_the_old_partial_sequence_leaves_the_glass_unchanged():
    assert check_partial(SSD1680) == []
    problems = check_partial(OldPartialSSD1680)
    assert "the glass does not show the picture" in problems, problems
    assert any("no waveform loaded" in p for p in problems), problems


def test_ssd1680_clears_ghosts_with_a_fast_refresh_every_clean_every():
    d, model = ssd1680()
    model.ghost = bytearray(len(model.glass))  # keep the ghosts of partial refreshes
    d.clean_every = 3
    d.fb.fill(d.WHITE)
    run(d.show(full=True))
    kinds = []
    for i in range(5):
        d.fb.fill_rect(0, 0, 60, 10, d.WHITE)
        d.fb.text("n%d" % i, 0, 0, d.BLACK)
        kinds.append(run(d.show(full=False)))
        if i == 2:
            assert model.ghost_pixels() > 0  # three partial refreshes left their marks
    assert kinds == ["partial", "partial", "partial", "fast", "partial"]
    assert model.refreshes[-2:] == ["fast", "partial"]
    assert bytes(model.landscape()) == bytes(d.buf) and not model.errors
    d.fb.fill(d.WHITE)
    run(d.show(full=True))
    assert model.ghost_pixels() == 0  # a flashing refresh leaves none


def test_ssd1680_clean_refresh_is_the_fast_full_one_and_leaves_no_ghost():
    # what the privacy policy asks for when a secret leaves the screen
    d, model = ssd1680()
    model.ghost = bytearray(len(model.glass))
    d.fb.fill(d.WHITE)
    assert run(d.show(full=False, clean=True)) == "full"  # nothing on the glass known yet
    d.fb.text("SECRET 7", 10, 10, d.BLACK)
    assert run(d.show(full=False)) == "partial"
    assert model.ghost_pixels() > 0
    d.fb.fill(d.WHITE)
    d.fb.text("public", 10, 10, d.BLACK)
    assert run(d.show(full=False, clean=True)) == "fast"
    assert model.ghost_pixels() == 0 and bytes(model.landscape()) == bytes(d.buf)
    assert run(d.show(full=False)) == "partial"  # the count of partial ones starts again
    assert not model.errors


def test_ssd1680_model_needs_ping_pong_or_a_rewritten_reference():
    # The same partial refresh without the 0x37 ping-pong option: the reference RAM keeps
    # the old image, and the second partial refresh compares against a stale one.
    d, model = ssd1680()
    d.fb.fill(d.WHITE)
    run(d.show(full=True))

    # the panel's table with the partial program's 0x37 bytes all zero
    with d._open_table() as f:
        table = bytearray(f.read())
    at = table.find(b"\x37\x0a\x00\x00\x00\x00\x00\x40")
    assert at > 5 + 2 + 170, at  # in the partial program, after the fast one
    table[at + 2 : at + 12] = bytes(10)
    d._table = "/tmp/confessor_mp_no_ping_pong.bin"
    with open(d._table, "wb") as f:
        f.write(table)
    for i in range(2):
        d.fb.text(str(i), 8 * i, 0, d.BLACK)
        run(d.show(full=False))
    assert model.stale_partials == 1


def test_ssd1680_deep_sleep_and_wake():
    d, model = ssd1680()
    run(d.show(full=True))
    run(d.sleep())
    assert model.asleep and model.commands()[-1] == 0x10
    d.fb.fill(d.BLACK)
    assert run(d.show(full=False)) == "partial"  # wakes with a reset, RAM kept
    assert not model.asleep and model.resets == 2, model.resets  # the full refresh; the wake
    assert not model.errors  # nothing was sent to the sleeping controller
    assert bytes(model.landscape()) == bytes(d.buf)


def test_ssd1680_waits_for_busy_without_blocking_the_loop():
    d, model = ssd1680()
    model.times = {"full": 60}
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


# ****** a controller that never answers: BUSY given up after busy_timeout_ms ******
def bounded(coro, ms=3000):
    """The driver's coroutine, failed by asyncio.TimeoutError if it waits for ever."""
    return run(asyncio.wait_for_ms(coro, ms))


def timed(coro):
    import time

    t0 = time.ticks_ms()
    result = bounded(coro)
    return result, time.ticks_diff(time.ticks_ms(), t0)


def test_ssd1680_gives_up_on_a_stuck_busy_and_starts_again_from_a_reset():
    d, model = ssd1680()
    assert d.busy_timeout_ms == 10000  # GxEPD2's for this panel
    d.busy_timeout_ms = 60
    model.stuck = True  # from power-on: nothing answers (a BUSY pulled up, no panel)
    kind, took = timed(d.show(full=True))
    assert kind is None and 60 <= took < 1000, (kind, took)
    assert d.fault == "full"  # given up in a full refresh
    assert not model.errors  # nothing sent to a controller that said BUSY
    assert not d.busy and d.refreshes == 0
    model.stuck = False  # it answers again: the next refresh is a full one from a reset
    d.fb.fill(d.WHITE)
    d.fb.text("back", 10, 10, d.BLACK)
    resets = model.resets
    assert bounded(d.show(full=False)) == "full"
    assert model.resets == resets + 1 and d.fault is None
    assert bytes(model.landscape()) == bytes(d.buf) and not model.errors


def test_ssd1680_gives_up_on_a_refresh_that_never_ends():
    d, model = ssd1680()
    d.busy_timeout_ms = 60
    d.fb.fill(d.WHITE)
    assert bounded(d.show(full=True)) == "full"
    model.stuck = True  # stuck in the middle of the next refresh
    model.times = {"partial": 1}
    d.fb.text("x", 0, 0, d.BLACK)
    kind, took = timed(d.show(full=False))
    assert kind is None and took >= 60 and d.fault == "partial", d.fault
    import time

    for alone in (d.init(), d.sleep()):  # on their own: the timeout is the caller's
        t0 = time.ticks_ms()
        try:
            bounded(alone)
            raise AssertionError("no timeout")
        except asyncio.TimeoutError:
            assert time.ticks_diff(time.ticks_ms(), t0) < 1000  # the driver's, not bounded's
    model.stuck = False
    model.errors[:] = []  # (the partial refresh's bytes went to a controller stuck busy)
    assert bounded(d.show(full=False)) == "full"  # the glass is unknown: a full refresh
    assert bytes(model.landscape()) == bytes(d.buf) and not model.errors


def test_uc8151_gives_up_on_a_stuck_busy():
    b, model, rec = rig.board("badger2040w")
    d = b.display
    assert d.busy_timeout_ms == 10000
    d.busy_timeout_ms = 60
    model.stuck = True  # BUSY_N held low
    kind, took = timed(d.show())
    assert kind is None and took >= 60 and d.fault == "full"
    assert not model.errors
    model.stuck = False
    draw_card(d.fb, d.WHITE, d.BLACK)
    assert bounded(d.show()) == "full" and d.fault is None
    assert bytes(model.landscape()) == bytes(d.buf) and not model.errors


# ****** the rp2 SPI and the DC line ******
def _dc_then_bus(**miso):
    """A display whose DC Pin is made before the SPI bus (board.wire makes it after)."""
    world = rp2.new_world()
    model = SSD1680Model()
    world.attach_spi(1, model, 9, 8)
    world.pad(13).source = model.busy
    dc = rp2.Pin(8, rp2.Pin.OUT, value=0)  # DC first
    spi = rp2.SPI(1, baudrate=4000000, sck=rp2.Pin(10), mosi=rp2.Pin(11), **miso)
    cs = rp2.Pin(9, rp2.Pin.OUT, value=1)
    rst = rp2.Pin(12, rp2.Pin.OUT, value=1)
    d = SSD1680(spi, cs, dc, rst, rp2.Pin(13, rp2.Pin.IN, rp2.Pin.PULL_UP))
    d.reset_ms = 0
    d.busy_poll_ms = 1
    d.fb.fill(d.BLACK)
    run(d.show(full=True))
    return world, spi, model, d


def test_spi_without_miso_takes_gp8_so_dc_must_come_after_it():
    # As on the rp2 port, a MISO left out is the bus's default: SPI1 switches GP8 (the
    # Waveshare module's DC) to the SPI block. A DC Pin made before the bus loses it.
    world, spi, model, d = _dc_then_bus()
    assert spi.miso == 8 and world.pad(8).func == "spi1"
    assert any("DC (GP8) is not driven" in e for e in model.errors), model.errors
    assert bytes(model.landscape()) == b"\xff" * len(d.buf)  # nothing reached the glass
    # miso=None takes no pin since MicroPython 1.25 (micropython#16912): DC keeps GP8
    world, spi, model, d = _dc_then_bus(miso=None)
    assert spi.miso is None and world.pad(8).func == "sio"
    assert not model.errors and bytes(model.landscape()) == bytes(d.buf)
    # board.wire's order (bus, then CS and DC) works either way
    b, model2, rec = rig.board("reference")
    assert b.world.pad(8).func == "sio" and b.world.pad(8).output
    b.display.fb.fill(b.display.BLACK)
    run(b.display.show(full=True))
    assert not model2.errors and bytes(model2.landscape()) == bytes(b.display.buf)


# ****** UC8151 ******
def test_uc8151_full_refresh_is_upright_and_not_inverted():
    b, model, rec = rig.board("badger2040w")
    d = b.display
    draw_card(d.fb, d.WHITE, d.BLACK)
    assert run(d.show()) == "full"
    glass = model.landscape()
    assert bytes(glass) == bytes(d.buf)
    assert pixel(glass, 1, 1) == 0 and pixel(glass, W - 2, H - 2) == 0
    assert pixel(glass, W - 2, 1) == 1 and pixel(glass, 1, H - 2) == 1
    assert pixel(glass, 150, 100) == 1  # white stays white
    run(d.sleep())
    assert model.asleep
    assert not model.errors


def test_uc8151_model_follows_the_panel_setting_not_the_driver():
    # The settings Confessor used to send (PSR 0x9F: gates scanned up; CDI 0x97 with a 1
    # meant as black, rows sent band 15 first): on the modelled panel the picture comes
    # out turned 180 degrees with black and white swapped.
    b, model, rec = rig.board("badger2040w")
    d = b.display
    run(d.init())
    d._cmd(0x00, b"\x9f")
    d._cmd(0x50, b"\x97")
    draw_card(d.fb, 0, 1)  # the old driver's WHITE = 0
    d._cmd(0x04)
    run(d.wait_busy())
    d._cmd(0x13)
    d._dc.value(1)
    row = bytearray(16)
    for gate in range(W):
        for k in range(16):
            row[k] = d.buf[(15 - k) * W + gate]
        d._cs.value(0)
        d._spi.write(row)
        d._cs.value(1)
    d._cmd(0x12)
    glass = model.landscape()
    for x, y in ((1, 1), (W - 2, H - 2), (W - 2, 1), (1, H - 2), (150, 100), (W - 1, 0)):
        drawn_black = pixel(d.buf, x, y) == 1
        shown_white = pixel(glass, W - 1 - x, H - 1 - y) == 1
        assert drawn_black == shown_white, (x, y)  # rotated 180 degrees and inverted


# ****** WS2812 timing ******
def test_ws2812_timing_works_on_the_rp2350():
    np = SimNeoPixel(None, 2, timing=WS2812_TIMING, mcu="rp2350")
    np[0] = (1, 2, 3)
    np.write()
    assert np.shown[0] == (1, 2, 3) and not np.errors
    default = SimNeoPixel(None, 2, mcu="rp2350")  # neopixel's 800 kHz default
    default[0] = (1, 2, 3)
    default.write()
    assert default.shown[0] == (0, 0, 0) and "18295" in default.errors[0]
    on_rp2040 = SimNeoPixel(None, 2, mcu="rp2040")
    on_rp2040[0] = (1, 2, 3)
    on_rp2040.write()
    assert on_rp2040.shown[0] == (1, 2, 3)
    b, model, rec = rig.board("reference")
    assert b.np.timing == WS2812_TIMING


# ****** WS2812 from a PIO state machine (ws2812_pio.py) ******
def pio_chain(mcu="rp2350", n=7):
    """A PioChain on GP22 with WS2812B LEDs on that pad, as sim.build wires it."""
    import ws2812_pio
    from sim.pio import Ws2812Chain

    world = rp2.new_world(mcu)
    leds = world.pad(22).sink = Ws2812Chain(n)
    return ws2812_pio.PioChain(pio, rp2.Pin(22), n), leds, world


def lit(np):
    for i, rgb in enumerate(((40, 0, 0), (0, 40, 0), (0, 0, 40), (1, 2, 3), (255, 128, 7))):
        np[i] = rgb
    return [(40, 0, 0), (0, 40, 0), (0, 0, 40), (1, 2, 3), (255, 128, 7), (0, 0, 0), (0, 0, 0)]


def test_pio_ws2812_bits_fall_inside_the_ws2812b_windows_on_both_chips():
    for mcu, div in (("rp2350", 4800), ("rp2040", 4000)):  # 150/8 = 18.75, 125/8 = 15.625
        np, leds, world = pio_chain(mcu)
        assert np._sm.div == div and world.pad(22).func == "pio0"
        want = lit(np)
        np.write()
        assert leds.shown == want and leds.errors == [] and leds.writes == 1, leds.errors
        np[1] = (9, 9, 9)
        np.write()  # at once: the driver waits for the last frame to latch
        want[1] = (9, 9, 9)
        assert leds.shown == want and leds.errors == [] and leds.writes == 2, leds.errors


def program_with(t1, t2, t3):
    """The datasheet's program with another cycle split (T1, T2, T3)."""

    def program(rp2):
        @rp2.asm_pio(
            sideset_init=rp2.PIO.OUT_LOW,
            out_shiftdir=rp2.PIO.SHIFT_LEFT,
            autopull=True,
            pull_thresh=24,
            fifo_join=rp2.PIO.JOIN_TX,
        )
        def ws2812():
            wrap_target()  # noqa: F821
            label("bitloop")  # noqa: F821
            out(x, 1).side(0)[t3 - 1]  # noqa: F821
            jmp(not_x, "do_zero").side(1)[t1 - 1]  # noqa: F821
            jmp("bitloop").side(1)[t2 - 1]  # noqa: F821
            label("do_zero")  # noqa: F821
            nop().side(0)[t2 - 1]  # noqa: F821
            wrap()  # noqa: F821

        return ws2812

    return program


def test_the_simulated_assembler_emits_the_datasheets_instruction_words():
    import ws2812_pio

    rp2.new_world()
    # pioasm's words for the datasheet's listing (pico-examples ws2812.pio.h at 2, 5, 3):
    # out x, 1 side 0 [2]; jmp !x 3 side 1 [1]; jmp 0 side 1 [4]; nop side 0 [4]
    prog = program_with(2, 5, 3)(pio)
    assert list(prog[0]) == [0x6221, 0x1123, 0x1400, 0xA442]
    prog = ws2812_pio._program(pio)  # 3, 3, 4
    assert list(prog[0]) == [0x6321, 0x1223, 0x1200, 0xA242]
    assert prog[4] == 3 << 12  # EXECCTRL: wrap from 3 to 0, side-set not optional
    # SHIFTCTRL: TX FIFO joined, pull threshold 24, autopull, shifted out to the left
    assert prog[5] == 1 << 30 | 24 << 25 | 1 << 17
    assert prog[8] == pio.PIO.OUT_LOW


def test_pio_ws2812_timing_mistakes_show_nothing():
    import ws2812_pio

    good = ws2812_pio._program
    try:
        # the split the RP2040 datasheet prints: a 0's 2-cycle high is 250 ns on average,
        # the window's edge, and 37 clk_sys cycles (246.7 ns) with the RP2350's divider
        ws2812_pio._program = program_with(2, 5, 3)
        for mcu in ("rp2350", "rp2040"):
            np, leds, world = pio_chain(mcu)
            lit(np)
            np.write()
            assert leds.shown == [(0, 0, 0)] * 7, mcu
            assert "neither T0H nor T1H" in leds.errors[0], leds.errors
        ws2812_pio._program = program_with(3, 4, 3)  # 1250 ns a bit, 375/875 and 875/375
        np, leds, world = pio_chain()
        lit(np)
        np.write()
        assert leds.errors == [] and leds.shown[4] == (255, 128, 7)
        ws2812_pio._program = program_with(3, 3, 5)  # an 11-cycle bit: a 1's low too long
        np, leds, world = pio_chain()
        lit(np)
        np.write()
        assert "outside T1L" in leds.errors[0], leds.errors
    finally:
        ws2812_pio._program = good
    freq = ws2812_pio._FREQ
    try:
        ws2812_pio._FREQ = 6_400_000  # 640 kbit/s: every time a quarter too long
        np, leds, world = pio_chain()
        lit(np)
        np.write()
        assert leds.shown == [(0, 0, 0)] * 7 and leds.errors, leds.errors
    finally:
        ws2812_pio._FREQ = freq
    # a driver that sends the next frame at once, not waiting for the last one to latch
    # (a long chain: 60 LEDs take 1.8 ms, longer than this port takes between two calls)
    np, leds, world = pio_chain(n=60)
    lit(np)
    np._sm.put(np._buf, 8)
    np._sm.put(np._buf, 8)
    assert any("under RES" in e for e in leds.errors), leds.errors


def test_pio_ws2812_takes_a_free_state_machine_and_its_pin():
    import ws2812_pio
    from sim.pio import Ws2812Chain, blocks

    world = rp2.new_world("rp2350")
    blocks(world).claimed.add(0)  # as the radio's driver may hold one
    leds = world.pad(22).sink = Ws2812Chain(7)
    np = ws2812_pio.PioChain(pio, rp2.Pin(22), 7)
    assert np._sm.id == 1
    want = lit(np)
    np.write()
    assert leds.shown == want
    # a Pin made on the data pad afterwards takes it back from the PIO: nothing arrives
    rp2.Pin(22, rp2.Pin.OUT, value=0)
    np[0] = (9, 9, 9)
    np.write()
    assert leds.shown == want and leds.writes == 1


def test_the_pio_profile_option_wires_the_pio_driver():
    import boards
    import sim

    profile = dict(boards.PROFILES["reference"])
    profile["leds"] = dict(profile["leds"], driver="pio")
    b = sim.build("reference", profile, speed="instant")
    assert type(b.leds._np).__name__ == "PioChain"
    b.leds.only(2, "turn")
    b.leds.status("secret")
    b.leds.show()
    assert b.np.shown[2] == (40, 40, 40) and b.np.shown[6] == (40, 0, 0) and not b.np.errors
    assert b.world.pad(22).func == "pio0"


# ****** battery ******
def test_battery_reads_vsys_through_the_divider():
    from battery import Battery

    world = rp2.new_world()
    vsys = [4700]
    world.analog[26] = lambda: vsys[0] // 2
    bat = Battery(rp2.ADC(26), 2)
    assert world.pad(26).func == "adc"
    level = bat.level()
    assert 4680 <= level["mv"] <= 4700 and level["source"] == "usb"
    assert level["percent"] is None and not level["low"]
    vsys[0] = 3600
    level = bat.level()
    assert level["source"] == "battery" and 48 <= level["percent"] <= 50
    assert not level["low"]
    vsys[0] = 3150
    assert bat.level()["low"]
    vsys[0] = 2500
    assert bat.level()["percent"] == 0


# ****** buttons ******
class Clock:
    def __init__(self):
        self.now = 0

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


def make_buttons():
    """Buttons on pull-ups, as the reference build wires them; the pads are what a test
    presses (set_level) or plans a press on."""
    world = rp2.new_world()
    pins = {}
    signals = {}
    for gpio, name in enumerate(("A", "B", "C", "UP", "DOWN")):
        pin = rp2.Pin(14 + gpio, rp2.Pin.IN, rp2.Pin.PULL_UP)  # released reads 1
        pins[name] = world.pad(14 + gpio)
        signals[name] = machine.Signal(pin, invert=True)
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


def test_buttons_answer_each_press_at_once_and_clear_keeps_a_laptops_request():
    b, pins, clock = make_buttons()
    seen = []

    class Leds:
        def answer(self, on):
            seen.append((on, b.pending(), clock.now))

        def show(self):
            pass

    b.leds = Leds()
    b.answer_ms = 50
    pins["A"].set_level(0)
    poll(b, clock, 3)
    pins["A"].set_level(1)
    poll(b, clock, 2)
    assert seen == [(True, 1, clock.now)]  # answered the moment it was queued
    poll(b, clock, 5)
    assert seen[1:] == [(False, 1, seen[0][2] + 50)]  # the blink lasts 50 ms
    pins["B"].set_level(0)
    poll(b, clock, 3)
    pins["B"].set_level(1)
    poll(b, clock, 3)
    b.post("ask", "about")  # the serial link's `about` (link_ops.py)
    assert len(seen) == 3  # a posted event is nobody's press: no answer
    assert b._events == [("press", "A"), ("press", "B"), ("ask", "about")]
    b.clear()
    assert b._events == [("ask", "about")]  # presses gone, the laptop's request kept


# ****** LEDs ******
def test_seat_leds_scale_and_light_one_seat():
    np = SimNeoPixel(None, 7, timing=WS2812_TIMING)  # the reference chain: 6 seats, status
    leds = SeatLeds(np, 6, 6, max_brightness=40)
    leds.only(2, "turn")
    leds.status("secret")
    leds.show()
    assert np.shown[2] == (40, 40, 40)  # full white capped at max_brightness
    assert np.shown[0] == (0, 0, 0) and np.shown[6] == (40, 0, 0)
    leds.brightness = 128
    leds.only(5, "turn")  # the sixth seat
    leds.show()
    assert np.shown[5] == (20, 20, 20) and np.shown[2] == (0, 0, 0)
    assert leds.names() == ["off", "off", "off", "off", "off", "turn", "secret"]


def test_leds_answer_a_press_with_a_blink_of_the_status_led():
    from white_led import WhiteLed

    np = SimNeoPixel(None, 7, timing=WS2812_TIMING)
    leds = SeatLeds(np, 6, 6, max_brightness=40)
    leds.only(1, "turn")
    leds.answer(True)
    leds.show()
    assert np.shown[6] == (0, 25, 25) and leds.answering  # "press", capped
    assert np.shown[1] == (40, 40, 40)  # the seats keep what they show
    assert leds.names()[-1] == "off"  # the state, not the blink
    leds.answer(False)
    leds.show()
    assert np.shown[6] == (0, 0, 0) and not leds.answering
    leds.status("secret")
    leds.answer(True)
    leds.show()
    assert np.shown[6] == (0, 0, 0)  # red blinks dark
    leds.answer(False)
    leds.show()
    assert np.shown[6] == (40, 0, 0)
    leds.answer(True)
    leds.status("off")  # the app's state wins at once, and stays after the blink
    leds.answer(False)
    leds.show()
    assert leds.names()[-1] == "off" and np.shown[6] == (0, 0, 0)
    rp2.new_world()
    pin = rp2.Pin(22, rp2.Pin.OUT, value=0)
    white = WhiteLed(pin)
    white.answer(True)
    white.show()
    assert pin.value() == 1
    white.answer(False)
    white.status("secret")
    white.show()
    assert pin.value() == 1
    white.answer(True)
    white.show()
    assert pin.value() == 0
    white.answer(False)
    white.show()
    assert pin.value() == 1
    from panel_fault import alarm

    for on in (True, False):  # the display-fault blink, over a secret's light
        alarm(white, on)
        white.show()
        assert pin.value() == (0 if on else 1)
    white.status("off")
    alarm(white, True)
    white.show()
    assert pin.value() == 1


def test_leds_alarm_blinks_the_status_led_and_keeps_its_state():
    from panel_fault import alarm

    np = SimNeoPixel(None, 7, timing=WS2812_TIMING)
    leds = SeatLeds(np, 6, 6, max_brightness=40)
    leds.only(0, "turn")
    leds.status("secret")
    alarm(leds, True)
    leds.show()
    assert np.shown[6] == (40, 0, 40) and np.shown[0] == (40, 40, 40) and leds.alarming
    alarm(leds, False)
    leds.show()
    assert np.shown[6] == (40, 0, 0) and not leds.alarming
    assert leds.names()[-1] == "secret"


def test_battery_status_to_the_nearest_ten_and_warns_once():
    from battery import Battery

    world = rp2.new_world()
    vsys = [4700]
    world.analog[26] = lambda: vsys[0] // 2
    gauge = Battery(rp2.ADC(26), 2)
    assert gauge.status() == (None, False) and not gauge.warn()  # USB
    vsys[0] = 4000  # 83 %
    assert gauge.status() == (80, False)
    vsys[0] = 3880  # 73 %
    assert gauge.status() == (70, False)
    assert not gauge.warn()
    vsys[0] = 3150  # 12 %
    assert gauge.status() == (10, True)
    assert gauge.warn() and not gauge.warn()  # once
    vsys[0] = 3170  # still low, a little up: no second warning
    gauge.status()
    assert not gauge.warn()
    vsys[0] = 4700  # plugged in: the next low warns again
    assert gauge.status() == (None, False)
    vsys[0] = 3100
    gauge.status()
    assert gauge.warn()
