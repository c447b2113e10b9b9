"""Write firmware/drivers/panel_ws29.bin, the e-ink panel's refresh tables as the driver reads them.

    .venv/bin/python -m host.panel_table

firmware/drivers/panel_ws29.py holds the panel makers' published values, cited; the driver
(firmware/drivers/ssd1680.py) reads them from this file on flash when a refresh needs them,
so neither the 153-byte waveforms nor the module that spells them out stay in RAM.
tests/firmware/test_panel_table.py fails if the file is stale or says anything else.

Layout (every number one byte unless said):

    BORDER_FULL, SEQ_FULL, SEQ_FAST, SEQ_POWER_ON, SEQ_PARTIAL
    then two register programs, the fast full refresh's and the partial one's, each
    its size (2 bytes, little-endian) and its register writes, each one
    command, count, the count's data bytes

The fast program is Waveshare's WF_FULL with its voltages (0x32, 0x3F, 0x03, 0x04,
0x2C); the partial one WF_PARTIAL_2IN9 with its voltages, then the RAM ping-pong
option (0x37) and the border (0x3C), in the order display_Partial sends them.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
TABLE = FIRMWARE / "drivers" / "panel_ws29.bin"

# SSD1680 commands (datasheet, command table)
WRITE_LUT = 0x32
END_OPTION = 0x3F
GATE_VOLTAGE = 0x03
SOURCE_VOLTAGE = 0x04
VCOM = 0x2C
DISPLAY_OPTION = 0x37
BORDER = 0x3C


def panel_module():
    """firmware/drivers/panel_ws29.py as a CPython module (the firmware folder is no package)."""
    spec = importlib.util.spec_from_file_location(
        "confessor_panel_ws29", FIRMWARE / "drivers" / "panel_ws29.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def programs(panel) -> list[list[tuple[int, bytes]]]:
    """The two register programs: [fast, partial], each [(command, data)]."""
    fast = [
        (WRITE_LUT, panel.LUT_FAST),
        (END_OPTION, bytes((panel.FAST_EOPT,))),
        (GATE_VOLTAGE, bytes((panel.FAST_VGH,))),
        (SOURCE_VOLTAGE, panel.FAST_VSH_VSL),
        (VCOM, bytes((panel.FAST_VCOM,))),
    ]
    partial = [
        (WRITE_LUT, panel.LUT_PARTIAL),
        (END_OPTION, bytes((panel.PARTIAL_EOPT,))),
        (GATE_VOLTAGE, bytes((panel.PARTIAL_VGH,))),
        (SOURCE_VOLTAGE, panel.PARTIAL_VSH_VSL),
        (VCOM, bytes((panel.PARTIAL_VCOM,))),
        (DISPLAY_OPTION, panel.DISPLAY_OPTION_PARTIAL),
        (BORDER, bytes((panel.BORDER_PARTIAL,))),
    ]
    return [fast, partial]


def make_table(panel=None) -> bytes:
    """The bytes of panel_ws29.bin."""
    panel = panel or panel_module()
    out = bytearray(
        (panel.BORDER_FULL, panel.SEQ_FULL, panel.SEQ_FAST, panel.SEQ_POWER_ON, panel.SEQ_PARTIAL)
    )
    for program in programs(panel):
        body = bytearray()
        for command, data in program:
            assert len(data) < 256
            body += bytes((command, len(data))) + data
        out += len(body).to_bytes(2, "little") + body
    return bytes(out)


def read_table(data: bytes) -> tuple[bytes, list[list[tuple[int, bytes]]]]:
    """(the five bytes of the head, [fast, partial] as [(command, data)]): the file
    read back as the driver reads it, for the tests."""
    head, pos, out = data[:5], 5, []
    while pos < len(data):
        size = int.from_bytes(data[pos : pos + 2], "little")
        body, pos = data[pos + 2 : pos + 2 + size], pos + 2 + size
        program, at = [], 0
        while at < len(body):
            command, count = body[at], body[at + 1]
            program.append((command, bytes(body[at + 2 : at + 2 + count])))
            at += 2 + count
        out.append(program)
    return head, out


def main() -> int:
    TABLE.write_bytes(make_table())
    print("wrote %s (%d bytes)" % (TABLE.relative_to(ROOT), TABLE.stat().st_size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
