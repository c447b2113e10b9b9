"""The Debian programs `make test`, `make firmware` and `make bench` need, checked or installed.

    python3 -m host.system [--install]

Run by the Makefile with the system's Python before the virtual environment exists, so it
imports nothing outside the standard library. It prints nothing when all is there. With
--install, as root on a machine with apt-get (a fresh Debian, CI), it installs what is
missing; otherwise it stops in one line naming the packages to install (README, "What the
system needs").
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

# (what is checked, the Debian package that brings it, what needs it)
NEEDS = (
    ("arm-none-eabi-gcc", "gcc-arm-none-eabi", "the firmware images"),
    ("newlib", "libnewlib-arm-none-eabi", "the firmware images"),
    ("cmake", "cmake", "the firmware images"),
    ("gcc -m32", "gcc-multilib", "the 32-bit MicroPython"),
    ("node", "nodejs", "the emulated RP2040"),
    ("npm", "npm", "the emulated RP2040"),
    ("zbarimg", "zbar-tools", "the QR code tests"),
    ("chromium", "chromium", "the phone page tests"),
    ("chromedriver", "chromium-driver", "the phone page tests"),
)


def present(what: str) -> bool:
    if what == "newlib":
        if shutil.which("arm-none-eabi-gcc") is None:
            return False
        out = subprocess.run(
            ["arm-none-eabi-gcc", "-print-file-name=libc.a"], capture_output=True, text=True
        ).stdout.strip()
        return os.path.isabs(out)
    if what == "gcc -m32":
        if shutil.which("gcc") is None:
            return False
        done = subprocess.run(
            ["gcc", "-m32", "-x", "c", "-", "-o", os.devnull],
            input="#include <stdio.h>\nint main(void) { return 0; }\n",
            capture_output=True,
            text=True,
        )
        return done.returncode == 0
    return shutil.which(what) is not None


def missing() -> list[str]:
    """The Debian packages of the programs that are not here, in NEEDS' order."""
    out = []
    for what, package, _why in NEEDS:
        if not present(what) and package not in out:
            out.append(package)
    return out


def install(packages: list[str]) -> int:
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq"] + packages):
        done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL)
        if done.returncode != 0:
            print("make: `%s` failed" % " ".join(cmd), file=sys.stderr)
            return 1
    return 0


def main(argv: list[str]) -> int:
    packages = missing()
    if not packages:
        return 0
    can_install = os.geteuid() == 0 and shutil.which("apt-get") is not None
    if "--install" in argv and can_install:
        print("make: installing %s" % " ".join(packages), file=sys.stderr)
        if install(packages) != 0:
            return 1
        packages = missing()
        if not packages:
            return 0
    print(
        "make: this needs Debian packages that are not installed; as root: apt-get install %s"
        % " ".join(packages),
        file=sys.stderr,
    )
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
