"""PNG charts of a simulation or of a table's history (matplotlib, Agg: no display).

- win-rates.png: win rate with its 95% interval by seat, by turn order and by
  bot or player, one bar per arm, the fair share as a dashed line;
- lengths.png: how long games are (actions), one outline per arm;
- figures.png: the distribution of each of the game's own figures (scores...);
- arms.png: each arm's differences from the first with their paired 95%
  intervals (only when there are two arms or more);
- ladder.png (`--ladder`): each bot's rating with its 95% interval.

Titles and labels are wrapped, never cut.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

from host import report as words
from host.tally import Tally

COLOURS = ("#1b6ca8", "#d1495b", "#66a182", "#edae49", "#6c4f77", "#2e4057", "#8d96a3")


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(folder, tallies: list[Tally], reports: list[dict], diffs: list[dict], who="bot"):
    """Write the charts into `folder` (created if needed); returns their paths.
    `who`: "bot" or "player", what the third panel of win-rates.png groups by."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        from host.errors import CliError

        raise CliError(f"--plot {folder}: is a file, not a folder")
    out.mkdir(parents=True, exist_ok=True)
    plt = _pyplot()
    paths = []
    try:
        if any(r["decides_winners"] and r["games"] for r in reports):
            paths.append(_win_rates(plt, out / "win-rates.png", reports, who))
        if any(r["games"] for r in reports):
            paths.append(_lengths(plt, out / "lengths.png", tallies))
        if any(t.figure_words() for t in tallies):
            paths.append(_figures(plt, out / "figures.png", tallies))
        if diffs:
            paths.append(_arms(plt, out / "arms.png", diffs))
    finally:
        plt.close("all")
    return paths


def _wrap(text: str, width: int) -> str:
    return "\n".join(textwrap.wrap(text, width)) or text


def _label(report: dict, i: int) -> str:
    return report["label"] or f"arm {i + 1}"


def _bars(ax, groups: list[str], series: list[tuple[str, dict]], fair: float | None, title: str):
    """Grouped bars: one group per seat/position/player, one bar per series
    (arm), each with its 95% interval."""
    count = max(1, len(series))
    width = 0.8 / count
    for k, (label, rows) in enumerate(series):
        xs = []
        ys = []
        lows = []
        highs = []
        for g, name in enumerate(groups):
            row = rows.get(name)
            if row is None:
                continue
            xs.append(g - 0.4 + width * (k + 0.5))
            ys.append(100 * row["win_rate"])
            lows.append(100 * max(0.0, row["win_rate"] - row["low"]))
            highs.append(100 * max(0.0, row["high"] - row["win_rate"]))
        ax.bar(xs, ys, width * 0.9, color=COLOURS[k % len(COLOURS)], label=label or None)
        ax.errorbar(xs, ys, yerr=[lows, highs], fmt="none", ecolor="black", capsize=3, lw=1)
    if fair is not None:
        ax.axhline(100 * fair, color="grey", ls="--", lw=1, label="fair share")
    ax.set_xticks(range(len(groups)))
    ax.set_xticklabels(
        [_wrap(g, 12) for g in groups], rotation=0 if len(groups) < 7 else 45, fontsize="small"
    )
    ax.set_ylabel("win rate (%), 95% interval")
    ax.set_title(_wrap(title, 44))
    ax.set_ylim(bottom=0)


def _win_rates(plt, path: Path, reports: list[dict], who: str) -> Path:
    players = sorted({r["players"] for r in reports})
    fair = 1 / players[0] if len(players) == 1 else None
    panels = 3 if any(len(r["by_player"]) > 1 for r in reports) else 2
    fig, axes = plt.subplots(1, panels, figsize=(5 * panels, 4.2), squeeze=False)
    axes = axes[0]
    teams = all(r["winners_are"] == "teams" for r in reports)
    if teams:  # teammates win together: one bar a team
        counts = {len(r["by_team"]) for r in reports}
        fair = 1 / counts.pop() if len(counts) == 1 else None
        seat_count = max(len(r["by_team"]) for r in reports)
        seat_groups = [f"team {t}" for t in range(seat_count)]
        key, title = "team", "by team"
    else:
        if any(r["winners_are"] == "teams" for r in reports):
            fair = None  # arms with and without teams: no one fair share
        seat_count = max(r["players"] for r in reports if "by_seat" in r)
        seat_groups = [f"seat {s}" for s in range(seat_count)]
        key, title = "seat", "by seat"
    series = []
    for i, r in enumerate(reports):
        if not r["decides_winners"] or f"by_{key}" not in r:
            continue
        rows = {seat_groups[row[key]]: row for row in r[f"by_{key}"]}
        series.append((_label(r, i), rows))
    _bars(axes[0], seat_groups, series, fair, title)
    order_groups = [f"{words.ordinal(p + 1)}" for p in range(seat_count)]
    series = []
    for i, r in enumerate(reports):
        if r["decides_winners"]:
            rows = {order_groups[row["position"] - 1]: row for row in r["by_turn_order"]}
            series.append((_label(r, i), rows))
    order_title = (
        "by turn order (the first player's team 1st)"
        if teams
        else "by turn order (1st to play first)"
    )
    _bars(axes[1], order_groups, series, fair, order_title)
    if panels == 3:
        player_groups = sorted({row["player"] for r in reports for row in r["by_player"]})
        series = []
        for i, r in enumerate(reports):
            if r["decides_winners"]:
                series.append((_label(r, i), {row["player"]: row for row in r["by_player"]}))
        _bars(axes[2], player_groups, series, fair, f"by {who}")
    handles, labels = axes[0].get_legend_handles_labels()
    if handles:
        fig.legend(handles, labels, loc="lower center", ncol=len(labels), fontsize="small")
    fig.suptitle("Who wins")
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(path, dpi=100)
    return path


