"""Five pages polling the stand-in device flat out (no pause between answers, as
`make bench` does) at the 128wK heap: the server serves them all and the heap it
keeps comes back once they stop. Each connection's task once kept a pointer to
another connection in its finished frame, so every answer stayed reachable from the
next; the stand-in died of a MemoryError within a few hundred requests."""

import http.client
import threading

from host.phone_sim import PhoneHost

REQUESTS = 300  # per page; the chain filled the heap within about 100 a page


def test_five_phones_polling_flat_out_leave_the_heap_as_it_was(tmp_path):
    with PhoneHost.start(tmp_path, players=5, middle=60, step=True, mpy=True) as host:
        before = host.status()["heap"]["live"]
        failed = []

        def page(token):
            tag = None
            for _ in range(REQUESTS):
                try:
                    code, headers, _ = host.get(
                        f"/api/{token}/state", {"If-None-Match": tag} if tag else {}
                    )
                except (OSError, http.client.HTTPException) as err:
                    failed.append(repr(err))
                    return
                if code == 200:
                    tag = headers["etag"]

        threads = [threading.Thread(target=page, args=(t,)) for t in host.tokens()]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert host.alive(), host.log()
        assert failed == []
        st = host.status()
        assert st["server"]["errors"] == 0, st["last_error"]
        assert st["server"]["requests"] >= 5 * REQUESTS
        # what a finished connection leaves: the guard's peer, the names interned
        assert st["heap"]["live"] - before < 4096, (before, st["heap"]["live"])
