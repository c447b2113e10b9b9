"""Transcript: a 3-player game of 7: The Sins (base game, manual stones), with bots greedy,greedy,greedy,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("seven-sins", 3, stones="manual")
seed = b"tx-seven-sins-3p"
names = "greedy,greedy,greedy".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(3)]):
    print(line)
