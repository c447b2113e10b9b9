"""The device's costs behind docs/security.md: the time of a log signature and of a
2 KB `read` on the MicroPython unix port, and what they come to on a Pico 2 W (the
RP2350 runs MicroPython about 30x slower than the unix port on a laptop). The long
sweeps (fuzz, faulted syncs, forgeries) are `make sweeps` (host/sweeps.py)."""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from host.manifest import source_path
from host.sim_client import micropython

ROOT = Path(__file__).resolve().parents[2]
PICO_FACTOR = 30  # RP2350 MicroPython against the unix port on a laptop (research notes)
USB_FULL_SPEED = 1_000_000  # bytes/s a USB full-speed CDC link carries in practice

SIGN = """
import time, devkey
key = devkey.DeviceKey('')
key.public()
n = 20
t = time.ticks_us()
for i in range(n):
    key.sign(bytes([i]) * 32)
print(time.ticks_diff(time.ticks_us(), t) / n / 1000)
"""

READ = """
import time, os
import serial_link
from shared_rules import wire
os.mkdir('games')
data = bytes((i * 7) & 0xFF for i in range(8192))
with open('games/0123456789ab.log', 'wb') as f:
    f.write(data)
class Store:
    def log_path(self, name): return 'games/%s.log' % name
    def is_finished(self, name): return name == '0123456789ab'
class App:
    pass
server = serial_link.Server(App(), Store())
lines = [wire.request(100 + i, 'read', {'name': '0123456789ab', 'off': (i % 4) * 2048,
         'len': 2048})[:-1] for i in range(8)]
for line in lines:
    server.handle(line)
n = 200
t = time.ticks_us()
for i in range(n):
    reply = server.handle(lines[i % 8])
print(time.ticks_diff(time.ticks_us(), t) / n / 1000, len(reply))
"""


def _run(code: str, cwd: Path) -> str:
    env_path = ":".join([".frozen", *(str(p) for p in source_path()), str(ROOT)])
    done = subprocess.run(
        [micropython(), "-c", code],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        env={"MICROPYPATH": env_path, "PATH": "/usr/bin:/bin"},
    )
    if done.returncode != 0:
        raise RuntimeError(done.stdout[-500:] + done.stderr[-500:])
    return done.stdout.strip().splitlines()[-1]


def run():
    with tempfile.TemporaryDirectory() as tmp:
        sign_ms = float(_run(SIGN, Path(tmp)))
    yield "log signature (Ed25519), unix port", sign_ms, "ms"
    yield "log signature, estimated on a Pico 2 W (x%d)" % PICO_FACTOR, sign_ms * PICO_FACTOR, "ms"
    with tempfile.TemporaryDirectory() as tmp:
        read_ms, frame = _run(READ, Path(tmp)).split()
    read_ms = float(read_ms)
    yield "device time per 2 KB `read` (request in, frame out), unix port", read_ms, "ms"
    pico = 2048 / (read_ms * PICO_FACTOR / 1000)
    yield "estimated Pico 2 W read throughput (x%d)" % PICO_FACTOR, pico / 1000, "KB/s"
    yield "  as a share of USB full speed (~1 MB/s)", pico * 100 / USB_FULL_SPEED, "%"
