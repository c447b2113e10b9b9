"""Bradley-Terry ratings from head-to-head results, on the Elo scale.

Bradley and Terry (1952): player i beats player j with chance p_i / (p_i + p_j).
The strengths are fitted by maximum likelihood with Hunter's MM algorithm (Hunter
2004, "MM algorithms for generalized Bradley-Terry models"), and shown as ratings
on the Elo scale, 400 * log10(p_i / p_anchor): a 400-point gap is 10 to 1 odds,
0 is the anchor's rating. A share of a game (a shared win, half a game to each
side of a tie) counts as that fraction of a win.

Each pair that played is also given one drawn game (half a win each way), so
that a player who never lost keeps a finite rating; with many games a pair it
moves ratings very little, and it is said in the report.

95% intervals come from the Fisher information at the fit (the ratings' standard
errors with the anchor held at 0), treating games as independent: with mirrored
deals, whose games of one deal pull the two sides' results apart, that is on
the safe side.
"""

from __future__ import annotations

import math

from host import stats

ELO = 400 / math.log(10)  # rating points per unit of log strength
VIRTUAL_DRAW = 1.0  # games added to each pair that played, split half and half


def fit(count: int, wins: dict[tuple[int, int], float], games: dict[tuple[int, int], float]):
    """Log strengths (theta_0 = 0) of `count` players from wins[(i, j)] (i's wins
    over j) and games[(i, j)] (games between them, both orders alike).
    Returns (theta, covariance of theta_1.. with theta_0 held at 0)."""
    n = [[0.0] * count for _ in range(count)]
    w = [[0.0] * count for _ in range(count)]
    for (i, j), g in games.items():
        if i == j or g <= 0:
            continue
        n[i][j] += g
        n[j][i] += g
    for (i, j), x in wins.items():
        w[i][j] += x
    for i in range(count):
        for j in range(count):
            if i != j and n[i][j] > 0 and i < j:
                n[i][j] += VIRTUAL_DRAW
                n[j][i] += VIRTUAL_DRAW
                w[i][j] += VIRTUAL_DRAW / 2
                w[j][i] += VIRTUAL_DRAW / 2
    total = [sum(w[i]) for i in range(count)]
    p = [1.0] * count
    for _ in range(10000):
        new = []
        for i in range(count):
            denominator = sum(n[i][j] / (p[i] + p[j]) for j in range(count) if j != i and n[i][j])
            new.append(total[i] / denominator if denominator else p[i])
        scale = new[0]
        new = [x / scale for x in new]
        change = max(abs(math.log(new[i] / p[i])) for i in range(count))
        p = new
        if change < 1e-12:
            break
    theta = [math.log(x) for x in p]
    # Fisher information of theta_1..theta_{k-1} (theta_0 fixed at 0)
    info = [[0.0] * count for _ in range(count)]
    for i in range(count):
        for j in range(count):
            if i != j and n[i][j]:
                pi = p[i] / (p[i] + p[j])
                v = n[i][j] * pi * (1 - pi)
                info[i][i] += v
                info[i][j] -= v
    reduced = [row[1:] for row in info[1:]]
    return theta, invert(reduced)


def invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix (Gauss-Jordan with partial pivoting)."""
    k = len(matrix)
    a = [list(row) + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-300:
            raise ValueError("the results do not connect every player: no rating")
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        a[col] = [x / lead for x in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], a[col], strict=True)]
    return [row[k:] for row in a]


def ladder(names: list[str], wins: dict, games: dict) -> dict:
    """The ratings of `names` (the first one's is 0) with their 95% intervals, and
    each step up the list: how far each name is rated above the one before it,
    with its interval and a p-value, Holm-adjusted over the steps ("clear" below
    0.05)."""
    theta, cov = fit(len(names), wins, games)

    def c(i, j):
        return cov[i - 1][j - 1] if i and j else 0.0

    rated = []
    for i, name in enumerate(names):
        half = stats.Z95 * math.sqrt(max(0.0, c(i, i)))
        r = ELO * theta[i]
        rated.append({"bot": name, "rating": r, "low": r - ELO * half, "high": r + ELO * half})
    steps = []
    for upper in range(1, len(names)):
        lower = upper - 1
        se = math.sqrt(max(0.0, c(upper, upper) + c(lower, lower) - 2 * c(upper, lower)))
        d = theta[upper] - theta[lower]
        p = math.erfc(abs(d / se) / math.sqrt(2)) if se else (0.0 if d else 1.0)
        half = stats.Z95 * se
        steps.append(
            {
                "lower": names[lower],
                "upper": names[upper],
                "difference": ELO * d,
                "low": ELO * (d - half),
                "high": ELO * (d + half),
                "p_value": p,
            }
        )
    for row, p in zip(steps, stats.holm([s["p_value"] for s in steps]), strict=True):
        row["p_holm"] = p
        row["clear"] = p < 0.05
    return {"ratings": rated, "steps": steps}
