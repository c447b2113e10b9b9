"""Known-answer tests of the SHA-256 stream (portable: CPython and MicroPython).

The expected values were computed by an independent re-implementation of the
documented layout (big ints, int.from_bytes), not by shared_rules.rng itself.
"""

import hashlib

from shared_rules.rng import MAX_BOUND, Stream

SEED = b"confessor-test-seed"


def test_first_block_is_sha256_of_the_documented_layout():
    # block(k) = sha256(b"RC1" + seed + bytes([len(label)]) + label + k as 4 bytes)
    expected = hashlib.sha256(b"RC1" + SEED + bytes((6,)) + b"chance" + bytes(4)).digest()
    s = Stream(SEED, b"chance")
    got = bytes([s.byte() for _ in range(32)])
    assert got == expected
    second = hashlib.sha256(b"RC1" + SEED + bytes((6,)) + b"chance" + bytes((0, 0, 0, 1))).digest()
    assert s.byte() == second[0]


def test_known_answers_below():
    s = Stream(SEED, "chance")
    assert [s.below(6) for _ in range(12)] == [5, 3, 5, 0, 5, 3, 4, 0, 0, 0, 4, 2]
    s = Stream(SEED, "big")
    assert [s.below(1000003) for _ in range(4)] == [810781, 744903, 999706, 42470]


def test_known_answer_shuffle():
    s = Stream(b"\x00" * 32, "deck")
    assert s.shuffle(list(range(10))) == [4, 7, 8, 9, 1, 6, 3, 5, 0, 2]


def test_known_answer_weighted():
    s = Stream(b"\x01" * 32, "chance")
    picks = [s.weighted([(10, 6), (11, 3), (12, 2)]) for _ in range(11)]
    assert picks == [11, 10, 10, 12, 11, 11, 10, 12, 10, 11, 10]


def test_labels_give_independent_streams():
    a = Stream(SEED, "bot0")
    b = Stream(SEED, "bot1")
    assert [a.byte() for _ in range(16)] != [b.byte() for _ in range(16)]


def test_below_is_in_range_and_covers_it():
    s = Stream(SEED, "range")
    for n in (1, 2, 3, 7, 255, 256, 257, 65537, MAX_BOUND):
        seen = {}
        for _ in range(200):
            x = s.below(n)
            assert 0 <= x < n
            seen[x] = True
        if n <= 7:
            assert len(seen) == n


def test_below_refuses_bad_bounds():
    s = Stream(SEED)
    for bad in (0, -1, MAX_BOUND + 1):
        try:
            s.below(bad)
        except ValueError:
            continue
        raise AssertionError("below(%d) was accepted" % bad)


def test_below_is_roughly_uniform():
    s = Stream(SEED, "uniform")
    counts = [0] * 6
    for _ in range(6000):
        counts[s.below(6)] += 1
    for c in counts:
        assert 850 < c < 1150, counts


def test_rejection_keeps_values_small():
    # 3-byte draws are the widest; nothing reaches 2**30.
    s = Stream(SEED)
    assert s.take(3) < (1 << 24)


def test_weighted_refuses_empty_and_zero():
    s = Stream(SEED)
    for bad in ([], [(1, 0)], [(1, -1), (2, 3)]):
        try:
            s.weighted(bad)
        except ValueError:
            continue
        raise AssertionError("weighted(%r) was accepted" % (bad,))
