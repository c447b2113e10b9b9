"""Benchmarks run by `make bench` (see host/bench.py), and what they share."""

import time

from shared_rules.laptop.driver import play


def random_play(game, seconds=2.0, repeats=3):
    """(games per CPU second, mean actions per game) of random play on one core.

    Random bots (their picks made by the driver itself, reading no view), seeds
    b"speed-0", b"speed-1", ...: the same games on every run. Counted in CPU time
    (time.process_time), so other processes do not count; the best of `repeats`
    runs of at least `seconds`, the one least disturbed by the machine."""
    best = 0.0
    actions = games = 0
    for _ in range(repeats):
        start = time.process_time()
        games = actions = 0
        while True:
            actions += play(game, b"speed-%d" % games).move_number()
            games += 1
            spent = time.process_time() - start
            if spent >= seconds:
                break
        best = max(best, games / spent)
    return best, actions / games


def target(value, wanted):
    """The unit text of a speed row with its target, and whether it is met."""
    verdict = "met" if value >= wanted else "NOT MET"
    return "games/s (target %s: %s)" % (format(wanted, ","), verdict)
