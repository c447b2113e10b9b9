"""7: The Sins against an independent re-reading of the rulebook (CPython only).

`reference()` knows nothing of shared_rules.seven_sins.rules: it walks a finished
game's action list with its own plain model of the table (the centre as a
list of cards, the pile as a count), applies the rulebook's turn, refill and
end rules, places stones by brute force over every legal placement and ranks
the seats by the tie-break ladder. Bot games of every player count and variant
must agree with the engine on where the game ends, every score and every
winner.
"""

from itertools import combinations

import pytest

from shared_rules import games
from shared_rules.laptop.driver import make_bot, play

NAMES = ("Pride", "Greed", "Lust", "Envy", "Wrath", "Sloth", "Gluttony")
# "| 1 | 1 | 2 | 3 | 3 | 6 | 4 | -1 | 5 | -3 | 6 | -6 | 7+ | 10 |"
TABLE = (0, 1, 3, 6, -1, -3, -6)
TYPES = {2: 4, 3: 5, 4: 6, 5: 7}
STONES = {2: 4, 3: 6, 4: 8, 5: 10}
LJ = 7


def _points(count):
    return 10 if count >= 7 else TABLE[count]


def reference(game, history):
    """(actions used, scores, returns, turns per seat, ended with nothing to take)."""
    n = game.num_players
    opts = game.options
    t = TYPES[n]
    i = 0
    if opts["sins"] == "random":
        i = t
    reserve = [[0] * 7 for _ in range(n)]
    abyss = [0] * 7
    stones = [0] * n
    supply = STONES[n]
    for seat in range(n):  # one secret card each from Hell I
        reserve[seat][history[i] - 40] += 1
        i += 1
    centre = [history[i + k] - 40 for k in range(5)]  # "Reveal the first 5 cards"
    i += 5
    # Hell I after the deal and the five, Hell II, Hell III, each with its
    # Last Judgment, then the Penance cards under the pile.
    pile = (6 * t - n - 5 + 1) + (3 * t + 1) + (2 * t + 1) + (t if opts["penance"] else 0)
    penance_is_sin = opts["penance_cards"] == "sin"

    def sin_of(card):
        if card < 7:
            return card
        if card >= 8 and penance_is_sin:
            return card - 8
        return None

    first = opts["first_player"]
    last = (first - 1) % n  # to the left of the first player: last in the round
    seat = first
    judgments = 0
    final_round = False
    turns = [0] * n
    stuck = False
    while True:
        action = history[i]
        i += 1
        assert action < 20, "a seat must be taking here"
        s = action % 10
        taken = [c for c in centre if sin_of(c) == s]
        assert taken, "takes nothing"
        centre = [c for c in centre if sin_of(c) != s]
        if action >= 10:
            abyss[s] += len(taken)
            if supply:
                stones[seat] += 1
                supply -= 1
        else:
            reserve[seat][s] += len(taken)
        turns[seat] += 1
        if final_round and seat == last:
            break
        over = False
        while len(centre) < 5 and pile > 0:
            card = history[i] - 40
            i += 1
            pile -= 1
            centre.append(card)
            if card == LJ:
                judgments += 1
                if judgments == 3:
                    if not opts["penance"] or seat == last:
                        over = True
                        break
                    final_round = True
        if over:
            break
        seat = (seat + 1) % n
        if not [c for c in centre if sin_of(c) is not None]:
            stuck = True
            break
    most = sum(_points(c) for c in abyss) > 7
    scores = []
    for seat in range(n):
        owned = [s for s in range(7) if reserve[seat][s]]
        best = None
        for chosen in combinations(owned, min(stones[seat], len(owned))):
            value = sum(_points(reserve[seat][s] + (s in chosen)) for s in range(7))
            if best is None or (value > best if most else value < best):
                best = value
        scores.append(best)
    keys = [
        (scores[s] if most else -scores[s], sum(reserve[s]), len([c for c in reserve[s] if c]))
        for s in range(n)
    ]
    top = max(keys)
    return i, scores, [1 if k == top else 0 for k in keys], turns, stuck


CONFIGS = [
    (n, penance, cards, first)
    for n in (2, 3, 4, 5)
    for penance in (False, True)
    for cards in ("sin", "blank")
    for first in (0, n - 1)
    if penance or cards == "sin"
]


@pytest.mark.parametrize("n,penance,cards,first", CONFIGS)
def test_engine_agrees_with_the_reference(n, penance, cards, first):
    game = games.load("seven-sins", n, penance=penance, penance_cards=cards, first_player=first)
    for k in range(40):
        seed = b"reference-%d-%d" % (n, k)
        bots = [
            make_bot(game, "greedy" if (k + s) % 3 == 0 else "random", seed, s) for s in range(n)
        ]
        end = play(game, seed, bots)
        history = end.history()
        used, scores, returns, turns, stuck = reference(game, history)
        assert used == len(history), (seed, used, len(history))
        assert scores == end.scores, seed
        assert returns == end.returns(), seed
        if penance and not stuck:
            # "This variant ... allowing each participant to play the same number of turns."
            assert turns == [turns[0]] * n, (seed, turns)
