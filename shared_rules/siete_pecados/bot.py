"""A greedy bot for 7 Pecados, both modes and teams.

It plays fair: it sees only its seat's view and the legal actions. For each
legal action it works out, from the view alone, where the sin cards, the
temptation cards and the faith cubes would be right after it (the visible
effect: a tempt, a sin, a relapse, a favour, a cancel), and scores that
position:

- Celestial: its own (or its team's best) sin points against the others',
  a bonus for being a saint, the faith cubes it holds, and the danger of the
  cards left in its hand (a card of a sin that is tempted elsewhere may force
  it to sin later);
- Infernal: the other way round, with a large bonus for the seventh sin, and
  a penalty for leaving its own sins tempted where others could take them.

A cancel (Infernal) is worth its cube when the declared play would cost the
bot more than a cube's worth. Integer arithmetic only, so it runs on the
board too. Ties go to a coin from its own labelled stream.
"""

from shared_rules.rng import Stream
from shared_rules.siete_pecados.rules import (
    ANGEL_DEMON,
    CANCEL,
    CANCELLING,
    CARD_NAMES,
    DRAW_CENTRE,
    DRAW_DECK,
    ELIMINATE,
    LIMBO_CARD,
    NUM_SINS,
    PROTECT_OTHERS,
    PROTECT_YOURSELF,
    TEMPT,
    TO_LIMBO,
    encode,
    favour_parts,
)

NOBODY = -1
CUBE = 2  # what a faith cube is worth, in tenths of a sin point


class _Table:
    """The part of a view the bot changes while it looks one play ahead."""

    def __init__(self, holder, tempted, cubes, protected, centre):
        self.holder = holder
        self.tempted = tempted
        self.cubes = cubes
        self.protected = protected
        self.centre = centre

    def copy(self):
        return _Table(
            list(self.holder),
            list(self.tempted),
            list(self.cubes),
            list(self.protected),
            list(self.centre),
        )

    def gain(self, seat):
        if seat >= 0 and self.cubes[seat] < 2:
            self.cubes[seat] += 1

    def move(self, s, to):
        self.gain(self.holder[s])
        self.holder[s] = to

    def place(self, seat, s, infernal):
        """A temptation card of sin s played or drawn by `seat`."""
        if not self.tempted[s]:
            self.tempted[s] = 1
            return
        self.tempted[s] = 0
        self.centre[s] += 2
        if self.holder[s] != seat:
            self.move(s, seat)
            if not infernal:
                self.protected[seat] = 0

    def favour(self, seat, action):
        name, s, t = favour_parts(action)
        if name == "protect_yourself":
            self.protected[seat] = 1
        elif name == "protect_others":
            self.protected[t] = 1
        elif name == "unprotect_yourself":
            self.protected[seat] = 0
        elif name == "unprotect_others":
            self.protected[t] = 0
        elif name == "forgive":
            self.tempted[s] = 0
            self.centre[s] += 1
        elif name == "flagellate_yourself":
            self.move(s, seat)
        else:  # cleanse_your_soul, influence_others
            self.move(s, t)


def _table(view):
    return _Table(
        [NOBODY if h is None else h for h in view["holder"]],
        [1 if t else 0 for t in view["tempted"]],
        list(view["cubes"]),
        [1 if p else 0 for p in view["protected"]],
        list(view["centre"]),
    )


