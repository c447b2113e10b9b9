"""Drive the simulated Confessor through its side channel (docs/simulator.md).

The device (firmware/main.py on the MicroPython unix port) reads button commands from
files in `<dir>/in/` and writes its status, screen and LEDs to `<dir>/`. Every call
here waits on the device's acknowledgements (sequence numbers and the `idle` flag),
never on a fixed sleep, so tests driving it are not timing-dependent.

    dev = SimDevice.start(flash_dir, seed=...)   # or SimClient(dir) for a running one
    dev.client.press("A"); dev.client.screen_text()
"""

from __future__ import annotations

import json
import os
import re
import signal
import struct
import subprocess
import sys
import time
import zlib
from pathlib import Path

from host.manifest import source_path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
BUTTONS = ("A", "B", "C", "UP", "DOWN")


class SimError(RuntimeError):
    """The simulated device did not answer as expected."""


class SimClient:
    def __init__(self, folder: str | os.PathLike, timeout: float = 20.0):
        self.dir = Path(folder)
        self.timeout = timeout
        self.seq = 0
        self.boot = None

    # ****** status ******
    def status(self) -> dict:
        try:
            return json.loads((self.dir / "status.json").read_text())
        except (OSError, ValueError):
            return {}

    def attach(self, old_boot: str | None = None, timeout: float | None = None, proc=None) -> dict:
        """Wait for a (new) device boot to be idle; presses are numbered from 1 again."""
        st = self._until(
            lambda s: s.get("boot") and s.get("boot") != old_boot and (s["idle"] or s["exited"]),
            timeout,
            "device to boot",
            proc,
        )
        self.boot = st["boot"]
        self.seq = 0
        return st

    def _until(self, cond, timeout, what, proc=None):
        deadline = time.monotonic() + (timeout or self.timeout)
        delay = 0.001
        while True:
            st = self.status()
            if st and cond(st):
                return st
            if proc is not None and proc.poll() is not None:
                raise SimError(f"device exited (rc {proc.returncode}) waiting for {what}")
            if time.monotonic() > deadline:
                raise SimError(f"timed out waiting for {what}; last status {st}")
            time.sleep(delay)  # polling a file: a wait for a condition, not a guess
            delay = min(delay * 2, 0.01)

    proc: subprocess.Popen | None = None  # the device process, when known: a crash fails fast

    def wait_idle(self, timeout: float | None = None, proc=None) -> dict:
        """Until every command sent has been seen and the device waits for a button."""
        seq = self.seq
        boot = self.boot
        return self._until(
            lambda s: s.get("boot") == boot and s["ack"] >= seq and (s["idle"] or s["exited"]),
            timeout,
            f"idle after command {seq}",
            proc or self.proc,
        )

    # ****** buttons ******
    def send(self, op: str, *names: str) -> int:
        for name in names:
            if name not in BUTTONS:
                raise ValueError(f"no button {name!r} (buttons: {', '.join(BUTTONS)})")
        return self._command(op, *names)

    def _command(self, op: str, *args: str) -> int:
        self.seq += 1
        inbox = self.dir / "in"
        tmp = inbox / f"{self.seq:08d}.tmp"
        tmp.write_text(f"{self.seq} {op} {' '.join(args)}")
        os.replace(tmp, inbox / f"{self.seq:08d}.cmd")
        return self.seq

    def fresh_status(self) -> dict:
        """The status written again now (a command that presses nothing): the simulator
        writes it when something changes, and a laptop asks the link again after an
        error reply, as after a moment's heap with no room for the public view."""
        self._command("press")
        return self.wait_idle()

    def vsys(self, millivolts: int, wait: bool = True) -> dict | None:
        """Set the virtual board's supply (VSYS, mV), what its battery divider reads."""
        self._command("vsys", str(int(millivolts)))
        return self.wait_idle() if wait else None

    def panel(self, state: str, wait: bool = True) -> dict | None:
        """The display controller's BUSY stuck for good ("stuck"), or let go ("ok")."""
        if state not in ("stuck", "ok"):
            raise ValueError(f"panel state {state!r}: 'stuck' or 'ok'")
        self._command("panel", state)
        return self.wait_idle() if wait else None

    def press(self, name: str, long: bool = False, wait: bool = True) -> dict | None:
        self.send("long" if long else "press", name)
        return self.wait_idle() if wait else None

    def chord(self, a: str, b: str, wait: bool = True) -> dict | None:
        self.send("chord", a, b)
        return self.wait_idle() if wait else None

    # ****** outputs ******
    def screen_text(self) -> str:
        return (self.dir / "screen.txt").read_text()

    def screen(self) -> dict:
        return json.loads((self.dir / "screen.json").read_text())

    def screen_image_path(self) -> Path:
        return self.dir / "screen.pbm"

    def screen_image(self) -> tuple[int, int, bytes]:
        """(width, height, rows of packed bits, 1 = black) of the panel as shown."""
        return read_pbm(self.screen_image_path().read_bytes())

    def screen_png(self, path: str | os.PathLike | None = None) -> bytes:
        png = pbm_to_png(self.screen_image_path().read_bytes())
        if path is not None:
            Path(path).write_bytes(png)
        return png

    def leds(self) -> dict:
        """{"rgb": [[r, g, b], ...], "names": [...]} as last written to the chain."""
        return json.loads((self.dir / "leds.json").read_text())

    def events(self) -> list[dict]:
        out = []
        for line in (self.dir / "events.log").read_text().splitlines():
            if line.strip():
                out.append(json.loads(line))
        return out


