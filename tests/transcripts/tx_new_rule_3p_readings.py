"""Transcript: New Rule (Sin), 3 players with every alternative reading (Ace 11,
only A-2-3-4 straights, the King's player reckoned, set points cancelled, the
same first player after total damnation, unmatched cards free for a player with
sets, matching by value), two rounds, every view."""

from shared_rules import games
from shared_rules.laptop import playthrough
from shared_rules.laptop.driver import make_bot

game = games.load(
    "new-rule",
    3,
    round_limit=2,
    ace=11,
    ace_straights="low",
    king_player="reckoned",
    damnation_sets="cancel",
    damnation_start="same",
    unmatched="free",
    match="value",
    first_player=2,
)
seed = b"tx-new-rule-3p-readings"
names = ("greedy", "random", "greedy")
bots = [make_bot(game, names[s], seed, s) for s in range(3)]
for line in playthrough.lines(game, seed, bots):
    print(line)
