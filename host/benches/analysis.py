"""The false alarms of `simulate`'s comparisons: A/A runs.

An A/A comparison sets two arms apart by something that cannot matter: in 7: The
Sins with four random bots, which seat plays first (`-o first_player=0,1`; every
seat is alike to a random bot). Any row a run calls "clear" is a false alarm. Over
RUNS runs (each its own seeds, GAMES games an arm), this counts the runs that
called at least one row clear, as `simulate` reports today (paired by seed, Holm's
correction over the rows) and as it did before (unpaired intervals, each row on
its own). The first should be at most 5 runs in 100.

`make bench BENCH_ARGS=--long` plays ten times the runs.
"""

from __future__ import annotations

import os

from host.report import comparisons
from host.simulate import Arm, simulate
from shared_rules import games

LONG = os.environ.get("CONFESSOR_BENCH_LONG") == "1"
RUNS = 1000 if LONG else 100
GAMES = 1000  # an arm
PLAYERS = 4


def _arms() -> list[Arm]:
    out = []
    for first in (0, 1):
        game = games.load("seven-sins", PLAYERS, first_player=first)
        out.append(Arm(f"first_player={first}", game.describe(), ("random",) * PLAYERS, False))
    return out


def run():
    arms = _arms()
    jobs = max(1, min(2, os.cpu_count() or 1))
    paired_alarms = 0
    unpaired_alarms = 0
    rows = 0
    for k in range(RUNS):
        result = simulate(arms, GAMES, f"a-a/{k}", jobs, progress=False)
        (comp,) = comparisons(result.tallies)
        rows = len(comp["differences"])
        if any(row["clear"] for row in comp["differences"]):
            paired_alarms += 1
        if any(row["unpaired_low"] > 0 or row["unpaired_high"] < 0 for row in comp["differences"]):
            unpaired_alarms += 1
    what = f"7: The Sins {PLAYERS}p, random bots, first_player=0 vs 1, {GAMES} games an arm"
    yield f"A/A runs ({what})", RUNS, "runs"
    yield "rows compared in each run", rows, "rows"
    yield "runs with a false clear: paired, Holm (simulate)", paired_alarms, f"of {RUNS}"
    yield "runs with a false clear: unpaired, uncorrected (before)", unpaired_alarms, f"of {RUNS}"
