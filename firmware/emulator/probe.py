# probe.py  The emulated RP2040's test probe: the device's idle moments on the debug UART
# MIT licence. Frozen into the emulator's image only (firmware/manifest.py, options.probe),
# never into a board's. The emulator (host/rp2040.py) sees the pins, the panel's bus and the
# USB serial port, but not when the firmware has finished with a press; this task tells it,
# with one line on SPI0 (SCK GP2, MOSI GP3, MISO GP4: pins no profile uses; rp2040js's UART
# hangs the port's UART constructor, so the debug console's pins cannot carry it):
#
#   P <ping> <idle 0|1> <refreshes> <free> <largest> <screen>
#
# each time that changes, and each time the emulator's ping changes: every look reads one
# byte from the bus, the ping the emulator answers with, so a line with a new ping was
# written after the emulator asked (a press made before it has been seen: idle is now).
#
# idle as the simulator's side channel defines it (sim/channel.py): the application waits
# for a button, no press is pending, the panel is not busy, no LED answers a press. A ping
# with its top bit set also asks for the heap at the next idle moment: collected, then
# `free` is gc.mem_free() and `largest` the largest block a bytearray can still take (found
# by halving; nothing stays allocated). Otherwise both are 0 and the heap is left alone, as
# a board without a probe leaves it.

import asyncio
import gc

import lifetime

_STEP_MS = 20  # a look every 20 ms: the emulator's time is precious, the line can wait
_GRAIN = 16  # bytes: MicroPython's heap block on a 32-bit board
_MEASURE = 0x80  # a ping asking for the heap


def largest_block(free):
    """The largest bytearray the heap can give now, to within a block."""
    low, high = 0, free
    while high - low > _GRAIN:
        mid = (low + high) // 2
        try:
            bytearray(mid)
            low = mid
        except MemoryError:
            high = mid
    return low


class Probe:
    def __init__(self, bus):
        self._bus = bus
        self._idle = None
        self._refreshes = -1
        self._out = bytearray(1)
        self._ping = bytearray(1)
        self._last_ping = -1

    def step(self, app, buttons, display, leds):
        idle = (
            app.waiting
            and buttons.pending() == 0
            and not display.busy
            and not getattr(leds, "answering", False)
        )
        self._bus.write_readinto(self._out, self._ping)
        ping = self._ping[0]
        if idle == self._idle and display.refreshes == self._refreshes and ping == self._last_ping:
            return  # nothing new: nothing allocated either
        self._idle = idle
        self._refreshes = display.refreshes
        self._last_ping = ping
        free = largest = 0
        if idle and ping & _MEASURE:
            lifetime.collect()
            free = gc.mem_free()
            largest = largest_block(free)
            lifetime.collect()
        scr = app.screen
        self._bus.write(
            "P %d %d %d %d %d %s\n"
            % (ping, idle, display.refreshes, free, largest, scr.name if scr is not None else "-")
        )

    async def run(self, app, buttons, display, leds):
        while True:
            self.step(app, buttons, display, leds)
            await asyncio.sleep_ms(_STEP_MS)


def attach(machine):
    """The probe on SPI0, write-only (its MISO pin, GP4, is unused too)."""
    Pin = machine.Pin
    return Probe(machine.SPI(0, baudrate=1000000, sck=Pin(2), mosi=Pin(3), miso=Pin(4)))