def plain(text: str) -> str:
    """A screen's text without its drawn symbols (characters from U+0100 on, see
    host/symbols.py): what a script matches against ("Return wine to bag")."""
    return "".join(ch for ch in text if ord(ch) < 0x100).strip()


def read_pbm(data: bytes) -> tuple[int, int, bytes]:
    parts = data.split(b"\n", 2)
    if parts[0] != b"P4":
        raise SimError("not a binary PBM")
    w, h = (int(v) for v in parts[1].split())
    return w, h, parts[2]


def pixel(image: tuple[int, int, bytes], x: int, y: int) -> int:
    w, _, bits = image
    row = (w + 7) // 8
    return (bits[y * row + x // 8] >> (7 - x % 8)) & 1


def pbm_to_png(data: bytes) -> bytes:
    """A 1-bit greyscale PNG (0 = black, so the PBM bits are inverted)."""
    w, h, bits = read_pbm(data)
    row = (w + 7) // 8
    raw = bytearray()
    for y in range(h):
        raw.append(0)
        raw.extend(b ^ 0xFF for b in bits[y * row : (y + 1) * row])

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    head = struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", head)
        + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
        + chunk(b"IEND", b"")
    )


def flash_image(flash: Path, manifest: Path | None = None) -> None:
    """Put the firmware in `flash` as `confessor flash` puts it on a board: exactly the
    device manifest's files (firmware/manifest.py, the simulated hardware included,
    since this is the unix port), modules compiled to .mpy by mpy-cross (no compiler
    RAM at import), the ones it marks source (main.py) as .py."""
    from host.flash import compile_module
    from host.manifest import DEFAULT, Manifest

    cross = [str(Path(sys.executable).parent / "mpy-cross")]
    for rel, entry in Manifest(manifest or DEFAULT).files(virtual=True).items():
        if entry.source or not rel.endswith(".py"):
            target, data = flash / rel, entry.local.read_bytes()
        else:
            target, data = (
                flash / (rel[:-3] + ".mpy"),
                compile_module(cross, entry.local, rel, None),
            )
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)


PORTS = ("unix64", "unix32")
UNIX32 = ROOT / "build" / "unix32" / "micropython"  # make firmware (host/build.py)


def micropython(port: str = "unix64") -> str:
    if port == "unix32":
        if not UNIX32.exists():
            raise SimError("the 32-bit MicroPython is not built: make firmware")
        return str(UNIX32)
    beside = Path(sys.executable).parent / "micropython"
    return str(beside) if beside.exists() else "micropython"


# The heap's layout at each idle moment, for a measurement (SimDevice.start(blocks=...)):
# run as `-c` in place of main.py, it wraps sim.build so that once the board is built
# (after the simulator's share is measured, which it leaves as it is) the side channel,
# at each idle moment, after its collection and before it writes the status that says
# idle, prints MicroPython's account of the heap (mem_info: the free total, the largest
# free block; level 1: the map of every block) on stdout, a SimDevice's stderr.txt.
# Printing allocates nothing; the probe's own code and names (a few hundred bytes) are
# on the heap, against the firmware: a measured run has that much less room.
BLOCKS_PROBE = """import gc,micropython,sim
def _probe(build):
    def probed(*args):
        board=build(*args)
        if board.sim is not None:
            kind=type(board.sim)
            status=kind._status
            def said(self,idle,app=None):
                if idle:
                    gc.collect()
                    micropython.mem_info(%d)
                status(self,idle,app)
            kind._status=said
        return board
    return probed
sim.build=_probe(sim.build)
del _probe
import main
"""


