"""The device end of the serial link (MicroPython): answers the laptop.

`supervise(app)` is an asyncio task beside the UI: it runs `serve`, which
reads request frames from sys.stdin (asyncio stream over select.poll: never
blocks the UI) and writes one reply frame per request to sys.stdout, and
starts it again if it ever fails. Every request gets a reply, whatever goes
wrong while answering it (an `internal` error reply at worst). Frames are
shared_rules.wire lines: printable ASCII. The codec is imported when a line
comes in (a table with no laptop never loads it: the device waits with
shared_rules/linebuffer.py alone) and stays until the menu or game it came in
is over (lifetime.py); a line that finds no room for it gets no reply, and
the laptop sends it again. Ctrl-C never interrupts (guard.py): the port is
the link's.

The laptop drives every exchange; the device speaks only in reply. A
request repeated with the same bytes (a retry after a lost reply) gets the
cached reply without running again, and every operation is idempotent.

Privacy: while a game is in progress the link tells only what an onlooker at
the table could see (the public keys of App.status()). Only finished logs
are served; the in-progress log, the .key files and the device's signing
key never are. There is no way from the link to the REPL (`repl` is refused with
the way: maintenance mode, guard.py); settings that change what the table sees
(seat names, phones, Wi-Fi) wait until the game ends.
The Wi-Fi password is written over the link and never read back (_shown).
"""

import asyncio
import hashlib
import os
import select
import sys
import time

import lifetime

from shared_rules.linebuffer import LineBuffer

# The only keys of App.status() that may leave the device (all public).
STATUS_KEYS = ("screen", "game", "id", "seal", "move", "public")
# Settings that change what the table sees: applied only when no game is in progress.
# wifi too: a game keeps the network the table saw at its start, power cuts included
TABLE_SETTINGS = ("names", "phones", "wifi")  # wait for the game in progress to end
PENDING_FILE = "settings.pending.json"
SHA_CACHE = 32  # listed logs whose sha256 is remembered (bounded)
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


class Server:
    """Turns request lines into reply lines; knows nothing of streams."""

    def __init__(self, app, store=None):
        self.app = app
        self.store = store if store is not None else self._find_store(app)
        self._last_request = None
        self._last_reply = None
        self._sha = {}  # name -> (size, sha256 hex); finished logs never change
        self._done = {}  # names recently found finished (bounded, like _sha)
        self.requests = 0
        self.errors = 0
        self.restarts = 0  # times supervise() started the link again
        self.short = 0  # tries of this request that ran out of memory

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
            from shared_rules import wire  # the codec: loaded by the first line
        except MemoryError:
            lifetime.collect()  # no room to load it: no reply can be framed, the laptop resends
            return None
        try:
            message = wire.decode(line, wire.MAX_REQUEST)
        except wire.WireError as err:
            self.errors += 1
            return wire.error(None, err.code, err)
        except Exception as err:  # noqa: BLE001 - MemoryError, a codec bug: still a reply
            self.errors += 1
            return wire.error(None, wire.E_FRAME, "%s while decoding" % _name(err))
        if line == self._last_request:
            return self._last_reply  # a retry: same answer, not run twice
        ident = message.get("id")
        try:
            ident, op = wire.check_request(message)
            handler = getattr(self, "op_" + op, None)
            if handler is None and op not in _RARE_OPS:
                raise Refused(wire.E_OP, "no operation %r" % op)
            reply = None
            self.short = 0
            while reply is None:
                try:
                    # a rarer operation's reply is made here, where memory is tried again
                    reply = wire.ok(ident, (handler or _rare(self, op))(message))
                except MemoryError:
                    # the heap was fragmented by the game: collect and try again, twice,
                    # with less where a handler can answer with less (ls: a shorter page)
                    self._last_reply = None
                    if self.short >= 2:
                        raise
                    self.short += 1
                    lifetime.collect()
        except Refused as err:
            self.errors += 1
            reply = wire.error(_safe_id(ident), err.code, err)
        except wire.WireError as err:
            self.errors += 1
            reply = wire.error(_safe_id(ident), err.code, err)
        except Exception as err:  # noqa: BLE001 - the device answers, never dies
            self.errors += 1
            reply = _internal(ident, err)
        self._last_request = line
        self._last_reply = reply
        return reply

    # -- operations --------------------------------------------------------
    def op_ping(self, msg):
        """The smallest reply: the laptop's marker after a window of reads."""
        return {}

    def op_status(self, msg):
        status = self.app.status()
        out = {}
        for key in STATUS_KEYS:
            out[key] = status.get(key) if isinstance(status, dict) else None
        # a game's seed is on flash: a game is unfinished
        out["playing"] = self._seeds()
        return out

    def _seeds(self):
        try:
            import guard  # pyright: ignore[reportMissingImports]
        except ImportError:
            return False
        return bool(guard.seeds_on_flash(self.store))

    def _is_finished(self, name):
        if name in self._done:
            return True
        check = getattr(self.store, "is_finished", None)
        found = check(name) if check is not None else name in self.store.finished()
        if found:
            _remember(self._done, name, True)
        return found

    def _finished_name(self, msg):
        from shared_rules import wire

        name = msg.get("name")
        if not isinstance(name, str) or not self._is_finished(name):
            raise Refused(wire.E_NAME, "no finished game %r" % (name,))
        return name

    def op_read(self, msg):
        from shared_rules import wire

        name = self._finished_name(msg)
        off = _int_arg(msg, "off", 0, 1 << 30)
        length = _int_arg(msg, "len", 1, wire.MAX_CHUNK)
        path = self.store.log_path(name)
        size = os.stat(path)[6]
        with open(path, "rb") as f:
            f.seek(off)
            data = f.read(length) if off < size else b""
        return {"name": name, "off": off, "size": size, "data": wire.b64(data)}


