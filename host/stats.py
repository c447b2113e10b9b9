"""The statistics behind `simulate` and `stats`: intervals and tests, in plain
formulas with no dependency (docs/cli.md, "Reading the statistics", names each).

- wilson(): the 95% Wilson score interval of a proportion (Wilson 1927). A
  shared win is counted as a fraction (1/k to each of k winners); a fraction
  varies less than a whole win or loss, so the interval is on the safe side.
- difference(): the 95% interval of the difference of two proportions by
  Newcombe's hybrid score method (Newcombe 1998, method 10), from two Wilson
  intervals.
- equal_shares(): Pearson's chi-square test that every seat (or turn position)
  wins equally often, with its p-value (the chance of a spread at least this
  uneven if there were no advantage at all).
- proportion_p(): the two-sided score test of one proportion against a value.
- mean_interval(), mean_difference(): normal-approximation 95% intervals of a
  mean and of the difference of two means (Welch's standard error).
"""

from __future__ import annotations

import math
from fractions import Fraction

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of successes/n (0 <= successes <= n)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / (1 + z2 / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def difference(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float, float]:
    """p2 - p1 and its 95% interval (Newcombe's hybrid score interval)."""
    p1 = s1 / n1
    p2 = s2 / n2
    l1, u1 = wilson(s1, n1)
    l2, u2 = wilson(s2, n2)
    d = p2 - p1
    low = d - math.sqrt((p2 - l2) ** 2 + (u1 - p1) ** 2)
    high = d + math.sqrt((u2 - p2) ** 2 + (p1 - l1) ** 2)
    return (d, max(-1.0, low), min(1.0, high))


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with `df` degrees of freedom
    (closed forms for whole df: the Poisson sum for even df, erfc for odd)."""
    if df < 1:
        raise ValueError("degrees of freedom must be at least 1")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term = math.exp(-half)
        total = term
        for k in range(1, df // 2):
            term *= half / k
            total += term
        return min(1.0, total)
    total = math.erfc(math.sqrt(half))
    term = math.sqrt(2 * x / math.pi) * math.exp(-half)  # (x/2)^(1/2) e^(-x/2) / Gamma(3/2)
    for k in range(1, (df + 1) // 2):
        total += term
        term *= x / (2 * k + 1)
    return min(1.0, total)


def equal_shares(counts: list[float]) -> tuple[float, int, float]:
    """Pearson's chi-square statistic, degrees of freedom and p-value for
    "every category is equally likely" (counts: wins of each seat)."""
    total = sum(counts)
    k = len(counts)
    if k < 2 or total <= 0:
        return (0.0, max(1, k - 1), 1.0)
    expected = total / k
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    return (chi2, k - 1, chi2_sf(chi2, k - 1))


def proportion_p(successes: float, n: int, p0: float) -> float:
    """Two-sided p-value of the score test of successes/n against p0."""
    if n <= 0 or p0 <= 0 or p0 >= 1:
        return 1.0
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return math.erfc(abs(z) / math.sqrt(2))


def mean_interval(values: list[int] | list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (Student's t with n - 1 degrees of freedom;
    one value has no spread to go by, and gets its mean alone)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile(n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def mean_difference(a: list, b: list) -> tuple[float, float, float]:
    """mean(b) - mean(a) and its 95% interval (Welch's standard error)."""
    if len(a) < 2 or len(b) < 2:
        d = (math.fsum(b) / max(1, len(b))) - (math.fsum(a) / max(1, len(a)))
        return (d, d, d)
    ma = math.fsum(a) / len(a)
    mb = math.fsum(b) / len(b)
    va = math.fsum((v - ma) ** 2 for v in a) / (len(a) - 1)
    vb = math.fsum((v - mb) ** 2 for v in b) / (len(b) - 1)
    half = Z95 * math.sqrt(va / len(a) + vb / len(b))
    d = mb - ma
    return (d, d - half, d + half)


def quantile(sorted_values: list, q: Fraction) -> float:
    """The q-quantile of sorted values (linear between the two nearest ranks)."""
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) - 1)
    lo = int(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    frac = pos - lo
    return float(sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * frac)


def spread(values: list) -> dict:
    """The plain-word summary of a distribution: mean with its interval,
    smallest, quartiles, median and largest."""
    ordered = sorted(values)
    mean, low, high = mean_interval(ordered)
    return {
        "count": len(ordered),
        "mean": mean,
        "mean_low": low,
        "mean_high": high,
        "smallest": ordered[0] if ordered else 0,
        "lower_quartile": quantile(ordered, Fraction(1, 4)),
        "median": quantile(ordered, Fraction(1, 2)),
        "upper_quartile": quantile(ordered, Fraction(3, 4)),
        "largest": ordered[-1] if ordered else 0,
    }


# -- Student's t, for paired differences ----------------------------------------------
def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified
    Lentz's method, as in Numerical Recipes' betacf)."""
    tiny = 1e-300
    qab = a + b
    qap = a + 1.0
    qam = a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 400):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1.0) < 1e-15:
            break
    return h


def beta_regularized(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function (0 <= x <= 1)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    if df <= 0:
        raise ValueError("degrees of freedom must be positive")
    if math.isinf(t):
        return 0.0
    return min(1.0, beta_regularized(df / 2.0, 0.5, df / (df + t * t)))


_T_CACHE: dict[tuple[float, float], float] = {}


def t_quantile(df: float, two_sided: float = 0.05) -> float:
    """The t with P(|T| >= t) = two_sided (2.262 for 9 degrees of freedom at 0.05)."""
    key = (df, two_sided)
    if key not in _T_CACHE:
        low, high = 0.0, 1.0
        while t_two_sided_p(high, df) > two_sided:
            high *= 2.0
        for _ in range(200):  # bisection: the p-value falls as t grows
            mid = (low + high) / 2.0
            if t_two_sided_p(mid, df) > two_sided:
                low = mid
            else:
                high = mid
        _T_CACHE[key] = (low + high) / 2.0
    return _T_CACHE[key]


def paired(differences: list) -> dict:
    """The paired comparison of two arms from their per-unit differences (arm minus
    baseline, one per deal): the mean difference, its 95% interval and the two-sided
    p-value of the one-sample t-test that the mean difference is 0 (Student 1908)."""
    n = len(differences)
    if n == 0:
        return {"difference": 0.0, "low": None, "high": None, "p_value": 1.0, "pairs": 0}
    mean = math.fsum(differences) / n
    if n == 1:  # one pair has no spread to go by: no interval
        return {"difference": mean, "low": None, "high": None, "p_value": 1.0, "pairs": 1}
    var = math.fsum((d - mean) ** 2 for d in differences) / (n - 1)
    se = math.sqrt(var / n)
    if se == 0.0:  # every pair differs by the same amount
        p = 1.0 if mean == 0 else 0.0
        return {"difference": mean, "low": mean, "high": mean, "p_value": p, "pairs": n}
    half = t_quantile(n - 1) * se
    p = t_two_sided_p(mean / se, n - 1)
    return {"difference": mean, "low": mean - half, "high": mean + half, "p_value": p, "pairs": n}


def mcnemar_p(only_baseline: int, only_arm: int) -> float:
    """McNemar's exact test (McNemar 1947): the two-sided binomial p-value that the
    discordant pairs (yes in one arm only) fall each way with chance 1/2."""
    m = only_baseline + only_arm
    if m == 0:
        return 1.0
    k = min(only_baseline, only_arm)
    tail = 0
    term = 1  # C(m, i), in whole numbers
    for i in range(k + 1):
        if i:
            term = term * (m - i + 1) // i
        tail += term
    return min(1.0, float(Fraction(2 * tail, 2**m)))


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm 1979): a row is clear at 5% across
    the whole family when its adjusted p-value is below 0.05. The chance that any
    row of a comparison without a difference is called clear stays below 5%."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted
