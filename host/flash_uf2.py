"""Put a firmware image on a board in BOOTSEL mode (`confessor flash --image`).

A Raspberry Pi Pico held in BOOTSEL while it is plugged in shows a USB drive (RPI-RP2 for an
RP2040, RP2350 for an RP2350) with an INFO_UF2.TXT naming its chip. Copying a UF2 file onto
it writes the image to flash and restarts the board. This finds that drive among the mounted
ones, checks the image is for its chip (a Pico W image on a Pico 2 W would not start), copies
it and waits for the drive to go: the board is then running Confessor, its filesystem kept.
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

from host import uf2

DRIVE_CHIPS = {"RPI-RP2": "rp2040", "RP2350": "rp2350-arm-s"}  # INFO_UF2.TXT's Board-ID
IMAGES = Path(__file__).resolve().parent.parent / "build" / "firmware"
BOARDS = {"pico2w": "Raspberry Pi Pico 2 W", "picow": "Raspberry Pi Pico W or Badger 2040 W"}


class Uf2Error(Exception):
    """One line for a person."""


def drive_chip(drive: Path) -> str | None:
    """The chip family of a BOOTSEL drive (its INFO_UF2.TXT), or None if it is none."""
    try:
        info = (drive / "INFO_UF2.TXT").read_text(errors="replace")
    except OSError:
        return None
    for line in info.splitlines():
        key, _, value = line.partition(":")
        if key.strip() == "Board-ID":
            for board_id, family in DRIVE_CHIPS.items():
                if value.strip().startswith(board_id):
                    return family
    return None


def mount_points() -> list[Path]:
    """Mounted filesystems, from /proc/mounts (Linux) or /Volumes (macOS)."""
    out = []
    try:
        for line in Path("/proc/mounts").read_text().splitlines():
            parts = line.split()
            if len(parts) > 1:
                out.append(Path(parts[1].replace("\\040", " ")))
    except OSError:
        pass
    for base in (Path("/Volumes"), Path("/media"), Path("/run/media")):
        if base.is_dir():
            out += [p for p in base.glob("*") if p.is_dir()]
            out += [p for p in base.glob("*/*") if p.is_dir()]
    return out


def find_drives() -> list[Path]:
    return sorted({p for p in mount_points() if drive_chip(p) is not None})


def image_for(name: str) -> Path:
    """A built image by board name (pico2w, picow), or a .uf2 file's path."""
    if name in BOARDS:
        path = IMAGES / ("confessor-%s.uf2" % name)
        if not path.exists():
            raise Uf2Error("%s is not built: run `make firmware` first" % path.name)
        return path
    path = Path(name)
    if path.suffix.lower() != ".uf2" or not path.is_file():
        raise Uf2Error("no image %r: give pico2w, picow or a .uf2 file" % name)
    return path


def copy_image(image: Path, drive: Path | None = None, timeout: float = 30.0) -> str:
    """Copy `image` to the BOOTSEL drive (found if not given); returns what was done."""
    try:
        family = uf2.family_of(image.read_bytes())
    except (OSError, ValueError) as err:
        raise Uf2Error("%s is not a UF2 image: %s" % (image, err)) from None
    if drive is None:
        drives = find_drives()
        if not drives:
            raise Uf2Error(
                "no board in BOOTSEL mode: hold BOOTSEL while plugging it in (a drive named"
                " RPI-RP2 or RP2350 appears), or give the drive with --drive"
            )
        if len(drives) > 1:
            raise Uf2Error("%d boards in BOOTSEL mode: give one with --drive" % len(drives))
        drive = drives[0]
    chip = drive_chip(drive)
    if chip is None:
        raise Uf2Error("%s is not a board in BOOTSEL mode (no INFO_UF2.TXT)" % drive)
    if family != chip:
        raise Uf2Error(
            "%s is an image for %s, and the board at %s is %s: use the %s image"
            % (image.name, family, drive, chip, "pico2w" if chip.startswith("rp2350") else "picow")
        )
    target = drive / image.name
    shutil.copyfile(image, target)
    try:
        os.sync()
    except AttributeError:
        pass
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and (drive / "INFO_UF2.TXT").exists():
        time.sleep(0.2)  # the board takes the image and restarts: its drive goes
    return "%s copied to %s (%d KB); the board restarts into Confessor" % (
        image.name,
        drive,
        image.stat().st_size // 1024,
    )
