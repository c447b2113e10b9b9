"""Play many seeded games with bots and gather statistics (used by the CLI and the benchmark)."""

from __future__ import annotations

import hashlib
from concurrent.futures import ProcessPoolExecutor

from shared_rules import games
from shared_rules.driver import make_bot, play


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


def _play_chunk(job):
    description, bot_names, base, start, stop = job
    game = games.load_described(description)
    results = []
    for i in range(start, stop):
        seed = game_seed(base, i)
        bots = [make_bot(game, bot_names[s], seed, s) for s in range(game.num_players)]
        end = play(game, seed, bots)
        summary = end.summary() if hasattr(end, "summary") else {}
        results.append((end.returns(), end.move_number(), summary))
    return results


def simulate(game, bot_names: list[str], count: int, base: str = "sim", jobs: int = 1):
    """Play `count` games; returns a dict of statistics (plain data)."""
    n = game.num_players
    for s in range(n):  # fail early, with a clear message, on an unknown bot
        make_bot(game, bot_names[s], b"x", s)
    chunk = max(1, min(200, count // max(1, jobs * 4) or 1))
    work = [
        (game.describe(), bot_names, base, a, min(count, a + chunk)) for a in range(0, count, chunk)
    ]
    if jobs > 1 and len(work) > 1:
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(work)), initializer=_worker_init
        ) as pool:
            parts = list(pool.map(_play_chunk, work))
    else:
        parts = [_play_chunk(w) for w in work]
    wins = [0] * n
    shared = [0] * n
    total_return = [0] * n
    lengths = []
    extra: dict[str, int] = {}
    for part in parts:
        for returns, length, summary in part:
            lengths.append(length)
            best = max(returns)
            winners = [s for s in range(n) if returns[s] == best]
            for s in range(n):
                total_return[s] += returns[s]
            for s in winners:
                if len(winners) == 1:
                    wins[s] += 1
                else:
                    shared[s] += 1
            for key in sorted(summary):
                extra[key] = extra.get(key, 0) + int(summary[key])
    return {
        "game": game.describe(),
        "bots": bot_names,
        "games": count,
        "wins": wins,
        "shared_wins": shared,
        "mean_return": [t / count for t in total_return],
        "mean_length": sum(lengths) / count,
        "max_length": max(lengths),
        "totals": extra,
    }
