# phone_mode.py  Phone mode in a game in play: the seats' phones, their turns and reveals
# MIT licence. Imported by session.py only for a game played with phones (the phones
# setting when it starts; its .phones file when it resumes), and unloaded with the
# game's other modules at its end (lifetime.py): a game without phones spends none of
# its RAM here. phone_start.py and phone_join.py start it (the tokens, the network,
# the server, the join screens) and are unloaded after, so a game in play keeps only
# this code, the provider, the seats and the server (docs/phones.md, "Memory"). The
# parts are phase 1's: wifi.Wifi, phone_seats.Seats and Guard,
# phone_provider.GameProvider and Inbox, phone_server.PhoneServer, whose listener and
# connections run as asyncio tasks beside the UI's and the serial link's.
#
# A seat's secret choice made on its phone reaches the game only through the UI task:
# turn() waits for the Inbox and the buttons together, checks the choice again against
# the state (the same seat, the same move, a legal action) and returns it, and the
# session journals it as it journals a button's. The e-ink says whose phone it waits
# for and that a choice was made, never what.

import asyncio
import json

from ui import Screen


class PhoneMode:
    """The parts a game in play keeps (phone_start.start() builds them)."""

    def __init__(self, app, inbox, provider, seats, guard):
        self.app = app
        self.inbox = inbox
        self.provider = provider
        self.seats = seats
        self.guard = guard
        self.wlan = None  # the network's WLAN object (access point or station), once up
        self.host = None  # the address the server listens on
        self.ssid = self.password = None  # password: the access point's (None joined)
        self.station = False  # joined the network set over the link (phone_net.py)
        self.address = None  # "http://<device>[:port]/s/": a seat's URL without its token
        self.server = None  # phone_start.py: after the network screen's QR code
        self.game_id = None

    # ****** the game's end ******
    def save(self):
        """The tokens, the network and the seats that went back to the buttons, beside
        the game's key (store.py): what a resume needs to keep every page working."""
        data = {
            "tokens": self.seats.tokens(),
            "ssid": self.ssid,
            "password": self.password,
            "station": self.station,
            "off": [seat for seat in range(self.seats.players()) if not self.uses_phone(seat)],
        }
        self.app.store.save_phones(self.game_id, json.dumps(data).encode())

    def stop(self):
        """The game is closed: tokens die, the server and the network go."""
        self.seats.end()
        self.guard.reset()
        self.provider.detach()
        if self.server is not None:
            self.server.close()
            self.server = None
        if self.wlan is not None:
            self.wlan.active(False)  # radio off: a station leaves its network with it
            self.wlan = None
        self.password = None

    def changed(self):
        self.provider.changed()  # after every action: the pages fetch the new state

    def uses_phone(self, seat):
        return self.provider.state is None or self.provider.uses_phone(seat)

    def use_phone(self, seat, on):
        """A seat goes back to pass-and-peek, or to its phone again (kept for a resume)."""
        self.provider.phone(seat, on)
        self.save()

    # ****** a seat's secret choice from its phone ******
    def waits_for(self, seat):
        """The rules ask this seat a secret, and it makes it on its phone."""
        return self.provider.pending(seat) is not None

    def asks(self, s, seat):
        """The seat's decision now is made on its phone: a secret of the rules (a bid,
        a die), or a decision the presenter would take behind the gate because the
        seat chooses looking at its own secrets (presenter.in_private: a hand)."""
        if not self.uses_phone(seat):
            return False
        if not s.secret() and s.presenter.in_private(seat):
            self.provider.ask(seat)
        if not self.waits_for(seat):
            return False
        try:
            # a bid's grid found here, between two screens, not in a page's answer,
            # whose own garbage leaves less room
            self.provider.grid(seat)
        except MemoryError:
            pass  # the first page that asks finds it (a 503 until there is room)
        return True

    async def turn(self, s, seat):
        """The seat's choice from its phone: the action; None when the table abandons
        the game from the pause menu; False when the seat goes back to the buttons."""
        name = s.name(seat)
        title = "%s: %s's turn" % (s.title, name)
        scr = Screen(
            "phone",
            title,
            big=name,
            facts=["Waiting for %s's phone." % name],
            lines=["Make your choice on your phone.", "B: use the buttons instead."],
            keys=("", "Buttons", "Menu"),
            corner="#%d" % s.move(),
        )
        action = await self._wait(s, seat, scr, "turn", lambda item: self._check(s, seat, item))
        if action is None or action is False:
            return action
        # a secret stays so; a public decision (a hand's play) the table sees next
        said = "The choice stays secret." if s.secret() else "The table sees it next."
        await s.show(
            Screen(
                "chosen",
                title,
                big=name,
                facts=["%s has chosen." % name],
                lines=[said],
                corner="#%d" % s.move(),
            )
        )
        return action

    async def reveal(self, s, seat, lines):
        """A private reveal (an opening card) on the seat's page instead of the gate
        (phone_reveal.py, imported for it and unloaded after: a few reveals a game).
        True: seen there; False: the seat goes back to the buttons and sees it behind
        the gate."""
        import phone_reveal

        try:
            return await phone_reveal.reveal(self, s, seat, lines)
        finally:
            phone_reveal = None
            s.unload("phone_reveal")

    async def rejoin(self, s, seat):
        """The pause menu's "Use my phone again": the seat's join code again
        (phone_join.py, loaded for it and let go of after)."""
        import phone_join

        await phone_join.rejoin(s, seat)

    async def _wait(self, s, seat, scr, light, accept, menu=True):
        """Show `scr` until the seat's phone answers (accept(item): the value, or None
        to drop the item) or the buttons do: the value; False when the seat goes back
        to the buttons (B, or the pause menu); None when the table abandons the game."""
        buttons = self.app.board.buttons
        while True:
            s.light(seat, light)
            await s.show(scr)
            while True:
                item = self.inbox.take()
                if item is not None:
                    value = accept(item)
                    if value is None:
                        continue  # stale (a move passed) or not this seat's: dropped
                    return value
                waker = asyncio.create_task(_wake(self.inbox, buttons))
                try:
                    kind, key = await s.next_event()
                finally:
                    waker.cancel()
                if kind == "phone":
                    continue
                if key == "B" and kind == "press":
                    self.use_phone(seat, False)
                    return False
                if key == "C" and menu:
                    if await s.pause(seat):
                        return None
                    if not self.waits_for(seat):
                        return False  # the pause menu sent the seat to the buttons
                    break  # the waiting screen again

    def _check(self, s, seat, item):
        # the UI task's own check: the provider checked the choice when it came in,
        # and the game may have moved on since (a button, another choice)
        who, move, action = item
        if who != seat or move != s.move() or not self.waits_for(seat):
            return None
        if not self.provider.is_legal(action):
            return None
        return action


async def _wake(inbox, buttons):
    """A choice in the inbox wakes the UI task as a press would (a named event nothing
    else answers, so one left in the queue is harmless)."""
    await inbox.wait()
    buttons.post("phone", "phone")
