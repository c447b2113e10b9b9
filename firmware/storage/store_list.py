# store_list.py  The game logs on flash listed, counted and deleted (GameStore's, apart)
# MIT licence. The serial link's ls and forget, and a new game's number, use it; store.py
# loads it for each call and lets go of it: a game in play keeps only what it writes. It
# reads the store's names through the store it is given (it imports nothing of store.py,
# so the two do not import each other). Memory
# is bounded by a page, not by the number of logs on flash: names are streamed from
# os.ilistdir.

import os


def names(store):
    """Every game id with a log, streamed (a generator: no list of all names)."""
    try:
        entries = os.ilistdir(store.root)  # pyright: ignore[reportAttributeAccessIssue]
    except AttributeError:  # CPython (tests): no ilistdir
        entries = [(n, 0, 0) for n in os.listdir(store.root)]
    for entry in entries:
        name = entry[0]
        if name.endswith(".log") and store.is_game_id(name[:-4]):
            yield name[:-4]


def page(store, after=None, count=16):
    """(up to `count` finished game ids after `after`, in order; more?). Memory is
    bounded by `count`, not by the number of logs on flash."""
    picked = []  # sorted, at most count + 1 candidates
    skip = []  # unfinished logs met (the game in progress): never listed
    while True:
        picked = []
        for game_id in names(store):
            if after is not None and game_id <= after:
                continue
            if game_id in skip:
                continue
            if len(picked) > count and game_id >= picked[-1]:
                continue
            i = len(picked)
            while i > 0 and picked[i - 1] > game_id:
                i -= 1
            picked.insert(i, game_id)
            if len(picked) > count + 1:
                picked.pop()
        bad = [g for g in picked[:count] if not store.is_finished(g)]
        if not bad or len(skip) > 64:
            break
        skip += bad
    out = [g for g in picked[:count] if g not in skip]
    return out, len(picked) > count


def finished(store):
    """Sorted ids of every finished log (tests, small stores; the link pages)."""
    out = []
    after = None
    while True:
        ids, more = store.page(after)
        out += ids
        if not more or not ids:
            return out
        after = ids[-1]


def count(store):
    """How many games were started on this device (a log each; never deleted)."""
    return len([n for n in os.listdir(store.root) if n.endswith(".log")])


def delete(store, game_id):
    """Remove a finished game's files (the laptop holds it). False if not finished."""
    if game_id == store.current() or not store.is_finished(game_id):
        return False
    for ext in ("log", "seen") + store.SECRETS:
        try:
            os.remove(store._path(game_id, ext))
        except OSError:
            pass
    return True
