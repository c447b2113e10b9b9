"""`confessor verify`, `show`, `logs` and `export` on synced and tampered logs."""

from __future__ import annotations

import csv
import io
import json

import pytest
from linkkit import DEVICE, game_log, public_key, seed, signing_key

from host.cli import main as cli
from host.logdb import LogDB
from shared_rules import journal
from shared_rules.gamelog import split_records
from shared_rules.journal import encode_record

KEY = public_key().hex()


@pytest.fixture
def db(tmp_path):
    path = tmp_path / "games.sqlite"
    with LogDB(path) as d:
        d.trust(DEVICE, KEY)  # its owner confirmed the key, as at a first sync
        for n in (1, 2):
            gid, data = game_log(seed(n))
            d.add(DEVICE, gid, data)
    return path


def _one_error(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    return err


def test_verify_a_good_log_file(tmp_path, db, capsys):
    _, data = game_log(seed(3))
    path = tmp_path / "g.log"
    path.write_bytes(data)
    assert cli(["verify", str(path), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "OK (hidden-pair, 2 players" in out and "signed by device %s" % DEVICE in out
    # with the key given instead of a database that knows the device
    assert cli(["verify", str(path), "--key", KEY, "--db", str(tmp_path / "none")]) == 0
    assert not (tmp_path / "none").exists()
    capsys.readouterr()
    # a laptop that never met the device cannot tell who wrote it
    assert cli(["verify", str(path), "--db", str(tmp_path / "none")]) == 1
    assert "which this laptop has no record of" in _one_error(capsys)


def _rewrite(data: bytes, index: int, change) -> bytes:
    """Change record `index` and re-encode it with a valid CRC (a careful forger)."""
    lines = data.split(b"\n")[:-1]
    records, _, _ = split_records(data)
    record = dict(records[index])
    change(record)
    lines[index] = encode_record(record)[:-1]
    return b"\n".join(lines) + b"\n"


@pytest.mark.parametrize(
    "damage, expected",
    [
        (lambda d: d[: d.rindex(b"\n", 0, len(d) - 1) + 1], "without an end record"),
        (lambda d: d[:-10], "incomplete"),
        (lambda d: d.replace(b'"n":2', b'"n":3', 1), "checksum does not match"),
        (
            lambda d: _rewrite(d, 0, lambda r: r.update(commit="00" * 32)),
            "does not belong to its commitment",
        ),
        (
            lambda d: _rewrite(d, 1, lambda r: r.update(a=12 if r["a"] != 12 else 13)),
            "hash chain",
        ),
        (
            lambda d: _rewrite(d, len(d.split(b"\n")) - 2, lambda r: r.update(returns=[5, -5])),
            "returns",
        ),
        (lambda d: b"", "the log is empty"),
    ],
    ids=["truncated", "torn", "bit-flip", "commitment", "changed-deal", "returns", "empty"],
)
def test_verify_says_what_is_wrong(tmp_path, capsys, damage, expected):
    _, data = game_log(seed(4))
    bad = damage(data)
    path = tmp_path / "bad.log"
    path.write_bytes(bad)
    assert cli(["verify", str(path), "--key", KEY]) == 1
    err = _one_error(capsys)
    assert err.startswith("confessor verify: %s: " % path)
    assert expected in err


def test_verify_a_changed_chance_action_with_a_consistent_chain(tmp_path, capsys):
    """A forger who fixes the CRC and the hash chain is still caught by the seed."""
    from hidden_pair import HiddenPair

    s = seed(5)
    game = HiddenPair()
    from shared_rules.laptop.driver import play

    actions = play(game, s).history()
    forged = list(actions)
    forged[0] = [a for a in (11, 12, 13) if a != actions[0]][0]
    j = journal.Journal()
    data = j.start(game, s, extra={"first": 0, "device": DEVICE, "fw": "1", "pub": KEY})
    for a in forged:
        data += j.action(a)
    data += j.finish(s, [0, 0], sign=signing_key().sign)
    path = tmp_path / "forged.log"
    path.write_bytes(data)
    assert cli(["verify", str(path), "--key", KEY]) == 1
    err = _one_error(capsys)
    assert "action 0 is chance" in err and "but the seed gives" in err


def test_logs_show_verify_and_export(db, tmp_path, capsys):
    assert cli(["logs", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "2 games, 0 not verified" in out and "hidden-pair" in out
    with LogDB(db) as d:
        rows = d.rows()
    gid = rows[0]["id"]
    assert cli(["show", gid[:6], "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "game %s: hidden-pair, 2 players (ante=1)" % gid in out
    assert "chance       deal card" in out and "P1 " in out and "P2 " in out
    assert "signed: by the device's key, which this laptop trusts" in out
    assert "verified:" in out
    assert cli(["verify", "--db", str(db)]) == 0
    assert capsys.readouterr().out.count(": OK (") == 2
    assert cli(["export", "--db", str(db)]) == 0
    records = json.loads(capsys.readouterr().out)
    assert {r["id"] for r in records} == {r["id"] for r in rows}
    assert all(r["verified"] and r["actions"] and r["end"]["seed"] for r in records)
    out_csv = tmp_path / "games.csv"
    assert cli(["export", "--format", "csv", "-o", str(out_csv), "--db", str(db)]) == 0
    table = list(csv.DictReader(io.StringIO(out_csv.read_text())))
    assert len(table) == 2 and table[0]["game"] == "hidden-pair"


def test_clear_errors_for_missing_things(db, tmp_path, capsys):
    assert cli(["show", "ffffff", "--db", str(db)]) == 1
    assert "no game 'ffffff'" in _one_error(capsys)
    assert cli(["verify", str(tmp_path / "nope.log")]) == 1
    assert "no file" in _one_error(capsys)
    assert cli(["logs", "--db", str(tmp_path / "new.sqlite")]) == 0
    assert "no games yet" in capsys.readouterr().out
    assert cli(["export", "--db", str(tmp_path / "absent.sqlite")]) == 1
    assert "no log database" in _one_error(capsys)


def test_a_tampered_log_in_the_database_is_marked(tmp_path, capsys):
    gid, data = game_log(seed(6))
    bad = data.replace(b'"n":1', b'"n":4', 1)
    with LogDB(tmp_path / "x.sqlite") as d:
        d.trust(DEVICE, KEY)
        summary = d.add(DEVICE, gid, bad)
    assert summary["verified"] == 0 and "checksum" in summary["problem"]
    assert cli(["verify", "--db", str(tmp_path / "x.sqlite")]) == 1
    assert "1 of 1 logs failed" in capsys.readouterr().err


def test_logs_creates_no_database_where_there_is_none(tmp_path, capsys):
    """A listing is read-only: a mistyped --db must not leave folders and a database behind."""
    where = tmp_path / "typo" / "games.sqlite"
    assert cli(["logs", "--db", str(where)]) == 0
    assert "no games yet" in capsys.readouterr().out
    assert not (tmp_path / "typo").exists()


def test_devices_before_any_sync_says_so_and_creates_nothing(tmp_path, capsys):
    """A newcomer's first `confessor devices` (the README's line) answers, exit 0."""
    where = tmp_path / "typo" / "games.sqlite"
    assert cli(["devices", "--db", str(where)]) == 0
    assert "no device has been synced" in capsys.readouterr().out
    assert not (tmp_path / "typo").exists()


def test_another_programs_database_is_refused_and_left_alone(tmp_path, capsys):
    import sqlite3

    other = tmp_path / "other.sqlite"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE games (title TEXT)")
    con.execute("INSERT INTO games VALUES ('chess')")
    con.commit()
    con.close()
    before = other.read_bytes()
    for command in (["logs"], ["verify"], ["export"], ["show", "abc"]):
        assert cli([*command, "--db", str(other)]) == 1, command
        err = _one_error(capsys)
        assert "not a Confessor log database" in err, err
    assert other.read_bytes() == before  # no table added, no journal mode changed


def test_a_folder_is_not_a_log(tmp_path, capsys):
    for command in ("show", "verify"):
        assert cli([command, str(tmp_path)]) == 1
        assert "is a folder, not a log file" in _one_error(capsys)


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda r: r.pop("players"), "the header lacks the field 'players'"),
        (lambda r: r.update(options=[1, 2]), "the header's options are not an object"),
    ],
    ids=["no-players", "options-not-a-mapping"],
)
def test_show_a_malformed_log_in_one_line(tmp_path, capsys, change, expected):
    """A header with valid CRC but a missing or wrong-typed field: no traceback in show."""
    _, data = game_log(seed(7))
    path = tmp_path / "odd.log"
    path.write_bytes(_rewrite(data, 0, change))
    assert cli(["show", str(path)]) == 1
    assert expected in _one_error(capsys)
    assert cli(["verify", str(path), "--key", KEY]) == 1
    assert expected in _one_error(capsys)


def test_verify_checks_the_result_seal_the_table_noted(tmp_path, db, capsys):
    from host import authentic

    _, data = game_log(seed(3))
    path = tmp_path / "g.log"
    path.write_bytes(data)
    noted = authentic.verify(data, key=public_key())["result_seal"]
    assert cli(["verify", str(path), "--db", str(db), "--seal", noted.lower()]) == 0
    assert "result seal %s" % noted in capsys.readouterr().out
    other = "AAAA-AAAA" if noted != "AAAA-AAAA" else "CCCC-CCCC"
    assert cli(["verify", str(path), "--db", str(db), "--seal", other]) == 1
    err = _one_error(capsys)
    assert "its result seal is %s, not %s" % (noted, other) in err
    assert cli(["verify", str(path), "--db", str(db), "--seal", "ABC"]) == 2
    assert "8 letters" in _one_error(capsys)
