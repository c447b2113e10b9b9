# fingerprint.py  A device key's fingerprint: what a person compares between the device's
# screen and the laptop, as for an SSH host key (docs/security.md, promise 2)
# MIT licence. 20 characters of Crockford's base32 (no I, L, O or U: nothing to confuse
# on an e-ink screen) over SHA-256 of a domain string and the 32-byte public key: 100 bits,
# in five groups of four. Another key with the same fingerprint takes about 2^100 tries.

import hashlib

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
DOMAIN = b"confessor device key fingerprint\x00"
CHARS = 20  # 100 bits
GROUP = 4


def fingerprint(pub):
    """The fingerprint of a 32-byte Ed25519 public key, e.g. "7KQX-3MTA-0WZ4-R8NE-D2CF"."""
    if len(pub) != 32:
        raise ValueError("a device key has 32 bytes")
    digest = hashlib.sha256(DOMAIN + bytes(pub)).digest()
    bits = int.from_bytes(digest[:13], "big") >> 4  # the first 100 bits
    out = []
    for i in range(CHARS):
        out.append(ALPHABET[(bits >> (5 * (CHARS - 1 - i))) & 31])
        if i % GROUP == GROUP - 1 and i < CHARS - 1:
            out.append("-")
    return "".join(out)


def normal(text):
    """A fingerprint as a person typed it, made comparable: dashes and spaces dropped,
    capitals, and Crockford's look-alikes read as he reads them (I and L as 1, O as 0)."""
    out = []
    for c in text.upper():
        if c in "- ":
            continue
        out.append({"I": "1", "L": "1", "O": "0"}.get(c, c))
    return "".join(out)


def matches(text, pub):
    """Whether `text` (as a person typed it) is the fingerprint of `pub`."""
    return normal(text) == normal(fingerprint(pub))
