"""7: The Sins: full 4-player games per second (CPython on one core, counted in
CPU time so other processes do not count, and the MicroPython unix port; random
bots, which read no view) and how often the greedy bot beats random bots, with
its 95% interval."""

import os
import subprocess
import sys
from pathlib import Path

from host.benches import random_play, target
from host.simulate import Arm, simulate
from shared_rules import games

ROOT = Path(__file__).resolve().parents[2]

TARGET = 3000  # random games per CPU second (issue 28)
GAMES_MICROPYTHON = 60
WINRATE_GAMES = 2000

SCRIPT = (
    """
import time
from shared_rules import games
from shared_rules.laptop.driver import play
g = games.load("seven-sins", 4)
start = time.ticks_ms()
for i in range(%d):
    play(g, b"bench-%%d" %% i)
print(time.ticks_diff(time.ticks_ms(), start))
"""
    % GAMES_MICROPYTHON
)


def micropython_games_per_second():
    mp = Path(sys.executable).parent / "micropython"
    done = subprocess.run(
        [str(mp), "-c", SCRIPT],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=str(ROOT)),
        cwd=ROOT,
    )
    ms = int(done.stdout.strip().splitlines()[-1])
    return GAMES_MICROPYTHON * 1000 / max(1, ms)


def run():
    best, actions = random_play(games.load("seven-sins", 4))
    yield "4-player games/s, random bots, CPython (1 core, CPU time)", best, target(best, TARGET)
    yield "mean actions per 4-player game", actions, "actions"
    yield (
        "4-player games/s, random bots, MicroPython unix",
        micropython_games_per_second(),
        "games/s",
    )
    jobs = max(1, min(4, os.cpu_count() or 1))
    for n in (2, 3, 4, 5):
        for penance in (False, True):
            game = games.load("seven-sins", n, penance=penance)
            arm = Arm("", game.describe(), ("greedy",) + ("random",) * (n - 1), True)
            tally = simulate([arm], WINRATE_GAMES, "bench-greedy", jobs, progress=False).tallies[0]
            wins = tally.wins_of("player", "greedy")
            assert wins is not None
            s = wins.summary()
            label = "greedy win %%, 1 vs %d random, %dp%s" % (
                n - 1,
                n,
                " penance" if penance else "",
            )
            yield (
                label,
                100 * s["win_rate"],
                "%% (95%%: %.1f-%.1f; fair share %d%%)"
                % (100 * s["low"], 100 * s["high"], 100 // n),
            )
