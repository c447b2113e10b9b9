"""`confessor simulate`: the report in plain words, arms and their differences,
JSON, plots, progress only on a terminal, and Ctrl-C that stops cleanly."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from interpreters import ROOT

from host.cli import main as cli

PNG = b"\x89PNG\r\n\x1a\n"


def _run(capsys, *args) -> tuple[int, str, str]:
    code = cli(["simulate", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_report_names_every_statistic_in_words(capsys):
    code, out, err = _run(
        capsys, "seven-sins", "-p", "3", "-n", "30", "-j", "1", "--bots", "greedy,random,random"
    )
    assert code == 0, err
    for phrase in (
        "7: The Sins (seven-sins), 3 players: 30 games",
        "moved one seat on each game",
        "Who wins (win rate with its 95% interval; a fair share is 33.3%)",
        "Seat advantage: chi-square",
        "First player:",
        "by bot",
        "Shared wins:",
        "Game length: mean",
        "final score (with the Stones of Forgiveness placed)",
    ):
        assert phrase in out, phrase
    assert "pos_0" not in out and "score0" not in out  # no unexplained keys
    assert "30 games in" in err  # timing on stderr, no progress bar off a terminal
    assert "\r" not in err


def test_a_grid_of_options_compares_the_arms(capsys, tmp_path):
    code, out, err = _run(
        capsys,
        "seven-sins",
        "-p",
        "3",
        "-n",
        "20",
        "-j",
        "1",
        "-o",
        "penance=no,yes",
        "--plot",
        str(tmp_path / "plots"),
    )
    assert code == 0, err
    assert "[penance=no]" in out and "[penance=yes]" in out
    assert "penance=yes against penance=no" in out and "first player's win rate" in out
    for name in ("win-rates.png", "lengths.png", "figures.png", "arms.png"):
        data = (tmp_path / "plots" / name).read_bytes()
        assert data.startswith(PNG) and len(data) > 5000, name


def test_bot_line_ups_and_players_as_arms_and_json(capsys):
    code, out, err = _run(
        capsys,
        "seven-sins",
        "-p",
        "2,3",
        "-n",
        "6",
        "-j",
        "1",
        "--bots",
        "random",
        "--bots",
        "greedy",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    labels = [a["label"] for a in data["arms"]]
    assert labels == [
        "2 players bots random,random",
        "2 players bots greedy,greedy",
        "3 players bots random,random,random",
        "3 players bots greedy,greedy,greedy",
    ]
    assert data["games_played"] == 24 and not data["interrupted"]
    assert len(data["comparisons"]) == 3
    seat = data["arms"][0]["by_seat"][0]
    assert {"win_rate", "low", "high", "outright_wins", "shared_wins", "p_value"} <= set(seat)


def test_a_list_the_option_takes_whole_stays_one_arm(capsys):
    code, out, err = _run(
        capsys, "seven-sins", "-p", "2", "-n", "3", "-j", "1", "-o", "sins=Pride,Envy,Wrath,Sloth"
    )
    assert code == 0, err
    assert "[" not in out.splitlines()[0] and "sins=Pride,Envy,Wrath,Sloth" in out


def test_bad_grids_are_one_line_usage_errors(capsys):
    for args, words in (
        (["seven-sins", "--bots", "greedy,cheater"], "no bot 'cheater'"),
        (["seven-sins", "-p", "2,x"], "--players"),
        (["seven-sins", "--bots", "ismcts:zero"], "whole number of iterations"),
        (["seven-sins", "-o", "penance=no,no"], "same"),
    ):
        code, out, err = _run(capsys, *args, "-n", "2", "-j", "1")
        assert code == 2, (args, err)
        assert len(err.strip().splitlines()) == 1 and words in err, err


def _children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


def _cpu_seconds(pid: int) -> float:
    """CPU time a process has used (user + system): unlike the wall clock, the same on a
    busy machine."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_stops_workers_and_reports_what_was_played():
    if not Path("/proc").exists():
        import pytest

        pytest.skip("needs /proc to see the worker processes")
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "host.cli",
            "simulate",
            "seven-sins",
            "-n",
            "200000",
            "-j",
            "2",
            "-p",
            "3",
        ],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while len(workers) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
        workers = _children(proc.pid)
    # Played long enough to have finished a chunk of games (200 games of 7: The Sins are
    # about 0.2 s of CPU): measured in CPU time, so a busy machine waits longer.
    while workers and time.monotonic() < deadline + 120 and min(map(_cpu_seconds, workers)) < 1.5:
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)  # what a terminal does: the whole group
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert out.startswith("Interrupted: ") and "Who wins" in out, out[:500]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err, err
    time.sleep(0.5)
    alive = [
        w
        for w in workers
        if Path(f"/proc/{w}").exists()
        and "Z" not in Path(f"/proc/{w}/stat").read_text().rsplit(")", 1)[1].split()[0]
    ]
    assert not alive, f"worker processes left running: {alive}"


