# menu.py  New game: the game, the players, its options, the first player, phone mode;
# and About this device (about.py: its key's fingerprint)
# MIT licence. Built from catalogue entries (shared_rules/<game>_entry.py: title,
# player counts, options) without importing any game's engine. Only the entry of the
# game on show is in RAM: choosing another unloads it before the next is imported, and
# the menu leaves nothing of any game behind when it returns its choice.

import lifetime
from ui import Screen

from shared_rules import games

DEFAULT_GAME = "seven-sins"  # the menu opens on it when it is installed


class Menu:
    def __init__(self, app):
        self.app = app
        self._since = None  # the modules in RAM before the shown game's entry came in
        # phone mode (docs/phones.md) is offered where its modules are on the flash and
        # the board has a radio (a Pico W or 2 W; not a plain Pico, as the emulator's)
        import loader  # asked for each choice, then let go of: the menu waits without it

        self.phones = loader.installed("phone_mode") and _radio(app.board)
        lifetime.drop("loader")

    # ****** API ******
    async def choose(self):
        """{"name", "players", "options", "first"} once the table presses Start."""
        try:
            return await self._choose()
        finally:
            self._drop()

    async def _choose(self):
        shown = self._first()
        if shown is None:
            raise RuntimeError("no game is installed on this device")
        name, e = shown
        players = max(e.MIN_PLAYERS, min(4, e.MAX_PLAYERS))
        options = {}
        first = 0
        cursor = 0
        app = self.app
        while True:
            rows = _rows(e, self.phones)
            phones = self.phones and app.settings["phones"]
            await app.show(_screen(e, players, options, first, cursor, rows, phones))
            kind, key = await app.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(rows)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(rows)
            elif key == "C":
                return {"name": name, "players": players, "options": options, "first": first}
            elif key in ("A", "B"):
                step = -1 if key == "A" else 1
                row = rows[cursor]
                if row == "game":
                    other = self._next(name, step)
                    if other is None:
                        self._load(name)  # the only game installed: back in RAM
                    else:
                        name, e = other
                        options = {}
                        players = max(e.MIN_PLAYERS, min(players, e.MAX_PLAYERS))
                elif row == "players":
                    span = e.MAX_PLAYERS - e.MIN_PLAYERS + 1
                    players = e.MIN_PLAYERS + (players - e.MIN_PLAYERS + step) % span
                elif row == "first":
                    first = (first + step) % players
                elif row == "phones":
                    # a device setting, kept for the next games too (settings.py)
                    app.apply_settings({"phones": not app.settings["phones"]})
                elif row == "about":
                    await _about(app)
                else:
                    opt = e.OPTIONS[cursor - 2]
                    value = options.get(opt.name, opt.default)
                    if opt.name == "first_player":
                        options[opt.name] = (value + step) % players
                    else:
                        options[opt.name] = _step_option(opt, value, step)
                if first >= players:
                    first = 0
                if options.get("first_player", 0) >= players:
                    options["first_player"] = 0

    # ****** the game on show: one entry in RAM at a time ******
    def _first(self):
        """(name, entry) of the default game if installed, else of the next installed
        one, wrapping; None when no game is installed."""
        names = games.catalogue()
        start = names.index(DEFAULT_GAME) if DEFAULT_GAME in names else 0
        for k in range(len(names)):
            name = names[(start + k) % len(names)]
            e = self._load(name)
            if e is not None:
                return name, e
        return None

    def _next(self, name, step):
        """(name, entry) of the next installed game in the catalogue's order, or None
        if `name` is the only one."""
        names = games.catalogue()
        here = names.index(name)
        for k in range(1, len(names)):
            other = names[(here + step * k) % len(names)]
            e = self._load(other)
            if e is not None:
                return other, e
        return None

    def _load(self, name):
        self._drop()
        self._since = lifetime.mark()
        import loader

        found = loader.entry(name)
        lifetime.drop("loader")
        return found

    def _drop(self):
        lifetime.forget(self._since)
        self._since = None


def _radio(board):
    if board.sim is not None:
        return True  # the virtual board's (sim/wlan.py)
    try:
        import network  # noqa: F401  # pyright: ignore[reportMissingImports]
    except ImportError:
        return False
    return True


def _rows(e, phones):
    rows = ["game", "players"] + ["opt"] * len(e.OPTIONS)
    rows += ["first"] if _own_first(e) else []
    return rows + ["about"] + (["phones"] if phones else [])


async def _about(app):
    """About this device, its module loaded for it and dropped after."""
    import lifetime

    await lifetime.once("about").show(app)


def _screen(e, players, options, first, cursor, rows, phones):
    items = ["Game: %s" % e.TITLE, "Players: %d" % players]
    for opt in e.OPTIONS:
        value = options.get(opt.name, opt.default)
        if opt.name == "first_player":
            items.append("First player: P%d" % (value + 1))
        else:
            items.append("%s: %s" % (opt.name, opt.show(value)))  # "off": no round limit
    if _own_first(e):
        items.append("First player: P%d" % (first + 1))
    items.append("About this device")
    if "phones" in rows:
        items.append("Phones: %s" % _show_value(phones))
    return Screen(
        "menu",
        "New game: UP/DOWN choose, A/B change",
        big=e.TITLE,
        items=items,
        cursor=cursor,
        keys=("<", ">", "Start"),
    )


def _own_first(e):
    """The menu asks who plays first unless the game has its own option for it."""
    for opt in e.OPTIONS:
        if opt.name == "first_player":
            return False
    return True


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
