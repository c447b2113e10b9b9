"""`simulate GAME --ladder BOT,BOT,...`: a skill ladder.

Every pair of the bots plays head to head, half the seats each (alternate seats:
A,B or A,B,A,B; with an odd number of seats, once with A in the extra seat and
once with B), on mirrored deals: every deal in every seat rotation, so both meet
the same cards from every seat. Each game gives A the win share its seats took
and B the rest; the pairs' results are fitted to Bradley-Terry ratings on the
Elo scale (host/ratings.py), the first bot listed at 0, and each step up the list
is tested (is the next bot really stronger?).
"""

from __future__ import annotations

from fractions import Fraction

from host import ratings
from host.report import pct
from host.simulate import Arm
from host.tally import Tally


def lineups(a: str, b: str, players: int) -> list[tuple[str, ...]]:
    """The line-ups a pair plays: alternate seats, both ways round when odd."""
    first = tuple(a if s % 2 == 0 else b for s in range(players))
    if players % 2 == 0:
        return [first]
    return [first, tuple(b if s % 2 == 0 else a for s in range(players))]


def plan(bots: list[str], description: dict) -> list[Arm]:
    """One arm for each pair of bots and line-up, mirrored."""
    players = description["players"]
    arms = []
    for i in range(len(bots)):
        for j in range(i + 1, len(bots)):
            ups = lineups(bots[i], bots[j], players)
            for names in ups:
                label = f"{bots[i]} vs {bots[j]}"
                if len(ups) > 1:
                    label += f" ({names[0]} in the extra seat)"
                arms.append(Arm(label, description, names, True, mirror=True))
    return arms


def head_to_head(bots: list[str], arms: list[Arm], tallies: list[Tally]):
    """(wins, games): wins[(i, j)] is bot i's win share against bot j over their games."""
    wins: dict[tuple[int, int], float] = {}
    games: dict[tuple[int, int], float] = {}
    index = {name: k for k, name in enumerate(bots)}
    for arm, tally in zip(arms, tallies, strict=True):
        pair = sorted({index[name] for name in arm.bots})
        i, j = pair[0], pair[1]
        share_i = Fraction(0)
        for r in tally.records:
            won = tally.units.winners(r.returns)
            if len(won) == tally.units.count:  # nobody won: half a game each
                share_i += Fraction(1, 2)
                continue
            for u in won:  # a unit's share of the win, split among its seats
                members = tally.units.members[u]
                mine = sum(1 for s in members if index[r.players[s]] == i)
                share_i += Fraction(mine, len(won) * len(members))
        count = len(tally.records)
        wins[(i, j)] = wins.get((i, j), 0.0) + float(share_i)
        wins[(j, i)] = wins.get((j, i), 0.0) + float(count - share_i)
        games[(i, j)] = games.get((i, j), 0.0) + count
    return wins, games


def report(bots: list[str], arms: list[Arm], tallies: list[Tally]) -> dict:
    wins, games = head_to_head(bots, arms, tallies)
    out = ratings.ladder(bots, wins, games)
    matrix = []
    for i in range(len(bots)):
        row = []
        for j in range(len(bots)):
            g = games.get((min(i, j), max(i, j)), 0.0)
            row.append(wins.get((i, j), 0.0) / g if i != j and g else None)
        matrix.append(row)
    out["bots"] = list(bots)
    out["games_a_pair"] = [
        {"pair": [bots[i], bots[j]], "games": games[(i, j)]} for (i, j) in sorted(games)
    ]
    out["head_to_head"] = matrix
    out["virtual_draws"] = ratings.VIRTUAL_DRAW
    return out


def lines(rep: dict, title: str, options: str) -> list[str]:
    bots = rep["bots"]
    width = max(10, max(len(b) for b in bots))
    pair_games = sorted({int(p["games"]) for p in rep["games_a_pair"]})
    each = " or ".join(str(g) for g in pair_games)
    out = [
        f"Skill ladder: {title}, {each} games a pair, every deal in every seat rotation",
        f"  options: {options}",
        f"  rating (Bradley-Terry, Elo scale: 400 points = 10 to 1 odds; {bots[0]} = 0; "
        "95% interval):",
    ]
    order = sorted(range(len(bots)), key=lambda i: -rep["ratings"][i]["rating"])
    for i in order:
        r = rep["ratings"][i]
        span = "" if i == 0 else f"  ({r['low']:+.0f} to {r['high']:+.0f})"
        out.append(f"    {r['bot']:<{width}} {r['rating']:+6.0f}{span}")
    out.append("  head to head (the row's win rate against the column):")
    cell = max(6, max(len(b) for b in bots))
    out.append("    " + " " * width + "".join(f" {b:>{cell}}" for b in bots))
    for i, b in enumerate(bots):
        cells = "".join(
            f" {'-':>{cell}}" if x is None else f" {pct(x):>{cell}}" for x in rep["head_to_head"][i]
        )
        out.append(f"    {b:<{width}}{cells}")
    out.append(
        "  each step up the list (rating difference, 95% interval; clear: p below 0.05 after "
        "Holm's correction over the steps):"
    )
    for s in rep["steps"]:
        verdict = "clear" if s["clear"] else "not clear"
        out.append(
            f"    {s['upper']} over {s['lower']}: {s['difference']:+.0f} "
            f"({s['low']:+.0f} to {s['high']:+.0f}), {verdict}"
        )
    out.append(
        f"  (each pair is also given {rep['virtual_draws']:g} drawn game, so that a bot that "
        "never lost keeps a finite rating)"
    )
    return out
