"""The search bot (ISMCTS) against the others, and how fast every game plays.

- random play, games per second on one CPython core (CPU time, so other
  processes on the machine do not count), for every game and player count;
- the search bot: CPU seconds per decision and its games per second;
- its strength: the win rate of one search seat against n-1 greedy bots and
  against n-1 random bots (the line-up rotates round the seats), with the 95%
  Wilson interval, for every game and player count that decides a winner.

The default run takes a few minutes; `make bench BENCH_ARGS=--long` (or
CONFESSOR_BENCH_LONG=1) plays ten times the games for narrower intervals.
"""

from __future__ import annotations

import os
import time

from host.bots import make_bot
from host.simulate import Arm, simulate
from shared_rules import games
from shared_rules.driver import play

LONG = os.environ.get("CONFESSOR_BENCH_LONG") == "1"
SCALE = 10 if LONG else 1
# (game, iterations, games per match-up in the default run)
STRENGTH = (("seven-sins", 100, 20), ("mea-culpa", 12, 2))
RANDOM_CPU_SECONDS = 1.5  # per game and player count
# New Rule ends only at its target by default, which random players may never reach:
# its random games here are 20-round games (host/benches/new_rule.py measures it too).
RANDOM_OPTIONS = {"new-rule": {"round_limit": 20}}


def random_games_per_second(name: str, players: int) -> float:
    game = games.load(name, players, **RANDOM_OPTIONS.get(name, {}))
    start = time.process_time()
    count = 0
    while time.process_time() - start < RANDOM_CPU_SECONDS or count < 5:
        play(game, b"speed-%d" % count)
        count += 1
    return count / (time.process_time() - start)


class _Counted:
    """A bot that counts its decisions (for CPU time per decision)."""

    def __init__(self, bot):
        self.bot = bot
        self.sees = bot.sees
        self.decisions = 0

    def choose(self, seen, legal):
        self.decisions += 1
        return self.bot.choose(seen, legal)


def search_speed(name: str, players: int, iterations: int) -> tuple[float, float]:
    """(CPU seconds per decision, games per second) of one search seat among random bots."""
    game = games.load(name, players)
    seed = b"search-speed"
    searcher = _Counted(make_bot(game, "ismcts:%d" % iterations, seed, 0))
    bots = [searcher] + [make_bot(game, "random", seed, s) for s in range(1, players)]
    start = time.process_time()
    play(game, seed, bots)
    spent = time.process_time() - start
    return spent / max(1, searcher.decisions), 1 / spent


def strength(name: str, players: int, iterations: int, opponent: str, count: int):
    game = games.load(name, players)
    bot = "ismcts:%d" % iterations
    arm = Arm("", game.describe(), (bot,) + (opponent,) * (players - 1), True)
    jobs = max(1, min(4, os.cpu_count() or 1))
    tally = simulate([arm], count, "bench-search", jobs, progress=False).tallies[0]
    wins = tally.wins_of("player", bot)
    assert wins is not None
    return wins.summary(None)


def run():
    for name in games.names():
        cls = games.game_class(name)
        if not cls.__module__.startswith("shared_rules."):
            continue
        for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            yield (
                "%s random play, %d players (1 core)%s"
                % (name, n, ", 20 rounds" if name in RANDOM_OPTIONS else ""),
                random_games_per_second(name, n),
                "games/s",
            )
    for name, iterations, count in STRENGTH:
        cls = games.game_class(name)
        per_decision, rate = search_speed(name, cls.MIN_PLAYERS, iterations)
        yield (
            "%s ismcts:%d, %d players: CPU per decision" % (name, iterations, cls.MIN_PLAYERS),
            per_decision * 1000,
            "ms",
        )
        yield (
            "%s ismcts:%d + random, %d players" % (name, iterations, cls.MIN_PLAYERS),
            rate,
            "games/s",
        )
        for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            for opponent in ("greedy", "random"):
                s = strength(name, n, iterations, opponent, count * SCALE)
                yield (
                    "%s ismcts:%d win %%, vs %d %s, %dp (%d games)"
                    % (name, iterations, n - 1, opponent, n, s["games"]),
                    100 * s["win_rate"],
                    "%% (95%%: %.0f-%.0f; fair %d%%)" % (100 * s["low"], 100 * s["high"], 100 // n),
                )
    yield "mea-culpa-keeper: search strength", "n/a", "(the board decides the winner)"
