"""Mea Culpa: random games per CPU second on one core (CPython, against the target
of issue 28: 1,000; and the MicroPython unix port) and the greedy bot's win rate
against random bots."""

import os
import subprocess
import sys
from pathlib import Path

from host.benches import random_play, target
from shared_rules.laptop.driver import RandomBot, play
from shared_rules.mea_culpa.bot import GreedyBot
from shared_rules.mea_culpa.rules import MeaCulpa

ROOT = Path(__file__).resolve().parents[2]

TARGET = 1000  # random games per CPU second (issue 28)
MP_GAMES = 20
MP_SCRIPT = """
import time
from shared_rules.laptop.driver import play
from shared_rules.mea_culpa.rules import MeaCulpa
game = MeaCulpa(%d)
start = time.ticks_ms()
moves = 0
for i in range(%d):
    moves += play(game, b"bench-%%d" %% i).move_number()
print(time.ticks_diff(time.ticks_ms(), start), moves)
"""


def micropython_games_per_second(players):
    mp = Path(sys.executable).parent / "micropython"
    env = dict(os.environ, MICROPYPATH=str(ROOT))
    done = subprocess.run(
        [str(mp), "-X", "heapsize=2048wK", "-c", MP_SCRIPT % (players, MP_GAMES)],
        check=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    millis, moves = done.stdout.split()
    seconds = max(int(millis), 1) / 1000
    return MP_GAMES / seconds, int(moves) / seconds


def greedy_win_rate(players, count):
    """Share of games the greedy bot wins (ties shared) with n-1 random opponents,
    the greedy seat rotating; random play would win 1/n of them."""
    game = MeaCulpa(players)
    won = 0.0
    for i in range(count):
        seed = b"greedy-%d" % i
        seat = i % players
        bots = [
            GreedyBot(game, seed, s) if s == seat else RandomBot(game, seed, s)
            for s in range(players)
        ]
        returns = play(game, seed, bots).returns()
        if returns[seat]:
            won += 1.0 / sum(returns)
    return 100.0 * won / count


def run():
    for players in (2, 3, 4):
        games, actions = random_play(MeaCulpa(players))
        yield (
            "random games/s, %d players, CPython (1 core, CPU time)" % players,
            games,
            target(games, TARGET),
        )
        yield "  actions per game, %d players" % players, actions, "actions"
    for players in (2, 4):
        games, moves = micropython_games_per_second(players)
        yield "random games/s, %d players, MicroPython unix" % players, games, "games/s"
        yield "  actions/s, %d players, MicroPython unix" % players, moves, "actions/s"
    for players in (2, 3, 4):
        rate = greedy_win_rate(players, 300)
        yield (
            "greedy win %% vs random, %d players (fair: %d%%)" % (players, 100 // players),
            rate,
            "%",
        )
