# app.py  The device application: menu, game loop, privacy, journal and resume
# MIT licence. One coroutine drives the screens; it waits only on buttons and on the
# display's BUSY line, so the serial link's task keeps running beside it.
#
# Every action is journaled (flushed to flash) before its effect is shown, and a game
# is rebuilt after a power cut by replaying its journal with its seed. Anything only
# one seat may see is shown after a "pass to ..." screen, with the status LED lit,
# and is wiped by a full refresh (no ghost) before the device goes round again.

import gc

from micropython import const
from ui import Painter, Screen, wrap

from shared_rules import games
from shared_rules.game import CHANCE

_MAX_EVENTS = const(3)  # public events recalled on the turn screen
DEFAULT_GAME = "seven-sins"  # the menu opens on it when it is installed


class ExitApp(Exception):
    """The serial link's `repl` operation, or maintenance: leave main.py."""


class Ctx:
    """The game in progress."""

    def __init__(self, app, game_id, game, seed, first, journal):
        from shared_rules.commit import commitment, seal
        from shared_rules.rng import Stream

        self.id = game_id
        self.game = game
        self.seed = seed
        self.first = first
        self.journal = journal
        self.seal = seal(commitment(seed))
        self.state = game.new_initial_state()
        self.stream = Stream(seed, b"chance")
        self.pending = []  # [(action index, seat, lines)] private reveals still to show
        self.events = []  # recent public events, newest last
        self.ended = False
        self.abandoned = False
        self.announce = []  # [the last action's announcement] on resume: shown again
        self.presenter = _presenter(app, self)


