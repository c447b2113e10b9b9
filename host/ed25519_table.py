"""Write firmware/security/ed25519_base.bin, the device signer's fixed-base table.

    .venv/bin/python -m host.ed25519_table

The table is data computed from the curve's base point alone: for each of 64
radix-16 positions i, the points j * 16^i * B (j = 1..8) in affine "Niels" form
(y+x, y-x, 2d*x*y), 32 bytes little-endian each (firmware/security/ed25519.py reads it).
tests/firmware/test_signing.py fails if the file is stale or wrong.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
TABLE = FIRMWARE / "security" / "ed25519_base.bin"


P = 2**255 - 19
D2 = 16295367250680780974490674513165176452449235426866156013048779062215315747161  # 2d
POSITIONS = 64
PER_POSITION = 8


def signer_module():
    """firmware/security/ed25519.py as a CPython module (the firmware folder is no package)."""
    spec = importlib.util.spec_from_file_location(
        "confessor_ed25519", FIRMWARE / "security" / "ed25519.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _inv(x):
    return pow(x, P - 2, P)


_D = D2 * _inv(2) % P
_BY = 4 * _inv(5) % P  # the base point's y


def _recover_x(y, sign):
    xx = (y * y - 1) * _inv(_D * y * y + 1) % P
    x = pow(xx, (P + 3) // 8, P)
    if (x * x - xx) % P != 0:
        x = x * pow(2, (P - 1) // 4, P) % P
    if x & 1 != sign:
        x = P - x
    return x


def _add(p, q):
    """Full extended-coordinate addition (add-2008-hwcd-3), for building the table."""
    X1, Y1, Z1, T1 = p
    X2, Y2, Z2, T2 = q
    a = (Y1 - X1) * (Y2 - X2) % P
    b = (Y1 + X1) * (Y2 + X2) % P
    c = T1 * D2 * T2 % P
    d = 2 * Z1 * Z2 % P
    E, F, G, H = b - a, d - c, d + c, b + a
    return (E * F % P, G * H % P, F * G % P, E * H % P)


def make_table():
    """The bytes of ed25519_base.bin."""
    bx = _recover_x(_BY, 0)
    base = (bx, _BY, 1, bx * _BY % P)
    out = bytearray()
    for _ in range(POSITIONS):
        point = base
        for _j in range(PER_POSITION):
            X, Y, Z, _t = point
            zi = _inv(Z)
            x = X * zi % P
            y = Y * zi % P
            for v in ((y + x) % P, (y - x) % P, D2 * x * y % P):
                out += v.to_bytes(32, "little")
            point = _add(point, base)
        # the next position's base: 16 * this one = (8 * base) * 2
        nxt = base
        for _k in range(4):
            nxt = _add(nxt, nxt)
        base = nxt
    return bytes(out)


def main() -> int:
    data = make_table()
    TABLE.write_bytes(data)
    print("wrote %s (%d bytes)" % (TABLE.relative_to(ROOT), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
