# sim/ssd1680_model.py  The SSD1680 on the Waveshare Pico-ePaper-2.9, as its datasheet and
# the panel makers describe it (not as ssd1680.py assumes it). MIT licence. Never flashed.
#
# Fed by the simulated SPI bus (sim/rp2.py): commands while DC is low, their data while it
# is high. It keeps what decides the picture on a real panel:
# - the two RAMs (0x24 black/white, 0x26 "red", the previous image of a partial refresh),
#   written through the RAM window (0x44/0x45) and address counters (0x4E/0x4F), advanced
#   as the data entry mode (0x11: AM, ID1, ID0) says and wrapped at the window's edges;
# - the registers a refresh reads: driver output control (0x01: 296 gates, TB gate scan
#   direction), display update control 1 (0x21: RAM inversion, source output mode), border,
#   voltages, display option (0x37: RAM ping-pong), temperature sensor;
# - the waveform state: none after a reset; the OTP full (mode 1) waveform when a 0x22
#   sequence loads it (bit 4); a host table written with 0x32. This panel's OTP holds no
#   partial (mode 2) waveform (GxEPD2_290_T94_V2: "Waveshare variant without partial wft
#   in OTP"), so loading one gives nothing;
# - the power state (clock, analog) and BUSY while a sequence runs. `stuck` holds BUSY high
#   for good, whatever is sent or reset: a controller that never answers (a loose
#   connector, a dead panel), which a driver must give up on rather than wait for.
# A display update without a usable waveform or with the analog supply off leaves the glass
# as it was and is reported in `errors`; so is anything sent in deep sleep or while BUSY.
#
# The glass: landscape 296x128, MONO_VLSB, 1 = white, as the UI draws it. Which RAM cell is
# which glass pixel is Waveshare's EPD_2in9_Landscape convention (the maker's landscape
# picture is upright): RAM X address b, bit 7-k (source 8b+k) at gate g is landscape
# x = g, y = 127 - (8b+k); TB=1 scans the gates the other way (x = 295 - g). RAM is stored
# here in that landscape order, so an upright picture is a plain copy.
#
# Refresh kinds, from the controller's state at 0x20: "full" (mode 1, OTP waveform),
# "fast" (mode 1, a host waveform), "partial" (mode 2, a host waveform). With ping-pong on
# (0x37 byte F bit 6) the image a mode-2 update shows becomes the RAM it compares against
# next time, which is what Waveshare's partial refresh relies on (it writes only 0x24).
# `stale_partials` counts partial updates whose reference RAM was not what the glass showed.
# With `track_ghosts`, pixels moved by non-flashing updates are kept in `ghost` until a
# flashing one (the OTP waveform, or a host table that drives every pixel both ways).

import time

ROW = 296  # gates: bytes per band in landscape order
BANDS = 16  # RAM X addresses on the panel (128 sources)
RAM = ROW * BANDS
OTP = "otp"  # the OTP mode-1 waveform
LUT_BYTES = 153


