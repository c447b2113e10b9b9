"""The device end of the serial link (MicroPython): answers the laptop.

`serve(app)` is an asyncio task beside the UI. It reads request frames from
sys.stdin (asyncio stream over select.poll: never blocks the UI) and writes
one reply frame per request to sys.stdout. Frames are shared_rules.wire
lines: printable ASCII, so Ctrl-C still interrupts main.py and mpremote can
always break in. micropython.kbd_intr is never touched.

The laptop drives every exchange; the device speaks only in reply. A
request repeated with the same bytes (a retry after a lost reply) gets the
cached reply without running again, and every operation is idempotent.

Privacy: while a game is in progress the link tells only what an onlooker at
the table could see (the public keys of App.status()). Only finished logs
are served; the in-progress log and the .key file never are.
"""

import asyncio
import hashlib
import os
import select
import sys
import time

from shared_rules import wire

try:
    from version import VERSION  # pyright: ignore[reportMissingImports]
except ImportError:
    VERSION = "0.0.0"

# The only keys of App.status() that may leave the device (all public).
STATUS_KEYS = ("screen", "game", "id", "seal", "move", "public")
SETTINGS_FILE = "settings.json"
DEVICE_ID_FILE = "device.id"
CLOCK_MIN = 1577836800  # 2020-01-01: anything earlier is a laptop's mistake
CLOCK_MAX = 4102444800  # 2100-01-01
_clock = {"offset": 0}


def now():
    """Seconds since 1970 by the clock the laptop set (time.time() otherwise)."""
    return int(time.time()) + _clock["offset"]


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def device_id():
    """The device's id (hex text); created at first use if the firmware has not."""
    try:
        with open(DEVICE_ID_FILE) as f:
            text = f.read().strip()
        if text:
            return text
    except OSError:
        pass
    text = "".join(["%02x" % b for b in os.urandom(8)])
    tmp = DEVICE_ID_FILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(text + "\n")
    os.rename(tmp, DEVICE_ID_FILE)
    return text


def file_sha256(path):
    h = hashlib.sha256()
    buf = bytearray(512)
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            h.update(buf if n == len(buf) else buf[:n])
    return "".join(["%02x" % b for b in h.digest()])


def _micropython_info():
    impl = sys.implementation
    version = ".".join([str(v) for v in impl.version[:3]])
    mpy = getattr(impl, "_mpy", None)
    return version, mpy


