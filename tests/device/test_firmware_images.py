"""The images `make firmware` builds from the vendored MicroPython source (host/build.py):
each for its chip, each ending before its board's filesystem, each carrying the manifest's
modules frozen; the 32-bit unix port runs the same frozen firmware."""

import subprocess

import pytest

from host import build, uf2
from host.manifest import Manifest, module_names

FAMILY = {"pico2w": "rp2350-arm-s", "picow": "rp2040", "emulator": "rp2040"}


def built(name):
    image = build.RP2_IMAGES[name]
    if not image.uf2.exists():
        pytest.fail("%s is not built: `make test` runs `make firmware` first" % image.uf2.name)
    return image


@pytest.mark.parametrize("name", sorted(FAMILY))
def test_an_image_is_for_its_chip_and_fits_before_the_filesystem(name):
    image = built(name)
    data = image.uf2.read_bytes()
    assert uf2.family_of(data) == FAMILY[name]
    end = max(addr + len(payload) for addr, payload, _f in uf2.blocks(data))
    assert end - uf2.FLASH_BASE <= image.flash - image.storage
    assert build.sizes()[name]["bytes"] <= build.sizes()[name]["room"]


@pytest.mark.parametrize("name", sorted(FAMILY))
def test_an_image_freezes_the_manifest(name):
    """The generated list the firmware asks (loader.installed) names every module the
    manifest gives that board, and the image holds their frozen names."""
    built(name)
    names = (build.GENERATED / name / "_frozen_modules.py").read_text()
    wanted = module_names(Manifest().read(**build.options(name)))
    assert wanted and all(repr(m) in names for m in wanted)
    phones = "phone_server" in wanted
    assert phones == (name != "emulator")  # a plain Pico has no radio
    binary = (build.RP2_IMAGES[name].folder / "firmware.bin").read_bytes()
    for module in ("app", "shared_rules/seven_sins/rules", "writer"):
        assert (module + ".py").encode() in binary, module


def test_the_32_bit_port_runs_the_frozen_firmware():
    if not build.UNIX32.exists():
        pytest.fail("the 32-bit MicroPython is not built: `make test` runs `make firmware` first")
    code = (
        "import sys\nsys.path.remove('')\nimport gc, blobs, app, sim\n"
        "print(sys.maxsize, len(blobs.data('fonts/large.bin')))"
    )
    done = subprocess.run(
        [str(build.UNIX32), "-c", code],
        capture_output=True,
        text=True,
        env={"MICROPYPATH": ".frozen"},
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    maxsize, font = done.stdout.split()
    assert int(maxsize) == 2**31 - 1  # a 32-bit build: objects and the heap as on the chip
    assert int(font) > 10_000  # the fonts are frozen bytes


def test_the_tarball_is_the_pinned_one():
    import hashlib

    assert hashlib.sha256(build.TARBALL.read_bytes()).hexdigest() == build.TARBALL_SHA256
