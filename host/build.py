"""Build Confessor's firmware images and its 32-bit MicroPython from the vendored source.

    python -m host.build [TARGET ...]     (make firmware: every target)

Targets (docs/device.md, "Firmware images"):
  pico2w    build/firmware/confessor-pico2w.uf2: the Raspberry Pi Pico 2 W, the reference build
  picow     build/firmware/confessor-picow.uf2: the Pico W and the Badger 2040 W (RP2040)
  emulator  build/firmware/confessor-emulator.uf2: a Raspberry Pi Pico (RP2040, no radio) with
            the test probe, for the emulated RP2040 (host/rp2040.py)
  unix32    build/unix32/micropython: the 32-bit unix port with the virtual board frozen in,
            the interpreter of the heap figures (host/sim_client.py, port="unix32")

Every image freezes firmware/manifest.py (firmware/ and the device's shared_rules/) and the
manifest's DATA as bytes (firmware/storage/blobs.py), on top of the port's own modules. The source is
firmware/port/'s tarball, unpacked into build/ once per checksum; make and cmake rebuild only
what changed. Tools needed (Debian): gcc-arm-none-eabi, libnewlib-arm-none-eabi, cmake,
gcc-multilib, make (host/system.py; `make firmware` installs them as root).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path

from host import uf2
from host.manifest import Manifest, module_names, source_file

ROOT = Path(__file__).resolve().parent.parent
PORT = ROOT / "firmware" / "port"
TARBALL = PORT / "micropython-1.28.0-rp2-src.tar.xz"
TARBALL_SHA256 = "07be9aca880977434e4e1076c8d4587b4de93a7062b4a14b65a3ef7217547a7e"
BUILD = ROOT / "build"
SOURCE = BUILD / "micropython-1.28.0"  # the tarball unpacked: SOURCE / "micropython"
GENERATED = BUILD / "gen"
IMAGES = BUILD / "firmware"
UNIX32 = BUILD / "unix32" / "micropython"
JOBS = str(min(os.cpu_count() or 2, 4))
KIB = 1024


class BuildError(Exception):
    """A build step failed or a tool is missing (one line)."""


@dataclass(frozen=True)
class Rp2Image:
    name: str
    board: str  # MicroPython's board (ports/rp2/boards/<board>): its flash layout, its C modules
    family: str  # the UF2 family
    flash: int  # bytes of flash on the board
    storage: int  # bytes at its end that are the filesystem (the board's mpconfigboard.h)
    probe: bool  # the emulator's test probe frozen in (a plain Pico: no radio, no phones)
    title: str
    confessor: bool = True  # False: stock MicroPython and the probe, the files path's image

    @property
    def uf2(self) -> Path:
        return IMAGES / ("confessor-%s.uf2" % self.name)

    @property
    def folder(self) -> Path:
        return BUILD / ("rp2-" + self.name)


RP2_IMAGES = {
    image.name: image
    for image in (
        Rp2Image(
            "pico2w",
            "RPI_PICO2_W",
            "rp2350-arm-s",
            4096 * KIB,
            (4096 - 1536) * KIB,
            False,
            "Raspberry Pi Pico 2 W",
        ),
        Rp2Image(
            "picow",
            "RPI_PICO_W",
            "rp2040",
            2048 * KIB,
            848 * KIB,
            False,
            "Raspberry Pi Pico W, Pimoroni Badger 2040 W",
        ),
        Rp2Image(
            "emulator",
            "RPI_PICO",
            "rp2040",
            2048 * KIB,
            1408 * KIB,
            True,
            "Raspberry Pi Pico (the emulated RP2040)",
        ),
        Rp2Image(
            "stock",
            "RPI_PICO",
            "rp2040",
            2048 * KIB,
            1408 * KIB,
            True,
            "Raspberry Pi Pico, stock MicroPython and the probe (make bench: the files path)",
            confessor=False,
        ),
    )
}
RELEASES = ("pico2w", "picow")
TARGETS = RELEASES + ("emulator", "unix32")  # make firmware; "stock" is make bench's own


def options(target: str) -> dict | None:
    """The manifest options of a target (firmware/manifest.py), None: Confessor not frozen."""
    if target == "unix32":
        return {"sim": True}
    image = RP2_IMAGES[target]
    if not image.confessor:
        return None
    return {"probe": image.probe, "no_radio": image.probe}


# ****** the source ******
def source() -> Path:
    """The vendored MicroPython tree, unpacked into build/ (again if the tarball changed)."""
    tree = SOURCE / "micropython"
    stamp = SOURCE / ".unpacked"
    if stamp.exists() and stamp.read_text() == TARBALL_SHA256:
        return tree
    digest = hashlib.sha256(TARBALL.read_bytes()).hexdigest()
    if digest != TARBALL_SHA256:
        raise BuildError("%s is not the pinned tarball (sha256 %s)" % (TARBALL.name, digest))
    if SOURCE.exists():
        shutil.rmtree(SOURCE)
    SOURCE.mkdir(parents=True)
    with tarfile.open(TARBALL) as tar:
        try:
            tar.extractall(SOURCE, filter="tar")
        except TypeError:  # a Python without extraction filters (before 3.10.12)
            tar.extractall(SOURCE)
    stamp.write_text(TARBALL_SHA256)
    return tree


def mpy_cross(tree: Path) -> Path:
    _run(["make", "-C", str(tree / "mpy-cross"), "-j", JOBS], "mpy-cross")
    return tree / "mpy-cross" / "build" / "mpy-cross"


# ****** what is frozen ******
BOOT = "# generated by host/build.py: boot.py frozen empty, so that none on the filesystem runs\n"


def generated(target: str) -> Path:
    """The modules host/build.py writes for an image: one per DATA file of the manifest
    (firmware/storage/blobs.py reads them) and _frozen_modules, the names of the modules frozen
    (loader.installed() asks it: a frozen module is no file). Written only when changed,
    so that make sees nothing new otherwise."""
    folder = GENERATED / target
    folder.mkdir(parents=True, exist_ok=True)
    import importlib.util

    spec = importlib.util.spec_from_file_location("blobs", source_file("blobs.py"))
    naming = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(naming)  # type: ignore[union-attr]
    wanted = set()
    chosen = options(target)
    files = Manifest().read(**chosen) if chosen is not None else {}
    for name in Manifest().read_data(**chosen) if chosen is not None else ():
        module = naming.module_name(name) + ".py"
        wanted.add(module)
        text = "# generated by host/build.py from %s\nDATA = %r\n" % (
            files[name].relative_to(ROOT).as_posix(),
            files[name].read_bytes(),
        )
        _write_if_changed(folder / module, text)
    if chosen is not None:
        names = module_names(Manifest().read(**chosen))
    else:
        names = {"probe"}
    wanted.add("_frozen_modules.py")
    _write_if_changed(
        folder / "_frozen_modules.py",
        "# generated by host/build.py from firmware/manifest.py\nNAMES = %r\n"
        % (tuple(sorted(names)),),
    )
    if chosen is not None and target != "unix32":
        # The board runs boot.py before main.py, frozen first (ports/rp2/main.c,
        # pyexec_file_if_exists): an empty frozen one means a boot.py written to the
        # filesystem over maintenance mode's REPL never runs (docs/security.md). Empty, it
        # cannot fail, and USB is not up yet to interrupt it.
        wanted.add("boot.py")
        _write_if_changed(folder / "boot.py", BOOT)
    for stale in folder.glob("*.py"):
        if stale.name not in wanted:
            stale.unlink()
    return folder


def manifest_for(target: str) -> Path:
    """The image's manifest: the port's own modules, then Confessor's, then its data."""
    if target == "unix32":
        port = "$(PORT_DIR)/variants/standard/manifest.py"
    else:
        port = "$(PORT_DIR)/boards/manifest.py"
    firmware = ROOT / "firmware"
    chosen = options(target)
    if chosen is None:  # stock MicroPython: the probe alone
        confessor = "module('probe.py', base_path=%r)" % str(firmware / "emulator")
    else:
        confessor = "include(%r, %s)" % (
            str(firmware / "manifest.py"),
            ", ".join("%s=%r" % kv for kv in sorted(chosen.items())),
        )
    text = "\n".join(
        (
            "# generated by host/build.py for %s" % target,
            "include(%r)" % port,
            confessor,
            "freeze(%r)" % str(generated(target)),
            "",
        )
    )
    path = GENERATED / ("manifest-%s.py" % target)
    _write_if_changed(path, text)
    return path


