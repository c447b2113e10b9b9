"""A greedy Mea Culpa bot for host simulation: better than random, not clever.

It sins little: bids one notch and no taler, never takes a second action,
buys Letters of Indulgence whenever it can, trades goods for profit
(buy cheap, sell dear), donates to be among the top two donors, and picks the
Letter colours that complete sets. Choices it has no rule for are drawn
from its own labelled stream. It sees only its seat's view.
"""

from shared_rules.laptop.search_guide import Guide, win_chances
from shared_rules.mea_culpa import board as B
from shared_rules.mea_culpa import data as D
from shared_rules.mea_culpa import rules as M
from shared_rules.rng import Stream

CHARACTER_PREFERENCE = (M.MERCHANT, M.EMPEROR, M.POPE, M.PETTY)
GOOD_HOUSE_EFFECTS = (
    D.EFFECT_TALER,
    D.EFFECT_POPE_YELLOW,
    D.EFFECT_EMPEROR_LETTER,
    D.EFFECT_OTHERS_HELL,
    D.EFFECT_TAKE_GOOD,
)


class GreedyBot:
    name = "greedy"

    def __init__(self, game, seed, seat):
        self.seat = seat
        self.stream = Stream(seed, b"greedy%d" % seat)

    def _random(self, legal):
        return legal[self.stream.below(len(legal))]

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        phase = view["phase"]
        me = view["me"]
        first = legal[0]
        if phase == "bidding":
            return M.BID_BASE + 1 if (M.BID_BASE + 1) in legal else first
        if phase == "bonus":
            for b in (3, 2, 1, 0):
                if M.BONUS_BASE + b in legal:
                    return M.BONUS_BASE + b
        if phase == "characters":
            for ch in CHARACTER_PREFERENCE:
                if M.PICK_BASE + ch in legal:
                    return M.PICK_BASE + ch
        if phase == "compartment":
            return self._compartment(view, legal)
        if phase == "preliminary":
            return self._preliminary(view, legal)
        if phase == "petty visit":
            return self._house(view, legal, free=True)
        if phase == "turn":
            return self._turn(view, me, legal)
        if phase == "emperor donation":
            return self._donation(me, legal, second=True)
        if phase == "evaluation":
            return self._letter(me, legal, M.LETTER_PICK_BASE)
        if phase == "give letter":
            # Give away the colour held most.
            best = legal[0]
            for a in legal:
                if me["letters"][a - M.GIVE_BASE] > me["letters"][best - M.GIVE_BASE]:
                    best = a
            return best
        if phase == "sin stones":
            dens = view["dens"]
            return min(legal, key=lambda a: (dens[a - M.EMPTY_BASE][self.seat], a))
        if phase == "merchant":
            for k in (5, 4, 6, 3, 1, 2, 0):
                if M.MERCHANT_BASE + k in legal:
                    if k in (4, 5):
                        return self._letter(
                            me,
                            [M.MERCHANT_BASE + 4, M.MERCHANT_BASE + 5],
                            M.MERCHANT_BASE + 2,
                            legal,
                        )
                    return M.MERCHANT_BASE + k
        if phase == "house card":
            return self._card_choice(view, legal)
        if phase == "suite 5":
            rooms = view["rooms"]
            for a in legal:
                if D.CARDS[rooms[a - M.SUITE5_BASE - 1]][3] in GOOD_HOUSE_EFFECTS:
                    return a
        return self._random(legal)

    def _letter(self, me, options, base, legal=None):
        """The option whose colour (option - base) this seat holds fewest of."""
        mine = me["letters"]
        allowed = [a for a in options if legal is None or a in legal]
        return min(allowed, key=lambda a: (mine[a - base], a))

    def _compartment(self, view, legal):
        chest = view["me"]["chest"]
        if sum(chest[0]) <= sum(chest[1]) and M.COMP_BASE in legal:
            return M.COMP_BASE
        return legal[-1]

    def _preliminary(self, view, legal):
        crews = [a for a in legal if M.CREW_BASE <= a < M.CREW_BASE + 3]
        if crews:
            sites = view["sites"]
            # Build where a nave already stands or a crew waits: games end sooner.
            return max(
                crews, key=lambda a: (sites[a - M.CREW_BASE][1] * 2 + sites[a - M.CREW_BASE][0], -a)
            )
        move = self._punishing_pope_move(view, legal)
        return move if move is not None else M.END

    def _punishing_pope_move(self, view, legal):
        stones = view["pope_stones"]
        dens = view["dens"]
        best = None
        best_gain = 0
        for a in legal:
            if not M.POPE_STONE_BASE <= a < M.POPE_STONE_BASE + 9:
                continue
            src = (a - M.POPE_STONE_BASE) // 3
            dst = (a - M.POPE_STONE_BASE) % 3
            if stones[dst] + 1 < 3 or stones[src] == 0:
                continue
            gain = 0
            for d in range(3):
                if d != dst:
                    gain += sum(dens[d]) - 2 * dens[d][self.seat]
            if gain > best_gain:
                best = a
                best_gain = gain
        return best

    def _house(self, view, legal, free):
        rooms = view["rooms"]
        for a in legal:
            if M.VISIT_BASE + 1 <= a <= M.VISIT_BASE + 4:
                if D.CARDS[rooms[a - M.VISIT_BASE - 1]][3] in GOOD_HOUSE_EFFECTS:
                    return a
        if free and M.VISIT_BASE + 6 in legal:
            return M.VISIT_BASE + 6
        return M.END

    def _turn(self, view, me, legal):
        if view["turn"][2] > 0:
            return M.END  # one action a turn: the post stays low
        letters = [a for a in legal if a in (M.BUY_LETTER, M.BUY_LETTER + 1)]
        if letters:
            return self._letter(me, letters, M.BUY_LETTER - 2)
        goods = me["goods"]
        money = me["money"]
        sells = [a for a in legal if M.SELL_BASE <= a < M.SELL_BASE + 4]
        if sells and money < 10:
            return max(sells, key=lambda a: (B.PRICES[a - M.SELL_BASE][1], a))
        if sum(goods) > 0 and view["evaluated"] < 2:
            give = self._donation(me, legal, second=False)
            if give != M.END:
                return give
        buys = [a for a in legal if M.BUY_BASE <= a < M.BUY_BASE + 4]
        if buys:
            return max(
                buys, key=lambda a: (B.PRICES[a - M.BUY_BASE][1] - B.PRICES[a - M.BUY_BASE][0], a)
            )
        if money >= 12:
            coin = M.DONATE_BASE + 6
            if coin in legal:
                return coin
        visit = self._house(view, legal, free=False)
        if visit != M.END and me is not None and view["posts"][self.seat] <= 2:
            return visit
        return M.END

    def _donation(self, me, legal, second):
        goods = [a for a in legal if M.DONATE_BASE <= a < M.DONATE_BASE + 4]
        if goods:
            # The valuable goods first: a bottle or a jewel counts double.
            return max(goods, key=lambda a: ((a - M.DONATE_BASE) % 2, a))
        if second and me["money"] >= 10 and M.DONATE_BASE + 6 in legal:
            return M.DONATE_BASE + 6
        return M.END

    def _card_choice(self, view, legal):
        move = self._punishing_pope_move(view, legal)
        if move is not None:
            return move
        takes = [a for a in legal if M.TAKE_BASE <= a < M.TAKE_BASE + 4]
        if takes:
            return max(takes, key=lambda a: (B.PRICES[a - M.TAKE_BASE][1], a))
        return self._random(legal)


