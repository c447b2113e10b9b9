"""A virtual Confessor: the firmware in the MicroPython unix port, behind a
pty, reachable as a serial URL (socket://127.0.0.1:PORT) that pyserial and
`mpremote connect` accept.

    board = VirtualBoard(flash_dir)
    board.start()            # runs main.py if the flash holds one, else the REPL
    board.url                # socket://127.0.0.1:PORT
    board.hard_reset()       # power cut: kill, restart with main.py
    board.hard_reset(hold="A,C")   # ... with A and C held through power-on: maintenance
    board.soft_reset()       # restart without main.py (the REPL)
    board.unplug(); board.replug()
    board.faults = Faults(drop=0.01, seed=1)
    board.stop()

The pty is the process's controlling terminal with ISIG on and VINTR=0x03, so
a Ctrl-C byte interrupts main.py as on a board; VQUIT/VSUSP are off so every
other byte passes. The flash directory is the process's working directory
(the board's filesystem root). As on a board, a Ctrl-D that ends the unix
process (a soft reset) restarts it: from the raw REPL without main.py (back in
the raw REPL, as mpremote expects), from the friendly REPL with main.py.

One client at a time, like a serial port: a second connection is told
`BUSY` and closed. With no client connected, the device's output is thrown
away (as a board's USB-CDC does when no host listens). A client that resets
or vanishes mid-reply is dropped and the next one served; a client that stops
reading has the device's output thrown away once STALL_LIMIT bytes wait for it
(a board's USB-CDC gives up on a host that does not read), and is dropped after
STALL_DROP seconds of not reading, so nobody can hold the port by going quiet.
Faults apply to the bytes in flight, per direction, from a seeded random
generator.
"""

from __future__ import annotations

import errno
import fcntl
import os
import random
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import termios
import threading
import time
import tty
from collections import deque
from pathlib import Path

SOFT_REBOOT = b"MPY: soft reboot\r\n"
BUSY = b"BUSY: this virtual board is in use by another program\r\n"
RAW_PROMPT = b"raw REPL; CTRL-B to exit\r\n"
DEFAULT_HEAP = "256wK"  # about the heap of a 32-bit board with 256 KB
# Bytes a corrupted byte never becomes on the way to the device: Ctrl-A..E change
# REPL modes and Ctrl-C interrupts main.py; real line noise could, tests should not.
_CONTROL = {0x01, 0x02, 0x03, 0x04, 0x05}
STALL_LIMIT = 256 * 1024  # bytes of output kept for a client that does not read
STALL_DROP = 10.0  # seconds a client may leave output unread (its socket full) before
# it is dropped


def micropython_path() -> str:
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    import shutil

    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("the MicroPython unix port is not installed (run `make install`)")
    return found


class Faults:
    """What goes wrong on the wire, per byte and per direction.

    drop, corrupt: probability per byte; split: deliver in random small
    pieces with short gaps; delay: seconds added to every piece; stall:
    probability per burst written of a pause of `stall_time` seconds (at most
    one per 3 stall times). `to_device` and
    `to_host` choose the directions. All draws come from `seed`.
    """

    def __init__(
        self,
        drop=0.0,
        corrupt=0.0,
        split=False,
        delay=0.0,
        stall=0.0,
        stall_time=0.3,
        to_device=True,
        to_host=True,
        seed=0,
    ):
        self.drop = drop
        self.corrupt = corrupt
        self.split = split
        self.delay = delay
        self.stall = stall
        self.stall_time = stall_time
        self.to_device = to_device
        self.to_host = to_host
        self.rng = random.Random(seed)
        self.dropped = 0
        self.corrupted = 0
        self._last_stall = -1e9

    def apply(self, data: bytes, toward_device: bool) -> list[tuple[float, bytes]]:
        """The pieces to deliver, each with its delay in seconds."""
        if not (self.to_device if toward_device else self.to_host):
            return [(0.0, data)]
        out = bytearray()
        rng = self.rng
        for b in data:
            if self.drop and rng.random() < self.drop:
                self.dropped += 1
                continue
            if self.corrupt and rng.random() < self.corrupt:
                new = rng.randrange(256)
                while new == b or (toward_device and new in _CONTROL):
                    new = rng.randrange(256)
                self.corrupted += 1
                b = new
            out.append(b)
        if not out:
            return []
        pieces = []
        if self.split:
            i = 0
            while i < len(out):
                n = rng.randint(1, 24)
                pieces.append(bytes(out[i : i + n]))
                i += n
        else:
            pieces.append(bytes(out))
        timed = []
        wait = self.delay
        now = time.monotonic()
        # a stall at most once per 3 stall times, so a busy line (many small bursts)
        # is not stalled without end
        if self.stall and now - self._last_stall > 3 * self.stall_time:
            if rng.random() < self.stall:
                self._last_stall = now
                wait += self.stall_time
        for piece in pieces:
            if self.split:
                wait += rng.random() * 0.002
            timed.append((wait, piece))
        return timed


