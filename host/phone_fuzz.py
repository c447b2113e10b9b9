"""Hostile clients for the phone server (tests/phones/test_phones_hostile.py and the bench):
malformed HTTP requests, slow and half-open connections. Loopback only, bounded in
count and time: every loop here ends by itself."""

from __future__ import annotations

import random
import socket
import time

METHODS = [b"GET", b"POST", b"PUT", b"DELETE", b"HEAD", b"OPTIONS", b"BREW", b"G\x00T", b""]


def malformed(rnd: random.Random, token: str) -> bytes:
    """One request from a family of broken ones (some nearly right, with a real token)."""
    t = token.encode()
    kind = rnd.randrange(16)
    if kind == 0:
        return bytes(rnd.randrange(256) for _ in range(rnd.randint(0, 300)))
    if kind == 1:  # a request line cut short
        line = b"GET /api/" + t + b"/state HTTP/1.1\r\n\r\n"
        return line[: rnd.randint(0, len(line) - 1)]
    if kind == 2:  # a line longer than any limit
        return b"GET /" + b"a" * rnd.randint(1000, 6000) + b" HTTP/1.1\r\n\r\n"
    if kind == 3:  # headers without end, or too many
        return b"GET /s/" + t + b" HTTP/1.1\r\n" + b"X-A: b\r\n" * rnd.randint(50, 400)
    if kind == 4:  # a header line without a colon
        return b"GET /api/" + t + b"/state HTTP/1.1\r\nNoColonHere\r\n\r\n"
    if kind == 5:  # lengths that lie
        n = rnd.choice([b"-5", b"abc", b"99999999", b"1e3", b"", b"600", b"0x10"])
        return b"POST /api/" + t + b"/choose HTTP/1.1\r\nContent-Length: " + n + b"\r\n\r\n{}"
    if kind == 6:  # bad percent-encoding and odd paths
        path = rnd.choice(
            [b"/%zz", b"/s/%", b"/api/%ff%fe/state", b"//..//", b"/s/" + t + b"/../x"]
        )
        return b"GET " + path + b" HTTP/1.1\r\n\r\n"
    if kind == 7:  # bytes that are not UTF-8
        return b"GET /s/\xff\xfe\xfd HTTP/1.1\r\nHost: \xc3\x28\r\n\r\n"
    if kind == 8:  # a JSON body of the wrong shape
        body = rnd.choice(
            [b"[]", b"null", b'{"move": "x"}', b'{"move": true}', b"{", b'{"move": 1e99}', b"\xff"]
        )
        return (
            b"POST /api/" + t + b"/choose HTTP/1.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
        )
    if kind == 9:  # an odd method
        return rnd.choice(METHODS) + b" /api/" + t + b"/state HTTP/1.1\r\n\r\n"
    if kind == 10:  # no HTTP version, or a strange one
        return rnd.choice([b"GET /\r\n\r\n", b"GET / HTTP\r\n\r\n", b"GET / FTP/9\r\n\r\n"])
    if kind == 11:  # a truncated or lengthened token
        cut = t[: rnd.randint(0, len(t))] + bytes(
            rnd.choice(b"abc") for _ in range(rnd.randint(0, 3))
        )
        return b"GET /api/" + cut + b"/state HTTP/1.1\r\n\r\n"
    if kind == 12:  # only line feeds, or none
        return rnd.choice([b"\n" * 200, b"\r\n\r\n", b"GET /api/" + t + b"/state HTTP/1.1"])
    if kind == 13:  # a body longer than allowed
        body = b"x" * rnd.randint(513, 4000)
        return (
            b"POST /api/" + t + b"/choose HTTP/1.1\r\nContent-Type: application/json\r\n"
            b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body
        )
    if kind == 14:  # header injection attempts in the path
        return b"GET /api/" + t + b"/state\r\nX: y HTTP/1.1\r\n\r\n"
    return b"GET /s/" + bytes(rnd.randrange(32, 127) for _ in range(20)) + b" HTTP/1.0\r\n\r\n"


def send_raw(port: int, data: bytes, timeout: float = 5.0) -> bytes | None:
    """Send bytes, half-close, read the answer; None if the server closed without one."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(data)
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the server may drop a hopeless request before reading it all
        out = b""
        try:
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                out += chunk
        except OSError:
            pass
        return out or None


def fuzz(port: int, token: str, count: int, seed: int = 1) -> dict:
    """Send `count` malformed requests, one connection each; tally the answers."""
    rnd = random.Random(seed)
    tally: dict[str, int] = {}
    for _ in range(count):
        reply = send_raw(port, malformed(rnd, token))
        key = "closed" if reply is None else reply.split(b" ", 2)[1].decode("latin-1")
        tally[key] = tally.get(key, 0) + 1
    return tally


def slowloris(port: int, count: int) -> list[socket.socket]:
    """Open `count` connections that send half a request and then nothing more."""
    socks = []
    for i in range(count):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"GET /s/" + b"a" * (i % 20) + b" HTTP/1.1\r\nX-Slow: ")
        socks.append(s)
    return socks


def closed_by_server(socks: list[socket.socket], within: float) -> int:
    """How many of these connections the server has closed within `within` seconds."""
    deadline = time.monotonic() + within
    done = 0
    for s in socks:
        s.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            while s.recv(4096):
                pass
            done += 1
        except ConnectionError:
            done += 1  # reset: closed all the same
        except OSError:
            pass  # still open when time ran out
        finally:
            s.close()
    return done
