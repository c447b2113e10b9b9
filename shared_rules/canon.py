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
    parts = []
    _encode(value, parts)
    return "".join(parts)


def _encode(value, parts):
    # Exact types first (the common case, and cheap); bool is not int here.
    t = type(value)
    if t is int:
        parts.append(str(value))
    elif t is str:
        parts.append(_string(value))
    elif t is list or t is tuple:
        parts.append("[")
        first = True
        for item in value:
            if not first:
                parts.append(",")
            first = False
            if type(item) is int:
                parts.append(str(item))
            else:
                _encode(item, parts)
        parts.append("]")
    elif t is dict:
        parts.append("{")
        first = True
        for key in sorted(value):
            if not isinstance(key, str):
                raise TypeError("canon: dict keys must be str, not %r" % (key,))
            if not first:
                parts.append(",")
            first = False
            parts.append(_string(key))
            parts.append(":")
            _encode(value[key], parts)
        parts.append("}")
    elif value is None:
        parts.append("null")
    elif value is True:
        parts.append("true")
    elif value is False:
        parts.append("false")
    elif isinstance(value, int):
        parts.append(str(value))
    elif isinstance(value, str):
        parts.append(_string(value))
    elif isinstance(value, (list, tuple)):
        _encode(list(value), parts)
    elif isinstance(value, dict):
        _encode(dict(value), parts)
    else:
        raise TypeError("canon: cannot encode %r (floats are not allowed)" % (value,))