class SSD1680Model:
    WHITE_BIT = 1  # landscape() is 1 = white
    ROW = ROW  # the geometry sim/ssd1680_glass.py reads (it imports nothing of this module)

    def __init__(self, times=None, on_refresh=None, track_ghosts=False):
        self.times = times or {}  # "full"/"fast"/"partial"/"power_on" -> ms (0: instant)
        self.on_refresh = on_refresh
        self.bw = bytearray(b"\xff" * RAM)
        self.red = bytearray(b"\xff" * RAM)
        self.glass = bytearray(b"\xff" * RAM)
        self.ghost = bytearray(RAM) if track_ghosts else None
        self.log = []  # (command, data) in order, recent only (RAM data not kept)
        # kinds, the last 33-64 only; its 64 slots taken at power-on, so the list never
        # asks the heap it shares with the firmware for a larger block mid-game
        self.refreshes = [None] * 64
        del self.refreshes[:]
        self.errors = []
        self.stale_partials = 0
        self.unchanged = 0  # display updates that left the glass as it was
        self.asleep = False
        self.resets = 0
        self._busy_until = None
        self.stuck = False  # BUSY high for good (see above)
        self._por()

    def _por(self):
        # Power-on / reset register values (SSD1680 datasheet command table). RAM is kept.
        self.cmd = None
        self.args = bytearray()
        self.target = None
        self.entry = 0x03
        self.xs, self.xe = 0, 0x15
        self.ys, self.ye = 0, 0x127
        self.x = self.y = 0
        self.mux = 0x127
        self.gate_scan = 0  # 0x01 byte 3: GD, SM, TB
        self.ram_option = 0  # 0x21 byte 1: BW RAM normal / bypass / inverse
        self.source_s8 = False  # 0x21 byte 2 bit 7: sources S8-S167 (the 2.9in panel's)
        self.seq = 0xFF
        self.border = 0xC0
        self.lut = None
        self.voltages = {}
        self.pingpong = False
        self.clock = False
        self.analog = False

    # ****** pins ******
    def rst_changed(self, level):
        if level == 0:
            # Hardware reset: the registers and the waveform back to their power-on values,
            # deep sleep ends. RAM is kept (Waveshare's partial refresh relies on it).
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

    def _set_busy(self, ms):
        self._busy_until = time.ticks_add(time.ticks_ms(), ms) if ms > 0 else None

    def fault(self, text):
        """The bus cannot deliver (sim/rp2.py: DC not driven): bytes lost."""
        self._error(text)

    # ****** bytes ******
    def feed(self, dc, data):
        if self.asleep:
            self._error("bytes sent in deep sleep (only a hardware reset wakes it)")
            return
        if self.busy():
            self._error("bytes sent while BUSY")
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
        if c == 0x12:  # SW reset: registers to their reset values, RAM unaffected
            self._por()
            self.log[-1] = (c, self.args)
            # BUSY is high while it runs: 10 ms by the specification GxEPD2 cites; at least
            # a tick even at instant speed, so a BUSY line that never moves is a fault
            self._set_busy(self.times.get("sw_reset", 1))
        elif c == 0x24:
            self.target = self.bw
        elif c == 0x26:
            self.target = self.red
        elif c == 0x20:
            self._activate()

    def _args_changed(self):
        c, a = self.cmd, self.args
        n = len(a)
        if c == 0x01 and n >= 3:
            self.mux = a[0] | (a[1] & 1) << 8
            self.gate_scan = a[2] & 0x07
        elif c == 0x11 and n >= 1:
            self.entry = a[0] & 0x07
        elif c == 0x44 and n >= 2:
            self.xs, self.xe = a[0] & 0x3F, a[1] & 0x3F
        elif c == 0x45 and n >= 4:
            self.ys, self.ye = a[0] | (a[1] & 1) << 8, a[2] | (a[3] & 1) << 8
        elif c == 0x4E and n >= 1:
            self.x = a[0] & 0x3F
        elif c == 0x4F and n >= 2:
            self.y = a[0] | (a[1] & 1) << 8
        elif c == 0x21 and n >= 1:
            self.ram_option = a[0] & 0x0F
            self.source_s8 = n >= 2 and bool(a[1] & 0x80)
        elif c == 0x22 and n >= 1:
            self.seq = a[0]
        elif c == 0x32:
            if n == LUT_BYTES:
                self.lut = bytes(a)
            elif n > LUT_BYTES:
                self._error("0x32 waveform longer than %d bytes" % LUT_BYTES)
        elif c == 0x37 and n >= 6:
            self.pingpong = bool(a[5] & 0x40)
        elif c == 0x3C and n >= 1:
            self.border = a[0]
        elif c in (0x03, 0x04, 0x2C, 0x3F, 0x18):
            self.voltages[c] = bytes(a)
        elif c == 0x10 and n >= 1 and a[0] & 0x03:
            self.asleep = True
            if a[0] & 0x03 == 0x03:  # deep sleep mode 2: RAM not retained
                self.bw[:] = self.red[:] = bytes(RAM)

    def _ram(self, data):
        target = self.target
        n = len(data)
        if (
            self.entry == 0x07
            and (self.xs, self.xe, self.ys, self.ye) == (0, BANDS - 1, 0, ROW - 1)
            and self.x < BANDS
            and self.y < ROW
        ):
            # Y first, X+, Y+ over the whole panel: each RAM X address is one landscape band
            # stored at (15 - X) * 296, so a run of bytes is a slice per band.
            done = 0
            x, y = self.x, self.y
            while done < n:
                k = min(n - done, ROW - y)
                p = (BANDS - 1 - x) * ROW + y
                target[p : p + k] = data[done : done + k] if done or k < n else data
                done += k
                y += k
                if y == ROW:
                    y = 0
                    x = (x + 1) % BANDS
            self.x, self.y = x, y
            return
        xlo, xhi = min(self.xs, self.xe), max(self.xs, self.xe)
        ylo, yhi = min(self.ys, self.ye), max(self.ys, self.ye)
        dx = 1 if self.entry & 1 else -1
        dy = 1 if self.entry & 2 else -1
        y_first = self.entry & 4
        x, y = self.x, self.y
        for b in data:
            if x < BANDS and y < ROW:
                target[(BANDS - 1 - x) * ROW + y] = b
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

    # ****** the update sequence (0x22 bits, run by 0x20) ******
    def _activate(self):
        seq = self.seq
        ms = 0
        self.log[-1] = (0x20, bytearray((seq,)))
        if seq & 0x80:
            self.clock = True
        if seq & 0x40:
            if not self.clock:
                self._error("0x22 %02X: analog on with the clock off" % seq)
            elif not self.analog:
                self.analog = True
                ms += self.times.get("power_on", 0)
        if seq & 0x10:
            if seq & 0x08:
                # Mode 2 from OTP: this panel has no partial waveform there.
                self.lut = None
            else:
                self.lut = OTP
        if seq & 0x04:
            kind = self._display(2 if seq & 0x08 else 1)
            if kind is not None:
                ms += self.times.get(kind, 0)
        if seq & 0x02:
            self.analog = False
        if seq & 0x01:
            self.clock = False
        self._set_busy(ms)

    def _display(self, mode):
        if not (self.clock and self.analog):
            return self._unchanged("display with the clock or analog supply off")
        if self.lut is None:
            return self._unchanged(
                "display mode %d with no waveform loaded (this panel's OTP has no partial"
                " waveform: load one with 0x32)" % mode
            )
        if mode == 2 and self.lut is OTP:
            return self._unchanged("display mode 2 with the OTP full waveform loaded")
        if self.mux != 0x127 or self.gate_scan & 0x06:
            return self._unchanged("driver output control 0x01 does not match 296 gates")
        if not self.source_s8:
            return self._unchanged("0x21 source output mode is not S8-S167, the panel's")
        if mode == 1:
            kind = "full" if self.lut is OTP else "fast"
        else:
            kind = "partial"
        old = bytes(self.glass) if self.ghost is not None else None
        if self.gate_scan & 1 or self.ram_option:
            from sim.ssd1680_glass import map_slow

            map_slow(self, kind)
        else:
            if kind == "partial" and self.red != self.glass:
                # The differential waveform is picked per pixel from (0x26, 0x24): a
                # reference that is not the glass drives pixels by the wrong transition.
                self.stale_partials += 1
            self.glass[:] = self.bw
        if mode == 2 and self.pingpong:
            self.red[:] = self.bw
        if self.ghost is not None:
            from sim.ssd1680_glass import ghosts

            ghosts(self, old)
        if len(self.refreshes) >= 64:
            del self.refreshes[:32]  # (the list never grows past its first 64 slots)
        self.refreshes.append(kind)
        if self.on_refresh is not None:
            self.on_refresh(kind)
        return kind

    def _unchanged(self, why):
        self.unchanged += 1
        self._error(why + ": the glass does not change")
        return None

    # ****** pictures and records ******
    def landscape(self):
        """The glass as the UI's 296x128 MONO_VLSB bytes, 1 = white."""
        return self.glass

    def ram_byte(self, x, gate, red=False):
        """RAM byte at X address x (0-15, bit 7 = source 8x) and gate (0-295)."""
        return (self.red if red else self.bw)[(BANDS - 1 - x) * ROW + gate]

    def flashing(self):
        """Whether the loaded waveform flashes (drives every pixel both ways)."""
        if self.lut is None or self.lut is OTP:
            return self.lut is OTP
        from sim.ssd1680_glass import flashes

        return flashes(self.lut)

    def ghost_pixels(self):
        """Pixels still carrying a ghost (with track_ghosts)."""
        g = self.ghost
        return 0 if g is None else sum(bin(b).count("1") for b in g)

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
