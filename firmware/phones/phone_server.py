# phone_server.py  Phone mode's web server: each seat's page and its private choices
# MIT licence. microdot (firmware/phones/microdot.py, an upstream subset, docs/phones.md) routes
# and parses; in front of it sits a door sized for a Pico: at most `max_connections` at
# once (lwIP on the Pico W keeps 5 TCP connections by default), the oldest half-read request
# evicted to make room, a request that has not fully arrived within `head_ms` dropped, no
# connection kept past `life_ms`, lines, headers and bodies read through a bounded reader
# (the stock asyncio readline has no limit; headers and a URL's query, which no route
# reads, are dropped there), and microdot's exception printing silenced: stdout belongs
# to the serial link.
#
# Routes (the token is the seat's key, phone_seats.py):
#   GET  /s/<token>              the page (phone_page.html, from flash)
#   GET  /api/<token>/state      the seat's state as JSON; ETag / If-None-Match -> 304
#                                (an open choice: its options listed, or their grid)
#   POST /api/<token>/choose     {"move": n, "action": <one of the options, decoded>}
#   GET  /table                  the table screen: the same page, no seat (anyone's)
#   GET  /table/state            view(None), the public status and news, as JSON (ETag)
#   GET  /table/names            the view's names, as /api/<token>/names
# The table's routes take no token: they never look one up, so they neither guess nor
# spare anyone the guard's shared limit, and they answer only what view(None) holds.
# Anything else, and any token that is not live, gets the same short 404; a peer that
# guesses too often gets 429 before its token is even looked at. A MemoryError while
# answering is the device's fault: counted as an error and answered 503, so the page tries
# again (a 404 would tell it its seat is gone for good). Every answer says no-store and
# carries a strict Content-Security-Policy. Pages poll (they do not hold connections
# open): five phones holding long polls would take every connection lwIP has.

import asyncio
import json
import time

import microdot as md
from microdot import Microdot, Response
from phone_provider import BAD, BUSY, SENT, STALE, TWICE

