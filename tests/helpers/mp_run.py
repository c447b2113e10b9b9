"""Run portable test modules under MicroPython: `micropython tests/helpers/mp_run.py FILE...`.

Imports each test file, calls its test_* functions in name order, prints a
line per failure and ends with `N passed, N failed`; exits 1 on any failure.
"""

import gc
import sys


def run(paths):
    passed = 0
    failed = 0
    for path in paths:
        slash = path.rfind("/")
        folder = path[:slash] if slash >= 0 else "."
        name = path[slash + 1 :]
        if name.endswith(".py"):
            name = name[:-3]
        if folder not in sys.path:
            sys.path.insert(0, folder)
        module = __import__(name)
        for attr in sorted(dir(module)):
            if not attr.startswith("test_"):
                continue
            fn = getattr(module, attr)
            # Each test starts on a collected heap: garbage left between long-lived
            # objects would otherwise fragment it (a 64 KB list then finds no room).
            gc.collect()
            try:
                fn()
                passed += 1
            except Exception as err:  # noqa: BLE001 - a test runner reports everything
                failed += 1
                print("FAIL %s::%s: %s: %s" % (name, attr, type(err).__name__, err))
                sys.print_exception(err)
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if run(sys.argv[1:]) else 0)
