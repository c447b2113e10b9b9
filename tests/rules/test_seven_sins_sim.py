"""7: The Sins under the generic checker for thousands of seeded games, and
best_stone_placement against brute force (CPython only)."""

from itertools import combinations

import pytest
import simcheck
from hypothesis import given, settings
from hypothesis import strategies as st

from shared_rules import canon, games
from shared_rules.game import replay
from shared_rules.laptop.driver import make_bot, play
from shared_rules.seven_sins.rules import NUM_SINS, best_stone_placement, score_counts

pytestmark = pytest.mark.slow  # thousands of seeded games: `make test` only

VARIANTS = {
    "base": {},
    "penance": {"penance": True},
    "penance-blank-manual": {"penance": True, "penance_cards": "blank", "stones": "manual"},
    "manual-last-first": {"stones": "manual", "first_player": -1},
}
# Games per configuration: roughly equal time per player count (a 5-player
# game with every check costs about four 2-player ones).
GAMES = {2: 140, 3: 100, 4: 70, 5: 50}


def _game(players, variant):
    options = dict(VARIANTS[variant])
    if options.get("first_player") == -1:
        options["first_player"] = players - 1
    return games.load("seven-sins", players, **options)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_simcheck_many(players, variant):
    game = _game(players, variant)
    seeds = [("sim-%s-%d-%d" % (variant, players, i)).encode() for i in range(GAMES[players])]
    total = simcheck.check_many(game, seeds, thorough=False)
    assert total["games"] == GAMES[players]
    assert total["resampled"] > 0
    for i in range(3):
        _, stats = simcheck.check_game(game, b"thorough-%d" % i, thorough=True)
        assert stats["resampled"] > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_greedy_bots_pass_the_checker(players):
    game = games.load("seven-sins", players, penance=True, stones="manual")
    for i in range(20):
        seed = b"greedy-%d" % i
        bots = [
            make_bot(game, "greedy" if s % 2 == 0 else "random", seed, s) for s in range(players)
        ]
        simcheck.check_game(game, seed, bots=bots, thorough=False)


def test_resample_gives_a_replayable_history():
    """The custom resample patches a clone; its history must replay to it."""
    game = games.load("seven-sins", 4, penance=True)
    end = play(game, b"resample")
    from shared_rules.rng import Stream

    stream = Stream(b"r", "probe")
    found = 0
    for cut in range(6, end.move_number(), 5):
        state = replay(game, end.history()[:cut])
        for seat in range(4):
            other = state.resample(seat, stream)
            if other is None:
                continue
            found += 1
            again = replay(game, other.history())
            assert simcheck.fingerprint(again) == simcheck.fingerprint(other)
            assert canon.dumps(other.view(seat)) == canon.dumps(state.view(seat))
    assert found > 10


def _brute(counts, stones, most_wins):
    owned = [s for s in range(len(counts)) if counts[s] > 0]
    k = min(stones, len(owned))
    scores = [score_counts(counts, combo) for combo in combinations(owned, k)]
    return max(scores) if most_wins else min(scores)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=9), min_size=NUM_SINS, max_size=NUM_SINS),
    st.integers(min_value=0, max_value=10),
    st.booleans(),
)
def test_best_stone_placement_matches_brute_force(counts, stones, most_wins):
    placement, score = best_stone_placement(counts, stones, most_wins)
    owned = [s for s in range(NUM_SINS) if counts[s] > 0]
    assert placement == sorted(set(placement))
    assert all(counts[s] > 0 for s in placement)  # only on owned types
    assert len(placement) == min(stones, len(owned))  # mandatory, excess ignored
    assert score == score_counts(counts, placement)
    assert score == _brute(counts, stones, most_wins)
