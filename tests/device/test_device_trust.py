"""Trust that a laptop cannot fake (issue 27), on the virtual board with the real
firmware: the device shows its key's fingerprint (About this device, in the menu; the
notice after power-on made a key or met one it did not make); the laptop pins a key
only once a person has compared that fingerprint; a second board claiming the device's
id, and a key rewritten over maintenance mode's REPL, get no log verified in the
device's name without that person, and the real device's logs stay trusted."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from device_helpers import PORTABLE, check_picture, start_device

from host import authentic, boardrun
from host.link import Link
from host.logdb import LogDB
from host.sim_play import start_game
from host.sync import UntrustedKey, sync
from host.virtual_board import wait_for
from shared_rules import games
from shared_rules.fingerprint import fingerprint

HIDDEN_PAIR = "hidden-pair:hidden_pair:HiddenPair"
games.register("hidden-pair", "hidden_pair", "HiddenPair")


def _frames(flash: Path, name: str) -> list[str]:
    """The text of every frame of screen `name` shown so far (CONFESSOR_SIM_KEEP)."""
    return [p.read_text() for p in sorted((flash / "sim" / "frames").glob("*-%s.txt" % name))]


def _to_about(c) -> dict:
    for _ in range(12):
        scr = c.screen()
        if scr["items"][scr["cursor"]] == "About this device":
            break
        c.press("DOWN")
    c.press("A")
    return check_picture(c)


# ****** on the device: the fingerprint, where the key came from ******
def test_the_device_shows_its_key_and_where_it_came_from(tmp_path):
    flash = tmp_path / "flash"
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE], keep_frames=True)
    try:
        c = dev.client
        fp = fingerprint((flash / "device.pub").read_bytes())
        # the first power-on made the key, and said so with its fingerprint
        (news,) = _frames(flash, "newkey")
        assert fp[:14] in news and fp[15:] in news and "Made now, on this device" in news
        assert c.screen()["name"] == "menu"
        scr = _to_about(c)
        assert scr["name"] == "about" and "-".join(scr["facts"]) == fp
        text = " ".join(scr["lines"])
        assert "Key made on this device." in text
        assert "Device %s" % (flash / "device.id").read_text().strip() in text
        c.press("A")
        assert c.screen()["name"] == "menu"
        # the next power-on has nothing new to say
        old = c.status()["boot"]
        dev.power_cut()
        dev.boot(old)
        assert len(_frames(flash, "newkey")) == 1
    finally:
        dev.stop()


def test_a_key_file_the_device_did_not_make_is_named_as_such(tmp_path):
    """A key written over maintenance mode's REPL: the device uses it, says at power-on
    and in About that it did not make it, and tells the laptop so (hello's origin).
    Whoever also writes the record the device keeps beside a key it made is not caught
    here: the laptop's pin is the defence (below, and docs/security.md)."""
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "device.key").write_bytes(bytes(range(9, 41)))
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE], keep_frames=True)
    try:
        c = dev.client
        fp = fingerprint((flash / "device.pub").read_bytes())
        (news,) = _frames(flash, "newkey")
        assert fp[:14] in news and fp[15:] in news and "NOT made by this device" in news
        scr = _to_about(c)
        assert "Key NOT made on this device" in " ".join(scr["lines"])
        c.press("A")
        old = c.status()["boot"]
        dev.power_cut()
        dev.boot(old)
        assert len(_frames(flash, "newkey")) == 1  # said once; About keeps saying it
        scr = _to_about(c)
        assert "Key NOT made on this device" in " ".join(scr["lines"])
    finally:
        dev.stop()


# ****** against the laptop's pin: the real firmware behind the serial link ******
def _board(tmp_path, name, device_id=None):
    """A virtual board with the real firmware and the Hidden Pair test game; its own
    key, made at its first power-on; `device_id` claimed if given."""

    def prepare(flash_dir):
        shutil.copy(PORTABLE / "hidden_pair.py", flash_dir / "hidden_pair.py")
        if device_id is not None:
            (flash_dir / "device.id").write_text(device_id)

    return boardrun.start(
        tmp_path / name / "flash",
        speed="instant",
        sim_dir=tmp_path / name / "sim",
        quiet=True,
        env={"CONFESSOR_SIM_GAMES": HIDDEN_PAIR},
        prepare=prepare,
    )


def _abandon_a_game(c) -> None:
    """A short game, abandoned from the pause menu: a log signed by the device's key."""
    start_game(c, 2, title="Hidden Pair")
    for _ in range(5):  # the seal, two gates
        c.press("A")
    c.press("C")
    while not c.screen()["items"][c.screen()["cursor"]].startswith("Abandon"):
        c.press("DOWN")
    c.press("A")
    c.press("A")  # confirmed
    assert c.screen()["name"] == "abandoned"
    c.press("A")
    assert c.screen()["name"] == "menu"


def _person_compares(c, did_maintenance=False):
    """The owner at the table: reads the fingerprint the device shows (the link's
    `about`), and confirms it only if it is the one the laptop shows, and, for a key
    that changed, only if they opened the device's maintenance mode themselves (a
    board claiming their device's id shows its own key on its own screen: the
    screens agree, the story does not; docs/security.md)."""
    seen = []

    def confirm(key):
        def on_the_glass():
            st = c.status()
            return st.get("screen") == "about" and st.get("idle")

        wait_for(on_the_glass, what="the About screen")
        scr = check_picture(c)
        seen.append("-".join(scr["facts"]))
        c.press("A")  # back to the menu
        if key["state"] == "changed" and not did_maintenance:
            return False
        return "-".join(scr["facts"]) == key["fingerprint"]

    return confirm, seen


