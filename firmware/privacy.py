# privacy.py  The privacy and refresh policy: how each screen reaches the e-ink panel
# MIT licence. The one place that decides a refresh, and which presses count
# (docs/device.md, "Refreshes and presses"):
#
# - Kinds. Full (the OTP waveform, 4.1 s) at power-on only. Clean (the fast full refresh,
#   1 s: every pixel driven both ways, no ghost left) when a private screen is left, and
#   where the app asks for a full one (the seal, a Last Judgment, the end: they keep their
#   flash). Everything else partial; the driver makes every tenth a fast full one to clear
#   the partial refreshes' ghosts. The status LED is red while a secret is, or may still
#   be, on the panel.
# - Decisions. A screen that differs from the one before only in its cursor, its page, its
#   big line or its list (a cursor moved, a value stepped) is the same decision: it is not
#   drawn at once but when the presses pause (settle(): `board.settle_ms` without one), so
#   presses made while the glass is busy, or in a quick run, come out as one refresh of the
#   latest state. Any other screen is a new decision and is drawn at once.
# - Stale presses. The button driver stamps each press with the decision on the glass when
#   it was made; a press made before the current decision had reached the glass (while its
#   refresh was still running, or before it began) is dropped, never applied to a screen
#   the player had not seen.


import asyncio
import time


class PrivacyPolicy:
    def __init__(self, board, painter, gauge=None):
        self.board = board
        self.painter = painter
        self.gauge = gauge  # battery.Gauge, or None where the board reads no battery
        self.screen = None  # the latest screen asked for (the app's state)
        self.shown = None  # the screen on the panel
        self.pending = False  # `screen` is a move not yet drawn
        self.decision = 0  # the number of `screen`'s decision
        self._key = None
        self.secret_up = False  # a private screen is (or may still be) on the panel

    # ****** API ******
    async def show(self, scr, full=False):
        """Ask for `scr` on the panel. A new decision is drawn now, a move of the one on
        show when the presses pause (settle). A private screen lights the status LED
        before anything else; leaving one takes a clean refresh. `full` asks for a
        flashing refresh (a clean one)."""
        key = _decision(scr)
        move = key == self._key and not full
        if not move:
            self.decision += 1
            self._key = key
        self.screen = scr
        if scr.private and not self.secret_up:
            self.secret_up = True
            leds = self.board.leds
            leds.status("secret")
            leds.show()
        if move:
            self.pending = True
            return
        await self._refresh(scr, full)

    async def settle(self):
        """Before waiting for a press: a move not yet drawn waits `board.settle_ms` for
        the next press (a quick run of presses is drawn once, at its end), then is drawn."""
        board = self.board
        buttons = board.buttons
        if not self.pending or buttons.pending():
            return
        start = time.ticks_ms()
        while time.ticks_diff(time.ticks_ms(), start) < board.settle_ms:
            await asyncio.sleep_ms(buttons.poll_ms)
            if buttons.pending():
                return
        await self._refresh(self.screen, False, True)

    def fresh(self, stamp):
        """Whether a press stamped `stamp` was made with the current decision on the glass."""
        return stamp == self.decision

    # ****** internals ******
    async def _refresh(self, scr, flash, move=False):
        board = self.board
        leaving = self.secret_up and not scr.private
        if self.gauge is not None:
            percent, low = self.gauge.read()
            scr.battery = None if percent is None else (percent, low)
        self.painter.draw(scr)
        self.pending = False
        sim = board.sim
        if sim is not None:
            sim.note_screen(scr, move)
        power_on = self.shown is None
        self.shown = scr
        await board.display.show(power_on, leaving or flash)
        board.buttons.stamp = self.decision  # presses from now on were made seeing it
        if leaving:
            self.secret_up = False
            board.leds.status("off")
            board.leds.show()


def _decision(scr):
    """What a screen asks the player: equal for two screens, a press on either means the
    same. The cursor, the page, the big line and the list are left out: they are what
    the presses on one decision move and step."""
    return (scr.name, scr.title, scr.corner, scr.keys, scr.lines, scr.facts, scr.private)
