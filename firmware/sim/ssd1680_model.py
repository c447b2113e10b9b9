# sim/ssd1680_model.py  A model of the SSD1680 command set, fed by the simulated SPI bus
# MIT licence. Never flashed. It keeps the controller's two RAMs, the window and
# address counters (advanced as the data entry mode says), the update sequence and a
# BUSY line, so the real driver's bytes become the picture the panel would show.
# It also records what a test needs to judge the driver: every command, each refresh
# (full or partial) and partial refreshes made against a stale "previous" RAM.

import time

ROW_BYTES = 16
GATES = 296
RAM = ROW_BYTES * GATES
FULL_SEQS = (0xF7, 0xC7, 0xF4, 0xD7)  # load OTP LUT mode 1 + display
PARTIAL_SEQS = (0xFF, 0xCF, 0x0F, 0x0C, 0x1C)  # mode 2 (differential) sequences


class SSD1680Model:
    WHITE_BIT = 1

    def __init__(self, full_ms=0, partial_ms=0, on_refresh=None):
        self.full_ms = full_ms
        self.partial_ms = partial_ms
        self.on_refresh = on_refresh
        self.bw = bytearray(b"\xff" * RAM)
        self.red = bytearray(b"\xff" * RAM)
        self.panel = bytearray(b"\xff" * RAM)
        self.log = []  # (command, bytes of data) in order, for driver tests (recent only)
        self.refreshes = []  # "full" / "partial"
        self.stale_partials = 0
        self.errors = []
        self._busy_until = None
        self._reset_state()
        self.asleep = False
        self.resets = 0

    def _reset_state(self):
        self.cmd = None
        self.args = bytearray()
        self.entry = 0x03
        self.xs, self.xe = 0, ROW_BYTES - 1
        self.ys, self.ye = 0, GATES - 1
        self.x, self.y = 0, 0
        self.seq = 0xFF
        self.target = None

    # ****** pins ******
    def rst_changed(self, pin, level):
        if level == 0:
            # Hardware reset: registers back to defaults, deep sleep ends; RAM kept.
            self._reset_state()
            self.asleep = False
            self.resets += 1

    def busy(self):
        if self._busy_until is None:
            return 0
        if time.ticks_diff(self._busy_until, time.ticks_ms()) > 0:
            return 1
        self._busy_until = None
        return 0

    def _set_busy(self, ms):
        self._busy_until = time.ticks_add(time.ticks_ms(), ms) if ms > 0 else None

    # ****** bytes ******
    def feed(self, dc, data):
        if self.asleep:
            self.errors.append("bytes sent while in deep sleep")
            return
        if self.busy():
            self.errors.append("bytes sent while BUSY")
        if dc == 0:
            for b in data:
                self._command(b)
        elif self.target is not None:
            self._ram(data)
        else:
            self.args.extend(data)
            self._args_changed()

    def _command(self, c):
        self.cmd = c
        self.args = bytearray()
        self.target = None
        self._log(c, self.args)
        if c == 0x12:  # SW reset
            self._reset_state()
            self.log[-1] = (c, self.args)
        elif c == 0x24:
            self.target = self.bw
        elif c == 0x26:
            self.target = self.red
        elif c == 0x20:
            self._activate()

    def _args_changed(self):
        c, a = self.cmd, self.args
        if c == 0x11 and len(a) >= 1:
            self.entry = a[0] & 0x07
        elif c == 0x44 and len(a) >= 2:
            self.xs, self.xe = a[0] & 0x1F, a[1] & 0x1F
        elif c == 0x45 and len(a) >= 4:
            self.ys, self.ye = a[0] | (a[1] & 1) << 8, a[2] | (a[3] & 1) << 8
        elif c == 0x4E and len(a) >= 1:
            self.x = a[0] & 0x1F
        elif c == 0x4F and len(a) >= 2:
            self.y = a[0] | (a[1] & 1) << 8
        elif c == 0x22 and len(a) >= 1:
            self.seq = a[0]
        elif c == 0x10 and len(a) >= 1 and a[0] & 0x03:
            self.asleep = True

    def _ram(self, data):
        # RAM is kept in landscape order: byte (x, gate) at (15 - x) * 296 + gate, so
        # the picture needs no transposition and the driver's mode (Y first, X-, Y+,
        # full window) is one slice copy.
        target = self.target
        if (
            self.entry == 0x06
            and (self.xs, self.xe, self.ys, self.ye) == (ROW_BYTES - 1, 0, 0, GATES - 1)
            and 0 <= self.x < ROW_BYTES
            and 0 <= self.y < GATES
        ):
            p = (ROW_BYTES - 1 - self.x) * GATES + self.y
            n = len(data)
            while n:
                k = min(n, RAM - p)
                target[p : p + k] = data[len(data) - n : len(data) - n + k]
                n -= k
                p = (p + k) % RAM
            self.x = ROW_BYTES - 1 - p // GATES
            self.y = p % GATES
            return
        xlo, xhi = min(self.xs, self.xe), max(self.xs, self.xe)
        ylo, yhi = min(self.ys, self.ye), max(self.ys, self.ye)
        dx = 1 if self.entry & 1 else -1
        dy = 1 if self.entry & 2 else -1
        y_first = self.entry & 4
        x, y = self.x, self.y
        for b in data:
            if 0 <= x < ROW_BYTES and 0 <= y < GATES:
                target[(ROW_BYTES - 1 - x) * GATES + y] = b
            if y_first:
                y += dy
                if y > yhi or y < ylo:
                    y = ylo if dy > 0 else yhi
                    x += dx
                    if x > xhi or x < xlo:
                        x = xlo if dx > 0 else xhi
            else:
                x += dx
                if x > xhi or x < xlo:
                    x = xlo if dx > 0 else xhi
                    y += dy
                    if y > yhi or y < ylo:
                        y = ylo if dy > 0 else yhi
        self.x, self.y = x, y

    def _activate(self):
        if self.seq in FULL_SEQS:
            kind = "full"
            ms = self.full_ms
        elif self.seq in PARTIAL_SEQS:
            kind = "partial"
            ms = self.partial_ms
            if self.red != self.panel:
                # The differential waveform drives pixels from RAM 0x26: if it is not
                # what the panel shows, pixels are driven wrongly (ghosts).
                self.stale_partials += 1
        else:
            # a power/clock-only sequence (e.g. 0xC0): nothing is displayed
            self.log[-1] = (0x20, bytearray((self.seq,)))
            return
        self.panel[:] = self.bw
        self.refreshes.append(kind)
        if len(self.refreshes) > 64:
            del self.refreshes[:32]
        self._set_busy(ms)
        if self.on_refresh is not None:
            self.on_refresh(kind)

    # ****** pictures ******
    def landscape(self):
        """The panel as the UI's 296x128 MONO_VLSB bytes (1 = white here: see WHITE_BIT)."""
        return self.panel

    def ram_byte(self, x, gate, red=False):
        """RAM byte at column byte x (0-15) and gate row (0-295), as the datasheet numbers it."""
        return (self.red if red else self.bw)[(ROW_BYTES - 1 - x) * GATES + gate]

    def _log(self, c, args):
        # bounded: a whole game must not grow the heap the simulator is measuring
        if len(self.log) >= 64:
            del self.log[:32]
        self.log.append((c, args))

    def commands(self):
        return [c for c, _ in self.log]
