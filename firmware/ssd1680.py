# ssd1680.py  SSD1680 e-paper driver (Waveshare Pico-ePaper-2.9, 296x128 mono)
# MIT licence. Written for Confessor after reading the SSD1680 datasheet notes in
# docs (hardware research); style after Peter Hinch's async EPD drivers.
#
# The panel is 128 sources x 296 gates (portrait). The UI draws landscape 296x128 on
# one MONO_VLSB framebuffer: with data entry mode "Y first, Y+, X-" (0x11 0x06) the
# framebuffer's bytes go to RAM in their own order, so a refresh is one streamed
# write with no transposition and no bit reversal. RAM bit 1 is white (paper).
#
# SPI: on the Waveshare board SPI1's default MISO pin is GP8, which is the display's
# DC line. Build the bus with miso=None (board.py does) or DC stops working.

import asyncio

import framebuf
from micropython import const

WIDTH = const(296)  # landscape, as the UI sees it
HEIGHT = const(128)
_ROW_BYTES = const(16)  # 128 source pixels / 8
_GATES = const(296)
_CHUNK = const(592)  # bytes per SPI write; the loop gets a turn between chunks

# Commands (SSD1680 datasheet, section 6)
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

# 0x22 sequences: F7 = clock+analog on, load temperature, load OTP LUT mode 1,
# display, analog+clock off (full, flashing refresh that clears ghosts).
# FF = the same with LUT/display mode 2: the panel's fast differential refresh,
# which compares the BW RAM with the "red" (previous) RAM.
_SEQ_FULL = const(0xF7)
_SEQ_PARTIAL = const(0xFF)


class SSD1680:
    WHITE = 1
    BLACK = 0
    busy_poll_ms = 10
    reset_ms = 10
    full_every = 10  # partial refreshes between forced full ones (ghosting)

    def __init__(self, spi, cs, dc, rst, busy):
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._rst = rst
        self._busy = busy  # BUSY is high while the controller works
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.width = WIDTH
        self.height = HEIGHT
        self._one = bytearray(1)
        self._awake = False
        self._partials = 0
        self.busy = False  # True while a refresh is in progress (for the simulator's idle)
        self.refreshes = 0
        cs.value(1)
        dc.value(1)

    # ****** low level ******
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

    async def _stream(self, command):
        # The frame goes out in chunks so buttons and the serial link keep running.
        self._cmd(command)
        mv = memoryview(self.buf)
        self._dc.value(1)
        for start in range(0, len(self.buf), _CHUNK):
            self._cs.value(0)
            self._spi.write(mv[start : start + _CHUNK])
            self._cs.value(1)
            await asyncio.sleep_ms(0)

    async def wait_busy(self):
        while self._busy.value():
            await asyncio.sleep_ms(self.busy_poll_ms)

    # ****** API ******
    async def init(self):
        """Hardware reset and controller set-up (also wakes from deep sleep)."""
        self._rst.value(1)
        await asyncio.sleep_ms(self.reset_ms)
        self._rst.value(0)
        await asyncio.sleep_ms(2)
        self._rst.value(1)
        await asyncio.sleep_ms(self.reset_ms)
        await self.wait_busy()
        self._cmd(_SW_RESET)
        await self.wait_busy()
        self._cmd(_DRIVER_OUTPUT, b"\x27\x01\x00")  # 296 gates
        self._cmd(_DATA_ENTRY, b"\x06")  # AM=1 (Y first), Y+, X-
        self._cmd(_RAM_X, bytes((_ROW_BYTES - 1, 0)))  # X from byte 15 down to 0
        self._cmd(_RAM_Y, bytes((0, 0, (_GATES - 1) & 0xFF, (_GATES - 1) >> 8)))
        self._cmd(_BORDER, b"\x05")  # border follows LUT (white)
        self._cmd(_UPDATE_CTRL1, b"\x00\x80")
        self._cmd(_TEMP_SENSOR, b"\x80")  # internal temperature sensor
        self._awake = True
        self._partials = 0

    def _home(self):
        self._cmd(_RAM_X_COUNT, bytes((_ROW_BYTES - 1,)))
        self._cmd(_RAM_Y_COUNT, b"\x00\x00")

    async def show(self, full=True):
        """Send the framebuffer and refresh. A full refresh flashes and leaves no
        ghost (use it before a secret leaves the screen); a partial one is fast."""
        self.busy = True
        try:
            if not self._awake:
                await self.init()
            if not full and self._partials >= self.full_every:
                full = True
            self._home()
            await self._stream(_WRITE_BW)
            if full:
                # The previous-image RAM must match, or the next partial refresh
                # drives pixels from a stale reference.
                self._home()
                await self._stream(_WRITE_RED)
                self._cmd(_UPDATE_CTRL2, bytes((_SEQ_FULL,)))
                self._partials = 0
            else:
                self._cmd(_UPDATE_CTRL2, bytes((_SEQ_PARTIAL,)))
                self._partials += 1
            self._cmd(_MASTER_ACTIVATE)
            await self.wait_busy()
            if not full:
                self._home()
                await self._stream(_WRITE_RED)
            self.refreshes += 1
        finally:
            self.busy = False
        return full

    async def sleep(self):
        """Deep sleep (keeps the image, draws no current); show() wakes it with init()."""
        await self.wait_busy()
        self._cmd(_DEEP_SLEEP, b"\x01")
        self._awake = False
