"""From finished games to statistics: one GameRecord per game, one Tally per
group of games (an arm of a simulation, or a game type of the log database).

Everything a report says is counted here with whole numbers (wins split into
k-way shares are kept as counts per k, and summed as exact fractions), so the
same games give the same report whatever order workers finished them in.

How wins are counted: the seats with the highest return win, or in a game with
teams (Game.teams()), the teams with the highest return: teammates win
together, and a team's win is not a shared win. A game won by k seats (or
teams) together is a shared win: each gets 1/k of a win (its "win share"), and
nobody gets an outright win. When every seat (team) has the same return the
game has no single winner: each gets 1/n, and when that is true of every game
(the Mea Culpa keeper, whose board decides the winner), the report says the
rules decide no winner instead of showing win rates.

Games are independent, except the games of one deal when deals are mirrored
(every seat rotation of a seed played): then the deal is the unit every
interval and test counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import NamedTuple

from host import stats
from shared_rules.game import CHANCE, TERMINAL

MIN_EXPECTED = 5  # a chi-square or score test needs at least this many expected wins a cell


class GameRecord(NamedTuple):
    """What the statistics need of one finished game (plain data, picklable)."""

    index: int  # its place: the simulation's game number, or the order played
    players: tuple[str, ...]  # who played each seat: a bot's name or a person's
    returns: tuple[int, ...]
    actions: int  # every action, chance included
    decisions: int  # actions chosen by players
    order: tuple[int, ...]  # seats in the order they first had to decide
    figures: dict[str, int]  # the game's own summary(), if it has one
    deal: int = -1  # the seed's number: games of one deal share it (-1: the index)
    rounds: int | None = None  # rounds played (State.round_number() at the end)
    standing: tuple[int, ...] | None = None  # State.standing() at the end
    lead_changes: int | None = None  # changes of the player ahead alone, round to round
    # stopped by a simulation's safety cap before its rules ended it (New Rule with no
    # round limit): no result, so it counts in no statistic but the games stopped
    stopped: bool = False

    def deal_of(self) -> int:
        return self.index if self.deal < 0 else self.deal


class Units:
    """Who wins together: every seat for itself, or the teams the game names."""

    def __init__(self, players: int, teams=None):
        self.players = players
        self.teams = tuple(teams) if teams is not None else None
        if self.teams is None:
            self.of_seat = tuple(range(players))
            self.members = [[s] for s in range(players)]
            self.kind = "seat"
        else:
            count = max(self.teams) + 1
            self.of_seat = self.teams
            self.members = [[s for s in range(players) if self.teams[s] == t] for t in range(count)]
            self.kind = "team"
        self.count = len(self.members)

    def name(self, unit: int) -> str:
        if self.kind == "seat":
            return f"seat {unit}"
        return f"team {unit} (seats {', '.join(str(s) for s in self.members[unit])})"

    def best(self, per_seat, unit: int):
        return max(per_seat[s] for s in self.members[unit])

    def winners(self, returns) -> list[int]:
        """The units with the highest return."""
        values = [self.best(returns, u) for u in range(self.count)]
        top = max(values)
        return [u for u in range(self.count) if values[u] == top]

    def order(self, seat_order) -> list[int]:
        """Units in the order they first had to decide."""
        out: list[int] = []
        for s in seat_order:
            u = self.of_seat[s]
            if u not in out:
                out.append(u)
        return out

    def leader(self, standing) -> int | None:
        """The unit ahead alone by a standing, or None when two or more are level."""
        if self.teams is None:
            top = max(standing)
            return standing.index(top) if standing.count(top) == 1 else None
        values = [self.best(standing, u) for u in range(self.count)]
        top = max(values)
        ahead = [u for u in range(self.count) if values[u] == top]
        return ahead[0] if len(ahead) == 1 else None

    def margin(self, returns, standing) -> int | None:
        """By how much the winners' standing beat the best of the rest at the end (the
        last winner's against the best loser's): None without a winner or a standing,
        or when the standing does not explain the win (a win by another rule)."""
        if standing is None:
            return None
        won = self.winners(returns)
        if len(won) == self.count:
            return None
        values = [self.best(standing, u) for u in range(self.count)]
        gap = min(values[u] for u in won) - max(
            values[u] for u in range(self.count) if u not in won
        )
        return gap if gap >= 0 else None


class GameWatcher:
    """An observer for driver.play() (called before each action): counts decisions,
    notes the order in which seats first decide (the turn order, whatever the seat
    numbers) and, for a game with rounds and a standing, who is ahead at the end of
    each round, to count lead changes."""

    def __init__(self, units: Units):
        self.units = units
        self.players = units.players
        self.order: list[int] = []
        self.decisions = 0
        self.round = None
        self.rounds_known = True  # until the game says it has no rounds
        self.leader: int | None = None  # the last unit ahead alone
        self.lead_changes: int | None = None

    def __call__(self, state, action) -> None:
        seat = state._current_player()
        if seat == CHANCE or seat == TERMINAL:
            return
        self.decisions += 1
        if len(self.order) < self.players and seat not in self.order:
            self.order.append(seat)
        if self.rounds_known:
            number = state.round_number()
            if number is None:
                self.rounds_known = False
            elif number != self.round:
                if self.round is not None:
                    self._look(state)  # a round has just ended
                self.round = number

    def _look(self, state) -> None:
        standing = state.standing()
        if standing is None:
            self.rounds_known = False
            return
        leader = self.units.leader(standing)
        if self.lead_changes is None:
            self.lead_changes = 0
        if leader is not None:
            if self.leader is not None and leader != self.leader:
                self.lead_changes += 1
            self.leader = leader

    def full_order(self) -> list[int]:
        """The turn order, seats that never decided last (in seat order)."""
        return self.order + [s for s in range(self.players) if s not in self.order]

    def record(self, index: int, players, state, deal: int = -1) -> GameRecord:
        """The record of the finished game `state` (the final standing counts as the
        end of the last round), or of one a safety cap stopped (`stopped`: no result)."""
        stopped = not state.is_terminal()
        summary = state.summary() if hasattr(state, "summary") and not stopped else {}
        standing = state.standing()
        lead_changes = None
        if self.rounds_known and standing is not None:
            self._look(state)
            lead_changes = self.lead_changes
        return GameRecord(
            index,
            tuple(players),
            tuple(state.returns()),
            state.move_number(),
            self.decisions,
            tuple(self.full_order()),
            dict(summary),
            deal,
            state.round_number(),
            tuple(standing) if standing is not None else None,
            lead_changes,
            stopped,
        )


def units_of(game) -> Units:
    return Units(game.num_players, game.teams())


def record_of_history(index: int, players, game, actions, deal: int = -1) -> GameRecord:
    """The record of a game known by its actions (a synced log), replayed."""
    watch = GameWatcher(units_of(game))
    state = game.new_initial_state()
    for action in actions:
        watch(state, action)
        state.apply(action)
    return watch.record(index, players, state, deal)


def winners_of(returns) -> list[int]:
    best = max(returns)
    return [s for s in range(len(returns)) if returns[s] == best]


class Wins:
    """Wins of one seat, team, player or turn position: games, outright wins and
    k-way shared wins, as whole counts; and each deal's, for mirrored deals."""

    def __init__(self):
        self.games = 0
        self.outright = 0
        self.shared: dict[int, int] = {}  # k -> games won together with k-1 others
        self.deals: dict[int, list] = {}  # deal -> [win share, games]

    def add(self, won_with: int, deal: int = 0) -> None:
        """One game: won alone (1), shared by k (k), or lost (0)."""
        self.games += 1
        if won_with == 1:
            self.outright += 1
        elif won_with > 1:
            self.shared[won_with] = self.shared.get(won_with, 0) + 1
        entry = self.deals.setdefault(deal, [Fraction(0), 0])
        entry[0] += Fraction(1, won_with) if won_with else 0
        entry[1] += 1

    def share(self) -> Fraction:
        total = Fraction(self.outright)
        for k in sorted(self.shared):
            total += Fraction(self.shared[k], k)
        return total

    def shared_games(self) -> int:
        return sum(self.shared.values())

    def summary(self, fair: Fraction | None = None, clustered: bool = False) -> dict:
        """Win rate and its 95% interval: Wilson's for independent games; over deals
        (the mean of each deal's rate, Student's t) when deals are mirrored."""
        share = self.share()
        n = self.games
        if clustered:
            rates = [float(e[0] / e[1]) for _, e in sorted(self.deals.items())]
            _, low, high = stats.mean_interval(rates)
            low, high = (max(0.0, low), min(1.0, high)) if len(rates) > 1 else (0.0, 1.0)
        else:
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
            testable = not clustered and min(n * fair, n * (1 - fair)) >= MIN_EXPECTED
            out["p_value"] = stats.proportion_p(float(share), n, float(fair)) if testable else None
        return out


