"""Transcript: New Rule (Sin), 3 players, four rounds, one player laying its
Kings face down (so rounds reach the reserve deal and total damnation): each
action's text and what it announced to the table, no views."""

from new_rule_kit import KingsDownBot

from shared_rules import canon, games
from shared_rules.game import CHANCE
from shared_rules.laptop.driver import draw_chance, make_bot
from shared_rules.rng import Stream

game = games.load("new-rule", 3, round_limit=4)
seed = b"tx-new-rule-announcements"
bots = [KingsDownBot(game, seed, 0), make_bot(game, "greedy", seed, 1), KingsDownBot(game, seed, 2)]
chance = Stream(seed, b"chance")
state = game.new_initial_state()
print("game: " + canon.dumps(game.describe()))
while not state.is_terminal():
    p = state.current_player()
    if p == CHANCE:
        action = draw_chance(chance, state)
    else:
        action = bots[p].choose(state.view(p), state.legal_actions())
    text = state.action_text(action)
    state.apply(action)
    print("%d %d %s" % (state.move_number() - 1, action, text))
    for news in state.announcements():
        print("  " + canon.dumps(news))
print("result: " + canon.dumps(state.view(None)["result"]))
print("returns: " + canon.dumps(state.returns()))
