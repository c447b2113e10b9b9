"""Who wrote a log: the device's Ed25519 signature, checked against the key this
laptop's owner pinned for the device (host/logdb.py: a person confirmed its
fingerprint).

`logcheck.verify` checks everything a log says about itself; this adds the two
questions a file's holder could otherwise answer for the device: is the
signature right, and is the key that made it the device's own?

A device's key is shown in its `hello` at sync and pinned once a person confirms
its fingerprint (`confessor sync` at a terminal, `confessor devices trust`). A
device shows a new key after maintenance mode (its REPL: the old key is deleted
first); once its owner confirms the new key, the old one is retired: logs signed
with it stay trusted only if they reached this laptop before, because whoever had
the REPL may have found what was left of it on flash.
"""

from __future__ import annotations

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from shared_rules.commit import VerifyError
from shared_rules.laptop import logcheck


class KeyProblem(VerifyError):
    """The signature is right but nothing says the key is the device's."""


def signature_ok(pub: bytes, message: bytes, sig: bytes) -> bool:
    try:
        Ed25519PublicKey.from_public_bytes(pub).verify(sig, message)
    except (InvalidSignature, ValueError):
        return False
    return True


def verify(data: bytes, trust=None, key: bytes | None = None, allow_unsigned: bool = False):
    """logcheck.verify, then the signature and the key.

    `trust(device, pub_hex) -> None | str`: None if the key is trusted for this
    log, else why not (host.logdb.LogDB.key_trust). `key`: a public key given by
    the user, which the log must be signed with (then `trust` is not asked).
    Raises VerifyError naming what is wrong; returns logcheck.verify's summary."""
    from shared_rules import games

    report = logcheck.verify(data, games.load_described)
    if not report["signed"]:
        if allow_unsigned:
            return report
        raise VerifyError(
            "format %d log: it carries no signature, so nothing proves the device wrote it"
            " (its content checks passed; --allow-unsigned accepts it)" % report["version"]
        )
    if not signature_ok(report["pub"], report["message"], report["sig"]):
        raise VerifyError(
            "the signature does not match: the log was changed after the device signed it"
        )
    pub_hex = report["pub"].hex()
    if key is not None:
        if key != report["pub"]:
            raise KeyProblem(
                "signed by key %s, not by the key given (%s)" % (_short(pub_hex), _short(key.hex()))
            )
        return report
    if trust is None:
        raise KeyProblem(
            "signed by key %s of device %s, which this laptop has no record of (sync the"
            " device once, or give its key with --key)" % (_short(pub_hex), report["device"])
        )
    problem = trust(report["device"], pub_hex)
    if problem:
        raise KeyProblem(problem)
    return report


def parse_key(text: str) -> bytes:
    """A public key as 64 hex digits; ValueError with a one-line reason."""
    text = text.strip().lower()
    if len(text) != 64 or any(c not in "0123456789abcdef" for c in text):
        raise ValueError("a device key is 64 hex digits (as a log's header carries it)")
    return bytes.fromhex(text)


def normal_seal(text: str) -> str:
    return "".join(c for c in text.upper() if c.isalnum())


def _short(pub_hex: str) -> str:
    return pub_hex[:16] + "..."
