"""Confessor's firmware image on an emulated RP2040 (the rp2040js emulator, from npm).

    board = EmulatedBoard.start()            # build/firmware/confessor-emulator.uf2
    board.press("DOWN"); board.press("A")    # GPIO levels, as a finger makes them
    board.picture()                          # the glass, from the SPI bytes (SSD1680 model)
    board.files()                            # the littlefs in its flash: {path: bytes}
    board.power_cut(); board.wait_idle()     # the plug pulled, the flash kept
    with board.serial_port() as port: ...    # its USB serial as a pty (mpremote, confessor sync)
    board.stop()

host/emulator/runner.mjs runs the chip and the parts around it (docs/device.md, "The emulated
RP2040"): the panel's SPI bus and BUSY, the buttons' pads, the LED chain, the USB serial port,
the flash. This side keeps what a test reads: every SPI transfer fed to the same SSD1680 model
the virtual board uses (firmware/sim/ssd1680_model.py), so a wrong command, window or refresh
shows on the glass or in the model's errors; the test probe's lines from SPI0
(firmware/emulator/probe.py), which say when the firmware waits for a button and what the heap holds;
the LED chain's last colours; the USB bytes. Time in events is emulated microseconds.

Waiting is on events, never on a fixed sleep: a press waits until the probe has seen the
firmware busy and idle again (or a deadline of wall time passes, an error).
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNNER = ROOT / "host" / "emulator"
IMAGE = ROOT / "build" / "firmware" / "confessor-emulator.uf2"
FS_OFFSET = 0xA0000  # RPI_PICO: the last 1408 KB of the 2 MB flash are the filesystem
FS_BLOCK = 4096
FS_BLOCKS = 352
PRESS_MS = 40  # a short press: the button driver needs `stable` polls of 10 ms (buttons.py)
LONG_MS = 1000  # a long press: past buttons.py's 800 ms
GAP_MS = 40  # released this long before the next press: `stable` polls again
VSYS_USB_MV = 4700  # what the battery divider sees on USB
MEASURE = 0x80  # a ping's flag: measure the heap (firmware/emulator/probe.py)


class EmulatorError(RuntimeError):
    """The emulated board did not answer as expected."""


def node() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


def missing() -> str | None:
    """What the emulator needs and does not have, in one line; None when ready."""
    if node() is None:
        return "Node.js (Debian: apt-get install nodejs npm)"
    if not (RUNNER / "node_modules" / "rp2040js").is_dir():
        return "rp2040js (make install-emulator: npm ci in host/emulator)"
    if not IMAGE.exists():
        return "the emulator's image (make firmware)"
    return None


@dataclass
class ProbeState:
    """One line of firmware/emulator/probe.py: the firmware idle or busy, at emulated time t (us)."""

    t: int
    ping: int
    idle: bool
    refreshes: int
    free: int
    largest: int
    screen: str


@dataclass
class Refresh:
    """A panel refresh: its kind by the model, when it started (us) and the glass after."""

    t: int
    kind: str | None
    glass: bytes


@dataclass
class _Events:
    probe: list[ProbeState] = field(default_factory=list)
    refreshes: list[Refresh] = field(default_factory=list)
    leds: list[tuple[int, bytes]] = field(default_factory=list)
    driven: list[tuple[int, int, int | None]] = field(default_factory=list)  # (t, pin, level)
    activations: list[int] = field(default_factory=list)  # t of each refresh's start (0x20)
    faults: list[str] = field(default_factory=list)


def profile(name: str = "reference") -> dict:
    """A board profile of the pin map (wiring/pinmap.json)."""
    pinmap = json.loads((ROOT / "wiring" / "pinmap.json").read_text())
    return pinmap["profiles"][name]


def ssd1680_model():
    """The virtual board's SSD1680 model (firmware/sim/ssd1680_model.py), run here, with
    BUSY as the emulated panel drives it (the runner's busy events) instead of its clock."""
    firmware = str(ROOT / "firmware")
    if firmware not in sys.path:
        sys.path.append(firmware)  # last: nothing of the host's is shadowed
    from sim.ssd1680_model import SSD1680Model  # pyright: ignore[reportMissingImports]

    class EmulatedPanel(SSD1680Model):
        driven_busy = False

        def busy(self):
            return 1 if self.driven_busy else 0

        def _set_busy(self, ms):
            pass  # the runner keeps the time

    return EmulatedPanel()


def adc_value(mv: int, divider: int) -> int:
    """The 12-bit reading of VSYS through the divider (3.3 V full scale)."""
    return min(4095, mv * 4095 // divider // 3300)


class EmulatedBoard:
    def __init__(self, image: Path, flash: Path | None, busy_us: int, prof: str):
        self.profile = profile(prof)
        if self.profile["display"]["driver"] != "ssd1680":
            raise EmulatorError("the emulator models the SSD1680 panel only")
        self.image = Path(image).resolve()
        self.model = ssd1680_model()
        self.events = _Events()
        self._cond = threading.Condition()
        self._usb = queue.Queue()  # bytes from the device's USB serial
        self._done: dict[int, int] = {}  # command id -> emulated time of its answer
        self._ids = 0
        self._pings = 0
        self._boots = 0
        self.connected = False
        d = self.profile["display"]
        config = {
            "panel": {
                "spi": d["spi"],
                "dc": d["dc"],
                "cs": d["cs"],
                "rst": d["rst"],
                "busy": d["busy"],
                "busy_level": d["busy_level"],
                "busy_us": busy_us,
                "reset_us": 1000,
            },
            "leds": self.profile["leds"]["pin"],
            "adc": {},
        }
        battery = self.profile.get("battery")
        if battery:
            channel = battery["adc_pin"] - 26
            config["adc"][str(channel)] = adc_value(VSYS_USB_MV, battery["divider"])
        cmd = [node(), str(RUNNER / "runner.mjs"), "--image", str(self.image)]
        cmd += ["--config", json.dumps(config)]
        if flash is not None:
            cmd += ["--flash", str(flash)]
        self.proc = subprocess.Popen(
            cmd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=RUNNER,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._errors = threading.Thread(target=self._read_stderr, daemon=True)
        self._errors.start()
        self._stderr: list[str] = []

    @classmethod
    def start(
        cls,
        image: Path = IMAGE,
        flash: Path | None = None,
        busy_us: int = 2000,
        profile: str = "reference",
        timeout: float = 300.0,
    ) -> EmulatedBoard:
        """Power the board on and wait until its firmware waits for a button."""
        why = missing()
        if why and image == IMAGE:
            raise EmulatorError("the emulator needs " + why)
        board = cls(image, flash, busy_us, profile)
        try:
            board.wait_idle(timeout=timeout)
        except EmulatorError:
            board.stop()
            raise
        return board

    # ****** events ******
    def _read(self):
        assert self.proc.stdout is not None
        for raw in self.proc.stdout:
            try:
                event = json.loads(raw)
            except ValueError:
                continue
            with self._cond:
                self._event(event)
                self._cond.notify_all()
        with self._cond:
            self._cond.notify_all()

    def _read_stderr(self):
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            self._stderr.append(raw.decode("utf-8", "replace"))
            del self._stderr[:-50]

    def _event(self, e: dict) -> None:
        kind = e["ev"]
        if kind == "spi":
            data = bytes.fromhex(e["hex"])
            if e["dc"] == 0 and data[-1:] == b"\x20":
                self.events.activations.append(e["t"])
            before = self.model.refreshes[:] if self.model.refreshes else []
            count = len(self.model.refreshes)
            self.model.feed(e["dc"], data)
            if len(self.model.refreshes) != count or self.model.refreshes != before:
                kind_of = self.model.refreshes[-1] if self.model.refreshes else None
                self.events.refreshes.append(
                    Refresh(e["t"], kind_of, bytes(self.model.landscape()))
                )
        elif kind == "panel_reset":
            self.model.rst_changed(0)
        elif kind == "busy":
            self.model.driven_busy = bool(e["level"])
        elif kind == "probe":
            state = _probe_line(e["t"], e["line"])
            if state is not None:
                self.events.probe.append(state)
        elif kind == "usb":
            self._usb.put(base64.b64decode(e["b64"]))
        elif kind == "usb_connected":
            self.connected = True
        elif kind == "leds":
            self.events.leds.append((e["t"], bytes.fromhex(e["grb"])))
        elif kind == "done":
            self._done[e["id"]] = e["t"]
        elif kind == "driven":
            self.events.driven.append((e["t"], e["pin"], e["level"]))
        elif kind == "power_on":
            self._boots += 1
            self.connected = False
        elif kind in ("fault", "error"):
            self.events.faults.append(e["what"])

    def _send(self, **command) -> None:
        if self.proc.poll() is not None:
            raise EmulatorError("the emulator has stopped: " + "".join(self._stderr[-5:]))
        assert self.proc.stdin is not None
        self.proc.stdin.write((json.dumps(command) + "\n").encode())
        self.proc.stdin.flush()

    def _call(self, timeout: float = 60.0, **command) -> int:
        """A command answered by a `done` event; the emulated time (us) of the answer."""
        self._ids += 1
        ident = self._ids
        self._send(id=ident, **command)
        self._until(lambda: ident in self._done, timeout, "the emulator to answer %s" % command)
        return self._done.pop(ident)

    def _until(self, cond, timeout: float, what: str):
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                got = cond()
                if got:
                    return got
                if self.proc.poll() is not None:
                    raise EmulatorError(
                        "the emulator stopped waiting for %s: %s" % (what, "".join(self._stderr))
                    )
                left = deadline - time.monotonic()
                if left <= 0:
                    raise EmulatorError("timed out waiting for %s; %s" % (what, self.describe()))
                self._cond.wait(min(left, 1.0))

    # ****** what the firmware does ******
    def last_probe(self) -> ProbeState | None:
        with self._cond:
            return self.events.probe[-1] if self.events.probe else None

    def wait_idle(self, timeout: float = 300.0, heap: bool = False) -> ProbeState:
        """Until the firmware waits for a button, asked now: the probe answers the ping
        at its next look (it cannot look while the firmware computes without yielding),
        and if it is busy then, its next idle moment is the answer. `heap`: the answer
        carries the heap, measured after a collection (free, largest block)."""
        self._pings = self._pings % 127 + 1
        ping = self._pings | (MEASURE if heap else 0)
        mark = len(self.events.probe)
        self._send(op="ping", value=ping)

        def answered():
            seen = False
            for state in self.events.probe[mark:]:
                seen = seen or state.ping == ping
                if seen and state.idle:
                    return state
            return None

        return self._until(answered, timeout, "the firmware to wait for a button")

    def now(self) -> int:
        """Emulated time, us."""
        return self._call(op="time")

    # ****** the buttons ******
    def pin_of(self, button: str) -> int:
        return self.profile["buttons"][button]

    def _active_level(self) -> int:
        return 0 if self.profile.get("button_pull", "up") == "up" else 1

    def hold(self, *buttons: str, ms: int = PRESS_MS) -> None:
        """Press `buttons` together for `ms` of emulated time and let go."""
        level = self._active_level()
        for name in buttons[1:]:
            self._send(op="drive", pin=self.pin_of(name), level=level)
        self._call(op="drive", pin=self.pin_of(buttons[0]), level=level, us=ms * 1000)
        for name in buttons[1:]:
            self._send(op="drive", pin=self.pin_of(name), level=None)
        self._call(op="after", us=GAP_MS * 1000)

    def press(self, button: str, long: bool = False, wait: bool = True, heap: bool = False):
        """A press as a finger makes it; with `wait`, until the firmware is idle after it
        (with `heap`, the heap then)."""
        self.hold(button, ms=LONG_MS if long else PRESS_MS)
        return self.wait_idle(heap=heap) if wait else None

    def chord(self, *buttons: str, wait: bool = True, heap: bool = False):
        self.hold(*buttons)
        return self.wait_idle(heap=heap) if wait else None

    # ****** what it shows ******
    def picture(self) -> bytes:
        """The glass now: 296x128 MONO_VLSB, 1 = white (the model's landscape())."""
        with self._cond:
            return bytes(self.model.landscape())

    def panel_errors(self) -> list[str]:
        return list(self.model.errors)

    def leds(self) -> bytes | None:
        """The LED chain's last bytes, as sent (G, R, B a LED)."""
        with self._cond:
            return self.events.leds[-1][1] if self.events.leds else None

    # ****** the flash ******
    def flash(self) -> bytes:
        import tempfile

        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "flash.bin"
            self._call(op="save_flash", path=str(path))
            return path.read_bytes()

    def files(self) -> dict[str, bytes]:
        """Every file of the littlefs in the emulated flash."""
        return littlefs_files(self.flash()[FS_OFFSET : FS_OFFSET + FS_BLOCK * FS_BLOCKS])

    # ****** power ******
    def power_cut(self, timeout: float = 300.0) -> ProbeState:
        """The plug pulled mid-whatever: a new chip on the same flash; until idle."""
        mark = len(self.events.probe)
        boots = self._boots
        self._send(op="power_cut")
        self._until(lambda: self._boots > boots, 30, "the power to come back")
        with self._cond:
            self.model = type(self.model)()
        self._until(lambda: len(self.events.probe) > mark, timeout, "the firmware to boot")
        return self.wait_idle(timeout)

    def maintenance(self, timeout: float = 300.0) -> None:
        """Power on again with A and C held (maintenance mode, docs/security.md): the
        firmware leaves its REPL on the USB serial; the buttons are let go once it is up."""
        level = self._active_level()
        pins = [self.pin_of("A"), self.pin_of("C")]
        for pin in pins:
            self._send(op="drive", pin=pin, level=level)
        boots = self._boots
        self._send(op="power_cut")
        self._until(lambda: self._boots > boots, 30, "the power to come back")
        with self._cond:
            self.model = type(self.model)()
        seen = b""
        deadline = time.monotonic() + timeout
        while b">>> " not in seen:
            if time.monotonic() > deadline:
                raise EmulatorError("no REPL in maintenance mode; USB said %r" % seen[-200:])
            seen += self.read(0.5)
        for pin in pins:
            self._send(op="drive", pin=pin, level=None)

    def exec(self, code: str, timeout: float = 600.0) -> str:
        """Run `code` through the raw REPL (maintenance mode); its output, or
        EmulatorError with the traceback it printed."""
        self.write(b"\r\x01")
        self._expect(b"raw REPL; CTRL-B to exit\r\n>", timeout)
        self.write(code.encode() + b"\x04")
        reply = self._expect(b"\x04>", timeout)
        self.write(b"\x02")  # back to the friendly REPL
        ok = reply.find(b"OK")
        body = reply[ok + 2 : -2] if ok >= 0 else reply
        out, _, err = body.partition(b"\x04")
        if err.strip():
            raise EmulatorError("the script failed on the emulated chip: " + err.decode("latin-1"))
        return out.decode("latin-1").replace("\r\n", "\n")

    def _expect(self, marker: bytes, timeout: float) -> bytes:
        seen = b""
        deadline = time.monotonic() + timeout
        while marker not in seen:
            if time.monotonic() > deadline:
                raise EmulatorError("waited for %r; USB said %r" % (marker, seen[-300:]))
            seen += self.read(0.2)
        return seen

    def stuck_panel(self, on: bool = True) -> None:
        self._send(op="stuck", on=on)

    # ****** the USB serial ******
    def write(self, data: bytes) -> None:
        self._send(op="usb", b64=base64.b64encode(data).decode())

    def read(self, timeout: float = 0.1) -> bytes:
        out = b""
        try:
            out += self._usb.get(timeout=timeout)
            while True:
                out += self._usb.get_nowait()
        except queue.Empty:
            pass
        return out

    @contextlib.contextmanager
    def serial_port(self):
        """The USB serial as a pty: the path a laptop's tools open (/dev/pts/N)."""
        import pty
        import select

        master, slave = pty.openpty()
        import termios
        import tty

        tty.setraw(slave)
        attrs = termios.tcgetattr(slave)
        attrs[3] &= ~termios.ECHO
        termios.tcsetattr(slave, termios.TCSANOW, attrs)
        stop = threading.Event()

        def to_device():
            while not stop.is_set():
                ready, _, _ = select.select([master], [], [], 0.05)
                if ready:
                    try:
                        data = os.read(master, 4096)
                    except OSError:
                        return
                    if data:
                        self.write(data)

        def from_device():
            while not stop.is_set():
                try:
                    data = self._usb.get(timeout=0.05)
                except queue.Empty:
                    continue
                os.write(master, data)

        threads = [threading.Thread(target=f, daemon=True) for f in (to_device, from_device)]
        for t in threads:
            t.start()
        try:
            yield os.ttyname(slave)
        finally:
            stop.set()
            for t in threads:
                t.join(1)
            os.close(master)
            os.close(slave)

    # ****** ending ******
    def describe(self) -> str:
        last = self.events.probe[-3:]
        return "last probe lines %s; refreshes %d; panel errors %s; faults %s; stderr %s" % (
            last,
            len(self.events.refreshes),
            self.model.errors[-3:],
            self.events.faults[-3:],
            "".join(self._stderr[-5:]).strip(),
        )

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                self._send(op="quit")
                self.proc.wait(5)
            except (EmulatorError, OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def _probe_line(t: int, line: str) -> ProbeState | None:
    parts = line.split(" ", 6)
    if len(parts) != 7 or parts[0] != "P":
        return None
    try:
        return ProbeState(
            t,
            int(parts[1]),
            parts[2] == "1",
            int(parts[3]),
            int(parts[4]),
            int(parts[5]),
            parts[6],
        )
    except ValueError:
        return None


def littlefs_image(files: dict[str, bytes]) -> bytes:
    """A littlefs holding `files`, as MicroPython's rp2 port formats RPI_PICO's flash."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, read_size=32)
    for path in sorted(files):
        folder = path.rpartition("/")[0]
        if folder:
            fs.makedirs(folder, exist_ok=True)
        with fs.open(path, "wb") as f:
            f.write(files[path])
    return bytes(fs.context.buffer)


def flash_file(path: Path, files: dict[str, bytes]) -> Path:
    """A 2 MB flash whose filesystem holds `files` (EmulatedBoard.start(flash=...)): the
    image itself goes on top when the emulator loads it."""
    flash = bytearray(b"\xff" * (2 * 1024 * 1024))
    fs = littlefs_image(files)
    flash[FS_OFFSET : FS_OFFSET + len(fs)] = fs
    Path(path).write_bytes(flash)
    return Path(path)


def littlefs_files(image: bytes) -> dict[str, bytes]:
    """{path: bytes} of a littlefs image with the RPI_PICO geometry."""
    from littlefs import LittleFS

    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, mount=False)
    fs.context.buffer = bytearray(image)
    fs.mount()
    out = {}
    for root, _dirs, names in fs.walk("/"):
        for name in names:
            path = (root.rstrip("/") + "/" + name).lstrip("/")
            with fs.open(path, "rb") as f:
                out[path] = f.read()
    return out


if __name__ == "__main__":  # a quick look: boot, print the probe's first idle moment
    with EmulatedBoard.start() as b:
        print(b.last_probe(), file=sys.stdout)
