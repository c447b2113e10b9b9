"""`confessor stats` over a log database the test builds from real, verified
logs: games played by 7: The Sins tables with named seats, a keeper game whose
board decides the winner, and a forged log that must be left out."""

from __future__ import annotations

import json

import pytest
from linkkit import DEVICE, device_log, public_key

from host.bots import make_bot
from host.cli import main as cli
from host.logdb import LogDB
from shared_rules import gamelog, games
from shared_rules.commit import commitment
from shared_rules.journal import game_id_for
from shared_rules.laptop.driver import play

NAMES = ["Anna", "Ben", "Carla", "Dev"]


def _log(game, seed: bytes, seats: list[str], number: int, bots: list[str]) -> tuple[str, bytes]:
    """A finished log as the device writes it: seat names and game number in the header,
    signed by the stand-in device's key."""
    end = play(game, seed, [make_bot(game, bots[s], seed, s) for s in range(game.num_players)])
    return game_id_for(commitment(seed)), device_log(game, seed, end, seats=seats, number=number)


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    """12 games of 7: The Sins at 3 players (the four friends take turns sitting
    out), 2 keeper games, one forged log; returns (db path, the 7 Sins results)."""
    path = tmp_path_factory.mktemp("stats") / "games.sqlite"
    sins = games.load("seven-sins", 3)
    keeper = games.load("mea-culpa-keeper", 2)
    results = []
    with LogDB(path) as db:
        db.trust(DEVICE, public_key().hex())  # the laptop has met the device, its key confirmed
        for k in range(12):
            seats = [NAMES[(k + s) % 4] for s in range(3)]
            gid, data = _log(
                sins, bytes([k + 1]) * 32, seats, k + 1, ["greedy", "random", "random"]
            )
            results.append((k, seats, gamelog.parse(data)["end"]["returns"], gid, data))
        for k in (5, 0, 11, 3, 8, 1, 10, 6, 2, 9, 4, 7):  # synced out of the order played
            db.add(DEVICE, results[k][3], results[k][4])
        results = [r[:3] for r in results]
        for k in range(2):
            gid, data = _log(
                keeper, bytes([50 + k]) * 32, ["Anna", "Ben"], 13 + k, ["random", "random"]
            )
            db.add(DEVICE, gid, data)
        gid, data = _log(sins, bytes([99]) * 32, NAMES[:3], 15, ["random"] * 3)
        db.add(DEVICE, "forged", data.replace(b'"n":3', b'"n":4', 1))
    return path, results


def test_stats_of_a_tables_history(table, capsys):
    path, results = table
    assert cli(["stats", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(
        "Games played: 14 (mea-culpa-keeper with 2 players: 2, seven-sins with 3 players: 12)"
    )
    assert "1 game left out (not verified, or abandoned)." in out
    assert "by player (the names the device was set to)" in out
    assert "Mea Culpa keeper, 2 players: 2 games" in out and "decide no winner" in out
    # win counts per name, counted here by hand from the logs
    for name in NAMES:
        played = [r for r in results if name in r[1]]
        won = [r for r in played if r[2][r[1].index(name)] == max(r[2])]
        assert f"{len(played)} games, " in out
        line = [
            x
            for x in out.splitlines()
            if x.strip().startswith(name) and "games, " in x and "won alone" in x
        ][0]
        assert f"{len(played)} games" in line
        wins_alone = sum(1 for r in won if r[2].count(max(r[2])) == 1)
        assert f"{wins_alone} won alone" in line, (name, line)


def test_streaks_follow_the_order_played(table, capsys):
    path, results = table
    assert cli(["stats", "--db", str(path), "--game", "seven-sins", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    (group,) = data["groups"]
    runs = {s["player"]: s for s in group["streaks"]}
    for name in NAMES:
        now = longest = 0
        for _, seats, returns in results:  # in game-number order
            if name not in seats:
                continue
            if returns[seats.index(name)] == max(returns) and returns.count(max(returns)) < 3:
                now += 1
                longest = max(longest, now)
            else:
                now = 0
        assert (runs[name]["longest"], runs[name]["now"]) == (longest, now), name
    assert group["games"] == 12 and group["decides_winners"]


def test_stats_plots(table, capsys, tmp_path):
    path, _ = table
    assert cli(["stats", "--db", str(path), "--plot", str(tmp_path / "p")]) == 0
    out = capsys.readouterr().out
    assert "plots: " in out
    for name in (
        "seven-sins-3p/win-rates.png",
        "seven-sins-3p/lengths.png",
        "mea-culpa-keeper-2p/lengths.png",
    ):
        assert (tmp_path / "p" / name).read_bytes().startswith(b"\x89PNG"), name


def test_a_fresh_database_says_so_in_one_line(tmp_path, capsys):
    assert cli(["stats", "--db", str(tmp_path / "none.sqlite")]) == 0
    out = capsys.readouterr().out
    assert len(out.strip().splitlines()) == 1 and out.startswith("no games yet")
    assert not (tmp_path / "none.sqlite").exists()
    LogDB(tmp_path / "empty.sqlite").close()
    assert cli(["stats", "--db", str(tmp_path / "empty.sqlite")]) == 0
    out = capsys.readouterr().out
    assert out.strip() == "no games yet (run `confessor sync`)"


def test_json_is_always_json(tmp_path, capsys):
    for db in (tmp_path / "none.sqlite", tmp_path / "empty.sqlite"):
        if db.name == "empty.sqlite":
            LogDB(db).close()
        assert cli(["stats", "--db", str(db), "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["groups"] == [] and data["left_out"] == 0 and "no games" in data["note"]


def test_one_game_gets_no_p_value(tmp_path, capsys):
    path = tmp_path / "one.sqlite"
    sins = games.load("seven-sins", 3)
    with LogDB(path) as db:
        db.trust(DEVICE, public_key().hex())  # the owner confirmed its key
        gid, data = _log(sins, bytes([7]) * 32, NAMES[:3], 1, ["random"] * 3)
        db.add(DEVICE, gid, data)
    assert cli(["stats", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "chi-square" not in out and "p =" not in out and "p <" not in out
    assert "not tested: too few games" in out
    assert cli(["stats", "--db", str(path), "--json"]) == 0
    (group,) = json.loads(capsys.readouterr().out)["groups"]
    assert group["seat_test"]["p_value"] is None
    assert all(row["p_value"] is None for row in group["by_seat"] + group["by_turn_order"])


def test_team_games_are_a_group_of_their_own(tmp_path, capsys):
    path = tmp_path / "teams.sqlite"
    with LogDB(path) as db:
        db.trust(DEVICE, public_key().hex())  # the owner confirmed its key
        for k, teams in enumerate((True, False, True)):
            game = games.load("siete-pecados", 4, teams=teams)
            gid, data = _log(game, bytes([60 + k]) * 32, NAMES, k + 1, ["random"] * 4)
            db.add(DEVICE, gid, data)
    assert cli(["stats", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert "siete-pecados with 4 players: 1" in out
    assert "siete-pecados with 4 players in teams: 2" in out
    assert "by team (teammates win together" in out
