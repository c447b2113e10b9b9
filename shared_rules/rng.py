"""A deterministic random stream from a seed: SHA-256 in counter mode.

Bit-identical on CPython and MicroPython. Every integer it computes stays
below 2**30, so on a 32-bit board nothing becomes a heap-allocated big int.

    block(k) = sha256(b"RC1" + seed + bytes([len(label)]) + label + k as 4 bytes)
    stream   = block(0) + block(1) + ...        (consumed byte by byte)

Labelled streams ("chance", "bot0", ...) are independent, so a bot's coin
flips never shift the deal.
"""

import hashlib

VERSION = b"RC1"
MAX_BOUND = 1 << 24  # below(n) accepts 1 <= n <= MAX_BOUND
BLOCK_SIZE = 32  # bytes of one block: a SHA-256 digest


def _to_bytes(value):
    if isinstance(value, str):
        return value.encode()
    return bytes(value)


def _counter(k):
    return bytes(((k >> 24) & 255, (k >> 16) & 255, (k >> 8) & 255, k & 255))


class Stream:
    """An endless byte stream drawn from (seed, label)."""

    def __init__(self, seed: "bytes | str", label: "bytes | str" = b"chance"):
        if type(seed) is not bytes:  # bytes, the common case, are used as they are
            seed = _to_bytes(seed)
        if type(label) is not bytes:
            label = _to_bytes(label)
        if len(label) > 255:
            raise ValueError("stream label longer than 255 bytes")
        self._prefix = VERSION + seed + bytes((len(label),)) + label
        self._block = b""
        self._pos = BLOCK_SIZE  # nothing left: the first byte asked for draws block 0
        self._counter = 0

    def _refill(self):
        self._block = hashlib.sha256(self._prefix + _counter(self._counter)).digest()
        self._counter += 1
        self._pos = 0

    def byte(self):
        """The next byte of the stream, 0..255."""
        if self._pos >= BLOCK_SIZE:
            self._refill()
        b = self._block[self._pos]
        self._pos += 1
        return b

    def take(self, count):
        """The next `count` bytes as a big-endian integer (count <= 3)."""
        x = 0
        for _ in range(count):
            x = (x << 8) | self.byte()
        return x

    def below(self, n):
        """A uniform integer in [0, n), unbiased by rejection sampling."""
        if n <= 256 and n > 1:
            # One byte per try: the common case (a card, a seat, a move), inlined and
            # tested first, as it needs none of the range checks below.
            limit = 256 - 256 % n  # the largest multiple of n that fits in a byte
            block = self._block
            pos = self._pos
            while True:
                if pos >= BLOCK_SIZE:
                    self._refill()
                    block = self._block
                    pos = 0
                x = block[pos]
                pos += 1
                if x < limit:
                    self._pos = pos
                    return x % n
        if n < 1 or n > MAX_BOUND:
            raise ValueError("below(n) needs 1 <= n <= 2**24, got %d" % n)
        if n == 1:
            return 0
        width = 1
        span = 256
        while span < n:
            width += 1
            span <<= 8
        limit = (span // n) * n
        while True:
            x = self.take(width)
            if x < limit:
                return x % n

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list, in place; returns the list."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items

    def weighted(self, outcomes):
        """Pick an action from [(action, weight), ...] with integer weights.

        The outcomes are walked in the order given; callers pass them sorted
        by action so both interpreters agree.
        """
        total = 0
        for pair in outcomes:
            w = pair[1]
            if w < 0:
                raise ValueError("negative weight")
            total += w
        if total < 1:
            raise ValueError("weighted() needs a positive total weight")
        r = self.below(total)
        for action, w in outcomes:
            if r < w:
                return action
            r -= w
        raise AssertionError("unreachable")

    def choice(self, items):
        """A uniformly chosen element of a non-empty sequence."""
        if not items:
            raise ValueError("choice() from an empty sequence")
        return items[self.below(len(items))]