class Tally:
    """The statistics of a group of games with the same game and player count."""

    def __init__(self, game_class, players: int, label: str = "", teams=None):
        self.game_class = game_class
        self.n = players
        self.label = label
        self.units = Units(players, teams)
        self.records: list[GameRecord] = []  # the games that ended
        self.stopped: list[GameRecord] = []  # games a safety cap stopped: no result

    def add_all(self, records) -> None:
        self.records.extend(r for r in records if not r.stopped)
        self.records.sort(key=lambda r: r.index)
        self.stopped.extend(r for r in records if r.stopped)
        self.stopped.sort(key=lambda r: r.index)

    def mirrored(self) -> bool:
        """True when some deal was played more than once (every seat rotation)."""
        deals = {r.deal_of() for r in self.records}
        return len(deals) < len(self.records)

    def by_deal(self, values: Sequence[tuple[GameRecord, float]]) -> list[float]:
        """Each deal's mean of per-game values [(record, value)], in deal order: the
        independent units of every interval."""
        sums: dict[int, list] = {}
        for record, value in values:
            entry = sums.setdefault(record.deal_of(), [0.0, 0])
            entry[0] += value
            entry[1] += 1
        return [sums[d][0] / sums[d][1] for d in sorted(sums)]

    # -- counting ---------------------------------------------------------------
    def _counts(self):
        units = self.units
        rows = [Wins() for _ in range(units.count)]
        positions = [Wins() for _ in range(units.count)]
        players: dict[str, Wins] = {}
        no_winner = 0
        shared = 0
        for r in self.records:
            won = units.winners(r.returns)
            k = len(won)
            if k == units.count:
                no_winner += 1
            elif k > 1:
                shared += 1
            deal = r.deal_of()
            order = units.order(r.order)
            for u in range(units.count):
                won_with = k if u in won else 0
                rows[u].add(won_with, deal)
                positions[order.index(u)].add(won_with, deal)
            for s in range(self.n):
                won_with = k if units.of_seat[s] in won else 0
                players.setdefault(r.players[s], Wins()).add(won_with, deal)
        return rows, positions, players, no_winner, shared

    def decides_winners(self) -> bool:
        """False when no game had a winner (every seat's return equal in all)."""
        return any(len(self.units.winners(r.returns)) < self.units.count for r in self.records)

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

    def figure_per_game(self, key: str, per_seat: bool) -> list[tuple[GameRecord, float]]:
        """(record, value) of each game that has the figure; a per-seat figure's value
        is the mean of its seats (one number a game: seats of one game are not
        independent)."""
        out = []
        for r in self.records:
            if not per_seat:
                if key in r.figures:
                    out.append((r, r.figures[key]))
                continue
            values = [r.figures[key % s] for s in range(self.n) if key % s in r.figures]
            if values:
                out.append((r, sum(values) / len(values)))
        return out

    def margins(self) -> list[tuple[GameRecord, int]]:
        out = []
        for r in self.records:
            m = self.units.margin(r.returns, r.standing)
            if m is not None:
                out.append((r, m))
        return out

    def _spread(self, values: Sequence[tuple[GameRecord, float]]) -> dict:
        """spread() of per-game values, its mean's interval over deals when mirrored."""
        out = stats.spread([v for _, v in values])
        if self.mirrored():
            _, out["mean_low"], out["mean_high"] = stats.mean_interval(self.by_deal(values))
        return out

    # -- the report ----------------------------------------------------------------
    def report(self) -> dict:
        """Every statistic, as plain data with plain-word keys (see docs/cli.md)."""
        units = self.units
        games = len(self.records)
        rows, positions, players, no_winner, shared = self._counts()
        fair = Fraction(1, units.count)
        mirrored = self.mirrored()
        out: dict = {
            "label": self.label,
            "players": self.n,
            "games": games,
            "deals": len({r.deal_of() for r in self.records}),
            "mirrored": mirrored,
            "winners_are": units.kind + "s",
            # stopped by the safety cap, unfinished: in none of the figures below
            "games_stopped": len(self.stopped),
            "decides_winners": self.decides_winners(),
            "games_with_a_shared_win": shared,
            "games_without_a_winner": no_winner,
        }
        shares = [float(w.share()) for w in rows]
        if units.kind == "team":
            out["teams"] = [list(m) for m in units.members]
            out["by_team"] = [
                dict(rows[u].summary(fair, mirrored), team=u, seats=units.members[u])
                for u in range(units.count)
            ]
            out["team_test"] = self._equal_test(shares, games, mirrored)
        else:
            out["by_seat"] = [
                dict(rows[s].summary(fair, mirrored), seat=s) for s in range(units.count)
            ]
            out["seat_test"] = self._equal_test(shares, games, mirrored)
        out["by_turn_order"] = [
            dict(positions[p].summary(fair, mirrored), position=p + 1) for p in range(units.count)
        ]
        out["by_player"] = [
            dict(players[name].summary(None, mirrored), player=name) for name in sorted(players)
        ]
        out["turn_order_test"] = self._equal_test(
            [float(w.share()) for w in positions], games, mirrored
        )
        out["length"] = self._spread([(r, r.actions) for r in self.records])
        rounds = [(r, r.rounds) for r in self.records if r.rounds is not None]
        out["rounds"] = self._spread(rounds) if rounds else None
        out["round_is"] = getattr(self.game_class, "ROUND", "") if rounds else ""
        out["decisions"] = self._spread([(r, r.decisions) for r in self.records])
        margins = self.margins()
        with_standing = [r for r in self.records if r.standing is not None]
        out["standing_is"] = getattr(self.game_class, "STANDING", "") if with_standing else ""
        out["margin"] = self._spread(margins) if margins else None
        out["games_without_a_margin"] = len(with_standing) - len(margins)
        leads = [(r, r.lead_changes) for r in self.records if r.lead_changes is not None]
        out["lead_changes"] = self._spread(leads) if leads else None
        figures = []
        for key, words, per_seat in self.figure_words():
            entry = {"key": key, "words": words, "per_seat": per_seat}
            entry.update(stats.spread(self.figure_values(key, per_seat)))
            # the mean's interval from one value a game (or a deal): a game's seats
            # are not independent of each other
            per_game = self.figure_per_game(key, per_seat)
            source = self.by_deal(per_game) if mirrored else [v for _, v in per_game]
            entry["mean"], entry["mean_low"], entry["mean_high"] = stats.mean_interval(source)
            if per_seat:
                entry["seat_means"] = [
                    stats.mean_interval(self.figure_values(key, True, s))[0] for s in range(self.n)
                ]
            figures.append(entry)
        out["figures"] = figures
        return out

    def _equal_test(self, shares: list[float], games: int, mirrored: bool) -> dict:
        """Pearson's chi-square test of equal shares over units (k - 1 degrees of
        freedom), when every unit expects MIN_EXPECTED wins and games are independent."""
        k = len(shares)
        df = max(1, k - 1)
        if mirrored:
            why = "mirrored deals repeat each deal in every seat"
        elif games * Fraction(1, max(1, k)) < MIN_EXPECTED:
            why = f"too few games: the test needs at least {MIN_EXPECTED * k}"
        else:
            chi2, df, p = stats.equal_shares(shares)
            return {"chi_square": chi2, "degrees_of_freedom": df, "p_value": p, "not_tested": None}
        return {"chi_square": None, "degrees_of_freedom": df, "p_value": None, "not_tested": why}

    def wins_of(self, what: str, name) -> Wins | None:
        """The Wins of a seat or team ("unit", u), turn position ("position", p) or player."""
        rows, positions, players, _, _ = self._counts()
        if what == "unit":
            return rows[name]
        if what == "position":
            return positions[name]
        return players.get(name)
