"""Phone mode on the unix port, as flashed (.mpy) at -X heapsize=128wK, beside a 5-player
7: The Sins played to its middle: the heap with the server on, the time a page needs to
hear of a move, and the hostile counts (10,000 malformed requests, slow connections) with
how late the event loop woke a 10 ms task meanwhile (what the UI task would feel)."""

import shutil
import tempfile
import threading
import time
from pathlib import Path

from host import phone_fuzz
from host.phone_sim import PhoneHost

PAGE_POLL_S = 1.5  # firmware/phone_page.html polls this often while it is seen


def phones_polling(host, seconds):
    """Five pages polling with their ETags, as the page does but without its pause."""
    tokens = host.tokens()
    stop = time.monotonic() + seconds
    counts = []
    failures = []

    def page(token):
        tag = None
        n = 0
        while time.monotonic() < stop:
            code, headers, _ = host.get(
                f"/api/{token}/state", {"If-None-Match": tag} if tag else {}
            )
            if code == 200:
                tag = headers["etag"]
            n += 1
        counts.append(n)

    threads = [threading.Thread(target=page, args=(t,)) for t in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts), sum(failures)


def run():
    root = Path(tempfile.mkdtemp(prefix="confessor-phones-"))
    try:
        with PhoneHost.start(root / "heap", players=5, middle=60, step=True, mpy=True) as host:
            st = host.status()
            yield (
                "game only (engine, 5 players, move 60): live heap",
                st["heap"]["game_only"],
                "bytes",
            )
            yield "with the phone server on, idle: live heap", st["heap"]["live"], "bytes"
            n, failed = phones_polling(host, 5.0)
            st = host.status()
            yield "5 phones polling for 5 s: requests served", n, "requests"
            yield "  connections dropped", failed, "requests"
            yield "  live heap after", st["heap"]["live"], "bytes"
            yield "  free heap after (of 128wK)", st["heap"]["free"], "bytes"
            yield "  server errors (MemoryError included)", st["server"]["errors"], "errors"
            if st["last_error"]:
                print("  last server error:", st["last_error"])
            token = host.tokens()[0]
            waits = []
            for _ in range(20):
                before = host.status()["etag"]
                started = time.perf_counter()
                host.command("step", 1, wait=False)
                while True:
                    code, headers, _ = host.get(
                        f"/api/{token}/state", {"If-None-Match": '"%s"' % before}
                    )
                    if code == 200 and headers["etag"] != '"%s"' % before:
                        break
                waits.append(time.perf_counter() - started)
            yield (
                "a move to a polling page, loop to answer (mean)",
                sum(waits) * 1000 / len(waits),
                "ms",
            )
            yield "  plus the page's poll interval (at most)", PAGE_POLL_S * 1000, "ms"
        with PhoneHost.start(root / "hostile", players=5, middle=60, mpy=True) as host:
            token = host.tokens()[0]
            started = time.perf_counter()
            tally = phone_fuzz.fuzz(host.port, token, 10000, seed=11)
            took = time.perf_counter() - started
            st = host.wait_for(lambda s: s["open"] == 0, "connections to close")
            yield "10,000 malformed requests: seconds", took, "s"
            for key in sorted(tally):
                yield f"  answered {key}", tally[key], "requests"
            yield "  server errors", st["server"]["errors"], "errors"
            yield "  live heap after", st["heap"]["live"], "bytes"
            yield "  loop lateness of a 10 ms task, worst", st["late_max_ms"], "ms"
            slow = 0
            for _ in range(5):
                socks = phone_fuzz.slowloris(host.port, 40)
                slow += phone_fuzz.closed_by_server(socks, within=20)
            st = host.wait_for(lambda s: s["open"] == 0, "connections to close")
            yield "200 slow connections: closed by the server", slow, "connections"
            yield "  server errors", st["server"]["errors"], "errors"
            yield "  live heap after", st["heap"]["live"], "bytes"
            yield "  loop lateness of a 10 ms task, worst", st["late_max_ms"], "ms"
            yield "  still answering a player", host.get(f"/api/{token}/state")[0], "HTTP"
    finally:
        shutil.rmtree(root, ignore_errors=True)
