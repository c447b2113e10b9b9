"""`make bench`: speed and memory figures, one line each.

Every module in host/benches/ has `run()` that yields (name, value, unit)
rows; this prints them and writes bench-results/latest.json. Timed figures
live here, never in tests.
"""

from __future__ import annotations

import importlib
import json
import os
import pkgutil
import sys
import time
from pathlib import Path

import host.benches

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str]) -> int:
    if "--long" in argv:  # benches that sample (win rates) play ten times the games
        os.environ["CONFESSOR_BENCH_LONG"] = "1"
        argv = [a for a in argv if a != "--long"]
    wanted = set(argv)
    results = []
    failed: list[str] = []
    for info in sorted(pkgutil.iter_modules(host.benches.__path__), key=lambda m: m.name):
        if wanted and info.name not in wanted:
            continue
        module = importlib.import_module(f"host.benches.{info.name}")
        started = time.perf_counter()
        print(f"[{info.name}]", flush=True)
        try:
            for name, value, unit in module.run():
                if isinstance(value, float):
                    shown = f"{value:,.1f}"
                elif isinstance(value, int):
                    shown = f"{value:,}"
                else:
                    shown = str(value)
                print(f"  {name:<52} {shown:>14} {unit}", flush=True)
                results.append({"bench": info.name, "name": name, "value": value, "unit": unit})
        except Exception as err:  # one bench's failure stops it, not the benches after it
            last = str(err).strip().splitlines()
            why = f"{type(err).__name__}: {last[-1] if last else ''}"
            print(f"  FAILED, {why}", flush=True)
            results.append({"bench": info.name, "failed": why})
            failed.append(info.name)
        print(f"  ({time.perf_counter() - started:.1f} s)")
    out = ROOT / "bench-results"
    out.mkdir(exist_ok=True)
    (out / "latest.json").write_text(json.dumps(results, indent=2))
    if failed:
        print("confessor bench: failed: " + ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
