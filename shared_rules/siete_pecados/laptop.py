"""7 Pecados on the laptop: the device's engine (shared_rules/siete_pecados/rules.py) with what
only the laptop asks of a game, the figures `confessor simulate` sums, the standing, and
the resampling an information-set search draws from. The catalogue loads this subclass
wherever it is installed (the entry's LAPTOP_ENGINE); a board has the engine alone."""

from shared_rules.siete_pecados.rules import (
    CARD,
    FACE_DOWN,
    LIMBO_CARD,
    NUM_CARDS,
    NUM_SINS,
    SietePecados,
    SietePecadosState,
)


class SietePecadosLaptop(SietePecados):
    def new_initial_state(self):
        return SietePecadosLaptopState(self)


class SietePecadosLaptopState(SietePecadosState):
    def standing(self):
        """Sin points, more being better (STANDING); with team_win=total, each seat
        has its team's total (standing() below)."""
        return standing(self)

    def summary(self):
        """Per-game figures (str -> int) that host/simulate.py sums (summary() below)."""
        return summary(self)

    def resample(self, seat, stream):
        """A state that differs from this one only in what `seat` has not seen, or None
        (resample() below says how)."""
        return resample(self, seat, stream)


def summary(state):
    """Per-game figures (str -> int) that host/simulate.py sums."""
    result = state.result or {}
    out = {
        "turns": state.stats[0],
        "sins": state.stats[1],
        "relapses": state.stats[2],
        "limbo_deals": state.stats[3],
        "cancels": state.stats[4],
        "face_down": len([s for s in range(NUM_SINS) if state.centre[s] == FACE_DOWN]),
        "saint_wins": 1 if result.get("decided_by") == "saints" else 0,
        "supreme_sinner": 1 if result.get("decided_by") == "supreme_sinner" else 0,
        "tiebreak": 1 if result.get("decided_by") == "tiebreak" else 0,
    }
    for seat in range(state.n):
        out["points%d" % seat] = state.points(seat)
    return out


def standing(state):
    """Each seat's sin points, negated in Celestial mode (the fewest win), so that
    more is better; with team_win=total, the team's total for each member (the
    team with the best total wins). A saint's 0 is the best Celestial standing; a
    Supreme Sinner's win is one the points do not measure."""
    n = state.n
    sign = 1 if state.infernal else -1
    points = [sign * state.points(seat) for seat in range(n)]
    opts = state.game.options
    if opts["teams"] and opts["team_win"] == "total":
        totals = [0, 0]
        for seat in range(n):
            totals[seat % 2] += points[seat]
        return [totals[seat % 2] for seat in range(n)]
    return points


def resample(state, seat, stream):
    """A state that differs from `state` only in what `seat` has not seen, or None.

    Hidden from `seat`: the cards in the other hands that the table has not
    seen (cancelled cards it has), the limbo cards the others sent, and so
    the deck's make-up. They are dealt again from the pool they could have
    come from (those cards plus the deck), and the history is rewritten to
    match: each card's deal or draw, and each limbo card's secret choice.
    Cards played since are public and keep their history, so the new
    history replays to a state that differs from `state` at most in which
    of two identical cards came from which draw.

    Drawn once from `stream`, never from the secrets it replaces (a search bot
    samples with it); None if nothing is hidden, or the draw gave back this
    very state.
    """
    other = state.clone()
    units = []
    for s in range(state.n):
        if s != seat:
            units += [u for u in other.hands[s] if not u[2]]
    sent = [e for e in other.limbo if e[1] != seat]
    if not units and not sent:
        return None
    pool = list(other.deck)
    for u in units:
        pool[u[0]] += 1
    for e in sent:
        pool[e[0]] += 1
    changed = False
    history = other._history
    for u in units:
        code = stream.weighted([(c, pool[c]) for c in range(NUM_CARDS) if pool[c]])
        pool[code] -= 1
        changed = changed or code != u[0]
        u[0] = code
        history[u[1]] = CARD + code
        if other.drawn is not None and other.drawn[0] == u[1]:
            other.drawn[1] = code
    for e in sent:
        code = stream.weighted([(c, pool[c]) for c in range(NUM_CARDS) if pool[c]])
        pool[code] -= 1
        changed = changed or code != e[0]
        e[0] = code
        history[e[2]] = CARD + code
        history[e[3]] = LIMBO_CARD + code
    other.deck = pool
    return other if changed else None
