"""The game log: one format for the device's journal on flash and the file
the laptop syncs, verifies and stores.

A log is a sequence of records, one per line, each line

    <length> <payload> <crc32 of payload as 8 hex digits>\\n

where the payload is canonical ASCII JSON (shared_rules.canon). The length
and CRC let a reader stop cleanly at a record torn by a power cut; every
record before it is intact. Records:

    {"t":"head","v":1,"id":..,"game":..,"players":..,"options":{..},"commit":hex,"seal":..,...}
    {"t":"a","n":0,"a":12}          action number n (0-based), in order, no gaps
    {"t":"end","seed":hex,"returns":[..],"moves":N,"chain":hex}

The seed stays secret (never in the log) until the end record reveals it.
`chain` is sha256 of every byte of the log before the end record, so a
verifier knows nothing was cut out or changed.
"""

import binascii
import hashlib
import json

from shared_rules import canon
from shared_rules.commit import (
    VerifyError,
    check_commitment,
    commitment,
    hexlify,
    seal,
    unhexlify,
    verify_actions,
)

FORMAT_VERSION = 1
MAX_RECORD = 4096  # bytes of payload; anything longer is damage


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
    except ValueError:
        raise LogError("record is not valid JSON")
    if not isinstance(record, dict) or not isinstance(record.get("t"), str):
        raise LogError("record has no type")
    return record


def intact_records(data):
    """Each intact record of a log's bytes in turn, with the bytes read up to its
    end: (record, intact_length); stops where split_records() stops."""
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


def split_records(data):
    """Read a log's bytes: (records, intact_length, problem).

    Stops at the first damaged or incomplete record; `intact_length` is the
    number of bytes before it (where a journal should be cut back to), and
    `problem` says what was wrong there (None if the whole log was intact).
    """
    records = []
    pos = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            return records, pos, "record %d is incomplete (no newline)" % len(records)
        try:
            records.append(decode_record(data[pos : end + 1]))
        except LogError as err:
            return records, pos, "record %d: %s" % (len(records), err)
        pos = end + 1
    return records, pos, None


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


def end_record(seed, returns, moves, chain, abandoned=False):
    record = {
        "t": "end",
        "seed": hexlify(seed),
        "returns": list(returns),
        "moves": moves,
        "chain": hexlify(chain),
    }
    if abandoned:
        record["abandoned"] = True
    return record


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

    def finish(self, seed, returns, abandoned=False):
        """The end record, revealing the seed. `abandoned`: stopped before the end."""
        # digest() finalises on MicroPython, so the chain object is spent here.
        chain = self._chain.digest()
        self.ended = True
        return encode_record(end_record(seed, returns, self.moves, chain, abandoned))

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


def parse(data):
    """A whole log's parts: {"head", "actions", "end", "problem", "intact"}.

    Never raises on damage; `problem` describes the first damaged record.
    """
    records, intact, problem = split_records(data)
    out = {"head": None, "actions": [], "end": None, "problem": problem, "intact": intact}
    for index in range(len(records)):
        record = records[index]
        kind = record.get("t")
        if index == 0:
            if kind != "head":
                out["problem"] = "record 0 is %r, not the header" % kind
                return out
            out["head"] = record
        elif kind == "a":
            if record.get("n") != len(out["actions"]) or not isinstance(record.get("a"), int):
                out["problem"] = "record %d: action number %r where %d was due" % (
                    index,
                    record.get("n"),
                    len(out["actions"]),
                )
                return out
            out["actions"].append(record["a"])
        elif kind == "end":
            out["end"] = record
            if index != len(records) - 1:
                out["problem"] = "record %d: records after the end record" % (index + 1)
            return out
        else:
            out["problem"] = "record %d has unknown type %r" % (index, kind)
            return out
    return out


def verify(data, load_game):
    """Check a finished log; returns a summary dict or raises VerifyError.

    `load_game(description)` builds the Game (games.load_described). Checks,
    in order: every record intact, a header and an end record, the seed
    against the commitment, the hash chain, every action legal, every chance
    action the one the seed gives, the game over exactly at the end, and the
    returns recorded.
    """
    parts = parse(data)
    if parts["head"] is None:
        raise VerifyError("no header: %s" % (parts["problem"] or "the log is empty"))
    if parts["problem"]:
        raise VerifyError("damaged log: %s" % parts["problem"])
    head = parts["head"]
    end = parts["end"]
    if end is None:
        raise VerifyError(
            "the log stops after %d actions without an end record (unfinished or truncated)"
            % len(parts["actions"])
        )
    game = load_game({"game": head["game"], "players": head["players"], "options": head["options"]})
    seed = unhexlify(end["seed"])
    check_commitment(seed, unhexlify(head["commit"]))
    if head.get("seal") != seal(unhexlify(head["commit"])):
        raise VerifyError("the header's seal does not match its commitment")
    before_end = data[: data.rfind(b"\n", 0, len(data) - 1) + 1]
    if hexlify(hashlib.sha256(before_end).digest()) != end.get("chain"):
        raise VerifyError("the hash chain does not match: records were changed, added or removed")
    actions = parts["actions"]
    if end.get("moves") != len(actions):
        raise VerifyError(
            "the end record counts %r actions but the log has %d" % (end.get("moves"), len(actions))
        )
    state = verify_actions(game, seed, actions)
    abandoned = bool(end.get("abandoned"))
    if not abandoned and not state.is_terminal():
        raise VerifyError("the game is not over after the last of %d actions" % len(actions))
    returns = state.returns()
    if not abandoned and end.get("returns") != returns:
        raise VerifyError(
            "the recorded returns %r are not the game's %r" % (end.get("returns"), returns)
        )
    return {
        "id": head.get("id"),
        "game": game,
        "state": state,
        "head": head,
        "end": end,
        "actions": actions,
        "abandoned": abandoned,
    }
