# buttons.py  Debounced buttons: press, long press and two-button chords (asyncio)
# MIT licence. After Peter Hinch's micropython-async Pushbutton: one task polls every
# pin (no interrupts, so contact bounce never floods the scheduler), a level must be
# seen on `stable` consecutive polls before it counts, and a press that became a long
# press or part of a chord does not also report a short press on release.
#
# Pins are injected as objects whose value() is 1 while pressed: machine.Signal with
# invert=True for active-low buttons wired to ground (the reference build).
#
# Each press is answered at once on `leds` (set by the app): the status LED blinks for
# `answer_ms` before the app, or the glass, has done anything with it. clear() forgets the
# presses queued so far (the privacy policy's: made before the screen they would act on
# was on the glass).

import asyncio

from micropython import const

_UP = const(0)
_DOWN = const(1)


class Buttons:
    poll_ms = 10
    stable = 2  # polls: 20 ms of agreement debounces a tactile switch
    long_ms = 800

    def __init__(self, pins, clock=None):
        self.names = sorted(pins)
        self._pins = [pins[n] for n in self.names]
        n = len(self.names)
        self._level = [_UP] * n  # debounced level
        self._count = [0] * n  # polls the raw level has disagreed with _level
        self._since = [0] * n  # ticks when the debounced press began
        self._used = [False] * n  # long press or chord already reported
        self._events = []
        self.leds = None  # the LEDs that answer each press (leds.answer), if set
        self.answer_ms = 100
        self._answered = None  # ticks of the last answer while the blink is on
        self._ready = asyncio.Event()
        self.polls = 0
        if clock is None:
            import time

            clock = time
        self._time = clock

    # ****** API ******
    def pressed(self, name):
        """The debounced state of one button."""
        return self._level[self.names.index(name)] == _DOWN

    def raw(self, name):
        return bool(self._pins[self.names.index(name)].value())

    def pending(self):
        return len(self._events)

    async def get(self):
        """The next event: ("press", "A"), ("long", "A") or ("chord", "A+C")."""
        while not self._events:
            self._ready.clear()
            await self._ready.wait()
        return self._events.pop(0)

    def clear(self):
        """Forget the presses queued so far; a laptop's request (the link's `about`) stays."""
        if self._events:
            self._events = [e for e in self._events if e[0] == "ask"]

    def post(self, kind, name):
        """Queue an event as if the buttons made it: the serial link's `about` posts
        ("ask", "about") so a waiting screen wakes up at once. No answer on the LEDs:
        nobody pressed anything."""
        self._events.append((kind, name))
        self._ready.set()

    async def run(self):
        while True:
            self.poll()
            await asyncio.sleep_ms(self.poll_ms)

    # ****** internals ******
    def _emit(self, kind, name):
        self._events.append((kind, name))
        leds = self.leds
        if leds is not None:
            leds.answer(True)
            leds.show()
            self._answered = self._time.ticks_ms()
        self._ready.set()

    def poll(self):
        """One sample of every pin; public so tests can step it without a loop."""
        self.polls += 1
        now = self._time.ticks_ms()
        diff = self._time.ticks_diff
        if self._answered is not None and diff(now, self._answered) >= self.answer_ms:
            self._answered = None  # the blink is over
            if self.leds is not None:
                self.leds.answer(False)
                self.leds.show()
        for i in range(len(self._pins)):
            raw = _DOWN if self._pins[i].value() else _UP
            if raw == self._level[i]:
                self._count[i] = 0
            else:
                self._count[i] += 1
                if self._count[i] >= self.stable:
                    self._count[i] = 0
                    self._level[i] = raw
                    if raw == _DOWN:
                        self._down(i, now)
                    else:
                        self._release(i)
            if (
                self._level[i] == _DOWN
                and not self._used[i]
                and diff(now, self._since[i]) >= self.long_ms
            ):
                self._used[i] = True
                self._emit("long", self.names[i])

    def _down(self, i, now):
        self._since[i] = now
        self._used[i] = False
        for j in range(len(self._pins)):
            if j != i and self._level[j] == _DOWN and not self._used[j]:
                # Two buttons down together: a chord; neither reports a press.
                self._used[i] = True
                self._used[j] = True
                a, b = sorted((self.names[i], self.names[j]))
                self._emit("chord", a + "+" + b)
                return

    def _release(self, i):
        if not self._used[i]:
            self._emit("press", self.names[i])
        self._used[i] = False
