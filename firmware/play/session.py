# session.py  One game on the device: its rules state, its journal, and resuming it
# MIT licence. Every action is journaled (flushed to flash) before its effect is shown,
# and a game is rebuilt after a power cut by replaying its journal through
# commit.verify_actions, which checks every chance action against the seed.
#
# The session is also all a presenter may know of the game: the views, the legal
# actions, the codec and the announcements the rules emit, the seats' names and
# lights, and the screens and buttons (docs/device.md, "Writing a presenter"). The
# rules state itself stays private to this module and to session_open.py, which a
# game's start or resume loads (the new game, the journal replayed, phone mode's
# start) and drops before play.

import lifetime
from micropython import const

from shared_rules.game import CHANCE

_MAX_EVENTS = const(3)  # public events recalled on the turn screen
_LEAST_ROOM = const(64)  # history room not worth reserving
SIGNING = ("The game's log is being signed", "with this device's key.")


class Session:
    def __init__(self, app, game_id, game, seed, first, journal):
        from shared_rules.commit import commitment, seal
        from shared_rules.rng import Stream

        self.app = app
        self.id = game_id
        self.game = game
        self.seed = seed
        self.first = first  # the table seat (LED) of rules seat 0
        self.journal = journal
        self.seal = seal(commitment(seed))
        self._state = game.new_initial_state()
        self._stream = Stream(seed, b"chance")
        self.pending = []  # [(action index, seat, lines)] private reveals still to show
        self.events = []  # recent public events (text), newest last
        self.ended = False
        self.abandoned = False
        self.resumed_news = []  # the last action's announcements, shown again on resume
        self.phones = None  # phone_mode.PhoneMode in a game played with phones
        # The game's screens: its entry's PRESENTER, or the generic ones. (The
        # catalogue is the opening's: app.py drops it before play.)
        from shared_rules import games

        entry = games.entry(game.NAME)
        games = None
        import loader  # the opening's: play lets go of it (lifetime.py)

        self.presenter = loader.presenter_class(entry)(self)
        # a long game's history room, while the heap is in one piece (State.reserve_history;
        # the entry's HISTORY_ROOM)
        room = getattr(entry, "HISTORY_ROOM", 0)
        bound = game.max_game_length()  # None: no bound (New Rule to its target alone)
        if bound is not None:
            room = min(room, bound)
        entry = None
        while room >= _LEAST_ROOM:
            try:
                self._state.reserve_history(room)
                break
            except MemoryError:
                room >>= 1  # a smaller room: the list grows later as it can
        # the history kept in RAM, forgotten whenever it fills the room (the journal on the
        # flash holds every action): a game with no bound stays in that block
        self._room = room if room >= _LEAST_ROOM else 0
        self._kept = 0

    # ****** what a presenter may read (and nothing else of the rules) ******
    @property
    def title(self):
        return self.game.TITLE

    @property
    def players(self):
        return self.game.num_players

    @property
    def options(self):
        return self.game.options

    def view(self, seat=None):
        return self._state.view(seat)

    def legal(self):
        return self._state.legal_actions()

    def decode(self, action):
        return self.game.decode(action)

    def encode(self, data):
        return self.game.encode(data)

    def text(self, action):
        """The rules' own short text of a legal action (for the generic screens)."""
        return self._state.action_text(action)

    def move(self):
        return self._state.move_number()

    def secret(self):
        """The decision being made is seen by the deciding seat alone (a bid, a die)."""
        return self._state.observers() is not None

    def name(self, seat):
        """A seat's name as the table knows it (settings, else "P<table seat>")."""
        p = self.table_seat(seat)
        names = self.app.settings["names"]
        if p < len(names):
            return names[p]
        return "P%d" % (p + 1)

    def table_seat(self, seat):
        """The table seat (LED index) of a rules seat: play starts at `first`."""
        return (self.first + seat) % self.game.num_players

    def light(self, seat=None, name="turn"):
        """Light one seat's LED (all others off); None: every seat off."""
        self.app.lights(None if seat is None else self.table_seat(seat), name)

    def light_table(self, name="turn"):
        """Every seat in play lit `name`, the others off: a decision the table takes
        together (any player presses), so nobody waits for one seat."""
        leds = self.app.board.leds
        leds.only(None, "off")
        for seat in range(self.game.num_players):
            leds.seat(self.table_seat(seat), name)
        leds.show()

    async def flash(self, name, times=3, seat=None, seat_name="turn"):
        """Every seat's LED flashes `name`, then stays lit (a Last Judgment); `seat`,
        if given, stays lit `seat_name` throughout (the player of a God card)."""
        import asyncio

        board = self.app.board
        leds = board.leds
        steady = None if seat is None else self.table_seat(seat)
        for k in range(2 * times + 1):
            leds.all_seats("off" if k & 1 else name)
            if steady is not None:
                leds.seat(steady, seat_name)
            leds.show()
            if k < 2 * times:
                await asyncio.sleep_ms(board.effect_ms)

    def unload(self, module):
        """Forget a presenter's helper module it imported for a while (its code's RAM
        comes back now; the game's end lets go of the rest: lifetime.py)."""
        lifetime.drop(module)
        lifetime.collect()

    async def show(self, scr, full=False):
        await self.app.show(scr, full)

    async def next_event(self):
        return await self.app.next_event()

    async def wait_key(self, keys="A"):
        return await self.app.wait_key(keys)

    async def pause(self, seat):
        """The in-game menu (table_pause.py, loaded for it and let go of after); True when
        the table abandons the game. A seat's "Use my phone again" goes to phone_mode.py,
        once the menu's code is gone."""
        import table_pause

        lifetime.drop("table_pause")  # held by this call only
        chosen = await table_pause.pause(self, seat)
        if chosen == "rejoin":
            table_pause = None
            # (the menu offers it only in a game with phones: session_open.py sets them)
            await self.phones.rejoin(self, seat)  # pyright: ignore[reportOptionalMemberAccess, reportAttributeAccessIssue]
            return False
        return chosen

    # ****** the game as it goes ******
    def note(self, action, reveal=True):
        """Apply an action: remember its public text and any private reveal due."""
        state = self._state
        pres = self.presenter
        seat = state.current_player()
        observers = state.observers(action)  # a New Rule card face up: everyone
        text = state.action_text(action)
        if observers is not None and reveal:
            for s in observers:
                lines = pres.reveal(s, action, text)
                if lines is not None:  # None: the seat entered it itself, behind a gate
                    self.pending.append((state.move_number(), s, lines))
        state.apply(action)
        self._kept += 1
        if self._kept == self._room:
            state.forget_history()  # journaled: RAM keeps no action, in the same block
            self._kept = 0
        if observers is not None:
            return  # a secret action: the table sees nothing of it
        said = pres.event(seat, action, text, state.announcements())
        if said:
            self.events.append(said)
            if len(self.events) > _MAX_EVENTS:
                self.events.pop(0)

    async def commit(self, action):
        """Apply, journal (flushed), then show what the rules announced."""
        self.note(action)
        self.app.store.append(self.id, self.journal.action(action))
        if self.phones is not None:
            self.phones.changed()  # journaled first: a page never shows an unsaved move
        news = self._state.announcements()
        if news:
            await self.presenter.announce(news)
            # seen: a reckoning's lines need not wait in the rules for the next action
            news = None
            self._state.forget_announcements()
            # and their blocks (a round's end: its helper module's too) come back now,
            # low in the heap, before the next turn's screens fill around them
            lifetime.enter("news seen")

    async def play(self):
        """From where the game is to its end (or until the table abandons it)."""
        from table import reveals, turn

        state = self._state
        if self.resumed_news:
            # The power went while the last action's announcement (a market drawn, bids
            # revealed, a verdict, a Last Judgment) was up, or just after: the table sees
            # it again, as nothing on the journal says it was read. It is public.
            news = self.resumed_news
            self.resumed_news = []
            await self.presenter.announce(news)
            news = None
            state.forget_announcements()
            lifetime.enter("news seen")
        while True:
            if self.pending:
                await reveals(self)
                continue
            if state.is_terminal():
                break
            seat = state.current_player()
            if seat == CHANCE:
                action = self._stream.weighted(state.chance_outcomes())
            else:
                action = await turn(self, seat)
                if action is None:
                    await self.end(True)
                    return
            await self.commit(action)
            if state.move_number() & 15 == 0:
                lifetime.enter("moves")
        await self.end(False)

    # ****** phone mode (phone_mode.py, docs/phones.md; started by session_open.py) ******
    def phones_off(self):
        if self.phones is not None:
            self.phones.stop()
            self.phones = None

    async def end(self, abandoned):
        """Journal the end record, revealing the seed, signed by the device's key. The
        table sees "Signing" meanwhile: on the board a signature takes a moment."""
        from ui import Screen

        await self.show(Screen("signing", self.title, big="Signing", lines=SIGNING))
        returns = [0] * self.game.num_players if abandoned else self._state.returns()
        sign = self.app.device_key.sign
        self.app.store.finish(self.id, self.journal.finish(self.seed, returns, abandoned, sign))
        self.ended = True
        self.abandoned = abandoned

    def returns(self):
        return self._state.returns()

    def result_seal(self):
        """The result seal of the game's signed end record ("" before log format 2)."""
        from shared_rules.journal import result_seal

        end = self.journal.end
        return result_seal(end) if end and "sig" in end else ""

    def status(self, public=True):
        """What the serial link reports of the game in progress; public False leaves out
        the public view (the one part that costs: New Rule's is hundreds of bytes in
        many blocks), as the simulator asks when the heap has no room for it."""
        return {
            "game": self.game.NAME,
            "id": self.id,
            "seal": self.seal,
            "move": self._state.move_number(),
            "public": self._state.view(None) if public else None,
        }
