"""The serial link end to end: the real serial_link.py in the MicroPython unix
port behind the virtual board, a stand-in App (tests/fixtures/device), and
the laptop's Link, sync and log database. Faults are injected on the wire."""

from __future__ import annotations

import hashlib
import subprocess
import threading

import pytest
from linkkit import flash_state, game_log, make_flash, pinned_db, seed

from host.link import DeviceError, Link, LinkError, PortBusy
from host.logdb import LogDB
from host.sync import sync
from host.virtual_board import Faults, VirtualBoard, wait_for
from shared_rules import wire


@pytest.fixture
def flash(tmp_path):
    logs = make_flash(tmp_path / "flash")
    return tmp_path / "flash", logs


@pytest.fixture
def board(flash):
    b = VirtualBoard(flash[0], sim_dir=flash[0].parent / "sim").start()
    yield b
    b.stop()


def _db_logs(db: LogDB) -> dict:
    return {r["id"]: db.find(r["id"])[1] for r in db.rows()}


def test_hello_status_and_privacy(board, flash):
    flash_dir, logs = flash
    current = (flash_dir / "games" / "current").read_text()
    with Link.open(board.url) as link:
        hello = link.hello()
        assert hello["proto"] == wire.PROTOCOL and hello["fw"] == "0.0.1-test"
        assert hello["device"] == (flash_dir / "device.id").read_text().strip()
        assert hello["faults"] == 0  # no faults.txt: the display never stopped answering
        status = link.status()
        # only what an onlooker sees: the App's private key never leaves
        assert status == {
            "screen": "play",
            "game": "hidden-pair",
            "id": current,
            "seal": "ACDEFG",
            "move": 3,
            "public": {"bets": [0], "dealt": 2},
            "playing": True,  # a seed is on flash: a game is unfinished
        }
        listing = link.games()
        assert [g["name"] for g in listing] == sorted(logs)
        for g in listing:
            assert g["size"] == len(logs[g["name"]])
            assert g["sha256"] == hashlib.sha256(logs[g["name"]]).hexdigest()
        # the game in progress, its key and anything else are never served
        for name in (current, current + ".key", "../settings.json", "current", "../main.py"):
            with pytest.raises(DeviceError) as err:
                link.read(name, 0, 16)
            assert err.value.code == wire.E_NAME
        with pytest.raises(DeviceError) as err:
            link.request("read", name=sorted(logs)[0], off=0, len=wire.MAX_CHUNK + 1)
        assert err.value.code == wire.E_ARG
        with pytest.raises(DeviceError) as err:
            link.request("format_flash")
        assert err.value.code == wire.E_OP


def test_settings_and_clock(board, flash):
    flash_dir, _ = flash
    with Link.open(board.url) as link:
        got = link.settings({"brightness": 200, "seats": ["Ann", "Bo"]})
        assert got == {"brightness": 200, "seats": ["Ann", "Bo"]}
        on_flash = (flash_dir / "settings.json").read_bytes()
        with pytest.raises(DeviceError) as err:
            link.settings({"brightness": 256})
        assert err.value.code == wire.E_VALUE and "0..255" in err.value.text
        assert (flash_dir / "settings.json").read_bytes() == on_flash
        assert link.settings() == got
        assert abs(link.set_clock(1_800_000_000) - 1_800_000_000) <= 2
        with pytest.raises(DeviceError) as err:
            link.set_clock(12)
        assert err.value.code == wire.E_ARG


def test_sync_pulls_each_game_once_then_the_device_forgets_it(board, flash, tmp_path):
    flash_dir, logs = flash
    with pinned_db(tmp_path / "db.sqlite") as db, Link.open(board.url) as link:
        kept = sync(link, db, forget=False)
        assert sorted(g["id"] for g in kept["new"]) == sorted(logs)
        assert all(g["verified"] for g in kept["new"]), kept
        assert kept["key"]["state"] == "pinned" and kept["forgotten"] == 0
        again = sync(link, db)
        assert again["new"] == [] and again["known"] == len(logs)
        assert again["forgotten"] == len(logs) and not again["key"]["confirmed"]
        assert _db_logs(db) == logs
        assert len(db.rows()) == len(logs)
        # stored and verified here: gone from the device; the game in progress stays
        left = sorted(p.name for p in (flash_dir / "games").iterdir())
        current = (flash_dir / "games" / "current").read_text()
        assert left == sorted([current + ".key", current + ".log", "current"])
        assert link.games() == []
        assert sync(link, db)["forgotten"] == 0


