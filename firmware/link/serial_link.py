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
The Wi-Fi password is written over the link and never read back (link_ops._shown).
"""

import asyncio
import os
import select
import sys

import lifetime
from link_common import Refused, _int_arg, _remember

from shared_rules.linebuffer import LineBuffer

# The only keys of App.status() that may leave the device (all public).
STATUS_KEYS = ("screen", "game", "id", "seal", "move", "public")


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
                    # a rarer operation is loaded here, where memory is tried again
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


# link_ops.py: once a connection (hello), once a sync (ls) or rarer
_RARE_OPS = ("hello", "ls", "forget", "settings", "clock", "about", "repl")


def _rare(server, op):
    """One of link_ops.py's operations, loaded for this request and dropped after."""
    import link_ops  # pyright: ignore[reportMissingImports]

    lifetime.drop("link_ops")  # the caller's reference keeps it for this request
    op_fn = getattr(link_ops, "op_" + op)
    return lambda msg: op_fn(server, msg)


def load_pending():
    """Settings waiting for the game in progress to end ({} if none)."""
    import link_ops  # pyright: ignore[reportMissingImports]

    lifetime.drop("link_ops")
    return link_ops.load_pending()


def apply_pending(app):
    """The game has ended: apply the settings that waited for it."""
    import link_ops  # pyright: ignore[reportMissingImports]

    lifetime.drop("link_ops")
    link_ops.apply_pending(app)


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