def test_a_progress_bar_on_a_terminal_only(capsys):
    from host.simulate import Arm, simulate
    from shared_rules import games

    arm = Arm("", games.load("seven-sins", 2).describe(), ("random", "random"), False)
    simulate([arm], 30, "bar", jobs=1, progress=True)  # as on a terminal
    err = capsys.readouterr().err
    assert "/30 [" in err and "game/s" in err, err  # drawn (and cleared at the end)
    simulate([arm], 30, "bar", jobs=1)  # stderr is not a terminal here: nothing drawn
    assert capsys.readouterr().err == ""


def test_the_comparison_shows_paired_and_unpaired_intervals(capsys):
    code, out, err = _run(
        capsys, "seven-sins", "-p", "3", "-n", "40", "-j", "1", "-o", "penance=no,yes"
    )
    assert code == 0, err
    assert "40 pairs of games on the same seeds" in out and "Holm's correction" in out
    header = [x for x in out.splitlines() if "paired" in x and "unpaired" in x and "p (Holm)" in x]
    assert header, out
    rows = out[out.index("penance=yes against") :].splitlines()[2:]
    whats = [r[:54].strip() for r in rows]
    assert len(whats) == len(set(whats))  # no row twice
    assert "games with a shared win" in whats and "game length (rounds)" in whats
    assert all(r.rstrip().endswith(("clear", "not clear")) for r in rows)


def test_teams_are_reported_as_teams(capsys):
    code, out, err = _run(
        capsys, "siete-pecados", "-p", "4", "-o", "teams=yes", "-n", "30", "-j", "1"
    )
    assert code == 0, err
    assert "by team (teammates win together" in out and "team 1 (seats 1, 3)" in out
    assert "Team advantage: chi-square" in out and "on 1 degree of freedom" in out
    assert "First player's team:" in out
    assert "won by two or more teams together" in out


def test_games_out_as_json_lines_and_csv(capsys, tmp_path):
    import csv

    lines_path = tmp_path / "games.jsonl"
    code, out, err = _run(
        capsys,
        "seven-sins",
        "-p",
        "2,3",
        "-n",
        "5",
        "-j",
        "1",
        "--seed",
        "export",
        "--games-out",
        str(lines_path),
    )
    assert code == 0, err
    rows = [json.loads(x) for x in lines_path.read_text().splitlines()]
    assert len(rows) == 10 and [r["arm"] for r in rows] == ["2 players"] * 5 + ["3 players"] * 5
    first = rows[0]
    for key in (
        "seed",
        "bots",
        "returns",
        "winners",
        "actions",
        "decisions",
        "rounds",
        "margin",
        "lead_changes",
        "figures",
        "first_player",
        "standing",
    ):
        assert key in first, key
    from host.simulate import game_seed

    assert first["seed"] == game_seed("export", 0).hex() and first["seed_text"] == "export/0"
    assert first["rounds"] >= 1 and first["figures"]["turns"] > 0
    for r in rows:
        best = max(r["returns"])
        assert r["winners"] == [s for s, v in enumerate(r["returns"]) if v == best]
    csv_path = tmp_path / "games.csv"
    code, out, err = _run(
        capsys,
        "seven-sins",
        "-p",
        "2,3",
        "-n",
        "5",
        "-j",
        "1",
        "--seed",
        "export",
        "--games-out",
        str(csv_path),
    )
    assert code == 0, err
    with csv_path.open() as f:
        table = list(csv.DictReader(f))
    assert len(table) == 10
    assert {"bot_0", "return_0", "score0", "rounds", "margin"} <= set(table[0])
    assert table[0]["bot_2"] == "" and table[9]["bot_2"] == "random"
    assert [int(t["actions"]) for t in table] == [r["actions"] for r in rows]
    code, out, err = _run(
        capsys, "seven-sins", "-n", "2", "-j", "1", "--games-out", str(tmp_path / "new" / "x.csv")
    )
    assert code == 0 and (tmp_path / "new" / "x.csv").exists()  # its folder is made
    for bad in (tmp_path / "games.csv" / "x.csv", tmp_path):  # under a file; a folder
        code, out, err = _run(capsys, "seven-sins", "-n", "2", "--games-out", str(bad))
        assert code == 2 and "--games-out" in err and len(err.strip().splitlines()) == 1, err


