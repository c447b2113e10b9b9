# uc8151.py  UC8151 (IL0373) e-paper driver for the Pimoroni Badger 2040 W, 296x128 mono
# MIT licence. The development kit's driver: full refreshes with the panel's OTP waveform
# (Pimoroni's "normal" speed, 4.5 s). Partial and fast refreshes need computed waveforms
# (antirez/uc8151_micropython) and are left out.
#
# Set up and refreshed as Pimoroni's reference driver does (pimoroni-pico
# drivers/uc8151/uc8151.cpp, UC8151::setup and UC8151::update, at speed 0 and ROTATE_0,
# the Badger 2040's default): panel setting 0x97 = 128x296, OTP waveform, black/white,
# gates scanned down, sources shifted right, booster on; VCOM and data interval 0x9C = data
# polarity "1 is white" (Pimoroni's `inverted`). The image goes as Pimoroni's PicoGraphics
# 1-bit-Y buffer: 296 gate rows (landscape x) of 16 bytes (landscape y, most significant
# bit first, top first). The UI's framebuffer is MONO_VLSB (least significant bit on top),
# so each row is gathered from the 16 bands and bit-reversed as it is sent.
# BUSY is LOW while the controller works. As in ssd1680.py, BUSY that stays low for
# `busy_timeout_ms` (GxEPD2's 10 s) gives the refresh up and sets `fault` ("full"); init()
# and sleep() on their own raise asyncio.TimeoutError: never a hang.

import asyncio
import time

import framebuf
from micropython import const

WIDTH = const(296)
HEIGHT = const(128)
_BANDS = const(16)

# Commands (UC8151 / IL0373 command table, names as in Pimoroni's driver)
_PSR = const(0x00)
_PWR = const(0x01)
_POF = const(0x02)
_PFS = const(0x03)
_PON = const(0x04)
_BTST = const(0x06)
_DSLP = const(0x07)
_DSP = const(0x11)
_DRF = const(0x12)
_DTM2 = const(0x13)
_PLL = const(0x30)
_TSE = const(0x41)
_CDI = const(0x50)
_TCON = const(0x60)
_PTOU = const(0x92)

# Pimoroni's setup() at speed 0, ROTATE_0: RES_128x296 | FORMAT_BW | BOOSTER_ON | RESET_NONE
# | LUT_OTP | SHIFT_RIGHT | SCAN_DOWN; then power, booster, frame and temperature settings.
PANEL_SETTING = const(0x97)
POWER_SETTING = b"\x03\x00\x2b\x2b\x2b"  # VDS/VDG internal, VCOM_VD, VGHL 16 V, 0b101011 x3
BOOSTER = b"\x17\x17\x17"  # START_10MS | STRENGTH_3 | OFF_6_58US, three phases
VCOM_DATA = const(0x9C)  # border 10, data polarity 01 (1 = white), interval 1100
PLL_100HZ = const(0x3A)


def _reversed_bits():
    table = bytearray(256)
    for i in range(256):
        r = 0
        for bit in range(8):
            if i >> bit & 1:
                r |= 0x80 >> bit
        table[i] = r
    return bytes(table)


class UC8151:
    WHITE = 1  # with VCOM_DATA's polarity, RAM bit 1 is white
    BLACK = 0
    busy_poll_ms = 10
    busy_timeout_ms = 10000  # GxEPD2's (ssd1680.py)
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
        self._row = bytearray(_BANDS)
        self._rev = _reversed_bits()
        self._awake = False
        self.busy = False
        self.refreshes = 0
        self.kind = None
        self.fault = None  # the kind of the last refresh if it was given up, else None
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
        """Until BUSY rises; asyncio.TimeoutError after `busy_timeout_ms`."""
        t0 = time.ticks_ms()
        while not self._busy.value():
            if time.ticks_diff(time.ticks_ms(), t0) > self.busy_timeout_ms:
                raise asyncio.TimeoutError
            await asyncio.sleep_ms(self.busy_poll_ms)

    async def init(self):
        """Reset and Pimoroni's set-up; leaves the power off."""
        self._rst.value(0)
        await asyncio.sleep_ms(self.reset_ms)
        self._rst.value(1)
        await asyncio.sleep_ms(self.reset_ms)
        await self.wait_busy()
        self._cmd(_PSR, bytes((PANEL_SETTING,)))
        self._cmd(_PWR, POWER_SETTING)
        self._cmd(_PON)
        await self.wait_busy()
        self._cmd(_BTST, BOOSTER)
        self._cmd(_PFS, b"\x00")  # FRAMES_1
        self._cmd(_TSE, b"\x00")  # internal temperature sensor, offset 0
        self._cmd(_TCON, b"\x22")
        self._cmd(_CDI, bytes((VCOM_DATA,)))
        self._cmd(_PLL, bytes((PLL_100HZ,)))
        self._cmd(_POF)
        await self.wait_busy()
        self._awake = True

    async def show(self, full=True, clean=False):
        """Always a full refresh with the OTP waveform (it leaves no ghost, so it is also
        the `clean` one); returns "full", or None when BUSY timed out (`fault`)."""
        self.busy = True
        try:
            if not self._awake:
                await self.init()
            await self.wait_busy()
            self._cmd(_PON)
            await self.wait_busy()
            self._cmd(_PTOU)  # whole panel, not a partial window
            self._cmd(_DTM2)
            self._dc.value(1)
            buf = self.buf
            row = self._row
            rev = self._rev
            for x in range(WIDTH):
                for band in range(_BANDS):
                    row[band] = rev[buf[band * WIDTH + x]]
                self._cs.value(0)
                self._spi.write(row)
                self._cs.value(1)
                if x & 31 == 31:
                    await asyncio.sleep_ms(0)
            self._cmd(_DSP)
            self._cmd(_DRF)
            await self.wait_busy()
            self.kind = "full"
            self.refreshes += 1
            self.fault = None
        except asyncio.TimeoutError:
            self.fault = "full"
            self._awake = False  # the next refresh starts again from a hardware reset
            return None
        finally:
            self.busy = False
        return "full"

    async def sleep(self):
        await self.wait_busy()
        self._cmd(_POF)
        await self.wait_busy()
        self._cmd(_DSLP, b"\xa5")
        self._awake = False
