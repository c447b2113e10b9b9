"""Checking a whole game log (the format: shared_rules/gamelog.py): every field of
every record, the seed, the chain, every action, the result (the laptop then checks
the signature and the key, host/authentic.py). The laptop's: a device journals and
signs, it never verifies a whole log; portable all the same, it runs under
MicroPython in the tests too.
"""

import hashlib

from shared_rules import canon
from shared_rules.commit import (
    RulesError,
    VerifyError,
    check_commitment,
    hexlify,
    seal,
    unhexlify,
    verify_actions,
)
from shared_rules.gamelog import FORMATS, decode_record, parse, split_records
from shared_rules.journal import ABANDON_REASONS, game_id_for, result_seal, signed_message

# strict schemas: every field of every record, by format
_HEX = "0123456789abcdef"
_HEAD_FIELDS = {
    1: ("t", "v", "id", "game", "players", "options", "commit", "seal"),
    2: ("t", "v", "id", "game", "players", "options", "commit", "seal", "first", "device",
        "fw", "pub"),
}  # fmt: skip
# "seats" (each rules seat's name) and "number" (the game's number on its device) are
# written by firmware since the statistics (`confessor stats`); logs made elsewhere
# (a simulation, a test) may lack them.
_HEAD_OPTIONAL = {1: ("first", "device", "fw", "seats", "number"), 2: ("seats", "number")}
_MAX_SEAT_NAME = 32
_ACTION_FIELDS = ("a", "n", "t")
_END_FIELDS = {
    (1, False): ("chain", "moves", "returns", "seed", "t"),
    (1, True): ("abandoned", "chain", "moves", "returns", "seed", "t"),
    (2, False): ("chain", "moves", "returns", "seed", "sig", "t"),
    (2, True): ("abandoned", "chain", "moves", "seed", "sig", "t", "why"),
}


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_hex(value, digits):
    if not isinstance(value, str) or len(value) != digits:
        return False
    for ch in value:
        if ch not in _HEX:
            return False
    return True


def _fields(where, record, required, optional=()):
    for key in sorted(record):
        if key not in required and key not in optional:
            raise VerifyError("%s has an unknown field %r" % (where, key))
    for key in required:
        if key not in record:
            raise VerifyError("%s lacks the field %r" % (where, key))


def _check_head(head):
    version = head.get("v")
    if not _is_int(version) or version not in FORMATS:
        raise VerifyError("the header's format v=%r is not one this tool reads (1, 2)" % version)
    _fields("the header", head, _HEAD_FIELDS[version], _HEAD_OPTIONAL[version])
    if not isinstance(head["game"], str):
        raise VerifyError("the header's game is not a name")
    if not _is_int(head["players"]):
        raise VerifyError("the header's players is not a whole number")
    if not isinstance(head["options"], dict):
        raise VerifyError("the header's options are not an object")
    if not _is_hex(head["commit"], 64):
        raise VerifyError("the header's commitment is not 64 hex digits")
    if head["id"] != game_id_for(unhexlify(head["commit"])):
        raise VerifyError("the header's id %r does not belong to its commitment" % (head["id"],))
    if head["seal"] != seal(unhexlify(head["commit"])):
        raise VerifyError("the header's seal does not match its commitment")
    if "first" in head:
        first = head["first"]
        if not _is_int(first) or not 0 <= first < head["players"]:
            raise VerifyError("the header's first player %r is not a seat" % (first,))
    if "device" in head and not _is_hex(head["device"], 16):
        raise VerifyError("the header's device id %r is not 16 hex digits" % (head["device"],))
    if "fw" in head:
        fw = head["fw"]
        if not isinstance(fw, str) or not 1 <= len(fw) <= 32 or not _printable(fw):
            raise VerifyError("the header's firmware version %r is not a version" % (fw,))
    if "seats" in head:
        names = head["seats"]
        ok = isinstance(names, list) and len(names) == head["players"]
        for name in names if ok else ():
            ok = ok and isinstance(name, str) and 1 <= len(name) <= _MAX_SEAT_NAME
            ok = ok and _printable(name)
        if not ok:
            raise VerifyError(
                "the header's seat names %r are not %r names" % (names, head["players"])
            )
    if "number" in head:
        number = head["number"]
        if not _is_int(number) or number < 1:
            raise VerifyError("the header's game number %r is not a count of games" % (number,))
    if version >= 2 and not _is_hex(head["pub"], 64):
        raise VerifyError("the header's public key is not 64 hex digits")
    return version


def _printable(text):
    for ch in text:
        if not " " <= ch <= "~":
            return False
    return True


