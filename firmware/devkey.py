# devkey.py  The device's signing key: made on the board, never sent, retired at the REPL
# MIT licence. device.key holds a 32-byte Ed25519 secret drawn from os.urandom (the
# RP2350's TRNG) the first time it is needed; device.pub its public key, which the
# serial link's hello gives the laptop. Nothing serves device.key: the link reads only
# finished game logs. Whoever gets the REPL could read it, so the firmware retires
# (deletes) the key before it lets the REPL run (lockdown.py), and a new key is made at
# the next start: the laptop then sees a new key and says so.

import os

KEY_FILE = "device.key"
PUB_FILE = "device.pub"


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def _write(path, data):
    from store import write_atomic

    write_atomic(path, data)


class DeviceKey:
    """The key of one device (its files under `root`)."""

    def __init__(self, root="", urandom=None):
        self.root = root
        self._urandom = urandom or os.urandom

    def _paths(self):
        return self.root + KEY_FILE, self.root + PUB_FILE

    def public(self):
        """The public key (32 bytes), making the key pair if there is none."""
        key_path, pub_path = self._paths()
        pub = _read(pub_path)
        if pub is not None and len(pub) == 32 and _read(key_path) is not None:
            return pub
        return self._use(None)

    def public_hex(self):
        import binascii

        return binascii.hexlify(self.public()).decode()

    def _use(self, message):
        """Load (or make) the key, then sign `message` (or return the public key).
        The signer's code and table reader are dropped again after: RAM is for games."""
        import gc
        import sys

        gc.collect()  # the signer's code is loaded now: give it the biggest free blocks
        import ed25519

        try:
            key_path, pub_path = self._paths()
            seed = _read(key_path)
            if seed is None or len(seed) != 32:
                seed = bytes(self._urandom(32))
                _write(key_path, seed)
            key = ed25519.SigningKey(seed)
            if _read(pub_path) != key.public:
                _write(pub_path, key.public)
            return key.public if message is None else key.sign(message)
        finally:
            del ed25519
            sys.modules.pop("ed25519", None)

    def sign(self, message):
        """The 64-byte Ed25519 signature of `message` with the device's key."""
        return self._use(message)

    def retire(self):
        """Delete the key (before the REPL runs). The next start makes a new one."""
        key_path, pub_path = self._paths()
        for path in (key_path, pub_path, key_path + ".tmp"):
            try:
                # overwrite before removing: littlefs may still keep the old block, but no
                # file names it (docs/security.md: what the REPL can and cannot read)
                with open(path, "r+b") as f:
                    f.write(bytes(64))
                os.remove(path)
            except OSError:
                pass

    def exists(self):
        return _read(self._paths()[0]) is not None
