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
# - Stale presses. When a new decision has reached the glass, the presses still queued
#   were made before it got there (while its refresh ran, or before it began): they are
#   dropped, never applied to a screen the player had not seen. Presses queued during a
#   move's refresh stay: the player has seen the decision they act on.
# - Faults. A refresh the display gave up (BUSY never fell: the drivers' 10 s timeout) is
#   panel_fault.py's: the app waits there, the status LED blinking, until the panel shows
#   the screen; a secret counts as still on the glass until then.


import asyncio


class PrivacyPolicy:
    def __init__(self, board, painter):
        self.board = board
        self.painter = painter
        self.screen = None  # the latest screen asked for (the app's state)
        self.pending = False  # `screen` is a move not yet drawn
        self.secret_up = False  # a private screen is (or may still be) on the panel

    # ****** API ******
    async def show(self, scr, full=False):
        """Ask for `scr` on the panel. A new decision is drawn now, a move of the one on
        show when the presses pause (settle). A private screen lights the status LED
        before anything else; leaving one takes a clean refresh. `full` asks for a
        flashing refresh (a clean one)."""
        move = not full and _same_decision(scr, self.screen)
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
        self.board.buttons.clear()  # made before this screen was on the glass

    async def settle(self):
        """Before waiting for a press: a move not yet drawn waits `board.settle_ms` for
        the next press (a quick run of presses is drawn once, at its end), then is drawn."""
        board = self.board
        buttons = board.buttons
        if not self.pending or buttons.pending():
            return
        for _ in range(board.settle_ms // buttons.poll_ms):
            await asyncio.sleep_ms(buttons.poll_ms)
            if buttons.pending():
                return
        await self._refresh(self.screen, False, True)

    # ****** internals ******
    async def _refresh(self, scr, flash, move=False):
        board = self.board
        leaving = self.secret_up and not scr.private
        if board.battery is not None:
            percent, low = board.battery.status()
            scr.battery = None if percent is None else (percent, low)
        paint = getattr(scr, "paint", None)  # a screen with a drawing of its own (a QR code)
        if paint is not None:
            paint(board.display)
        else:
            self.painter.draw(scr)
        self.pending = False
        sim = board.sim
        if sim is not None:
            sim.note_screen(scr, move)
        display = board.display
        if await display.show(display.refreshes == 0, leaving or flash) is None:  # power-on: full
            import lifetime  # the display gave up (BUSY): panel_fault.py, for this fault only

            await lifetime.once("panel_fault").recover(self, scr)  # until the panel shows scr
        if leaving:
            self.secret_up = False
            board.leds.status("off")
            board.leds.show()


def _same_decision(a, b):
    """Whether screen `a` asks what `b` asks, a press on either meaning the same. The
    cursor, the page, the big line and the list are left out: they are what the presses on
    one decision move and step."""
    return (
        b is not None
        and a.name == b.name
        and a.title == b.title
        and a.corner == b.corner
        and a.keys == b.keys
        and a.lines == b.lines
        and a.facts == b.facts
        and a.private == b.private
    )
