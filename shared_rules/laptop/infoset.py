"""What one seat may know at its turn, as the only thing a search bot is given.

A search bot must plan without peeking. It is never handed the State: the
driver gives it an InformationSet, a narrow capability with three things in it:

- view(): the seat's own view, as every bot sees it;
- legal_actions(): the moves the seat may make now;
- determinize(stream): a whole State drawn from the positions the seat cannot
  tell apart from the real one: what it has not seen is redrawn from `stream`.

determinize() uses the game's own `resample(seat, stream)` (a state that
differs only in what the seat has not seen, drawn from the stream and never
from the secrets it replaces; None when nothing is hidden or the draw is this
very state). A game without one, whose hidden actions leave no public trace
but their legality, is resampled here by replaying its history with those
actions drawn again. The non-interference tests prove a search bot's choice is
the same in two states that differ only in what its seat has not seen.
"""

from shared_rules import canon
from shared_rules.game import IllegalAction, RulesError

TRIES = 32  # replays tried by the generic resampler before it gives up


class InformationSet:
    """One seat's knowledge at one decision (see the module docstring)."""

    def __init__(self, state, seat):
        self.seat = seat
        self.game = state.game  # the configuration the table chose: public
        self.move_number = state.move_number()
        self._view = state.view(seat)
        self._legal = state.legal_actions()
        frozen = state.clone()  # later play cannot change what is sampled from
        hidden = None if hasattr(frozen, "resample") else _hidden_actions(frozen, seat)

        def draw(stream):
            if hidden is None:
                other = frozen.resample(seat, stream)
                return other if other is not None else frozen.clone()
            return _replay_resample(frozen, seat, hidden, stream)

        self._draw = draw

    def view(self):
        return self._view

    def legal_actions(self):
        return list(self._legal)

    def determinize(self, stream):
        """A State the seat cannot tell from the real one, drawn from `stream`."""
        return self._draw(stream)


def _hidden_actions(state, seat):
    """Indices of the history actions `seat` did not observe."""
    probe = state.game.new_initial_state()
    hidden = []
    history = state.history()
    for i in range(len(history)):
        actor = probe.current_player()
        observers = probe.observers(history[i])
        if actor != seat and observers is not None and seat not in observers:
            hidden.append(i)
        probe.apply(history[i])
    return hidden


def _replay_resample(state, seat, hidden, stream):
    """Replay the history with the hidden actions drawn again, until the seat
    would see exactly what it sees now (its view and the announcements)."""
    if not hidden:
        return state.clone()
    history = state.history()
    wanted = canon.dumps([state.view(seat), state.announcements()])
    for _ in range(TRIES):
        other = state.game.new_initial_state()
        k = 0
        try:
            for i in range(len(history)):
                action = history[i]
                if k < len(hidden) and hidden[k] == i:
                    k += 1
                    if other.is_chance_node():
                        action = stream.weighted(other.chance_outcomes())
                    else:
                        legal = other.legal_actions()
                        action = legal[stream.below(len(legal))]
                other.apply(action)
        except IllegalAction:
            continue
        if canon.dumps([other.view(seat), other.announcements()]) == wanted:
            return other
    raise RulesError(
        "%s: no position found that seat %d cannot tell from this one; "
        "the game needs its own resample()" % (state.game.NAME, seat)
    )
