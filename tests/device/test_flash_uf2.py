"""Firmware images: the UF2 format, and `confessor flash --image` onto a board in BOOTSEL
mode (a folder standing in for its USB drive: INFO_UF2.TXT names the chip)."""

import struct

import pytest

from host import uf2
from host.flash_uf2 import Uf2Error, copy_image, drive_chip

INFO = {"rp2040": "Board-ID: RPI-RP2\n", "rp2350-arm-s": "Board-ID: RP2350\n"}


def test_a_uf2_block_is_the_formats():
    image = bytes(range(256)) * 3 + b"\x01"  # three full payloads and a byte
    out = uf2.from_bin(image, "rp2040")
    assert len(out) == 4 * 512
    magic0, magic1, flags, addr, size, number, count, family = struct.unpack_from("<8I", out, 512)
    assert (magic0, magic1) == (0x0A324655, 0x9E5D5157)
    assert flags == 0x2000 and family == 0xE48BFF56  # the RP2040's family id
    assert (addr, size, number, count) == (0x10000100, 256, 1, 4)
    assert struct.unpack_from("<I", out, 512 + 508) == (0x0AB16F30,)
    blocks = list(uf2.blocks(out))
    assert b"".join(p for _a, p, _f in blocks)[: len(image)] == image
    assert uf2.family_of(uf2.from_bin(image, "rp2350-arm-s")) == "rp2350-arm-s"
    with pytest.raises(ValueError):
        list(uf2.blocks(out[:-1]))


def board(tmp_path, chip):
    drive = tmp_path / ("RPI-RP2" if chip == "rp2040" else "RP2350")
    drive.mkdir()
    (drive / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi\n" + INFO[chip])
    return drive


def test_an_image_goes_to_the_board_of_its_chip(tmp_path):
    image = tmp_path / "confessor-pico2w.uf2"
    image.write_bytes(uf2.from_bin(b"\x00" * 1000, "rp2350-arm-s"))
    drive = board(tmp_path, "rp2350-arm-s")
    assert drive_chip(drive) == "rp2350-arm-s"
    said = copy_image(image, drive, timeout=0)
    assert (drive / image.name).read_bytes() == image.read_bytes()
    assert "restarts" in said


def test_an_image_for_the_other_chip_is_refused(tmp_path):
    image = tmp_path / "confessor-picow.uf2"
    image.write_bytes(uf2.from_bin(b"\x00" * 1000, "rp2040"))
    drive = board(tmp_path, "rp2350-arm-s")
    with pytest.raises(Uf2Error, match="use the pico2w image"):
        copy_image(image, drive, timeout=0)
    assert not (drive / image.name).exists()


def test_not_a_bootsel_drive(tmp_path):
    image = tmp_path / "x.uf2"
    image.write_bytes(uf2.from_bin(b"\x00" * 10, "rp2040"))
    with pytest.raises(Uf2Error, match="not a board in BOOTSEL mode"):
        copy_image(image, tmp_path, timeout=0)
    (tmp_path / "bad.uf2").write_bytes(b"not a uf2")
    with pytest.raises(Uf2Error, match="not a UF2 image"):
        copy_image(tmp_path / "bad.uf2", tmp_path, timeout=0)
