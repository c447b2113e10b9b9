"""7 Pecados: random games per CPU second on one core (CPython, against the target
of issue 28: 2,000; and the MicroPython unix port) in both modes, and how often
the greedy bot wins against random bots (its seat rotating, a shared win counted
as a share), alone and as a team."""

import os
import subprocess
import sys
from pathlib import Path

from host.benches import random_play, target
from shared_rules import games
from shared_rules.laptop.driver import make_bot, play

ROOT = Path(__file__).resolve().parents[2]

TARGET = 2000  # random games per CPU second (issue 28)
GAMES_MICROPYTHON = 60
WINRATE_GAMES = 400

SCRIPT = """
import time
from shared_rules import games
from shared_rules.laptop.driver import play
g = games.load("siete-pecados", 4, mode=%r)
start = time.ticks_ms()
moves = 0
for i in range(%d):
    moves += play(g, b"bench-%%d" %% i).move_number()
print(time.ticks_diff(time.ticks_ms(), start), moves)
"""


def micropython_games_per_second(mode):
    mp = Path(sys.executable).parent / "micropython"
    done = subprocess.run(
        [str(mp), "-c", SCRIPT % (mode, GAMES_MICROPYTHON)],
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=str(ROOT)),
        cwd=ROOT,
    )
    millis, moves = done.stdout.split()
    seconds = max(int(millis), 1) / 1000
    return GAMES_MICROPYTHON / seconds, int(moves) / seconds


def greedy_share(players, count, teams=False, **options):
    """Percent of the wins that go to the greedy bot (or the greedy team)."""
    g = games.load("siete-pecados", players, teams=teams, **options)
    won = 0.0
    for i in range(count):
        seed = b"greedy-%d" % i
        side = i % players if not teams else i % 2
        greedy = [s for s in range(players) if (s % 2 if teams else s) == side]
        bots = [make_bot(g, "greedy" if s in greedy else "random", seed, s) for s in range(players)]
        returns = play(g, seed, bots).returns()
        if teams:
            mine = returns[greedy[0]]
            theirs = returns[(greedy[0] + 1) % players]
            won += 0.5 if mine and theirs else float(mine)
        elif returns[side]:
            won += 1.0 / sum(returns)
    return 100.0 * won / count


def run():
    for mode in ("celestial", "infernal"):
        for n in (2, 4):
            gps, actions = random_play(games.load("siete-pecados", n, mode=mode))
            yield (
                "%dp %s games/s, random bots, CPython (1 core, CPU time)" % (n, mode),
                gps,
                target(gps, TARGET),
            )
            yield "  actions per game", actions, "actions"
        gps, aps = micropython_games_per_second(mode)
        yield "4p %s games/s, random bots, MicroPython unix" % mode, gps, "games/s"
        yield "  actions/s, MicroPython unix", aps, "actions/s"
    for mode in ("celestial", "infernal"):
        for n in (2, 3, 4, 6):
            share = greedy_share(n, WINRATE_GAMES, mode=mode)
            label = "greedy win %%, 1 vs %d random, %dp %s" % (n - 1, n, mode)
            yield label, share, "%% (fair share %d%%)" % (100 // n)
        for n in (4, 6):
            share = greedy_share(n, WINRATE_GAMES, teams=True, mode=mode)
            label = "greedy team win %%, %d vs %d random, %s" % (n // 2, n // 2, mode)
            yield label, share, "% (fair share 50%)"
