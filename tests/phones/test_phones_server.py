"""The phone server on the MicroPython unix port at the device's heap limit (128wK), with a
real engine behind it (firmware/sim/phone_host.py): what a token opens, what the answers
say about caching, how choices come back, and that a page's data is the rules core's own
view(seat), replayed on the laptop from the actions the device took."""

import json
import socket
import time
from unittest.mock import ANY

import pytest

from host.phone_sim import PhoneHost, choice_actions, replay_views

PAGE_BUDGET = 40 * 1024  # docs/phones.md, "The page": sent from flash in 256-byte pieces
NOTHING = b"No seat here. Scan your seat's code on the device.\n"
SLOW_DOWN = b"Too many tries. Wait a little.\n"
# A wrong token gets nothing; after a few, the guard answers before looking at it at all.
TURNED_AWAY = ((404, NOTHING), (429, SLOW_DOWN))


@pytest.fixture
def sins(tmp_path):
    with PhoneHost.start(tmp_path, game="seven-sins", players=5, step=True) as host:
        yield host


def deal_openings(host):
    # 7: The Sins deals each seat an opening card, secretly, after the sins are chosen
    return host.wait_for(
        lambda st: st["move"] >= 12 or host.command("step", 1) is None, "the deal", timeout=60
    )


def test_each_token_opens_its_own_seat_and_nothing_else(sins):
    st = deal_openings(sins)
    tokens = sins.tokens()
    state, views, public = replay_views("seven-sins", 5, st["actions"])
    openings = [v["opening"] for v in views]
    assert all(o is not None for o in openings)  # every seat holds a secret now
    for seat, token in enumerate(tokens):
        got = sins.state(token)
        assert got["seat"] == seat
        assert got["view"] == views[seat]  # exactly what the rules say this seat may know
        assert got["public"] == public and got["view"]["opening"] == openings[seat]
        text = json.dumps(got)
        for other in range(5):
            if other != seat:
                assert (
                    f'"opening": {openings[other]},' not in text
                    or openings[other] == openings[seat]
                )
    statuses = [json.dumps(sins.state(t)["status"], sort_keys=True) for t in tokens]
    assert len(set(statuses)) == 1  # the public status is the same for every seat


def test_wrong_truncated_and_dead_tokens_get_the_same_nothing(sins):
    token = sins.tokens()[2]
    variants = [
        "a" * 20,
        token[:-1],
        token[:10],
        token + "a",
        token.upper(),
        "",
        "%00" * 20,
        token[:-1] + ("b" if token[-1] != "b" else "c"),
    ]
    for bad in variants:
        for path in (f"/s/{bad}", f"/api/{bad}/state"):
            code, headers, body = sins.get(path)
            assert (code, body) in TURNED_AWAY, path
            assert headers["cache-control"].startswith("no-store")
    for path in ("/", "/s/", "/api", "/favicon.ico", f"/api/{token}/other"):
        code, _, body = sins.get(path)
        assert (code, body) in TURNED_AWAY, path
    st = sins.command("end")
    assert st["server"]["errors"] == 0
    for t in sins.tokens():
        for path in (f"/s/{t}", f"/api/{t}/state"):
            assert sins.get(path)[0::2] in TURNED_AWAY  # dead: no different from wrong


def test_every_answer_forbids_caching_and_the_page_is_self_contained(sins):
    token = sins.tokens()[0]
    code, headers, page = sins.get(f"/s/{token}")
    assert code == 200 and headers["content-type"].startswith("text/html")
    for name, value in (
        ("cache-control", "no-store, max-age=0"),
        ("pragma", "no-cache"),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
    ):
        assert headers[name] == value
    assert "default-src 'none'" in headers["content-security-policy"]
    # nothing fetched from elsewhere (the SVG namespace is a name, not an address)
    own = page.replace(b'"http://www.w3.org/2000/svg"', b"")
    assert b"http://" not in own and b"https://" not in own and b"src=" not in own
    assert len(page) <= PAGE_BUDGET  # docs/phones.md, "The page"
    for path in (f"/api/{token}/state", "/nothing"):
        assert sins.get(path)[1]["cache-control"].startswith("no-store")


def test_a_query_in_the_url_is_ignored(sins):
    # no route reads one: the server's reader drops it before microdot (whose query
    # parser is left out of its subset) routes the path
    token = sins.tokens()[3]
    code, _, page = sins.get(f"/s/{token}?utm_source=camera&x=%zz")
    assert code == 200 and page == sins.get(f"/s/{token}")[2]
    code, _, body = sins.get(f"/api/{token}/state?")
    assert code == 200 and json.loads(body)["seat"] == 3
    assert sins.get(f"/s/{token[:-1]}?{token[-1]}")[0::2] in TURNED_AWAY
    assert sins.get(f"/api/{token}/state?x=1", {"If-None-Match": "?"})[0] == 200
    # microdot splits the request line on any whitespace: a query ends at a tab too
    for line in (f"GET\t/s/{token}?a=1\tHTTP/1.1", f"GET  /s/{token}?a=1?b  HTTP/1.1"):
        with socket.create_connection(("127.0.0.1", sins.port), timeout=10) as s:
            s.sendall(line.encode() + b"\r\nHost: x\r\nConnection: close\r\n\r\n")
            head = b""
            while b"\r\n" not in head:
                piece = s.recv(256)
                assert piece, "closed without an answer: %r" % line
                head += piece
            assert head.split(b"\r\n")[0].split()[1] == b"200", line


