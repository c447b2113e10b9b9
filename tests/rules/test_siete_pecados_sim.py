"""7 Pecados under the generic checker for the option combinations that
tests/rules/test_all_games.py (one option at a time) cannot reach, every card
accounted for at every node, resample()'s rewritten history, and the greedy
bot under the checker (CPython only)."""

import pytest
import simcheck

from shared_rules import canon, games
from shared_rules.game import replay
from shared_rules.laptop.driver import RandomBot, make_bot, play
from shared_rules.rng import Stream

pytestmark = pytest.mark.slow  # thousands of seeded games: `make test` only

# Combinations only: each option alone is in test_all_games.
VARIANTS = {
    "infernal-teams": (4, {"mode": "infernal", "teams": True}),
    "infernal-teams-total": (6, {"mode": "infernal", "teams": True, "team_win": "total"}),
    "celestial-teams-total": (4, {"teams": True, "team_win": "total"}),
    "infernal-one-cancel": (3, {"mode": "infernal", "cancels": "one_per_turn"}),
    "infernal-and-play-lowest": (
        5,
        {"mode": "infernal", "centre_draw": "and_play", "tiebreak": "lowest", "first_player": 4},
    ),
    "dante-teams": (6, {"dante": True, "teams": True, "first_player": 5}),
    "celestial-and-play": (3, {"first_player": 2, "centre_draw": "and_play", "dante": True}),
}
GAMES = 8


def _game(variant):
    players, options = VARIANTS[variant]
    return games.load("siete-pecados", players, **options)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_simcheck_combinations(variant):
    game = _game(variant)
    seeds = [("sim-%s-%d" % (variant, i)).encode() for i in range(GAMES)]
    total = simcheck.check_many(game, seeds, thorough=False)
    assert total["games"] == GAMES and total["resampled"] > 0
    _, stats = simcheck.check_game(game, b"thorough-" + variant.encode(), thorough=True)
    assert stats["resampled"] > 0


def _cards_on_the_table(view):
    """Every one of the 48 cards is somewhere the view can count."""
    return (
        view["deck"]
        + sum(view["hands"])
        + len(view["limbo"])
        + sum([1 for t in view["tempted"] if t])
        + sum(view["centre"])
        + view["eliminated"]
        + sum([1 for p in view["protected"] if p])
        + (1 if view["declared"] is not None else 0)
        + len(view["cancelled"])
        + (1 if view["dealing"] is not None and view["dealing"]["receiver"] is not None else 0)
    )


@pytest.mark.parametrize("mode", ["celestial", "infernal"])
def test_every_card_is_accounted_for(mode):
    for players in (2, 3, 4, 5, 6):
        game = games.load("siete-pecados", players, mode=mode)
        for i in range(6):
            state = game.new_initial_state()
            seed = b"cards-%d" % i
            chance = Stream(seed, b"chance")
            bots = [RandomBot(game, seed, s) for s in range(players)]
            while not state.is_terminal():
                view = state.view(None)
                if view["phase"] != "deal":
                    assert _cards_on_the_table(view) == 48, view
                assert sum(view["cubes"]) + view["cube_pile"] == 12
                assert max(view["cubes"]) <= 2 and min(view["cubes"]) >= 0
                p = state.current_player()
                if p < 0:
                    state.apply(chance.weighted(state.chance_outcomes()))
                else:
                    state.apply(bots[p].choose(state.view(p), state.legal_actions()))
            assert state.returns().count(1) >= 1


@pytest.mark.parametrize("mode", ["celestial", "infernal"])
def test_resample_gives_a_replayable_history(mode):
    """The rewritten history replays to a state the seat cannot tell apart, and the
    seat's own view and every announcement stay as they were."""
    game = games.load("siete-pecados", 4, mode=mode)
    end = play(game, b"resample-" + mode.encode())
    stream = Stream(b"r", "probe")
    found = 0
    changed_hands = 0
    for cut in range(9, end.move_number(), 7):
        state = replay(game, end.history()[:cut])
        for seat in range(4):
            other = state.resample(seat, stream)
            if other is None:
                continue
            found += 1
            again = replay(game, other.history())
            assert simcheck.fingerprint(again) == simcheck.fingerprint(other)
            assert canon.dumps(other.view(seat)) == canon.dumps(state.view(seat))
            assert canon.dumps(other.view(None)) == canon.dumps(state.view(None))
            assert canon.dumps(other.announcements()) == canon.dumps(state.announcements())
            for s in range(4):
                if s != seat and other.view(s)["me"]["hand"] != state.view(s)["me"]["hand"]:
                    changed_hands += 1
    assert found > 20 and changed_hands > 10


@pytest.mark.parametrize("players,options", [(2, {}), (4, {"mode": "infernal", "teams": True})])
def test_greedy_bots_pass_the_checker(players, options):
    game = games.load("siete-pecados", players, **options)
    for i in range(6):
        seed = b"greedy-%d" % i
        bots = [
            make_bot(game, "greedy" if s % 2 == 0 else "random", seed, s) for s in range(players)
        ]
        simcheck.check_game(game, seed, bots=bots, thorough=False)
