"""Transcript: Mea Culpa, 4 players, two greedy bots against two random ones.

Actions only (no views), so a whole game fits; the returns and history end it."""

from shared_rules import playthrough
from shared_rules.driver import RandomBot
from shared_rules.mea_culpa import MeaCulpa
from shared_rules.mea_culpa_bot import GreedyBot

game = MeaCulpa(4)
seed = b"tx-mea-culpa-4"
bots = [
    GreedyBot(game, seed, 0),
    RandomBot(game, seed, 1),
    GreedyBot(game, seed, 2),
    RandomBot(game, seed, 3),
]
for line in playthrough.lines(game, seed, bots=bots, views=False):
    print(line)