def test_a_key_not_pinned_stops_the_sync_before_anything_is_read(board, flash, tmp_path):
    """Issue 27: the key a board shows is not trusted by itself. A new device, or a
    known one showing another key, is synced only once a person confirms it: otherwise
    the sync stops at its hello with one line naming the command that pins it, reads
    no log, forgets nothing, and the key pinned before stays pinned."""
    from linkkit import DEVICE, public_key

    from host.sync import UntrustedKey
    from shared_rules.fingerprint import fingerprint

    flash_dir, logs = flash
    mine = public_key().hex()
    with LogDB(tmp_path / "db.sqlite") as db, Link.open(board.url) as link:
        with pytest.raises(UntrustedKey) as err:
            sync(link, db)
        text = str(err.value)
        assert "is new to this laptop" in text and "\n" not in text
        assert "confessor devices trust %s %s" % (DEVICE, fingerprint(public_key())) in text
        assert db.rows() == [] and link.games() != []  # nothing read, nothing forgotten
        asked = []
        with pytest.raises(UntrustedKey):
            sync(link, db, confirm=lambda key: asked.append(key) or False)  # "no"
        assert asked[0]["state"] == "new" and asked[0]["fingerprint"] == fingerprint(public_key())
        assert asked[0]["shown"] is False  # the stand-in has no screen to show it on
        result = sync(link, db, confirm=lambda key: True)  # "yes": pinned, then synced
        assert result["key"]["confirmed"] and db.pinned(DEVICE) == mine
        assert len(result["new"]) == len(logs) and all(g["verified"] for g in result["new"])
    # another board answering as this device, with its own key
    other = bytes(range(60, 92))
    (flash_dir / "device.pub").write_bytes(public_key(other))
    gid, data = game_log(seed(77), key_seed=other)
    (flash_dir / "games" / (gid + ".log")).write_bytes(data)
    board.hard_reset()
    with LogDB(tmp_path / "db.sqlite") as db, Link.open(board.url) as link:
        with pytest.raises(UntrustedKey) as err:
            sync(link, db)
        assert "shows another signing key" in str(err.value)
        assert err.value.key["state"] == "changed" and err.value.key["pinned"] == mine
        assert db.pinned(DEVICE) == mine and db.has(DEVICE, gid) is None
        assert (flash_dir / "games" / (gid + ".log")).exists()
        states = {k["pub"]: k["state"] for k in db.keys()}
        assert states == {mine: "pinned", public_key(other).hex(): "unconfirmed"}


def test_forget_deletes_only_the_exact_bytes(board, flash):
    flash_dir, logs = flash
    name = sorted(logs)[0]
    with Link.open(board.url) as link:
        with pytest.raises(DeviceError) as err:
            link.request("forget", name=name, sha256="0" * 64)
        assert err.value.code == wire.E_VALUE
        current = (flash_dir / "games" / "current").read_text()
        for bad in (current, "../device.pub", "current"):
            with pytest.raises(DeviceError) as err:
                link.request("forget", name=bad, sha256="0" * 64)
            assert err.value.code in (wire.E_NAME, wire.E_ARG)
        assert (flash_dir / "games" / (name + ".log")).exists()
        sha = hashlib.sha256(logs[name]).hexdigest()
        assert link.request("forget", name=name, sha256=sha)["forgotten"] is True
        assert not (flash_dir / "games" / (name + ".log")).exists()
        # idempotent: a resent forget of a deleted log is still a yes
        assert link.request("forget", name=name, sha256=sha)["forgotten"] is True


def test_an_unverified_log_stays_on_the_device(tmp_path):
    logs = make_flash(tmp_path / "flash", n_games=2, in_progress=False)
    gid, padded = game_log(seed(40), long_names=50)  # a header field format 2 does not have
    (tmp_path / "flash" / "games" / (gid + ".log")).write_bytes(padded)
    board = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim").start()
    try:
        with pinned_db(tmp_path / "db.sqlite") as db, Link.open(board.url) as link:
            result = sync(link, db)
            assert result["kept"] == [gid] and result["forgotten"] == len(logs)
            bad = [g for g in result["new"] if g["id"] == gid][0]
            assert not bad["verified"] and "unknown field 'note'" in bad["problem"]
        assert (tmp_path / "flash" / "games" / (gid + ".log")).read_bytes() == padded
    finally:
        board.stop()


