"""The game log / journal format (portable): round trips, torn records,
resume, strict schemas, and a verifier that says exactly what is wrong.
(Signatures are checked on the laptop: tests/firmware/test_signing.py.)"""

import binascii
import hashlib

from hidden_pair import HiddenPair

from shared_rules import games
from shared_rules.commit import VerifyError
from shared_rules.gamelog import LogError, decode_record, parse, split_records
from shared_rules.journal import Journal, encode_record, result_seal, signed_message
from shared_rules.laptop.driver import play
from shared_rules.laptop.logcheck import verify

games.register("hidden-pair", "hidden_pair", "HiddenPair")
SEED = bytes(range(100, 132))
DEVICE = "0123456789abcdef"
PUB = "ab" * 32


def _sign(message):
    """A stand-in signature (64 bytes): verify() checks its form, the laptop its truth."""
    return hashlib.sha256(message).digest() + hashlib.sha256(b"2" + message).digest()


def _hex(data):
    return binascii.hexlify(data).decode()


def _extra():
    return {"first": 0, "device": DEVICE, "fw": "0.1.0", "pub": PUB}


def _raises(exc, fn, *args):
    try:
        fn(*args)
    except exc as err:
        return str(err)
    raise AssertionError("%s was not raised" % exc.__name__)


def _finished_log(seed=SEED):
    game = HiddenPair()
    end = play(game, seed)
    j = Journal()
    data = j.start(game, seed, extra=_extra())
    for a in end.history():
        data += j.action(a)
    data += j.finish(seed, end.returns(), sign=_sign)
    return data, end


def test_record_round_trip():
    line = encode_record({"t": "a", "n": 3, "a": 12})
    assert line == b'22 {"a":12,"n":3,"t":"a"} 05af8485\n'  # crc32 as zlib computes it
    assert decode_record(line) == {"t": "a", "n": 3, "a": 12}


def test_damaged_records_are_refused():
    line = encode_record({"t": "a", "n": 3, "a": 12})
    for bad in (
        line.replace(b"12", b"13"),  # payload changed: checksum
        line[:-5] + b"\n",  # cut short
        b"x" + line,  # length garbled
        line.replace(b"22 ", b"23 "),  # length wrong
        b"9999999 {} 00000000\n",
        b"\n",
    ):
        _raises(LogError, decode_record, bad)


def test_verify_accepts_a_real_game():
    data, end = _finished_log()
    report = verify(data, games.load_described)
    assert report["actions"] == end.history()
    assert report["state"].returns() == end.returns()
    assert report["head"]["device"] == DEVICE and report["version"] == 2 and report["signed"]
    assert report["message"] == signed_message(report["end"])
    assert report["sig"] == _sign(report["message"])
    assert report["result_seal"] == result_seal(report["end"])
    assert len(report["result_seal"]) == 9 and report["result_seal"][4] == "-"


def test_torn_tail_is_found_and_journal_resumes():
    data, end = _finished_log()
    lines = data.split(b"\n")
    torn = b"\n".join(lines[:3]) + b"\n" + lines[3][:7]
    records, intact, problem = split_records(torn)
    assert len(records) == 3 and "incomplete" in problem
    j = Journal()
    head, actions, cut = j.restore(torn)
    assert actions == end.history()[:2] and cut == intact
    rebuilt = torn[:cut]
    for a in end.history()[2:]:
        rebuilt += j.action(a)
    rebuilt += j.finish(SEED, end.returns(), sign=_sign)
    assert rebuilt == data  # resumed journal is byte-identical: nothing lost or doubled


def test_verify_names_what_is_wrong():
    data, end = _finished_log()
    lines = data.split(b"\n")[:-1]
    head, acts, tail = lines[0], lines[1:-1], lines[-1]

    def join(parts):
        return b"\n".join(parts) + b"\n"

    assert "without an end record" in _raises(
        VerifyError, verify, join([head] + acts), games.load_described
    )
    assert "hash chain" in _raises(
        VerifyError, verify, join([head] + acts[:-1] + [tail]), games.load_described
    )
    forged = encode_record({"t": "a", "n": 0, "a": 11 if end.history()[0] != 11 else 12})[:-1]
    msg = _raises(
        VerifyError, verify, join([head, forged] + acts[1:] + [tail]), games.load_described
    )
    assert "hash chain" in msg
    damaged = join([head] + acts[:1] + [acts[1].replace(b'"t"', b'"T"')] + acts[2:] + [tail])
    assert "record 2" in _raises(VerifyError, verify, damaged, games.load_described)
    assert "no header" in _raises(VerifyError, verify, b"", games.load_described)


def test_verify_checks_the_seed_and_chance():
    # A log re-chained around a forged deal still fails on the seed stream.
    game = HiddenPair()
    _, end = _finished_log()
    forged = end.history()
    forged[0], forged[1] = forged[1], forged[0]
    j = Journal()
    data = j.start(game, SEED, extra=_extra())
    for a in forged:
        data += j.action(a)
    data += j.finish(SEED, end.returns(), sign=_sign)
    msg = _raises(VerifyError, verify, data, games.load_described)
    assert msg.startswith("action 0 is chance"), msg
    other = bytes(32)
    j = Journal()
    data = j.start(game, SEED, extra=_extra())
    data += j.finish(other, [0, 0], abandoned=True, sign=_sign)
    assert "does not match the commitment" in _raises(
        VerifyError, verify, data, games.load_described
    )


