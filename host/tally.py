"""From finished games to statistics: one GameRecord per game, one Tally per
group of games (an arm of a simulation, or a game type of the log database).

Everything a report says is counted here with whole numbers (wins split into
k-way shares are kept as counts per k, and summed as exact fractions), so the
same games give the same report whatever order workers finished them in.

How wins are counted: the seats with the highest return win. A game won by k
seats together is a shared win: each of them gets 1/k of a win (its "win
share"), and nobody gets an outright win. When every seat has the same return
the game has no single winner: each seat gets 1/n, and when that is true of
every game (the Mea Culpa keeper, whose board decides the winner), the report
says the rules decide no winner instead of showing win rates.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

from host import stats
from shared_rules.game import CHANCE, TERMINAL


class GameRecord(NamedTuple):
    """What the statistics need of one finished game (plain data, picklable)."""

    index: int  # its place: the simulation's game number, or the order played
    players: tuple[str, ...]  # who played each seat: a bot's name or a person's
    returns: tuple[int, ...]
    actions: int  # every action, chance included
    decisions: int  # actions chosen by players
    order: tuple[int, ...]  # seats in the order they first had to decide
    figures: dict[str, int]  # the game's own summary(), if it has one
    # stopped by a simulation's safety cap before its rules ended it (New Rule with no
    # round limit): no result, so it counts in no statistic but the games stopped
    stopped: bool = False


def record_of(index: int, players, state, decisions: int, order) -> GameRecord:
    stopped = not state.is_terminal()
    summary = state.summary() if hasattr(state, "summary") and not stopped else {}
    return GameRecord(
        index,
        tuple(players),
        tuple(state.returns()),
        state.move_number(),
        decisions,
        tuple(order),
        dict(summary),
        stopped,
    )


class TurnWatcher:
    """An observer for driver.play(): counts decisions and notes the order in
    which seats first decide (the turn order, whatever the seat numbers)."""

    def __init__(self, players: int):
        self.players = players
        self.order: list[int] = []
        self.decisions = 0

    def __call__(self, state, action) -> None:
        seat = state._current_player()
        if seat == CHANCE or seat == TERMINAL:
            return
        self.decisions += 1
        if len(self.order) < self.players and seat not in self.order:
            self.order.append(seat)

    def full_order(self) -> list[int]:
        """The turn order, seats that never decided last (in seat order)."""
        return self.order + [s for s in range(self.players) if s not in self.order]


def winners_of(returns) -> list[int]:
    best = max(returns)
    return [s for s in range(len(returns)) if returns[s] == best]


class Wins:
    """Wins of one seat, player or turn position: games, outright wins and
    k-way shared wins, as whole counts."""

    def __init__(self):
        self.games = 0
        self.outright = 0
        self.shared: dict[int, int] = {}  # k -> games won together with k-1 others

    def add(self, won_with: int) -> None:
        """One game: won alone (1), shared by k (k), or lost (0)."""
        self.games += 1
        if won_with == 1:
            self.outright += 1
        elif won_with > 1:
            self.shared[won_with] = self.shared.get(won_with, 0) + 1

    def share(self) -> Fraction:
        total = Fraction(self.outright)
        for k in sorted(self.shared):
            total += Fraction(self.shared[k], k)
        return total

    def shared_games(self) -> int:
        return sum(self.shared.values())

    def summary(self, fair: Fraction | None = None) -> dict:
        share = self.share()
        n = self.games
        low, high = stats.wilson(float(share), n)
        out = {
            "games": n,
            "win_share": float(share),
            "win_rate": float(share / n) if n else 0.0,
            "low": low,
            "high": high,
            "outright_wins": self.outright,
            "shared_wins": self.shared_games(),
        }
        if fair is not None:
            out["fair"] = float(fair)
            out["p_value"] = stats.proportion_p(float(share), n, float(fair))
        return out


class Tally:
    """The statistics of a group of games with the same game and player count."""

    def __init__(self, game_class, players: int, label: str = ""):
        self.game_class = game_class
        self.n = players
        self.label = label
        self.records: list[GameRecord] = []  # the games that ended
        self.stopped: list[GameRecord] = []  # games a safety cap stopped: no result

    def add_all(self, records) -> None:
        self.records.extend(r for r in records if not r.stopped)
        self.records.sort(key=lambda r: r.index)
        self.stopped.extend(r for r in records if r.stopped)
        self.stopped.sort(key=lambda r: r.index)

    # -- counting ---------------------------------------------------------------
    def _counts(self):
        n = self.n
        seats = [Wins() for _ in range(n)]
        positions = [Wins() for _ in range(n)]
        players: dict[str, Wins] = {}
        no_winner = 0
        shared = 0
        for r in self.records:
            winners = winners_of(r.returns)
            k = len(winners)
            if k == n:
                no_winner += 1
            elif k > 1:
                shared += 1
            for s in range(n):
                won_with = k if s in winners else 0
                seats[s].add(won_with)
                positions[r.order.index(s)].add(won_with)
                players.setdefault(r.players[s], Wins()).add(won_with)
        return seats, positions, players, no_winner, shared

    def decides_winners(self) -> bool:
        """False when no game had a winner (every seat's return equal in all)."""
        n = self.n
        return any(len(winners_of(r.returns)) < n for r in self.records)

    def figure_words(self) -> list[tuple[str, str, bool]]:
        """(key, plain words, per seat) of the summary figures, in the game's order."""
        seen_keys: set[str] = set()
        for r in self.records:
            seen_keys.update(r.figures)
        out = []
        named: set[str] = set()
        for key, words in getattr(self.game_class, "SUMMARY", ()):
            if "%d" in key:
                keys = {key % s for s in range(self.n)}
                if keys & seen_keys:
                    out.append((key, words, True))
                    named |= keys
            elif key in seen_keys:
                out.append((key, words, False))
                named.add(key)
        for key in sorted(seen_keys - named):  # figures the game has not put in words
            out.append((key, key.replace("_", " "), False))
        return out

    def figure_values(self, key: str, per_seat: bool, seat: int | None = None) -> list[int]:
        if not per_seat:
            return [r.figures[key] for r in self.records if key in r.figures]
        seats = range(self.n) if seat is None else [seat]
        return [r.figures[key % s] for r in self.records for s in seats if key % s in r.figures]

    # -- the report ----------------------------------------------------------------
    def report(self) -> dict:
        """Every statistic, as plain data with plain-word keys (see docs/cli.md)."""
        n = self.n
        games = len(self.records)
        seats, positions, players, no_winner, shared = self._counts()
        fair = Fraction(1, n)
        out: dict = {
            "label": self.label,
            "players": n,
            "games": games,
            # stopped by the safety cap, unfinished: in none of the figures below
            "games_stopped": len(self.stopped),
            "decides_winners": self.decides_winners(),
            "games_with_a_shared_win": shared,
            "games_without_a_winner": no_winner,
        }
        out["by_seat"] = [dict(seats[s].summary(fair), seat=s) for s in range(n)]
        out["by_turn_order"] = [dict(positions[p].summary(fair), position=p + 1) for p in range(n)]
        out["by_player"] = [dict(players[name].summary(), player=name) for name in sorted(players)]
        chi2, df, p = stats.equal_shares([float(w.share()) for w in seats])
        out["seat_test"] = {"chi_square": chi2, "degrees_of_freedom": df, "p_value": p}
        chi2, df, p = stats.equal_shares([float(w.share()) for w in positions])
        out["turn_order_test"] = {"chi_square": chi2, "degrees_of_freedom": df, "p_value": p}
        out["length"] = stats.spread([r.actions for r in self.records])
        out["decisions"] = stats.spread([r.decisions for r in self.records])
        figures = []
        for key, words, per_seat in self.figure_words():
            entry = {"key": key, "words": words, "per_seat": per_seat}
            entry.update(stats.spread(self.figure_values(key, per_seat)))
            if per_seat:
                entry["seat_means"] = [
                    stats.mean_interval(self.figure_values(key, True, s))[0] for s in range(n)
                ]
            figures.append(entry)
        out["figures"] = figures
        return out

    def wins_of(self, what: str, name) -> Wins | None:
        """The Wins of a seat ("seat", s), turn position ("position", p) or player."""
        seats, positions, players, _, _ = self._counts()
        if what == "seat":
            return seats[name]
        if what == "position":
            return positions[name]
        return players.get(name)
