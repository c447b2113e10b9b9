"""The serial link's frames: one codec, run by the device and the laptop.

A frame is one line of printable ASCII:

    #<payload> <crc32 of payload as 8 lowercase hex digits>\\n

The payload is canonical JSON (shared_rules.canon: sorted keys, ASCII only,
no floats). A frame holds no control byte, so Ctrl-C still interrupts the
device's main.py and mpremote can always break in. Lines that do not start
with '#' are not frames (banners, tracebacks, prints) and are skipped by the
host; the device answers any other non-blank line it cannot decode with an
error reply.

A frame is accepted only if every check holds: the '#', the length limit,
printable ASCII, lowercase hex CRC that matches, nesting at most MAX_DEPTH
deep, a JSON object whose canonical re-encoding is exactly the payload. So a
damaged frame is refused, never read as a different value, and no frame can
make a parser recurse until it fails (MicroPython's json raises RuntimeError
at about 260 nested brackets, CPython's RecursionError at about 1000).

Requests (host to device): {"id": N, "op": NAME, ...arguments}
Replies (device to host):  {"id": N, "ok": RESULT}
                           {"id": N or null, "err": CODE, "msg": TEXT}
"""

import binascii
import json

from shared_rules import canon
from shared_rules.linebuffer import MAX_REQUEST, LineBuffer  # noqa: F401  (named here too)

PROTOCOL = 1
MAX_REPLY = 8192  # bytes of a reply line (what the laptop buffers), no newline
MAX_CHUNK = 2048  # bytes of a log per `read` reply (base64 fits a reply line)
LS_PAGE = 16  # games per `ls` reply
MAX_ID = (1 << 30) - 1
MAX_DEPTH = 16  # nested arrays and objects in a frame (the deepest reply has 6)

# Error codes of replies
E_FRAME = "frame"  # the request line was damaged: resend it
E_OP = "op"  # unknown operation
E_ARG = "arg"  # missing or bad argument
E_NAME = "name"  # no such finished game (or it may not be served)
E_VALUE = "value"  # the device refused a value (settings, clock)
E_INTERNAL = "internal"  # the device failed; the message says how

_HEX = b"0123456789abcdef"


class WireError(ValueError):
    """A line that is not a valid frame; `code` is E_FRAME."""

    def __init__(self, message, code=E_FRAME):
        super().__init__(message)
        self.code = code


def crc_hex(payload):
    return "%08x" % (binascii.crc32(payload) & 0xFFFFFFFF)


def _surrogate(payload):
    """True if the payload escapes a UTF-16 surrogate (a character beyond
    U+FFFF): MicroPython's json does not join the pair, so frames refuse them."""
    start = 0
    while True:
        at = payload.find(b"\\ud", start)
        if at < 0:
            return False
        slashes = 0
        while at - slashes - 1 >= 0 and payload[at - slashes - 1] == 0x5C:
            slashes += 1
        # an escape only if the backslash is not itself escaped
        if slashes % 2 == 0 and payload[at + 3 : at + 4] in b"89abcdef":
            if payload[at + 3 : at + 4]:
                return True
        start = at + 1


def encode(message, limit=MAX_REPLY):
    """The bytes of one frame (with its newline) carrying a dict."""
    payload = canon.dumps(message).encode()
    if not nesting(payload):
        raise WireError("a frame nests at most %d deep" % MAX_DEPTH, E_ARG)
    if _surrogate(payload):
        raise WireError("frames carry no characters beyond U+FFFF", E_ARG)
    line = b"".join((b"#", payload, b" ", crc_hex(payload).encode(), b"\n"))  # one copy
    if len(line) - 1 > limit:
        raise WireError("frame of %d bytes is longer than %d" % (len(line) - 1, limit), E_ARG)
    return line


def _printable(data):
    # min/max loop in C: a 8 KB reply is not walked byte by byte in Python
    return not data or (min(data) >= 0x20 and max(data) <= 0x7E)


def nesting(payload, limit=MAX_DEPTH):
    """True if the JSON text nests arrays and objects at most `limit` deep. Counting
    brackets settles almost every frame; only one with more brackets than the limit
    is walked (brackets inside strings do not count)."""
    if payload.count(b"[") + payload.count(b"{") <= limit:
        return True
    depth = 0
    in_string = False
    escaped = False
    for b in payload:
        if in_string:
            if escaped:
                escaped = False
            elif b == 0x5C:  # backslash
                escaped = True
            elif b == 0x22:
                in_string = False
        elif b == 0x22:
            in_string = True
        elif b == 0x5B or b == 0x7B:
            depth += 1
            if depth > limit:
                return False
        elif b == 0x5D or b == 0x7D:
            depth -= 1
    return True


def decode(line, limit=MAX_REPLY):
    """The dict of one frame line (bytes, newline and a trailing CR optional).

    Raises WireError with a one-line reason for anything else.
    """
    if line.endswith(b"\n"):
        line = line[:-1]
    if line.endswith(b"\r"):
        line = line[:-1]
    if len(line) > limit:
        raise WireError("line longer than %d bytes" % limit)
    if line[:1] != b"#":
        raise WireError("not a frame (no '#')")
    if len(line) < 12 or line[-9:-8] != b" ":
        raise WireError("frame has no checksum")
    if not _printable(line):
        raise WireError("frame has bytes that are not printable ASCII")
    crc = line[-8:]
    for b in crc:
        if b not in _HEX:
            raise WireError("checksum is not lowercase hex")
    payload = line[1:-9]
    if _surrogate(payload):
        raise WireError("frame escapes a character beyond U+FFFF")
    if crc_hex(payload).encode() != crc:
        raise WireError("checksum does not match")
    if not nesting(payload):
        raise WireError("payload nests deeper than %d" % MAX_DEPTH)
    try:
        message = json.loads(payload)
    except (ValueError, RuntimeError):  # RuntimeError: too deep for the parser
        raise WireError("payload is not JSON")
    if not isinstance(message, dict):
        raise WireError("payload is not an object")
    try:
        again = canon.dumps(message).encode()
    except (TypeError, RuntimeError):
        raise WireError("payload holds a value frames do not carry")
    if again != payload:
        raise WireError("payload is not canonical")
    return message


def request(ident, op, args=None):
    message = {"id": ident, "op": op}
    if args:
        for key in args:
            if key in message:
                raise WireError("argument %r clashes with the frame" % key, E_ARG)
            message[key] = args[key]
    return encode(message, MAX_REQUEST)


def ok(ident, result):
    return encode({"id": ident, "ok": result})


def error(ident, code, text):
    text = str(text)
    if len(text) > 300:
        text = text[:297] + "..."
    return encode({"id": ident, "err": code, "msg": text})


def check_request(message):
    """(id, op) of a decoded request; raises WireError(E_ARG) if malformed."""
    ident = message.get("id")
    if not isinstance(ident, int) or isinstance(ident, bool) or ident < 0 or ident > MAX_ID:
        raise WireError("request id must be an int in 0..%d" % MAX_ID, E_ARG)
    op = message.get("op")
    if not isinstance(op, str) or not op:
        raise WireError("request has no op", E_ARG)
    return ident, op


def b64(data):
    return binascii.b2a_base64(data, newline=False).decode()


def unb64(text):
    try:
        return binascii.a2b_base64(text)
    except (ValueError, TypeError):
        raise WireError("data is not base64", E_ARG)