class Refused(Exception):
    """A request the device answers with an error reply (code, message)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def _int_arg(msg, key, low, high):
    value = msg.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < low or value > high:
        raise Refused(wire.E_ARG, "%s must be a whole number in %d..%d" % (key, low, high))
    return value


class Server:
    """Turns request lines into reply lines; knows nothing of streams."""

    def __init__(self, app, store=None):
        self.app = app
        self.store = store if store is not None else self._find_store(app)
        self.exit_requested = False
        self._last_request = None
        self._last_reply = None
        self._sha = {}  # name -> (size, sha256 hex); finished logs never change
        self._done = set()  # names of finished logs seen so far
        self.requests = 0
        self.errors = 0

    @staticmethod
    def _find_store(app):
        store = getattr(app, "store", None)
        if store is not None:
            return store
        from store import GameStore  # pyright: ignore[reportMissingImports]

        return GameStore()

    def handle(self, line):
        """The reply (bytes) to one input line, or None for a blank line."""
        if not line.strip():
            return None
        self.requests += 1
        try:
            message = wire.decode(line, wire.MAX_REQUEST)
        except wire.WireError as err:
            self.errors += 1
            return wire.error(None, err.code, err)
        if line == self._last_request:
            return self._last_reply  # a retry: same answer, not run twice
        ident = message.get("id")
        try:
            ident, op = wire.check_request(message)
            handler = getattr(self, "op_" + op, None)
            if handler is None:
                raise Refused(wire.E_OP, "no operation %r" % op)
            reply = wire.ok(ident, handler(message))
        except Refused as err:
            self.errors += 1
            reply = wire.error(_safe_id(ident), err.code, err)
        except wire.WireError as err:
            self.errors += 1
            reply = wire.error(_safe_id(ident), err.code, err)
        except Exception as err:  # noqa: BLE001 - the device answers, never dies
            self.errors += 1
            reply = wire.error(_safe_id(ident), wire.E_INTERNAL, "%s: %s" % (_name(err), err))
        self._last_request = line
        self._last_reply = reply
        return reply

    # -- operations --------------------------------------------------------
    def op_hello(self, msg):
        version, mpy = _micropython_info()
        ident = getattr(self.app, "device_id", None)
        return {
            "proto": wire.PROTOCOL,
            "fw": VERSION,
            "device": ident if isinstance(ident, str) and ident else device_id(),
            "chunk": wire.MAX_CHUNK,
            "platform": sys.platform,
            "micropython": version,
            "mpy": mpy,
        }

    def op_status(self, msg):
        status = self.app.status()
        out = {}
        for key in STATUS_KEYS:
            out[key] = status.get(key) if isinstance(status, dict) else None
        return out

    def _finished(self):
        names = sorted(self.store.finished())
        self._done = set(names)
        return names

    def _is_finished(self, name):
        # A finished log never changes, so a name once listed needs no second look
        # (GameStore.finished() reads every log: too slow to run per chunk).
        return name in self._done or name in self._finished()

    def op_ls(self, msg):
        """Finished games after `after` (a name; paged: `more` says if others follow)."""
        after = msg.get("after")
        if after is not None and not isinstance(after, str):
            raise Refused(wire.E_ARG, "after must be a game name")
        names = [n for n in self._finished() if after is None or n > after]
        games = []
        for name in names[: wire.LS_PAGE]:
            path = self.store.log_path(name)
            size = os.stat(path)[6]
            known = self._sha.get(name)
            if known is None or known[0] != size:
                known = (size, file_sha256(path))
                self._sha[name] = known
            games.append({"name": name, "size": size, "sha256": known[1]})
        return {"games": games, "more": len(names) > wire.LS_PAGE}

    def op_read(self, msg):
        name = msg.get("name")
        if not isinstance(name, str) or not self._is_finished(name):
            raise Refused(wire.E_NAME, "no finished game %r" % (name,))
        off = _int_arg(msg, "off", 0, 1 << 30)
        length = _int_arg(msg, "len", 1, wire.MAX_CHUNK)
        path = self.store.log_path(name)
        size = os.stat(path)[6]
        with open(path, "rb") as f:
            f.seek(off)
            data = f.read(length) if off < size else b""
        return {"name": name, "off": off, "size": size, "data": wire.b64(data)}

    def op_settings(self, msg):
        values = msg.get("values")
        if values is not None:
            if not isinstance(values, dict):
                raise Refused(wire.E_ARG, "values must be an object")
            try:
                self.app.apply_settings(values)
            except ValueError as err:
                raise Refused(wire.E_VALUE, err)
        return {"settings": self.app.settings}

    def op_clock(self, msg):
        seconds = _int_arg(msg, "time", CLOCK_MIN, CLOCK_MAX)
        set_clock(seconds)
        hook = getattr(self.app, "clock_changed", None)
        if hook is not None:
            hook(seconds)
        return {"time": now()}

    def op_repl(self, msg):
        self.exit_requested = True
        leave = getattr(self.app, "request_exit", None)
        if leave is not None:
            leave()
        return {"repl": True}


def set_clock(seconds):
    """Set the real-time clock (the board's RTC, or an offset on the unix port)."""
    try:
        import machine

        rtc = machine.RTC()
    except (ImportError, AttributeError):
        _clock["offset"] = seconds - int(time.time())
        return
    t = time.gmtime(seconds)
    rtc.datetime((t[0], t[1], t[2], t[6], t[3], t[4], t[5], 0))
    _clock["offset"] = 0


def _safe_id(ident):
    if isinstance(ident, int) and not isinstance(ident, bool) and 0 <= ident <= wire.MAX_ID:
        return ident
    return None


def _name(err):
    return type(err).__name__


async def serve(app, store=None, stream_in=None, stream_out=None):
    """Answer requests until the laptop asks for the REPL (then return)."""
    inp = stream_in or getattr(sys.stdin, "buffer", sys.stdin)
    out = stream_out or getattr(sys.stdout, "buffer", sys.stdout)
    server = Server(app, store)
    reader = asyncio.StreamReader(inp)  # pyright: ignore  # MicroPython: Stream(s)
    poller = select.poll()
    poller.register(inp, select.POLLIN)
    lines = wire.LineBuffer()
    while not server.exit_requested:
        first = await reader.read(1)
        if not first:  # end of input (unix port only): wait for a host
            await asyncio.sleep(0.1)
            continue
        chunk = bytearray(first)
        # take what else is already waiting, byte by byte (a board's read(n) blocks for n)
        while len(chunk) < 512 and poller.poll(0):
            more = inp.read(1)
            if not more:
                break
            chunk.extend(more)  # pyright: ignore[reportArgumentType]  # a binary stream
        for line in lines.feed(bytes(chunk)):
            reply = server.handle(line)
            if reply:
                out.write(reply)  # pyright: ignore[reportArgumentType]  # a binary stream
            if server.exit_requested:
                break
        if hasattr(out, "flush"):
            out.flush()
    return server