# ****** the rarer operations: once a connection (hello), once a sync (ls) or rarer ******
_RARE_OPS = ("hello", "ls", "forget", "settings", "clock", "about", "repl")


def _rare(server, op):
    op_fn = globals()["op_" + op]
    return lambda msg: op_fn(server, msg)


def _version():
    import lifetime

    try:
        return lifetime.once("version").VERSION
    except ImportError:
        return "0.0.0"


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


def display_faults():
    """How many times the display stopped answering (panel_fault.py's faults.txt)."""
    try:
        with open("faults.txt") as f:
            return len([line for line in f if "BUSY stuck" in line])
    except OSError:
        return 0


def op_hello(server, msg):
    from shared_rules import wire  # loaded by the request's line

    version, mpy = _micropython_info()
    ident = getattr(server.app, "device_id", None)
    key = getattr(server.app, "device_key", None)
    origin = getattr(key, "origin", None)
    return {
        "proto": wire.PROTOCOL,
        "fw": _version(),
        "device": ident if isinstance(ident, str) and ident else device_id(),
        "pub": key.public_hex() if key is not None else None,
        "origin": origin() if origin is not None else None,  # "made" or "met" (devkey.py)
        "chunk": wire.MAX_CHUNK,
        "platform": sys.platform,
        "micropython": version,
        "mpy": mpy,
        "faults": display_faults(),
    }


def _page(server, after, count):
    page = getattr(server.store, "page", None)
    if page is not None:
        return page(after, count)
    names = [n for n in sorted(server.store.finished()) if after is None or n > after]
    return names[:count], len(names) > count


def op_ls(server, msg):
    """Finished games after `after` (a name; paged: `more` says if others follow).
    A heap too full for a whole page (a game's module is loaded) gets a shorter one."""
    from shared_rules import wire  # loaded by the request's line

    after = msg.get("after")
    if after is not None and not isinstance(after, str):
        raise Refused(wire.E_ARG, "after must be a game name")
    names, more = _page(server, after, max(1, wire.LS_PAGE >> (2 * server.short)))
    games = []
    for name in names:
        path = server.store.log_path(name)
        size = os.stat(path)[6]
        known = server._sha.get(name)
        if known is None or known[0] != size:
            known = (size, file_sha256(path))
            _remember(server._sha, name, known)
        _remember(server._done, name, True)
        games.append({"name": name, "size": size, "sha256": known[1]})
    return {"games": games, "more": more}


def op_forget(server, msg):
    """The laptop has stored and verified this log: delete it here. `sha256` must
    be the log's, so only the exact bytes the laptop holds are ever deleted."""
    from shared_rules import wire  # loaded by the request's line

    name = msg.get("name")
    sha = msg.get("sha256")
    if not isinstance(sha, str) or len(sha) != 64:
        raise Refused(wire.E_ARG, "sha256 must be 64 hex digits")
    if isinstance(name, str) and len(name) == 12:
        try:
            os.stat(server.store.log_path(name))
        except OSError:
            return {"name": name, "forgotten": True}  # gone already: idempotent
    name = server._finished_name(msg)
    path = server.store.log_path(name)
    if file_sha256(path) != sha:
        raise Refused(wire.E_VALUE, "%s is not the log with that sha256" % name)
    current = getattr(server.store, "current", None)
    if current is not None and current() == name:
        # the table is still at its last screen, which a power cut brings back
        return {"name": name, "forgotten": False}
    delete = getattr(server.store, "delete", None)
    if delete is not None:
        if not delete(name):
            raise Refused(wire.E_NAME, "no finished game %r" % (name,))
    else:
        os.remove(path)
    server._sha.pop(name, None)
    server._done.pop(name, None)
    return {"name": name, "forgotten": True}


def _in_game(server):
    store = getattr(server.app, "store", None)
    current = getattr(store, "current", None)
    return bool(current()) if current is not None else False


def op_settings(server, msg):
    from shared_rules import wire  # loaded by the request's line

    values = msg.get("values")
    pending = None
    if values is not None:
        if not isinstance(values, dict):
            raise Refused(wire.E_ARG, "values must be an object")
        now = dict(values)
        if _in_game(server):
            later = {}
            for key in TABLE_SETTINGS:
                if key in now:
                    later[key] = now.pop(key)
            if later:
                pending = _defer(server, later)
        try:
            if now or pending is None:
                server.app.apply_settings(now)
        except ValueError as err:
            raise Refused(wire.E_VALUE, err)
    out = {"settings": _shown(server.app.settings)}
    waiting = pending if pending is not None else load_pending()
    if waiting:
        out["pending"] = _shown(waiting)
        out["note"] = "%s change when the game in progress ends" % ", ".join(sorted(waiting))
    return out


