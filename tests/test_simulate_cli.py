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
