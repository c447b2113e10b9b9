# ws2812_pio.py  The WS2812 chain driven by a PIO state machine: the board profile's
# leds "driver": "pio" (board_wire.py), beside neopixel's bit-banged one
# MIT licence. The program is the RP2040 datasheet's WS2812 example (3.6.2 "WS2812 LEDs",
# pico-examples pio/ws2812/ws2812.pio; RP2350 datasheet 11.6.2) in MicroPython's asm_pio
# notation: ten state machine cycles a bit at 8 MHz (800 kbit/s), the line high for T1
# cycles, then high (a 1) or low (a 0) for T2, then low for T3. The cycle split is the one
# pico-examples ships now, T1 3, T2 3, T3 4 ("selected for broad compatibility with WS2812,
# WS2812B, and SK6812"): a 0 is 375 ns high and 875 low, a 1 750 and 500, each well inside
# the WS2812B's windows (400, 850, 800, 450 ns, +-150). The datasheet prints 2, 5, 3, whose
# 0 is 250 ns high: the window's very edge, and under it by a clock of jitter when the
# RP2350's 150 MHz is divided by 18.75 (tests/firmware/mp/drivers_mp.py shows both).
#
# Why a maker would choose it (wiring/README.md): neopixel's bit-banged timing is reported
# to go wrong on the RP2350 (leds.py, micropython#18295) and holds interrupts off while it
# sends; the state machine times every bit itself, whatever the CPU or the radio do.

# ruff: noqa: F821
# pyright: reportUndefinedVariable=false
# (the program's names are asm_pio's, not this module's)

import array
import time

_FREQ = 8_000_000  # ten cycles a bit
# The last word still shifting out (24 bits, 30 us), then the latch: RES above 50 us in the
# WS2812B datasheet, above 280 us for the parts sold as WS2812B-V5.
_LATCH_US = 310


def _program(rp2):
    PIO = rp2.PIO

    # asm_pio runs the body with this module's globals swapped for the PIO names
    @rp2.asm_pio(
        sideset_init=PIO.OUT_LOW,
        out_shiftdir=PIO.SHIFT_LEFT,
        autopull=True,
        pull_thresh=24,
        fifo_join=PIO.JOIN_TX,
    )
    def ws2812():
        wrap_target()
        label("bitloop")
        out(x, 1).side(0)[3]  # T3 - 1; low while it waits for data: the latch
        jmp(not_x, "do_zero").side(1)[2]  # T1 - 1, high
        jmp("bitloop").side(1)[2]  # T2 - 1: a 1 stays high
        label("do_zero")
        nop().side(0)[2]  # T2 - 1: a 0 goes low
        wrap()

    return ws2812


class PioChain:
    """What leds.SeatLeds uses of neopixel.NeoPixel: n, chain[i] = (r, g, b), write().
    `rp2` is the rp2 module (the simulator's on the unix port); `pin` the data pin."""

    def __init__(self, rp2, pin, n):
        self.n = n
        self._buf = array.array("I", bytes(4 * n))  # one word a LED: green, red, blue
        prog = _program(rp2)
        err = None
        for sm_id in range(8):
            try:
                sm = rp2.StateMachine(sm_id, prog, freq=_FREQ, sideset_base=pin)
                break
            except ValueError as e:  # held by another driver (the radio's takes one)
                err = e
        else:
            raise err  # pyright: ignore[reportGeneralTypeIssues]
        sm.active(1)
        self._sm = sm

    def __setitem__(self, i, rgb):
        r, g, b = rgb
        self._buf[i] = g << 16 | r << 8 | b

    def write(self):
        sm = self._sm
        while sm.tx_fifo():
            pass  # the last frame is still going out: at most eight words, 240 us
        time.sleep_us(_LATCH_US)  # pyright: ignore[reportAttributeAccessIssue]
        sm.put(self._buf, 8)  # each word's 24 bits at its top: shifted out first
