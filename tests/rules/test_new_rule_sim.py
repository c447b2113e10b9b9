"""New Rule (Sin) under the generic checker for many short seeded games, with
random, greedy and Kings-face-down bots (so total damnation and the race to
the target are checked too), and the canonical set index against an
independent classifier (CPython only)."""

from itertools import combinations

import pytest
import simcheck
from hypothesis import given, settings
from hypothesis import strategies as st
from new_rule_kit import KingsDownBot

from shared_rules import games
from shared_rules.laptop.driver import RandomBot, make_bot
from shared_rules.new_rule.rules import NUM_CARDS, label, set_cards, set_index

pytestmark = pytest.mark.slow  # thousands of seeded games: `make test` only

VARIANTS = {
    "base": {},
    "readings": {
        "ace": 11,
        "ace_straights": "low",
        "king_player": "reckoned",
        "damnation_sets": "cancel",
        "damnation_start": "same",
    },
    "short-race": {"target": 100, "first_player": 1},
}
GAMES = {2: 8, 3: 6, 4: 4}


def _bots(game, seed, kind):
    out = []
    for s in range(game.num_players):
        if kind == "mixed":
            name = ("greedy", "kings", "random")[s % 3]
        else:
            name = kind
        if name == "kings":
            out.append(KingsDownBot(game, seed, s))
        elif name == "random":
            out.append(RandomBot(game, seed, s))
        else:
            out.append(make_bot(game, name, seed, s))
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_simcheck_short_games(players, variant):
    options = dict(VARIANTS[variant], round_limit=3)
    game = games.load("new-rule", players, **options)
    ends = {}
    resampled = 0
    for i in range(GAMES[players]):
        seed = ("nr-sim-%s-%d-%d" % (variant, players, i)).encode()
        kind = ("random", "mixed", "kings", "greedy")[i % 4]
        end, stats = simcheck.check_game(game, seed, bots=_bots(game, seed, kind), thorough=False)
        resampled += stats["resampled"]
        for row in end.view(None)["result"]["rounds"]:
            ends[row["end"]] = ends.get(row["end"], 0) + 1
    assert resampled > 0
    assert ends.get("reckoning", 0) > 0 and ends.get("damnation", 0) > 0
    # every check at every node, on a one-round game
    options["round_limit"] = 1
    one = games.load("new-rule", players, **options)
    _, stats = simcheck.check_game(one, b"thorough", thorough=True)
    assert stats["resampled"] > 0


def test_the_race_to_the_target_is_checked():
    game = games.load("new-rule", 2, target=100, round_limit=40)
    won = 0
    for i in range(2):
        seed = b"race-%d" % i
        bots = _bots(game, seed, "greedy")
        end, _ = simcheck.check_game(game, seed, bots=bots, thorough=False)
        won += end.view(None)["result"]["reason"] == "target"
    assert won >= 1


def _classify(cards):
    """The set these labels form, from poker's definitions, or None."""
    ranks = sorted(["A23456789TJQK".index(t[:-1][-1] if t[:-1] != "10" else "T") for t in cards])
    suits = set(t[-1] for t in cards)
    counts = sorted([ranks.count(r) for r in set(ranks)])
    if len(cards) == 2 and counts == [2]:
        return "pair"
    if len(cards) == 3 and counts == [3]:
        return "three of a kind"
    if len(cards) == 4:
        if counts == [4]:
            return "four of a kind"
        if counts == [2, 2]:
            return "two pair"
        if len(suits) == 1 and counts == [1, 1, 1, 1]:
            if ranks[3] - ranks[0] == 3 or ranks == [0, 10, 11, 12]:
                return "straight flush"
    return None


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.integers(0, NUM_CARDS - 1), min_size=2, max_size=4, unique=True))
def test_set_index_matches_poker(cards):
    index = set_index(cards)
    kind = _classify([label(c) for c in cards])
    if kind is None:
        assert index == -1
        return
    name = ("pair", "two pair", "three of a kind", "four of a kind", "straight flush")
    assert name[set_cards(index)[0]] == kind
    assert sorted(set_cards(index)[1]) == sorted(cards)


def test_every_set_of_one_rank_is_found():
    """All C(4,2) pairs, C(4,3) trios and the four of a kind of every rank."""
    for rank in range(13):
        cards = [rank * 4 + s for s in range(4)]
        seen = set()
        for k in (2, 3, 4):
            for combo in combinations(cards, k):
                seen.add(set_index(list(combo)))
        assert -1 not in seen and len(seen) == 6 + 4 + 1