def test_listing_is_paged(tmp_path):
    logs = make_flash(tmp_path / "flash", n_games=2 * wire.LS_PAGE + 3, in_progress=False)
    board = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim").start()
    try:
        with Link.open(board.url) as link:
            first = link.request("ls")
            assert len(first["games"]) == wire.LS_PAGE and first["more"]
            listing = link.games()
            assert [g["name"] for g in listing] == sorted(logs)
            with pinned_db(tmp_path / "db.sqlite") as db:
                assert len(sync(link, db)["new"]) == len(logs)
    finally:
        board.stop()


FAULTS = {
    "drop": dict(drop=0.0005),
    "corrupt": dict(corrupt=0.0005),
    "split": dict(split=True),
    "delay-and-stall": dict(delay=0.005, stall=0.2, stall_time=0.8),
    "everything": dict(drop=0.0003, corrupt=0.0003, split=True, stall=0.05, stall_time=0.8),
}


@pytest.mark.parametrize("kind", sorted(FAULTS))
def test_sync_survives_a_faulty_wire(tmp_path, kind):
    logs = make_flash(tmp_path / "flash", n_games=4, pad=2500)
    board = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim").start()
    try:
        board.faults = Faults(seed=sorted(FAULTS).index(kind) + 1, **FAULTS[kind])
        with pinned_db(tmp_path / "db.sqlite") as db, Link.open(board.url, timeout=0.5) as link:
            result = sync(link, db)
            assert sorted(g["id"] for g in result["new"]) == sorted(logs)
            assert _db_logs(db) == logs  # byte-identical, each once
            assert sync(link, db)["new"] == []
            if kind in ("drop", "corrupt", "everything"):
                assert link.stats["resends"] > 0, (link.stats, board.faults.dropped)
    finally:
        board.stop()


def _interrupting(after_bytes, action):
    """A progress callback that runs `action` once, mid-transfer."""
    done = []

    def progress(name, got, size):
        if not done and got >= after_bytes:
            done.append(name)
            action()

    return progress


def test_sync_survives_unplugging(tmp_path):
    logs = make_flash(tmp_path / "flash", n_games=3, pad=12000)
    board = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim").start()
    try:

        def pull_the_cable():
            board.unplug()
            threading.Timer(0.4, board.replug).start()  # plugged back in a moment later

        with pinned_db(tmp_path / "db.sqlite") as db, Link.open(board.url, timeout=0.5) as link:
            result = sync(link, db, progress=_interrupting(2048, pull_the_cable))
            assert link.stats["reconnects"] >= 1
            assert sorted(g["id"] for g in result["new"]) == sorted(logs)
            assert _db_logs(db) == logs
    finally:
        board.stop()


def test_sync_survives_a_power_cut(tmp_path):
    logs = make_flash(tmp_path / "flash", n_games=3, pad=12000)
    board = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim").start()
    try:
        pid = board.pid
        with pinned_db(tmp_path / "db.sqlite") as db, Link.open(board.url, timeout=0.5) as link:
            result = sync(link, db, progress=_interrupting(2048, board.hard_reset))
            assert board.pid != pid
            assert sorted(g["id"] for g in result["new"]) == sorted(logs)
            assert _db_logs(db) == logs
    finally:
        board.stop()


