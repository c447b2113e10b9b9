# devkey.py  The device's signing key: made on the board, never sent, retired before a REPL
# MIT licence. device.key holds a 32-byte Ed25519 secret drawn from os.urandom (the
# RP2350's TRNG) at the first power-on that finds no key; device.pub its public key, which
# the serial link's hello gives the laptop and the signer reads (deriving it again is a
# scalar multiplication, a third of a signature's work); device.kid what this device wrote
# when it made the key, or when it first met a key it had not made. The REPL opens only
# in maintenance mode (buttons held at power-on), and the key is retired (deleted) before
# it does (lockdown.py): the next power-on makes a new one. A key file that appears any
# other way (written over that REPL) has no record of being made here: the device says
# so ("met"), shows it on the screen and in About, and a laptop that pinned the old key
# refuses it until its owner confirms the new fingerprint. Whoever writes device.kid as
# well defeats this check: the record is a hash anyone can compute. The laptop's pin is
# the defence that holds (docs/security.md, promise 2).

import hashlib
import os

KEY_FILE = "device.key"
PUB_FILE = "device.pub"
RECORD_FILE = "device.kid"


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _write(path, data):
    from store import write_atomic

    write_atomic(path, data)


def _record(seed, pub, how):
    """What the device writes beside a key it made (how b"made") or met (b"met")."""
    return hashlib.sha256(b"confessor key " + how + b"\x00" + seed + pub).digest()


class DeviceKey:
    """The key of one device (its files under `root`)."""

    def __init__(self, root="", urandom=None):
        self.root = root
        self._urandom = urandom or os.urandom

    def _path(self, name):
        return self.root + name

    def check(self):
        """At power-on, before anything signs: "made" (there was no key: one is made now
        from os.urandom), "met" (a key this device did not make: its public key is
        derived and kept, and the meeting recorded), or None (the key it made or met
        before, its files whole)."""
        seed = _read(self._path(KEY_FILE))
        if seed is None or len(seed) != 32:
            seed = bytes(self._urandom(32))
            _write(self._path(KEY_FILE), seed)
            self._keep(seed, b"made")
            return "made"
        if self.origin(seed) is not None:
            return None
        self._keep(seed, b"met")
        return "met"

    def origin(self, seed=None):
        """ "made" or "met" (device.kid), or None when the files do not agree."""
        seed = seed or _read(self._path(KEY_FILE))
        pub = _read(self._path(PUB_FILE))
        record = _read(self._path(RECORD_FILE))
        if seed is None or pub is None or len(pub) != 32 or record is None:
            return None
        for how in (b"made", b"met"):
            if record == _record(seed, pub, how):
                return how.decode()
        return None

    def _keep(self, seed, how):
        pub = self._signer(seed).public
        _write(self._path(PUB_FILE), pub)
        _write(self._path(RECORD_FILE), _record(seed, pub, how))

    def public(self):
        """The public key (32 bytes): device.pub, checked at power-on (check())."""
        pub = _read(self._path(PUB_FILE))
        if pub is None or len(pub) != 32:
            self.check()
            pub = _read(self._path(PUB_FILE))
        if pub is None:
            raise OSError("device.pub could not be written")
        return pub

    def public_hex(self):
        import binascii

        return binascii.hexlify(self.public()).decode()

    def fingerprint(self):
        """What a person compares with the laptop (shared_rules/fingerprint.py, loaded
        for it and dropped)."""
        import lifetime

        return lifetime.once("shared_rules.fingerprint").fingerprint(self.public())

    def _signer(self, seed, pub=None):
        """An ed25519.SigningKey; with `pub` (device.pub), its public key is not derived
        again. The module is dropped after each use (RAM is for games): callers keep
        the key."""
        import lifetime

        lifetime.collect()  # the signer's tables are made now: give them the biggest free blocks
        return lifetime.once("ed25519").SigningKey(seed, public=pub)

    def sign(self, message):
        """The 64-byte Ed25519 signature of `message` with the device's key."""
        seed = _read(self._path(KEY_FILE))
        if seed is None or len(seed) != 32:
            self.check()  # never signs with no key: one is made as at power-on
            seed = _read(self._path(KEY_FILE))
        return self._signer(seed, self.public()).sign(message)

    def retire(self):
        """Delete the key (before the REPL runs). The next start makes a new one."""
        for name in (KEY_FILE, PUB_FILE, RECORD_FILE, KEY_FILE + ".tmp"):
            path = self._path(name)
            try:
                # overwrite before removing: littlefs may still keep the old block, but no
                # file names it (docs/security.md: what the REPL can and cannot read)
                with open(path, "r+b") as f:
                    f.write(bytes(64))
                os.remove(path)
            except OSError:
                pass

    def exists(self):
        return _read(self._path(KEY_FILE)) is not None
