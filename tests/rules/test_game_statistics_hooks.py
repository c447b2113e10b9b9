"""The hooks every game gives statistics (shared_rules/game.py), checked over every
game: what a round is and which round is played, who stands ahead (the winners
stand ahead at the end, or won by a rule the game names), and the teams."""

import checked_games
import pytest

from host.tally import GameWatcher, Units, units_of
from shared_rules import games
from shared_rules.game import CHANCE, TERMINAL
from shared_rules.laptop.driver import play

GAMES = 6
# New Rule ends at the target score (the rulebook's only ending): random play may never
# reach it, so these games stop at the round limit option
ENDS = {"new-rule": {"round_limit": 12}}
CONFIGS = [
    (name, players, dict(ENDS.get(name, {})))
    for name in checked_games.names()
    for players in sorted({games.game_class(name).MIN_PLAYERS, games.game_class(name).MAX_PLAYERS})
] + [
    ("siete-pecados", 4, {"teams": True}),
    ("siete-pecados", 6, {"teams": True, "team_win": "total", "mode": "infernal"}),
]


class Rounds:
    """Every round number seen before an action, and the standings at decisions."""

    def __init__(self):
        self.numbers = []
        self.standings = []

    def __call__(self, state, action):
        if state._current_player() in (CHANCE, TERMINAL):
            return
        self.numbers.append(state.round_number())
        if len(self.standings) < 50:
            self.standings.append(state.standing())


@pytest.mark.parametrize(
    "name,players,options", CONFIGS, ids=[f"{n}-{p}p-{sorted(o)}" for n, p, o in CONFIGS]
)
def test_rounds_standing_and_teams(name, players, options):
    game = games.load(name, players, **options)
    cls = type(game)
    units = units_of(game)
    for k in range(GAMES):
        watch = Rounds()
        end = play(game, b"hooks-%d" % k, observer=watch)
        final = end.round_number()
        if not cls.ROUND:  # a game without rounds says none
            assert final is None and set(watch.numbers) <= {None}
        else:
            assert isinstance(final, int) and final >= 1
            assert watch.numbers[0] == 1, "the first decision is in round 1"
            assert watch.numbers == sorted(watch.numbers), "rounds never go back"
            assert watch.numbers[-1] <= final and final - watch.numbers[0] < len(watch.numbers)
        standing = end.standing()
        if not cls.STANDING:
            assert standing is None
            continue
        assert len(standing) == players and all(isinstance(v, int) for v in standing)
        for seen in watch.standings:
            assert len(seen) == players
        won = units.winners(end.returns())
        if len(won) < units.count and units.margin(end.returns(), standing) is None:
            # the standing explains every win but one a game names: a Supreme Sinner
            assert end.summary().get("supreme_sinner") == 1, (name, k, standing, won)


def test_teams_are_named_by_the_game():
    assert games.load("siete-pecados", 4, teams=True).teams() == [0, 1, 0, 1]
    assert games.load("siete-pecados", 6, teams=True).teams() == [0, 1, 0, 1, 0, 1]
    assert games.load("siete-pecados", 4).teams() is None
    for name in checked_games.names():
        assert games.load(name).teams() is None
    end = play(games.load("siete-pecados", 4, teams=True), b"teams")
    returns = end.returns()
    assert returns[0] == returns[2] and returns[1] == returns[3]


def test_units_margin_and_lead_changes_by_hand():
    seats = Units(3)
    assert seats.winners([1, 0, 1]) == [0, 2] and seats.leader([5, 7, 7]) is None
    assert seats.margin([0, 1, 0], [3, 9, 5]) == 4  # the winner 9, the best of the rest 5
    assert seats.margin([1, 0, 0], [3, 9, 5]) is None  # a win the standing does not explain
    assert seats.margin([1, 1, 1], [3, 3, 3]) is None  # no winner, no margin
    teams = Units(4, [0, 1, 0, 1])
    assert teams.winners([1, 0, 1, 0]) == [0] and teams.name(1) == "team 1 (seats 1, 3)"
    assert teams.margin([1, 0, 1, 0], [2, 8, 10, 1]) == 2  # team 0 stands 10, team 1 8
    assert teams.leader([2, 8, 10, 1]) == 0

    class Scripted:
        """A state whose rounds and standings are given (each standing is the one
        at the start of its round, so at the end of the round before)."""

        def __init__(self):
            self.at = 0
            self.script = [(1, [0, 0]), (2, [3, 1]), (3, [4, 4]), (4, [4, 6]), (5, [9, 6])]

        def _current_player(self):
            return 0

        def round_number(self):
            return self.script[min(self.at, len(self.script) - 1)][0]

        def standing(self):
            return self.script[min(self.at, len(self.script) - 1)][1]

    state = Scripted()
    watch = GameWatcher(Units(2))
    for step in range(len(state.script)):
        state.at = step
        watch(state, 0)
    state.script.append((5, [9, 12]))  # the final count: seat 1 ahead again
    state.at = len(state.script) - 1
    watch._look(state)
    # ahead after round 1: seat 0; round 2: level (no change); round 3: seat 1;
    # round 4: seat 0; at the end: seat 1. Three changes.
    assert watch.lead_changes == 3
