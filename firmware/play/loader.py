# loader.py  Games in and out of RAM: which are installed, and unloading what a part loaded
# MIT licence. A board holds only the game it is playing: the menu reads one catalogue
# entry at a time (shared_rules/games.py) and drops it before reading the next; a game's
# engine and presenter are imported when it starts and dropped when it ends, before
# another game's are imported. What is installed is what the device manifest put on the
# board (firmware/manifest.py): a game whose entry cannot be imported is not installed.

import sys


def entry(name):
    """The catalogue entry of a game offered on this device, or None: its entry and
    its engine must be installed, and the entry must say ON_DEVICE. The engine is
    looked for as a file, not imported, so the menu never loads one."""
    from shared_rules import games  # the catalogue: the menu's and a game's opening's

    try:
        found = games.entry(name)
    except ImportError:
        return None
    if not getattr(found, "ON_DEVICE", True):
        return None
    engine = getattr(found, "ENGINE", None)
    if engine is not None and not installed(engine[0]):
        return None
    return found


def installed(module):
    """A module is on the board: frozen into the firmware image (its list, made by
    host/build.py from the manifest), or its .mpy or .py is on the import path (the
    manifest's files, on stock MicroPython)."""
    import os

    if module in _frozen():
        return True
    rel = module.replace(".", "/")
    for folder in sys.path:
        if folder == ".frozen":
            continue
        for ext in (".mpy", ".py"):
            try:
                os.stat((folder + "/" if folder else "") + rel + ext)
                return True
            except OSError:
                pass
    return False


def _frozen():
    path = sys.path
    sys.path = [".frozen"]
    try:
        from _frozen_modules import NAMES  # pyright: ignore[reportMissingImports]
    except ImportError:
        NAMES = ()
    finally:
        sys.path = path
    unload("_frozen_modules")
    return NAMES


def presenter_class(found):
    """The presenter class an entry names (PRESENTER), or the generic one."""
    where = getattr(found, "PRESENTER", None)
    if where is not None:
        try:
            module = __import__(where[0])
            return getattr(module, where[1])
        except ImportError:
            pass  # a flash without the game's screens: still playable
    from present_generic import Presenter

    return Presenter


def unload(name):
    """Forget one module now (a package's too: its attribute goes with it); its RAM
    comes back once nothing refers to its objects."""
    sys.modules.pop(name, None)
    dot = name.rfind(".")
    if dot > 0:
        try:
            delattr(sys.modules.get(name[:dot]), name[dot + 1 :])
        except (AttributeError, KeyError, TypeError):  # KeyError: MicroPython's, not loaded
            pass


class Loaded:
    """The modules imported from now on; forget() unloads them again.

    MicroPython keeps an imported module (its code and names) until sys.modules and
    its package stop referring to it. Forgetting them lets the GC take the memory back
    once nothing else refers to their objects."""

    def __init__(self):
        self._before = list(sys.modules)

    def drop(self, name):
        """Forget one module now if it came in since (one loaded before stays: the
        simulator's test games are registered in a catalogue loaded before the app)."""
        if name not in self._before:
            unload(name)

    def forget(self):
        before = self._before
        for name in list(sys.modules):
            if name not in before:
                unload(name)
        self._before = list(sys.modules)


_import = []  # the interpreter's own __import__, once collect_before_imports() wrapped it


def collect_before_imports():
    """From now on the heap is collected before a module comes into RAM, so its code and
    names land in the lowest free blocks, among the long-lived ones, and not above the
    garbage of the moment, which would leave holes under them once it is collected."""
    import builtins
    import gc

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
