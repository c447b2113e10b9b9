"""Transcript: Mea Culpa, 4 players, two greedy bots against two random ones.

Actions only (no views), so a whole game fits; the returns and history end it."""

from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import RandomBot
from shared_rules.mea_culpa.bot import GreedyBot
from shared_rules.mea_culpa.rules import MeaCulpa

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
