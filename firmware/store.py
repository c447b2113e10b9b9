# store.py  Game logs, seeds and the game in progress on flash (docs/sync.md)
# MIT licence. games/<id>.log is the journal (shared_rules/gamelog.py): a line per
# record, appended and flushed (littlefs commits on flush) before the screen shows its
# effect, so after a power cut no acknowledged action is lost. games/<id>.key holds the
# secret seed until the end record reveals it. games/current names the game in
# progress. Small files are replaced atomically: write a temp file, then rename.

import os

from shared_rules import gamelog


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


class GameStore:
    def __init__(self, root="games", sync=None):
        self.root = root
        self._sync = sync
        try:
            os.mkdir(root)
        except OSError:
            pass

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

    def finished(self):
        """Sorted ids of logs whose last record is the end record."""
        out = []
        for name in os.listdir(self.root):
            if name.endswith(".log") and self.is_finished(name[:-4]):
                out.append(name[:-4])
        out.sort()
        return out

    def count(self):
        """How many games were started on this device (a log each; never deleted)."""
        return len([n for n in os.listdir(self.root) if n.endswith(".log")])

    def is_finished(self, game_id):
        try:
            data = read(self.log_path(game_id))
        except OSError:
            return False
        records, _, _ = gamelog.split_records(data)
        return bool(records) and records[-1].get("t") == "end"

    # ****** what the firmware writes ******
    def start(self, game_id, head_line, seed):
        """A new game: key first, then the log, then `current` (each step atomic), so a
        power cut leaves either no game or a game that can be resumed."""
        write_atomic(self._path(game_id, "key"), bytes(seed), self._sync)
        write_atomic(self.log_path(game_id), head_line, self._sync)
        write_atomic(self.root + "/current", game_id.encode(), self._sync)

    def append(self, game_id, line):
        with open(self.log_path(game_id), "ab") as f:
            f.write(line)
            f.flush()
        if self._sync is not None:
            self._sync()

    def finish(self, game_id, end_line):
        """Append the end record; the seed it reveals makes the key file redundant."""
        self.append(game_id, end_line)
        try:
            os.remove(self._path(game_id, "key"))
        except OSError:
            pass

    def close(self, game_id=None):
        """The table has left the game's last screen: no game in progress."""
        for path in (self.root + "/current", self._path(game_id, "seen") if game_id else None):
            if path:
                try:
                    os.remove(path)
                except OSError:
                    pass

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
