"""New Rule (Sin) on the laptop, end to end: `confessor games`, `simulate`,
`playthrough`, and `verify`, `show`, `export` on a New Rule game log."""

from __future__ import annotations

import json

import pytest
from linkkit import DEVICE, device_log, public_key

from host.cli import main as cli
from host.logdb import LogDB
from shared_rules import games
from shared_rules.commit import commitment
from shared_rules.journal import game_id_for
from shared_rules.laptop.driver import make_bot, play

SEED = bytes(range(32))
KEY = public_key().hex()


def _log(**options) -> tuple[str, bytes]:
    game = games.load("new-rule", 3, **options)
    bots = [make_bot(game, "greedy", SEED, s) for s in range(3)]
    end = play(game, SEED, bots)
    return game_id_for(commitment(SEED)), device_log(
        game, SEED, end, seats=["Ann", "Bo", "Cy"], number=1
    )


@pytest.fixture(scope="module")
def log():
    return _log(round_limit=3)


def test_games_lists_it(capsys):
    assert cli(["games"]) == 0
    out = capsys.readouterr().out
    assert "new-rule: New Rule (Sin), 2-4 players" in out
    assert "-o king_player=spared (spared, reckoned)" in out


def test_simulate_with_the_greedy_bot(capsys):
    args = ["simulate", "new-rule", "-p", "3", "-n", "4", "-j", "1", "-o", "round_limit=2"]
    assert cli(args + ["--bots", "greedy,random,random"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("New Rule (Sin) (new-rule), 3 players: 4 games")
    assert "bots: greedy,random,random" in out and "by bot" in out
    # the game's own figures, in its words
    assert "rounds ended by a God card (a reckoning): mean" in out
    # rounds are the game's length (its round_number()), with what a round is
    assert "Rounds: mean 2.0 " in out and "(a round: a deal, played until a God card" in out
    assert cli(args + ["--bots", "clever"]) == 2  # a usage error
    assert "no bot 'clever' for new-rule (bots: random, greedy, ismcts" in capsys.readouterr().err


def test_a_playthrough_of_a_game_with_no_end_stops_at_its_cap(capsys):
    """Random players never reach 200, and the rulebook's game has no other end."""
    assert cli(["playthrough", "new-rule", "-p", "4", "--no-views", "--cap", "300"]) == 0
    out = capsys.readouterr().out
    assert out.rstrip().endswith(
        "stopped after 300 actions (the safety cap): the game had not ended"
    )
    assert cli(["playthrough", "new-rule", "--cap", "0"]) == 2


def test_playthrough_and_bad_options(capsys):
    assert cli(["playthrough", "new-rule", "-p", "4", "--seed", "x", "-o", "round_limit=1"]) == 0
    out = capsys.readouterr().out
    assert '"legal_sets"' in out and "returns: [" in out
    assert cli(["playthrough", "new-rule", "-p", "5"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert cli(["playthrough", "new-rule", "-o", "ace=12"]) == 2
    assert "option ace must be one of 1, 11" in capsys.readouterr().err


def test_verify_show_and_export_a_log(log, tmp_path, capsys):
    gid, data = log
    path = tmp_path / "nr.log"
    path.write_bytes(data)
    assert cli(["verify", str(path), "--key", KEY]) == 0
    assert "OK (new-rule, 3 players" in capsys.readouterr().out
    assert cli(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Ann plays" not in out  # the rules' own words: seat numbers
    assert "seat 0 plays" in out and "face up" in out
    # the result from the final view: winners, reason, and the breakdown by round
    assert "reason: round_limit" in out or "reason: target" in out
    assert "rounds:" in out and "set_points" in out and "penalties" in out
    table = out[out.index("rounds:") :].splitlines()
    assert table[1].split()[:4] == ["round", "end", "first_player", "god_seat"]
    assert len([line for line in table[2:5] if line.strip()]) == 3
    db = tmp_path / "g.sqlite"
    with LogDB(db) as d:
        d.trust(DEVICE, KEY)  # its owner confirmed the key, as at a first sync
        d.add(DEVICE, gid, data)
    assert cli(["verify", "--db", str(db)]) == 0
    assert cli(["export", "--db", str(db)]) == 0
    records = json.loads(capsys.readouterr().out.split("\n", 1)[1])
    assert records[0]["game"] == "new-rule" and records[0]["header"]["game"] == "new-rule"
    assert records[0]["actions"] == [int(a) for a in records[0]["actions"]]
