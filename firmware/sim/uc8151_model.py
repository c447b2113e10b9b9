# sim/uc8151_model.py  The UC8151 (IL0373) of the Badger 2040 W, as its command set and
# Pimoroni's reference driver describe it (not as uc8151.py assumes it). MIT licence.
# Never flashed.
#
# It keeps what decides the picture: the panel setting (0x00 PSR: resolution, waveform
# from OTP or registers, black/white or black/white/red, gate scan direction UD, source
# shift direction SHL), the data polarity (0x50 CDI, DDX), the power state (PON/POF), the
# new-image RAM (DTM2), the partial window (PTIN/PTL/PTOU) and BUSY, which is low while busy;
# `stuck` holds it low for good (a controller that never answers).
# A refresh (DRF) without power, with register waveforms never written, or with a panel
# setting that does not fit the Badger's 128x296 black/white glass leaves the glass as it
# was and is reported in `errors`.
#
# The glass is landscape 296x128, MONO_VLSB, 1 = white. Upright is what Pimoroni's driver
# draws on a Badger at ROTATE_0 (PSR UD=0, SHL=1, the PicoGraphics 1-bit-Y buffer): gate
# row r is landscape x = r, and byte k of the row holds y = 8k.. 8k+7, most significant bit
# first. UD=1 scans the gates the other way (x = 295 - r); SHL=0 shifts the sources the
# other way (y = 127 - s). DDX bit 0 set (Pimoroni's `inverted`): a RAM 1 is white.

import time

ROW_BYTES = 16  # 128 sources / 8
GATES = 296
RAM = ROW_BYTES * GATES
_RES_128X296 = 0x80


def _reversed_bits():
    table = bytearray(256)
    for i in range(256):
        r = 0
        for bit in range(8):
            if i >> bit & 1:
                r |= 0x80 >> bit
        table[i] = r
    return bytes(table)


