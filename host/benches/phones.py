"""Phone mode on the unix port.

- The real firmware on the virtual board, frozen into the 32-bit MicroPython with an
  RP2040's heap (host.sim_client.device_heap): a 3-player Mea Culpa keeper game with two
  seats on their phones (HTTP over loopback) and one on the buttons, as
  tests/phones/test_device_phones.py plays it: the lowest free heap at idle over the session with
  the server on, and the time from a phone's choice to the seat's state poll (every 20 ms)
  showing the move committed (the page adds its poll interval, 1.5 s at most); in play,
  at each idle moment, the free heap and its largest free block (MicroPython's own
  account, host.sim_client.SimDevice(blocks=1)).
- The stand-in host (firmware/sim/phone_host.py) at -X heapsize=128wK, beside a 5-player
  7: The Sins played to its middle: the heap with the server on, the time a page needs to
  hear of a move, and the hostile counts (10,000 malformed requests, slow connections)
  with how late the event loop woke a 10 ms task meanwhile (what the UI task would feel)."""

import http.client
import json
import shutil
import tempfile
import threading
import time
from pathlib import Path

from host import phone_fuzz
from host.phone_sim import PhoneHost, PhoneHostError, PhoneHttp, choice_actions, free_port
from host.sim_client import SimDevice, SimError, device_heap
from host.sim_play import keeper_bid, keeper_step

PAGE_POLL_S = 1.5  # firmware/phones/phone_page.html polls this often while it is seen
SEED = "be7c" * 16


def _menu_to_keeper_with_phones(c) -> None:
    c.press("UP")  # the menu's last row: phone mode
    c.press("A")
    c.press("DOWN")
    for _ in range(10):
        if c.screen()["items"][0] == "Game: Mea Culpa keeper":
            break
        c.press("B")
    c.press("DOWN")
    for _ in range(10):
        if c.screen()["items"][1] == "Players: 3":
            break
        c.press("B")
    c.press("C")  # start: the seal
    c.press("A")
    c.press("A")  # the network screen
    for key in ("A", "A", "A", "A", "B"):  # P1 and P2 look at their codes; P3: no phone
        c.press(key)


def _tokens(flash: Path) -> list[str]:
    game_id = (flash / "games" / "current").read_text().strip()
    return json.loads((flash / "games" / f"{game_id}.phones").read_text())["tokens"]


def _pick(choice: dict) -> dict:
    options = choice_actions(choice)
    if options[0].get("kind") == "bid":
        notches, taler = keeper_bid(choice["move"])
        for o in options:
            if o["notches"] == notches and o["taler"] == taler:
                return o
    return options[(choice["move"] * 7) % len(options)]


def _move(http: PhoneHttp, token: str) -> int:
    try:
        return http.state(token)["status"]["move"]
    except (ValueError, PhoneHostError):  # an answer cut short: the page fetches it again
        return -1


def device_session(folder: Path) -> dict:
    """The keeper game with phones on the real firmware: lowest free heap at idle, the
    free total and the largest free block at each idle moment in play (from the first
    phone turn on: the server and its seats are up), the phone choices made, and the
    latency of each choice to the page's next poll."""
    port = free_port()
    dev = SimDevice.start(
        folder / "flash",
        seed=SEED,
        heap=device_heap(),
        port="unix32",
        phone_port=port,
        blocks=1,
    )
    http = PhoneHttp(port)
    low = None
    waits = []
    idle = []  # (free, largest free block) at each idle moment in play
    try:
        c = dev.client
        _menu_to_keeper_with_phones(c)
        tokens = _tokens(dev.flash)
        for _ in range(500):
            st = c.status()
            low = st["free"] if low is None else min(low, st["free"])
            scr = c.screen()
            if waits or scr["name"] == "phone":
                at = dev.heap_at_idle()
                idle.append((at["free"], at["largest"]))
            if scr["name"] == "result":
                break
            if scr["name"] != "phone":
                keeper_step(c, 2)
                continue
            token = tokens[int(scr["big"][1:]) - 1]
            choice = http.state(token)["choice"]
            started = time.perf_counter()
            code, _ = http.choose(token, choice["move"], _pick(choice))
            if code != 202:
                raise SimError(f"a phone's choice was answered {code}")
            while _move(http, token) <= choice["move"]:
                # every 20 ms (the page's own interval, 1.5 s, is apart): polled flat out,
                # the answers' garbage cut the heap up until the end record's signature
                # found no 1 KB block at this heap (docs/phones.md, "Memory")
                time.sleep(0.02)
            waits.append(time.perf_counter() - started)
            c.wait_idle()
        else:
            raise SimError("the phone session does not end")
        return {"heap": dev.heap, "low": low, "waits": waits, "idle": idle}
    finally:
        dev.stop()


def _layout(got):
    """The heap at each idle moment in play: the free total and the largest free block
    (a state answer needs one of 1-2 KB), median and lowest."""
    frees = sorted(f for f, _ in got["idle"])
    blocks = sorted(b for _, b in got["idle"])
    yield "  in play, free heap at idle (median)", frees[len(frees) // 2], "bytes"
    yield "  in play, largest free block at idle (median)", blocks[len(blocks) // 2], "bytes"
    yield "  in play, largest free block at idle (lowest)", blocks[0], "bytes"


def phones_polling(host, seconds):
    """Five pages polling with their ETags, as the page does but without its pause."""
    tokens = host.tokens()
    stop = time.monotonic() + seconds
    counts = []
    failures = []

    def page(token):
        tag = None
        n = 0
        failed = 0
        while time.monotonic() < stop:
            try:
                code, headers, _ = host.get(
                    f"/api/{token}/state", {"If-None-Match": tag} if tag else {}
                )
            except (OSError, http.client.HTTPException):  # dropped: the page polls again
                failed += 1
                continue
            if code == 200:
                tag = headers["etag"]
            n += 1
        counts.append(n)
        failures.append(failed)

    threads = [threading.Thread(target=page, args=(t,)) for t in tokens]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts), sum(failures)


def run():
    root = Path(tempfile.mkdtemp(prefix="confessor-phones-"))
    try:
        got = device_session(root / "device")
        waits = got["waits"]
        print(
            f"  (the real firmware: a 3-player keeper game, two seats on phones, at {got['heap']})"
        )
        yield "phone session, lowest free heap at idle (server on)", got["low"], "bytes"
        yield "  phone choices made", len(waits), "choices"
        yield (
            "  a choice to the page's poll showing it (mean)",
            sum(waits) * 1000 / len(waits),
            "ms",
        )
        yield "  a choice to the page's poll showing it (worst)", max(waits) * 1000, "ms"
        yield from _layout(got)
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
                deadline = started + 10
                while True:
                    if not host.alive() or time.perf_counter() > deadline:
                        raise PhoneHostError("the stand-in stopped answering:\n" + host.log())
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