class SimDevice:
    """A simulated device process: its flash folder (cwd), side channel and client."""

    blocks = 0  # BLOCKS_PROBE's level: 1 the largest free block, 2 the map too
    _read = 0
    _last_idle: dict | None = None

    def __init__(
        self, flash: Path, env: dict, heap: str | None, extra_path=(), mpy=False, port="unix64"
    ):
        self.flash = Path(flash)
        self.mpy = mpy
        self.port = port
        self.sim = self.flash / "sim"
        self.env = env
        self.heap = heap
        self.extra_path = list(extra_path)
        self.proc: subprocess.Popen | None = None
        self.client = SimClient(self.sim)

    @classmethod
    def start(
        cls,
        flash,
        seed: str | None = None,
        heap: str | None = None,
        hold: str = "",
        profile: str | None = None,
        games: str | None = None,
        extra_path=(),
        long_ms: int = 300,
        speed: str = "instant",
        mpy: bool = False,
        keep_frames: bool = False,
        settle_ms: int | None = None,
        ghosts: bool = False,
        busy_ms: int | None = None,
        busy_timeout_ms: int | None = None,
        phone_port: int | None = None,
        wifi: dict | None = None,
        blocks: int = 0,
        port: str = "unix64",
    ) -> SimDevice:
        """Boot the firmware on the unix port with simulated hardware. `port`: "unix64", the
        pip package's MicroPython running firmware/ from source (or, with `mpy`, from .mpy
        files on the flash folder, as `confessor flash` installs them); "unix32", the 32-bit
        MicroPython of `make firmware` with the firmware and the simulator frozen in (bytes
        as on a 32-bit board: the heap figures' interpreter, docs/device.md)."""
        env = dict(os.environ)
        for key in list(env):
            if key.startswith("CONFESSOR_"):
                del env[key]
        flash = Path(flash)
        flash.mkdir(parents=True, exist_ok=True)
        env.update(
            CONFESSOR_SIM=str(flash / "sim"),
            CONFESSOR_SIM_SPEED=speed,
            CONFESSOR_SIM_LONG_MS=str(long_ms),
        )
        if seed:
            env["CONFESSOR_SIM_SEED"] = seed
        if hold:
            env["CONFESSOR_SIM_HOLD"] = hold
        if profile:
            env["CONFESSOR_PROFILE"] = profile
        if games:
            env["CONFESSOR_SIM_GAMES"] = games
        if keep_frames:
            env["CONFESSOR_SIM_KEEP"] = "1"
        if settle_ms is not None:
            env["CONFESSOR_SIM_SETTLE_MS"] = str(settle_ms)
        if ghosts:
            env["CONFESSOR_SIM_GHOSTS"] = "1"
        if busy_ms is not None:
            env["CONFESSOR_SIM_BUSY_MS"] = str(busy_ms)
        if busy_timeout_ms is not None:
            env["CONFESSOR_SIM_BUSY_TIMEOUT_MS"] = str(busy_timeout_ms)
        if phone_port is not None:
            env["CONFESSOR_SIM_PHONE_PORT"] = str(phone_port)
        if wifi is not None:  # the networks in the radio's range: name -> passphrase
            env["CONFESSOR_SIM_WIFI"] = json.dumps(wifi)
        if port not in PORTS:
            raise SimError("no port %r (%s)" % (port, ", ".join(PORTS)))
        dev = cls(flash, env, heap, extra_path, mpy, port)
        dev.blocks = blocks
        if mpy:
            flash_image(flash)
        dev.boot()
        return dev

    def boot(self, old: str | None = None) -> dict:
        if self.port == "unix32" and not self.mpy:
            # everything frozen: the flash folder holds only what the firmware writes
            path = [".frozen"] + [str(p) for p in self.extra_path]
            main = None
        elif self.mpy:
            # the flashed layout: precompiled modules at the root, main.py run from there
            path = [".frozen", "."] + [str(p) for p in self.extra_path]
            main = "main.py"
        else:
            path = [".frozen", *(str(p) for p in source_path())]
            path += [str(p) for p in self.extra_path] + [str(ROOT)]
            main = str(FIRMWARE / "main.py")
        env = dict(self.env, MICROPYPATH=":".join(path))
        cmd = [micropython(self.port)]
        if self.heap:
            cmd += ["-X", f"heapsize={self.heap}"]
        # frozen: "" leaves sys.path, or the flash folder's files (the side channel's sim/
        # folder among them) would shadow the frozen modules
        frozen = "import sys\nsys.path.remove('')\n" if main is None else ""
        if self.blocks:
            cmd += ["-c", frozen + BLOCKS_PROBE % (self.blocks - 1)]
            self._read = 0
        elif main is None:
            cmd += ["-c", frozen + "import main\n"]
        else:
            cmd.append(main)
        # MicroPython prints an uncaught traceback on stdout: keep both for post-mortems
        self.stderr = open(self.flash / "stderr.txt", "ab")
        self.proc = subprocess.Popen(
            cmd,
            cwd=self.flash,
            env=env,
            # stdin stays open and silent (the serial link polls it); nothing on stdout
            stdin=subprocess.PIPE,
            stdout=self.stderr,
            stderr=self.stderr,
        )
        self.client.proc = self.proc
        try:
            return self.client.attach(old, timeout=30, proc=self.proc)
        except SimError as err:
            raise SimError(f"{err}\n{self.crash_report()}") from None

    def heap_at_idle(self) -> dict:
        """With `blocks`: the heap at the last idle moment, as MicroPython accounts for it
        after the simulator's collection there (BLOCKS_PROBE): {"free": bytes free in all,
        "largest": the largest free block in bytes}, with blocks=2 also "map": the map of
        every block (micropython.mem_info(1): "." free, "h" a head, "=" its tail...)."""
        with open(self.flash / "stderr.txt", "rb") as f:
            f.seek(self._read)
            text = f.read().decode("latin-1")
        end = text.rfind("\nGC: total:")
        if end < 0:
            if self._last_idle is None:
                raise SimError("no heap report on the device's stdout")
            return self._last_idle
        report = text[end:]
        self._read += end + 1
        got = re.search(r"GC: total: (\d+), used: \d+, free: (\d+)\n.*max free sz: (\d+)", report)
        if got is None:  # being written: the one before is the last whole one
            return self._last_idle or {}
        block = 16 if self.port == "unix32" else 4 * struct.calcsize("P")  # a GC block: 4 words
        self._last_idle = {"free": int(got[2]), "largest": int(got[3]) * block}
        if self.blocks > 1:
            self._last_idle["map"] = report
        return self._last_idle

    def crash_report(self) -> str:
        if self.proc is not None and self.proc.poll() is None:
            return "device still running"
        try:
            return (self.flash / "stderr.txt").read_text()[-2000:]
        except OSError:
            return "no stderr"

    def power_cut(self) -> None:
        """SIGKILL: no flush, no cleanup, like pulling the plug."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def restart(self) -> dict:
        old = self.client.status().get("boot")
        self.power_cut()
        return self.boot(old)

    def stop(self) -> None:
        self.power_cut()
        if self.proc is not None and self.proc.stdin:
            self.proc.stdin.close()
        if getattr(self, "stderr", None):
            self.stderr.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


# The device's heap budget (docs/device.md, "Memory"): every game's whole session, phones
# included, leaves MIN_FREE bytes free at idle on the 32-bit frozen build given an RP2040's
# heap, so it fits a Pico W or a Badger 2040 W with room, and the Pico 2 W (about 400 KB)
# with more than half of its heap free.
RP2040_HEAP = 240 * 1024  # an RP2040's MicroPython heap (the emulator measures it)
MIN_FREE = 96 * 1024
_shares: dict[str, int] = {}


def simulator_share(port: str = "unix32") -> int:
    """Bytes of the heap the simulator itself takes on this port (its models' RAMs, its
    side channel: a real board runs none of it), as firmware/sim/__init__.py measures it at
    power-on. Measured once per process, on a device booted to its menu."""
    if port not in _shares:
        import tempfile

        with tempfile.TemporaryDirectory(prefix="share") as folder:
            dev = SimDevice.start(Path(folder) / "flash", heap="1M", port=port)
            try:
                _shares[port] = int(dev.client.status()["share"])
            finally:
                dev.stop()
    return _shares[port]


def device_heap() -> str:
    """The `-X heapsize` of the 32-bit frozen build that gives the firmware an RP2040's
    heap: RP2040_HEAP plus the simulator's own share, so everything the firmware and its
    games allocate, the names they intern included, counts as on the chip."""
    return str(RP2040_HEAP + simulator_share("unix32"))
