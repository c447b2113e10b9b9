"""No forgery passes `verify`: every edit a person holding the file can make
(host/forgery.py: each record, each field, dropped, added, doubled, reordered,
re-chained, re-signed with another key, a player's choice changed and the game
replayed from the revealed seed) is refused, by the key given and by the keys
the laptop recorded. `make bench` runs the same generator over a long 7: The Sins
log (docs/security.md)."""

from __future__ import annotations

import pytest
from linkkit import DEVICE, game_log, public_key, seed, signing_key

from host import authentic, forgery
from host.logdb import LogDB
from shared_rules.commit import VerifyError

ATTACKER = bytes(range(200, 232))


def _abandoned_log():
    from hidden_pair import HiddenPair

    from shared_rules import journal

    game = HiddenPair()
    s = seed(9)
    j = journal.Journal()
    extra = {"first": 1, "device": DEVICE, "fw": "0.0.1-test", "pub": public_key().hex()}
    data = j.start(game, s, extra=extra)
    state = game.new_initial_state()
    from shared_rules.rng import Stream

    stream = Stream(s, b"chance")
    for _ in range(2):  # the deal, then the table abandons
        action = stream.weighted(state.chance_outcomes())
        state.apply(action)
        data += j.action(action)
    return data + j.finish(s, None, True, sign=signing_key().sign, why="table")


@pytest.mark.parametrize("kind", ["finished", "abandoned"])
def test_no_forgery_is_accepted(tmp_path, kind):
    data = game_log(seed(8))[1] if kind == "finished" else _abandoned_log()
    assert authentic.verify(data, key=public_key())  # the genuine log passes
    attacker = signing_key(ATTACKER)
    with LogDB(tmp_path / "db.sqlite") as db:
        db.trust(DEVICE, public_key().hex())
        accepted = []
        count = 0
        for what, forged in forgery.forgeries(data, attacker.sign, public_key(ATTACKER).hex()):
            if forged == data:
                continue  # an edit that changes nothing is no forgery
            count += 1
            for trust, key in ((db.trust_for(forged), None), (None, public_key())):
                try:
                    authentic.verify(forged, trust, key)
                except VerifyError as err:
                    assert "\n" not in str(err)
                except (KeyError, TypeError, ValueError) as err:  # malformed: also refused
                    assert "\n" not in str(err)
                else:
                    accepted.append(what)
        assert accepted == []
        assert count > 300, count  # every record, every field, four ways each


def test_the_forgeries_of_issue_10_name_what_is_wrong():
    """The edits that passed before format 2, each with the reason verify gives."""
    _, data = game_log(seed(8))
    attacker = signing_key(ATTACKER)
    found = {}
    for what, forged in forgery.forgeries(data, attacker.sign, public_key(ATTACKER).hex()):
        try:
            authentic.verify(forged, key=public_key())
        except VerifyError as err:
            found[what] = str(err)
    assert "calls the game abandoned" in found["end: call a finished game abandoned (re-chained)"]
    assert (
        "calls the game abandoned"
        in found["end: call a finished game abandoned (re-chained, signed by another key)"]
    )
    # a legal game re-chained without the device's key: the signature gives it away
    chained = [w for w in found if w.endswith("replayed (re-chained)")]
    assert chained and all("signature does not match" in found[w] for w in chained)
    assert "abandoned flag is 'no'" in found['end: abandoned "no" (re-chained)']
    replays = [w for w in found if "replayed (re-chained, another key in the header" in w]
    assert replays and all("not by the key given" in found[w] for w in replays)
    for field in ("device", "id", "fw", "v"):
        hits = [w for w in found if w.startswith("record 0 (head): %s=" % field)]
        assert hits, field
