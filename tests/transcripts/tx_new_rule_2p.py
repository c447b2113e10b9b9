"""Transcript: New Rule (Sin), 2 players, greedy against random, two rounds,
every view, printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("new-rule", 2, round_limit=2)
seed = b"tx-new-rule-2p"
bots = [make_bot(game, "greedy", seed, 0), make_bot(game, "random", seed, 1)]
for line in playthrough.lines(game, seed, bots):
    print(line)
