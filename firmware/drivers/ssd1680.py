# ssd1680.py  SSD1680 e-paper driver for the Waveshare Pico-ePaper-2.9 (296x128 mono)
# MIT licence. Written for Confessor after reading the panel maker's drivers for this module
# and GxEPD2's for the same panel (sources in panel_ws29.py, which holds every published
# value used here); style after Peter Hinch's async EPD drivers.
#
# The published values reach the board as panel_ws29.bin (written from panel_ws29.py by
# host/panel_table.py, which describes its layout): the update sequences and the border
# kept from power-on (five bytes), each refresh's waveform, voltages and options read
# from flash when that refresh is made, so no waveform stays in RAM.
#
# Three refreshes, as the makers do them:
# - full: hardware and software reset, registers, the image into both RAMs, then 0x22 0xF7:
#   the OTP waveform is loaded (temperature compensated) and the panel flashes. Leaves no
#   ghost. Waveshare's EPD_2IN9_V2_Init + Display_Base.
# - partial: this panel's OTP holds no partial waveform (GxEPD2: "Waveshare variant without
#   partial wft in OTP"), so the driver loads Waveshare's with 0x32 plus its voltages, border
#   and RAM ping-pong option, powers up (0x22 0xC0), writes the new image and shows it in
#   display mode 2 (0x22 0x0F): only changed pixels move, no flash. Waveshare's display_Partial.
# - fast: partial refreshes leave ghosts. Instead of a four-second OTP refresh, every
#   `clean_every` partial ones the driver makes Waveshare's fast full refresh (its WF_FULL
#   waveform, EPD_2IN9_V2_Init_Fast): one flash, about a second, every pixel driven.
# The app asks for one of three: full (power-on), clean (no ghost may stay: a secret leaving
# the screen; made as the fast full refresh) or neither (partial, or fast when it is due).
#
# Orientation: the UI draws landscape 296x128 on one MONO_VLSB framebuffer, as Waveshare's
# EPD_2in9_Landscape class does, and is sent the same way: data entry mode 0x07 (Y first,
# X+, Y+), the framebuffer's 8-pixel bands from the last to the first. No transposition, no
# bit reversal. RAM bit 1 is white.
#
# Waveshare pulses RST before every partial refresh. Not here: a hardware reset returns the
# registers to their power-on values (data entry mode, source output mode), and GxEPD2
# drives this panel's partial refreshes without one. The registers set by init() stay.
#
# BUSY that never falls (a loose connector, a dead controller) is a fault, not a hang: after
# `busy_timeout_ms`, GxEPD2's 10 s for this panel (GxEPD2_290_T94_V2's busy_timeout,
# 10000000 us, which GxEPD2_EPD::_waitWhileBusy gives up after), the refresh is given up,
# `fault` says which (its kind); the next one starts again from a hardware reset. init() and
# sleep() on their own raise asyncio.TimeoutError. The app decides what the table sees
# (privacy.py, panel_fault.py, which also words the fault: this module stays small, it is in
# RAM all the time).

import asyncio
import time

import framebuf
from micropython import const

WIDTH = const(296)  # landscape, as the UI sees it
HEIGHT = const(128)
_BANDS = const(16)  # 128 source pixels / 8: one RAM X address per framebuffer band
_GATES = const(296)

# Commands (SSD1680 datasheet, command table)
_DRIVER_OUTPUT = const(0x01)
_DEEP_SLEEP = const(0x10)
_DATA_ENTRY = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_MASTER_ACTIVATE = const(0x20)
_UPDATE_CTRL1 = const(0x21)
_UPDATE_CTRL2 = const(0x22)
_WRITE_BW = const(0x24)
_WRITE_RED = const(0x26)
_BORDER = const(0x3C)
_RAM_X = const(0x44)
_RAM_Y = const(0x45)
_RAM_X_COUNT = const(0x4E)
_RAM_Y_COUNT = const(0x4F)


