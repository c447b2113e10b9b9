# sim/channel.py  The simulator's side channel: files in $CONFESSOR_SIM (docs/simulator.md)
# MIT licence. Never flashed. stdin/stdout belong to the serial link, so buttons come in
# and pictures, screen descriptions and LED states go out through a directory:
#
#   in/<seq>.cmd    host -> device, one command per file ("press A", "long B",
#                   "chord A C", "vsys 3600", "panel stuck" / "panel ok": the display
#                   controller's BUSY held for good, or let go), written to a temp name
#                   and renamed; taken in seq order
#   status.json     device -> host: {"boot","ack","idle","frame","screen",...}
#   screen.pbm      the panel as shown (P4, 296x128, 1 = black)
#   screen.txt      the text description of the screen being shown
#   screen.json     the same as data, with every drawn text's position
#   leds.json       the LED chain: [[r, g, b], ...], the named states and "alarm" (the
#                   status LED lit by panel_fault.py's blink)
#   events.log      one JSON line per refresh and per LED write, in order
#   frames/         with CONFESSOR_SIM_KEEP=1: every frame, <n>-<screen>.pbm and .txt
#
# "ack" is the seq of the last command whose press the button driver has fully seen;
# "idle" is true when nothing is left to do until the next press. A host that waits
# for ack >= its seq and idle needs no sleeps.

import asyncio
import gc
import json
import os

import lifetime

_BAND = 8  # rows of the picture converted at a time


def _write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
    os.rename(tmp, path)


