"""New Rule (Sin) on the laptop: the device's engine (shared_rules/new_rule/rules.py) with what
only the laptop asks of a game, the figures `confessor simulate` sums and the resampling
an information-set search draws from, and find_sets(), the bot's and the tests' question
(a device asks add_sets()). The catalogue loads this subclass wherever it is installed
(the entry's LAPTOP_ENGINE); a board has the engine alone."""

from shared_rules.new_rule.rules import (
    DEAL,
    DOWN,
    NUM_CARDS,
    OVER,
    SET_TYPES,
    NewRule,
    NewRuleState,
    add_sets,
)


class NewRuleLaptop(NewRule):
    def new_initial_state(self):
        return NewRuleLaptopState(self)


class NewRuleLaptopState(NewRuleState):
    def summary(self):
        """Per-game figures (str -> int) that host/simulate.py sums (summary() below)."""
        return summary(self)

    def resample(self, seat, stream):
        """A state differing from this one only in what `seat` has not seen, or None
        (resample() below says how)."""
        return resample(self, seat, stream)


def summary(state):
    """Per-game figures (str -> int) that host/simulate.py sums."""
    out = {
        "reckonings": state.reckonings,
        "damnations": state.damnations,
        "target_reached": 1 if state.reason == "target" else 0,
    }
    for k in range(len(SET_TYPES)):
        out["sets_" + SET_TYPES[k].replace(" ", "_")] = state.sets_by_type[k]
    for s in range(state.n):
        out["score%d" % s] = state.scores[s]
    return out


def resample(state, seat, stream):
    """A state differing from `state` only in what `seat` has not seen, or None.

    Hidden from `seat` this round: the other hands, the other players'
    damned cards and the undealt cards. Deal those cards again (a uniform
    shuffle of them) at the same moments of the history, and let the same
    face-down plays take cards dealt before them; the deals and face-down
    plays in the history are rewritten to match. Cards that have been seen
    (face up, in a set, revealed at a reckoning) stay put, and so do the
    earlier rounds.

    Drawn once from `stream`, and from what `seat` knows alone: the cards'
    composition and the moments of the hidden deals and plays, never which
    card went where (a search bot samples with it); None if nothing is
    hidden, or the draw gave back this very state.
    """
    if state.phase == OVER:
        return None
    deals = []  # per other seat: the history indices of its hidden cards' deals
    plays = []  # per other seat: those of its face-down plays
    pool = list(state.deck)
    held = 0
    for s in range(state.n):
        hidden = [] if s == seat else state.hands[s] + state.down[s]
        pool += hidden
        held += len(hidden)
        deals.append(sorted([state.dealt_at[c] for c in hidden]))
        plays.append(sorted([state.played_at[c] for c in state.down[s]] if hidden else []))
    if not held:
        return None
    pool.sort()
    stream.shuffle(pool)
    other = state.clone()
    for c in pool:
        other.dealt_at[c] = -1
        other.played_at[c] = -1
    i = 0
    for s in range(state.n):
        if s == seat:
            continue
        hand = []
        for at in deals[s]:
            card = pool[i]
            i += 1
            hand.append(card)
            other.dealt_at[card] = at
            other._history[at] = DEAL + card
        down = []
        for at in plays[s]:
            # the earliest dealt card not yet played: the hand is in deal order, and
            # the real plays show it was dealt before this play
            card = hand.pop(0)
            down.append(card)
            other.played_at[card] = at
            other._history[at] = DOWN + card
        hand.sort()
        down.sort()
        other.hands[s] = hand
        other.down[s] = down
    other.deck = sorted(pool[i:])
    rebuild_masks(other)  # the damned cards have moved
    if other._history == state._history:
        return None
    return other


def rebuild_masks(state):
    """The rank masks of the sets' search from the boards (state.up_ranks,
    state.own_ranks, kept card by card during play) after resample() has rewritten
    the damned cards."""
    state._clear_masks()
    for s in range(state.n):
        for c in state.up[s]:
            state._mark(s, c, True, True)
        for c in state.down[s]:
            state._mark(s, c, False, True)


def find_sets(owner, mover, starts):
    """Every set `mover` may form, as a sorted list of set indices.

    owner[card] is the seat whose board holds the card where the mover may
    use it (face up on any board, or face down on the mover's own), else -1.
    "at least one card from the active player's board and at least one card
    from another player's board". `starts`: the straight flushes allowed.
    """
    mine = [0, 0, 0, 0]
    other = [0, 0, 0, 0]
    for c in range(NUM_CARDS):
        o = owner[c]
        if o >= 0:
            if o == mover:
                mine[c & 3] |= 1 << (c >> 2)
            else:
                other[c & 3] |= 1 << (c >> 2)
    found = []
    add_sets(mine, other, starts, 0, found)
    return found
