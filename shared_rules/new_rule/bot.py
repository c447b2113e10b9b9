"""A greedy bot for New Rule (Sin).

It plays fair: it reads only its seat's view (its hand, its own damned cards,
the face-up boards, the set decks, the counts) and the action codec. For each
card it could play, face up or face down, it looks at the best set it could
then form and scores the position it would leave:

    10 * set points  -  RISK * what its board would cost at a reckoning
                     -  10 * points its face-up cards would hand another player

(a face-down King on its board makes the reckoning cost nothing). A King
played face up is worth what the reckoning would take from the others, on
average, less what it would cost itself. When forming a set it takes the
best the rules list first: most points, then the most penalty off its own
board. Integer arithmetic only, so it runs on the board too; ties go to a
coin from its own labelled stream.
"""

from shared_rules.laptop.search_guide import Guide, win_chances
from shared_rules.new_rule.laptop import find_sets
from shared_rules.new_rule.rules import (
    DOWN,
    KING,
    NO_SET,
    NUM_CARDS,
    SET_POINTS,
    UP,
    parse_card,
    reckoning_lines,
    set_cards,
)
from shared_rules.rng import Stream

RISK = 3  # tenths of a penalty point: the chance the board is reckoned as it stands
GOD_WEIGHT = 7  # tenths of the others' mean penalty that a face-up King is worth
DAMNED_GUESS = 7  # what an unseen damned card of another player is taken to cost


class GreedyBot:
    name = "greedy"

    def __init__(self, game, seed, seat):
        self.game = game
        self.seat = seat
        self.stream = Stream(seed, ("bot%d" % seat).encode())
        self.ace = game.options["ace"]
        self.spared = game.options["king_player"] == "spared"
        self.starts = game.starts

    def choose(self, view, legal):
        if view["phase"] == "set":
            sets = view["legal_sets"]  # best first
            return sets[0]["action"] if sets else NO_SET
        values = self.values(view, legal)
        best = max(values)
        best_actions = [legal[i] for i in range(len(legal)) if values[i] == best]
        return best_actions[self.stream.below(len(best_actions))]

    def values(self, view, legal):
        """What each card play in `legal` is worth to this seat (phase "play")."""
        me = self.seat
        boards = [[parse_card(c) for c in b] for b in view["boards"]]
        damned = [parse_card(c) for c in view["damned"]]
        set_ranks = []
        for entry in view["set_decks"][me]:
            for c in entry["cards"]:
                r = parse_card(c) >> 2
                if r not in set_ranks:
                    set_ranks.append(r)
        values = []
        for a in legal:
            up = a < DOWN
            card = a - (UP if up else DOWN)
            if up and (card >> 2) == KING:
                values.append(self._god_value(view, boards, damned, set_ranks))
            else:
                values.append(self._play_value(boards, damned, set_ranks, card, up))
        return values

    def _cost(self, up, down, set_ranks):
        """What a board would cost at a reckoning now (0 if a face-down King forgives)."""
        for c in down:
            if (c >> 2) == KING:
                return 0
        return reckoning_lines(up, down, set_ranks, self.ace)[1]

    def _god_value(self, view, boards, damned, set_ranks):
        me = self.seat
        others = 0
        n = len(boards)
        for s in range(n):
            if s == me:
                continue
            ranks = []
            for entry in view["set_decks"][s]:
                for c in entry["cards"]:
                    ranks.append(parse_card(c) >> 2)
            cost = reckoning_lines(boards[s], [], ranks, self.ace)[1]
            others += cost + view["damned_counts"][s] * 2 * DAMNED_GUESS
        value = GOD_WEIGHT * others // (n - 1)
        if not self.spared:
            value -= 10 * self._cost(boards[me], damned, set_ranks)
        return value

    def _play_value(self, boards, damned, set_ranks, card, up):
        me = self.seat
        mine = list(boards[me])
        down = list(damned)
        if up:
            mine.append(card)
        else:
            down.append(card)
        owner = [-1] * NUM_CARDS
        for s in range(len(boards)):
            for c in boards[s]:
                owner[c] = s
        for c in mine:
            owner[c] = me
        for c in down:
            owner[c] = me
        best = self._leave(boards, mine, down, set_ranks)
        for index in find_sets(owner, me, self.starts):
            kind, cards = set_cards(index)
            rest_up = [c for c in mine if c not in cards]
            rest_down = [c for c in down if c not in cards]
            ranks = list(set_ranks)
            for c in cards:
                if (c >> 2) not in ranks:
                    ranks.append(c >> 2)
            others = []
            for s in range(len(boards)):
                others.append([c for c in boards[s] if c not in cards])
            value = 10 * SET_POINTS[kind] + self._leave(others, rest_up, rest_down, ranks)
            if value > best:
                best = value
        return best

    def _leave(self, boards, mine, down, set_ranks):
        """The worth of leaving my board as `mine` (face up) and `down` (damned)."""
        me = self.seat
        value = -RISK * self._cost(mine, down, set_ranks)
        # a face-up card of mine that pairs with another player's face-up card
        # is a pair that player may take on their turn
        for c in mine:
            r = c >> 2
            for s in range(len(boards)):
                if s == me:
                    continue
                for o in boards[s]:
                    if (o >> 2) == r:
                        value -= 10 * SET_POINTS[0]
                        break
        return value


class SearchGuide(Guide):
    """What the search bot (host/ismcts.py) is told of New Rule: rollouts played
    by greedy bots to the end of the round, then each seat's chance of winning
    judged from the scores and how far the leader still is from the target."""

    horizon = 1  # a rollout plays to the end of the round it starts in
    wide = 4  # every choice of a card opens the greedy bot's favourites first

    def __init__(self, game):
        self.game = game
        self.target = game.options["target"]
        self.bots = [GreedyBot(game, b"search guide", s) for s in range(game.num_players)]

    def stage(self, state):
        return state.rounds_played()  # every finished round (state.rounds keeps the last few)

    def evaluate(self, state):
        scores = state.scores
        return win_chances(scores, _spread(self.target - max(scores)))

    def rollout_action(self, state, legal, stream):
        p = state.current_player()
        return self.bots[p].choose(state.view(p), legal)

    def rank(self, state, legal):
        """The greedy bot's order: plays by its values, sets best first."""
        p = state.current_player()
        view = state.view(p)
        if view["phase"] == "set":
            first = [e["action"] for e in view["legal_sets"]]
            return first + [a for a in legal if a not in first]
        values = self.bots[p].values(view, legal)
        order = list(range(len(legal)))
        order.sort(key=lambda i: (-values[i], legal[i]))
        return [legal[i] for i in order]


def _spread(to_go):
    """How much a lead may still change when the leader is `to_go` points from
    the target: a round moves the scores by some 15 points, and the rounds
    left number about to_go / 5."""
    if to_go < 10:
        to_go = 10
    return isqrt(45 * to_go * 2)


def isqrt(n):
    """The integer square root (MicroPython has no math.isqrt)."""
    x = n
    y = (x + 1) // 2
    while y < x:
        x = y
        y = (x + n // x) // 2
    return x