class GreedyBot:
    name = "greedy"

    def __init__(self, game, seed, seat):
        self.seat = seat
        self.n = game.num_players
        self.infernal = game.options["mode"] == "infernal"
        self.teams = game.options["teams"]
        self.stream = Stream(seed, ("bot%d" % seat).encode())

    # -- choosing ----------------------------------------------------------------------------
    def choose(self, view, legal):
        if view["phase"] == CANCELLING:
            return self._cancel_or_pass(view, legal)
        table = _table(view)
        hand = [_code(name) for name in view["me"]["hand"]]
        best = None
        picks = []
        for action in legal:
            value = self._value(view, table, hand, action)
            if best is None or value > best:
                best = value
                picks = [action]
            elif value == best:
                picks.append(action)
        return picks[self.stream.below(len(picks))]

    def _value(self, view, table, hand, action):
        me = self.seat
        after = table.copy()
        rest = list(hand)
        bonus = 0
        if action == DRAW_DECK:
            pass
        elif DRAW_CENTRE <= action < DRAW_CENTRE + NUM_SINS:
            s = action - DRAW_CENTRE
            if self.infernal:
                after.cubes[me] -= 1
            after.centre[s] -= 1
            after.place(me, s, self.infernal)
        elif TEMPT <= action < TEMPT + NUM_SINS:
            s = action - TEMPT
            _drop(rest, s)
            if view["phase"] != "limbo":
                after.place(me, s, self.infernal)
            if after.holder[s] == me and table.holder[s] != me and view["limbo"]:
                bonus -= 3 * len(view["limbo"])  # a limbo deal starts on my left: unknown cards
        elif action == TO_LIMBO:
            # Worth the best card to send, a cube paid.
            after.cubes[me] -= 1
            best = self._position(after, hand)
            for c in hand:
                other = list(hand)
                _drop(other, c)
                best = max(best, self._position(after, other))
            return best
        elif LIMBO_CARD <= action < LIMBO_CARD + 8:
            _drop(rest, action - LIMBO_CARD)
        elif action == ELIMINATE:
            if view["phase"] != "limbo":
                _drop(rest, ANGEL_DEMON)
            after.gain(me)
        else:
            if view["phase"] != "limbo":
                _drop(rest, ANGEL_DEMON)
            after.favour(me, action)
            if action == PROTECT_YOURSELF or PROTECT_OTHERS <= action < PROTECT_OTHERS + 6:
                bonus += 2
        return self._position(after, rest) + bonus

    def _cancel_or_pass(self, view, legal):
        """Cancel when the declared play costs more than the cube."""
        declared = view["declared"]
        player = declared["seat"]
        table = _table(view)
        now = self._position(table, [])
        after = table.copy()
        if declared["kind"] == "tempt":
            after.place(player, _code(declared["sin"]), True)
        else:
            after.favour(player, encode(declared))
        loss = now - self._position(after, [])
        if CANCEL in legal and loss > 10 * CUBE // 4 + CUBE:
            return CANCEL
        return legal[0]

    # -- judging a position ---------------------------------------------------------------------
    def _position(self, table, hand):
        n = self.n
        me = self.seat
        points = [0] * n
        count = [0] * n
        for s in range(NUM_SINS):
            h = table.holder[s]
            if h >= 0:
                points[h] += s + 1
                count[h] += 1
        if self.teams:
            mine = [p for p in range(n) if p % 2 == me % 2]
        else:
            mine = [me]
        theirs = [p for p in range(n) if p not in mine]
        value = CUBE * table.cubes[me]
        if self.infernal:
            for p in range(n):
                if count[p] == NUM_SINS:  # the Supreme Sinner: the game is over
                    return 100000 if p in mine else -100000
            best_mine = max([points[p] for p in mine])
            best_theirs = max([points[p] for p in theirs])
            value += 10 * best_mine - 6 * best_theirs + 3 * sum([points[p] for p in mine])
            for s in range(NUM_SINS):
                if table.tempted[s] and table.holder[s] in mine:
                    value -= 2 * (s + 1)  # others may take it
            for c in hand:
                if c < ANGEL_DEMON and table.tempted[c] and table.holder[c] not in mine:
                    value += c + 1  # a card that can take a sin next turn
            return value
        best_mine = min([points[p] for p in mine])
        best_theirs = min([points[p] for p in theirs])
        value += -10 * best_mine + 6 * best_theirs - 2 * sum([points[p] for p in mine])
        if best_mine == 0:
            value += 25  # a saint wins outright
        if table.protected[me]:
            value += 4
        for s in range(NUM_SINS):
            if table.tempted[s] and table.holder[s] == me:
                value += s + 1  # someone may take it from me
        for c in hand:
            if c < ANGEL_DEMON and table.tempted[c] and table.holder[c] != me:
                value -= 2 * (c + 1)  # it may force me to sin
            elif c == ANGEL_DEMON:
                value += 3
        return value


def _code(name):
    for c in range(len(CARD_NAMES)):
        if CARD_NAMES[c] == name:
            return c
    return -1


def _drop(hand, code):
    for i in range(len(hand)):
        if hand[i] == code:
            hand.pop(i)
            return