class UC8151Model:
    WHITE_BIT = 1  # landscape() is 1 = white

    def __init__(self, full_ms=0, on_refresh=None, power_ms=0):
        self.full_ms = full_ms
        self.power_ms = power_ms
        self.on_refresh = on_refresh
        self.ram = bytearray(b"\xff" * RAM)  # DTM2, in the order it arrives: gate rows
        self.glass = bytearray(b"\xff" * RAM)
        self.log = []
        self.refreshes = []
        self.errors = []
        self.unchanged = 0
        self.stale_partials = 0  # no differential refresh here; kept for a common interface
        self.asleep = False
        self.resets = 0
        self._busy_until = None
        self.stuck = False  # BUSY_N low for good, whatever is sent or reset
        self._rev = _reversed_bits()
        self._por()

    def _por(self):
        self.cmd = None
        self.pos = 0
        self.psr = 0x0F  # power-on value: 96x230, OTP, black/white/red, UD=1, SHL=1
        self.cdi = 0xD7
        self.luts = set()  # register waveforms written (0x20-0x24)
        self.powered = False
        self.partial = False
        self.window = (0, 127, 0, GATES - 1)  # sources h0-h1, gates v0-v1

    # ****** pins ******
    def rst_changed(self, level):
        if level == 0:
            self._por()
            self.asleep = False
            self.resets += 1

    def busy(self):
        if self.stuck:
            return 1
        if self._busy_until is None:
            return 0
        if time.ticks_diff(self._busy_until, time.ticks_ms()) > 0:
            return 1
        self._busy_until = None
        return 0

    def busy_n(self):
        """The BUSY_N pin: low while busy."""
        return 1 - self.busy()

    def _set_busy(self, ms):
        self._busy_until = time.ticks_add(time.ticks_ms(), ms) if ms > 0 else None

    def fault(self, text):
        self._error(text)

    # ****** bytes ******
    def feed(self, dc, data):
        if self.asleep:
            self._error("bytes sent in deep sleep (only a hardware reset wakes it)")
            return
        if self.busy():
            self._error("bytes sent while BUSY")
        if dc == 0:
            for c in data:
                self._command(c)
            return
        if self.cmd == 0x13:
            self._ram(data)
        elif self.cmd != 0x10:  # DTM1 (the old image) plays no part in an OTP refresh
            args = self.log[-1][1]
            args.extend(data)
            self._args_changed(args)

    def _command(self, c):
        self.cmd = c
        self._log(c, bytearray())
        if c in (0x10, 0x13):
            self.pos = 0
        elif c == 0x04:
            self.powered = True
            self._set_busy(self.power_ms)
        elif c == 0x02:
            self.powered = False
            self._set_busy(self.power_ms)
        elif c == 0x91:
            self.partial = True
        elif c == 0x92:
            self.partial = False
        elif c == 0x12:
            self._refresh()

    def _args_changed(self, a):
        c = self.cmd
        if c == 0x00 and len(a) >= 1:
            self.psr = a[0]
            if not a[0] & 0x01:  # RST_N = 0: soft reset
                self._por()
        elif c == 0x50 and len(a) >= 1:
            self.cdi = a[0]
        elif 0x20 <= c <= 0x24 and len(a) >= 1:
            self.luts.add(c)
        elif c == 0x90 and len(a) >= 7:
            self.window = (a[0] & 0xF8, a[1] | 0x07, (a[2] & 1) << 8 | a[3], (a[4] & 1) << 8 | a[5])
        elif c == 0x07 and len(a) >= 1 and a[0] == 0xA5:
            self.asleep = True

    def _ram(self, data):
        ram = self.ram
        if not self.partial:
            pos = self.pos
            n = min(len(data), RAM - pos)
            if n > 0:
                ram[pos : pos + n] = data[:n] if n < len(data) else data
            self.pos = pos + len(data)
            return
        h0, h1, v0, v1 = self.window
        per_row = (h1 - h0 + 1) // 8
        for b in data:
            row, k = divmod(self.pos, per_row)
            gate = v0 + row
            if gate <= v1 and gate < GATES:
                ram[gate * ROW_BYTES + h0 // 8 + k] = b
            self.pos += 1

    def _refresh(self):
        if not self.powered:
            return self._unchanged("refresh (DRF) with the power off (PON first)")
        psr = self.psr
        if psr & 0xC0 != _RES_128X296:
            return self._unchanged("panel setting resolution is not 128x296")
        if not psr & 0x10:
            return self._unchanged("panel setting selects black/white/red; the glass is b/w")
        if psr & 0x20 and len(self.luts) < 5:
            return self._unchanged("register waveforms selected (PSR REG) but not all written")
        self._render()
        self.refreshes.append("full")
        if len(self.refreshes) > 64:
            del self.refreshes[:32]
        self._set_busy(self.full_ms)
        if self.on_refresh is not None:
            self.on_refresh("full")

    def _render(self):
        flip_x = self.psr & 0x08  # UD=1: gates scanned the other way
        shift_left = not self.psr & 0x04  # SHL=0: sources shifted the other way
        invert = not self.cdi & 0x10  # DDX bit 0 clear: a RAM 1 is black
        ram, glass, rev = self.ram, self.glass, self._rev
        if self.partial:
            h0, h1, v0, v1 = self.window
            rows = range(v0, min(v1, GATES - 1) + 1)
            ks = range(h0 // 8, h1 // 8 + 1)
        else:
            rows = range(GATES)
            ks = range(ROW_BYTES)
        for r in rows:
            x = GATES - 1 - r if flip_x else r
            base = r * ROW_BYTES
            for k in ks:
                b = ram[base + k]
                if shift_left:
                    band = ROW_BYTES - 1 - k  # y = 127 - s: the byte as it is, band reversed
                else:
                    band = k
                    b = rev[b]  # y = s: most significant bit is the top pixel
                if invert:
                    b ^= 0xFF
                glass[band * GATES + x] = b

    def _unchanged(self, why):
        self.unchanged += 1
        self._error(why + ": the glass does not change")

    # ****** pictures and records ******
    def landscape(self):
        """The glass as the UI's 296x128 MONO_VLSB bytes, 1 = white."""
        return self.glass

    def _error(self, text):
        if len(self.errors) < 32:
            self.errors.append(text)

    def _log(self, c, args):
        # bounded: a whole game must not grow the heap the simulator is measuring
        if len(self.log) >= 24:
            del self.log[:12]
        self.log.append((c, args))

    def commands(self):
        return [c for c, _ in self.log]