def _write_json(path, data):
    """json.dump streams the text to the file piece by piece: no copy of the whole
    document (a keeper's status is kilobytes) on the heap the simulator measures."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.rename(tmp, path)


class Channel:
    step_ms = 3

    def __init__(self, folder, buttons_pins, released, pressed):
        self.dir = folder
        self.indir = folder + "/in"
        self._pins = buttons_pins  # name -> sim.rp2.Pad
        self._released = released
        self._pressed = pressed
        for d in (folder, self.indir):
            try:
                os.mkdir(d)
            except OSError:
                pass
        for name in os.listdir(self.indir):
            os.remove(self.indir + "/" + name)  # presses sent to a dead device are gone
        import binascii

        self.boot = binascii.hexlify(os.urandom(4)).decode()
        self.ack = 0
        self.frame = 0
        self.screen = None
        self.model = None
        self.supply = None  # the virtual board's VSYS (sim/hw.py Supply), read by the battery pin
        self.battery = None
        self._holds = None
        self._seq = 0
        self._last = None
        self.peak = 0
        self.exited = False
        self._hl = None
        self.keep = bool(os.getenv("CONFESSOR_SIM_KEEP"))
        if self.keep:
            try:
                os.mkdir(folder + "/frames")
            except OSError:
                pass
        self.events = open(folder + "/events.log", "ab")
        self._event({"e": "boot", "boot": self.boot})
        self._status(False)

    # ****** outputs ******
    def _event(self, record):
        self.events.write(json.dumps(record).encode() + b"\n")
        self.events.flush()

    def note_screen(self, scr, move=False):
        """The screen about to be refreshed; `move`: a move drawn after the presses
        paused (privacy.py), which the refresh event records."""
        self.screen = scr
        self._move = move
        tmp = self.dir + "/screen.txt.tmp"
        with open(tmp, "w") as f:  # line by line: no copy of the whole text on the heap
            for line in scr.described():
                f.write(line)
                f.write("\n")
        os.rename(tmp, self.dir + "/screen.txt")
        _write_json(self.dir + "/screen.json", scr.data())

    def on_refresh(self, kind):
        import framebuf

        self.frame += 1
        if self._hl is None:
            # allocated once, and one band of 8 rows only (296 bytes, not the picture's
            # 4.7 KB): the simulator must not fill or fragment the heap it measures
            self._hl = bytearray(37 * _BAND)
            self._dst = framebuf.FrameBuffer(self._hl, 296, _BAND, framebuf.MONO_HLSB)
            self._src = framebuf.FrameBuffer(self.model.landscape(), 296, 128, framebuf.MONO_VLSB)
            self._invert = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.MONO_HLSB)
            self._invert.pixel(0, 0, 1)
        tmp = self.dir + "/screen.pbm.tmp"
        self._pbm(tmp)
        os.rename(tmp, self.dir + "/screen.pbm")
        if self.keep:
            # every frame kept (screenshots, debugging): frames/<n>-<screen>.pbm
            name = "%s/frames/%04d-%s" % (
                self.dir,
                self.frame,
                self.screen.name if self.screen else "",
            )
            self._pbm(name + ".pbm")
            _write(name + ".txt", self.screen.text().encode() if self.screen else b"")
            _write(
                name + ".json", json.dumps(self.screen.data()).encode() if self.screen else b"{}"
            )
        scr = self.screen
        record = {
            "e": "refresh",
            "frame": self.frame,
            "kind": kind,
            "screen": scr.name if scr else None,
            "private": bool(scr and scr.private),
        }
        if self._move:
            record["move"] = True
        if self.ghosts:
            # CONFESSOR_SIM_GHOSTS: pixels still carrying a partial refresh's ghost
            record["ghosts"] = self.model.ghost_pixels()
        self._event(record)

    def _pbm(self, path):
        """The panel as a PBM (P4, 1 = black), converted band by band."""
        with open(path, "wb") as f:
            f.write(b"P4\n296 128\n")
            for y in range(0, 128, _BAND):
                if self.model.WHITE_BIT:
                    # PBM wants 1 = black: map the panel's white 1 to 0 as the blit converts
                    self._dst.blit(self._src, 0, -y, -1, self._invert)
                else:
                    self._dst.blit(self._src, 0, -y)
                f.write(self._hl)

    def on_leds(self, np):
        """After every write of the LEDs (the chain's, or the Badger's show())."""
        leds = self.leds
        answers = leds.answers if leds is not None else 0
        if answers != self._answers:
            # the status LED's blink answering a press: an event, with nothing allocated
            # (it comes between the app's own allocations on the heap being measured)
            self._answers = answers
            self._blink = True
            self.events.write(b'{"e": "answer"}\n')
            self.events.flush()
            return
        if self._blink and not leds.answering:
            self._blink = False
            return  # the blink's end, nothing else written since: leds.json is still true
        self._blink = False
        shown = [list(c) for c in np.shown] if np is not None else []
        names = leds.names() if leds is not None else []
        alarm = getattr(leds, "alarming", False)  # panel_fault.py's blink, lit
        if np is None:
            if (names, alarm) == self._names:
                return  # the Badger's show() with nothing new
            self._names = (names, alarm)
        _write_json(self.dir + "/leds.json", {"rgb": shown, "names": names, "alarm": alarm})
        record = {"e": "leds", "names": names}
        if alarm:
            record["alarm"] = True
        self._event(record)

    leds = None
    _answers = 0
    _blink = False  # the last write was a press's blink
    _names = None  # the Badger's LED (and its alarm) as leds.json last said
    _move = False
    ghosts = False  # the model tracks ghosts (sim/builder.py)
    share = 0  # the simulator's own share of the heap, in bytes (sim.build)

    def _status(self, idle, app=None):
        data = {
            "boot": self.boot,
            "ack": self.ack,
            "idle": idle,
            "frame": self.frame,
            "screen": self.screen.name if self.screen else None,
            "alloc": gc.mem_alloc(),
            "free": gc.mem_free(),
            "peak": self.peak,
            "share": self.share,
            "exited": self.exited,
        }
        if self.battery is not None:
            data["battery"] = self.battery.level()
        if app is not None:
            status, error = _app_status(app)
            data["app"] = status
            data["move"] = status["move"] if status is not None else None
            if error is not None:
                data["app_error"] = error
        for _ in range(2):
            try:
                _write_json(self.dir + "/status.json", data)
                return
            except MemoryError:
                lifetime.collect()  # once more; a write that still fails leaves the last status

    # ****** inputs ******
    def _start(self, line, buttons):
        parts = line.split()
        seq = int(parts[0])
        op = parts[1]
        names = parts[2:]
        if op == "vsys":
            # the virtual board's supply voltage: what the battery divider reads from now on
            if self.supply is not None:
                self.supply.mv = int(names[0])
            self._holds = []
            self._seq = seq
            return
        if op == "panel":
            # a display controller that stops answering (its BUSY stuck), or answers again
            self.model.stuck = names[0] == "stuck"
            self._holds = []
            self._seq = seq
            return
        stable = buttons.stable
        holds = []
        for name in names:
            pin = self._pins.get(name)
            if pin is None:
                continue
            if op == "long":
                ms = buttons.long_ms + (stable + 3) * buttons.poll_ms
                h = hw_hold(self._pressed, self._released, stable + 1, ms, stable + 1)
            else:
                h = hw_hold(self._pressed, self._released, stable + 1, 0, stable + 1)
            pin.plan(h)
            holds.append(h)
        self._holds = holds
        self._seq = seq

    def step(self, app, buttons, display):
        pending = False
        if self._holds is not None:
            done = True
            for h in self._holds:
                if not h.done:
                    done = False
            if done:
                self.ack = self._seq
                self._holds = None
        if self._holds is None:
            names = [n for n in os.listdir(self.indir) if n.endswith(".cmd")]
            if names:
                names.sort()
                path = self.indir + "/" + names[0]
                with open(path) as f:
                    line = f.read()
                os.remove(path)
                self._start(line, buttons)
                pending = True
        idle = (
            not pending
            and self._holds is None
            and (app.waiting or getattr(app.privacy, "waiting", False))  # panel_fault.py
            and buttons.pending() == 0
            and not display.busy
            and not (self.leds is not None and self.leds.answering)
        )
        state = (idle, self.ack, self.frame, self.exited)
        if state != self._last:
            if idle:
                lifetime.collect()
                used = gc.mem_alloc()
                if used > self.peak:
                    self.peak = used
            self._last = state
            self._status(idle, app)

    async def run(self, app, buttons, display):
        while True:
            self.step(app, buttons, display)
            await asyncio.sleep_ms(self.step_ms)

    def exit(self):
        self.exited = True
        self._status(False)


def hw_hold(active, released, reads, ms, after):
    from sim.hw import Hold

    return Hold(active, released, reads, ms, after)


def _app_status(app):
    """(App.status(), None): exactly what the serial link would serve, or, when the
    heap has no block for the public view even after a collection, (the status
    without it, "MemoryError ..."): a status write never stops the simulator's loop.
    The heap is collected first: the view is built on what a turn left behind."""
    lifetime.collect()
    try:
        return app.status(), None
    except MemoryError:
        lifetime.collect()  # the partly built view is garbage now
    try:
        return app.status(), None
    except MemoryError:
        lifetime.collect()
    try:
        return app.status(False), "MemoryError: no room for the public view"
    except MemoryError:
        lifetime.collect()
        return None, "MemoryError: no room for the status"
