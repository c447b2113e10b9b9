"""Statistics in plain words: the text `simulate` and `stats` print, and the
differences between the arms of a simulation. Every term is explained in
docs/cli.md, "Reading the statistics"."""

from __future__ import annotations

from host import stats
from host.tally import Tally
from shared_rules import games

SIGNIFICANT = 0.05  # below this p-value a difference is called clear


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def interval(low: float, high: float, percent: bool = True) -> str:
    if percent:
        return f"{pct(low)} to {pct(high)}"
    return f"{low:.2f} to {high:.2f}"


def ordinal(k: int) -> str:
    if 10 <= k % 100 <= 20:
        return f"{k}th"
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k % 10, 'th') }"


def _p(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def _number(x: float) -> str:
    return f"{x:.0f}" if float(x).is_integer() else f"{x:.1f}"


def win_lines(report: dict, fixed_bots: bool, who: str = "bot") -> list[str]:
    """Who wins: by seat, by turn order and by player, with intervals and tests."""
    n = report["players"]
    lines = []
    if not report["decides_winners"]:
        lines.append(
            "Who wins: these games' rules decide no winner (every seat's return is equal), "
            "so no win rates are given."
        )
        return lines
    fair = 1 / n
    lines.append(f"Who wins (win rate with its 95% interval; a fair share is {pct(fair)}):")
    lines.append("  by seat")
    for row in report["by_seat"]:
        lines.append(_win_row(f"seat {row['seat']}", row))
    test = report["seat_test"]
    if fixed_bots:
        lines.append(
            "  Seat advantage: not tested, because the bots differ from seat to seat "
            "(rotate them to compare seats)."
        )
    else:
        verdict = (
            "the seats do not all win equally often"
            if test["p_value"] < SIGNIFICANT
            else "no clear sign that any seat wins more often"
        )
        lines.append(
            f"  Seat advantage: chi-square {test['chi_square']:.2f} on "
            f"{test['degrees_of_freedom']} degrees of freedom, {_p(test['p_value'])}: {verdict}."
        )
    lines.append("  by turn order (the order in which players first had to decide)")
    for row in report["by_turn_order"]:
        lines.append(_win_row(f"{ordinal(row['position'])} to play", row))
    first = report["by_turn_order"][0]
    if fixed_bots:
        lines.append("  First player: not tested, because the bots differ from seat to seat.")
    else:
        verdict = (
            "the first player wins more often than a fair share"
            if first["p_value"] < SIGNIFICANT and first["win_rate"] > fair
            else "the first player wins less often than a fair share"
            if first["p_value"] < SIGNIFICANT
            else "no clear first-player advantage"
        )
        lines.append(
            f"  First player: {pct(first['win_rate'])} against a fair {pct(fair)}, "
            f"{_p(first['p_value'])}: {verdict}."
        )
    if len(report["by_player"]) > 1:
        lines.append(
            "  by player (the names the device was set to)"
            if who == "player"
            else "  by bot (each seat a bot took counts)"
        )
        for row in report["by_player"]:
            lines.append(_win_row(row["player"], row))
    shared = report["games_with_a_shared_win"]
    none = report["games_without_a_winner"]
    games = max(1, report["games"])
    lines.append(
        f"Shared wins: {shared} game{'s' if shared != 1 else ''} ({pct(shared / games)}) were "
        "won by two or more players together; each winner is given an equal share of the win."
    )
    if none:
        lines.append(
            f"No single winner: in {none} game{'s' if none != 1 else ''} ({pct(none / games)}) "
            "every player tied; each is given 1/n of the win."
        )
    return lines


def _win_row(name: str, row: dict) -> str:
    return (
        f"    {name:<14} {pct(row['win_rate']):>6}  ({interval(row['low'], row['high'])})  "
        f"{row['games']} games, {row['outright_wins']} won alone, {row['shared_wins']} shared"
    )


def distribution_line(title: str, spread: dict, unit: str = "") -> str:
    unit = f" {unit}" if unit else ""
    return (
        f"{title}: mean {spread['mean']:.1f}{unit} ({interval(spread['mean_low'], spread['mean_high'], False)}), "
        f"median {_number(spread['median'])}, middle half {_number(spread['lower_quartile'])} to "
        f"{_number(spread['upper_quartile'])}, smallest {_number(spread['smallest'])}, "
        f"largest {_number(spread['largest'])}"
    )


def figure_lines(report: dict) -> list[str]:
    lines = []
    if not report["figures"]:
        return lines
    lines.append("The game's own figures (per seat: all seats pooled, then each seat's mean):")
    for f in report["figures"]:
        if f["words"].endswith("?") and not f["per_seat"]:
            yes = round(f["mean"] * f["count"])
            low, high = stats.wilson(yes, f["count"])
            text = f"  {f['words']} yes in {pct(f['mean'])} of the games ({interval(low, high)})"
            lines.append(text)
            continue
        text = "  " + distribution_line(f["words"], f)
        if f["per_seat"]:
            text += "; " + ", ".join(f"seat {s} {m:.1f}" for s, m in enumerate(f["seat_means"]))
        lines.append(text)
    return lines


def describe_options(description: dict) -> str:
    options = description["options"]
    known = {}
    try:
        known = {o.name: o for o in games.game_class(description["game"]).OPTIONS}
    except (KeyError, games.BadOption):
        pass  # a description from an unknown game: its values as they are
    return (
        ", ".join(
            f"{k}={known[k].show(options[k]) if k in known else _option_text(options[k])}"
            for k in sorted(options)
        )
        or "none"
    )


def _option_text(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


# -- comparisons between arms -------------------------------------------------------
def comparisons(tallies: list[Tally]) -> list[dict]:
    """Each arm against the first: the differences that answer design questions,
    with their 95% intervals."""
    out = []
    if len(tallies) < 2:
        return out
    base = tallies[0]
    for other in tallies[1:]:
        rows = []
        if base.decides_winners() and other.decides_winners():
            a = base.wins_of("position", 0)
            b = other.wins_of("position", 0)
            if a is not None and b is not None and a.games and b.games:
                rows.append(_share_row("first player's win rate", a, b))
            names_a = {r.players[s] for r in base.records for s in range(base.n)}
            names_b = {r.players[s] for r in other.records for s in range(other.n)}
            players = sorted(names_a & names_b) if len(names_a) > 1 or len(names_b) > 1 else []
            for name in players:
                a = base.wins_of("player", name)
                b = other.wins_of("player", name)
                if a is not None and b is not None and a.games and b.games:
                    rows.append(_share_row(f"win rate of {name}", a, b))
            rows.append(
                _mean_row(
                    "games with a shared win",
                    [_shared(r) for r in base.records],
                    [_shared(r) for r in other.records],
                    percent=True,
                )
            )
        rows.append(
            _mean_row(
                "game length (actions)",
                [r.actions for r in base.records],
                [r.actions for r in other.records],
            )
        )
        words_a = {key: (words, per) for key, words, per in base.figure_words()}
        for key, words, per_seat in other.figure_words():
            if key in words_a and words_a[key][1] == per_seat:
                a = base.figure_values(key, per_seat)
                b = other.figure_values(key, per_seat)
                yes_no = words.endswith("?") and not per_seat
                rows.append(_mean_row(words, a, b, percent=yes_no))
        out.append({"baseline": base.label, "arm": other.label, "differences": rows})
    return out


def _shared(record) -> int:
    best = max(record.returns)
    k = sum(1 for r in record.returns if r == best)
    return 1 if 1 < k < len(record.returns) else 0


def _share_row(what: str, a, b) -> dict:
    d, low, high = stats.difference(float(a.share()), a.games, float(b.share()), b.games)
    base = float(a.share()) / a.games
    return {
        "what": what,
        "percent": True,
        "baseline": base,
        "difference": d,
        "low": low,
        "high": high,
    }


def _mean_row(what: str, a: list, b: list, percent: bool = False) -> dict:
    d, low, high = stats.mean_difference(a, b)
    base = sum(a) / len(a) if a else 0.0
    return {
        "what": what,
        "percent": percent,
        "baseline": base,
        "difference": d,
        "low": low,
        "high": high,
    }


def comparison_lines(rows: list[dict]) -> list[str]:
    lines = []
    for comp in rows:
        lines.append(
            f"{comp['arm']} against {comp['baseline']} (difference, 95% interval; "
            "an interval that leaves out 0 is a clear difference):"
        )
        for row in comp["differences"]:
            if row["percent"]:
                d = f"{100 * row['difference']:+.1f} points"
                span = f"{100 * row['low']:+.1f} to {100 * row['high']:+.1f}"
            else:
                d = f"{row['difference']:+.2f}"
                span = f"{row['low']:+.2f} to {row['high']:+.2f}"
            clear = "clear" if row["low"] > 0 or row["high"] < 0 else "not clear"
            lines.append(f"  {row['what']:<52} {d:>14}  ({span}), {clear}")
    return lines
