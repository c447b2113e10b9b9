"""Run the firmware's unit tests (tests/firmware/mp/*_mp.py) on the MicroPython unix
port, where the drivers meet the simulated bus, pins and LED chain."""

import pytest
from interpreters import ROOT, run_micropython

from host.manifest import source_path

UNITS = sorted((ROOT / "tests" / "firmware" / "mp").glob("*_mp.py"))


@pytest.mark.parametrize("path", UNITS, ids=[p.stem for p in UNITS])
def test_firmware_units_on_micropython(path):
    done = run_micropython(
        [ROOT / "tests" / "helpers" / "mp_run.py", path],
        extra_path=[".frozen", *source_path()],
        timeout=120,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert " passed, 0 failed" in out, out
