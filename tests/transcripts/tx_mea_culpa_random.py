"""Transcript: Mea Culpa with random bots (2 players, 3 with the Sophisticated
Penitent variant), printed identically by CPython and MicroPython.

Every action with its text and the size of the legal list; every seat's view
when a round's bidding starts and at the end."""

from shared_rules import canon
from shared_rules.game import CHANCE
from shared_rules.laptop.driver import RandomBot, choose, draw_chance
from shared_rules.mea_culpa.rules import T_BIDS, MeaCulpa
from shared_rules.rng import Stream


def views(state):
    print("view public: " + canon.dumps(state.view(None)))
    for seat in range(state.game.num_players):
        print("view %d: %s" % (seat, canon.dumps(state.view(seat))))


def transcript(game, seed):
    print("game: " + canon.dumps(game.describe()))
    chance = Stream(seed, b"chance")
    bots = [RandomBot(game, seed, s) for s in range(game.num_players)]
    state = game.new_initial_state()
    while not state.is_terminal():
        top = state.stack[-1]
        if top[0] == T_BIDS and top[1] == 0:
            print("round %d" % state.round)
            views(state)
        p = state.current_player()
        legal = state.legal_actions()
        action = draw_chance(chance, state) if p == CHANCE else choose(bots[p], state, p)
        print(
            "%d %s %d/%d %s"
            % (
                state.move_number(),
                "c" if p == CHANCE else p,
                action,
                len(legal),
                state.action_text(action),
            )
        )
        state.apply(action)
    views(state)
    print("returns: " + canon.dumps(state.returns()))
    print("summary: " + canon.dumps(state.summary()))


transcript(MeaCulpa(2), b"tx-mea-culpa-2")
print("=" * 20)
transcript(MeaCulpa(3, penitent=True), b"tx-mea-culpa-3")
