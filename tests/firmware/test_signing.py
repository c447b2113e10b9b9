"""Who wrote a log: the device's Ed25519 signer (firmware/security/ed25519.py, plain Python)
against the `cryptography` package, the fixed-base table, and the laptop's trust in
device keys (host/authentic.py, host/logdb.py). The signer also runs under
MicroPython: tests/firmware/mp/signing_mp.py."""

from __future__ import annotations

import hashlib
import os

import pytest
from linkkit import DEVICE, KEY_SEED, format1_log, game_log, public_key, seed, signing_key

from host import authentic
from host.ed25519_table import TABLE, make_table, signer_module
from host.logdb import LogDB
from shared_rules.commit import VerifyError

# RFC 8032 section 7.1, TEST 1 and TEST 2 (also in tests/firmware/mp/signing_mp.py)
RFC_VECTORS = [
    (
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e3970"
        "1cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613"
        "d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
]


@pytest.fixture(scope="module")
def signer():
    module = signer_module()
    return module, module.Table(data=TABLE.read_bytes())


def test_the_table_file_is_the_table():
    assert TABLE.read_bytes() == make_table(), "stale: run .venv/bin/python -m host.ed25519_table"


def test_rfc_8032_vectors(signer):
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    module, table = signer
    for secret, pub, message, sig in RFC_VECTORS:
        key = module.SigningKey(bytes.fromhex(secret), table)
        assert key.public.hex() == pub
        assert key.sign(bytes.fromhex(message)).hex() == sig
        oracle = Ed25519PrivateKey.from_private_bytes(bytes.fromhex(secret))
        assert oracle.sign(bytes.fromhex(message)).hex() == sig


def test_the_signer_agrees_with_cryptography(signer):
    """Random keys and messages of every length a log signature uses and more; the
    device signs a 32-byte digest, so every SHA-512 padding case is covered too."""
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

    module, table = signer
    for n in range(40):
        secret = os.urandom(32)
        message = os.urandom(n * 7)
        key = module.SigningKey(secret, table)
        oracle = Ed25519PrivateKey.from_private_bytes(secret)
        assert key.public == oracle.public_key().public_bytes_raw()
        assert key.sign(message) == oracle.sign(message)
        assert authentic.signature_ok(key.public, message, key.sign(message))
    for n in (0, 1, 111, 112, 127, 128, 129, 239, 240, 300):
        data = os.urandom(n)
        assert module.sha512_plain(data) == hashlib.sha512(data).digest()


def test_a_signer_given_its_public_key_does_not_derive_it(signer, monkeypatch):
    """Issue 25: the device signs with device.pub as it stored it: one fixed-base
    multiplication a signature (R), not two; the same signature."""
    module, table = signer
    secret, message = os.urandom(32), os.urandom(32)
    derived = module.SigningKey(secret, table)
    calls = []
    real = module.base_mult

    def counted(scalar, tab):
        calls.append(scalar)
        return real(scalar, tab)

    monkeypatch.setattr(module, "base_mult", counted)
    stored = module.SigningKey(secret, table, public=derived.public)
    assert calls == []  # given: not derived
    assert stored.sign(message) == derived.sign(message) and len(calls) == 2  # R, each
    calls.clear()
    module.SigningKey(secret, table).sign(message)
    assert len(calls) == 2  # not given: the public key, then R
    wrong = module.SigningKey(secret, table, public=bytes(32))
    assert not authentic.signature_ok(derived.public, message, wrong.sign(message))


def test_a_signature_over_other_bytes_fails():
    _, data = game_log(seed(1))
    report = authentic.verify(data, key=public_key())
    assert authentic.signature_ok(public_key(), report["message"], report["sig"])
    assert not authentic.signature_ok(public_key(), report["message"][:-1] + b"x", report["sig"])
    assert not authentic.signature_ok(public_key(os.urandom(32)), report["message"], report["sig"])
    assert not authentic.signature_ok(b"\x00" * 31, report["message"], report["sig"])


def test_keys_are_trusted_only_once_a_person_pins_them(tmp_path):
    """Issue 27: a key shown at sync is recorded, never trusted by itself; a person's
    confirmation pins it; another key shown for the same device is refused and never
    retires the pinned one; a confirmed new key retires the old one, whose logs stay
    trusted only if they were stored before."""
    new_seed = bytes(range(100, 132))
    mine, theirs = public_key().hex(), public_key(new_seed).hex()
    with LogDB(tmp_path / "db.sqlite") as db:
        _, first = game_log(seed(1))
        with pytest.raises(VerifyError, match="no record of"):
            authentic.verify(first, db.trust_for(first))
        assert db.observe_key(DEVICE, mine) == {"state": "new", "pinned": None, "retired": None}
        with pytest.raises(VerifyError, match="nobody confirmed"):
            authentic.verify(first, db.trust_for(first))  # shown is not trusted
        assert db.trust(DEVICE, mine) == {"previous": None, "verified": 0}
        assert db.observe_key(DEVICE, mine)["state"] == "pinned"
        gid, data = game_log(seed(1))
        assert db.add(DEVICE, gid, data)["verified"] == 1
        # a board showing another key for this id: recorded, refused, nothing retired
        seen = db.observe_key(DEVICE, theirs)
        assert seen == {"state": "changed", "pinned": mine, "retired": None}
        assert db.pinned(DEVICE) == mine
        fresh_id, fresh = game_log(seed(3), key_seed=new_seed)
        with pytest.raises(VerifyError, match="nobody confirmed"):
            authentic.verify(fresh, db.trust_for(fresh))
        assert db.add(DEVICE, fresh_id, fresh)["verified"] == 0
        late_id, late = game_log(seed(2))  # the pinned key still signs: trusted
        assert db.add(DEVICE, late_id, late)["verified"] == 1
        # the owner confirms the new key (they opened maintenance mode): the old one is
        # retired, the log the new key signed verifies now
        assert db.trust(DEVICE, theirs) == {"previous": mine, "verified": 1}
        assert authentic.verify(data, db.trust_for(data))  # stored before: still trusted
        _, later = game_log(seed(4))  # signed by the old key, arriving only now
        with pytest.raises(VerifyError, match="retired"):
            authentic.verify(later, db.trust_for(later))
        # the old key shown again (an old key file restored) stays retired
        assert db.observe_key(DEVICE, mine)["state"] == "changed"
        assert db.observe_key(DEVICE, mine)["retired"] is not None
        with pytest.raises(VerifyError, match="retired"):
            authentic.verify(later, db.trust_for(later))
        states = {k["pub"]: (k["state"], k["logs"]) for k in db.keys()}
        assert states == {mine: ("retired", 2), theirs: ("pinned", 1)}
        # another device's key never vouches for this one
        other = bytes(range(50, 82))
        _, foreign = game_log(seed(5), key_seed=other)
        with pytest.raises(VerifyError, match="never showed this laptop"):
            authentic.verify(foreign, db.trust_for(foreign))


def test_a_database_from_before_the_pins_keeps_its_trust(tmp_path):
    """A log database made when keys were trusted on first use: its current keys stay
    pinned, its retired keys retired; nobody has to confirm again."""
    import sqlite3

    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE keys (device TEXT NOT NULL, pub TEXT NOT NULL, first_seen TEXT NOT NULL,"
        " retired_at TEXT, retired_row INTEGER, PRIMARY KEY (device, pub));"
    )
    old.execute(
        "INSERT INTO keys VALUES (?,?,?,?,?)", (DEVICE, "ab" * 32, "2025-01-01", "2025-02-01", 0)
    )
    old.execute(
        "INSERT INTO keys VALUES (?,?,?,NULL,NULL)", (DEVICE, public_key().hex(), "2025-02-01")
    )
    old.commit()
    old.close()
    with LogDB(path) as db:
        assert db.pinned(DEVICE) == public_key().hex()
        states = {k["pub"]: (k["state"], k["last_seen"]) for k in db.keys()}
        assert states == {
            "ab" * 32: ("retired", "2025-01-01"),
            public_key().hex(): ("pinned", "2025-02-01"),
        }
        gid, data = game_log(seed(1))
        assert db.add(DEVICE, gid, data)["verified"] == 1


def test_format_1_logs_need_allow_unsigned():
    """Logs from before signatures are read and checked, but nothing proves who wrote
    them: refused unless the user says so, and a signed log cannot pass as one."""
    old = format1_log(seed(1))
    with pytest.raises(VerifyError, match="carries no signature"):
        authentic.verify(old, key=public_key())
    report = authentic.verify(old, allow_unsigned=True)
    assert report["version"] == 1 and not report["signed"]
    _, data = game_log(seed(1))
    relabelled = data.replace(b'"v":2', b'"v":1')
    with pytest.raises(VerifyError):
        authentic.verify(relabelled, allow_unsigned=True)


def test_key_seed_fixture_is_not_the_default():
    assert KEY_SEED != bytes(32) and signing_key().public_key().public_bytes_raw() == public_key()
