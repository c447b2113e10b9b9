# uc8151.py  UC8151 (IL0373) e-paper driver for the Pimoroni Badger 2040 W, 296x128 mono
# MIT licence. The small fallback driver of the development kit: full refreshes only,
# using the panel's OTP waveform (Pimoroni's "normal" speed, about 4.5 s). Fast and
# partial refreshes need computed LUTs (antirez/uc8151_micropython) and are left out.
# Untested on hardware: the command values follow pimoroni-pico drivers/uc8151.
#
# Same framebuffer as ssd1680.py (landscape 296x128 MONO_VLSB), but the UC8151 has no
# data entry mode: RAM is 296 gate rows of 16 bytes, so each row is gathered from the
# framebuffer (transposed) as it is sent. BUSY is LOW while the controller works.

import asyncio

import framebuf
from micropython import const

WIDTH = const(296)
HEIGHT = const(128)
_ROW_BYTES = const(16)

_PSR = const(0x00)
_PWR = const(0x01)
_POF = const(0x02)
_PON = const(0x04)
_BTST = const(0x06)
_DSLP = const(0x07)
_DTM2 = const(0x13)
_DRF = const(0x12)
_PLL = const(0x30)
_CDI = const(0x50)


class UC8151:
    WHITE = 0  # DTM2 bit 1 is black with this PSR/CDI set-up
    BLACK = 1
    busy_poll_ms = 10
    reset_ms = 10

    def __init__(self, spi, cs, dc, rst, busy):
        self._spi = spi
        self._cs = cs
        self._dc = dc
        self._rst = rst
        self._busy = busy
        self.buf = bytearray(WIDTH * HEIGHT // 8)
        self.fb = framebuf.FrameBuffer(self.buf, WIDTH, HEIGHT, framebuf.MONO_VLSB)
        self.width = WIDTH
        self.height = HEIGHT
        self._one = bytearray(1)
        self._row = bytearray(_ROW_BYTES)
        self._awake = False
        self.busy = False
        self.refreshes = 0
        cs.value(1)

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

    async def wait_busy(self):
        while not self._busy.value():
            await asyncio.sleep_ms(self.busy_poll_ms)

    async def init(self):
        self._rst.value(0)
        await asyncio.sleep_ms(self.reset_ms)
        self._rst.value(1)
        await asyncio.sleep_ms(self.reset_ms)
        await self.wait_busy()
        # 128x296, OTP LUT, black/white, scan up, shift right, booster on, no reset
        self._cmd(_PSR, b"\x9f")
        self._cmd(_PWR, b"\x03\x00\x2b\x2b\x2b")
        self._cmd(_BTST, b"\x17\x17\x17")
        self._cmd(_PLL, b"\x3a")  # 100 Hz frame rate
        self._cmd(_CDI, b"\x97")  # white border
        self._awake = True

    async def show(self, full=True):
        """Always a full refresh (the OTP waveform); returns True."""
        self.busy = True
        try:
            if not self._awake:
                await self.init()
            self._cmd(_PON)
            await self.wait_busy()
            self._cmd(_DTM2)
            self._dc.value(1)
            buf = self.buf
            row = self._row
            for gate in range(WIDTH):
                for k in range(_ROW_BYTES):
                    row[k] = buf[(_ROW_BYTES - 1 - k) * WIDTH + gate]
                self._cs.value(0)
                self._spi.write(row)
                self._cs.value(1)
                if gate & 31 == 31:
                    await asyncio.sleep_ms(0)
            self._cmd(_DRF)
            await self.wait_busy()
            self._cmd(_POF)
            self.refreshes += 1
        finally:
            self.busy = False
        return True

    async def sleep(self):
        await self.wait_busy()
        self._cmd(_DSLP, b"\xa5")
        self._awake = False
