"""The same rules, two interpreters: the portable tests pass under MicroPython,
and every transcript prints byte for byte the same under CPython (with two
hash seeds, to catch set and dict order leaking) and MicroPython."""

import re
from pathlib import Path

import pytest
from interpreters import PORTABLE, ROOT, run_cpython, run_micropython

TRANSCRIPTS = sorted((ROOT / "tests" / "transcripts").glob("tx_*.py"))
GOLDEN = ROOT / "tests" / "golden"


def test_portable_suite_passes_under_micropython():
    files = sorted(str(p.relative_to(ROOT)) for p in PORTABLE.glob("test_*.py"))
    assert files
    done = run_micropython(["tests/helpers/mp_run.py"] + files, heap="2048wK")
    tail = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0 and re.fullmatch(r"\d+ passed, 0 failed", tail), (
        done.stdout[-4000:] + done.stderr[-2000:]
    )
    assert int(tail.split()[0]) >= len(files)


@pytest.mark.parametrize("script", TRANSCRIPTS, ids=[p.stem for p in TRANSCRIPTS])
def test_transcript_identical(script: Path):
    a = run_cpython([script], hashseed="1")
    b = run_cpython([script], hashseed="2")
    m = run_micropython([script], heap="2048wK")
    assert a.returncode == 0, a.stderr
    assert m.returncode == 0, m.stdout[-2000:] + m.stderr
    assert a.stdout, "transcript printed nothing"
    assert a.stdout == b.stdout, "CPython output depends on the hash seed"
    assert a.stdout == m.stdout, "MicroPython and CPython transcripts differ"
    golden = GOLDEN / (script.stem + ".txt")
    if golden.exists():
        assert a.stdout == golden.read_text(), f"{golden.name} is out of date (make golden)"
