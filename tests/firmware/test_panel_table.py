"""firmware/drivers/panel_ws29.bin, the panel's refresh tables the driver reads from flash: made
from firmware/drivers/panel_ws29.py (the makers' published values) by host/panel_table.py. The
driver's commands are checked against the makers' own traces by
tests/firmware/mp/traces_mp.py, and against the SSD1680 model by drivers_mp.py."""

from host.panel_table import TABLE, make_table, panel_module, read_table


def test_the_flashed_table_is_the_one_panel_ws29_makes():
    assert TABLE.read_bytes() == make_table(), "stale: run .venv/bin/python -m host.panel_table"


def test_the_table_holds_the_published_waveforms_and_voltages():
    panel = panel_module()
    head, (fast, partial) = read_table(TABLE.read_bytes())
    assert tuple(head) == (
        panel.BORDER_FULL,
        panel.SEQ_FULL,
        panel.SEQ_FAST,
        panel.SEQ_POWER_ON,
        panel.SEQ_PARTIAL,
    )
    # SSD1680 datasheet: 0x32 takes the 153 bytes of the waveform; then 0x3F end option,
    # 0x03 gate voltage, 0x04 source voltages (3 bytes), 0x2C VCOM
    assert fast == [
        (0x32, panel.LUT_FAST),
        (0x3F, bytes([0x22])),
        (0x03, bytes([0x17])),
        (0x04, b"\x41\xae\x32"),
        (0x2C, bytes([0x38])),
    ]
    assert len(panel.LUT_FAST) == len(panel.LUT_PARTIAL) == 153
    assert partial == [
        (0x32, panel.LUT_PARTIAL),
        (0x3F, bytes([0x22])),
        (0x03, bytes([0x17])),
        (0x04, b"\x41\xb0\x32"),
        (0x2C, bytes([0x36])),
        (0x37, b"\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00"),  # F[6]: RAM ping-pong
        (0x3C, bytes([0x80])),
    ]


def test_the_board_gets_the_table_and_not_the_module():
    from host.manifest import DEFAULT, Manifest

    board = Manifest(DEFAULT).files(virtual=False)
    assert "panel_ws29.bin" in board and "panel_ws29.py" not in board
    assert "panel_ws29.py" in Manifest(DEFAULT).files(virtual=True)  # the simulator's times