# ****** the targets ******
def build_unix32() -> Path:
    tree = source()
    mpy_cross(tree)
    manifest = manifest_for("unix32")
    _run(
        [
            "make",
            "-C",
            str(tree / "ports" / "unix"),
            "-j",
            JOBS,
            "VARIANT=standard",
            "MICROPY_FORCE_32BIT=1",
            "MICROPY_PY_FFI=0",  # no 32-bit libffi needed
            "MICROPY_PY_BTREE=0",
            "FROZEN_MANIFEST=%s" % manifest,
            "BUILD=%s" % UNIX32.parent,
        ],
        "the 32-bit unix port",
    )
    return UNIX32


def build_rp2(image: Rp2Image) -> Path:
    tree = source()
    mpy_cross(tree)
    manifest = manifest_for(image.name)
    configure = [
        "cmake",
        "-S",
        str(tree / "ports" / "rp2"),
        "-B",
        str(image.folder),
        "-DPICO_BUILD_DOCS=0",
        "-DPICO_NO_PICOTOOL=1",  # host/uf2.py writes the UF2
        "-DMICROPY_BOARD=%s" % image.board,
        "-DMICROPY_FROZEN_MANIFEST=%s" % manifest,
    ]
    if not (image.folder / "Makefile").exists():
        _run(configure, "cmake for %s" % image.name)
    _run(["make", "-C", str(image.folder), "-j", JOBS], image.name)
    binary = (image.folder / "firmware.bin").read_bytes()
    room = image.flash - image.storage
    if len(binary) > room:
        raise BuildError(
            "%s: the image (%d KB) runs into the filesystem (%d KB of flash before it)"
            % (image.name, len(binary) // KIB, room // KIB)
        )
    IMAGES.mkdir(parents=True, exist_ok=True)
    _write_if_changed(image.uf2, uf2.from_bin(binary, image.family))
    _record_size(image, len(binary))
    return image.uf2


def build(targets=TARGETS) -> dict[str, Path]:
    missing = missing_tools(targets)
    if missing:
        raise BuildError("missing %s; on Debian: apt-get install %s" % missing)
    out = {}
    for target in targets:
        if target == "unix32":
            out[target] = build_unix32()
        elif target in RP2_IMAGES:
            out[target] = build_rp2(RP2_IMAGES[target])
        else:
            raise BuildError("no target %r (%s)" % (target, ", ".join(TARGETS)))
    return out


def heap_of(image: Rp2Image) -> int:
    """The MicroPython heap an image gives, from its link map: the region between the
    linker's __GcHeapStart and __GcHeapEnd, less what gc_init() keeps of it for its tables
    (one allocation-table byte per four 16-byte blocks, one finaliser bit per block)."""
    out = subprocess.run(
        ["arm-none-eabi-nm", str(image.folder / "firmware.elf")],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    symbols = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in ("__GcHeapStart", "__GcHeapEnd"):
            symbols[parts[2]] = int(parts[0], 16)
    region = symbols["__GcHeapEnd"] - symbols["__GcHeapStart"]
    table = region * 8 // (8 + 8 * 4 // 8 + 8 * 4 * 16)  # py/gc.c gc_init()
    return table * 4 * 16


def sizes() -> dict:
    """name -> {"bytes": image size, "room": flash before the filesystem} of built images."""
    try:
        return json.loads((IMAGES / "sizes.json").read_text())
    except (OSError, ValueError):
        return {}


# ****** tools ******
def missing_tools(targets=TARGETS) -> tuple[str, str] | None:
    """(what is missing, the Debian packages that bring it), or None (host/system.py)."""
    from host.system import NEEDS, present

    need = ["gcc -m32"] if "unix32" in targets else []
    if any(t in RP2_IMAGES for t in targets):
        need += ["arm-none-eabi-gcc", "newlib", "cmake"]
    gone = [(what, package) for what, package, _why in NEEDS if what in need and not present(what)]
    for tool in ("make", "gcc"):
        if shutil.which(tool) is None:
            gone.append((tool, tool))
    if not gone:
        return None
    return ", ".join(w for w, _p in gone), " ".join(p for _w, p in gone)


def _run(cmd: list[str], what: str) -> None:
    BUILD.mkdir(parents=True, exist_ok=True)
    log = BUILD / "build.log"
    with open(log, "ab") as out:
        out.write(("\n$ %s\n" % " ".join(cmd)).encode())
        out.flush()
        done = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT, cwd=ROOT)
    if done.returncode != 0:
        raise BuildError("building %s failed; its output is in %s" % (what, log))


def _write_if_changed(path: Path, content: str | bytes) -> None:
    data = content.encode() if isinstance(content, str) else content
    if path.exists() and path.read_bytes() == data:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _record_size(image: Rp2Image, size: int) -> None:
    table = sizes()
    table[image.name] = {
        "bytes": size,
        "room": image.flash - image.storage,
        "board": image.title,
    }
    _write_if_changed(IMAGES / "sizes.json", json.dumps(table, indent=1, sort_keys=True) + "\n")


def main(argv=None) -> int:
    targets = tuple(argv if argv is not None else sys.argv[1:]) or TARGETS
    try:
        built = build(targets)
    except BuildError as err:
        print("build: %s" % err, file=sys.stderr)
        return 1
    for target, path in built.items():
        size = path.stat().st_size
        print("%-9s %s (%d KB)" % (target, path.relative_to(ROOT), size // KIB))
    return 0


if __name__ == "__main__":
    sys.exit(main())