def _shown(values):
    """Settings as the link sends them back: the Wi-Fi password is write-only. It is
    the owner's home network's, and a laptop at the table may be anyone's."""
    wifi = values.get("wifi") if isinstance(values, dict) else None
    if not isinstance(wifi, dict):
        return values
    out = dict(values)
    out["wifi"] = {"ssid": wifi.get("ssid")}
    return out


def _defer(server, later):
    """Check the deferred values now (refused at once if bad) and keep them."""
    from shared_rules import wire  # loaded by the request's line

    validate = getattr(server.app, "validate_settings", None)
    try:
        if validate is not None:
            validate(later)
        else:
            import settings  # pyright: ignore[reportMissingImports]

            settings.validate(later, server.app.settings)
    except ValueError as err:
        raise Refused(wire.E_VALUE, err)
    except ImportError:
        pass
    waiting = load_pending()
    waiting.update(later)
    save_pending(waiting)
    return waiting


def op_clock(server, msg):
    seconds = _int_arg(msg, "time", CLOCK_MIN, CLOCK_MAX)
    set_clock(seconds)
    hook = getattr(server.app, "clock_changed", None)
    if hook is not None:
        hook(seconds)
    return {"time": now()}


def op_about(server, msg):
    """Show About this device (the key's fingerprint) for a person to compare with the
    laptop's: between games only, where the menu is (in a game the screen is the
    table's). `shown` says whether it is on the screen now."""
    buttons = getattr(getattr(server.app, "board", None), "buttons", None)
    if buttons is None or _in_game(server):
        return {"shown": False}
    buttons.post("ask", "about")  # app.next_event shows it (about.py)
    return {"shown": True}


def op_repl(server, msg):
    """There is no way from the link to the REPL: say what the way is."""
    from shared_rules import wire  # loaded by the request's line

    raise Refused(
        wire.E_OP,
        "no REPL over the link: hold A and C while powering the device on (maintenance mode)",
    )


def load_pending():
    """Settings waiting for the game in progress to end ({} if none)."""
    try:
        import json

        with open(PENDING_FILE) as f:
            value = json.load(f)
        return value if isinstance(value, dict) else {}
    except (OSError, ValueError):
        return {}


def save_pending(values):
    import json

    from store import write_atomic  # pyright: ignore[reportMissingImports]

    write_atomic(PENDING_FILE, json.dumps(values).encode())


def apply_pending(app):
    """The game has ended: apply the settings that waited for it."""
    waiting = load_pending()
    if not waiting:
        return
    try:
        app.apply_settings(waiting)
    except ValueError:
        pass  # checked when deferred; a later change may have made it moot
    try:
        os.remove(PENDING_FILE)
    except OSError:
        pass


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


def _remember(cache, key, value):
    if key not in cache and len(cache) >= SHA_CACHE:
        cache.clear()  # bounded: a full cache starts over (logs are read in order)
    cache[key] = value


def _internal(ident, err):
    from shared_rules import wire

    try:
        return wire.error(_safe_id(ident), wire.E_INTERNAL, "%s: %s" % (_name(err), err))
    except Exception:  # noqa: BLE001 - a message that cannot be framed
        return wire.error(_safe_id(ident), wire.E_INTERNAL, _name(err))


def _safe_id(ident):
    from shared_rules import wire

    if isinstance(ident, int) and not isinstance(ident, bool) and 0 <= ident <= wire.MAX_ID:
        return ident
    return None


def _name(err):
    return type(err).__name__


async def serve(app, store=None, stream_in=None, stream_out=None, server=None):
    """Answer requests for as long as main.py runs."""
    inp = stream_in or getattr(sys.stdin, "buffer", sys.stdin)
    out = stream_out or getattr(sys.stdout, "buffer", sys.stdout)
    if server is None:
        server = Server(app, store)
    reader = asyncio.StreamReader(inp)  # pyright: ignore  # MicroPython: Stream(s)
    poller = select.poll()
    poller.register(inp, select.POLLIN)
    lines = LineBuffer()
    while True:
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
        if hasattr(out, "flush"):
            out.flush()
    return server


async def supervise(app, store=None, stream_in=None, stream_out=None):
    """Run the link for as long as main.py runs: a failure of the link task (an error
    in the stream, a bug, memory) restarts it with its state."""
    server = Server(app, store)
    while True:
        try:
            await serve(app, store, stream_in, stream_out, server)
            return server
        except asyncio.CancelledError:  # pyright: ignore[reportAttributeAccessIssue]
            raise
        except Exception:  # noqa: BLE001 - the link must outlive anything
            server.restarts += 1
            lifetime.collect()
            await asyncio.sleep_ms(50)  # pyright: ignore[reportAttributeAccessIssue]
