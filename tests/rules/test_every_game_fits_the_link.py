"""Every registered game lives within the link's limits and the log's strict schemas
(docs/security.md, promises 3 and 4): at every node of a played game, the status reply
the device sends (its public view) is one frame within wire.MAX_REPLY and
wire.MAX_DEPTH that decodes back to the same value; and the game's log, written and
signed as the device writes it, verifies with the device's key. A new game whose view
outgrew a frame would make `status` answer an error for the whole game."""

from __future__ import annotations

import checked_games
import pytest
from linkkit import device_log, public_key

from host import authentic
from shared_rules import games, wire
from shared_rules.laptop.driver import play


def _configs():
    out = []
    for name in checked_games.names():
        cls = games.game_class(name)
        out.append((name, cls.MIN_PLAYERS, {}))
        out.append((name, cls.MAX_PLAYERS, {}))
        for opt in cls.OPTIONS:  # each option's other values, at the most seats
            if isinstance(opt.default, bool):
                values = [not opt.default]
            else:
                values = [c for c in (opt.choices or []) if c != opt.default]
            for value in values:
                out.append((name, cls.MAX_PLAYERS, {opt.name: value}))
    return out


CONFIGS = _configs()
# New Rule played to its target alone may never end with random players: 12 rounds are
# more than the 10 its result keeps round by round (new_rule.ROUNDS_KEPT), its fullest view.
ENDS = {"new-rule": {"round_limit": 12}}


def _status_frame(game, state) -> bytes:
    # the keys serial_link.Server.op_status sends, as the app fills them
    status = {
        "screen": "turn",
        "game": game.NAME,
        "id": "0123456789ab",
        "seal": "ABCD-EFGH",
        "move": state.move_number(),
        "public": state.view(None),
        "playing": True,
    }
    line = wire.ok(7, status)  # raises WireError past the limits
    assert wire.decode(line)["ok"] == status
    return line


@pytest.mark.parametrize(
    "name,players,options",
    CONFIGS,
    ids=["%s-%dp-%s" % (n, p, "-".join("%s=%s" % kv for kv in sorted(o.items())) or "default")
         for n, p, o in CONFIGS],
)  # fmt: skip
def test_status_frames_and_the_signed_log(name, players, options):
    try:
        game = games.load(name, players, **dict(ENDS.get(name, {}), **options))
    except games.BadOption:
        pytest.skip("option not valid at this player count")
    seed = bytes((players * 31 + i) % 256 for i in range(32))
    longest = [0]
    # every node at the default options; every 16th with an option changed (CI time)
    stride = 16 if options else 1

    def observe(state, action):
        if state.move_number() % stride == 0:
            longest[0] = max(longest[0], len(_status_frame(game, state)))

    end = play(game, seed, observer=observe)
    longest[0] = max(longest[0], len(_status_frame(game, end)))
    # room to spare: a game that comes close must be looked at before it breaks
    assert longest[0] < wire.MAX_REPLY // 2, longest[0]
    report = authentic.verify(device_log(game, seed, end), key=public_key())
    assert report["signed"] and not report["abandoned"]


def test_a_view_too_deep_for_a_frame_is_refused_before_it_is_sent():
    """What the test above guards against: the codec refuses, the link answers an error."""
    deep: object = 0
    for _ in range(wire.MAX_DEPTH):
        deep = [deep]
    with pytest.raises(wire.WireError):
        wire.ok(7, {"public": deep})
