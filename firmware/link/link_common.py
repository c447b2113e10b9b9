# link_common.py  What the serial link's two halves share: refusals, bounded caches, the clock
# MIT licence. serial_link.py (in RAM all session) and link_ops.py (its rarer operations,
# loaded for one request) both import it; it imports neither, so the two halves do not import
# each other. The clock the laptop set is kept here, in RAM all session with the link.

import time

SHA_CACHE = 32  # listed logs whose sha256 is remembered (bounded)
_clock = {"offset": 0}


def now():
    """Seconds since 1970 by the clock the laptop set (time.time() otherwise)."""
    return int(time.time()) + _clock["offset"]


class Refused(Exception):
    """A request the device answers with an error reply (code, message)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _int_arg(msg, key, low, high):
    from shared_rules import wire

    value = msg.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or value > high:
        raise Refused(wire.E_ARG, "%s must be a whole number in %d..%d" % (key, low, high))
    return value


def _remember(cache, key, value):
    if key not in cache and len(cache) >= SHA_CACHE:
        cache.clear()  # bounded: a full cache starts over (logs are read in order)
    cache[key] = value
