"""Properties of the serial codec (CPython, hypothesis): frames round-trip,
garbage and damaged frames are refused, never decoded as another value."""

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from shared_rules import canon, wire

BMP_TEXT = st.text(
    alphabet=st.characters(max_codepoint=0xFFFF, exclude_categories=("Cs",)), max_size=40
)
SCALARS = st.none() | st.booleans() | st.integers(-(2**40), 2**40) | BMP_TEXT
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(BMP_TEXT, inner, max_size=5),
    max_leaves=20,
)
MESSAGES = st.dictionaries(BMP_TEXT, VALUES, max_size=6)
SMALL = MESSAGES.filter(lambda m: len(canon.dumps(m)) < 900)


def _decodes_or_refuses(line):
    """decode() either returns a dict or raises WireError: nothing else."""
    try:
        return wire.decode(line)
    except wire.WireError as err:
        assert err.code == wire.E_FRAME
        return None


@given(MESSAGES)
@settings(max_examples=300, deadline=None)
def test_round_trip(message):
    try:
        line = wire.encode(message)
    except wire.WireError:
        return  # too long for one frame: the sender's problem, refused loudly
    assert all(0x20 <= b <= 0x7E for b in line[:-1])
    assert wire.decode(line) == message


@given(st.binary(max_size=300))
@settings(max_examples=500, deadline=None)
def test_garbage_never_decodes(data):
    for line in data.split(b"\n"):
        # a random line passing the CRC, the canonical form and the '#' is out of reach
        assert _decodes_or_refuses(line) is None


@given(MESSAGES, st.data())
@settings(max_examples=400, deadline=None)
def test_damaged_frame_is_refused_never_misread(message, data):
    try:
        line = wire.encode(message)[:-1]
    except wire.WireError:
        return
    kind = data.draw(st.sampled_from(["flip", "replace", "drop", "insert", "swap", "cut"]))
    i = data.draw(st.integers(0, len(line) - 1))
    if kind == "flip":
        bit = data.draw(st.integers(0, 7))
        bad = line[:i] + bytes([line[i] ^ (1 << bit)]) + line[i + 1 :]
    elif kind == "replace":
        new = data.draw(st.integers(0, 255).filter(lambda b: b != line[i]))
        bad = line[:i] + bytes([new]) + line[i + 1 :]
    elif kind == "drop":
        bad = line[:i] + line[i + 1 :]
    elif kind == "insert":
        bad = line[:i] + data.draw(st.binary(min_size=1, max_size=4)) + line[i:]
    elif kind == "swap":
        j = data.draw(st.integers(0, len(line) - 1))
        b = bytearray(line)
        b[i], b[j] = b[j], b[i]
        bad = bytes(b)
    else:
        bad = line[:i]
    got = _decodes_or_refuses(bad)
    # either refused, or the damage did not change the bytes that matter
    assert got is None or got == message


# Each part is tagged: garbage that happens to look like "#...\n" is still garbage.
PARTS = st.binary(max_size=60).map(lambda b: ("junk", b)) | SMALL.map(
    lambda m: ("frame", wire.encode(m))
)


@given(st.lists(PARTS, max_size=12), st.data())
@settings(max_examples=200, deadline=None)
def test_frames_survive_interleaved_garbage_and_any_split(parts, data):
    """Garbage between frames never yields a wrong frame, and the next good
    frame after a newline is always read, however the bytes are split."""
    expected = []
    stream = b""
    for kind, part in parts:
        if kind == "frame":
            stream += b"\n" + part  # a newline ends whatever garbage came before
            expected.append(wire.decode(part))
        else:
            stream += part.replace(b"\n", b"")
    cuts = sorted(data.draw(st.lists(st.integers(0, len(stream)), max_size=8)))
    buf = wire.LineBuffer()
    got = []
    prev = 0
    for cut in cuts + [len(stream)]:
        for line in buf.feed(stream[prev:cut]):
            value = _decodes_or_refuses(line)
            if value is not None:
                got.append(value)
        prev = cut
    assert got == expected


@given(
    st.text(alphabet=string.printable, min_size=wire.MAX_REQUEST, max_size=wire.MAX_REQUEST + 50)
)
@settings(max_examples=30, deadline=None)
def test_overlong_lines_are_refused(text):
    buf = wire.LineBuffer()
    lines = buf.feed(b"#" + text.replace("\n", "x").encode() + b"\n")
    assert len(lines) == 1
    try:
        wire.decode(lines[0], wire.MAX_REQUEST)
    except wire.WireError:
        return
    raise AssertionError("decoded an overlong request")


# ****** the laptop's fast decoder gives wire.decode's verdict, value and all ******
def _verdict(decode, line):
    try:
        return ("ok", decode(line))
    except wire.WireError as err:
        return ("refused", err.code)


def _frame(payload: bytes) -> bytes:
    return b"#" + payload + b" " + wire.crc_hex(payload).encode()


# payloads that pass the CRC but test the canonical check: escapes canon and json write
# differently, floats, NaN, duplicate keys, key order, spaces, big and negative numbers
TRICKY = [
    b'{"a":"\\b\\f"}',
    b'{"a":"\\u0008\\u000c"}',
    b'{"a":"\\u007f"}',
    b'{"a":1.5}',
    b'{"a":1e3}',
    b'{"a":NaN}',
    b'{"a":-Infinity}',
    b'{"a":1,"a":2}',
    b'{"b":1,"a":2}',
    b'{"a": 1}',
    b'{"a":-0}',
    b'{"a":' + b"9" * 5000 + b"}",
    b'{"a":"\\u00E9"}',
    b'{"a":"\\u00e9"}',
    b'{"a":"\\/"}',
    b'{"a":' + b"[" * 40 + b"]" * 40 + b"}",
    b'{"a":"' + b"[" * 40 + b'"}',
    b"[1]",
    b'"x"',
    b"{}",
]


def test_fast_decoder_agrees_on_tricky_payloads():
    from host import fastwire

    for payload in TRICKY:
        line = _frame(payload)
        assert _verdict(fastwire.decode, line) == _verdict(wire.decode, line), payload


@given(MESSAGES)
@settings(max_examples=300, deadline=None)
def test_fast_decoder_agrees_on_frames(message):
    from host import fastwire

    try:
        line = wire.encode(message)
    except wire.WireError:
        return
    assert fastwire.decode(line) == wire.decode(line) == message


@given(MESSAGES, st.data())
@settings(max_examples=300, deadline=None)
def test_fast_decoder_agrees_on_damaged_frames(message, data):
    from host import fastwire

    try:
        line = wire.encode(message)[:-1]
    except wire.WireError:
        return
    i = data.draw(st.integers(0, len(line) - 1))
    new = data.draw(st.integers(0, 255))
    bad = line[:i] + bytes([new]) + line[i + 1 :]
    if data.draw(st.booleans()):  # and a damaged payload with a good CRC
        bad = _frame(bad[1:-9])
    assert _verdict(fastwire.decode, bad) == _verdict(wire.decode, bad)


@given(st.binary(max_size=200))
@settings(max_examples=300, deadline=None)
def test_fast_decoder_agrees_on_garbage(data):
    from host import fastwire

    for line in (data, _frame(data.replace(b"\n", b""))):
        assert _verdict(fastwire.decode, line) == _verdict(wire.decode, line)
