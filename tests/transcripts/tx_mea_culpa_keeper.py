"""Transcript: the Mea Culpa keeper (the device's referee mode) with random bots,
2 and 4 players, printed identically by CPython and MicroPython.

Every action with its text and the size of the legal list; the public view and each
seat's view at every round's bidding and at the end."""

from shared_rules import canon
from shared_rules.game import CHANCE
from shared_rules.laptop.driver import RandomBot, choose, draw_chance
from shared_rules.mea_culpa.keeper import P_BIDS, MeaCulpaKeeper
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
        if state.phase == P_BIDS and state.index == 0:
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


transcript(MeaCulpaKeeper(2), b"tx-mea-culpa-keeper-2")
print("=" * 20)
transcript(MeaCulpaKeeper(4, max_bid=12, extra_cards="none"), b"tx-mea-culpa-keeper-4")
