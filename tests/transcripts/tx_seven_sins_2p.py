"""Transcript: a 2-player game of 7: The Sins (base game), with bots greedy,random,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("seven-sins", 2)
seed = b"tx-seven-sins-2p"
names = "greedy,random".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(2)]):
    print(line)