class SSD1680:
    WHITE = 1
    BLACK = 0
    busy_poll_ms = 10
    busy_timeout_ms = 10000  # GxEPD2's for this panel (see above)
    reset_ms = 10  # RST high, low (2 ms), high: Waveshare's EPD_2IN9_V2_Reset
    clean_every = 10  # partial refreshes before a fast full one clears their ghosts

    def __init__(self, spi, cs, dc, rst, busy, table=None):
        self._table = table  # a path (tests), or None: panel_ws29.bin (blobs.py)
        with self._open_table() as f:
            # BORDER_FULL, SEQ_FULL, SEQ_FAST, SEQ_POWER_ON, SEQ_PARTIAL
            self._seq = f.read(5)
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._rst = rst
        self._busy = busy  # BUSY is high while the controller works
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.width = WIDTH
        self.height = HEIGHT
        self._one = bytearray(1)  # a command byte
        self._arg = bytearray(1)  # a one-byte argument
        self._awake = False
        self._base = False  # both RAMs hold what the glass shows (after a full refresh)
        self._partials = 0  # since the last flashing refresh
        self.busy = False  # True while a refresh is in progress (for the simulator's idle)
        self.refreshes = 0
        self.kind = None  # of the last refresh: "full", "fast" or "partial"
        self.fault = None  # the kind of the last refresh if it was given up, else None
        cs.value(1)
        dc.value(1)

    # ****** low level ******
    def _open_table(self):
        if self._table is not None:
            return open(self._table, "rb")
        import blobs

        return blobs.open_blob("panel_ws29.bin")

    def _cmd(self, command, data=None):
        self._dc.value(0)
        self._cs.value(0)
        self._one[0] = command
        self._spi.write(self._one)
        self._cs.value(1)
        if data is not None:
            self._dc.value(1)
            self._cs.value(0)
            self._spi.write(data)
            self._cs.value(1)

    def _byte(self, command, value):
        self._arg[0] = value
        self._cmd(command, self._arg)

    async def _stream(self, command):
        # Landscape bands last to first (Waveshare's EPD_2in9_Landscape order); the loop
        # gets a turn between bands so buttons and the serial link keep running.
        self._cmd(command)
        mv = memoryview(self.buf)
        self._dc.value(1)
        band = _BANDS
        while band:
            band -= 1
            self._cs.value(0)
            self._spi.write(mv[band * _GATES : (band + 1) * _GATES])
            self._cs.value(1)
            if band & 1 == 0:
                await asyncio.sleep_ms(0)

    async def wait_busy(self):
        """Until BUSY falls; asyncio.TimeoutError after `busy_timeout_ms`."""
        t0 = time.ticks_ms()
        while self._busy.value():
            if time.ticks_diff(time.ticks_ms(), t0) > self.busy_timeout_ms:
                raise asyncio.TimeoutError
            await asyncio.sleep_ms(self.busy_poll_ms)

    async def _activate(self, sequence):
        self._byte(_UPDATE_CTRL2, sequence)
        self._cmd(_MASTER_ACTIVATE)
        await self.wait_busy()

    def _window(self):
        # The whole panel: X (bytes of 8 sources) 0-15, Y (gates) 0-295.
        self._cmd(_RAM_X, bytes((0, _BANDS - 1)))
        self._cmd(_RAM_Y, bytes((0, 0, (_GATES - 1) & 0xFF, (_GATES - 1) >> 8)))

    def _cursor(self):
        self._cmd(_RAM_X_COUNT, b"\x00")
        self._cmd(_RAM_Y_COUNT, b"\x00\x00")

    def _program(self, which):
        # One of the table's register programs, read from flash for this refresh (0: the
        # fast full refresh's waveform and voltages, Waveshare's EPD_2IN9_V2_Init_Fast;
        # 1: the partial one's, then its RAM option and border, as display_Partial
        # sends them). Its bytes go with the refresh.
        # read a program at a time: the whole table (362 bytes) wanted one block that a
        # heap cut up by a phone game did not always have
        with self._open_table() as f:
            f.read(5)
            while True:
                head = f.read(2)
                data = f.read(head[0] | head[1] << 8)
                if not which:
                    break
                which -= 1
        pos = 0
        mv = memoryview(data)
        while pos < len(data):
            count = data[pos + 1]
            self._cmd(data[pos], mv[pos + 2 : pos + 2 + count])
            pos += 2 + count

    # ****** API ******
    async def init(self):
        """Hardware reset and controller set-up (also wakes from deep sleep). RAM is kept."""
        self._rst.value(1)
        await asyncio.sleep_ms(self.reset_ms)
        self._rst.value(0)
        await asyncio.sleep_ms(2)
        self._rst.value(1)
        await asyncio.sleep_ms(self.reset_ms)
        await self.wait_busy()
        self._cmd(_SW_RESET)
        await self.wait_busy()
        # Waveshare's EPD_2IN9_V2_Init order, data entry as its EPD_2in9_Landscape class
        self._cmd(_DRIVER_OUTPUT, b"\x27\x01\x00")  # 296 gates, G0 first
        self._byte(_DATA_ENTRY, 0x07)  # Y first, X+, Y+
        self._window()
        self._byte(_BORDER, self._seq[0])  # BORDER_FULL
        self._cmd(_UPDATE_CTRL1, b"\x00\x80")  # normal RAM; sources S8-S167 (this panel)
        self._byte(_TEMP_SENSOR, 0x80)  # internal sensor: the OTP waveform's temperature
        self._cursor()
        await self.wait_busy()
        self._awake = True

    async def show(self, full=True, clean=False):
        """Send the framebuffer and refresh; returns the kind of refresh made. `full` flashes
        the panel with the OTP waveform (power-on: whatever the panel showed goes). `clean`
        asks for a refresh that leaves no ghost, the quickest the panel has: the fast full
        one (a secret leaving the screen). Otherwise a partial refresh, or every
        `clean_every` a fast full one. None when BUSY timed out (`fault`: its kind)."""
        self.busy = True
        if full or not self._base:
            kind = "full"
        elif clean or self._partials >= self.clean_every:
            kind = "fast"
        else:
            kind = "partial"
        try:
            if kind == "partial":
                if not self._awake:
                    await self.init()  # out of deep sleep: RAM and the glass still agree
                await self._partial()
            else:
                await self._flashing(kind == "fast")
            self.kind = kind
            self.refreshes += 1
            self.fault = None
        except asyncio.TimeoutError:
            # The controller may be anywhere in its sequence and the glass may show
            # anything: the next refresh starts from a hardware reset, a full one.
            self.fault = kind
            self._awake = self._base = False
            kind = None
        finally:
            self.busy = False
        return kind

    async def _flashing(self, fast):
        await self.init()  # border, window and a clean register set, as Waveshare does
        if fast:
            self._program(0)  # WF_FULL and its voltages
        # Both RAMs: the next partial refresh compares against what the glass shows. The
        # address counter wraps to the window's start after the first image.
        await self._stream(_WRITE_BW)
        await self._stream(_WRITE_RED)
        await self._activate(self._seq[2] if fast else self._seq[1])  # SEQ_FAST, SEQ_FULL
        self._base = True
        self._partials = 0

    async def _partial(self):
        # WF_PARTIAL_2IN9, its voltages, 0x37's RAM ping-pong for mode 2, the border
        self._program(1)
        await self._activate(self._seq[3])  # SEQ_POWER_ON
        self._window()
        self._cursor()
        await self._stream(_WRITE_BW)
        await self._activate(self._seq[4])  # SEQ_PARTIAL
        self._partials += 1

    async def sleep(self):
        """Deep sleep mode 1 (RAM kept, no current); show() wakes it with init()."""
        await self.wait_busy()
        self._byte(_DEEP_SLEEP, 0x01)
        self._awake = False
