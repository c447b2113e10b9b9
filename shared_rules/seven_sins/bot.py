"""A greedy bot for 7: The Sins that knows the Abyss threshold.

It plays fair: it sees only its seat's view, and remembers only what a
player at the table could (what it took itself, where it put it; it does not
see its opening card again after the deal, exactly like the view). For
every legal take it estimates the Abyss points (its own Abyss cards exactly,
the other face-down Abyss cards spread evenly over the sins in play), turns
them into a chance that "most points wins" (Abyss greater than 7), and picks
the take that maximises

    p * best score if most wins  -  (100 - p) * best score if fewest wins

with its Stones of Forgiveness placed at their best (best_stone_placement).
Integer arithmetic only, so it runs on the board too. Ties go to a coin from
its own labelled stream.
"""

from shared_rules.rng import Stream
from shared_rules.seven_sins.rules import (
    ABYSS,
    ABYSS_THRESHOLD,
    NUM_SINS,
    PENANCE,
    PENANCE_AS_SIN,
    SIN_NAMES,
    STONE,
    STONES,
    best_stone_placement,
    points,
)


def _most_chance(abyss_points):
    """Percent chance that most points wins, from an Abyss estimate."""
    p = 50 + 3 * (2 * abyss_points - 2 * ABYSS_THRESHOLD - 1)
    if p < 5:
        return 5
    if p > 95:
        return 95
    return p


class GreedyBot:
    name = "greedy"

    def __init__(self, game, seed, seat):
        self.seat = seat
        self.stream = Stream(seed, ("bot%d" % seat).encode())
        self.takes_penance = game.options["penance_cards"] == PENANCE_AS_SIN
        self.mine = [0] * NUM_SINS  # cards I put in my reserve (opening card unknown)
        self.sent = [0] * NUM_SINS  # cards I put on the Abyss

    def choose(self, view, legal):
        if view["phase"] == STONES:
            return self._place_stone(view, legal)
        centre = [0] * 15
        for c in view["centre"]:
            centre[c] += 1
        sins = view["sins"]
        stones = view["stones"][self.seat]
        stone_left = view["stones_left"] > 0
        unknown = view["abyss_cards"] - sum(self.sent)
        best = None
        best_actions = []
        for a in legal:
            s = a % 10
            count = centre[s] + (centre[PENANCE + s] if self.takes_penance else 0)
            mine = list(self.mine)
            sent = list(self.sent)
            my_stones = stones
            if a >= ABYSS:
                sent[s] += count
                if stone_left:
                    my_stones += 1
            else:
                mine[s] += count
            value = self._value(mine, sent, unknown, sins, my_stones)
            if best is None or value > best:
                best = value
                best_actions = [a]
            elif value == best:
                best_actions.append(a)
        a = best_actions[self.stream.below(len(best_actions))]
        s = a % 10
        count = centre[s] + (centre[PENANCE + s] if self.takes_penance else 0)
        if a >= ABYSS:
            self.sent[s] += count
        else:
            self.mine[s] += count
        return a

    def _value(self, mine, sent, unknown, sins, stones):
        # Estimated Abyss: my cards exactly, the others' spread evenly.
        k = len(sins)
        share = unknown // k
        extra = unknown - share * k
        abyss_points = 0
        for i in range(k):
            s = sins[i]
            abyss_points += points(sent[s] + share + (1 if i < extra else 0))
        p = _most_chance(abyss_points)
        _, high = best_stone_placement(mine, stones, True)
        _, low = best_stone_placement(mine, stones, False)
        return p * high - (100 - p) * low

    def _place_stone(self, view, legal):
        scoring = view["scoring"]
        me = scoring["seats"][self.seat]
        counts = [0] * NUM_SINS
        for s in range(NUM_SINS):
            counts[s] = me["reserve"].get(SIN_NAMES[s], 0)
        chosen, _ = best_stone_placement(counts, me["stones"], scoring["most_wins"])
        for s in chosen:
            if STONE + s in legal:
                return STONE + s
        return legal[0]