def test_parse_reports_records_after_end():
    data, _ = _finished_log()
    extra = data + encode_record({"t": "a", "n": 99, "a": 1})
    assert "after the end" in parse(extra)["problem"]


def _edit(data, index, change):
    """Change record `index`, then re-encode it, re-chain and re-sign (with the stand-in
    signer): a forger who fixes everything a file holder can fix."""
    records, _, _ = split_records(data)
    records = [dict(r) for r in records]
    old_sig = records[-1].get("sig")
    change(records[index])
    out = b""
    for r in records[:-1]:
        out += encode_record(r)
    end = records[-1]
    end["chain"] = _hex(hashlib.sha256(out).digest())
    if end.get("sig") == old_sig:  # (a change of the signature itself is kept)
        end.pop("sig", None)
        end["sig"] = _hex(_sign(signed_message(end)))
    return out + encode_record(end)


def test_strict_schemas_name_the_field():
    data, end = _finished_log()
    last = len(split_records(data)[0]) - 1
    cases = [
        (0, lambda r: r.update(v=True), "format v=True"),
        (0, lambda r: r.update(v=3), "format v=3"),
        (0, lambda r: r.update(id="000000000000"), "does not belong to its commitment"),
        (0, lambda r: r.update(device="laptop"), "device id"),
        (0, lambda r: r.update(fw="x" * 40), "firmware version"),
        (0, lambda r: r.update(first=2), "first player"),
        (0, lambda r: r.update(first=True), "first player"),
        (0, lambda r: r.update(pub="zz"), "public key"),
        (0, lambda r: r.update(extra=1), "unknown field 'extra'"),
        (0, lambda r: r.pop("pub"), "lacks the field 'pub'"),
        (1, lambda r: r.update(a=True), "not a whole number"),
        (1, lambda r: r.update(x=0), "unknown field 'x'"),
        (last, lambda r: r.update(abandoned="no"), "abandoned flag is 'no'"),
        (last, lambda r: r.update(abandoned=1), "abandoned flag is 1"),
        (last, lambda r: r.update(returns=[1, True]), "are not 2 numbers"),
        (last, lambda r: r.update(moves=True), "counts True actions"),
        (last, lambda r: r.update(sig="00"), "signature is not 128 hex"),
        (last, lambda r: r.update(note="hi"), "unknown field 'note'"),
    ]
    for index, change, expected in cases:
        try:
            verify(_edit(data, index, change), games.load_described)
        except VerifyError as err:
            msg = str(err)
        else:
            raise AssertionError("accepted: %s" % expected)
        assert expected in msg, (expected, msg)


def test_abandoned_means_no_result_and_not_over():
    data, end = _finished_log()
    last = len(split_records(data)[0]) - 1

    def call_it_abandoned(r):
        r.pop("returns")
        r.update(abandoned=True, why="table")

    msg = _raises(VerifyError, verify, _edit(data, last, call_it_abandoned), games.load_described)
    assert "calls the game abandoned, but it was over" in msg

    def with_returns(r):
        r.update(abandoned=True, why="table")

    msg = _raises(VerifyError, verify, _edit(data, last, with_returns), games.load_described)
    assert "unknown field 'returns'" in msg

    def bad_reason(r):
        r.pop("returns")
        r.update(abandoned=True, why="bored")

    msg = _raises(VerifyError, verify, _edit(data, last, bad_reason), games.load_described)
    assert "reason 'bored'" in msg
    # a real abandonment: stopped before the end, no result
    game = HiddenPair()
    j = Journal()
    log = j.start(game, SEED, extra=_extra())
    log += j.finish(SEED, None, True, sign=_sign, why="repl")
    report = verify(log, games.load_described)
    assert report["abandoned"] and report["why"] == "repl" and "returns" not in report["end"]


def test_format_1_logs_are_read_and_checked_but_unsigned():
    game = HiddenPair()
    end = play(game, SEED)
    lines = [
        encode_record(
            {
                "t": "head",
                "v": 1,
                "id": _finished_log()[0].split(b'"id":"')[1][:12].decode(),
                "game": "hidden-pair",
                "players": 2,
                "options": dict(game.options),
                "commit": _hex(hashlib.sha256(b"commit" + SEED).digest()),
                "seal": _finished_log()[0].split(b'"seal":"')[1][:6].decode(),
                "device": "0011223344556677",
            }
        )
    ]
    for n, a in enumerate(end.history()):
        lines.append(encode_record({"t": "a", "n": n, "a": a}))
    body = b"".join(lines)
    tail = {
        "t": "end",
        "seed": _hex(SEED),
        "returns": end.returns(),
        "moves": len(end.history()),
        "chain": _hex(hashlib.sha256(body).digest()),
    }
    report = verify(body + encode_record(tail), games.load_described)
    assert report["version"] == 1 and not report["signed"] and report["pub"] is None


def test_records_must_be_canonical():
    data, _ = _finished_log()
    lines = data.split(b"\n")
    payload = b'{"n":0,"t":"a","a":%s}' % str(split_records(data)[0][1]["a"]).encode()
    crc = binascii.crc32(payload) & 0xFFFFFFFF
    lines[1] = b"%d %s %08x" % (len(payload), payload, crc)
    msg = _raises(VerifyError, verify, b"\n".join(lines), games.load_described)
    assert "record 1 is not written canonically" in msg
