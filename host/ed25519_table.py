"""Write firmware/ed25519_base.bin, the device signer's fixed-base table.

    .venv/bin/python -m host.ed25519_table

The table is data computed from the curve's base point alone (firmware/ed25519.py
`make_table`); tests/test_signing.py fails if the file is stale or wrong.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
TABLE = FIRMWARE / "ed25519_base.bin"


def signer_module():
    """firmware/ed25519.py as a CPython module (the firmware folder is no package)."""
    spec = importlib.util.spec_from_file_location("confessor_ed25519", FIRMWARE / "ed25519.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    data = signer_module().make_table()
    TABLE.write_bytes(data)
    print("wrote %s (%d bytes)" % (TABLE.relative_to(ROOT), len(data)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
