"""7 Pecados on the laptop: `confessor games`, `simulate`, `playthrough`, and a
7 Pecados game log through `verify`, `show` (with the announcements) and `export`."""

import csv
import io
import json

from linkkit import DEVICE, device_log, public_key

from host.cli import main as cli
from host.logdb import LogDB
from shared_rules import games
from shared_rules.commit import commitment
from shared_rules.journal import game_id_for
from shared_rules.laptop.driver import make_bot, play

SEED = bytes(range(32))
NAMES = ["Ana", "Bea", "Cruz", "Dani"]  # the seats' names, as the device writes them
KEY = public_key().hex()


def _log(**options):
    game = games.load("siete-pecados", 4, **options)
    end = play(game, SEED, [make_bot(game, "greedy", SEED, s) for s in range(4)])
    return end, device_log(game, SEED, end, seats=NAMES, number=1)


def test_games_lists_it(capsys):
    assert cli(["games"]) == 0
    out = capsys.readouterr().out
    assert "siete-pecados: 7 Pecados, 2-6 players" in out
    assert "-o mode=celestial (celestial, infernal)" in out
    assert "-o cancels=each_player (each_player, one_per_turn)" in out


def test_simulate_with_the_greedy_bot(capsys):
    args = ["simulate", "siete-pecados", "-p", "3", "-n", "12", "-j", "1"]
    assert cli(args + ["--bots", "greedy,random,random", "-o", "mode=infernal", "--json"]) == 0
    arm = json.loads(capsys.readouterr().out)["arms"][0]
    assert arm["games"] == 12 and arm["bots"] == ["greedy", "random", "random"]
    # the Infernal Pact always has a winner: every game's win is given to someone
    assert sum(seat["win_share"] for seat in arm["by_seat"]) == 12
    turns = [f for f in arm["figures"] if f["key"] == "turns"][0]
    assert turns["words"] == "turns played" and turns["count"] == 12 and turns["smallest"] > 20
    assert cli(args + ["-o", "teams=yes"]) == 2  # teams need 4 or 6 players
    assert "4 or 6 players" in capsys.readouterr().err


def test_playthrough(capsys):
    assert cli(["playthrough", "siete-pecados", "-p", "2", "--no-views", "--seed", "x"]) == 0
    out = capsys.readouterr().out
    assert out.startswith('game: {"game":"siete-pecados"')
    assert "returns: " in out and "plays a temptation card" in out


def test_verify_show_and_export_a_log(tmp_path, capsys):
    end, data = _log(mode="infernal", teams=True)
    path = tmp_path / "pecados.log"
    path.write_bytes(data)
    assert cli(["verify", str(path), "--key", KEY]) == 0
    out = capsys.readouterr().out
    assert "OK (siete-pecados, 4 players" in out
    assert "returns %s" % end.returns() in out
    assert cli(["show", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seats: Ana, Bea, Cruz, Dani" in out
    assert "deal" in out and "secretly" in out
    assert "-> sin: " in out and "-> game over: " in out
    winners = end.view(None)["result"]["winners"]
    assert "winners %s" % ", ".join(NAMES[w] for w in winners) in out
    db_path = tmp_path / "games.sqlite"
    with LogDB(db_path) as db:
        db.trust(DEVICE, KEY)  # its owner confirmed the key, as at a first sync
        db.add(DEVICE, game_id_for(commitment(SEED)), data)
    assert cli(["export", "--db", str(db_path), "--format", "csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert rows[0]["game"] == "siete-pecados" and rows[0]["verified"] == "True"
    assert rows[0]["returns"] == " ".join(str(r) for r in end.returns())
    assert cli(["export", "--db", str(db_path)]) == 0
    record = json.loads(capsys.readouterr().out)[0]
    assert record["header"]["options"]["mode"] == "infernal"
    assert record["actions"] == end.history()
