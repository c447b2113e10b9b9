"""The laptop end of the serial link: requests, retries, reconnection.

    with Link.open("/dev/ttyACM0") as link:      # or socket://127.0.0.1:PORT
        link.hello()
        link.request("read", name=..., off=0, len=512)

Every request carries an id; a retry resends the very same bytes, so the
device answers from its cache and nothing runs twice. The device answers in
the order it was asked, so a reply to a later request means every earlier
one still unanswered was lost or damaged on the way: it is resent at once
(fast retransmit). Each window of requests ends with a `ping` marker, so even
the window's last request is covered; only when nothing at all comes back
does the link wait, for a timeout that follows the measured round trip. If
the port goes away (unplugged, reset) the link reopens it until `reconnect`
seconds have passed.
"""

from __future__ import annotations

import random
import socket
import time

import serial

from shared_rules import wire

BAUD = 115200  # ignored by USB-CDC and sockets; set for real UARTs
RP2_USB = (0x2E8A, 0x0005)
QUIET = 0.05  # seconds without input after a damaged frame before resending
MAX_WAIT = 2.0  # the longest wait for a reply between resends
MIN_RTO = 0.02  # the shortest timeout: a few round trips of the slowest reply
MAX_FAST = 64  # resends of one request after later replies came: a hopeless line


class LinkError(Exception):
    """The link failed; the message is one line for a person."""


class DeviceError(LinkError):
    """The device answered with an error reply."""

    def __init__(self, code: str, message: str):
        super().__init__("the device refused: %s (%s)" % (message, code))
        self.code = code
        self.text = message


class PortBusy(LinkError):
    pass


class NoAnswer(LinkError):
    """No good reply after every try; `noisy`: damaged frames did come back
    (a live device on a bad line), not silence."""

    def __init__(self, message: str, noisy: bool):
        super().__init__(message)
        self.noisy = noisy


class NotRunning(LinkError):
    """The port answers, but not the firmware (the board is at its REPL)."""


def find_port() -> str:
    """The one connected RP2 board's port; LinkError if none or several."""
    from serial.tools import list_ports

    found = [p.device for p in list_ports.comports() if (p.vid, p.pid) == RP2_USB]
    if not found:
        raise LinkError("no Confessor board found (no USB device 2e8a:0005); give --port")
    if len(found) > 1:
        raise LinkError("several boards found (%s); choose one with --port" % ", ".join(found))
    return found[0]


def open_serial(port: str, timeout: float = 0.05) -> serial.SerialBase:
    """Open a port or URL exclusively, with a one-line error on failure."""
    try:
        ser = serial.serial_for_url(
            port, baudrate=BAUD, timeout=timeout, write_timeout=5, exclusive=True
        )
    except serial.SerialException as err:
        text = str(err)
        if "busy" in text.lower() or "lock" in text.lower() or "Errno 16" in text:
            raise PortBusy("port %s is busy (another program has it open)" % port) from None
        if "No such file" in text or "Errno 2" in text or "refused" in text.lower():
            raise LinkError("no board at %s" % port) from None
        raise LinkError("cannot open %s: %s" % (port, text.splitlines()[0])) from None
    except ValueError as err:
        raise LinkError("cannot open %s: %s" % (port, err)) from None
    return ser


def close_serial(ser) -> None:
    """Close a port; a socket:// port without pyserial's 0.3 s pause after."""
    sock = getattr(ser, "_socket", None)
    try:
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()
            ser._socket = None
            ser.is_open = False
        else:
            ser.close()
    except (OSError, serial.SerialException):
        pass


