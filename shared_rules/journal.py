"""A game's journal: the game log (its format: shared_rules/gamelog.py) as it is
written, record by record, while a game is played, and the end record's signature
and seal. The device keeps only this part of the format in RAM during play; reading
records (a resume, a finished log's last record) is gamelog.py's, loaded for it.
"""

import binascii
import hashlib

from shared_rules import canon
from shared_rules.commit import commitment, hexlify, seal

FORMAT_VERSION = 2
SIG_DOMAIN = b"confessor log signature v2\n"
RESULT_DOMAIN = b"confessor result seal\n"
# Why a game was abandoned: the table chose to (pause menu), the table let a laptop
# open the REPL, the device was started in maintenance mode, or it found the game
# orphaned (its journal no longer the game in progress) and closed it.
ABANDON_REASONS = ("table", "repl", "maintenance", "orphaned")


def encode_record(record):
    """One record as the exact bytes of its line."""
    payload = canon.dumps(record).encode()
    crc = binascii.crc32(payload) & 0xFFFFFFFF
    return ("%d " % len(payload)).encode() + payload + (" %08x\n" % crc).encode()


def head_record(game, commit, game_id, extra=None):
    record = {
        "t": "head",
        "v": FORMAT_VERSION,
        "id": game_id,
        "game": game.NAME,
        "players": game.num_players,
        "options": dict(game.options),
        "commit": hexlify(commit),
        "seal": seal(commit),
    }
    if extra:
        for key in extra:
            if key not in record:
                record[key] = extra[key]
    return record


def action_record(number, action):
    return {"t": "a", "n": number, "a": action}


def end_record(seed, returns, moves, chain, abandoned=False, why=None):
    record = {"t": "end", "seed": hexlify(seed), "moves": moves, "chain": hexlify(chain)}
    if abandoned:
        record["abandoned"] = True
        record["why"] = why or "table"
    else:
        record["returns"] = list(returns)
    return record


def signed_message(end):
    """The 32 bytes the device signs: a digest of the end record without `sig`
    (the end record's `chain` covers every byte before it)."""
    unsigned = {}
    for key in end:
        if key != "sig":
            unsigned[key] = end[key]
    return hashlib.sha256(SIG_DOMAIN + canon.dumps(unsigned).encode()).digest()


def result_seal(end):
    """The short code the device shows at the end, e.g. "K7QX-3MTA": it names this
    exact signed log, so a table that noted it can tell its own game's log."""
    digest = hashlib.sha256(RESULT_DOMAIN + canon.dumps(end).encode()).digest()
    code = seal(digest, 8)
    return code[:4] + "-" + code[4:]


def game_id_for(commit):
    """A game's id: the first 12 hex digits of its commitment (unique per seed)."""
    return hexlify(commit)[:12]


class Journal:
    """Builds a log in memory-light steps: the caller writes each line returned.

    The running sha256 of every byte written is the end record's chain; for
    resuming, feed the existing bytes to `restore()`.
    """

    def __init__(self):
        self._chain = hashlib.sha256()
        self.moves = 0
        self.ended = False
        self.end = None  # the end record, once written or restored

    def _emit(self, record):
        line = encode_record(record)
        self._chain.update(line)
        return line

    def start(self, game, seed, game_id=None, extra=None):
        commit = commitment(seed)
        return self._emit(head_record(game, commit, game_id or game_id_for(commit), extra))

    def action(self, action):
        line = self._emit(action_record(self.moves, action))
        self.moves += 1
        return line

    def finish(self, seed, returns, abandoned=False, sign=None, why=None):
        """The end record, revealing the seed. `abandoned`: stopped before the end
        (`why`: one of ABANDON_REASONS). `sign(message)`: the device's signature."""
        # digest() finalises on MicroPython, so the chain object is spent here.
        chain = self._chain.digest()
        self.ended = True
        record = end_record(seed, returns, self.moves, chain, abandoned, why)
        if sign is not None:
            record["sig"] = hexlify(sign(signed_message(record)))
        self.end = record
        return encode_record(record)

    def restore(self, data):
        """Resume from existing log bytes: returns (head, actions, intact_length).

        Bytes after `intact_length` belong to a record torn by a power cut;
        the caller truncates them away before appending. The records are read
        one at a time, never all held (a device resumes a long game in little
        room), and nothing of `data` is copied.
        """
        from shared_rules.gamelog import LogError, intact_records  # reading: not kept

        head = None
        actions = []
        intact = 0
        for record, end in intact_records(data):
            intact = end
            if head is None:
                if record.get("t") != "head":
                    break
                head = record
            elif self.ended:
                continue  # intact records after the end still count as intact
            elif record.get("t") == "end":
                self.ended = True
                self.end = record
            elif record.get("t") != "a" or record.get("n") != len(actions):
                raise LogError("journal record %d is out of order" % (len(actions) + 1))
            else:
                actions.append(record["a"])
        if head is None:
            raise LogError("the journal does not start with a header")
        self._chain = hashlib.sha256()
        self._chain.update(memoryview(data)[:intact])
        self.moves = len(actions)
        return head, actions, intact
