# phone_seats.py  Phone mode's keys: one random token per seat, and a guard on guessing them
# MIT licence. A token is the only thing that tells the phone server who is asking: a
# request without a live token gets nothing, a token opens exactly one seat. Tokens are
# 96 bits from os.urandom (the RP2350's TRNG on the board), drawn anew for every game and
# dropped when the game is closed. They are compared in full against every seat, with no
# early exit, so the time a check takes says nothing about how close a guess came. The
# Guard rate-limits failed guesses per peer and for everyone together; peers that have
# shown a valid token are spared the shared limit, so a flood of guesses cannot lock the
# players out. Clocks are injected (time on the device, a fake in the tests). Tokens are
# drawn by phone_start.py, which a game in play does not keep in RAM.

TOKEN_CHARS = 20  # 96 bits in base32 (phone_start.py deals them)


class Seats:
    """The tokens of the game in progress (none between games)."""

    def __init__(self):
        self._tokens = None  # list of bytes, one per seat
        self.generation = 0  # bumps with every deal and every end

    def use(self, tokens):
        """The game's tokens (phone_start.py: new ones dealt, or a resumed game's
        restored, so phones keep their pages); the old ones die."""
        self._tokens = [t.encode() for t in tokens]
        self.generation += 1

    def end(self):
        """The game is closed: every token dies at once."""
        self._tokens = None
        self.generation += 1

    def alive(self):
        return self._tokens is not None

    def players(self):
        return len(self._tokens) if self._tokens is not None else 0

    def token(self, seat):
        """A seat's token as text (for its QR code and URL); None between games."""
        if self._tokens is None:
            return None
        return self._tokens[seat].decode()

    def tokens(self):
        """Every token as text, for the journal of a game that must survive a power cut."""
        return [t.decode() for t in self._tokens] if self._tokens is not None else []

    def seat_of(self, text):
        """The seat a token opens, or None. Every seat's token is compared in full."""
        tokens = self._tokens
        if tokens is None or not isinstance(text, str) or len(text) != TOKEN_CHARS:
            return None  # the length is public: it is in every QR code
        try:
            given = text.encode()
        except UnicodeError:
            return None
        if len(given) != TOKEN_CHARS:
            return None
        found = -1
        for seat in range(len(tokens)):
            t = tokens[seat]
            diff = 0
            for i in range(TOKEN_CHARS):
                diff |= t[i] ^ given[i]
            if diff == 0:
                found = seat
        return found if found >= 0 else None


class _Bucket:
    # A token bucket of failures: `burst` at most, one more every `every_ms`.
    def __init__(self, burst, now):
        self.level = burst
        self.stamp = now


class Guard:
    """Rate limit on token guessing. Ask allowed(peer) before checking a token, then
    report failed(peer) or passed(peer). Between games, reset().

    Every address is limited: it has a bucket of its own while the table has room for
    it, and shares one `overflow` bucket with every other address that finds the table
    full (stricter, never looser: no number of addresses switches the limit off). Only
    a bucket that is full again (nothing against its address) gives up its place, and
    an address given a place starts at the overflow bucket's level, so what it guessed
    without one still counts.
    Peers that showed a valid token are spared the shared limit, not their own; a
    failure ends that."""

    def __init__(self, clock, burst=5, every_ms=2000, total_burst=20, total_every_ms=500, peers=16):
        self.clock = clock  # ticks_ms() and ticks_diff(a, b), as MicroPython's time
        self.burst = burst
        self.every_ms = every_ms
        self.total_burst = total_burst
        self.total_every_ms = total_every_ms
        self.max_peers = peers
        self.refused = 0  # requests turned away by the limit (for tests and the bench)
        self.failures = 0
        self.reset()

    def reset(self):
        now = self.clock.ticks_ms()
        self._peers = {}
        self._trusted = []
        self._total = _Bucket(self.total_burst, now)
        self._overflow = _Bucket(self.burst, now)  # every address the table has no room for

    def _refill(self, bucket, burst, every, now):
        gained = self.clock.ticks_diff(now, bucket.stamp) // every
        if gained > 0:
            bucket.level = min(burst, bucket.level + gained)
            bucket.stamp = now if bucket.level == burst else bucket.stamp + gained * every
        return bucket.level

    def _peer(self, peer, now):
        """The bucket that limits `peer`: its own, or the shared overflow bucket."""
        b = self._peers.get(peer)
        if b is None:
            if len(self._peers) >= self.max_peers:
                # forget a peer that has nothing against it any more; if none can go,
                # the newcomer shares the overflow bucket
                for key in list(self._peers):
                    other = self._peers[key]
                    if self._refill(other, self.burst, self.every_ms, now) == self.burst:
                        del self._peers[key]
                        break
                else:
                    return self._overflow
            # it may have guessed while it had no place: it starts where they all stand
            b = _Bucket(self._refill(self._overflow, self.burst, self.every_ms, now), now)
            self._peers[peer] = b
        return b

    def allowed(self, peer):
        now = self.clock.ticks_ms()
        if self._refill(self._peer(peer, now), self.burst, self.every_ms, now) <= 0:
            self.refused += 1
            return False
        if peer in self._trusted:
            return True
        if self._refill(self._total, self.total_burst, self.total_every_ms, now) <= 0:
            self.refused += 1
            return False
        return True

    def failed(self, peer):
        now = self.clock.ticks_ms()
        self.failures += 1
        if peer in self._trusted:
            self._trusted.remove(peer)  # a guess: judged by the shared limit again
        b = self._peer(peer, now)
        # refill first: a bucket that was full starts its clock at this failure
        if self._refill(b, self.burst, self.every_ms, now) > 0:
            b.level -= 1
        if self._refill(self._total, self.total_burst, self.total_every_ms, now) > 0:
            self._total.level -= 1

    def passed(self, peer):
        if peer not in self._trusted:
            if len(self._trusted) >= self.max_peers:
                self._trusted.pop(0)
            self._trusted.append(peer)
