"""The registry of games: `load("seven-sins", players=4, penance=True)`.

Games are imported lazily by module name, so a board running one game never
pays the memory of the others.
"""

from shared_rules.game import BadOption

# name -> (module, class). Tests add their own games with register().
_REGISTRY = {
    "seven-sins": ("shared_rules.seven_sins", "SevenSins"),
    "mea-culpa": ("shared_rules.mea_culpa", "MeaCulpa"),
    "mea-culpa-keeper": ("shared_rules.mea_culpa_keeper", "MeaCulpaKeeper"),
}


class UnknownGame(BadOption):
    """load() was given a name that is not a Confessor game."""


def register(name, module, cls):
    _REGISTRY[name] = (module, cls)


def names():
    """The names of all games, sorted; only those whose module is present."""
    return [n for n in sorted(_REGISTRY) if _available(n)]


def _available(name):
    try:
        game_class(name)
    except ImportError:
        return False
    return True


def game_class(name):
    if name not in _REGISTRY:
        raise UnknownGame("no game called %r (games: %s)" % (name, ", ".join(sorted(_REGISTRY))))
    module_name, class_name = _REGISTRY[name]
    module = __import__(module_name)
    for part in module_name.split(".")[1:]:
        module = getattr(module, part)
    return getattr(module, class_name)


def load(name, players=None, **options):
    """A configured Game; raises UnknownGame or BadOption with a clear message."""
    try:
        cls = game_class(name)
    except ImportError:
        raise UnknownGame("game %r is not installed on this device" % name)
    return cls(players, **options)


def load_described(description):
    """The inverse of Game.describe(): a Game from {game, players, options}."""
    return load(description["game"], description["players"], **description["options"])
