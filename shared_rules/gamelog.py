"""The game log: one format for the device's journal on flash and the file
the laptop syncs, verifies and stores.

A log is a sequence of records, one per line, each line

    <length> <payload> <crc32 of payload as 8 hex digits>\\n

where the payload is canonical ASCII JSON (shared_rules.canon). The length
and CRC let a reader stop cleanly at a record torn by a power cut; every
record before it is intact. Records (format 2):

    {"t":"head","v":2,"id":..,"game":..,"players":..,"options":{..},"commit":hex,
     "seal":..,"first":..,"device":..,"fw":..,"pub":hex,"seats":[..],"number":N}
    {"t":"a","n":0,"a":12}          action number n (0-based), in order, no gaps
    {"t":"end","seed":hex,"returns":[..],"moves":N,"chain":hex,"sig":hex}
    {"t":"end","seed":hex,"abandoned":true,"why":..,"moves":N,"chain":hex,"sig":hex}

The seed stays secret (never in the log) until the end record reveals it.
`chain` is sha256 of every byte of the log before the end record, so nothing
can be cut out or changed; `sig` is the device's Ed25519 signature (its
public key is the header's `pub`) over `signed_message(end)`, which covers
the chain and so the whole log. An abandoned game has no result. `seats` (each
rules seat's name) and `number` (the game's number on its device) are written by
the device but optional (a simulated log lacks them). Format 1
logs (no `pub`, no `sig`, `returns` on abandoned games) are still read and
checked, but nothing proves who wrote them.

The format lives in three modules, each imported where it is needed:
- shared_rules/journal.py writes a log as a game is played (the records, the chain,
  the signature): the only part of the format a device keeps in RAM during play;
- this module reads records and logs (the device loads it to resume a game or to
  tell a finished log, and drops it);
- shared_rules/laptop/logcheck.py (the laptop's) verifies a whole log: everything a log
  says about itself; the laptop then checks the signature and whether it trusts the
  key (host/authentic.py).
"""

import binascii
import json

from shared_rules.commit import VerifyError

FORMATS = (1, 2)  # the formats logcheck.verify() reads
MAX_RECORD = 4096  # bytes of payload; anything longer is damage


class LogError(VerifyError):
    """A record or log that cannot be read."""


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
            action = record.get("a")
            if not isinstance(action, int) or isinstance(action, bool):
                out["problem"] = "record %d: the action is not a whole number" % index
                return out
            number = record.get("n")
            if number != len(out["actions"]) or isinstance(number, bool):
                out["problem"] = "record %d: action number %r where %d was due" % (
                    index,
                    number,
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
