"""Run code under both interpreters: CPython (this one) and the MicroPython
unix port installed into the same virtual environment."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PORTABLE = ROOT / "tests" / "portable"


def micropython_path():
    beside = Path(sys.executable).parent / "micropython"
    if beside.exists():
        return str(beside)
    found = shutil.which("micropython")
    if not found:
        raise RuntimeError("micropython is not installed: run `make install`")
    return found


def search_path(*extra):
    return ":".join([str(ROOT), str(PORTABLE)] + [str(e) for e in extra])


def run_micropython(args, heap=None, extra_path=(), timeout=600, cwd=None, env=None):
    cmd = [micropython_path()]
    if heap:
        cmd += ["-X", "heapsize=%s" % heap]
    env = dict(os.environ, **(env or {}), MICROPYPATH=search_path(*extra_path))
    return subprocess.run(
        cmd + [str(a) for a in args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=cwd or ROOT,
    )


def run_cpython(args, hashseed="0", extra_path=(), timeout=600):
    env = dict(os.environ, PYTHONHASHSEED=str(hashseed), PYTHONPATH=search_path(*extra_path))
    return subprocess.run(
        [sys.executable, "-B"] + [str(a) for a in args],
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=ROOT,
    )
