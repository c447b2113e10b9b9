"""firmware/microdot.py is microdot's own file from the release pinned in pyproject.toml,
unchanged (docs/phones.md says how to update it)."""

import sysconfig
from pathlib import Path

from interpreters import ROOT


def _installed_microdot() -> Path:
    # Looked up in site-packages, not imported: other tests put firmware/ (with its
    # vendored microdot.py module) on sys.path, which would shadow the package.
    return Path(sysconfig.get_paths()["purelib"]) / "microdot" / "microdot.py"


def test_vendored_microdot_is_the_pinned_release_unchanged():
    vendored = (ROOT / "firmware" / "microdot.py").read_bytes()
    assert vendored == _installed_microdot().read_bytes(), (
        "firmware/microdot.py differs from the pinned microdot: copy "
        "site-packages/microdot/microdot.py over it (docs/phones.md)"
    )
    assert (ROOT / "firmware" / "microdot-LICENSE.txt").read_text().startswith("MIT License")
