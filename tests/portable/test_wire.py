"""The serial link codec (portable): frames round-trip, damage is refused,
long lines are cut, and the same bytes come out under both interpreters."""

from shared_rules import wire


def _refused(line):
    try:
        wire.decode(line)
    except wire.WireError as err:
        assert err.code == wire.E_FRAME
        return str(err)
    raise AssertionError("decoded a damaged line: %r" % (line,))


def _refused_at(line, limit):
    try:
        wire.decode(line, limit)
    except wire.WireError as err:
        return str(err)
    raise AssertionError("decoded an overlong line")


def test_frame_bytes_are_fixed():
    line = wire.request(7, "read", {"name": "abc", "off": 0, "len": 512})
    # crc32 as zlib computes it, over the canonical payload
    assert line == b'#{"id":7,"len":512,"name":"abc","off":0,"op":"read"} 7496bf01\n'
    assert wire.decode(line) == {"id": 7, "len": 512, "name": "abc", "off": 0, "op": "read"}


def test_round_trip_of_plain_values():
    values = [
        {"id": 0, "ok": None},
        {"id": 1, "ok": {"a": [1, -2, True, False, None, "x"], "b": {}}},
        {"id": wire.MAX_ID, "err": "frame", "msg": "caf\u00e9 \u2603 \x03"},
        {"id": None, "err": "arg", "msg": ""},
    ]
    for value in values:
        line = wire.encode(value)
        for b in line[:-1]:
            assert 0x20 <= b <= 0x7E, line
        assert line.endswith(b"\n") and line.startswith(b"#")
        assert wire.decode(line) == value
        assert wire.decode(line[:-1] + b"\r\n") == value


def test_characters_beyond_the_bmp_are_refused():
    # MicroPython's json would read the surrogate pair as two characters.
    try:
        wire.encode({"id": 1, "msg": "\U0001f600"})
    except wire.WireError as err:
        assert err.code == wire.E_ARG
    else:
        raise AssertionError("encoded an astral character")
    payload = b'{"id":1,"msg":"\\ud83d\\ude00"}'
    assert "U+FFFF" in _refused(b"#" + payload + b" " + wire.crc_hex(payload).encode())
    for text in ("\ud7ff\ue000", "\\ud83d", "\\\\ud83d"):  # BMP and escaped backslashes pass
        assert wire.decode(wire.encode({"id": 1, "msg": text}))["msg"] == text


def test_damaged_frames_are_refused():
    line = wire.ok(3, {"data": "aGVsbG8=", "off": 0})
    assert "checksum" in _refused(line.replace(b"aGVs", b"aGVt"))
    assert "checksum" in _refused(line[:5] + line[6:])
    assert "hex" in _refused(line[:-3] + b"X" + line[-2:])
    upper = line[:-9] + line[-9:].upper()
    if upper != line:
        assert "hex" in _refused(upper)
    assert "'#'" in _refused(line[1:])
    assert _refused(b"")
    assert _refused(b"#")
    assert _refused(b"# 00000000")
    assert _refused(b"#{} 00000000")
    assert "printable" in _refused(b"#{\x03} 00000000")


def test_non_canonical_payloads_are_refused():
    for payload in (b'{"op":"x","id":1}', b'{"id": 1}', b'{"id":1.5}', b"[1,2]", b'"x"'):
        line = b"#" + payload + b" " + wire.crc_hex(payload).encode()
        _refused(line)


def test_every_single_byte_change_is_refused():
    line = wire.request(12, "hello")[:-1]
    for i in range(len(line)):
        for new in (0x20, 0x23, 0x30, 0x61, 0x7B, 0x7E):
            if line[i] == new:
                continue
            bad = line[:i] + bytes([new]) + line[i + 1 :]
            _refused(bad)


def test_requests_are_checked():
    assert wire.check_request({"id": 4, "op": "ls"}) == (4, "ls")
    for bad in ({"op": "ls"}, {"id": -1, "op": "ls"}, {"id": True, "op": "ls"}, {"id": 1}):
        try:
            wire.check_request(bad)
        except wire.WireError as err:
            assert err.code == wire.E_ARG
        else:
            raise AssertionError("accepted %r" % (bad,))


def test_line_buffer_splits_and_cuts_long_lines():
    buf = wire.LineBuffer(limit=16)
    assert buf.feed(b"ab") == []
    assert buf.feed(b"c\nde\n\nf") == [b"abc", b"de", b""]
    assert buf.pending() == 1
    lines = buf.feed(b"x" * 40 + b"\nok\n")
    assert len(lines) == 2 and len(lines[0]) == 18 and lines[1] == b"ok"
    _refused(b"#" + b"x" * wire.MAX_REPLY)
    long_request = wire.encode({"id": 1, "op": "x", "pad": "y" * 1100})
    assert wire.decode(long_request)["pad"] == "y" * 1100  # a long reply is fine
    assert "longer" in _refused_at(long_request, wire.MAX_REQUEST)  # not as a request
    try:
        wire.request(1, "x", {"pad": "y" * 1100})
    except wire.WireError as err:
        assert err.code == wire.E_ARG
    else:
        raise AssertionError("built a request longer than the device takes")


def test_base64_round_trip():
    data = bytes(range(256))
    assert wire.unb64(wire.b64(data)) == data
    assert wire.b64(b"") == ""


def test_deep_nesting_and_huge_numbers_are_refused_not_fatal():
    # MicroPython's json raises RuntimeError at ~260 nested brackets (it used to escape
    # wire.decode and kill the device's link task); a limit refuses them first
    for depth in (wire.MAX_DEPTH + 1, 260, 1000):
        payload = b'{"a":' + b"[" * depth + b"]" * depth + b"}"
        msg = _refused(b"#" + payload + b" " + wire.crc_hex(payload).encode())
        assert "nests deeper" in msg
    payload = b'{"a":' + b"[" * wire.MAX_DEPTH + b"]" * wire.MAX_DEPTH + b"}"
    assert "nests deeper" in _refused(b"#" + payload + b" " + wire.crc_hex(payload).encode())
    ok = b'{"a":' + b"[" * (wire.MAX_DEPTH - 1) + b"]" * (wire.MAX_DEPTH - 1) + b"}"
    assert wire.decode(b"#" + ok + b" " + wire.crc_hex(ok).encode())["a"]
    # brackets inside a string are text, not nesting
    text = {"id": 1, "msg": "[" * 300}
    assert wire.decode(wire.encode(text)) == text
    # a 900-digit number decodes to a big int: harmless, requests check their ranges
    payload = b'{"id":' + b"9" * 900 + b',"op":"hello"}'
    message = wire.decode(b"#" + payload + b" " + wire.crc_hex(payload).encode(), 2048)
    try:
        wire.check_request(message)
    except wire.WireError as err:
        assert err.code == wire.E_ARG
    else:
        raise AssertionError("a 900-digit id was accepted")
    try:
        deep = [1]
        for _ in range(wire.MAX_DEPTH):
            deep = [deep]
        wire.encode({"a": deep})
    except wire.WireError as err:
        assert err.code == wire.E_ARG
    else:
        raise AssertionError("encoded a frame nested too deep")
