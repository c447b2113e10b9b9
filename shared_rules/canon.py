"""Canonical text for plain data: the same bytes on CPython and MicroPython.

MicroPython's json has no sort_keys and its dicts are not insertion-ordered,
so views, transcripts and log records are written with this encoder instead.
Output is compact JSON with dict keys sorted; only ASCII is emitted.
"""

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _plain(text):
    """True if every character is printable ASCII other than '"' and '\\' (the text
    needs no escape). Checked on the bytes with C-level loops (len, in, min, max): a
    2 KB base64 block is not walked character by character in Python."""
    raw = text.encode()
    if len(raw) != len(text) or b'"' in raw or b"\\" in raw:
        return False
    return not raw or (min(raw) >= 0x20 and max(raw) <= 0x7E)


def _string(text):
    if _plain(text):
        return '"' + text + '"'
    return _escaped(text)


def _escaped(text):
    out = ['"']
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) > 0x7E:
            code = ord(ch)
            if code > 0xFFFF:  # a surrogate pair, as JSON wants
                code -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
            else:
                out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def dumps(value):
    """Encode ints, str, bool, None, lists, tuples and str-keyed dicts."""
    return _encode(value)


# Each container is joined on its own, so no list of parts grows with the whole
# record: a record's head is a few hundred parts, and one list of them is a block
# of a kilobyte or more, which a fragmented device heap may not have at that moment.
def _encode(value):
    # Exact types first (the common case, and cheap); bool is not int here.
    t = type(value)
    if t is int:
        return str(value)
    if t is str:
        return _string(value)
    if t is list or t is tuple:
        return "[" + ",".join([str(v) if type(v) is int else _encode(v) for v in value]) + "]"
    if t is dict:
        for key in value:
            if not isinstance(key, str):
                raise TypeError("canon: dict keys must be str, not %r" % (key,))
        return "{" + ",".join([_string(k) + ":" + _encode(value[k]) for k in sorted(value)]) + "}"
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, (list, tuple)):
        return _encode(list(value))
    if isinstance(value, dict):
        return _encode(dict(value))
    raise TypeError("canon: cannot encode %r (floats are not allowed)" % (value,))