def test_mirrored_deals(capsys):
    code, out, err = _run(
        capsys,
        "seven-sins",
        "-p",
        "3",
        "-n",
        "7",
        "-j",
        "1",
        "--bots",
        "greedy,random,random",
        "--mirror",
        "--json",
    )
    assert code == 0, err
    data = json.loads(out)
    (arm,) = data["arms"]
    assert arm["games"] == 9 and arm["deals"] == 3 and arm["mirrored"] and arm["seats"] == "mirror"
    assert arm["seat_test"]["p_value"] is None


def test_a_skill_ladder(capsys, tmp_path):
    code, out, err = _run(
        capsys,
        "seven-sins",
        "-p",
        "2",
        "-n",
        "30",
        "-j",
        "1",
        "--ladder",
        "random,greedy",
        "--plot",
        str(tmp_path / "ladder"),
        "--games-out",
        str(tmp_path / "ladder.jsonl"),
    )
    assert code == 0, err
    assert out.startswith("Skill ladder: 7: The Sins (seven-sins), 2 players, 30 games a pair")
    assert "greedy over random: +" in out and "head to head" in out
    data = (tmp_path / "ladder" / "ladder.png").read_bytes()
    assert data.startswith(PNG) and len(data) > 5000
    rows = (tmp_path / "ladder.jsonl").read_text().splitlines()
    assert len(rows) == 30 and json.loads(rows[0])["arm"] == "random vs greedy"
    code, out, err = _run(
        capsys, "seven-sins", "-p", "3", "-n", "6", "-j", "1", "--ladder", "random,greedy", "--json"
    )
    assert code == 0, err
    data = json.loads(out)
    # three seats: each pair plays both ways round (who takes the extra seat)
    assert [a["bots"] for a in data["arms"]] == [
        ["random", "greedy", "random"],
        ["greedy", "random", "greedy"],
    ]
    assert data["ladder"]["games_a_pair"] == [{"pair": ["random", "greedy"], "games": 12.0}]
    for args, words in (
        (["--ladder", "random"], "two bots or more"),
        (["--ladder", "random,greedy", "--bots", "greedy"], "leave out --bots"),
        (["--ladder", "random,greedy", "-p", "2,3"], "one player count"),
        (["--ladder", "random,cheater"], "no bot 'cheater'"),
    ):
        code, out, err = _run(capsys, "seven-sins", "-n", "2", "-j", "1", *args)
        assert code == 2 and words in err and len(err.strip().splitlines()) == 1, (args, err)


def test_chart_titles_are_whole(monkeypatch, tmp_path):
    """Long figure names are wrapped onto more lines, never cut short."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from host.plots import write_plots
    from host.report import comparisons
    from host.simulate import Arm, simulate
    from shared_rules import games

    arms = [
        Arm(
            f"dante={v}", games.load("siete-pecados", 3, dante=v).describe(), ("random",) * 3, False
        )
        for v in (False, True)
    ]
    run = simulate(arms, 12, "titles", jobs=1, progress=False)
    monkeypatch.setattr(plt, "close", lambda *a: None)  # keep the figures to read them
    try:
        write_plots(
            tmp_path, run.tallies, [t.report() for t in run.tallies], comparisons(run.tallies)
        )
        texts = []
        for number in plt.get_fignums():
            for ax in plt.figure(number).axes:
                texts.append(ax.get_title().replace("\n", " "))
                texts += [t.get_text().replace("\n", " ") for t in ax.get_yticklabels()]
    finally:
        monkeypatch.undo()
        plt.close("all")
    long_words = "sins whose six temptation cards lay face down at the end"
    assert long_words in texts and not any(t.endswith("...") for t in texts)


def _strict_json(text: str):
    """JSON as the standard has it: no NaN or Infinity (Python would accept them)."""

    def refuse(name):
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_one_game_an_arm_is_valid_json_and_says_it_has_no_interval(capsys):
    args = ["seven-sins", "-p", "3", "-n", "1", "-j", "1", "-o", "penance=no,yes"]
    code, out, err = _run(capsys, *args, "--json")
    assert code == 0, err
    data = _strict_json(out)
    (comp,) = data["comparisons"]
    assert all(row["low"] is None and not row["clear"] for row in comp["differences"])
    assert data["arms"][0]["seat_test"]["p_value"] is None
    code, out, err = _run(capsys, *args)
    assert code == 0, err
    assert "too few games" in out and "p =" not in out
