"""Every registered game passes the generic checker, OpenSpiel-style: each
player count, and each option value a table may choose (one at a time)."""

import hashlib

import checked_games
import pytest
import simcheck

from shared_rules import games
from shared_rules.game import Option

SEEDS_PER_CONFIG = 40
# Games with many long configurations check fewer seeds each here; their own
# tests/test_<game>_sim.py runs the checker over the option combinations. A New
# Rule game runs many rounds (about 1,200 checked nodes with random bots), so one
# game a configuration; short games and many more seeds are in
# tests/portable/test_new_rule_scenarios.py and tests/rules/test_new_rule_sim.py.
SEEDS_FOR = {"siete-pecados": 16, "new-rule": 1}


def _configs():
    out = []
    for name in checked_games.names():
        cls = games.game_class(name)
        for players in range(cls.MIN_PLAYERS, cls.MAX_PLAYERS + 1):
            out.append((name, players, {}))
        for opt in cls.OPTIONS:
            for value in _alternatives(opt):
                out.append((name, cls.MIN_PLAYERS, {opt.name: value}))
                if cls.MAX_PLAYERS != cls.MIN_PLAYERS:
                    out.append((name, cls.MAX_PLAYERS, {opt.name: value}))
    return out


def _alternatives(opt: Option):
    if isinstance(opt.default, bool):
        return [not opt.default]
    if opt.choices is not None:
        return [c for c in opt.choices if c != opt.default]
    return []


CONFIGS = _configs()


def _param(name, players, options):
    """Each game at its fewest players with its defaults is quick (`make test-fast`); the
    other counts and every option value are slow in all (`make test`)."""
    quick = not options and players == games.game_class(name).MIN_PLAYERS
    label = "-".join(f"{k}={v}" for k, v in sorted(options.items())) or "default"
    return pytest.param(
        name,
        players,
        options,
        id=f"{name}-{players}p-{label}",
        marks=() if quick else pytest.mark.slow,
    )


@pytest.mark.parametrize("name,players,options", [_param(*c) for c in CONFIGS])
def test_generic_checker(name, players, options):
    try:
        game = games.load(name, players, **options)
    except games.BadOption:
        pytest.skip("this option value does not apply at this player count")
    count = SEEDS_FOR.get(name, SEEDS_PER_CONFIG)
    seeds = [
        hashlib.sha256(f"{name}/{players}/{options}/{i}".encode()).digest() for i in range(count)
    ]
    total = simcheck.check_many(game, seeds, thorough=False)
    assert total["games"] == count


def test_every_game_has_a_rules_document():
    from interpreters import ROOT

    for name in checked_games.names():
        if not games.engine_of(name)[0].startswith("shared_rules."):
            continue  # a test game
        assert (ROOT / "docs" / "rules" / f"{name}.md").exists(), f"docs/rules/{name}.md is missing"
