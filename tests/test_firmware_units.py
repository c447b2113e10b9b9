"""Run the firmware's unit tests (tests/firmware_mp/*_mp.py) on the MicroPython unix
port, where the drivers meet the simulated bus, pins and LED chain."""

import pytest
from interpreters import ROOT, run_micropython

UNITS = sorted((ROOT / "tests" / "firmware_mp").glob("*_mp.py"))


@pytest.mark.parametrize("path", UNITS, ids=[p.stem for p in UNITS])
def test_firmware_units_on_micropython(path):
    done = run_micropython(
        [ROOT / "tests" / "mp_run.py", path],
        extra_path=[".frozen", ROOT / "firmware"],
        timeout=120,
    )
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert " passed, 0 failed" in out, out


def test_flash_exclude_keeps_the_simulator_off_the_board():
    """Nothing flashed imports the simulator at module level, and the exclusion list
    names it (the simulator honours a fixed test seed; a board must never)."""
    listed = (ROOT / "firmware" / "FLASH_EXCLUDE").read_text().split()
    assert "sim/" in listed
    for path in sorted((ROOT / "firmware").glob("*.py")):
        for line in path.read_text().splitlines():
            if line.startswith(("import sim", "from sim")):
                raise AssertionError(f"{path.name} imports the simulator at module level")
        assert "CONFESSOR_SIM_SEED" not in path.read_text(), path.name
