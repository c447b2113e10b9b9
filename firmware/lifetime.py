# lifetime.py  What is in RAM when: the device's phases, what each lets go, and the one switch
# MIT licence. The only module of the firmware that forgets modules (sys.modules) or collects
# the heap; every other one asks it. MicroPython keeps an imported module until sys.modules
# (and its package) stop naming it; forgotten, its RAM comes back at the next collection
# once nothing else refers to its objects. On a frozen image a module's code stays in flash
# and RAM holds only its module object, its names and the functions and classes its top
# level makes; on the files path (.mpy files on littlefs) its code too, so there forgetting
# a module gives back kilobytes (docs/device.md, "What is in RAM when").

import gc
import sys

from micropython import const

_ALL = const(0)  # a phase that lets go of every module loaded since its mark

# phase -> the modules it lets go of (those loaded since its mark, when given one), and why
PHASES = {
    # the key checked (or made) and orphaned games ended, once a power-on: the signer's
    # and the journal's reading come back only for a signature or a resume
    "power-on": ("devkey", "ed25519", "startup", "lockdown", "shared_rules.gamelog"),
    # a game over (or the app started again): everything it loaded goes, its engine and
    # presenter too, before the menu reads a catalogue entry: no game's code is kept
    "menu": _ALL,
    # the menu's choice made: its code and the entry on show go before a game's come in
    "opening": _ALL,
    # the game opened (new, or resumed from its journal): play keeps session.py, table.py,
    # the engine and the presenter, not the opening, the catalogue, the journal's reading
    # or the presenter's finding (loader.py)
    "play": ("session_open", "shared_rules.games", "shared_rules.gamelog", "loader"),
    # phones joined (or refused): the join screens, the QR encoder and the network's start
    # are not needed again unless a seat rejoins (phone_mode.py stays)
    "phones joined": ("phone_start", "phone_join", "join_screen", "join_network", "qr"),
    # a collection only, so that what comes next lands low in the heap and the free part
    # stays in one piece: a turn begins (its view, choices and screen are kept while the
    # seat chooses); the rules' news seen (a round's end: its lines, its helper module);
    # every 16 moves (the chance moves too, which show no turn)
    "turn": (),
    "news seen": (),
    "moves": (),
}


def mark():
    """The modules in RAM now: enter(phase, since=mark()) lets go of those loaded after."""
    return list(sys.modules)


def enter(phase, since=None):
    """The device enters `phase`: the modules PHASES names go (only those loaded after the
    mark `since`, when given: one loaded before stays, as the simulator's test games, whose
    catalogue is loaded before the app), then the heap is collected."""
    drops = PHASES[phase]
    if drops is _ALL:
        forget(since)
    else:
        for name in drops:
            if since is None or name not in since:
                drop(name)
    gc.collect()


def forget(since):
    """Let go of every module loaded after the mark `since` (no collection)."""
    if since is not None:
        for name in list(sys.modules):
            if name not in since:
                drop(name)


def drop(*names):
    """Let go of modules now (a package's module: its attribute too); no collection."""
    modules = sys.modules
    for name in names:
        modules.pop(name, None)
        dot = name.rfind(".")
        if dot > 0:
            try:
                delattr(modules.get(name[:dot]), name[dot + 1 :])
            except (AttributeError, KeyError, TypeError):  # KeyError: MicroPython's, not loaded
                pass


def once(name):
    """A module for one use, let go of at once: the caller's reference keeps it while it is
    used (a package's module too: "shared_rules.fingerprint")."""
    module = __import__(name)
    if "." in name:
        module = sys.modules[name]
    drop(name)
    return module


# A collection now: where a memory error may be tried again, where a measurement is taken,
# and at a moment no phase names (the opening's steps, the app started again).
collect = gc.collect


_import = []  # the interpreter's own __import__, once collect_before_imports() wrapped it


def collect_before_imports():
    """From now on the heap is collected before a module comes into RAM, so its code and
    names land in the lowest free blocks, among the long-lived ones, and not above the
    garbage of the moment, which would leave holes under them once it is collected."""
    import builtins

    if _import:
        return
    load = builtins.__import__
    modules = sys.modules
    built_in = set()  # MicroPython's built-in modules (gc, sys...): never in sys.modules
    # (fromlist stays None when none is given: MicroPython returns the package's leaf
    # module for any other value, an empty tuple too)

    def imported(name, globals=None, locals=None, fromlist=None, level=0):
        if level:  # relative: the caller's package's name, not a module's; passed on (a
            # call, not a statement, must give its globals: without them MicroPython would
            # resolve it against this module)
            return load(name, globals, locals, fromlist, level)  # pyright: ignore[reportArgumentType]
        module = modules.get(name)
        if module is None:
            if name in built_in:
                return load(name, globals, locals, fromlist, level)  # pyright: ignore[reportArgumentType]
            gc.collect()
            module = load(name, globals, locals, fromlist, level)  # pyright: ignore[reportArgumentType]
            if name not in modules:
                built_in.add(name)
            return module
        if fromlist:
            for part in fromlist:
                if part != "*" and not hasattr(module, part):  # a package's module not loaded yet
                    gc.collect()
                    break
        return load(name, globals, locals, fromlist, level)  # pyright: ignore[reportArgumentType]

    try:
        builtins.__import__ = imported
    except AttributeError:  # a port whose builtins cannot be overridden
        return
    _import.append(load)
