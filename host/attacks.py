"""What a hostile laptop at the serial port tries during a game, for the tests and the
sweeps (host/sweeps.py): byte sequences that reach a MicroPython prompt, fuzzed
request lines (mutated frames, nesting up to 1,000 deep, 300-digit numbers, raw
bytes, ill-typed and forbidden operations), and the check that nothing got through:
the same device process, no prompt printed, no seed or key on the wire."""

from __future__ import annotations

import random
import time

from host.link import Link
from shared_rules import wire

# What a MicroPython prompt or a crash prints: none may appear while a game runs.
PROMPTS = (b">>> ", b"raw REPL", b"paste mode", b"soft reboot", b"Traceback", b"MicroPython v")
# Byte sequences that reach a prompt on a MicroPython whose main.py lets them:
SEQUENCES = [
    b"\x03",  # Ctrl-C: KeyboardInterrupt
    b"\r\x03\x03",  # mpremote's interrupt
    b"\r\x03\r\x01",  # mpremote's enter_raw_repl
    b"\x01\x04",  # raw REPL, then soft reset
    b"\x05A\x01",  # raw-paste request
    b"\x05",  # paste mode
    b"\x02",  # friendly REPL
    b"\x04",  # soft reset (at a prompt)
    b"\x03" * 50,
    bytes(range(32)),
    b"\x1b[A\x1b[B\x7f\x08",
    b"\r\x03\r\x01print(open('games/current').read())\x04",
]


def output_mark(board) -> int:
    return len(board.output())


def since(board, at: int) -> bytes:
    out = board.output()
    return out[at:] if len(out) >= at else out


def check_sealed(board, pid, at, seed, flash_dir):
    """The same process runs, printed no prompt, and no secret crossed the port."""
    out = since(board, at)
    assert board.pid == pid and board.alive, "the device restarted"
    for prompt in PROMPTS:
        assert prompt not in out, (prompt, out[-400:])
    assert seed.encode() not in out and seed.upper().encode() not in out
    key = (flash_dir / "device.key").read_bytes()
    assert key.hex().encode() not in out and key not in out


def fuzz_lines(rng: random.Random, n: int, max_depth: int) -> list[bytes]:
    good = [
        wire.request(1000 + i, op, args)[:-1]
        for i, (op, args) in enumerate(
            [("hello", {}), ("status", {}), ("ls", {}), ("ping", {}), ("settings", {})]
        )
    ]
    out = []
    for _ in range(n):
        pick = rng.random()
        if pick < 0.3:
            line = bytearray(rng.choice(good))
            for _k in range(rng.randint(1, 4)):
                i = rng.randrange(len(line))
                line[i] = rng.randrange(256)
            out.append(bytes(line).replace(b"\n", b" "))
        elif pick < 0.5:
            depth = rng.randint(1, max_depth)
            opener, closer = rng.choice([(b"[", b"]"), (b'{"a":', b"}")])
            payload = b'{"id":1,"op":"status","x":' + opener * depth + closer * depth + b"}"
            out.append(b"#" + payload + b" " + wire.crc_hex(payload).encode())
        elif pick < 0.6:
            digits = str(rng.randrange(10**300)).encode()
            payload = b'{"id":' + digits + b',"op":"read","name":"a","off":' + digits + b"}"
            out.append(b"#" + payload + b" " + wire.crc_hex(payload).encode())
        elif pick < 0.8:
            out.append(bytes(rng.randrange(256) for _ in range(rng.choice([1, 9, 80, 400]))))
        else:
            op = rng.choice(
                ["repl", "about", "read", "forget", "settings", "clock", "nope", "status"]
            )
            args = rng.choice(
                [{}, {"name": "../device.key", "off": 0, "len": 9}, {"values": {"names": 7}}]
            )
            out.append(wire.encode({"id": rng.randrange(2**31), "op": op, **args})[:-1])
    return [line.replace(b"\n", b"") for line in out]


def fuzz_mid_game(board, flash_dir, seed, lines: list[bytes]) -> int:
    """Send `lines` to a device in a game; returns how many got a reply. Asserts that
    the device never restarted, printed a prompt or a secret, and still answers."""
    pid = board.pid
    at = output_mark(board)
    replies = 0
    with Link.open(board.url, timeout=0.5) as link:
        for start in range(0, len(lines), 200):
            batch = lines[start : start + 200]
            assert link.ser is not None
            link.ser.write(b"\n".join(batch) + b"\n")
            deadline = time.monotonic() + 30
            got = 0
            expected = sum(1 for line in batch if line.strip(b" \r\t\x0b\x0c"))
            while got < expected * 0.8 and time.monotonic() < deadline:
                got += len(link._read_lines(0.05))
            replies += got
            link.connect()
        assert link.status()["playing"] is True
    check_sealed(board, pid, at, seed, flash_dir)
    return replies