HORIZON = 2  # rounds a rollout plays before the position is judged
SPREAD = 600  # in hundredths of a step: a lead this large wins about three times in four


class SearchGuide(Guide):
    """What the search bot (host/ismcts.py) is told of Mea Culpa: rollouts
    played by greedy bots for two rounds (to the end of the next round), the
    position then judged by what each soul is worth (_worth); and bids opened
    cheapest first (the greedy bid, then by taler and notches), so the
    hundred-odd bids of a wide node open a few at a time."""

    horizon = HORIZON

    def __init__(self, game):
        self.game = game
        self.bots = [GreedyBot(game, b"search guide", s) for s in range(game.num_players)]

    def stage(self, state):
        return state.round

    def evaluate(self, state):
        return win_chances([_worth(state, s) for s in range(state.n)], SPREAD)

    def rollout_action(self, state, legal, stream):
        p = state.current_player()
        return self.bots[p].choose(state.view(p), legal)

    def rank(self, state, legal):
        first = self.rollout_action(state, legal, None)
        rest = [a for a in legal if a != first]
        if legal[-1] >= M.BID_BASE:
            rest.sort(key=_bid_cost)
        return [first] + rest


def _worth(state, s):
    """What seat s's position is worth, in hundredths of a step towards Heaven:
    the steps its Letters would take it now less its place on the Record of
    Sins, and what its money, goods, donations and sin stones are likely to
    bring, and each Letter colour it lacks for a set. The weights are a
    logistic regression's (who won, against the differences between the two
    seats at the start of each round, in 3,000 two-player games of greedy bots
    that played a random move one time in ten), scaled to the step's."""
    letters = state.letters[s]
    sets = min(letters)
    steps = B.SET_STEPS[0] * sets + B.SINGLE_STEPS[0] * (sum(letters) - 4 * sets)
    goods = state.goods[s]
    chest = state.chest[s]
    given = 0
    for comp in (0, 1):
        c = chest[comp]
        given += c[0] + 2 * c[1] + c[2] + 2 * c[3]
    coins = chest[0][4] + chest[1][4]  # taler donated
    dens = state.dens[0][s] + state.dens[1][s] + state.dens[2][s]
    missing = 0
    for c in letters:
        if c == 0:
            missing += 1
    return (
        100 * (steps - state.pos[s])
        + 11 * state.money[s]
        + 40 * (goods[0] + 2 * goods[1] + goods[2] + 2 * goods[3])
        + 52 * given
        + 19 * coins
        - 49 * dens
        - 110 * missing
    )


def _bid_cost(action):
    """Bids, cheapest first: by taler, then by notches (a non-bid sorts first)."""
    if action < M.BID_BASE:
        return (-1, action)
    v = action - M.BID_BASE
    return (v // 8, v % 8)
