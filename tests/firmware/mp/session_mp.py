# The session keeps a long game's history in the room it reserved (firmware/play/session.py):
# New Rule played to its target alone runs to thousands of actions, and the session
# forgets the actions it has journaled whenever they fill that room, while the rules
# go on counting every move.

from session import Session

from shared_rules import games
from shared_rules.new_rule.entry import HISTORY_ROOM
from shared_rules.rng import Stream


def test_a_long_game_stays_in_the_history_room():
    game = games.load("new-rule", 2)
    s = Session(None, "id", game, b"long-game", 0, None)
    picks = Stream(b"long-game", b"picks")
    state = s._state
    moves = 0
    while moves < 2 * HISTORY_ROOM + 100 and not state.is_terminal():
        if state.is_chance_node():
            action = s._stream.weighted(state.chance_outcomes())
        else:
            legal = state.legal_actions()
            action = legal[picks.below(len(legal))]
        s.note(action)
        moves += 1
        assert state.move_number() == moves
        assert len(state.history()) == moves % HISTORY_ROOM
    assert moves == 2 * HISTORY_ROOM + 100  # random players: no end in sight
