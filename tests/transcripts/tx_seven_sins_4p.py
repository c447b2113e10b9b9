"""Transcript: a 4-player game of 7: The Sins (base game, seat 2 first), with bots random,random,random,random,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load("seven-sins", 4, first_player=2)
seed = b"tx-seven-sins-4p"
names = "random,random,random,random".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(4)]):
    print(line)
