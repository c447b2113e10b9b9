"""Every edit a person holding a log file can make, for the tests and `make bench`
to show that `confessor verify` accepts none of them (docs/security.md).

A forger can change any field of any record (to another value of the same type,
to another type, or drop it), add a field, drop, duplicate or reorder records;
and then fix what the format lets them fix: each record's CRC, the hash chain
(`chain`), and a signature made with a key of their own (with the header's `pub`
changed to it, or not). A cleverer forger replays the game from the revealed seed
with one player's choice changed, so every action is legal and every draw the
seed's, then re-chains and signs. `forgeries(log)` yields all of these.
"""

from __future__ import annotations

import hashlib

from shared_rules import gamelog, journal
from shared_rules.game import CHANCE


def _records(data: bytes) -> list[dict]:
    records, _, problem = gamelog.split_records(data)
    if problem:
        raise ValueError(problem)
    return records


def _values(value):
    """Other values a field could be given: same type and other types."""
    out: list = []
    if isinstance(value, bool):
        out += [not value, int(value), str(value).lower(), None]
    elif isinstance(value, int):
        out += [value + 1, value - 1, -value - 1, str(value), True, None, [value]]
    elif isinstance(value, str):
        flipped = value[:-1] + ("0" if value[-1:] != "0" else "1") if value else "x"
        out += [flipped, value.upper() if value.upper() != value else value + "x", "", 0, None]
    elif isinstance(value, list):
        out += [value[:-1], value + [0], list(reversed(value)), None, {}]
        if value and isinstance(value[0], int) and not isinstance(value[0], bool):
            out.append([value[0] + 1] + value[1:])
    elif isinstance(value, dict):
        out += [{}, None, [], dict(value, extra=1)]
    else:
        out += [0, "", False]
    return [v for v in out if v != value or type(v) is not type(value)]


def edits(records: list[dict]):
    """(description, records) for every single edit of the records."""
    for i, record in enumerate(records):
        where = "record %d (%s)" % (i, record.get("t"))
        for key in sorted(record):
            for value in _values(record[key]):
                changed = [dict(r) for r in records]
                changed[i][key] = value
                yield "%s: %s=%r" % (where, key, value), changed
            dropped = [dict(r) for r in records]
            del dropped[i][key]
            yield "%s: drop %s" % (where, key), dropped
        added = [dict(r) for r in records]
        added[i]["x"] = 1
        yield "%s: add a field" % where, added
        yield "%s: drop the record" % where, records[:i] + records[i + 1 :]
        yield "%s: twice" % where, records[: i + 1] + records[i:]
        if i + 1 < len(records):
            swapped = list(records)
            swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
            yield "%s: swapped with the next" % where, swapped
    end = records[-1]
    if end.get("t") == "end":  # the flags the first forgeries of issue 10 played with
        flag = [dict(r) for r in records]
        flag[-1].pop("returns", None)
        flag[-1].update(abandoned=True, why="table")
        yield "end: call a finished game abandoned", flag
        flag = [dict(r) for r in records]
        flag[-1]["abandoned"] = "no"
        yield 'end: abandoned "no"', flag


def _encode(records: list[dict], chain: bool, sign=None, pub: str | None = None) -> bytes:
    """The log's bytes: each record with a right CRC; with `chain`, the end record's
    hash chain recomputed; with `sign`, the end record signed (and, with `pub`, the
    header's key replaced first)."""
    records = [dict(r) for r in records]
    if pub is not None and records and records[0].get("t") == "head":
        records[0]["pub"] = pub
    body = b""
    for record in records[:-1]:
        body += journal.encode_record(record)
    last = records[-1] if records else {}
    if last.get("t") == "end":
        if chain:
            last["chain"] = hashlib.sha256(body).hexdigest()
        if sign is not None:
            last.pop("sig", None)
            last["sig"] = sign(journal.signed_message(last)).hex()
    return body + (journal.encode_record(last) if records else b"")


def replayed(data: bytes):
    """(description, records): one player action changed to another legal one, the
    rest of the game replayed with the seed's draws and the same choice indices."""
    from shared_rules import games
    from shared_rules.commit import unhexlify
    from shared_rules.rng import Stream

    records = _records(data)
    head, end = records[0], records[-1]
    if end.get("t") != "end":
        return
    seed = unhexlify(end["seed"])
    game = games.load_described(
        {"game": head["game"], "players": head["players"], "options": head["options"]}
    )
    actions = [r["a"] for r in records[1:-1]]
    state = game.new_initial_state()
    for index, action in enumerate(actions):
        if state.current_player() != CHANCE:
            for other in state.legal_actions():
                if other == action:
                    continue
                forged = _replay(game, seed, actions, index, other, Stream)
                if forged is None:
                    continue
                out = [head] + [{"t": "a", "n": n, "a": a} for n, a in enumerate(forged[0])]
                final = {"t": "end", "seed": end["seed"], "moves": len(forged[0]), "chain": ""}
                if forged[1].is_terminal():
                    final["returns"] = forged[1].returns()
                else:
                    final.update(abandoned=True, why="table")
                if "sig" in end:
                    final["sig"] = end["sig"]  # the device's signature, of the real game
                yield (
                    "action %d: %r instead of %r, replayed" % (index, other, action),
                    out + [final],
                )
                break  # one alternative per decision keeps the count linear
        state.apply(action)


def _replay(game, seed, actions, index, other, stream_class):
    stream = stream_class(seed, b"chance")
    state = game.new_initial_state()
    out = []
    for n in range(len(actions) * 2 + 50):
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            action = stream.weighted(state.chance_outcomes())
        elif n == index:
            action = other
        else:
            legal = state.legal_actions()
            original = actions[n] if n < len(actions) else legal[0]
            action = original if original in legal else legal[0]
        state.apply(action)
        out.append(action)
        if n >= len(actions) and not state.is_terminal() and n > len(actions) + 40:
            return None
    return out, state


def forgeries(data: bytes, attacker_sign, attacker_pub: str):
    """(description, forged bytes) for every edit, each as a careful forger would
    finish it: CRCs fixed; chain recomputed; signed with the forger's own key, with
    and without their key put in the header."""
    records = _records(data)
    yield (
        "the genuine log, another key in the header and signed with it",
        _encode(records, chain=True, sign=attacker_sign, pub=attacker_pub),
    )
    for what, changed in list(edits(records)) + list(replayed(data)):
        if not changed:
            continue
        yield what + " (CRCs fixed)", _encode(changed, chain=False)
        yield what + " (re-chained)", _encode(changed, chain=True)
        yield (
            what + " (re-chained, signed by another key)",
            _encode(changed, chain=True, sign=attacker_sign),
        )
        yield (
            what + " (re-chained, another key in the header and signed with it)",
            _encode(changed, chain=True, sign=attacker_sign, pub=attacker_pub),
        )
