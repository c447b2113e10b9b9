"""Transcript: a 3-player game of 7: The Sins (Penance variant, Penance cards blank), with bots random,greedy,random,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("seven-sins", 3, penance=True, penance_cards="blank")
seed = b"tx-seven-sins-3p_penance"
names = "random,greedy,random".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(3)]):
    print(line)