def _check_end(end, version, players, moves):
    abandoned = "abandoned" in end
    if abandoned and end["abandoned"] is not True:
        raise VerifyError("the end record's abandoned flag is %r, not true" % (end["abandoned"],))
    _fields("the end record", end, _END_FIELDS[(version, abandoned)])
    if not _is_hex(end["seed"], 64):
        raise VerifyError("the end record's seed is not 64 hex digits")
    if not _is_hex(end["chain"], 64):
        raise VerifyError("the end record's chain is not 64 hex digits")
    if not _is_int(end["moves"]):
        raise VerifyError("the end record counts %r actions" % (end["moves"],))
    if "returns" in end:
        returns = end["returns"]
        ok = isinstance(returns, list) and len(returns) == players
        if ok:
            for value in returns:
                ok = ok and _is_int(value)
        if not ok:
            raise VerifyError("the end record's returns %r are not %d numbers" % (returns, players))
    if version >= 2:
        if abandoned and end["why"] not in ABANDON_REASONS:
            raise VerifyError(
                "the end record's reason %r is not one of %s"
                % (end["why"], ", ".join(ABANDON_REASONS))
            )
        if not _is_hex(end["sig"], 128):
            raise VerifyError("the end record's signature is not 128 hex digits")
    return abandoned


def _check_lines(data):
    """Every record's payload is exactly its canonical encoding (one way to write it)."""
    pos = 0
    index = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        line = data[pos:end]
        space = line.find(b" ")
        payload = line[space + 1 : len(line) - 9]
        if canon.dumps(decode_record(line)).encode() != payload:
            raise VerifyError("record %d is not written canonically" % index)
        pos = end + 1
        index += 1


def verify(data, load_game):
    """Check a finished log; returns a summary dict or raises VerifyError.

    `load_game(description)` builds the Game (games.load_described). Checks,
    in order: every record intact and canonical, a header and an end record,
    every field of every record (strict: no unknown field, booleans are
    booleans), the seed against the commitment, the hash chain, every action
    legal, every chance action the one the seed gives, a finished game over
    exactly at the end with the game's returns, an abandoned one not over.

    The signature is not checked here (MicroPython has no verifier): the
    summary carries `pub`, `sig` and `message` for the caller, and `signed`.
    """
    parts = parse(data)
    if parts["head"] is None:
        raise VerifyError("no header: %s" % (parts["problem"] or "the log is empty"))
    if parts["problem"]:
        raise VerifyError("damaged log: %s" % parts["problem"])
    _check_lines(data)
    head = parts["head"]
    end = parts["end"]
    version = _check_head(head)
    actions = parts["actions"]
    records, _, _ = split_records(data)
    for index in range(1, len(actions) + 1):
        record = records[index]
        _fields("record %d" % index, record, _ACTION_FIELDS)
        if not _is_int(record["a"]) or not _is_int(record["n"]):
            raise VerifyError("record %d: the action is not a whole number" % index)
    if end is None:
        raise VerifyError(
            "the log stops after %d actions without an end record (unfinished or truncated)"
            % len(actions)
        )
    try:
        game = load_game(
            {"game": head["game"], "players": head["players"], "options": head["options"]}
        )
    except VerifyError:
        raise
    except (RulesError, KeyError, TypeError, ValueError) as err:
        raise VerifyError("the header's game cannot be set up: %s" % err)
    if "first" in head and head["first"] >= game.num_players:
        raise VerifyError("the header's first player %r is not a seat" % (head["first"],))
    abandoned = _check_end(end, version, game.num_players, len(actions))
    seed = unhexlify(end["seed"])
    check_commitment(seed, unhexlify(head["commit"]))
    before_end = data[: data.rfind(b"\n", 0, len(data) - 1) + 1]
    if hexlify(hashlib.sha256(before_end).digest()) != end["chain"]:
        raise VerifyError("the hash chain does not match: records were changed, added or removed")
    if end["moves"] != len(actions):
        raise VerifyError(
            "the end record counts %r actions but the log has %d" % (end["moves"], len(actions))
        )
    state = verify_actions(game, seed, actions)
    if abandoned and state.is_terminal():
        raise VerifyError(
            "the end record calls the game abandoned, but it was over after its %d actions"
            % len(actions)
        )
    if not abandoned and not state.is_terminal():
        raise VerifyError("the game is not over after the last of %d actions" % len(actions))
    if not abandoned:
        returns = state.returns()
        if end["returns"] != returns:
            raise VerifyError(
                "the recorded returns %r are not the game's %r" % (end["returns"], returns)
            )
    signed = version >= 2
    return {
        "id": head["id"],
        "game": game,
        "state": state,
        "head": head,
        "end": end,
        "actions": actions,
        "abandoned": abandoned,
        "why": end.get("why") if abandoned else None,
        "version": version,
        "signed": signed,
        "device": head.get("device"),
        "pub": unhexlify(head["pub"]) if signed else None,
        "sig": unhexlify(end["sig"]) if signed else None,
        "message": signed_message(end) if signed else None,
        "result_seal": result_seal(end),
    }
