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
    """Who wins: by seat (or team), by turn order and by player, with intervals and tests."""
    lines = []
    if not report["decides_winners"]:
        lines.append(
            "Who wins: these games' rules decide no winner (every seat's return is equal), "
            "so no win rates are given."
        )
        return lines
    teams = report["winners_are"] == "teams"
    units = report["by_team"] if teams else report["by_seat"]
    fair = 1 / len(units)
    lines.append(f"Who wins (win rate with its 95% interval; a fair share is {pct(fair)}):")
    if report.get("mirrored"):
        lines.append(
            f"  (mirrored deals: {report['deals']} deals, each played in every seat rotation; "
            "intervals are over deals)"
        )
    if teams:
        lines.append("  by team (teammates win together; a team's win is not a shared win)")
        for row in units:
            seats = ", ".join(str(s) for s in row["seats"])
            lines.append(_win_row(f"team {row['team']} (seats {seats})", row, 24))
    else:
        lines.append("  by seat")
        for row in units:
            lines.append(_win_row(f"seat {row['seat']}", row))
    what = "Team advantage" if teams else "Seat advantage"
    test = report["team_test" if teams else "seat_test"]
    if fixed_bots:
        lines.append(
            f"  {what}: not tested, because the bots differ from seat to seat "
            "(rotate them to compare seats)."
        )
    elif test["p_value"] is None:
        lines.append(f"  {what}: not tested: {test['not_tested']}.")
    else:
        verdict = (
            f"the {'teams' if teams else 'seats'} do not all win equally often"
            if test["p_value"] < SIGNIFICANT
            else f"no clear sign that any {'team' if teams else 'seat'} wins more often"
        )
        df = test["degrees_of_freedom"]
        lines.append(
            f"  {what}: chi-square {test['chi_square']:.2f} on {df} degree"
            f"{'s' if df != 1 else ''} of freedom, {_p(test['p_value'])}: {verdict}."
        )
    if teams:
        lines.append("  by turn order (the first player's team, then the other)")
        names = ["first player's team", "the other team"]
        for row in report["by_turn_order"]:
            lines.append(_win_row(names[min(1, row["position"] - 1)], row, 24))
    else:
        lines.append("  by turn order (the order in which players first had to decide)")
        for row in report["by_turn_order"]:
            lines.append(_win_row(f"{ordinal(row['position'])} to play", row))
    first = report["by_turn_order"][0]
    label = "First player's team" if teams else "First player"
    if fixed_bots:
        lines.append(f"  {label}: not tested, because the bots differ from seat to seat.")
    elif first["p_value"] is None:
        why = (
            "mirrored deals repeat each deal in every seat"
            if report.get("mirrored")
            else f"too few games: the test needs at least {_games_needed(fair)}"
        )
        lines.append(f"  {label}: {pct(first['win_rate'])}; not tested: {why}.")
    else:
        verdict = (
            "wins more often than a fair share"
            if first["p_value"] < SIGNIFICANT and first["win_rate"] > fair
            else "wins less often than a fair share"
            if first["p_value"] < SIGNIFICANT
            else None
        )
        verdict = (
            f"the first player{chr(39) + 's team' if teams else ''} {verdict}"
            if verdict
            else f"no clear first-player{' team' if teams else ''} advantage"
        )
        lines.append(
            f"  {label}: {pct(first['win_rate'])} against a fair {pct(fair)}, "
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
    together = "teams" if teams else "players"
    lines.append(
        f"Shared wins: {shared} game{'s' if shared != 1 else ''} ({pct(shared / games)}) were "
        f"won by two or more {together} together; each winner is given an equal share of the win."
    )
    if none:
        lines.append(
            f"No single winner: in {none} game{'s' if none != 1 else ''} ({pct(none / games)}) "
            f"every {'team' if teams else 'player'} tied; each is given 1/{len(units)} of the win."
        )
    return lines


def _games_needed(fair: float) -> int:
    from host.tally import MIN_EXPECTED

    return int(round(MIN_EXPECTED / min(fair, 1 - fair)))


def _win_row(name: str, row: dict, width: int = 14) -> str:
    return (
        f"    {name:<{width}} {pct(row['win_rate']):>6}  ({interval(row['low'], row['high'])})  "
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


def length_lines(report: dict) -> list[str]:
    """How long games are (actions, rounds, decisions), by how much they are won and
    how often the lead changes."""
    lines = [distribution_line("Game length", report["length"], "actions")]
    if report.get("rounds"):
        lines.append(
            distribution_line("Rounds", report["rounds"])
            + (f" (a round: {report['round_is']})" if report["round_is"] else "")
        )
    lines.append(distribution_line("Decisions per game", report["decisions"]))
    if report.get("margin"):
        lines.append(
            distribution_line("Winning margin", report["margin"], report["standing_is"])
            + " (the winner's lead over the best of the rest at the end)"
        )
        other = report["games_without_a_margin"]
        if other:
            lines.append(
                f"  no margin in {other} game{'s' if other != 1 else ''}: no single winner, or "
                "a win by a rule the standing does not measure"
            )
    if report.get("lead_changes"):
        lines.append(
            distribution_line("Lead changes", report["lead_changes"])
            + " (a new player ahead alone after a round, or at the end)"
        )
    return lines


def figure_lines(report: dict) -> list[str]:
    lines = []
    if not report["figures"]:
        return lines
    lines.append(
        "The game's own figures (per seat: all seats pooled, the mean's interval from each "
        "game's mean over its seats, then each seat's mean):"
    )
    for f in report["figures"]:
        if f["words"].endswith("?") and not f["per_seat"]:
            if report.get("mirrored"):  # the interval over deals
                low, high = max(0.0, f["mean_low"]), min(1.0, f["mean_high"])
            else:
                low, high = stats.wilson(round(f["mean"] * f["count"]), f["count"])
            lines.append(
                f"  {f['words']} yes in {pct(f['mean'])} of the games ({interval(low, high)})"
            )
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
    """Each arm against the first, on the same seeds: game i of both arms (deal i,
    with mirrored deals) is a pair, and each row's difference is the mean of the
    pairs' differences, with its 95% interval (paired) and the unpaired one beside.
    Each row has a p-value (McNemar's exact test for a yes-or-no per game, else the
    paired t-test), adjusted by Holm's method over the rows of the comparison: a
    row is clear when its adjusted p-value is below 0.05."""
    out = []
    if len(tallies) < 2:
        return out
    base = tallies[0]
    for other in tallies[1:]:
        rows = _rows(base, other)
        adjusted = stats.holm([row["p_value"] for row in rows])
        for row, p in zip(rows, adjusted, strict=True):
            row["p_holm"] = p
            row["clear"] = p < SIGNIFICANT
        pairs = len({r.deal_of() for r in base.records} & {r.deal_of() for r in other.records})
        out.append(
            {
                "baseline": base.label,
                "arm": other.label,
                "pairs": pairs,
                "paired_by": "deal" if base.mirrored() or other.mirrored() else "game",
                "correction": "holm",
                "differences": rows,
            }
        )
    return out


def _rows(base: Tally, other: Tally) -> list[dict]:
    rows = []
    if base.decides_winners() and other.decides_winners():
        teams = base.units.kind == "team" and other.units.kind == "team"
        rows.append(
            _row(
                "first player's team's win rate" if teams else "first player's win rate",
                base,
                other,
                _first_share,
                percent=True,
            )
        )
        names_a = {r.players[s] for r in base.records for s in range(base.n)}
        names_b = {r.players[s] for r in other.records for s in range(other.n)}
        players = sorted(names_a & names_b) if len(names_a) > 1 or len(names_b) > 1 else []
        for name in players:
            rows.append(
                _row(
                    f"win rate of {name}",
                    base,
                    other,
                    lambda t, r, name=name: _player_share(t, r, name),
                    percent=True,
                )
            )
        rows.append(_row("games with a shared win", base, other, _shared, percent=True))
    rows.append(_row("game length (actions)", base, other, lambda t, r: r.actions))
    if _has(base, "rounds") and _has(other, "rounds"):
        rows.append(_row("game length (rounds)", base, other, lambda t, r: r.rounds))
    if base.margins() and other.margins():
        rows.append(
            _row("winning margin", base, other, lambda t, r: t.units.margin(r.returns, r.standing))
        )
    if _has(base, "lead_changes") and _has(other, "lead_changes"):
        rows.append(_row("lead changes", base, other, lambda t, r: r.lead_changes))
    words_a = {key: (words, per) for key, words, per in base.figure_words()}
    for key, words, per_seat in other.figure_words():
        if key in words_a and words_a[key][1] == per_seat:
            yes_no = words.endswith("?") and not per_seat
            rows.append(
                _row(
                    words,
                    base,
                    other,
                    lambda t, r, key=key, per_seat=per_seat: _figure(t, r, key, per_seat),
                    percent=yes_no,
                )
            )
    return rows


def _has(tally: Tally, field: str) -> bool:
    return any(getattr(r, field) is not None for r in tally.records)


def _first_share(tally: Tally, record) -> float:
    won = tally.units.winners(record.returns)
    first = tally.units.order(record.order)[0]
    return 1 / len(won) if first in won else 0.0


def _player_share(tally: Tally, record, name: str):
    """A bot's win share in one game, the mean over the seats it took (None if none)."""
    won = tally.units.winners(record.returns)
    seats = [s for s in range(tally.n) if record.players[s] == name]
    if not seats:
        return None
    return sum(1 / len(won) for s in seats if tally.units.of_seat[s] in won) / len(seats)


def _shared(tally: Tally, record) -> int:
    k = len(tally.units.winners(record.returns))
    return 1 if 1 < k < tally.units.count else 0


def _figure(tally: Tally, record, key: str, per_seat: bool):
    if not per_seat:
        return record.figures.get(key)
    values = [record.figures[key % s] for s in range(tally.n) if key % s in record.figures]
    return sum(values) / len(values) if values else None


def _per_deal(tally: Tally, value) -> dict[int, float]:
    """Each deal's mean of a per-game value (games without one left out)."""
    sums: dict[int, list] = {}
    for r in tally.records:
        v = value(tally, r)
        if v is None:
            continue
        entry = sums.setdefault(r.deal_of(), [0.0, 0])
        entry[0] += v
        entry[1] += 1
    return {d: e[0] / e[1] for d, e in sums.items()}


def _row(what: str, base: Tally, other: Tally, value, percent: bool = False) -> dict:
    a = _per_deal(base, value)
    b = _per_deal(other, value)
    deals = sorted(set(a) & set(b))
    paired = stats.paired([b[d] - a[d] for d in deals])
    values_a = list(a.values())
    values_b = list(b.values())
    if len(values_a) < 2 or len(values_b) < 2:  # no spread to go by: no interval
        return {
            "what": what,
            "percent": percent,
            "baseline": sum(values_a) / len(values_a) if values_a else 0.0,
            "pairs": paired["pairs"],
            "difference": paired["difference"],
            "low": None,
            "high": None,
            "test": None,
            "p_value": 1.0,
            "unpaired_difference": paired["difference"],
            "unpaired_low": None,
            "unpaired_high": None,
        }
    yes_no = all(v in (0, 1) for v in values_a + values_b)
    mirrored = base.mirrored() or other.mirrored()
    if yes_no and not mirrored:
        only_a = sum(1 for d in deals if a[d] == 1 and b[d] == 0)
        only_b = sum(1 for d in deals if a[d] == 0 and b[d] == 1)
        p = stats.mcnemar_p(only_a, only_b)
        test = "McNemar"
        d, low, high = stats.difference(sum(values_a), len(a), sum(values_b), len(b))
    else:
        p = paired["p_value"]
        test = "paired t"
        if percent:  # a rate with shares: Newcombe's interval on the shares summed
            d, low, high = stats.difference(sum(values_a), len(a), sum(values_b), len(b))
        else:
            d, low, high = stats.mean_difference(values_a, values_b)
    return {
        "what": what,
        "percent": percent,
        "baseline": sum(values_a) / len(values_a) if values_a else 0.0,
        "pairs": paired["pairs"],
        "difference": paired["difference"],
        "low": paired["low"],
        "high": paired["high"],
        "test": test,
        "p_value": p,
        "unpaired_difference": d,
        "unpaired_low": low,
        "unpaired_high": high,
    }


def comparison_lines(rows: list[dict]) -> list[str]:
    lines = []
    for comp in rows:
        unit = "deal" if comp["paired_by"] == "deal" else "game"
        count = len(comp["differences"])
        lines.append(
            f"{comp['arm']} against {comp['baseline']}: {comp['pairs']} pairs of {unit}s on the "
            f"same seeds (difference: the mean of the pairs' differences, its 95% interval "
            f"paired and, beside it, unpaired; clear: p below 0.05 after Holm's correction "
            f"over the {count} rows):"
        )
        width = max([52] + [len(row["what"]) for row in comp["differences"]])
        lines.append(
            f"  {'':<{width}} {'difference':>14}  {'paired':>16}  {'unpaired':>16}  "
            f"{'p (Holm)':>10}"
        )
        for row in comp["differences"]:
            lines.append(
                f"  {row['what']:<{width}} {_amount(row['difference'], row['percent']):>14}  "
                f"{_span(row['low'], row['high'], row['percent']):>16}  "
                f"{_span(row['unpaired_low'], row['unpaired_high'], row['percent']):>16}  "
                f"{_p_short(row['p_holm']):>10}  {'clear' if row['clear'] else 'not clear'}"
            )
    return lines


def _amount(x: float, percent: bool) -> str:
    return f"{100 * x:+.1f} points" if percent else f"{x:+.2f}"


def _span(low: float | None, high: float | None, percent: bool) -> str:
    if low is None or high is None:
        return "too few games"
    if percent:
        return f"{100 * low:+.1f} to {100 * high:+.1f}"
    return f"{low:+.2f} to {high:+.2f}"


def _p_short(p: float) -> str:
    return "< 0.001" if p < 0.001 else f"{p:.3f}"
