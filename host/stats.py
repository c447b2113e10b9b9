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
    """The mean and its 95% normal-approximation interval."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
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
