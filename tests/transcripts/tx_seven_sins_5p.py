"""Transcript: a 5-player game of 7: The Sins (base game), with bots random,random,random,random,random,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("seven-sins", 5)
seed = b"tx-seven-sins-5p"
names = "random,random,random,random,random".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(5)]):
    print(line)
