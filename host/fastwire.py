"""The laptop's fast path for decoding frames: the same verdict as
shared_rules.wire.decode, with C-speed checks.

wire.decode proves a payload canonical by re-encoding it with the portable
shared_rules.canon (a Python walk over every value): 58% of a clean sync's time.
Here CPython's json does it: json.dumps with sorted keys, compact separators and
ASCII escapes writes what canon writes, except for the escapes \\b and \\f (canon
writes \\u0008 and \\u000c) and DEL (canon escapes it; the printable check has
already refused it). A payload holding either escape, or any that does not match,
goes to wire.decode, which decides. Floats and NaN are refused while parsing, as
canon would refuse them. tests/rules/test_wire_props.py checks both give the same answer.
"""

from __future__ import annotations

import json
import re

from shared_rules import wire

_HEX8 = re.compile(rb"[0-9a-f]{8}\Z")


class _NotCarried(ValueError):
    pass


def _refuse(_text):
    raise _NotCarried()


def decode(line: bytes, limit: int = wire.MAX_REPLY) -> dict:
    """The dict of one frame line; raises wire.WireError exactly when wire.decode does."""
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    if len(line) > limit or line[:1] != b"#" or len(line) < 12 or line[-9:-8] != b" ":
        return wire.decode(line, limit)  # the reason, in wire's words
    if not line.isascii() or not wire._printable(line) or not _HEX8.match(line, len(line) - 8):
        return wire.decode(line, limit)
    payload = line[1:-9]
    if wire._surrogate(payload) or b"\\b" in payload or b"\\f" in payload:
        return wire.decode(line, limit)
    if wire.crc_hex(payload).encode() != line[-8:]:
        raise wire.WireError("checksum does not match")
    if not wire.nesting(payload):
        raise wire.WireError("payload nests deeper than %d" % wire.MAX_DEPTH)
    try:
        message = json.loads(payload, parse_float=_refuse, parse_constant=_refuse)
    except (ValueError, RecursionError):
        return wire.decode(line, limit)
    if not isinstance(message, dict):
        raise wire.WireError("payload is not an object")
    again = json.dumps(message, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    if again.encode() != payload:
        return wire.decode(line, limit)
    return message