def test_a_page_polls_with_its_etag_and_hears_of_every_move(sins):
    token = sins.tokens()[1]
    code, headers, _ = sins.get(f"/api/{token}/state")
    tag = headers["etag"]
    code, headers, body = sins.get(f"/api/{token}/state", {"If-None-Match": tag})
    assert (code, body) == (304, b"")
    sins.command("step", 1)
    st = sins.wait_for(lambda s: s["etag"] != tag.strip('"'), "a move")
    code, headers, body = sins.get(f"/api/{token}/state", {"If-None-Match": tag})
    assert code == 200 and headers["etag"] == '"%s"' % st["etag"]
    assert json.loads(body)["status"]["move"] == st["move"]


def test_secret_choices_from_phones_drive_the_keeper(tmp_path):
    with PhoneHost.start(tmp_path, game="mea-culpa-keeper", players=3) as host:
        tokens = host.tokens()
        chosen = {}
        seats_chose = set()
        for _ in range(7):
            st = host.wait_for(lambda s: s["pending"] or s["over"], "a secret choice")
            if st["over"]:
                break
            seat = st["pending"][0]
            state, views, public = replay_views("mea-culpa-keeper", 3, st["actions"])
            got = host.state(tokens[seat])
            assert got["view"] == views[seat] and got["public"] == public
            choice = got["choice"]
            assert choice["move"] == st["move"] == state.move_number()
            offered = choice_actions(choice)
            legal = state.legal_actions()
            if "grid" in choice:  # every combination of its fields is legal, and no more
                assert sorted(state.game.encode(a) for a in offered) == sorted(legal)
            else:
                assert [o["text"] for o in choice["options"]] == [
                    state.action_text(a) for a in legal
                ]
            assert choice["count"] == len(offered) == len(legal)
            for other in range(3):
                if other != seat:
                    assert host.state(tokens[other])["choice"] is None
                    code, reply = host.choose(tokens[other], st["move"], offered[0])
                    assert (code, reply["result"]) == (409, "stale")
            assert host.choose(tokens[seat], st["move"], {"kind": "action", "code": 5})[0] == 400
            code, _, _ = host.request(
                "POST",
                f"/api/{tokens[seat]}/choose",
                b'{"move": 1}',
                {"Content-Type": "text/plain"},
            )
            assert code == 400
            pick = offered[len(offered) * 2 // 3]
            code, reply = host.choose(tokens[seat], st["move"], pick)
            assert (code, reply["result"]) in ((202, "sent"), (409, "twice"))
            chosen[st["move"]] = state.game.encode(pick)
            seats_chose.add(seat)
            host.wait_for(lambda s, m=st["move"]: s["move"] > m, "the choice applied")
        st = host.status()
        assert seats_chose == {0, 1, 2}  # the first round's bids at least: every seat
        for move, action in chosen.items():
            assert st["actions"][move] == action  # the device applied what the phone sent
        assert st["rejected"] == 0 and st["server"]["errors"] == 0
        assert st["server"]["quiet"] == 0  # no exception inside microdot either


def test_a_device_short_of_memory_says_try_again_not_no_seat(tmp_path):
    # A MemoryError is the device's fault: counted, and answered 503 so the page tries
    # again (it takes a 404 to mean its seat is gone and stops polling for good).
    with PhoneHost.start(tmp_path, game="mea-culpa-keeper", players=3) as host:
        st = host.wait_for(lambda s: s["pending"], "a secret choice")
        token = host.tokens()[st["pending"][0]]
        option = choice_actions(host.state(token)["choice"])[0]
        host.command("oom")  # the provider's next choose() runs out of memory
        body = json.dumps({"move": st["move"], "action": option}).encode()
        code, headers, _ = host.request(
            "POST", f"/api/{token}/choose", body, {"Content-Type": "application/json"}
        )
        assert (code, headers["retry-after"]) == (503, "2")
        assert headers["cache-control"].startswith("no-store")
        after = host.status()
        assert after["server"]["errors"] == 1 and "MemoryError" in after["last_error"]
        assert after["move"] == st["move"] and after["inbox"] == 0  # nothing taken
        assert host.choose(token, st["move"], option) == (202, {"result": "sent", "version": ANY})
        host.wait_for(lambda s: s["move"] > st["move"], "the choice applied")


def test_token_guessing_is_rate_limited(sins):
    token = sins.tokens()[0]
    codes = [sins.get(f"/api/{'x' * 20}/state")[0] for _ in range(8)]
    assert codes[:5] == [404] * 5 and codes[-1] == 429
    assert sins.get(f"/api/{token}/state")[0] == 429  # this peer must wait, token or not
    time.sleep(2.2)  # the guard gives one more try every 2 s
    assert sins.get(f"/api/{token}/state")[0] == 200
    assert sins.status()["guard"]["refused"] >= 3