def _hist(ax, data: list[list[int]], labels: list[str], title: str, xlabel: str):
    values = [v for d in data for v in d]
    if not values:
        return
    low, high = min(values), max(values)
    step = max(1, (high - low + 1) // 40)
    bins = [low - 0.5 + step * k for k in range((high - low) // step + 2)]
    for k, (d, label) in enumerate(zip(data, labels, strict=True)):
        if not d:
            continue
        weights = [100 / len(d)] * len(d)
        ax.hist(
            d,
            bins=bins,
            weights=weights,
            histtype="step" if len(data) > 1 else "stepfilled",
            lw=1.5,
            color=COLOURS[k % len(COLOURS)],
            alpha=1 if len(data) > 1 else 0.8,
            label=label or None,
        )
    ax.set_title(title, fontsize="medium")
    ax.set_xlabel(xlabel)
    ax.set_ylabel("% of games" if xlabel != "all seats pooled" else "% of seats' results")


def _yes_rates(ax, data: list[list[int]], labels: list[str], title: str):
    """A yes/no figure: how often it is yes, with its 95% interval, per arm."""
    from host import stats

    for k, d in enumerate(data):
        if not d:
            continue
        yes = sum(d)
        low, high = stats.wilson(yes, len(d))
        rate = yes / len(d)
        ax.bar([k], [100 * rate], 0.7, color=COLOURS[k % len(COLOURS)])
        ax.errorbar(
            [k],
            [100 * rate],
            yerr=[[100 * max(0.0, rate - low)], [100 * max(0.0, high - rate)]],
            fmt="none",
            ecolor="black",
            capsize=3,
            lw=1,
        )
    ax.set_xticks(range(len(data)))
    ax.set_xticklabels([lb or "all games" for lb in labels], fontsize="small")
    ax.set_ylabel("% of games (yes), 95% interval")
    ax.set_title(title, fontsize="medium")


def _lengths(plt, path: Path, tallies: list[Tally]) -> Path:
    """Game length in actions, and in rounds for a game that has them."""
    rounds = [[r.rounds for r in t.records if r.rounds is not None] for t in tallies]
    panels = 2 if any(rounds) else 1
    fig, axes = plt.subplots(1, panels, figsize=(7 * panels, 4), squeeze=False)
    labels = [t.label or f"arm {i + 1}" for i, t in enumerate(tallies)]
    _hist(
        axes[0][0],
        [[r.actions for r in t.records] for t in tallies],
        labels,
        "Game length in actions",
        "actions (chance included)",
    )
    if panels == 2:
        words_of = {getattr(t.game_class, "ROUND", "") for t in tallies} - {""}
        xlabel = "rounds" + (f" ({words_of.pop()})" if len(words_of) == 1 else "")
        _hist(axes[0][1], rounds, labels, "Game length in rounds", _wrap(xlabel, 60))
    if len(tallies) > 1:
        axes[0][0].legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return path


def _figures(plt, path: Path, tallies: list[Tally]) -> Path:
    keys = []
    for t in tallies:
        for key, text, per_seat in t.figure_words():
            if (key, text, per_seat) not in keys:
                keys.append((key, text, per_seat))
    cols = min(3, len(keys))
    rows = (len(keys) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5 * cols, 3.8 * rows), squeeze=False)
    labels = [t.label or f"arm {i + 1}" for i, t in enumerate(tallies)]
    for i, (key, text, per_seat) in enumerate(keys):
        ax = axes[i // cols][i % cols]
        data = [t.figure_values(key, per_seat) for t in tallies]
        title = _wrap(text, 44)
        if not per_seat and text.endswith("?"):
            _yes_rates(ax, data, labels, title)
        else:
            _hist(ax, data, labels, title, "all seats pooled" if per_seat else "per game")
    for j in range(len(keys), rows * cols):
        axes[j // cols][j % cols].axis("off")
    handles, labels = axes[0][0].get_legend_handles_labels()
    if len(tallies) > 1 and handles:
        axes[0][0].legend(fontsize="small")
    fig.suptitle("The game's own figures")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return path


def _arms(plt, path: Path, diffs: list[dict]) -> Path:
    """Differences from the first arm with paired 95% intervals: rates in percentage
    points (left), means as a % change of the first arm's mean (right); red: clear
    after Holm's correction."""
    most = max(len(c["differences"]) for c in diffs)
    fig, axes = plt.subplots(
        len(diffs), 2, figsize=(13, 1.4 + 0.45 * most * len(diffs)), squeeze=False
    )
    for k, comp in enumerate(diffs):
        rates = [r for r in comp["differences"] if r["percent"]]
        means = [r for r in comp["differences"] if not r["percent"] and r["baseline"]]
        _forest(axes[k][0], rates, 100.0, lambda r: 1.0, "difference (percentage points)")
        _forest(
            axes[k][1],
            means,
            100.0,
            lambda r: 1 / abs(r["baseline"]),
            "difference (% of the first arm's mean)",
        )
        axes[k][0].set_title(
            _wrap(f"{comp['arm']} minus {comp['baseline']}: rates", 60), fontsize="medium"
        )
        axes[k][1].set_title(
            _wrap(f"{comp['arm']} minus {comp['baseline']}: means", 60), fontsize="medium"
        )
    fig.suptitle(
        "Arm against arm: paired 95% intervals (red: clear after Holm's correction), "
        "the unpaired ones in grey below"
    )
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    return path


def _forest(ax, rows: list[dict], scale: float, unit, xlabel: str) -> None:
    rows = [r for r in rows if r["low"] is not None]  # a row of one pair has no interval
    if not rows:
        ax.axis("off")
        return
    ys = list(range(len(rows)))[::-1]
    for y, row in zip(ys, rows, strict=True):
        f = scale * unit(row)
        d, low, high = row["difference"], row["low"], row["high"]
        clear = row.get("clear", low > 0 or high < 0)
        ax.errorbar(
            [f * d],
            [y],
            xerr=[[f * max(0.0, d - low)], [f * max(0.0, high - d)]],
            fmt="o",
            color=COLOURS[1] if clear else COLOURS[0],
            capsize=3,
        )
        if "unpaired_low" in row:  # the unpaired interval beside it, in grey
            u, low, high = row["unpaired_difference"], row["unpaired_low"], row["unpaired_high"]
            ax.errorbar(
                [f * u],
                [y - 0.25],
                xerr=[[f * max(0.0, u - low)], [f * max(0.0, high - u)]],
                fmt="|",
                color="#9a9a9a",
                capsize=2,
                lw=1,
            )
    ax.axvline(0, color="grey", lw=1)
    ax.set_yticks(ys)
    ax.set_yticklabels([_wrap(r["what"], 34) for r in rows], fontsize="small")
    ax.set_xlabel(xlabel)


def write_ladder(folder, rep: dict, title: str) -> Path:
    """ladder.png: each bot's rating with its 95% interval, strongest at the top."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        from host.errors import CliError

        raise CliError(f"--plot {folder}: is a file, not a folder")
    out.mkdir(parents=True, exist_ok=True)
    plt = _pyplot()
    path = out / "ladder.png"
    rated = sorted(rep["ratings"], key=lambda r: r["rating"])
    try:
        fig, ax = plt.subplots(figsize=(8, 1.6 + 0.55 * len(rated)))
        ys = list(range(len(rated)))
        for y, r in zip(ys, rated, strict=True):
            ax.errorbar(
                [r["rating"]],
                [y],
                xerr=[[r["rating"] - r["low"]], [r["high"] - r["rating"]]],
                fmt="o",
                color=COLOURS[0],
                capsize=4,
            )
            ax.annotate(
                f"{r['rating']:+.0f}",
                (r["rating"], y),
                textcoords="offset points",
                xytext=(0, 8),
                ha="center",
                fontsize="small",
            )
        ax.axvline(0, color="grey", lw=1, ls="--")
        ax.set_yticks(ys)
        ax.set_yticklabels([r["bot"] for r in rated])
        ax.set_ylim(-0.6, len(rated) - 0.3)
        ax.set_xlabel(f"rating (Elo scale, {rep['bots'][0]} = 0; 400 points = 10 to 1 odds)")
        ax.set_title(_wrap(f"Skill ladder: {title} (Bradley-Terry, 95% intervals)", 70))
        fig.tight_layout()
        fig.savefig(path, dpi=100)
    finally:
        plt.close("all")
    return path
