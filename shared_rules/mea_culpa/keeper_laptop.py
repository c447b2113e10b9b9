"""Mea Culpa keeper on the laptop: the device's engine (shared_rules/mea_culpa/keeper.py)
with what only the laptop asks of a game, a game's figures for statistics and the
resampling an information-set search draws from. The catalogue loads this subclass
wherever it is installed (the entry's LAPTOP_ENGINE); a board has the engine alone."""

from shared_rules.mea_culpa.codes import BID_BASE, DIE_BASE
from shared_rules.mea_culpa.data import POST_MAX, POST_MIN
from shared_rules.mea_culpa.keeper import P_GUESS, KeeperState, MeaCulpaKeeper


class MeaCulpaKeeperLaptop(MeaCulpaKeeper):
    def new_initial_state(self):
        return KeeperLaptopState(self)


class KeeperLaptopState(KeeperState):
    def summary(self):
        """Per-game figures for host statistics (summary() below)."""
        return summary(self)

    def resample(self, seat, stream):
        """A state differing only in secrets `seat` has not seen, or None (resample()
        below says how)."""
        return resample(self, seat, stream)


def summary(state):
    """Per-game figures for host statistics (str -> int; words in SUMMARY)."""
    return {
        "reshuffles": state.reshuffles,
        "hell_asked": state.asked,
        "pope_visits": state.pope_visits,
        "pope_caught": state.caught,
    }


def resample(state, seat, stream):
    """A state differing only in secrets `seat` has not seen: other seats' bids
    not yet revealed, or the Pope die before the guess, drawn once from `stream`
    and never from the secrets themselves; None if there is none, or the draw
    gave back this very state."""
    others = [e for e in state.secret if e[1] != seat]
    if not others:
        return None
    other = state.clone()
    changed = False
    for index, s in others:
        old = other._history[index]
        if other.phase == P_GUESS:
            rooms = other.open_rooms()
            other.die = rooms[stream.below(len(rooms))]
            new = DIE_BASE + other.die
        else:
            notches = POST_MIN[0] + stream.below(POST_MAX[0] - POST_MIN[0] + 1)
            taler = stream.below(state.game.options["max_bid"] + 1)
            other.bid_n[s] = notches
            other.bid_t[s] = taler
            new = BID_BASE + taler * 8 + notches
        changed = changed or new != old
        other._history[index] = new
    return other if changed else None
