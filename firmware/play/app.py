# app.py  The device application: boot screen, then game after game, each chosen in the menu
# MIT licence. One coroutine drives the screens; it waits only on buttons and on the
# display's BUSY line, so the serial link's task keeps running beside it.
#
# The parts, each in its own module:
#   menu.py      New game: the game, players, options (catalogue entries, no engine)
#   session.py   the game in progress: rules state, journal (session_open.py: its start,
#                and its resume after a power cut; loaded for them and dropped)
#   table.py     the screens every game shares in play: pass-and-look gate, turn (the seal
#                and the end in table_ends.py, the pause menu in table_pause.py, on demand)
#   privacy.py   the privacy and refresh policy: how each screen reaches the panel
#   present_*.py a game's own screens, built from the rules' views, codec, announcements
# A session's modules (the game's engine and presenter, the session's own) are loaded
# after the menu has returned and let go of before the menu runs again (lifetime.py).

import lifetime
from privacy import PrivacyPolicy
from ui import Painter, Screen, wrap


class App:
    def __init__(self, board, root=""):
        self.board = board
        self.root = root
        lifetime.collect_before_imports()
        from store import GameStore

        self.store = GameStore(root + "games", board.sync)
        settings = lifetime.once("settings")  # settings.json is read here and written rarely
        self.settings = settings.load(root + settings.PATH)
        settings = None
        self.privacy = PrivacyPolicy(board, Painter(board.display))
        self.session = None  # the game in progress
        self.settle = None  # settings that waited for a game and found no room at its end
        self.waiting = False  # waiting for a button (the simulator's "idle")
        self.key_news = None  # "made" or "met": power-on made a key or met one (about.py)
        self.device_id = lifetime.once("app_start").device_id(self)
        board.leds.brightness = self.settings["brightness"]

    @property
    def device_key(self):
        """The signing key (devkey.py), loaded when it is used: RAM is for games."""
        return lifetime.once("devkey").DeviceKey(self.root)

    # ****** for the serial link (docs/sync.md) ******
    def status(self, public=True):
        scr = self.privacy.screen
        out = {"screen": scr.name if scr else None}
        if self.session is not None:
            out.update(self.session.status(public))
        else:
            out.update({"game": None, "id": None, "seal": None, "move": None, "public": None})
        return out

    def validate_settings(self, changes):
        """The settings `changes` would make (ValueError if any is refused); nothing saved."""
        return lifetime.once("settings").validate(changes, self.settings)

    def apply_settings(self, changes):
        settings = lifetime.once("settings")  # for this change only: RAM is for games
        values = settings.validate(changes, self.settings)
        settings.save(values, self.root + settings.PATH)
        self.settings = values
        self.board.leds.brightness = values["brightness"]
        return values

    # ****** screens, buttons, lights ******
    @property
    def screen(self):
        return self.privacy.screen

    async def show(self, scr, full=False):
        privacy = self.privacy
        battery = self.board.battery
        if battery is not None and not scr.private and not privacy.secret_up:
            battery.status()
            if battery.warn():
                await self._battery_warning()
        await privacy.show(scr, full)

    async def _battery_warning(self):
        # Once, on the first public screen after the charge is seen low. The screen's
        # module is loaded for it and dropped after: it costs no RAM the rest of the time.
        await lifetime.once("low_battery").warn(self)

    async def next_event(self):
        """The next press; a move not yet drawn is drawn first when the presses pause
        (privacy.py, which also drops presses made before their screen was on the glass)."""
        b = self.board.buttons
        await self.privacy.settle()
        self.waiting = b.pending() == 0
        try:
            ev = await b.get()
        finally:
            self.waiting = False
        if ev[0] == "ask":  # a laptop asks the table to compare the key (link_ops.op_about)
            scr = self.screen
            if scr is None or scr.name != "about":
                await lifetime.once("about").show(self, True)
            return await self.next_event()
        return ev

    async def wait_key(self, keys="A"):
        """The first of `keys` pressed; UP/DOWN turn the pages of a screen that has them."""
        while True:
            kind, name = await self.next_event()
            if name in keys:
                return name
            scr = self.screen
            if name in ("UP", "DOWN") and scr is not None and scr.pages > 1:
                scr.page = (scr.page + (1 if name == "DOWN" else -1)) % scr.pages
                await self.show(scr)

    def lights(self, seat_index=None, name="turn"):
        """One table seat's LED lit `name`, the others off (None: all off)."""
        leds = self.board.leds
        leds.only(seat_index, name)
        leds.show()

    # ****** main loop ******
    async def run(self):
        board = self.board
        buttons = board.buttons
        buttons.leds = board.leds  # every press answered at once
        buttons.answer_ms = board.answer_ms
        try:
            await lifetime.once("app_start").splash(self)
            if self.key_news:
                await lifetime.once("about").news(self, self.key_news)
                self.key_news = None
            while True:  # never returns: main.py would only start it again
                try:
                    await self.game()
                except Exception as err:  # noqa: BLE001 - the device shows, never crashes
                    await self.error(err)
        finally:
            buttons.leds = None
            board.leds.answer(False)
            self.lights(None)

    async def game(self):
        """One game: resumed from the journal, or chosen in the menu and started. Its
        modules are loaded after the menu and unloaded when it is over."""
        self.session = None
        lifetime.collect()
        current = self.store.current()
        config = None
        if not current:
            if self.settle is not None:  # the ended game's modules are gone now
                settle, self.settle = self.settle, None
                settle()
            config = await self._menu()
        since = lifetime.mark()
        s = None
        try:
            # the game's opening and its end are modules of their own, loaded for
            # them and dropped: a game in play keeps session.py and table.py only
            opening = lifetime.once("session_open")
            if current:
                s = opening.resume(self, current)
                self.session = s
            else:
                # loaded before the game is written: a resume never shows the seal, so a
                # MemoryError here must come before the game exists, not after
                ends = lifetime.once("table_ends")
                s = opening.start(self, config)
                self.session = s
                await ends.seal_screen(s)
                ends = None
            if not s.ended:
                await opening.phones_on(s, not current)  # phone mode: its own module, if on
                opening = None
                lifetime.enter("play", since)
                await s.play()
            opening = None
            await lifetime.once("table_ends").final(s)
            self.store.close(s.id)
        finally:
            if s is not None:
                s.phones_off()
            s = None
            self.session = None
            lifetime.enter("menu", since)

    async def _menu(self):
        since = lifetime.mark()
        try:
            from menu import Menu

            return await Menu(self).choose()
        finally:
            lifetime.enter("opening", since)

    async def error(self, err):
        self.session = None
        lifetime.collect()
        text = "%s: %s" % (type(err).__name__, err)
        current = self.store.current()
        lines = wrap(text)[:5]
        keys = ("Retry", "", "Close game" if current else "")
        await self.show(
            Screen("error", "Something went wrong", big="Error", lines=lines, keys=keys), True
        )
        key = await self.wait_key("AC" if current else "A")
        if key == "C" and current:
            self.store.close(current)
