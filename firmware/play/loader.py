# loader.py  Which games are installed, and a game's presenter class
# MIT licence. What is installed is what the device manifest put on the board
# (firmware/manifest.py): a game whose entry cannot be imported, or whose engine is not on
# the board, is not installed. The engine is looked for, never imported: the menu loads
# none (what is in RAM when is lifetime.py's).

import sys

import lifetime


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
    lifetime.drop("_frozen_modules")
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
