"""The catalogue of games: `load("seven-sins", players=4, penance=True)`.

Each game has one small entry module, `shared_rules/<game>_entry.py`, the one
place that lists it: its name and title, player counts, options, bots, the
engine's module and class, the device's presenter, whether the device offers
it, and its rulebook. The menu and the CLI read entries without importing any
engine, and an engine is imported only when a game is loaded, so a board never
pays the memory of the games it is not playing (see docs/architecture.md, "The
catalogue"). Which games are on a board is the device manifest's business
(firmware/manifest.py): an entry that cannot be imported is not installed.
A game whose statistics and resampling are laptop-only names the laptop's subclass of
its engine too (LAPTOP_ENGINE, shared_rules/<game>_laptop.py): loaded wherever it is
installed, so the laptop's games have them, and a board, without it, the engine alone.
"""

from shared_rules.game import BadOption

# name -> the module of its entry. Tests add their own games with register().
_CATALOGUE = {
    "seven-sins": "shared_rules.seven_sins.entry",
    "mea-culpa": "shared_rules.mea_culpa.entry",
    "mea-culpa-keeper": "shared_rules.mea_culpa.keeper_entry",
    "siete-pecados": "shared_rules.siete_pecados.entry",
    "new-rule": "shared_rules.new_rule.entry",
}
_ENGINES = {}  # name -> (module, class) of games registered by tests, without an entry


class UnknownGame(BadOption):
    """load() was given a name that is not a Confessor game."""


def register(name, module, cls=None):
    """Add a game (tests' own games): by its engine (module, class), or by its
    entry module when `cls` is empty."""
    if cls:
        _ENGINES[name] = (module, cls)
    else:
        _CATALOGUE[name] = module


def _import(module_name):
    module = __import__(module_name)
    for part in module_name.split(".")[1:]:
        module = getattr(module, part)
    return module


def catalogue():
    """Every game name the firmware or the laptop may know, sorted (cheap: imports nothing)."""
    return sorted(list(_CATALOGUE) + list(_ENGINES))


def entry(name):
    """The entry module of a game (NAME, TITLE, MIN_PLAYERS, MAX_PLAYERS, OPTIONS,
    BOTS, ENGINE, PRESENTER, ON_DEVICE, RULEBOOK, and LAPTOP_ENGINE where the laptop's
    engine is a subclass of the device's, engine_of()); raises UnknownGame, or ImportError
    when the game is not installed here. A game registered by its engine alone (a
    test game) answers with its engine class, which carries the same names but
    PRESENTER, ON_DEVICE and RULEBOOK (read them with getattr and a default)."""
    if name not in _CATALOGUE:
        if name in _ENGINES:
            return game_class(name)
        raise UnknownGame("no game called %r (games: %s)" % (name, ", ".join(catalogue())))
    return _import(_CATALOGUE[name])


def entry_module_name(name):
    return _CATALOGUE.get(name)


def names():
    """The names of the games installed here (entry and engine present), sorted."""
    return [n for n in catalogue() if _available(n)]


def _available(name):
    try:
        game_class(name, True)  # a board's engine is installed wherever the laptop's is
    except ImportError:
        return False
    return True


def engine_of(name):
    """(module name, class name) of a game's engine: the entry's LAPTOP_ENGINE where it is
    installed (the laptop: the engine with what only the laptop asks, a game's figures
    and resampling), else its ENGINE (a board, whose manifest installs no laptop part)."""
    if name in _ENGINES:
        return _ENGINES[name]
    if name not in _CATALOGUE:
        raise UnknownGame("no game called %r (games: %s)" % (name, ", ".join(catalogue())))
    found = _import(_CATALOGUE[name])
    laptop = getattr(found, "LAPTOP_ENGINE", None)
    if laptop is not None:
        try:
            _import(laptop[0])
            return laptop
        except ImportError:
            pass  # a board: the engine alone
    return found.ENGINE


def game_class(name, board=False):
    """A game's engine class: the laptop's where installed, or with `board` the entry's
    ENGINE, what a board plays (load_on_board())."""
    if name not in _CATALOGUE and name not in _ENGINES:
        raise UnknownGame("no game called %r (games: %s)" % (name, ", ".join(catalogue())))
    if board and name in _CATALOGUE:
        module_name, class_name = _import(_CATALOGUE[name]).ENGINE
    else:
        module_name, class_name = engine_of(name)
    return getattr(_import(module_name), class_name)


def load(name, players=None, **options):
    """A configured Game; raises UnknownGame or BadOption with a clear message."""
    return _configured(name, False, players, options)


def load_on_board(name, players=None, **options):
    """load() for the firmware: the board's engine (the entry's ENGINE), never the
    laptop's, even where the laptop's parts are on the path (the simulator runs the
    firmware from the source tree), and without trying to import them on a board."""
    return _configured(name, True, players, options)


def _configured(name, board, players, options):
    try:
        cls = game_class(name, board)
    except ImportError:
        raise UnknownGame("game %r is not installed on this device" % name)
    return cls(players, **options)


def load_described(description):
    """The inverse of Game.describe(): a Game from {game, players, options}."""
    return load(description["game"], description["players"], **description["options"])
