"""Rewrite tests/golden/<transcript>.txt from CPython's output: `make golden`.

Run it only when a change of rules or randomness is intended, and read the diff.
"""

import sys

from interpreters import ROOT, run_cpython

names = sys.argv[1:]
for script in sorted((ROOT / "tests" / "transcripts").glob("tx_*.py")):
    if names and script.stem not in names:
        continue
    done = run_cpython([script])
    if done.returncode != 0:
        sys.exit("%s failed:\n%s" % (script.name, done.stderr))
    out = ROOT / "tests" / "golden" / (script.stem + ".txt")
    out.write_text(done.stdout)
    print("wrote", out.relative_to(ROOT))
