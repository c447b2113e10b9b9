"""Play many seeded games with bots, in arms, on worker processes.

An arm is one configuration (game options, player count, bots per seat).
Game i of every arm uses the same seed, game_seed(base, i), so arms are
compared on the same deals as far as their rules allow. Each game becomes a
GameRecord (host/tally.py) known by its index, so the statistics are the same
for any number of workers.

With mirrored deals (Arm.mirror) every seed is played once in every seat rotation
of the line-up: game i is deal i // n with the line-up moved i % n seats on, so
each bot meets every deal from every seat, and the luck of the deal cancels out
of the comparison between bots.

Ctrl-C stops at once: workers ignore SIGINT and are terminated by the parent
(no orphans), and the games finished so far are reported.
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import signal
import sys
import time
from typing import NamedTuple

from host.bots import make_bot
from host.tally import GameRecord, GameWatcher, Tally, units_of
from shared_rules import games
from shared_rules.laptop.driver import play

# A simulation stops a game still going after this many actions (chance included) and
# reports it as stopped, never as a result: New Rule with no round limit ends only when
# a player reaches the target, which some tables never do (random bots' scores fall for
# ever). 20,000 actions are some 300 rounds of it; every other game is bounded far below.
SAFETY_CAP = 20_000


class Arm(NamedTuple):
    label: str  # what sets it apart, e.g. "penance=yes" ("" for a single arm)
    description: dict  # Game.describe(): game, players, options
    bots: tuple[str, ...]  # one bot name per seat
    rotate: bool  # move the bots one seat on for each game (balanced seats)
    mirror: bool = False  # play every deal in every seat rotation of the line-up


def game_seed(base: str, index: int) -> bytes:
    """The 32-byte seed of game `index` of a simulation run."""
    return hashlib.sha256(f"{base}/{index}".encode("utf-8", "surrogateescape")).digest()


def _worker_init() -> None:
    """A worker dies with the command that started it (Linux: the kernel sends it
    SIGTERM when its parent goes), so a killed `confessor simulate` leaves none behind."""
    import os
    import signal
    import sys

    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    parent = os.getppid()
    if parent == 1:  # the parent is gone already
        os._exit(1)


def deal_of(arm: Arm, index: int) -> int:
    """The deal (the seed's number) of game `index`: its own, or with mirrored deals
    one deal for every n games."""
    return index // len(arm.bots) if arm.mirror else index


def games_of(arm: Arm, count: int) -> int:
    """Games played for `count` asked: with mirrored deals, whole deals (rounded up)."""
    n = len(arm.bots)
    return -(-count // n) * n if arm.mirror else count


def seat_bots(arm: Arm, index: int) -> tuple[str, ...]:
    """The bot of each seat in game `index`: game i moves the line-up i seats on."""
    n = len(arm.bots)
    if not arm.rotate and not arm.mirror:
        return arm.bots
    shift = index % n
    return tuple(arm.bots[(s - shift) % n] for s in range(n))


_GAMES: dict = {}  # a process's loaded games, by their description


def play_record(arm: Arm, base: str, index: int, cap: int = SAFETY_CAP) -> GameRecord:
    key = json.dumps(arm.description, sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = games.load_described(arm.description)
    deal = deal_of(arm, index)
    seed = game_seed(base, deal)
    names = seat_bots(arm, index)
    bots = [make_bot(game, names[s], seed, s) for s in range(game.num_players)]
    watch = GameWatcher(units_of(game))
    end = play(game, seed, bots, observer=watch, cap=cap)
    return watch.record(index, names, end, deal)


def _work(job):
    arm_index, arm, base, start, stop, cap = job
    return arm_index, [play_record(arm, base, i, cap) for i in range(start, stop)]


def _quiet_worker():
    # The parent handles Ctrl-C and terminates the workers; they must not
    # print tracebacks of their own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_init()


class Run(NamedTuple):
    arms: list[Arm]
    tallies: list[Tally]
    asked: int  # games asked for, all arms together (whole deals when mirrored)
    played: int  # games finished, all arms together
    interrupted: bool
    seconds: float


def _chunk(arms: list[Arm], count: int, jobs: int) -> int:
    searching = any(b.startswith("ismcts") for a in arms for b in a.bots)
    if searching:  # a game of seconds: hand out one at a time
        return 1
    return max(1, min(200, count // max(1, jobs * 8)))


def _context():
    methods = multiprocessing.get_all_start_methods()
    # fork keeps games registered at run time (tests' own games); spawn elsewhere.
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def simulate(
    arms: list[Arm],
    count: int,
    base: str = "sim",
    jobs: int = 1,
    progress: bool | None = None,
    cap: int = SAFETY_CAP,
) -> Run:
    """Play `count` games of every arm; returns the tallies, even if interrupted. A game
    still going after `cap` actions is stopped and counted as stopped (Tally.stopped)."""
    for arm in arms:  # fail early, with a clear message, on an unknown bot
        game = games.load_described(arm.description)
        for s in range(game.num_players):
            make_bot(game, arm.bots[s], b"check", s)
    size = _chunk(arms, count, jobs)
    counts = [games_of(a, count) for a in arms]
    work = [
        (k, arms[k], base, a, min(counts[k], a + size), cap)
        for a in range(0, max(counts), size)
        for k in range(len(arms))
        if a < counts[k]
    ]
    tallies = []
    for a in arms:
        game = games.load_described(a.description)
        tallies.append(Tally(type(game), game.num_players, a.label, game.teams()))
    bar = _progress_bar(sum(counts), progress)
    started = time.perf_counter()
    played = 0
    interrupted = False
    pool = None
    try:
        if jobs > 1 and len(work) > 1:
            pool = _context().Pool(min(jobs, len(work)), initializer=_quiet_worker)
            results = _until_ctrl_c(pool.imap_unordered(_work, work))
        else:
            results = map(_work, work)
        for arm_index, records in results:
            tallies[arm_index].add_all(records)
            played += len(records)
            if bar is not None:
                bar.update(len(records))
    except KeyboardInterrupt:
        interrupted = True
    finally:
        if pool is not None:
            if interrupted:
                pool.terminate()
            else:
                pool.close()
            pool.join()
        if bar is not None:
            bar.close()
    return Run(arms, tallies, sum(counts), played, interrupted, time.perf_counter() - started)


def _until_ctrl_c(results):
    """The pool's results until Ctrl-C, then KeyboardInterrupt. While waiting, the signal
    only sets a flag, read between short waits: a KeyboardInterrupt raised inside the
    pool's own locks can leave terminate() waiting for ever (seen once on a busy machine)."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield from results  # signals reach the main thread only
        return
    pressed = []
    previous = signal.signal(signal.SIGINT, lambda *_: pressed.append(True))
    try:
        while not pressed:
            try:
                yield results.next(timeout=0.1)
            except multiprocessing.TimeoutError:
                pass
            except StopIteration:
                return
    finally:
        signal.signal(signal.SIGINT, previous)
    raise KeyboardInterrupt


def _progress_bar(total: int, progress: bool | None):
    """A progress bar on a terminal (rate and time left), nothing otherwise."""
    if progress is None:
        progress = sys.stderr.isatty()
    if not progress:
        return None
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread: worker processes are forked
    return tqdm(total=total, unit="game", file=sys.stderr, dynamic_ncols=True, leave=False)
