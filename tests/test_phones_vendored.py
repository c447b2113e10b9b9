"""firmware/microdot.py is microdot's own file from the release pinned in pyproject.toml,
unchanged (docs/phones.md says how to update it)."""

from pathlib import Path

import microdot.microdot as upstream
from interpreters import ROOT


def test_vendored_microdot_is_the_pinned_release_unchanged():
    vendored = (ROOT / "firmware" / "microdot.py").read_bytes()
    assert vendored == Path(upstream.__file__).read_bytes(), (
        "firmware/microdot.py differs from the pinned microdot: copy "
        "site-packages/microdot/microdot.py over it (docs/phones.md)"
    )
    assert (ROOT / "firmware" / "microdot-LICENSE.txt").read_text().startswith("MIT License")
