# store.py  Game logs, seeds and the game in progress on flash (docs/sync.md)
# MIT licence. games/<id>.log is the journal (written by shared_rules/journal.py, read
# by shared_rules/gamelog.py): a line per record, appended and flushed (littlefs
# commits on flush) before the screen shows its effect, so after a power cut no
# acknowledged action is lost. games/<id>.key holds the secret seed until the end
# record reveals it. games/current names the game in progress. games/<id>.phones holds
# a phone game's seat tokens and network (phone_mode.py) beside the key, and
# games/<id>.codes its seats' join codes (phone_join.py: each code carries its seat's
# token); both go with the key. Small files are replaced atomically: write a temp
# file, then rename.
# Listing and reading work in bounded memory however many logs there are: names are
# streamed from os.ilistdir (store_list.py, loaded for a listing) and a log's end is
# found from its last bytes. A new game
# starts only if the flash has room for its journal (flashspace.py).

import os


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def write_atomic(path, data, sync=None):
    tmp = path + ".tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
    os.rename(tmp, path)
    if sync is not None:
        sync()


def read(path):
    with open(path, "rb") as f:
        return f.read()


# A game's files that die with its seed, the seed last: a power cut between them leaves
# the key, by which the next power-on finds the game (guard.seeds_on_flash) and ends it.
SECRETS = ("codes", "phones", "key")
TAIL = 640  # bytes from a log's end that hold its whole last record (the end record)


def _is_game_id(name):
    """A game id: 12 lowercase hex digits (shared_rules/journal.py, game_id_for). Anything else, such
    as a path, is never a game."""
    if not isinstance(name, str) or len(name) != 12:
        return False
    for ch in name:
        if ch not in "0123456789abcdef":
            return False
    return True


class GameStore:
    SECRETS = SECRETS  # store_list.py reads them here
    is_game_id = staticmethod(_is_game_id)

    def __init__(self, root="games", sync=None):
        self.root = root
        self._sync = sync
        self.on_change = None  # called after a game starts, ends or closes (lockdown.Guard)
        try:
            os.mkdir(root)
        except OSError:
            pass

    def _changed(self):
        if self.on_change is not None:
            self.on_change()

    def _path(self, game_id, ext):
        return "%s/%s.%s" % (self.root, game_id, ext)

    # ****** what the serial link reads ******
    def log_path(self, game_id):
        return self._path(game_id, "log")

    def size(self, game_id):
        return os.stat(self.log_path(game_id))[6]

    def current(self):
        try:
            text = read(self.root + "/current").decode().strip()
        except OSError:
            return None
        return text or None

    # ****** what the serial link lists (store_list.py, loaded for it and dropped) ******
    def page(self, after=None, count=16):
        """(up to `count` finished game ids after `after`, in order; more?)."""
        return _listing().page(self, after, count)

    def finished(self):
        """Sorted ids of every finished log (tests, small stores; the link pages)."""
        return _listing().finished(self)

    def count(self):
        """How many games were started on this device (a log each; never deleted)."""
        return _listing().count(self)

    def delete(self, game_id):
        """Remove a finished game's files (the laptop holds it). False if not finished."""
        return _listing().delete(self, game_id)

    def is_finished(self, game_id):
        """True if the log's last record is an intact end record (read from its tail)."""
        if not _is_game_id(game_id):
            return False
        path = self.log_path(game_id)
        try:
            size = os.stat(path)[6]
            with open(path, "rb") as f:
                if size > TAIL:
                    f.seek(size - TAIL)
                tail = f.read()
        except OSError:
            return False
        if not tail.endswith(b"\n"):
            return False
        start = tail.rfind(b"\n", 0, len(tail) - 1) + 1
        if start == 0 and size > TAIL:
            return False  # a last record longer than TAIL: no end record is that long
        from shared_rules import gamelog  # reading a record: dropped before play (app.py)

        try:
            return gamelog.decode_record(tail[start:]).get("t") == "end"
        except gamelog.LogError:
            return False

    # ****** what the firmware writes ******
    def start(self, game_id, head_line, seed):
        """A new game: key first, then the log, then `current` (each step atomic), so a
        power cut leaves either no game or a game that can be resumed. Raises FlashFull
        (its message is for the screen) when the flash has no room for a journal."""
        import lifetime

        lifetime.once("flashspace").check(self.root)  # once a game: not kept
        write_atomic(self._path(game_id, "key"), bytes(seed), self._sync)
        write_atomic(self.log_path(game_id), head_line, self._sync)
        write_atomic(self.root + "/current", game_id.encode(), self._sync)
        self._changed()

    def append(self, game_id, line):
        with open(self.log_path(game_id), "ab") as f:
            f.write(line)
            f.flush()
        if self._sync is not None:
            self._sync()

    def finish(self, game_id, end_line):
        """Append the end record; the seed it reveals makes the key file redundant."""
        self.append(game_id, end_line)
        self.forget_seed(game_id)

    def forget_seed(self, game_id):
        """Remove a game's seed file (its end record reveals the seed, or it is lost),
        and its phones' tokens and codes with it: they die with the game."""
        for ext in SECRETS:
            try:
                os.remove(self._path(game_id, ext))
            except OSError:
                pass
        self._changed()

    def save_phones(self, game_id, data):
        """A phone game's tokens and network (bytes), beside its key, so a power cut
        resumes it with the same pages. Like the key, never served over the link."""
        write_atomic(self._path(game_id, "phones"), data, self._sync)

    def load_phones(self, game_id):
        """The bytes save_phones kept, or None (not a phone game)."""
        try:
            return read(self._path(game_id, "phones"))
        except OSError:
            return None

    def save_codes(self, game_id, data):
        """A phone game's seats' join codes (bytes, phone_join.py): each carries its
        seat's token, so they are kept, and go, like the tokens."""
        write_atomic(self._path(game_id, "codes"), data, self._sync)

    def open_codes(self, game_id):
        """The file save_codes wrote, open for reading (a rejoin reads one seat's code
        from it, not the whole file, in a heap the game has cut up), or None."""
        try:
            return open(self._path(game_id, "codes"), "rb")
        except OSError:
            return None

    def close(self, game_id=None):
        """The table has left the game's last screen: no game in progress."""
        for path in (self.root + "/current", self._path(game_id, "seen") if game_id else None):
            if path:
                try:
                    os.remove(path)
                except OSError:
                    pass
        self._changed()

    def load(self, game_id):
        """(log bytes, seed or None) of a game, for resuming it."""
        data = read(self.log_path(game_id))
        try:
            seed = read(self._path(game_id, "key"))
        except OSError:
            seed = None
        return data, seed

    def truncate(self, game_id, length):
        """Cut a torn tail left by a power cut (rewritten whole: no truncate() on
        MicroPython files)."""
        data = read(self.log_path(game_id))
        if length < len(data):
            write_atomic(self.log_path(game_id), memoryview(data)[:length], self._sync)

    def seen(self, game_id):
        """How many actions' private reveals the players have already looked at."""
        try:
            return int(read(self._path(game_id, "seen")))
        except (OSError, ValueError):
            return 0

    def set_seen(self, game_id, count):
        write_atomic(self._path(game_id, "seen"), str(count).encode(), self._sync)


def _listing():
    """store_list.py for one call: a game in play does not keep it."""
    import lifetime
    import store_list

    lifetime.drop("store_list")  # the caller's reference keeps it for this call
    return store_list