class App:
    def __init__(self, board, root=""):
        self.board = board
        self.root = root
        from store import GameStore

        self.store = GameStore(root + "games", board.sync)
        import settings

        self._settings_mod = settings
        self.settings = settings.load(root + settings.PATH)
        self.painter = Painter(board.display)
        self.screen = None
        self.ctx = None
        self.waiting = False
        self._exit = False
        self._secret_up = False  # a private screen is (or may still be) on the panel
        self.device_id = self._device_id()
        board.leds.brightness = self.settings["brightness"]

    @property
    def device_key(self):
        """[sec] The signing key (devkey.py), loaded when it is used: RAM is for games."""
        return _loaded("devkey").DeviceKey(self.root)

    # ****** for the serial link (DEVICE_INTERFACE.md) ******
    def status(self):
        ctx = self.ctx
        return {
            "screen": self.screen.name if self.screen else None,
            "game": ctx.game.NAME if ctx else None,
            "id": ctx.id if ctx else None,
            "seal": ctx.seal if ctx else None,
            "move": ctx.state.move_number() if ctx else None,
            "public": ctx.state.view(None) if ctx else None,
        }

    def apply_settings(self, changes):
        values = self._settings_mod.validate(changes, self.settings)
        self._settings_mod.save(values, self.root + self._settings_mod.PATH)
        self.settings = values
        self.board.leds.brightness = values["brightness"]
        return values

    def request_exit(self):
        self._exit = True
        self.board.buttons._emit("exit", "")

    # ****** small helpers ******
    def _device_id(self):
        from store import read, write_atomic

        path = self.root + "device.id"
        try:
            return read(path).decode().strip()
        except OSError:
            import binascii

            ident = binascii.hexlify(self.board.urandom(8)).decode()
            write_atomic(path, ident.encode())
            return ident

    def phys(self, ctx, seat):
        """The table seat (LED index) of a rules seat: play starts at `first`."""
        return (ctx.first + seat) % ctx.game.num_players

    def seat_name(self, ctx, seat):
        p = self.phys(ctx, seat)
        names = self.settings["names"]
        if p < len(names):
            return names[p]
        return "P%d" % (p + 1)

    async def show(self, scr, full=False):
        """Draw and refresh. Leaving a private screen always takes a full refresh."""
        leds = self.board.leds
        if self._secret_up and not scr.private:
            full = True
        if scr.private:
            self._secret_up = True
            leds.status("secret")
            leds.show()
        self.painter.draw(scr)
        self.screen = scr
        sim = self.board.sim
        if sim is not None:
            sim.note_screen(scr)
        await self.board.display.show(full)
        if not scr.private and self._secret_up:
            self._secret_up = False
            leds.status("off")
            leds.show()

    async def next_event(self):
        b = self.board.buttons
        self.waiting = b.pending() == 0
        try:
            ev = await b.get()
        finally:
            self.waiting = False
        if ev[0] == "ask":  # [sec] a laptop asks for the REPL: the table decides
            from lockdown import ask_table

            await ask_table(self)
            return await self.next_event()
        if ev[0] == "exit" or self._exit:
            raise ExitApp()
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
        leds = self.board.leds
        leds.only(seat_index, name)
        leds.show()

    # ****** main loop ******
    async def run(self):
        import asyncio

        board = self.board
        try:
            await board.display.init()
            self.lights(None)
            current = self.store.current()
            await self.show(
                Screen(
                    "splash",
                    big="CONFESSOR",
                    facts=["dealer and secret-keeper"],
                    lines=(["resuming game %s" % current] if current else [])
                    + ["firmware %s" % _version()],
                ),
                full=True,
            )
            if board.splash_ms:
                await asyncio.sleep_ms(board.splash_ms)
            board.buttons.clear()
            while not self._exit:
                try:
                    await self.session()
                except ExitApp:
                    break
                except Exception as err:  # noqa: BLE001 - the device shows, never crashes
                    await self.error(err)
        except ExitApp:
            pass
        self.lights(None)

    async def session(self):
        """One game: resumed from the journal, or chosen in the menu and started."""
        self.ctx = None
        gc.collect()
        current = self.store.current()
        if current:
            ctx = self.resume(current)
        else:
            config = await self.menu()
            ctx = self.start(config)
            self.ctx = ctx
            await self.seal_screen(ctx)
        self.ctx = ctx
        if not ctx.ended:
            await self.play(ctx)
        await self.final(ctx)
        self.store.close(ctx.id)
        self.ctx = None

    async def error(self, err):
        self.ctx = None
        gc.collect()
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

    # ****** menu ******
    async def menu(self):
        names = games.catalogue()  # only the chosen game's module stays imported
        gi = names.index(DEFAULT_GAME) if DEFAULT_GAME in names else 0
        cls = None
        for k in range(len(names)):  # the first installed from the default on, wrapping
            cls = _game_class(names[(gi + k) % len(names)])
            if cls is not None:
                gi = (gi + k) % len(names)
                break
        if cls is None:
            raise RuntimeError("no game is installed on this device")
        players = max(cls.MIN_PLAYERS, min(4, cls.MAX_PLAYERS))
        options = {}
        first = 0
        cursor = 0
        while True:
            own_first = not _has_option(cls, "first_player")
            rows = (
                ["game", "players"] + ["opt"] * len(cls.OPTIONS) + (["first"] if own_first else [])
            )
            items = ["Game: %s" % cls.TITLE, "Players: %d" % players]
            for opt in cls.OPTIONS:
                value = options.get(opt.name, opt.default)
                if opt.name == "first_player":
                    items.append("First player: P%d" % (value + 1))
                else:
                    items.append("%s: %s" % (opt.name, _show_value(value)))
            if own_first:
                items.append("First player: P%d" % (first + 1))
            scr = Screen(
                "menu",
                "New game: UP/DOWN choose, A/B change",
                big=cls.TITLE,
                items=items,
                cursor=cursor,
                keys=("<", ">", "Start"),
            )
            await self.show(scr)
            kind, key = await self.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(rows)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(rows)
            elif key == "C":
                return {"name": names[gi], "players": players, "options": options, "first": first}
            elif key in ("A", "B"):
                step = -1 if key == "A" else 1
                row = rows[cursor]
                if row == "game":
                    nxt = _next_game(names, gi, step)
                    if nxt is not None:
                        gi, cls = nxt
                        options = {}
                        players = max(cls.MIN_PLAYERS, min(players, cls.MAX_PLAYERS))
                elif row == "players":
                    span = cls.MAX_PLAYERS - cls.MIN_PLAYERS + 1
                    players = cls.MIN_PLAYERS + (players - cls.MIN_PLAYERS + step) % span
                elif row == "first":
                    first = (first + step) % players
                else:
                    opt = cls.OPTIONS[cursor - 2]
                    value = options.get(opt.name, opt.default)
                    if opt.name == "first_player":
                        options[opt.name] = (value + step) % players
                    else:
                        options[opt.name] = _step_option(opt, value, step)
                if first >= players:
                    first = 0
                if options.get("first_player", 0) >= players:
                    options["first_player"] = 0

    # ****** a game ******
    def start(self, config):
        from shared_rules.commit import commitment
        from shared_rules.gamelog import Journal, game_id_for

        game = games.load(config["name"], config["players"], **config["options"])
        if "first_player" in game.options:
            config["first"] = 0  # the rules seat the first player themselves
        seed = bytes(self.board.urandom(32))
        game_id = game_id_for(commitment(seed))
        journal = Journal()
        from version import VERSION

        extra = {"first": config["first"], "device": self.device_id, "fw": VERSION}
        extra["pub"] = self.device_key.public_hex()  # [sec] the key that signs the end
        head = journal.start(game, seed, game_id, extra)
        if self.store.is_finished(game_id):
            raise RuntimeError("this seed was used before; refusing to reuse it")
        self.store.start(game_id, head, seed)
        ctx = Ctx(self, game_id, game, seed, config["first"], journal)
        return ctx

    def resume(self, game_id):
        """Rebuild the game in progress from its journal: same point, nothing lost."""
        from shared_rules import gamelog
        from shared_rules.commit import unhexlify

        data, seed = self.store.load(game_id)
        journal = gamelog.Journal()
        head, actions, intact = journal.restore(data)
        if intact < len(data):
            self.store.truncate(game_id, intact)  # a record torn by the power cut
            data = data[:intact]
        ended = journal.ended
        if ended:
            seed = unhexlify(gamelog.parse(data)["end"]["seed"])
        if seed is None:
            raise RuntimeError("game %s has lost its seed and cannot go on" % game_id)
        game = games.load(head["game"], head["players"], **head["options"])
        ctx = Ctx(self, game_id, game, seed, head.get("first", 0), journal)
        ctx.ended = ended
        ctx.abandoned = ended and bool(gamelog.parse(data)["end"].get("abandoned"))
        seen = self.store.seen(game_id)
        state = ctx.state
        for index in range(len(actions)):
            action = actions[index]
            if state.current_player() == CHANCE:
                if ctx.stream.weighted(state.chance_outcomes()) != action:
                    raise RuntimeError("journal action %d is not what the seed drew" % index)
            ctx.announce = [self._note(ctx, action, index >= seen)]
        self.ctx = ctx
        gc.collect()
        return ctx

    def _note(self, ctx, action, reveal=True):
        """Apply an action: remember its public text and any private reveal due."""
        state = ctx.state
        pres = ctx.presenter
        seat = state.current_player()
        observers = state.observers()
        text = pres.event(state, action, seat)
        if observers is not None and reveal:
            for s in observers:
                lines = pres.reveal(state, action, s)
                if lines is not None:  # None: the seat entered it itself, behind a gate
                    ctx.pending.append((state.move_number(), s, lines))
        special = pres.before(state, action)
        state.apply(action)
        if text:
            ctx.events.append(text)
            if len(ctx.events) > _MAX_EVENTS:
                ctx.events.pop(0)
        return special

    async def commit(self, ctx, action):
        special = self._note(ctx, action)
        self.store.append(ctx.id, ctx.journal.action(action))
        if special is not None:
            await ctx.presenter.special(special)

    async def seal_screen(self, ctx):
        facts = ["%s, %d players" % (ctx.game.TITLE, ctx.game.num_players)]
        lines = wrap(
            "Note this seal: the seed it seals is shown at the end, so anyone can check the shuffle was fair."
        )
        await self.show(
            Screen(
                "seal", "Shuffle seal", big=ctx.seal, facts=facts, lines=lines, keys=("OK", "", "")
            ),
            True,
        )
        await self.wait_key("A")

    async def play(self, ctx):
        state = ctx.state
        if ctx.announce and ctx.announce[0] is not None:
            # The power went while the last action's announcement (a market drawn, bids
            # revealed, a verdict) was up, or just after: the table sees it again, as
            # nothing on the journal says it was read. Announcements are public.
            special = ctx.announce[0]
            ctx.announce = []
            await ctx.presenter.special(special)
        while True:
            if ctx.pending:
                await self.reveals(ctx)
                continue
            if state.is_terminal():
                break
            seat = state.current_player()
            if seat == CHANCE:
                action = ctx.stream.weighted(state.chance_outcomes())
            else:
                action = await self.turn(ctx, seat)
                if action is None:
                    self._end(ctx, True)
                    return
            await self.commit(ctx, action)
            if state.move_number() & 15 == 0:
                gc.collect()
        self._end(ctx, False)

    def _end(self, ctx, abandoned):
        state = ctx.state
        returns = [0] * ctx.game.num_players if abandoned else state.returns()
        sign = self.device_key.sign  # [sec] the device signs the end record
        self.store.finish(ctx.id, ctx.journal.finish(ctx.seed, returns, abandoned, sign))
        ctx.ended = True
        ctx.abandoned = abandoned

    async def reveals(self, ctx):
        index, seat, lines = ctx.pending[0]
        count = 1
        while count < len(ctx.pending) and ctx.pending[count][1] == seat:
            lines = lines + ctx.pending[count][2]
            index = ctx.pending[count][0]
            count += 1
        await self.gate(ctx, seat, ctx.presenter.reveal_title, lines)
        del ctx.pending[:count]
        self.store.set_seen(ctx.id, index + 1)

    async def gate(self, ctx, seat, what, lines, title=None):
        """Pass the device to one seat, show it a secret, wipe it."""
        name = self.seat_name(ctx, seat)
        self.lights(self.phys(ctx, seat), "look")
        await self.show(
            Screen(
                "pass",
                "Pass to %s" % name,
                big=name,
                facts=["Only %s may look." % name],
                lines=["Press A to see %s." % what],
                keys=("Look", "", ""),
            )
        )
        await self.wait_key("A")
        big = None
        if lines and lines[0].startswith("#"):
            big, lines = lines[0][1:], lines[1:]  # a presenter's headline, drawn large
        await self.show(
            Screen(
                "secret",
                title or ("%s only" % name),
                big=big,
                lines=lines,
                keys=("Done", "", ""),
                private=True,
            )
        )
        await self.wait_key("A")

    async def turn(self, ctx, seat):
        """The seat chooses an action with the buttons; None: the game is abandoned."""
        pres = ctx.presenter
        state = ctx.state
        enter = getattr(pres, "enter", None)
        if enter is not None:
            action = await enter(state, seat)  # a secret entered behind the gate
            if action is not False:
                return action
        cursor = 0
        self.lights(self.phys(ctx, seat), "turn")
        while True:
            title, lines, items, acts, keys = pres.turn(state, seat)
            if cursor >= len(items):
                cursor = 0
            scr = Screen(
                "turn",
                title,
                lines=lines,
                items=items,
                cursor=cursor,
                keys=keys,
                corner="#%d" % state.move_number(),
            )
            await self.show(scr)
            kind, key = await self.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(items)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(items)
            elif key in ("A", "B") and kind == "press":
                action = acts[cursor][0 if key == "A" else 1]
                if action is not None:
                    return action
            elif key == "C":
                if await self.pause(ctx, seat):
                    return None
                self.lights(self.phys(ctx, seat), "turn")

    async def pause(self, ctx, seat):
        """The in-game menu; True when the table abandons the game."""
        pres = ctx.presenter
        choices = ["Back to the game"]
        if pres.look(ctx.state, seat) is not None:
            choices.append("Look at my hand")
        choices.append("Abandon the game")
        cursor = 0
        while True:
            scr = Screen(
                "pause",
                "%s: seal %s" % (ctx.game.TITLE, ctx.seal),
                big="Paused",
                items=choices,
                corner="#%d" % ctx.state.move_number(),
                cursor=cursor,
                keys=("Select", "", "Back"),
            )
            await self.show(scr)
            kind, key = await self.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(choices)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(choices)
            elif key == "C":
                return False
            elif key == "A":
                choice = choices[cursor]
                if choice.startswith("Back"):
                    return False
                if choice.startswith("Look"):
                    await self.gate(ctx, seat, "your hand", pres.look(ctx.state, seat))
                    return False
                lines = wrap("The game ends here with no winner. Its seed is revealed in the log.")
                await self.show(
                    Screen(
                        "confirm",
                        "%s: paused" % ctx.game.TITLE,
                        big="Abandon?",
                        lines=lines,
                        keys=("Abandon", "", "Back"),
                    )
                )
                if await self.wait_key("AC") == "A":
                    return True

    async def final(self, ctx):
        """The end: public summary, each seat's private score, the result, the seed."""
        pres = ctx.presenter
        state = ctx.state
        from shared_rules.commit import hexlify

        seed = hexlify(ctx.seed)
        seed_lines = ["Seal %s. Seed:" % ctx.seal, seed[:32], seed[32:]]
        sealed = _result_seal(ctx)  # [sec] the signed log's result seal, top right
        if ctx.abandoned:
            self.lights(None)
            await self.show(
                Screen(
                    "abandoned",
                    ctx.game.TITLE,
                    big="Abandoned",
                    lines=seed_lines,
                    keys=("Menu", "", ""),
                    corner=sealed,
                ),
                True,
            )
            await self.wait_key("A")
            return
        await self.show(
            Screen(
                "over",
                ctx.game.TITLE,
                big="Game over",
                lines=pres.final_public(state),
                keys=("Scores", "", ""),
            ),
            True,
        )
        await self.wait_key("A")
        for seat in range(ctx.game.num_players):
            lines = pres.final_private(state, seat)
            if lines is not None:
                await self.gate(ctx, seat, "your score", lines)
        lines, winners = pres.ranking(state)
        leds = self.board.leds
        for seat in range(ctx.game.num_players):
            leds.seat(self.phys(ctx, seat), "winner" if seat in winners else "off")
        leds.show()
        await self.show(
            Screen(
                "result",
                "%s: result" % ctx.game.TITLE,
                big=self._winners(ctx, winners),
                lines=lines + seed_lines,
                keys=("New game", "", ""),
                corner=sealed,
            ),
            True,
        )
        await self.wait_key("A")
        self.lights(None)

    def _winners(self, ctx, winners):
        """The result's headline: who won (None when the device does not know)."""
        if not winners:
            return None
        names = [self.seat_name(ctx, s) for s in winners]
        if len(names) == 1:
            return "%s wins" % names[0]
        return "%s win" % " & ".join(names)


