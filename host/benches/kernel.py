"""The kernel's own speed: the SHA-256 stream on both interpreters."""

import subprocess
import sys
import time
from pathlib import Path

from shared_rules.rng import Stream

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import time
from shared_rules.rng import Stream
s = Stream(b"bench", "chance")
t = time.ticks_ms() if hasattr(time, "ticks_ms") else None
start = time.time()
for _ in range(20000):
    s.below(77)
print(time.time() - start)
"""


def micropython_draws_per_second():
    mp = Path(sys.executable).parent / "micropython"
    start = time.perf_counter()
    subprocess.run(
        [str(mp), "-c", "import sys; sys.path.insert(0, %r)\n" % str(ROOT) + SCRIPT],
        check=True,
        capture_output=True,
    )
    return 20000 / (time.perf_counter() - start)


def run():
    s = Stream(b"bench", "chance")
    start = time.perf_counter()
    for _ in range(100000):
        s.below(77)
    yield "stream below(77) draws/s, CPython", 100000 / (time.perf_counter() - start), "draws/s"
    yield "stream below(77) draws/s, MicroPython unix", micropython_draws_per_second(), "draws/s"
