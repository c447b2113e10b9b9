"""Golden playthroughs (after OpenSpiel's generate_playthrough): a seeded game
written out state by state, so any change in rules or randomness shows as a
diff, and CPython and MicroPython can be compared byte for byte."""

from shared_rules import canon
from shared_rules.game import CHANCE
from shared_rules.laptop.driver import RandomBot, choose, draw_chance
from shared_rules.rng import Stream


def lines(game, seed, bots=None, views=True, cap=None):
    """Yield the playthrough of one seeded game, one text line at a time; a game still
    going after `cap` actions (a game whose rules set no bound) is stopped there."""
    n = game.num_players
    if bots is None:
        bots = [RandomBot(game, seed, seat) for seat in range(n)]
    chance = Stream(seed, b"chance")
    state = game.new_initial_state()
    yield "game: " + canon.dumps(game.describe())
    yield "seed: " + canon.dumps(seed.decode() if isinstance(seed, bytes) else seed)
    while not state.is_terminal():
        if cap is not None and state.move_number() >= cap:
            yield ""
            yield "stopped after %d actions (the safety cap): the game had not ended" % cap
            return
        p = state.current_player()
        yield ""
        yield "move %d: %s" % (state.move_number(), "chance" if p == CHANCE else "seat %d" % p)
        if p == CHANCE:
            yield "outcomes: " + canon.dumps(state.chance_outcomes())
        else:
            yield "legal: " + canon.dumps(state.legal_actions())
        if views:
            yield "view public: " + canon.dumps(state.view(None))
            for seat in range(n):
                yield "view %d: %s" % (seat, canon.dumps(state.view(seat)))
        action = draw_chance(chance, state) if p == CHANCE else choose(bots[p], state, p)
        yield "action: %d %s" % (action, state.action_text(action))
        state.apply(action)
    yield ""
    yield "end after %d actions" % state.move_number()
    if views:
        yield "view public: " + canon.dumps(state.view(None))
    yield "returns: " + canon.dumps(state.returns())
    yield "history: " + canon.dumps(state.history())