class Link:
    def __init__(
        self,
        port: str,
        *,
        timeout: float = 1.0,
        retries: int = 8,
        reconnect: float = 15.0,
        ser: serial.SerialBase | None = None,
    ):
        self.port = port
        self.timeout = timeout
        self.retries = retries
        self.reconnect = reconnect
        self.ser = ser
        self._lines = wire.LineBuffer(limit=wire.MAX_REPLY)
        self._next_id = random.randrange(1, wire.MAX_ID // 2)
        self.stats = {"requests": 0, "resends": 0, "reconnects": 0, "bad_replies": 0}
        self.noise: list[bytes] = []  # recent lines that were not frames
        self._lost_at: float | None = None  # when the port went away (None: it works)
        self._noisy = False  # damaged frames came back since the last good reply
        self._seq = 0  # numbers every line sent, to know which replies came in order
        self._srtt: float | None = None  # smoothed round trip of a first try

    @classmethod
    def open(cls, port: str, **kwargs) -> Link:
        link = cls(port, **kwargs)
        link.connect()
        return link

    def connect(self) -> None:
        if self.ser is None:
            self.ser = open_serial(self.port)
        self._lines = wire.LineBuffer(limit=wire.MAX_REPLY)
        self._write(b"\n")  # end any partial line the device holds

    def close(self) -> None:
        if self.ser is not None:
            close_serial(self.ser)
        self.ser = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- bytes ---------------------------------------------------------------
    def _write(self, data: bytes) -> None:
        assert self.ser is not None
        self.ser.write(data)
        self.ser.flush()

    def _read_lines(self, wait: float) -> list[bytes]:
        assert self.ser is not None
        # one byte with a timeout, then whatever else is waiting (a socket's
        # in_waiting only says 0 or 1, so it cannot size the read)
        self.ser.timeout = max(0.001, wait)
        data = self.ser.read(1)
        if not data:
            return []
        self.ser.timeout = 0
        data += self.ser.read(65536)
        out = []
        for line in self._lines.feed(data):
            if line.startswith(b"#"):
                out.append(line)
            elif line.startswith(b"BUSY"):
                raise PortBusy("port %s is busy (another program has it open)" % self.port)
            elif b'#{"id":' in line and b'"op":"' in line:
                raise NotRunning(
                    "the device on %s echoes requests: it is at its REPL, not running the"
                    " firmware (reset it, or run `confessor flash`)" % self.port
                )
            elif line.strip():
                self.noise = (self.noise + [line])[-20:]
        return out

    def _reopen(self, why: Exception) -> None:
        """The port went away: reopen it until `reconnect` seconds pass."""
        self.close()
        if self._lost_at is None:
            self._lost_at = time.monotonic()
        end = self._lost_at + self.reconnect
        while True:
            if time.monotonic() > end:  # (a port that opens and drops at once counts too)
                raise LinkError("lost the connection to %s (%s)" % (self.port, _one_line(why)))
            try:
                self.connect()
                self.stats["reconnects"] += 1
                return  # _lost_at stays set until a reply arrives
            except PortBusy:
                raise
            except (LinkError, OSError, serial.SerialException):
                self.close()
                if time.monotonic() > end:
                    raise LinkError(
                        "lost the connection to %s (%s)" % (self.port, _one_line(why))
                    ) from None
                time.sleep(0.1)

    # -- requests ------------------------------------------------------------
    def new_id(self) -> int:
        self._next_id += 1
        if self._next_id > wire.MAX_ID:
            self._next_id = 1
        return self._next_id

    def request(self, op: str, **args):
        """The result of one operation; raises DeviceError or LinkError."""
        return self.pipeline([(op, args)])[0]

    def rto(self) -> float:
        """How long to wait for a reply before resending: the round trip measured so
        far, with margin (at most `timeout`, which is also the first guess)."""
        if self._srtt is None:
            return self.timeout
        return min(self.timeout, max(MIN_RTO, 4 * self._srtt + 0.01))

    def pipeline(self, requests: list[tuple[str, dict]]) -> list:
        """Send several requests at once and collect every reply (in order).

        Each request is resent on its own until answered; the device answers
        in order, so a window of a few requests hides the round trip, and a
        reply to a later request tells which earlier ones to resend at once.
        """
        pending: dict[int, list] = {}  # id -> [line, tries, seq sent, time sent, fast]
        order = []
        for op, args in requests:
            ident = self.new_id()
            pending[ident] = [wire.request(ident, op, args), 0, 0, 0.0, 0]
            order.append(ident)
        markers: dict[int, int] = {}  # ping id -> seq sent
        results: dict[int, object] = {}
        self.stats["requests"] += len(order)
        if self.ser is None:
            self._reopen(LinkError("not connected"))
        self._noisy = False
        self._send(pending, order, markers)
        # Each round without any reply waits twice as long (up to MAX_WAIT) before
        # resending: a slow or backlogged device is given time to catch up, so
        # resends never pile up faster than it answers.
        wait = self.rto()
        deadline = time.monotonic() + wait
        damaged = False  # something came back damaged: resend once the line is quiet
        last_heard = time.monotonic()
        while pending:
            now = time.monotonic()
            quiet = min(QUIET * (wait / max(self.rto(), MIN_RTO)), 1.0)
            if now >= deadline or (damaged and now - last_heard >= quiet):
                self._resend(pending, markers, timed_out=now >= deadline)
                damaged = False
                wait = min(wait * 2, max(MAX_WAIT, self.timeout))
                deadline = time.monotonic() + wait
                continue
            try:
                lines = self._read_lines(min(QUIET / 2, deadline - now))
            except serial.SerialException as err:
                self._reopen(err)  # a lost port is not a failed try: send again
                self._write_newline()
                self._send(pending, sorted(pending), markers)
                deadline = time.monotonic() + wait
                continue
            if lines:
                last_heard = time.monotonic()
                self._lost_at = None
            latest = -1  # the latest seq answered in this read: earlier ones were lost
            for line in lines:
                msg = self._decode(line)
                if msg is None:
                    damaged = True  # a damaged reply: ask again
                    self._noisy = True
                    continue
                ident = msg.get("id")
                if ident is None and msg.get("err") == wire.E_FRAME:
                    damaged = True  # the device got a damaged request
                    self._noisy = True
                    continue
                if isinstance(ident, int) and ident in markers:
                    latest = max(latest, markers.pop(ident))
                    continue
                if not isinstance(ident, int) or ident not in pending:
                    continue  # a late answer to an earlier try
                entry = pending[ident]
                if "err" in msg:
                    if msg.get("err") == wire.E_FRAME:
                        damaged = True
                        continue
                    raise DeviceError(str(msg.get("err")), str(msg.get("msg")))
                if "ok" not in msg:
                    continue  # not a reply
                if entry[1] == 0:  # a first try: its round trip is a true one (Karn)
                    rtt = time.monotonic() - entry[3]
                    self._srtt = rtt if self._srtt is None else 0.875 * self._srtt + 0.125 * rtt
                latest = max(latest, entry[2])
                results[ident] = msg["ok"]
                del pending[ident]
                for other in pending.values():  # progress: the others' tries start over
                    other[1] = 0
                wait = self.rto()
                deadline = time.monotonic() + wait
                self._noisy = False
            lost = [i for i in sorted(pending) if pending[i][2] < latest]
            if lost:
                self._fast_resend(pending, lost, markers)
                damaged = False
        return [results[i] for i in order]

    def _decode(self, line: bytes) -> dict | None:
        from host import fastwire

        try:
            msg = fastwire.decode(line)
        except wire.WireError:
            self.stats["bad_replies"] += 1
            return None
        if "op" in msg:
            raise NotRunning(
                "the device on %s echoes requests: it is at its REPL, not running the"
                " firmware (reset it, or run `confessor flash`)" % self.port
            )
        return msg

    def _send(self, pending: dict, idents: list[int], markers: dict) -> None:
        """Send these requests, then a ping marker; note each one's place in line."""
        lines = []
        now = time.monotonic()
        for ident in idents:
            self._seq += 1
            entry = pending[ident]
            entry[2] = self._seq
            entry[3] = now
            lines.append(entry[0])
        marker = self.new_id()
        self._seq += 1
        markers[marker] = self._seq
        lines.append(wire.request(marker, "ping"))
        self._send_all(lines)

    def _send_all(self, lines: list[bytes]) -> None:
        while True:
            try:
                self._write(b"".join(lines))
                return
            except (serial.SerialException, OSError) as err:
                self._reopen(err)  # raises once `reconnect` seconds have passed

    def _fast_resend(self, pending: dict, idents: list[int], markers: dict) -> None:
        """Later replies came but not these: lost or damaged, resent without waiting."""
        for ident in idents:
            pending[ident][4] += 1
            if pending[ident][4] > MAX_FAST:
                raise NoAnswer(
                    "the line to %s damages nearly every reply (%d resends of one request)"
                    % (self.port, MAX_FAST),
                    True,
                )
        self.stats["resends"] += len(idents)
        self.stats["fast_resends"] = self.stats.get("fast_resends", 0) + len(idents)
        self._write_newline()
        self._send(pending, idents, markers)

    def _write_newline(self) -> None:
        self._send_all([b"\n"])  # end whatever damaged line the device is holding

    def _resend(self, pending: dict, markers: dict, timed_out: bool = True) -> None:
        for ident in sorted(pending):
            entry = pending[ident]
            entry[1] += 1
            if entry[1] > self.retries:
                hint = ""
                if self.noise and not any(b"#" in n for n in self.noise):
                    hint = " (is the firmware running? it printed: %s)" % _one_line(
                        self.noise[-1].decode("ascii", "replace")
                    )
                raise NoAnswer(
                    "the device does not answer on %s after %d tries%s"
                    % (self.port, self.retries, hint),
                    self._noisy,
                )
        self.stats["resends"] += len(pending)
        markers.clear()
        self._write_newline()
        self._send(pending, sorted(pending), markers)

    # -- operations ----------------------------------------------------------
    def hello(self) -> dict:
        return self.request("hello")

    def status(self) -> dict:
        return self.request("status")

    def games(self) -> list[dict]:
        """Every finished game on the device (name, size, sha256), page by page."""
        out: list[dict] = []
        while True:
            page = self.request("ls", **({"after": out[-1]["name"]} if out else {}))
            out += page["games"]
            if not page.get("more") or not page["games"]:
                return out

    def read(self, name: str, off: int, length: int) -> bytes:
        reply = self.request("read", name=name, off=off, len=length)
        return wire.unb64(reply["data"])

    def settings(self, values: dict | None = None) -> dict:
        if values is None:
            return self.request("settings")["settings"]
        return self.request("settings", values=values)["settings"]

    def set_clock(self, seconds: int | None = None) -> int:
        return self.request("clock", time=int(time.time() if seconds is None else seconds))["time"]


def _one_line(err) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