def _loaded(name):
    """[sec] A module for one use: dropped from sys.modules again (its objects keep
    what they need while they live)."""
    import sys

    module = __import__(name)
    sys.modules.pop(name, None)
    return module


def _result_seal(ctx):
    """[sec] The result seal of the game's signed end record ("" before format 2)."""
    from shared_rules.gamelog import result_seal

    end = ctx.journal.end
    return result_seal(end) if end and "sig" in end else ""


def _version():
    from version import VERSION

    return VERSION


def _game_class(name):
    try:
        return games.game_class(name)
    except ImportError:
        return None


def _next_game(names, gi, step):
    import sys

    for k in range(1, len(names) + 1):
        j = (gi + step * k) % len(names)
        if j == gi:
            return None
        cls = _game_class(names[j])
        if cls is not None:
            module = games.engine_of(names[gi])[0]
            if module in sys.modules:
                del sys.modules[module]  # keep one game's code in RAM
                package = sys.modules.get(module.split(".")[0])
                try:
                    delattr(package, module.split(".")[-1])
                except (AttributeError, TypeError):
                    pass
            return j, cls
    return None


def _has_option(cls, name):
    for opt in cls.OPTIONS:
        if opt.name == name:
            return True
    return False


def _show_value(value):
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def _step_option(opt, value, step):
    if isinstance(opt.default, bool):
        return not value
    if opt.choices:
        choices = list(opt.choices)
        i = choices.index(value) if value in choices else 0
        return choices[(i + step) % len(choices)]
    if isinstance(opt.default, int) and opt.low is not None and opt.high is not None:
        span = opt.high - opt.low + 1
        return opt.low + (value - opt.low + step) % span
    if isinstance(opt.default, int):
        return max(0, value + step)
    return value  # free text (e.g. a list of sins): not editable with five buttons


def _presenter(app, ctx):
    name = ctx.game.NAME
    if name == "seven-sins":
        try:
            from present_sins import SinsPresenter

            return SinsPresenter(app, ctx)
        except ImportError:
            pass
    if name == "mea-culpa-keeper":
        try:
            from present_meaculpa import MeaCulpaPresenter

            return MeaCulpaPresenter(app, ctx)
        except ImportError:
            pass
    from present_generic import Presenter

    return Presenter(app, ctx)
