"""Transcript: a 5-player game of 7: The Sins (Penance variant, seat 4 first, manual stones), with bots greedy,random,random,random,greedy,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("seven-sins", 5, first_player=4, penance=True, stones="manual")
seed = b"tx-seven-sins-5p_penance"
names = "greedy,random,random,random,greedy".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(5)]):
    print(line)
