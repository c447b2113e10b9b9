"""7: The Sins: full 4-player games per second (CPython and the MicroPython unix
port, random bots, views built for every decision as on the device) and how
often the greedy bot beats random bots."""

import os
import subprocess
import sys
import time
from pathlib import Path

from host.simulate import simulate
from shared_rules import games
from shared_rules.driver import play

ROOT = Path(__file__).resolve().parents[2]

GAMES_CPYTHON = 400
GAMES_MICROPYTHON = 60
WINRATE_GAMES = 2000

SCRIPT = (
    """
import time
from shared_rules import games
from shared_rules.driver import play
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
    g = games.load("seven-sins", 4)
    start = time.perf_counter()
    actions = 0
    for i in range(GAMES_CPYTHON):
        actions += play(g, b"bench-%d" % i).move_number()
    elapsed = time.perf_counter() - start
    yield "4-player games/s, random bots, CPython", GAMES_CPYTHON / elapsed, "games/s"
    yield "mean actions per 4-player game", actions / GAMES_CPYTHON, "actions"
    yield (
        "4-player games/s, random bots, MicroPython unix",
        micropython_games_per_second(),
        "games/s",
    )
    jobs = max(1, min(4, os.cpu_count() or 1))
    for n in (2, 3, 4, 5):
        for penance in (False, True):
            game = games.load("seven-sins", n, penance=penance)
            bots = ["greedy"] + ["random"] * (n - 1)
            stats = simulate(game, bots, WINRATE_GAMES, "bench-greedy", jobs)
            outright = 100.0 * stats["wins"][0] / WINRATE_GAMES
            label = "greedy win %%, 1 vs %d random, %dp%s" % (
                n - 1,
                n,
                " penance" if penance else "",
            )
            yield label, outright, "%% (fair share %d%%)" % (100 // n)
