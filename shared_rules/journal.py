"""A game's journal, record by record: what the device does with its log while a
game is played (write each record, resume from the bytes on flash, tell a finished
log by its last record). The format is described in shared_rules/gamelog.py, which
reads and checks whole logs on the laptop and re-exports everything here, so the
device keeps only this module in RAM.
"""

import binascii
import hashlib
import json

from shared_rules import canon
from shared_rules.commit import (
    VerifyError,
    commitment,
    hexlify,
    seal,
)

FORMAT_VERSION = 2
MAX_RECORD = 4096  # bytes of payload; anything longer is damage
SIG_DOMAIN = b"confessor log signature v2\n"
RESULT_DOMAIN = b"confessor result seal\n"
# Why a game was abandoned: the table chose to (pause menu), the table let a laptop
# open the REPL, the device was started in maintenance mode, or it found the game
# orphaned (its journal no longer the game in progress) and closed it.
ABANDON_REASONS = ("table", "repl", "maintenance", "orphaned")


class LogError(VerifyError):
    """A record or log that cannot be read."""


def encode_record(record):
    """One record as the exact bytes of its line."""
    payload = canon.dumps(record).encode()
    crc = binascii.crc32(payload) & 0xFFFFFFFF
    return ("%d " % len(payload)).encode() + payload + (" %08x\n" % crc).encode()


def decode_record(line):
    """The record of one line (bytes, with or without its newline); raises LogError."""
    if line.endswith(b"\n"):
        line = line[:-1]
    space = line.find(b" ")
    if space < 1 or space > 5:
        raise LogError("record has no length")
    try:
        length = int(line[:space])
    except ValueError:
        raise LogError("record length is not a number")
    if length < 2 or length > MAX_RECORD:
        raise LogError("record length %d is out of range" % length)
    payload = line[space + 1 : space + 1 + length]
    rest = line[space + 1 + length :]
    if len(payload) != length or len(rest) != 9 or rest[0:1] != b" ":
        raise LogError("record is cut short or has extra bytes")
    try:
        crc = int(rest[1:], 16)
    except ValueError:
        raise LogError("record checksum is not hex")
    if binascii.crc32(payload) & 0xFFFFFFFF != crc:
        raise LogError("record checksum does not match")
    try:
        record = json.loads(payload)
    except (ValueError, RuntimeError):  # RuntimeError: nesting too deep (RecursionError)
        raise LogError("record is not valid JSON")
    if not isinstance(record, dict) or not isinstance(record.get("t"), str):
        raise LogError("record has no type")
    return record


def intact_records(data):
    """Each intact record of a log's bytes in turn, with the bytes read up to its
    end: (record, intact_length); stops at the first damaged or incomplete record
    (where gamelog.split_records() stops)."""
    pos = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            return
        try:
            record = decode_record(data[pos : end + 1])
        except LogError:
            return
        pos = end + 1
        yield record, pos


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
