"""Transcript: a 2-player game of 7: The Sins (Penance variant, sins chosen by the table, seat 1 first, manual stones), with bots random,random,
printed identically by CPython and MicroPython."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load(
    "seven-sins", 2, first_player=1, penance=True, sins="Pride,Lust,Wrath,Gluttony", stones="manual"
)
seed = b"tx-seven-sins-2p_penance"
names = "random,random".split(",")
for line in playthrough.lines(game, seed, [make_bot(game, names[s], seed, s) for s in range(2)]):
    print(line)
