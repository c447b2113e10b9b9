"""Who wrote a log: the device's Ed25519 signer (firmware/ed25519.py, plain Python)
against the `cryptography` package, the fixed-base table, and the laptop's trust in
device keys (host/authentic.py, host/logdb.py). The signer also runs under
MicroPython: tests/firmware_mp/signing_mp.py."""

from __future__ import annotations

import hashlib
import os

import pytest
from linkkit import DEVICE, KEY_SEED, format1_log, game_log, public_key, seed, signing_key

from host import authentic
from host.ed25519_table import TABLE, make_table, signer_module
from host.logdb import LogDB
from shared_rules.commit import VerifyError

# RFC 8032 section 7.1, TEST 1 and TEST 2 (also in tests/firmware_mp/signing_mp.py)
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


def test_a_signature_over_other_bytes_fails():
    _, data = game_log(seed(1))
    report = authentic.verify(data, key=public_key())
    assert authentic.signature_ok(public_key(), report["message"], report["sig"])
    assert not authentic.signature_ok(public_key(), report["message"][:-1] + b"x", report["sig"])
    assert not authentic.signature_ok(public_key(os.urandom(32)), report["message"], report["sig"])
    assert not authentic.signature_ok(b"\x00" * 31, report["message"], report["sig"])


def test_trust_on_first_use_and_retired_keys(tmp_path):
    """A key seen at sync is trusted; a new key retires the old one: logs signed with
    the old key stay trusted only if they were stored before it was retired."""
    new_seed = bytes(range(100, 132))
    with LogDB(tmp_path / "db.sqlite") as db:
        _, first = game_log(seed(1))
        with pytest.raises(VerifyError, match="no record of"):
            authentic.verify(first, db.trust_for(first))
        assert db.observe_key(DEVICE, public_key().hex())["event"] == "new"
        assert db.observe_key(DEVICE, public_key().hex())["event"] == "known"
        gid, data = game_log(seed(1))
        assert db.add(DEVICE, gid, data)["verified"] == 1
        # the device's REPL was opened: it shows a new key
        event = db.observe_key(DEVICE, public_key(new_seed).hex())
        assert event["event"] == "changed" and event["old"] == public_key().hex()
        assert authentic.verify(data, db.trust_for(data))  # stored before: still trusted
        late_id, late = game_log(seed(2))  # signed by the old key, arrives only now
        with pytest.raises(VerifyError, match="retired"):
            authentic.verify(late, db.trust_for(late))
        assert db.add(DEVICE, late_id, late)["verified"] == 0
        fresh_id, fresh = game_log(seed(3), key_seed=new_seed)
        assert db.add(DEVICE, fresh_id, fresh)["verified"] == 1
        # an old key shown again (someone restored the old key file) stays retired
        assert db.observe_key(DEVICE, public_key().hex())["event"] == "returned"
        _, late2 = game_log(seed(4))
        with pytest.raises(VerifyError, match="retired"):
            authentic.verify(late2, db.trust_for(late2))
        # another device's key never vouches for this one
        other = bytes(range(50, 82))
        _, foreign = game_log(seed(5), key_seed=other)
        with pytest.raises(VerifyError, match="never showed this laptop"):
            authentic.verify(foreign, db.trust_for(foreign))


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
