# privacy.py  The privacy and refresh policy: how each screen reaches the e-ink panel
# MIT licence. The one place that decides a refresh: partial by default, full when asked
# and always when a private screen is left (a partial refresh would leave a ghost of the
# secret), with the status LED red while a secret is, or may still be, on the panel.
# A change that coalesces refreshes (skipping a screen replaced before it is seen) or
# schedules them differently belongs here, and only here.


class PrivacyPolicy:
    def __init__(self, board, painter):
        self.board = board
        self.painter = painter
        self.screen = None  # the screen on the panel
        self.secret_up = False  # a private screen is (or may still be) on the panel

    # ****** API ******
    async def show(self, scr, full=False):
        """Draw `scr` and refresh the panel. Leaving a private screen takes a full
        refresh; a private screen lights the status LED before it is drawn."""
        leds = self.board.leds
        if self.secret_up and not scr.private:
            full = True
        if scr.private:
            self.secret_up = True
            leds.status("secret")
            leds.show()
        self.painter.draw(scr)
        self.screen = scr
        sim = self.board.sim
        if sim is not None:
            sim.note_screen(scr)
        await self.board.display.show(full)
        if not scr.private and self.secret_up:
            self.secret_up = False
            leds.status("off")
            leds.show()
