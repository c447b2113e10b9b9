"""A device key's fingerprint (portable): the same characters under both interpreters,
100 bits in five groups, and what a person types read as they meant it."""

from shared_rules.fingerprint import ALPHABET, fingerprint, matches, normal

PUB = bytes(range(32))


def test_the_fingerprint_is_fixed_and_grouped():
    fp = fingerprint(PUB)
    assert fp == FIXED, fp
    groups = fp.split("-")
    assert [len(g) for g in groups] == [4, 4, 4, 4, 4]
    assert all(c in ALPHABET for c in "".join(groups))
    assert "I" not in ALPHABET and "L" not in ALPHABET and "O" not in ALPHABET


def test_every_byte_of_the_key_changes_it():
    fp = fingerprint(PUB)
    for i in range(32):
        other = bytearray(PUB)
        other[i] ^= 1
        assert fingerprint(bytes(other)) != fp


def test_what_a_person_types_is_read_as_meant():
    fp = fingerprint(PUB)
    assert matches(fp.lower(), PUB)
    assert matches(fp.replace("-", " "), PUB)
    assert matches(fp.replace("-", ""), PUB)
    assert normal("o0-iL1") == "00111"
    assert not matches(fp[:-1], PUB)
    try:
        fingerprint(PUB[:31])
    except ValueError:
        pass
    else:
        raise AssertionError("a 31-byte key was given a fingerprint")


FIXED = "X0FS-GN5M-3CQ9-MNTQ-T7EQ"  # computed once; MicroPython must agree
