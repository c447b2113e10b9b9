"""The search bot (ISMCTS): it cannot peek, it is reproducible, and it plays.

Non-interference, after tests/portable/simcheck.py: at a search seat's turn, a
second state that differs only in what that seat has not seen (a resampled
opening card, bid, compartment or Pope die) must give the same determinized
positions and the same choice. A bot that reads the true state fails the same
check, so the check can fail.
"""

from __future__ import annotations

import pytest
from simcheck import fingerprint, resample

from host.bots import make_bot
from host.ismcts import SearchBot, ln_fixed, win_shares
from shared_rules import games
from shared_rules.driver import INFORMATION_SET, RandomBot, choose, draw_chance, play
from shared_rules.game import CHANCE, BadOption
from shared_rules.infoset import InformationSet
from shared_rules.rng import Stream

games.register("hidden-pair", "hidden_pair", "HiddenPair")


def _twins(game, seed, budget_moves=400):
    """(state, seat, other) at search seats' turns: `other` differs from `state`
    only in what `seat` has not seen."""
    chance = Stream(seed, b"chance")
    probe = Stream(seed, b"probe")
    bots = [RandomBot(game, seed, s) for s in range(game.num_players)]
    state = game.new_initial_state()
    record = []
    while not state.is_terminal() and state.move_number() < budget_moves:
        p = state.current_player()
        if p != CHANCE and len(state.legal_actions()) > 1:
            other = resample(state, p, record, probe)
            if other is not None:
                yield state, p, other
        record.append((p, state.observers()))
        state.apply(draw_chance(chance, state) if p == CHANCE else choose(bots[p], state, p))


def _choice(game, state, seat, iterations=12):
    bot = SearchBot(game, b"same-seed", seat, iterations)
    return bot.choose(InformationSet(state, seat), state.legal_actions())


# Every game at its smallest table (a new game is checked without a line here),
# and a larger table with a variant.
REAL = [n for n in games.names() if games.engine_of(n)[0].startswith("shared_rules.")]
# New Rule plays to its target alone by default, which random rollouts may never reach:
# the search asks for a round limit (host/bots.py).
OPTIONS = {"new-rule": {"round_limit": 20}}
CASES = [
    (name, games.game_class(name).MIN_PLAYERS, OPTIONS.get(name, {}), 3)
    for name in REAL + ["hidden-pair"]
] + [
    ("seven-sins", 4, {"penance": True}, 2),
    ("mea-culpa-keeper", 3, {}, 2),
]


@pytest.mark.parametrize(
    "name,players,options,seeds", CASES, ids=[c[0] + "-%dp" % c[1] for c in CASES]
)
def test_search_cannot_tell_states_its_seat_cannot_tell(name, players, options, seeds):
    game = games.load(name, players, **options)
    checked = 0
    for i in range(seeds):
        for state, seat, other in _twins(game, b"twins-%d" % i):
            if checked >= 6:
                break
            assert fingerprint(state) != fingerprint(other)  # they do differ
            a = InformationSet(state, seat)
            b = InformationSet(other, seat)
            for k in range(3):  # the same positions are drawn from both
                da = a.determinize(Stream(b"draw", "%d" % k))
                db = b.determinize(Stream(b"draw", "%d" % k))
                assert fingerprint(da) == fingerprint(db)
            assert _choice(game, state, seat) == _choice(game, other, seat)
            checked += 1
    assert checked > 0, "no hidden information was ever resampled"


class PeekingBot:
    """A cheat: plays Hidden Pair by the opponent's card it should not see."""

    sees = INFORMATION_SET

    def choose(self, info, legal):
        truth = info._draw.__closure__  # reaches past the capability
        state = [c.cell_contents for c in truth if hasattr(c.cell_contents, "cards")][0]
        return legal[state.cards[1 - info.seat] % len(legal)]


def test_the_check_catches_a_bot_that_peeks():
    game = games.load("hidden-pair", 2)
    caught = 0
    for i in range(10):
        for state, seat, other in _twins(game, b"peek-%d" % i):
            bot = PeekingBot()
            a = bot.choose(InformationSet(state, seat), state.legal_actions())
            b = bot.choose(InformationSet(other, seat), other.legal_actions())
            caught += a != b
    assert caught > 0


def test_search_is_reproducible():
    game = games.load("seven-sins", 3)

    def one():
        bots = [make_bot(game, "ismcts:20", b"again", 0)] + [
            make_bot(game, "greedy", b"again", s) for s in (1, 2)
        ]
        return play(game, b"again", bots).history()

    assert one() == one()


def test_search_beats_random_play():
    game = games.load("seven-sins", 2)
    won = 0.0
    for i in range(8):
        seat = i % 2
        seed = b"strong-%d" % i
        bots = [make_bot(game, "ismcts:40" if s == seat else "random", seed, s) for s in range(2)]
        shares = win_shares(play(game, seed, bots).returns(), 2)
        won += shares[seat] / 2
    assert won >= 6, won  # random play would win about 4 of 8


def test_bot_names_and_budgets():
    game = games.load("seven-sins", 2)
    assert make_bot(game, "ismcts", b"s", 0).iterations == 200
    assert make_bot(game, "ismcts:7", b"s", 1).iterations == 7
    for bad in ("ismcts:0", "ismcts:x", "cheater"):
        with pytest.raises(BadOption) as err:
            make_bot(game, bad, b"s", 0)
        assert "ismcts" in str(err.value)


def test_integer_arithmetic_is_exact_enough():
    import math

    for x in (1, 2, 3, 10, 77, 1000, 65535):
        assert abs(ln_fixed(x) / 65536 - math.log(x)) < 1e-3
    assert win_shares([1, 0, 1], 6) == [3, 0, 3]
    assert win_shares([0, 0, 0], 6) == [2, 2, 2]
