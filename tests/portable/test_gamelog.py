"""The game log / journal format (portable): round trips, torn records,
resume, and a verifier that says exactly what is wrong."""

from hidden_pair import HiddenPair

from shared_rules import games
from shared_rules.commit import VerifyError
from shared_rules.driver import play
from shared_rules.gamelog import (
    Journal,
    LogError,
    decode_record,
    encode_record,
    parse,
    split_records,
    verify,
)

games.register("hidden-pair", "hidden_pair", "HiddenPair")
SEED = bytes(range(100, 132))


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
    data = j.start(game, seed, extra={"device": "test"})
    for a in end.history():
        data += j.action(a)
    data += j.finish(seed, end.returns())
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
    assert report["head"]["device"] == "test"


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
    rebuilt += j.finish(SEED, end.returns())
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
    data = j.start(game, SEED)
    for a in forged:
        data += j.action(a)
    data += j.finish(SEED, end.returns())
    msg = _raises(VerifyError, verify, data, games.load_described)
    assert msg.startswith("action 0 is chance"), msg
    other = bytes(32)
    j = Journal()
    data = j.start(game, SEED)
    data += j.finish(other, [0, 0], abandoned=True)
    assert "does not match the commitment" in _raises(
        VerifyError, verify, data, games.load_described
    )


def test_parse_reports_records_after_end():
    data, _ = _finished_log()
    extra = data + encode_record({"t": "a", "n": 99, "a": 1})
    assert "after the end" in parse(extra)["problem"]
