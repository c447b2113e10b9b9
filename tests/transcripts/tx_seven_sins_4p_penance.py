"""Transcript: a 4-player game of 7: The Sins (Penance variant), with bots greedy,random,greedy,random,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("seven-sins", 4, penance=True)
seed = b"tx-seven-sins-4p_penance"
names = "greedy,random,greedy,random".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(4)]):
    print(line)