PAGE = "phone_page.html"
_READING = 0
_HANDLING = 1
_NOTHING = b"No seat here. Scan your seat's code on the device.\n"
_SLOW_DOWN = b"Too many tries. Wait a little.\n"
_SHORT = b"The device is short of memory. Try again in a moment.\n"
# the headers anything here reads (microdot: Content-Length, Content-Type; the routes:
# If-None-Match): a browser's others (User-Agent, Accept..., a dozen lines) are dropped
# as they are read, not parsed into each request's dicts (cookies: none are used)
_READ_HEADERS = (b"content-length", b"content-type", b"if-none-match")
_CODES = {SENT: 202, STALE: 409, TWICE: 409, BAD: 400, BUSY: 503}
_REASONS = {
    200: "OK",
    202: "Accepted",
    304: "Not Modified",
    400: "Bad Request",
    404: "Not Found",
    409: "Conflict",
    429: "Too Many Requests",
    503: "Service Unavailable",
}
_HEADERS = (
    ("Cache-Control", "no-store, max-age=0"),
    ("Pragma", "no-cache"),
    ("Expires", "0"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    (
        "Content-Security-Policy",
        "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'",
    ),
)


class _Conn:
    def __init__(self, task, now):
        self.task = task
        self.start = now
        self.phase = _READING
        self.cancelled = False
        self.short = False  # a MemoryError while microdot read the request
        self.req = None  # its microdot request (_Request), given back when it closes


class BoundedReader:
    """The stream microdot reads a request from, with limits the stock one lacks."""

    # read at a time: the unread rest grows by this (a browser's header lines run to
    # 130 bytes; reading 256 at a time needed blocks of 300 and more)
    chunk = 128

    def __init__(self, stream, conn, line_limit, head_limit, body_limit):
        self.stream = stream
        self.conn = conn
        self.line_limit = line_limit
        self.head_limit = head_limit
        self.body_limit = body_limit
        self.buf = b""
        self.total = 0
        self.lines = 0  # the request line, then the headers kept
        self.done = False  # the headers' blank line came

    async def _more(self, n):
        chunk = await self.stream.read(n)
        if chunk:
            self.total += len(chunk)
            if self.total > self.head_limit + self.body_limit:
                raise ValueError("request too long")
            self.buf += chunk
        return chunk

    async def readline(self):
        while True:
            i = self.buf.find(b"\n")
            if i >= 0:
                line = self.buf[: i + 1]
                self.buf = self.buf[i + 1 :]
                if self.lines and not self.done:
                    if i <= 1:  # the blank line: the headers are over
                        self.done = True
                    else:
                        j = line.find(b":")  # none: microdot turns the request away
                        if j > 0 and line[:j].lower() not in _READ_HEADERS:
                            continue  # never read here: not kept on the heap either
                if not self.lines:
                    line = _without_query(line)
                self.lines += 1
                return line
            if len(self.buf) > self.line_limit or self.total > self.head_limit:
                raise ValueError("line too long")
            if not await self._more(self.chunk):
                line = self.buf
                self.buf = b""
                return line

    async def readexactly(self, n):
        if not isinstance(n, int) or n < 0 or n > self.body_limit:
            raise ValueError("bad length")
        while len(self.buf) < n:
            if not await self._more(n - len(self.buf)):
                raise EOFError
        out = self.buf[:n]
        self.buf = self.buf[n:]
        return out

    async def read(self, n=-1):
        if n < 0 or n > self.body_limit:
            n = self.body_limit
        if not self.buf:
            await self._more(n)
        out = self.buf[:n]
        self.buf = self.buf[n:]
        return out


class _Request(md.Request):
    """microdot's Request, its objects kept and used again: a request's attributes
    (26 of them) fill a table of 464 bytes, grown in eight steps, and at the edge that
    block was one the heap did not have. The server makes its few at the start, while
    the heap is in one piece, and each connection gives its own back."""

    pool = []  # free requests
    server: "PhoneServer | None" = None  # the server whose connection takes one

    def __new__(cls, *args, **kwargs):
        req = cls.pool.pop() if cls.pool else object.__new__(cls)
        conn = cls.server._conn() if cls.server is not None else None
        if conn is not None:
            conn.req = req
        return req

    def release(self):
        # what a request holds (its streams, headers, body), dropped: the table stays
        for name in _HELD + _LATER:
            setattr(self, name, None)
        if len(_Request.pool) < _Request.keep:
            _Request.pool.append(self)

    keep = 4


# set by microdot's Request.__init__ (every one, so no key is added, no table grown)
_HELD = ("app", "client_addr", "url", "path", "headers", "g", "_body", "_stream", "sock")
# set again by microdot once the route is found (its arguments hold a seat's token)
_LATER = ("url_args", "route")


def _without_query(line):
    """The request line without any query (no route reads one: microdot's query
    parser is left out of its subset, host/microdot_subset.py), so microdot never
    parses one; the path is routed as before. A query runs from its "?" to the next
    whitespace, as microdot splits the line (any of space, tab, CR, LF, VT, FF)."""
    q = line.find(b"?")
    while q >= 0:
        end = q + 1
        while end < len(line) and line[end] != 32 and not 9 <= line[end] <= 13:
            end += 1
        line = line[:q] + line[end:]
        q = line.find(b"?", q)
    return line


def peer_key(addr):
    """The client's address without its port (rp2: a tuple; unix port: a sockaddr)."""
    if isinstance(addr, tuple):
        return addr[0]
    if isinstance(addr, (bytes, bytearray)) and len(addr) >= 8:
        return bytes(addr[4:8])
    return addr


class PhoneServer:
    max_connections = 6  # lwIP on a Pico W keeps 5 TCP connections (MEMP_NUM_TCP_PCB)
    head_ms = 4000  # the request line, headers and body must all arrive within this
    life_ms = 15000  # no connection lives longer (a client that never reads its answer)
    reap_ms = 250
    line_limit = 1024
    head_limit = 4096
    body_limit = 512
    page_piece = 256
    answer_piece = 128  # a JSON answer goes out in pieces no larger
    answer_wait_ms = 3000  # the longest a state answer waits for the one before it

    def __init__(self, provider, seats, guard, page=PAGE, clock=time):
        self.provider = provider
        self.seats = seats
        self.guard = guard
        self.page = page
        self.clock = clock
        self._open = []
        self._answering = None  # the connection writing a state answer now
        self._server = None
        self._reaper = None
        self.last_error = None
        self.stats = {
            "connections": 0,
            "refused": 0,
            "evicted": 0,
            "timeouts": 0,
            "errors": 0,
            "requests": 0,
            "quiet": 0,
        }
        md.print_exception = self._quiet  # never print: stdout is the serial link's
        md.Request.max_readline = self.line_limit
        md.Request.max_content_length = self.body_limit
        md.Request.max_body_length = self.body_limit
        # the page goes out in pieces of this size: a 1 KB block for each page being
        # loaded is one a heap cut up by the game may not have (docs/phones.md, "Memory")
        md.Response.send_file_buffer_size = self.page_piece
        # microdot makes its requests by this name: reused ones (_Request), made now
        md.Request = _Request
        _Request.server = None
        made = [object.__new__(_Request) for _ in range(_Request.keep - len(_Request.pool))]
        for req in made:
            req.__init__(None, None, "GET", "/", "1.0", {})
            req.release()
        _Request.server = self
        self.app = self._routes()

    def _quiet(self, exc):
        self.stats["quiet"] += 1
        if isinstance(exc, MemoryError):
            conn = self._conn()
            if conn is not None:
                conn.short = True  # microdot answers 400 next: the device's fault

    def _conn(self):
        task = asyncio.current_task()
        for c in self._open:
            if c.task is task:
                return c
        return None

    def open_connections(self):
        return len(self._open)

    # ****** the door ******
    async def start(self, host="0.0.0.0", port=80):
        """Listen, and return: the listener, the connections and the reaper run as tasks
        of their own beside the app's (an OSError here: the port could not be had)."""
        self._server = await asyncio.start_server(self._connection, host, port)
        self._reaper = asyncio.create_task(self._reap())

    async def serve(self, host="0.0.0.0", port=80):
        await self.start(host, port)
        try:
            await self._server.wait_closed()  # pyright: ignore[reportOptionalMemberAccess]
        finally:
            self.close()

    def close(self):
        """Stop listening; the connections still open are dropped."""
        if self._server is not None:
            self._server.close()
        if self._reaper is not None:
            self._reaper.cancel()
            self._reaper = None
        for c in self._open:
            if not c.cancelled:
                c.cancelled = True
                c.task.cancel()

    def _live(self):
        # A plain function, not a loop in _connection: a coroutine's frame outlives it
        # with its task, and a loop variable left there pointing at another connection
        # chained every finished connection (its request, answer and streams) to the one
        # before: five phones polling flat out filled a 128wK heap in a few hundred
        # requests. The same holds for the reaper's loop (_expire).
        live = 0
        for c in self._open:
            if not c.cancelled:
                live += 1
        return live

    async def _connection(self, reader, writer):
        self.stats["connections"] += 1
        if self._live() >= self.max_connections and not self._evict():
            self.stats["refused"] += 1
            await _close(writer)
            return
        conn = _Conn(asyncio.current_task(), self.clock.ticks_ms())
        self._open.append(conn)
        try:
            stream = BoundedReader(reader, conn, self.line_limit, self.head_limit, self.body_limit)
            await self.app.handle_request(stream, writer)
        except asyncio.CancelledError:
            pass  # a timeout or an eviction: the connection just closes
        except Exception as err:  # noqa: BLE001 - nothing a client sends may stop the server
            self.stats["errors"] += 1
            self.last_error = repr(err)
        finally:
            self._open.remove(conn)
            conn.task = None  # a stale reference to conn keeps no finished frame alive
            if self._answering is conn:
                self._answering = None
            if conn.req is not None:
                conn.req.release()
                conn.req = None
            await _close(writer)

    def _evict(self):
        oldest = None
        for c in self._open:
            if c.phase == _READING and not c.cancelled:
                if oldest is None or self.clock.ticks_diff(c.start, oldest.start) < 0:
                    oldest = c
        if oldest is None:
            return False
        oldest.cancelled = True
        oldest.task.cancel()
        self.stats["evicted"] += 1
        return True

    async def _reap(self):
        while True:
            await asyncio.sleep_ms(self.reap_ms)
            self._expire()

    def _expire(self):
        now = self.clock.ticks_ms()
        for c in self._open:
            age = self.clock.ticks_diff(now, c.start)
            if not c.cancelled and (
                (c.phase == _READING and age > self.head_ms) or age > self.life_ms
            ):
                c.cancelled = True
                c.task.cancel()
                self.stats["timeouts"] += 1

    # ****** the routes ******
    def _routes(self):
        app = Microdot()

        @app.before_request
        async def handling(req):
            self.stats["requests"] += 1
            stream = req.sock[0] if req.sock else None
            if isinstance(stream, BoundedReader):
                stream.conn.phase = _HANDLING

        @app.after_request
        async def harden(req, res):
            return self._harden(res)

        @app.after_error_request
        async def harden_error(req, res):
            return self._harden(res)

        async def nothing(req, *exc):
            return _text(_NOTHING, 404)

        async def short_of_memory(req, *exc):
            # the device's fault, not the client's: counted, and the page retries
            self.stats["errors"] += 1
            self.last_error = repr(exc[0]) if exc else "500"
            return _text(_SHORT, 503, {"Retry-After": "2"})

        async def bad_request(req, *exc):
            # a request microdot could not read for want of memory is no client's
            # fault either: a 404 would tell the page its seat is gone
            conn = self._conn()
            if conn is not None and conn.short:
                return await short_of_memory(req, MemoryError())
            return _text(_NOTHING, 404)

        app.errorhandler(400)(bad_request)
        for code in (404, 405, 413):
            app.errorhandler(code)(nothing)
        app.errorhandler(Exception)(nothing)
        app.errorhandler(MemoryError)(short_of_memory)
        app.errorhandler(500)(short_of_memory)  # only when an error handler itself failed

        @app.get("/s/<token>")
        async def page(req, token):
            seat = self._seat(req, token)
            if not isinstance(seat, int):
                return seat
            return self._page()

        @app.get("/table")
        async def table_page(req):
            return self._page()  # the same page: it asks /table/state, no seat's

        @app.get("/table/state")
        async def table_state(req):
            tag = '"%s"' % self.provider.etag()
            if req.headers.get("If-None-Match") == tag:
                return Response(b"", 304, {"ETag": tag})
            await self._answer_alone()
            tag = '"%s"' % self.provider.etag()
            pieces = _packed(self._table_tokens(), self.answer_piece)
            headers = {"Content-Type": "application/json", "ETag": tag}
            return Response(pieces, 200, headers)  # pyright: ignore[reportArgumentType]

        @app.get("/table/names")
        async def table_names(req):
            body = _packed(_tokens(self.provider.view_names()), self.answer_piece)
            return Response(body, 200, {"Content-Type": "application/json"})  # pyright: ignore[reportArgumentType]

        @app.get("/api/<token>/state")
        async def state(req, token):
            seat = self._seat(req, token)
            if not isinstance(seat, int):
                return seat
            tag = '"%s"' % self.provider.etag()
            if req.headers.get("If-None-Match") == tag:
                return Response(b"", 304, {"ETag": tag})
            await self._answer_alone()
            tag = '"%s"' % self.provider.etag()  # it may have moved on while waiting
            # microdot sends a generator's pieces as they come
            pieces = self._state(seat)
            headers = {"Content-Type": "application/json", "ETag": tag}
            return Response(pieces, 200, headers)  # pyright: ignore[reportArgumentType]

        @app.get("/api/<token>/names")
        async def names(req, token):
            # the names of the view's codes, fetched once by a page: not in every state
            seat = self._seat(req, token)
            if not isinstance(seat, int):
                return seat
            body = _packed(_tokens(self.provider.view_names()), self.answer_piece)
            return Response(body, 200, {"Content-Type": "application/json"})  # pyright: ignore[reportArgumentType]

        @app.post("/api/<token>/choose")
        async def choose(req, token):
            seat = self._seat(req, token)
            if not isinstance(seat, int):
                return seat
            result = BAD
            data = None
            if req.headers.get("Content-Type", "").split(";")[0].strip() == "application/json":
                try:
                    data = json.loads(req.body.decode())
                except (ValueError, UnicodeError):
                    data = None
            if isinstance(data, dict):
                move = data.get("move")
                if isinstance(move, int) and not isinstance(move, bool):
                    result = self.provider.choose(seat, move, data.get("action"))
            body = json.dumps({"result": result, "version": self.provider.etag()})
            headers = {"Content-Type": "application/json"}
            return Response(body, _CODES[result], headers)  # pyright: ignore[reportArgumentType]

        return app

    def _page(self):
        # microdot sends a file object's contents a buffer at a time, then closes it
        import blobs

        page = blobs.open_blob(self.page)  # frozen in flash, or the file; closed by microdot
        headers = {"Content-Type": "text/html; charset=UTF-8"}
        return Response(page, 200, headers)  # pyright: ignore[reportArgumentType]

    def _seat(self, req, token):
        """The seat a request's token opens, or the response that turns it away."""
        peer = peer_key(req.client_addr)
        if not self.guard.allowed(peer):
            return _text(_SLOW_DOWN, 429, {"Retry-After": "2"})
        seat = self.seats.seat_of(token)
        if seat is None:
            self.guard.failed(peer)
            return _text(_NOTHING, 404)
        self.guard.passed(peer)
        return seat

    async def _answer_alone(self):
        """Wait while another connection's state answer is being written, at most
        `answer_wait_ms` by the clock: every page asks at once when the version moves,
        and each answer in flight holds two views and their pieces; one at a time, a
        small heap has room for the next one's blocks (docs/phones.md, "Memory"). A
        holder still writing after that (a slow or stalled reader) is cut off, as the
        reaper would cut it later: one reader cannot hold every other page back."""
        conn = self._conn()
        start = self.clock.ticks_ms()
        while self._answering is not None:
            if self.clock.ticks_diff(self.clock.ticks_ms(), start) >= self.answer_wait_ms:
                holder = self._answering
                self._answering = None
                if holder.task is not None and not holder.cancelled:
                    holder.cancelled = True
                    holder.task.cancel()
                    self.stats["timeouts"] += 1
                break
            await asyncio.sleep_ms(20)
        self._answering = conn  # cleared when its connection closes

    def _state(self, seat):
        """The seat's state as JSON, in pieces of at most `answer_piece` bytes: a view
        at the end of a game runs to kilobytes, and a small, busy heap may have no
        single block of even a few hundred bytes free (docs/phones.md, "Memory")."""
        return _packed(self._state_tokens(seat), self.answer_piece)

    def _table_tokens(self):
        """The table screen's state: what every seat's answer holds in public alone."""
        p = self.provider
        status = p.status()
        yield '{"seat": null, "version": %s, "status": ' % json.dumps(p.etag())
        yield from _tokens(status)
        if status.get("game") is None:
            yield "}"
            return
        status = None
        yield ', "public": '
        yield from _tokens(p.public_view())
        yield ', "news": '
        yield from _tokens(p.news())
        yield "}"

    def _state_tokens(self, seat):
        p = self.provider
        status = p.status()
        yield '{"seat": %d, "version": %s, "status": ' % (seat, json.dumps(p.etag()))
        yield from _tokens(status)
        if status.get("game") is None:
            yield "}"
            return
        names = status.get("names") or []
        name = names[seat] if seat < len(names) else "P%d" % (seat + 1)
        status = names = None  # not held while the views go out
        yield ', "name": %s, "sent": %s, "phone": %s, "view": ' % (
            json.dumps(name),
            json.dumps(p.sent(seat)),
            json.dumps(p.uses_phone(seat)),
        )
        yield from _tokens(p.seat_view(seat))
        yield ', "public": '
        yield from _tokens(p.public_view())
        yield ', "news": '
        yield from _tokens(p.news())
        pending = p.pending(seat)
        if pending is None:
            yield ', "choice": null}'
            return
        yield ', "choice": {"move": %d, "count": %d, ' % (pending["move"], pending["count"])
        grid = p.grid(seat)
        if grid is not None:
            # every combination of a few fields (a keeper bid: 246 of them): the page
            # builds the controls from this, about 200 bytes instead of 25 KB an answer
            yield '"grid": {"kind": '
            yield from _tokens(grid[0])
            yield ', "fields": '
            yield from _tokens(grid[1])
            yield "}}}"
            return
        yield '"options": ['
        # an option at a time: no grid, so a few dozen at most (New Rule's plays)
        sep = ""
        for option in p.options(seat):
            yield sep
            yield from _tokens(option)
            sep = ","
        yield "]}}"

    def _harden(self, res):
        for key, value in _HEADERS:
            res.headers[key] = value
        res.reason = _REASONS.get(res.status_code, res.reason)
        return res


def _tokens(value):
    """JSON text of a value as small tokens (punctuation, a key, a number, a string),
    as json.dumps writes it: json.dumps of a whole list of lists (New Rule's hands) or
    of a dict builds its text in one growing block (300-750 bytes failed at the
    edge). Plain loops over a stack of iterators, not a generator for each value (the
    recursion that once allocated about 15 KB for a keeper seat's view of 600 bytes)."""
    stack = []
    while True:
        if isinstance(value, dict):
            stack.append([value, iter(value), True])
            yield b"{"
        elif isinstance(value, (list, tuple)):
            stack.append([value, iter(value), True])
            yield b"["
        else:
            yield json.dumps(value)
        value = None
        while stack:
            top = stack[-1]
            try:
                item = next(top[1])
            except StopIteration:  # next()'s default is not in every port's build
                stack.pop()
                yield b"}" if isinstance(top[0], dict) else b"]"
                continue
            if top[2]:
                top[2] = False
            else:
                yield b", "
            if isinstance(top[0], dict):
                yield json.dumps(item if isinstance(item, str) else str(item))
                yield b": "
                item = top[0][item]
            value = item
            break
        else:
            return


def _packed(tokens, size):
    """The tokens gathered into pieces of at most `size` bytes, each one small block
    (a token longer than that goes alone): fewer, fuller writes than a token each."""
    buf = bytearray(size)
    view = memoryview(buf)
    n = 0
    for t in tokens:
        if isinstance(t, str):
            t = t.encode()
        k = len(t)
        if n + k > size:
            if n:
                yield bytes(view[:n])
                n = 0
            if k > size:
                yield t
                continue
        view[n : n + k] = t
        n += k
    if n:
        yield bytes(view[:n])


def _text(body, code, extra=None):
    headers = {"Content-Type": "text/plain; charset=UTF-8"}
    if extra:
        headers.update(extra)
    return Response(body, code, headers)


async def _close(writer):
    try:
        await writer.aclose()
    except Exception:  # noqa: BLE001 - closing a socket the client already dropped
        pass
