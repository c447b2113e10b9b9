"""The search bot (ISMCTS) against the others, and how fast every game plays.

- random play, games per second on one CPython core (CPU time, so other
  processes on the machine do not count), for every game and player count;
- the search bot's strength: the win rate of one search seat against n-1
  greedy bots and against n-1 random bots, at 2 and 4 players (where the game
  has them), the line-up rotating round the seats, with the 95% Wilson
  interval (a shared win counts as a share);
- its CPU time per move in those games, on one core: the mean and the
  longest (a move with one legal action is not a search and is not counted).

The search's budget is a number of iterations a move, per game (STRENGTH), so
a run is reproducible. The default run plays a few games a match-up (some
twenty minutes of CPU in all); `make bench BENCH_ARGS=--long` (or
CONFESSOR_BENCH_LONG=1) plays LONG_GAMES a match-up, enough for intervals that
decide whether the search beats greedy (some two hours of CPU).
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import time

from host.benches import target
from host.bots import make_bot
from host.ismcts import win_shares
from host.stats import wilson
from shared_rules import games
from shared_rules.laptop.driver import play

LONG = os.environ.get("CONFESSOR_BENCH_LONG") == "1"
# game -> iterations a decision; per-move CPU stays far below 2 s (the bench says how far)
STRENGTH = {
    "seven-sins": 200,
    "siete-pecados": 400,
    "mea-culpa": 100,
    "new-rule": 50,
}
PLAYERS = (2, 4)
OPPONENTS = ("greedy", "random")
SHORT_GAMES = {"greedy": 4, "random": 2}  # games a match-up, default run
LONG_GAMES = {"greedy": 40, "random": 12}  # games a match-up, --long
RANDOM_CPU_SECONDS = 1.5  # per game and player count
# New Rule ends only at its target by default, which random players never reach (their
# scores fall): its random games here stop at a 20-round limit, the game the speed
# target was set on (host/benches/new_rule.py measures it too). Its search games are the
# rulebook's, played to the target.
RANDOM_OPTIONS = {"new-rule": {"round_limit": 20}}
ENDING = {"new-rule": ", to 200"}  # New Rule's search games: the rulebook's, to the target
# Random games per CPU second wanted of each game (issue 28), at every player count.
SPEED_TARGETS = {
    "seven-sins": 3000,
    "siete-pecados": 2000,
    "mea-culpa": 1000,
    "new-rule": 500,
}
# What the search bot must do against greedy at 2 players (issue 28): win with the lower
# end of the 95% interval above this share, at no more than MOVE_SECONDS a move.
BEATS_GREEDY = 0.55
MOVE_SECONDS = 2.0


def random_games_per_second(name: str, players: int) -> float:
    game = games.load(name, players, **RANDOM_OPTIONS.get(name, {}))
    start = time.process_time()
    count = 0
    while time.process_time() - start < RANDOM_CPU_SECONDS or count < 5:
        play(game, b"speed-%d" % count)
        count += 1
    return count / (time.process_time() - start)


class _Timed:
    """A bot that counts its searches and their CPU time (process time: one core)."""

    def __init__(self, bot):
        self.bot = bot
        self.sees = bot.sees
        self.moves = 0
        self.seconds = 0.0
        self.longest = 0.0

    def choose(self, seen, legal):
        if len(legal) == 1:
            return self.bot.choose(seen, legal)
        start = time.process_time()
        action = self.bot.choose(seen, legal)
        spent = time.process_time() - start
        self.moves += 1
        self.seconds += spent
        self.longest = max(self.longest, spent)
        return action


def play_one(job: tuple[str, int, str, str, int]) -> tuple[float, int, float, float]:
    """One game of a match-up: (the search seat's win share, its searches, their
    CPU seconds, the longest). The search sits at seat index % players."""
    name, players, search, opponent, index = job
    game = games.load(name, players)
    seed = hashlib.sha256(f"bench-search/{name}/{players}/{opponent}/{index}".encode()).digest()
    seat = index % players
    timed = _Timed(make_bot(game, search, seed, seat))
    bots = [timed if s == seat else make_bot(game, opponent, seed, s) for s in range(players)]
    scale = 12  # shares of 1/2, 1/3 and 1/4 are whole twelfths
    share = win_shares(play(game, seed, bots).returns(), scale)[seat] / scale
    return share, timed.moves, timed.seconds, timed.longest


def strength(name: str, players: int, search: str, opponent: str, count: int) -> dict:
    jobs = [(name, players, search, opponent, i) for i in range(count)]
    workers = max(1, min(4, os.cpu_count() or 1, count))
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        results = pool.map(play_one, jobs, chunksize=1)
    won = sum(r[0] for r in results)
    moves = sum(r[1] for r in results)
    low, high = wilson(won, count)
    return {
        "games": count,
        "won": won,
        "rate": won / count,
        "low": low,
        "high": high,
        "per_move": sum(r[2] for r in results) / max(1, moves),
        "longest": max(r[3] for r in results),
        "moves": moves,
    }


def run():
    for name in games.names():
        cls = games.game_class(name)
        if not cls.__module__.startswith("shared_rules."):
            continue
        for n in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            gps = random_games_per_second(name, n)
            wanted = SPEED_TARGETS.get(name)
            yield (
                "%s random play, %d players (1 core)%s"
                % (name, n, ", to a 20-round limit" if name in RANDOM_OPTIONS else ", to the end"),
                gps,
                "games/s" if wanted is None else target(gps, wanted),
            )
    counts = LONG_GAMES if LONG else SHORT_GAMES
    for name, iterations in STRENGTH.items():
        cls = games.game_class(name)
        search = "ismcts:%d" % iterations
        for n in PLAYERS:
            if not cls.MIN_PLAYERS <= n <= cls.MAX_PLAYERS:
                continue
            for opponent in OPPONENTS:
                s = strength(name, n, search, opponent, counts[opponent])
                verdict = ""
                if n == 2 and opponent == "greedy":
                    met = s["low"] > BEATS_GREEDY
                    verdict = "; target: lower end above %d%%: %s%s" % (
                        100 * BEATS_GREEDY,
                        "met" if met else "NOT MET",
                        "" if met or LONG else " (too few games to tell: --long)",
                    )
                yield (
                    "%s %s win %%, vs %d %s, %dp (%d games%s)"
                    % (name, search, n - 1, opponent, n, s["games"], ENDING.get(name, "")),
                    100 * s["rate"],
                    "%% (95%%: %.0f-%.0f; fair %d%%%s)"
                    % (100 * s["low"], 100 * s["high"], 100 // n, verdict),
                )
                yield (
                    "%s %s CPU a move, vs %s, %dp (%d moves)"
                    % (name, search, opponent, n, s["moves"]),
                    s["per_move"] * 1000,
                    "ms (longest %.0f ms, 1 core; target: at most %d ms a move: %s)"
                    % (
                        s["longest"] * 1000,
                        MOVE_SECONDS * 1000,
                        "met" if s["longest"] <= MOVE_SECONDS else "NOT MET",
                    ),
                )
    yield "mea-culpa-keeper: search strength", "n/a", "(the board decides the winner)"