def _sync(board, db, confirm=None):
    with Link.open(board.url, reconnect=10.0) as link:
        return sync(link, db, confirm=confirm)


def test_a_second_board_with_the_same_id_gets_nothing_verified(tmp_path):
    real, rc = _board(tmp_path, "real")
    try:
        ident = (tmp_path / "real" / "flash" / "device.id").read_text().strip()
        pub = (tmp_path / "real" / "flash" / "device.pub").read_bytes()
        with LogDB(tmp_path / "db.sqlite") as db:
            confirm, seen = _person_compares(rc)
            first = _sync(real, db, confirm)  # the owner's first sync: compared, pinned
            assert seen == [fingerprint(pub)] and first["key"]["confirmed"]
            _abandon_a_game(rc)
            got = _sync(real, db)
            assert len(got["new"]) == 1 and got["new"][0]["verified"] == 1
            # a board of mine, claiming the owner's device id, with a log it signed
            fake, fc = _board(tmp_path, "fake", device_id=ident)
            try:
                _abandon_a_game(fc)
                (forged,) = (tmp_path / "fake" / "flash" / "games").glob("*.log")
                assert b'"device":"%s"' % ident.encode() in forged.read_bytes()
                with pytest.raises(UntrustedKey) as err:
                    _sync(fake, db)  # no person at a terminal
                assert err.value.key["state"] == "changed"
                assert "shows another signing key" in str(err.value)
                confirm, seen = _person_compares(fc)
                with pytest.raises(UntrustedKey):
                    _sync(fake, db, confirm)  # the owner did nothing to change its key
                assert seen and seen[0] != fingerprint(pub)  # this board's own key
            finally:
                fake.stop()
            assert db.pinned(ident) == pub.hex()  # never retired by a board's say-so
            assert len(db.rows()) == 1  # nothing of the other board's was stored
            with pytest.raises(authentic.KeyProblem, match="nobody confirmed"):
                data = forged.read_bytes()
                authentic.verify(data, db.trust_for(data))  # `confessor verify` of the file
            # the real device's logs stay trusted
            _abandon_a_game(rc)
            got = _sync(real, db)
            assert len(got["new"]) == 1 and got["new"][0]["verified"] == 1
            assert all(r["verified"] for r in db.rows())
    finally:
        real.stop()


ATTACKER_SEED = bytes(range(9, 41))
# the recipe over maintenance mode's REPL: a chosen key, device.pub deleted
REWRITE = (
    "import os\n"
    "f = open('device.key', 'wb'); f.write(bytes(range(9, 41))); f.close()\n"
    "try:\n    os.remove('device.pub')\nexcept OSError:\n    pass\n"
    "print('rewritten')\n"
)
# a reader of docs/security.md also writes the record the device keeps beside a key it
# made: the device cannot tell, the laptop still refuses
REWRITE_WITH_RECORD = REWRITE + (
    "import hashlib, devkey\n"
    "seed = bytes(range(9, 41))\n"
    "pub = devkey.DeviceKey()._signer(seed).public\n"
    "open('device.pub', 'wb').write(pub)\n"
    "open('device.kid', 'wb').write(devkey._record(seed, pub, b'made'))\n"
)


def _maintenance_exec(board, client, code: str) -> str:
    """Power on with A and C held, run `code` at the REPL, power on again."""
    board.hard_reset(hold="A,C")
    st = client.attach(client.status()["boot"], timeout=60)
    assert st["exited"]  # main.py returned: maintenance mode
    mpremote = str(Path(sys.executable).parent / "mpremote")
    done = subprocess.run(
        [mpremote, "connect", board.url, "resume", "exec", code],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    board.hard_reset()  # powered on again, the buttons let go
    client.attach(st["boot"], timeout=60)
    return done.stdout


def test_a_key_rewritten_in_maintenance_mode_is_refused_until_confirmed(tmp_path):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    chosen = Ed25519PrivateKey.from_private_bytes(ATTACKER_SEED).public_key().public_bytes_raw()
    board, c = _board(tmp_path, "dev")
    flash = tmp_path / "dev" / "flash"
    try:
        ident = (flash / "device.id").read_text().strip()
        pub = (flash / "device.pub").read_bytes()
        with LogDB(tmp_path / "db.sqlite") as db:
            confirm, _ = _person_compares(c)
            _sync(board, db, confirm)
            for code, origin in ((REWRITE, "met"), (REWRITE_WITH_RECORD, "made")):
                assert "rewritten" in _maintenance_exec(board, c, code)
                with Link.open(board.url, reconnect=10.0) as link:
                    hello = link.hello()
                assert hello["pub"] == chosen.hex() and hello["origin"] == origin
                before = set((flash / "games").glob("*.log"))
                _abandon_a_game(c)  # a log signed with the chosen key
                (log,) = set((flash / "games").glob("*.log")) - before
                with pytest.raises(UntrustedKey) as err:
                    _sync(board, db)
                assert err.value.key["state"] == "changed"
                assert err.value.key["origin"] == origin
                assert db.pinned(ident) == pub.hex() and db.rows() == []
                data = log.read_bytes()
                with pytest.raises(authentic.KeyProblem, match="nobody confirmed"):
                    authentic.verify(data, db.trust_for(data))
            # the owner, who did this, confirms the new fingerprint: then it is trusted
            confirm, seen = _person_compares(c, did_maintenance=True)
            got = _sync(board, db, confirm)
            assert seen == [fingerprint(chosen)] and got["key"]["confirmed"]
            assert db.pinned(ident) == chosen.hex()
            assert [g["verified"] for g in got["new"]] == [1, 1]
    finally:
        board.stop()
