"""UF2: the file a board in BOOTSEL mode takes on its USB drive (Microsoft's UF2 format).

A firmware image (`firmware.bin`, flash from its first byte) is cut into 256-byte payloads,
one 512-byte block each: two magic words, flags, the flash address, the payload size, the
block's number and the count, the chip family, the payload padded to 476 bytes, a closing
magic word. The family tells a bootloader whether the image is its own: the RP2040's is
0xE48BFF56, the RP2350's (Arm, secure) 0xE48BFF59. picotool writes the same blocks; this
keeps the build free of it (docs/device.md, "Firmware images").
"""

from __future__ import annotations

import struct

FAMILIES = {"rp2040": 0xE48BFF56, "rp2350-arm-s": 0xE48BFF59}
FLASH_BASE = 0x10000000  # XIP flash, where both chips run their image from
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_FAMILY_ID = 0x00002000
PAYLOAD = 256
BLOCK = 512


def from_bin(image: bytes, family: str, base: int = FLASH_BASE) -> bytes:
    """The UF2 file of a flash image for a chip family ("rp2040", "rp2350-arm-s")."""
    family_id = FAMILIES[family]
    count = (len(image) + PAYLOAD - 1) // PAYLOAD
    out = bytearray()
    for number in range(count):
        payload = image[number * PAYLOAD : (number + 1) * PAYLOAD]
        head = struct.pack(
            "<IIIIIIII",
            MAGIC_START0,
            MAGIC_START1,
            FLAG_FAMILY_ID,
            base + number * PAYLOAD,
            PAYLOAD,
            number,
            count,
            family_id,
        )
        out += head + payload.ljust(476, b"\0") + struct.pack("<I", MAGIC_END)
    return bytes(out)


def blocks(uf2: bytes):
    """(address, payload, family) of every block of a UF2 file; ValueError if malformed."""
    if len(uf2) % BLOCK:
        raise ValueError("not a UF2 file: its length is not a whole number of blocks")
    for off in range(0, len(uf2), BLOCK):
        magic0, magic1, flags, addr, size, _number, _count, family = struct.unpack_from(
            "<IIIIIIII", uf2, off
        )
        (end,) = struct.unpack_from("<I", uf2, off + BLOCK - 4)
        if (magic0, magic1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END) or size > 476:
            raise ValueError("not a UF2 file: block %d is malformed" % (off // BLOCK))
        yield addr, uf2[off + 32 : off + 32 + size], family if flags & FLAG_FAMILY_ID else None


def family_of(uf2: bytes) -> str | None:
    """The chip family named by a UF2 file's first block ("rp2040", ...), or None."""
    for _addr, _payload, family in blocks(uf2):
        for name, value in FAMILIES.items():
            if value == family:
                return name
        return None
    return None