class _Device:
    """One run of the micropython process and its pty master."""

    def __init__(self, proc: subprocess.Popen, master: int, with_main: bool):
        self.proc = proc
        self.master = master
        self.with_main = with_main
        self.started = time.monotonic()
        self.closed = False  # the slave side hung up (the process ended)
        self.host_ctrl_d = False  # the host pressed Ctrl-D: an exit may be its soft reset


class VirtualBoard:
    def __init__(
        self,
        flash_dir,
        *,
        port: int = 0,
        host: str = "127.0.0.1",
        sim_dir=None,
        heap: str | None = DEFAULT_HEAP,
        faults: Faults | None = None,
        env: dict | None = None,
        micropython: str | None = None,
    ):
        self.flash_dir = Path(flash_dir).resolve()
        self.flash_dir.mkdir(parents=True, exist_ok=True)
        self._own_sim = sim_dir is None
        self.sim_dir = Path(sim_dir or tempfile.mkdtemp(prefix="confessor-sim-")).resolve()
        self.sim_dir.mkdir(parents=True, exist_ok=True)
        self.heap = heap
        self.faults = faults
        self.extra_env = dict(env or {})
        self.micropython = micropython or micropython_path()
        self._host = host
        self._port = port
        self._lock = threading.RLock()
        self._dev: _Device | None = None
        self._listener: socket.socket | None = None
        self._client: socket.socket | None = None
        self._plugged = True
        self._running = False
        self._thread: threading.Thread | None = None
        self._to_device: deque = deque()  # (due, bytes)
        self._to_host: deque = deque()
        self._raw_mode = False  # the host last sent Ctrl-A (raw REPL), not Ctrl-B
        self._after_reboot: bytes | None = None  # send when the new REPL is up
        self._reboot_hold = bytearray()
        self._quick_exits = 0
        self._tail = bytearray()  # the device's recent output, for diagnostics
        self._rejected: list = []  # [close at, socket, next BUSY] of programs turned away
        self._stalled_since: float | None = None  # when the client stopped reading
        self.bridge_errors: list[str] = []  # what the bridge survived (tests read it)
        self.boots = 0
        self.url = ""

    # -- life --------------------------------------------------------------
    def start(self, run_main: bool = True) -> VirtualBoard:
        with self._lock:
            if self._running:
                return self
            self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            self._listener.bind((self._host, self._port))
            self._listener.listen(4)
            self._listener.setblocking(False)
            self.port = self._listener.getsockname()[1]
            self.url = "socket://%s:%d" % (self._host, self.port)
            self._spawn(run_main)
            self._running = True
            self._thread = threading.Thread(target=self._loop, name="virtual-board", daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        with self._lock:
            self._running = False
        if self._thread:
            self._thread.join(5)
        with self._lock:
            self._kill()
            for s in (self._client, self._listener):
                if s is not None:
                    try:
                        s.close()
                    except OSError:
                        pass
            self._client = None
            self._listener = None
            for entry in self._rejected:
                entry[1].close()
            self._rejected = []
        if self._own_sim:
            import shutil

            shutil.rmtree(self.sim_dir, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    @property
    def alive(self) -> bool:
        dev = self._dev
        return dev is not None and dev.proc.poll() is None

    @property
    def pid(self) -> int | None:
        dev = self._dev
        return dev.proc.pid if dev else None

    def hard_reset(self, hold: str = "") -> None:
        """A power cut: kill the process (wherever it was) and boot with main.py.
        `hold`: buttons held down through this power-on, released after ("A,C":
        maintenance mode, the firmware's REPL; the simulator reads CONFESSOR_SIM_HOLD)."""
        with self._lock:
            self._kill()
            self._drop_in_flight()
            self._spawn(True, hold)

    def soft_reset(self) -> None:
        """Restart without main.py: the device sits in its REPL."""
        with self._lock:
            self._kill()
            self._drop_in_flight()
            self._queue_to_host(SOFT_REBOOT)
            self._spawn(False)

    def unplug(self) -> None:
        """Pull the cable: the host's connection drops, the device runs on."""
        with self._lock:
            self._plugged = False
            self._close_client()

    def replug(self) -> None:
        with self._lock:
            self._plugged = True

    def output(self) -> bytes:
        """The device's recent output (also what nobody was listening to)."""
        with self._lock:
            return bytes(self._tail)

    def env(self) -> dict:
        env = dict(os.environ)
        env.update(
            {
                "MICROPYPATH": ":.frozen:lib",
                "CONFESSOR_SIM": str(self.sim_dir),
                "CONFESSOR_VIRTUAL": "1",
            }
        )
        env.update(self.extra_env)
        return env

    # -- the process -------------------------------------------------------
    def _spawn(self, with_main: bool, hold: str = "") -> None:
        master, slave = os.openpty()
        tty.setraw(slave)
        attrs = termios.tcgetattr(slave)
        attrs[3] |= termios.ISIG
        attrs[6][termios.VINTR] = 3
        attrs[6][termios.VQUIT] = 0
        attrs[6][termios.VSUSP] = 0
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        cmd = [self.micropython]
        if self.heap:
            cmd += ["-X", "heapsize=" + self.heap]
        run_main = with_main and (self.flash_dir / "main.py").exists()
        if run_main:
            cmd += ["-i", "main.py"]

        def child_setup():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        env = self.env()
        if hold:
            env["CONFESSOR_SIM_HOLD"] = hold
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=slave,
                stdout=slave,
                stderr=slave,
                cwd=self.flash_dir,
                env=env,
                preexec_fn=child_setup,
                close_fds=True,
            )
        finally:
            os.close(slave)
        os.set_blocking(master, False)
        self._dev = _Device(proc, master, run_main)
        self._raw_mode = False
        self.boots += 1

    def _kill(self) -> None:
        dev = self._dev
        self._dev = None
        if dev is None:
            return
        if dev.proc.poll() is None:
            try:
                os.killpg(dev.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                dev.proc.kill()
        try:
            dev.proc.wait(5)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.close(dev.master)
        except OSError:
            pass

    def _drop_in_flight(self) -> None:
        self._to_device.clear()
        self._after_reboot = None
        self._reboot_hold = bytearray()

    def _on_exit(self, dev: _Device) -> None:
        """The process ended by itself: a soft reset (Ctrl-D) or a crash."""
        # Only a firmware that ends on its own, soon after starting, is a boot loop;
        # a flash or sync may press Ctrl-D several times within a second.
        quick = time.monotonic() - dev.started < 1.0 and not dev.host_ctrl_d
        self._quick_exits = self._quick_exits + 1 if quick else 0
        raw = self._raw_mode
        self._kill()
        self._drop_in_flight()
        if self._quick_exits >= 3:  # a boot loop: stay off, like a board that keeps crashing
            self._queue_to_host(b"virtual board: the firmware exits at once; stopped\r\n")
            return
        self._queue_to_host(SOFT_REBOOT)
        if raw:
            # mpremote soft-reset from the raw REPL: back to the raw REPL, no main.py
            self._spawn(False)
            self._after_reboot = b"\x01"
        else:
            self._spawn(True)

    # -- the bridge --------------------------------------------------------
    def _close_client(self) -> None:
        if self._client is not None:
            try:
                self._client.close()
            except OSError:
                pass
        self._client = None
        self._to_host.clear()
        self._stalled_since = None

    def _queue(self, queue: deque, data: bytes, toward_device: bool) -> None:
        faults = self.faults
        now = time.monotonic()
        last = queue[-1][0] if queue else now
        if faults is None:
            queue.append((max(now, last), data))
            return
        for wait, piece in faults.apply(data, toward_device):
            queue.append((max(now + wait, last), piece))

    def _queue_to_host(self, data: bytes) -> None:
        self._remember(data)
        if self._client is not None:
            self._queue(self._to_host, data, False)

    def _remember(self, data: bytes) -> None:
        self._tail += data
        if len(self._tail) > 65536:
            del self._tail[:-65536]

    def _from_host(self, data: bytes) -> None:
        for b in data:
            if b == 0x01:
                self._raw_mode = True
            elif b == 0x02:
                self._raw_mode = False
        if self._dev is not None:
            if 0x04 in data:
                self._dev.host_ctrl_d = True
            self._queue(self._to_device, data, True)

    def _from_device(self, data: bytes) -> None:
        if self._after_reboot is not None:
            # hold the fresh REPL's banner until its prompt, then switch mode
            self._reboot_hold += data
            if b">>> " in self._reboot_hold:
                self._to_device.append((time.monotonic(), self._after_reboot))
                self._after_reboot = None
                self._reboot_hold = bytearray()
            return
        self._queue_to_host(data)

    def _flush(self, queue: deque, write) -> float | None:
        """Write what is due; returns when the next piece is due (or None). A write
        that fails for good (the peer reset or closed) raises OSError."""
        now = time.monotonic()
        while queue:
            due, data = queue[0]
            if due > now:
                return due
            try:
                n = write(data)
            except (BlockingIOError, InterruptedError):
                return now + 0.005
            if n < len(data):
                queue[0] = (due, data[n:])
                return now + 0.002
            queue.popleft()
        return None

    def _flush_client(self, client) -> float | None:
        """Send the device's output to the client; drop a client that is gone or has
        stopped reading (see the module's docstring)."""
        try:
            due = self._flush(self._to_host, client.send)
        except OSError:  # ConnectionResetError, BrokenPipeError: the program went away
            self._close_client()
            return None
        now = time.monotonic()
        if self._to_host and due is not None and due <= now + 0.005:
            # blocked: the socket is full because nobody reads
            if self._stalled_since is None:
                self._stalled_since = now
            waiting = sum(len(d) for _, d in self._to_host)
            if waiting > STALL_LIMIT:
                self._to_host.clear()  # thrown away, as USB-CDC does
            if now - self._stalled_since > STALL_DROP:
                self._close_client()
                return None
        else:
            self._stalled_since = None
        return due

    def _loop(self) -> None:
        sel = selectors.DefaultSelector()
        while True:
            with self._lock:
                if not self._running:
                    break
                dev = self._dev
                listener, client = self._listener, self._client
                if dev is not None and dev.proc.poll() is not None and dev.closed:
                    self._on_exit(dev)
                    dev = self._dev
                waits = [0.05]
                if dev is not None and not dev.closed:
                    try:
                        due = self._flush(self._to_device, lambda d, fd=dev.master: os.write(fd, d))
                    except OSError:  # the pty went with the process: _on_exit follows
                        dev.closed = True
                        due = None
                    if due is not None:
                        waits.append(due - time.monotonic())
                now = time.monotonic()
                for entry in list(self._rejected):
                    if entry[0] <= now:
                        self._rejected.remove(entry)
                        entry[1].close()
                    elif entry[2] <= now:
                        entry[2] = now + 0.1
                        try:
                            entry[1].send(BUSY)
                        except OSError:
                            pass
                if self._rejected:
                    waits.append(0.1)
                if client is not None and client is self._client:
                    due = self._flush_client(client)
                    if due is not None:
                        waits.append(due - time.monotonic())
            try:
                # Outside the lock another thread may close a socket or the pty
                # (unplug, reset) between the snapshot above and here: a closed
                # file is a ValueError/OSError, and the next round starts afresh.
                for key in list(sel.get_map().values()):
                    sel.unregister(key.fileobj)
                if listener is not None:
                    sel.register(listener, selectors.EVENT_READ, "listen")
                if client is not None:
                    sel.register(client, selectors.EVENT_READ, "client")
                if dev is not None and not dev.closed:
                    sel.register(dev.master, selectors.EVENT_READ, "device")
                elif dev is not None and dev.proc.poll() is None:
                    waits.append(0.01)
                events = sel.select(max(0.0, min(waits)))
            except (OSError, ValueError, KeyError):
                sel.close()
                sel = selectors.DefaultSelector()
                continue
            with self._lock:
                if not self._running:
                    break
                for key, _ in events:
                    try:
                        self._event(key.data, key.fileobj, dev, client)
                    except OSError as err:  # one socket's trouble never stops the bridge
                        self.bridge_errors.append(repr(err))
                        if key.data == "client":
                            self._close_client()
        sel.close()

    def _event(self, what, fileobj, dev, client) -> None:
        if what == "listen":
            try:
                conn, _ = fileobj.accept()
            except OSError:
                return
            if self._client is not None and _closed(self._client):
                self._close_client()  # the last program hung up; its EOF is still queued
            if not self._plugged:
                conn.close()  # nothing at the end of the cable
                return
            if self._client is not None:
                # like a locked port: say so, every 0.1 s for 2 s, then hang up
                # (pyserial throws away what arrives while it opens a socket, and
                # closing at once could lose the message in the other program's read)
                conn.setblocking(False)
                self._rejected.append([time.monotonic() + 2.0, conn, 0.0])
                return
            conn.setblocking(False)
            conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            # a serial port buffers little: a client that stops reading is seen soon
            conn.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
            self._client = conn
        elif what == "client":
            if client is not self._client:
                return
            try:
                data = client.recv(65536)
            except BlockingIOError:
                return
            except OSError:
                data = b""
            if not data:
                self._close_client()
                return
            self._from_host(data)
        elif what == "device":
            if dev is not self._dev or dev is None:
                return
            try:
                data = os.read(dev.master, 65536)
            except BlockingIOError:
                return
            except OSError as err:
                if err.errno in (errno.EIO, errno.EBADF):
                    dev.closed = True
                    return
                raise
            if not data:
                dev.closed = True
                return
            self._from_device(data)


def _closed(sock: socket.socket) -> bool:
    try:
        if sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR):
            return True  # reset (RST): bytes it sent may still be queued, but it is gone
        return sock.recv(1, socket.MSG_PEEK | socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def wait_for(predicate, timeout: float = 20.0, interval: float = 0.01, what: str = "condition"):
    """Poll `predicate` until true; raises TimeoutError naming `what`."""
    end = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > end:
            raise TimeoutError("timed out waiting for " + what)
        time.sleep(interval)
