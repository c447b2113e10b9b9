# sim/uc8151_model.py  A model of the UC8151 subset the fallback driver uses
# MIT licence. Never flashed. DTM2 fills RAM row by row (296 gates x 16 bytes, bit 1 =
# black); DRF displays it. BUSY is low while busy, as on the Badger.

import time

ROW_BYTES = 16
GATES = 296
RAM = ROW_BYTES * GATES


class UC8151Model:
    WHITE_BIT = 0

    def __init__(self, full_ms=0, on_refresh=None):
        self.full_ms = full_ms
        self.on_refresh = on_refresh
        self.ram = bytearray(RAM)
        self.panel = bytearray(RAM)
        self.log = []
        self.refreshes = []
        self.errors = []
        self.asleep = False
        self.powered = False
        self.stale_partials = 0
        self._busy_until = None
        self.cmd = None
        self.pos = 0

    def rst_changed(self, pin, level):
        if level == 0:
            self.asleep = False
            self.powered = False

    def busy(self):
        if self._busy_until is None:
            return 0
        if time.ticks_diff(self._busy_until, time.ticks_ms()) > 0:
            return 1
        self._busy_until = None
        return 0

    def feed(self, dc, data):
        if self.asleep:
            self.errors.append("bytes sent while in deep sleep")
            return
        if dc == 0:
            for c in data:
                self.cmd = c
                self._log(c, bytearray())
                if c == 0x13:
                    self.pos = 0
                elif c == 0x04:
                    self.powered = True
                elif c == 0x02:
                    self.powered = False
                elif c == 0x12:
                    if not self.powered:
                        self.errors.append("refresh without power on")
                    self.panel[:] = self.ram
                    self.refreshes.append("full")
                    if len(self.refreshes) > 64:
                        del self.refreshes[:32]
                    if self.full_ms:
                        self._busy_until = time.ticks_add(time.ticks_ms(), self.full_ms)
                    if self.on_refresh is not None:
                        self.on_refresh("full")
            return
        if self.cmd == 0x13:
            # RAM kept in landscape order: byte k of gate row g at (15 - k) * 296 + g
            ram = self.ram
            for b in data:
                pos = self.pos
                if pos < RAM:
                    ram[(ROW_BYTES - 1 - pos % ROW_BYTES) * GATES + pos // ROW_BYTES] = b
                self.pos = pos + 1
        else:
            self.log[-1][1].extend(data)
            if self.cmd == 0x07 and data and data[0] == 0xA5:
                self.asleep = True

    def landscape(self):
        """The panel as the UI's 296x128 MONO_VLSB bytes (1 = black)."""
        return self.panel

    def _log(self, c, args):
        # bounded: a whole game must not grow the heap the simulator is measuring
        if len(self.log) >= 64:
            del self.log[:32]
        self.log.append((c, args))

    def commands(self):
        return [c for c, _ in self.log]