def test_interrupted_sync_resumes_where_it_stopped(tmp_path):
    """A soft reset leaves the device in its REPL: the sync fails with one
    line; after a reset the next sync asks only for the bytes it lacks."""
    logs = make_flash(tmp_path / "flash", n_games=2, pad=12000)
    board = VirtualBoard(tmp_path / "flash", sim_dir=tmp_path / "sim").start()
    try:
        with pinned_db(tmp_path / "db.sqlite") as db:
            with Link.open(board.url, timeout=0.3, retries=3) as link:
                with pytest.raises(LinkError) as err:
                    sync(link, db, progress=_interrupting(2048, board.soft_reset))
                assert "at its REPL, not running the firmware" in str(err.value)
                assert "\n" not in str(err.value)
            first = sorted(logs)[0]
            entry = {"sha256": hashlib.sha256(logs[first]).hexdigest(), "size": len(logs[first])}
            device = (tmp_path / "flash" / "device.id").read_text().strip()
            have = db.partial(device, first, entry["sha256"], entry["size"])
            assert 2048 <= len(have) < len(logs[first]) and logs[first].startswith(have)
            assert len(have) % wire.MAX_CHUNK == 0
            board.hard_reset()
            with Link.open(board.url) as link:
                result = sync(link, db)
                reads = link.stats["requests"] - 2  # minus hello and ls
            assert sorted(g["id"] for g in result["new"]) == sorted(logs)
            assert _db_logs(db) == logs
            # only the missing bytes were asked for
            chunks = -(-(len(logs[first]) - len(have)) // wire.MAX_CHUNK)
            chunks += sum(-(-len(logs[g]) // wire.MAX_CHUNK) for g in logs if g != first)
            assert reads == chunks
    finally:
        board.stop()


def test_second_program_is_told_the_port_is_busy(board):
    with Link.open(board.url) as link:
        link.hello()
        with pytest.raises(PortBusy) as err:
            with Link.open(board.url, timeout=0.3, retries=1) as other:
                other.hello()
        assert "busy" in str(err.value)
        assert link.hello()["proto"] == wire.PROTOCOL


def test_no_repl_over_the_link_only_with_the_buttons(board, flash):
    """The link has no way to the REPL: `repl` is refused with the way (the buttons at
    power-on), Ctrl-C is data; powered on with A and C held, the REPL is mpremote's."""
    with Link.open(board.url) as link:
        with pytest.raises(DeviceError) as err:
            link.request("repl")
        assert err.value.code == wire.E_OP and "hold A and C" in str(err.value)
        link.ser.write(b"\r\x03\x03\r\x01")  # mpremote's way in: data, nothing else
        assert link.hello()["proto"] == wire.PROTOCOL
    assert b">>>" not in board.output() and b"raw REPL" not in board.output()
    board.hard_reset(hold="A,C")
    wait_for(lambda: b"maintenance: REPL open" in board.output(), what="maintenance mode")
    mpremote = str(__import__("pathlib").Path(__import__("sys").executable).parent / "mpremote")
    done = subprocess.run(
        [mpremote, "connect", board.url, "resume", "exec", "print(6*7)"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and done.stdout.strip() == "42", done.stdout + done.stderr


def test_fuzzed_lines_never_hurt_the_device(board, flash):
    """Thousands of random and mutated lines: each damaged request gets an
    error reply, good requests in between are answered, and the device's
    games are untouched and the process never restarts."""
    import random

    flash_dir, logs = flash
    before = flash_state(flash_dir)
    pid = board.pid
    rng = random.Random(1234)
    # every byte but the newline: a game is in progress on this flash, so Ctrl-C (0x03) is
    # data to the device (firmware/link/guard.py), like any other byte
    allowed = [b for b in range(256) if b != 0x0A]
    good = [
        wire.request(900_000 + i, op, args)[:-1]
        for i, (op, args) in enumerate(
            [("hello", {}), ("status", {}), ("ls", {}), ("settings", {})]
            + [("read", {"name": sorted(logs)[0], "off": 0, "len": 64})]
        )
    ]

    def mutated():
        line = bytearray(rng.choice(good))
        for _ in range(rng.randint(1, 4)):
            kind = rng.randrange(4)
            i = rng.randrange(len(line))
            if kind == 0:
                line[i] = rng.choice(allowed)
            elif kind == 1:
                del line[i]
            elif kind == 2:
                line.insert(i, rng.choice(allowed))
            else:
                line[i] ^= 1 << rng.randrange(8)
                if line[i] == 0x0A:
                    line[i] = 0x41
        return bytes(line)

    def garbage():
        n = rng.choice([1, 5, 40, 300, 1100, 3000])
        return bytes(rng.choice(allowed) for _ in range(n))

    def semantic():
        # well-formed frames with bad requests: wrong types, unknown ops, huge ids
        op, args = rng.choice(
            [
                ("read", {"name": 5, "off": 0, "len": 1}),
                ("read", {"name": "zz", "off": -1, "len": 1}),
                ("read", {"name": sorted(logs)[0], "off": 0, "len": 0}),
                ("nope", {}),
                ("settings", {"values": [1]}),
                ("clock", {"time": "now"}),
            ]
        )
        return wire.encode({"id": rng.randrange(-5, 2**31), "op": op, **args})[:-1]

    lines = []
    for _ in range(3000):
        pick = rng.random()
        line = mutated() if pick < 0.5 else garbage() if pick < 0.85 else semantic()
        lines.append(line)
    with Link.open(board.url) as link:
        ser = link.ser
        received = []
        for start in range(0, len(lines), 250):
            batch = lines[start : start + 250] + [good[0]]
            expected = sum(1 for line in batch if line.strip())
            ser.write(b"\n".join(batch) + b"\n")
            got = []

            def enough(got=got, expected=expected):
                got.extend(link._read_lines(0.05))
                return len(got) >= expected

            wait_for(enough, timeout=60, what="a reply to every line")
            received.extend(got)
            # the last line of the batch is a good hello: answered properly
            last = wire.decode(got[-1])
            assert last["ok"]["proto"] == wire.PROTOCOL, last
            for line, reply in zip([x for x in batch[:-1] if x.strip()], got[:-1], strict=True):
                msg = wire.decode(reply)
                if line in good:
                    assert "ok" in msg
                else:
                    assert "err" in msg, (line, msg)
        assert len(received) >= len(lines) * 0.9
        assert link.hello()["proto"] == wire.PROTOCOL
        assert link.status()["id"] == (flash_dir / "games" / "current").read_text()
    assert board.pid == pid and board.alive
    assert flash_state(flash_dir) == before
    assert b"Traceback" not in board.output()


def _raw_client(board, rcvbuf=None):
    import socket as socketlib

    host, port = board.url[len("socket://") :].split(":")
    sock = socketlib.socket(socketlib.AF_INET, socketlib.SOCK_STREAM)
    if rcvbuf:
        sock.setsockopt(socketlib.SOL_SOCKET, socketlib.SO_RCVBUF, rcvbuf)
    sock.connect((host, int(port)))
    return sock


def test_the_virtual_board_survives_any_client(board, flash):
    """A client that resets mid-reply, one that goes quiet without closing, and one
    that never reads: the board keeps answering the next client (issue 10: a reset
    mid-reply used to kill the bridge thread)."""
    import socket as socketlib
    import struct

    flash_dir, logs = flash
    name = sorted(logs)[0]
    big = wire.request(1, "read", {"name": name, "off": 0, "len": 2048})
    for _ in range(5):  # reset (RST) while the reply is on its way
        sock = _raw_client(board)
        sock.sendall(b"\n" + big * 20)
        sock.setsockopt(socketlib.SOL_SOCKET, socketlib.SO_LINGER, struct.pack("ii", 1, 0))
        sock.close()
    # the bridge drops a reset client when it next reads from it (later on a loaded machine)
    wait_for(lambda: board._client is None, timeout=30, what="the reset clients to go")
    with Link.open(board.url) as link:
        assert link.hello()["proto"] == wire.PROTOCOL
    # a client that asks for much and never reads: its output is thrown away past a
    # limit, and it is dropped after going quiet, so the port frees itself
    from host import virtual_board

    old = virtual_board.STALL_DROP
    virtual_board.STALL_DROP = 1.0
    try:
        stuck = _raw_client(board, rcvbuf=4096)
        for i in range(200):
            stuck.sendall(wire.request(10 + i, "read", {"name": name, "off": 0, "len": 2048}))
        wait_for(lambda: board._client is None, timeout=30, what="the stuck client to go")
        stuck.close()
    finally:
        virtual_board.STALL_DROP = old
    with Link.open(board.url) as link:
        assert link.hello()["proto"] == wire.PROTOCOL
        assert link.read(name, 0, 16) == logs[name][:16]
    assert board.alive and board._thread is not None and board._thread.is_alive()


def test_sync_says_when_the_display_stopped_answering(flash, tmp_path, capsys):
    """The firmware's faults.txt (panel_fault.py) reaches the laptop: hello counts the
    faults, `confessor sync` says so."""
    from host.cli import main

    flash_dir, logs = flash
    (flash_dir / "faults.txt").write_text(
        "12 s after power-on: BUSY stuck for 10 s in a partial refresh\n"
        "14 s after power-on: the display answered again, try 3\n"
        "40 s after power-on: BUSY stuck for 10 s in a full refresh\n"
    )
    board = VirtualBoard(flash_dir, sim_dir=tmp_path / "sim").start()
    try:
        with Link.open(board.url) as link:
            assert link.hello()["faults"] == 2
        pinned_db(tmp_path / "db.sqlite").close()
        assert main(["sync", "--port", board.url, "--db", str(tmp_path / "db.sqlite")]) == 0
    finally:
        board.stop()
    out = capsys.readouterr().out
    assert "the device's display stopped answering 2 times (its faults.txt)" in out, out
