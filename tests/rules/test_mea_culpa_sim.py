"""Mea Culpa over many seeded games (CPython only; about 75 s on one core).

1. The generic checker (tests/portable/simcheck.py) over a few hundred seeded
   games for 2, 3 and 4 players and every option: legality, clone, replay,
   bounded length, and view non-interference through MeaCulpaState.resample.
2. A fast sweep over thousands more games (random and greedy bots) that checks
   the conservation of every component at every node.
"""

import pytest
from simcheck import check_many

from shared_rules.laptop.driver import RandomBot, play
from shared_rules.mea_culpa import board as B
from shared_rules.mea_culpa import data as D
from shared_rules.mea_culpa import rules as M
from shared_rules.mea_culpa.bot import GreedyBot

pytestmark = pytest.mark.slow  # thousands of seeded games: `make test` only

CHECKED = {2: 72, 3: 60, 4: 48}
SWEPT = {2: 1000, 3: 1000, 4: 1000}
OPTION_SETS = [
    {},
    {"penitent": True},
    {"extra_cards": "none", "overshoot": "clamp"},
    {"merchant3": "every", "heaven": 8},
]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_generic_checker(players):
    total = {"games": 0, "nodes": 0, "resampled": 0}
    count = CHECKED[players]
    for k in range(len(OPTION_SETS)):
        game = M.MeaCulpa(players, **OPTION_SETS[k])
        part = count // len(OPTION_SETS) + (1 if k < count % len(OPTION_SETS) else 0)
        seeds = [("mc%d-%d-%d" % (players, k, i)).encode() for i in range(part)]
        stats = check_many(game, seeds)
        for key in total:
            total[key] += stats[key]
    assert total["games"] == count
    # Secrets were resampled often: bids, compartments and the Pope die.
    assert total["resampled"] > total["games"] * 10


def _totals(state):
    n = state.n
    goods = [state.bag[g] + state.market[g] for g in range(5)]
    for s in range(n):
        for g in range(4):
            goods[g] += state.goods[s][g] + state.chest[s][0][g] + state.chest[s][1][g]
    letters = list(state.supply)
    letters[M.YELLOW] += state.suite6
    for s in range(n):
        for c in range(4):
            letters[c] += state.letters[s][c]
    for task in state.stack:
        if task[0] == M.T_COMP and task[2] < 4:  # shown, on its way into the chest
            goods[task[2]] += task[3]
        if task[0] == M.T_EVAL_PICK:
            for c in range(4):
                letters[c] += task[5 + c]
    return goods, letters


def check_invariants(state):
    n = state.n
    goods, letters = _totals(state)
    assert goods == list(D.BAG[0]), goods
    assert letters == list(B.LETTERS[0]), letters
    for s in range(n):
        stones = state.sins[s] + sum(state.dens[d][s] for d in range(3))
        assert stones == B.SIN_STONES[0]
        assert state.money[s] >= 0
        assert -state.heaven <= state.pos[s] <= B.HELL[0]
        if state.round > 0 and state.bids_shown:
            assert 1 <= state.post[s] <= 6
    spaces = [p for p in state.pos if p != 0 and p != -state.heaven]
    assert len(spaces) == len(set(spaces)), state.pos
    assert sum(state.pope_stones) == 3
    assert state.hut + sum(state.crews) + state.emp_crew == B.BUILDING_CREWS[0]
    assert max(state.crews) <= 1
    cards = sum(state.deck) + sum(state.discard) + len([r for r in state.rooms if r >= 0])
    assert cards == (24 if state.game.options["extra_cards"] == "money" else 19)
    assert sum(state.done) <= 2 and state.evaluated <= 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sweep_conservation(players):
    lengths = []
    wins = [0] * players
    for i in range(SWEPT[players]):
        game = M.MeaCulpa(players, **OPTION_SETS[i % len(OPTION_SETS)])
        seed = ("sweep%d-%d" % (players, i)).encode()
        bots = []
        for s in range(players):
            if (i + s) % 3 == 0:
                bots.append(GreedyBot(game, seed, s))
            else:
                bots.append(RandomBot(game, seed, s))
        end = play(game, seed, bots, observer=lambda st, a: check_invariants(st))
        check_invariants(end)
        assert end.evaluated == 2 and sum(end.done) == 2
        assert end.round <= M.MAX_ROUNDS
        r = end.returns()
        assert sum(r) >= 1
        for s in range(players):
            wins[s] += r[s]
        lengths.append(end.move_number())
    assert max(lengths) <= M.MeaCulpa(players).max_game_length()
    assert min(wins) > 0
