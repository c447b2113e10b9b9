"""Phone mode's pieces on the MicroPython unix port (run by tests/firmware/test_firmware_units.py):
seat tokens, the guessing guard, the game provider and its inbox, the Wi-Fi driver over
the simulated network module."""

import asyncio

import phone_grid
import phone_provider
import phone_seats
import wifi
from phone_seats import Guard, Seats
from phone_start import TOKEN_CHARS, deal, restored, token_text
from sim import wlan

from shared_rules import games
from shared_rules.laptop.driver import draw_chance
from shared_rules.rng import Stream


class Clock:
    def __init__(self):
        self.now = 1000

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b


def counter_urandom():
    state = [0]

    def urandom(n):
        state[0] += 1
        return bytes([(state[0] * 37 + i * 11) & 255 for i in range(n)])

    return urandom


# ****** tokens ******
def test_token_text_is_rfc4648_base32():
    assert token_text(b"foobar") == "mzxw6ytboi"  # RFC 4648 test vector, lower case
    assert token_text(b"f") == "my"
    assert len(token_text(bytes(12))) == TOKEN_CHARS == phone_seats.TOKEN_CHARS == 20


def test_each_token_opens_exactly_its_seat_and_dies_with_the_game():
    urandom = counter_urandom()
    seats = Seats()
    assert seats.seat_of("a" * 20) is None  # no game: no seat
    seats.use(deal(urandom, 4))
    tokens = seats.tokens()
    assert len(set(tokens)) == 4
    for s in range(4):
        assert seats.seat_of(tokens[s]) == s
        assert seats.seat_of(tokens[s][:-1]) is None  # truncated
        assert seats.seat_of(tokens[s] + "a") is None
        assert seats.seat_of(tokens[s].upper()) is None
        wrong = tokens[s][:-1] + ("a" if tokens[s][-1] != "a" else "b")
        assert seats.seat_of(wrong) is None
    assert seats.seat_of(None) is None and seats.seat_of(12) is None
    assert seats.seat_of("é" * 20) is None
    seats.end()
    for t in tokens:
        assert seats.seat_of(t) is None
    seats.use(deal(urandom, 4))
    assert not set(seats.tokens()) & set(tokens)  # a new game, new tokens


def test_tokens_draw_96_bits_from_urandom():
    asked = []

    def urandom(n):
        asked.append(n)
        return bytes(range(n))

    seats = Seats()
    seats.use(deal(urandom, 3))
    assert asked == [12, 12, 12]


def test_restore_takes_back_a_resumed_games_tokens():
    seats = Seats()
    seats.use(deal(counter_urandom(), 2))
    kept = seats.tokens()
    other = Seats()
    other.use(restored(kept))
    assert other.seat_of(kept[1]) == 1
    try:
        restored(["not a token"])
        raise AssertionError("a malformed token was restored")
    except ValueError:
        pass


# ****** the guard ******
def test_guard_limits_one_peers_guesses_and_refills_with_time():
    clock = Clock()
    g = Guard(clock, burst=3, every_ms=1000, total_burst=100, total_every_ms=10)
    for _ in range(3):
        assert g.allowed("a")
        g.failed("a")
    assert not g.allowed("a")
    assert g.allowed("b")  # another peer is not punished for a's guesses
    clock.now += 999
    assert not g.allowed("a")
    clock.now += 1
    assert g.allowed("a")
    g.failed("a")
    assert not g.allowed("a")


def test_guard_shared_limit_spares_peers_that_showed_a_token():
    clock = Clock()
    g = Guard(clock, burst=5, every_ms=1000, total_burst=4, total_every_ms=1000)
    g.passed("player")
    for peer in ("x1", "x2", "x3", "x4"):
        assert g.allowed(peer)
        g.failed(peer)
    assert not g.allowed("x5")  # everyone together has used the shared budget
    assert g.allowed("player")  # a player with a valid token still gets in
    assert g.refused >= 1


def test_guard_keeps_a_bounded_table_of_peers():
    clock = Clock()
    g = Guard(clock, burst=2, every_ms=1000, total_burst=1000, total_every_ms=1, peers=4)
    for i in range(50):
        g.failed("p%d" % i)
        g.allowed("p%d" % i)
    assert len(g._peers) <= 4


def test_guard_limit_holds_for_every_address_however_many():
    """Issue 27: 16 addresses that showed a valid token and guessed filled the table,
    and a 17th trusted address was never limited (5,839 guesses in 20 s). Now every
    address, trusted or not, however many there are, gets at most the promised
    5 guesses and one more every 2 s; the addresses past the table share one bucket."""
    clock = Clock()
    g = Guard(clock)  # the server's own limits: 5, then one per 2 s; 20 and 2 a second
    addresses = ["10.0.0.%d" % i for i in range(40)]
    for a in addresses:  # each shows a valid token, then guesses until refused
        g.passed(a)
        while g.allowed(a):
            g.failed(a)
    seconds = 20
    got = {}
    for _ in range(seconds * 20):  # every address guesses 20 times a second for 20 s
        clock.now += 50
        for a in addresses:
            g.passed(a)  # and shows its valid token between guesses
            if g.allowed(a):
                g.failed(a)
                got[a] = got.get(a, 0) + 1
    promised = 5 + seconds * 1000 // 2000
    assert max(got.values()) <= promised, max(got.values())
    # the addresses with no room in the table share one limit between them
    assert len(g._peers) <= g.max_peers
    assert sum(got.values()) <= (g.max_peers + 1) * promised
    # a newcomer once the table has room again is judged on its own
    clock.now += 60000
    assert g.allowed("192.168.4.77")


# ****** the provider ******
def keeper_at_bid():
    game = games.load("mea-culpa-keeper", 3)
    state = game.new_initial_state()
    chance = Stream(b"k" * 32, b"chance")
    provider = phone_provider.GameProvider(phone_provider.Inbox(), boot="b")
    provider.attach(game, state, ["Ann", "Bo", "Cy"])
    while True:
        p = state.current_player()
        if p >= 0 and provider.pending(p) is not None:
            return game, state, provider
        if p < 0:
            state.apply(draw_chance(chance, state))
        else:
            state.apply(state.legal_actions()[0])
        provider.changed()


def test_provider_offers_a_secret_choice_only_to_the_seat_that_makes_it():
    game, state, provider = keeper_at_bid()
    seat = state.current_player()
    pend = provider.pending(seat)
    assert pend == {"move": state.move_number(), "count": len(state.legal_actions())}
    options = list(provider.options(seat))
    assert [game.encode(o["action"]) for o in options] == state.legal_actions()
    assert options[0]["text"] == state.action_text(state.legal_actions()[0])
    for other in range(3):
        if other != seat:
            assert provider.pending(other) is None
            assert list(provider.options(other)) == []
    st = provider.status()
    assert st["secret_turn"] is True and st["to_move"] == seat
    assert provider.seat_view(seat) == state.view(seat)
    assert provider.public_view() == state.view(None)


def test_provider_checks_a_choice_and_hands_it_to_the_inbox_once():
    game, state, provider = keeper_at_bid()
    seat = state.current_player()
    move = state.move_number()
    choice = game.decode(state.legal_actions()[5])
    v0 = provider.version()
    assert provider.choose((seat + 1) % 3, move, choice) == phone_provider.STALE
    assert provider.choose(seat, move - 1, choice) == phone_provider.STALE
    assert provider.choose(seat, move, {"kind": "action", "code": -7}) == phone_provider.BAD
    assert provider.choose(seat, move, "nonsense") == phone_provider.BAD
    assert provider.choose(seat, move, None) == phone_provider.BAD
    assert provider.choose(seat, move, choice) == phone_provider.SENT
    assert provider.version() > v0 and provider.sent(seat)
    assert provider.choose(seat, move, choice) == phone_provider.TWICE
    assert provider.inbox.take() == (seat, move, state.legal_actions()[5])
    assert provider.inbox.take() is None
    state.apply(state.legal_actions()[5])
    provider.changed()
    assert not provider.sent(seat)


def _counting(state, built):
    """Count every list of legal actions the state builds (its public call and its hook)."""
    real = state.legal_actions
    hook = state._legal_actions

    def counted():
        built.append("legal_actions")
        return real()

    def counted_hook():
        built.append("_legal_actions")
        return hook()

    state.legal_actions = counted
    state._legal_actions = counted_hook
    return real


def test_provider_never_builds_a_bids_list_and_follows_the_game():
    # every phone polls: a bid's 246 options are a 2 KB list, the one block a fragmented
    # heap may not have; the provider counts, checks, lists and finds the grid without it
    game, state, provider = keeper_at_bid()
    seat = state.current_player()
    move = state.move_number()
    built = []
    real = _counting(state, built)
    legal = real()
    del built[:]
    provider.changed()
    for _ in range(3):
        assert provider.pending(seat)["count"] == len(legal) == 246
        assert len(list(provider.options(seat))) == len(legal)
        assert provider.grid(seat)[0] == "bid"
    assert provider.is_legal(legal[7]) and not provider.is_legal(legal[-1] + 1)
    choice = game.decode(legal[7])
    assert provider.choose(seat, move, choice) == phone_provider.SENT
    assert built == [], built  # three polls, the grid and a choice: no list
    del state.legal_actions
    del state._legal_actions
    state.apply(legal[7])  # the app's changed() forgotten: the move number still tells
    nxt = state.current_player()  # the next seat's bid
    assert nxt != seat and provider.pending(seat) is None
    assert provider.pending(nxt) == {"move": move + 1, "count": len(state.legal_actions())}
    assert [game.encode(o["action"]) for o in provider.options(nxt)] == state.legal_actions()


def test_a_bid_is_offered_as_the_grid_of_its_fields():
    # a keeper bid is every (notches, taler) pair: the page gets the two fields' values,
    # not 246 options; the derived total is left out, and every pair is legal
    game, state, provider = keeper_at_bid()
    seat = state.current_player()
    kind, fields = provider.grid(seat)
    assert kind == "bid" and [f[0] for f in fields] == ["notches", "taler"]
    legal = state.legal_actions()
    pairs = []
    for n in fields[0][1]:
        for t in fields[1][1]:
            pairs.append(game.encode({"kind": "bid", "notches": n, "taler": t}))
    assert sorted(pairs) == sorted(legal) and len(pairs) == len(legal)
    assert provider.grid(seat) is provider.grid(seat)  # found once a move
    for other in range(3):
        if other != seat:
            assert provider.grid(other) is None
    provider.show((seat + 1) % 3, "a reveal")
    assert provider.grid((seat + 1) % 3) is None  # a reveal is one option, never a grid


class _Legal:
    # a state's quick answers over a list of legal actions (what phone_grid asks)
    def __init__(self, legal):
        self.legal = legal

    def num_legal_actions(self):
        return len(self.legal)

    def iter_legal_actions(self):
        return iter(self.legal)

    def is_legal(self, action):
        return action in self.legal


class _Codec:
    # actions 0..n-1 as {"kind", "row": a // 3, "col": a % 3, "sum": row + col}
    def __init__(self, kinds=("cell",), strict=False):
        self.kinds = kinds
        self.strict = strict  # encode needs "sum" too (a codec the fields cannot name)

    def decode(self, a):
        r, c = a // 3, a % 3
        return {"kind": self.kinds[a % len(self.kinds)], "row": r, "col": c, "sum": r + c}

    def encode(self, d):
        if self.strict and "sum" not in d:
            raise ValueError("no sum")
        return d["row"] * 3 + d["col"]


def test_a_grid_leaves_derived_fields_out_and_lists_stay_lists():
    legal = _Legal(list(range(12)))  # rows 0-3 by columns 0-2
    assert phone_grid.grid_of(_Codec(), legal) == (
        "cell",
        [("col", [0, 1, 2]), ("row", [0, 1, 2, 3])],
    )
    assert phone_grid.grid_of(_Codec(), _Legal(list(range(11)))) is None  # a pair missing
    assert phone_grid.grid_of(_Codec(("a", "b")), legal) is None  # two kinds
    assert phone_grid.grid_of(_Codec(strict=True), legal) is None  # codec says no

    class Loose(_Codec):  # ignores the column: every combination, not every action
        def encode(self, d):
            return d["row"] * 3

    assert phone_grid.grid_of(Loose(), legal) is None

    class Twice(_Legal):  # one action counted twice: as many combinations, one missing
        def num_legal_actions(self):
            return 12

        def iter_legal_actions(self):
            return iter(list(range(11)) + [10])

    assert phone_grid.grid_of(_Codec(), Twice(list(range(11)))) is None
    # one field alone names every option: a list keeps the rules' texts
    assert phone_grid.grid_of(_Codec(), _Legal([0, 3, 6, 9])) is None

    class Short(_Codec):  # the heap runs out while the grid is checked
        def encode(self, d):
            raise MemoryError

    try:  # the device's want, not the choice's shape: no list of 246 for the whole move
        phone_grid.grid_of(Short(), legal)
        raise AssertionError("a MemoryError taken for a choice that is no grid")
    except MemoryError:
        pass


def test_a_seat_can_go_back_to_pass_and_peek():
    game, state, provider = keeper_at_bid()
    seat = state.current_player()
    provider.phone(seat, False)
    assert provider.pending(seat) is None and not provider.uses_phone(seat)
    provider.phone(seat, True)
    assert provider.pending(seat) is not None


def test_a_reveal_is_offered_to_its_seat_alone_and_answered_seen():
    # the app shows a seat a private reveal (7: The Sins' opening card) on its page
    game, state, provider = keeper_at_bid()
    seat = (state.current_player() + 1) % 3  # not the seat to move: a reveal is no turn
    move = state.move_number()
    v0 = provider.version()
    provider.show(seat, "Pride. Your opening card.")
    assert provider.version() > v0
    assert provider.pending(seat) == {"move": move, "count": 1}
    assert list(provider.options(seat)) == [
        {"action": phone_provider.SEEN, "text": "Pride. Your opening card."}
    ]
    other = (seat + 1) % 3
    if other == state.current_player():
        other = (other + 1) % 3
    assert provider.pending(other) is None
    assert provider.choose(other, move, phone_provider.SEEN) == phone_provider.STALE
    assert provider.choose(seat, move, game.decode(state.legal_actions()[0])) == phone_provider.BAD
    assert provider.choose(seat, move, phone_provider.SEEN) == phone_provider.SENT
    assert provider.choose(seat, move, phone_provider.SEEN) == phone_provider.TWICE
    assert provider.inbox.take() == (seat, move, phone_provider.SEEN_ACTION)
    provider.show(None)  # the reveal is over: nothing left open, nothing marked sent
    assert provider.pending(seat) is None and not provider.sent(seat)


def test_a_public_decision_asked_on_the_phone_is_offered_as_a_secret_is():
    # a decision the rules make public, made looking at the seat's hand (7 Pecados' play)
    game = games.load("siete-pecados", 3)
    state = game.new_initial_state()
    chance = Stream(b"p" * 32, b"chance")
    provider = phone_provider.GameProvider(phone_provider.Inbox(), boot="b")
    provider.attach(game, state, ["Ann", "Bo", "Cy"])
    while state.current_player() < 0 or state.observers() is not None:
        if state.current_player() < 0:
            state.apply(draw_chance(chance, state))
        else:
            state.apply(state.legal_actions()[0])
        provider.changed()
    seat = state.current_player()
    assert provider.pending(seat) is None and not provider.status()["secret_turn"]
    provider.ask(seat)
    move = state.move_number()
    assert provider.pending(seat) == {"move": move, "count": len(state.legal_actions())}
    assert provider.pending((seat + 1) % 3) is None
    choice = game.decode(state.legal_actions()[-1])
    assert provider.choose(seat, move, choice) == phone_provider.SENT
    assert provider.inbox.take() == (seat, move, state.legal_actions()[-1])
    state.apply(state.legal_actions()[-1])
    provider.changed()  # the next move is not asked until the app asks it
    if state.current_player() >= 0 and state.observers() is None:
        assert provider.pending(state.current_player()) is None


def test_inbox_is_bounded_and_wakes_its_reader():
    inbox = phone_provider.Inbox(size=2)
    assert inbox.put(1) and inbox.put(2) and not inbox.put(3)
    assert inbox.take() == 1

    async def main():
        inbox.clear()

        async def later():
            await asyncio.sleep_ms(5)
            inbox.put("x")

        asyncio.create_task(later())
        await inbox.wait()
        return inbox.take()

    assert asyncio.run(main()) == "x"


class _Chunks:
    # a stream that gives a request a few bytes at a time, as a socket may
    def __init__(self, data):
        self.data = data

    async def read(self, n):
        n = min(n, 7)
        out, self.data = self.data[:n], self.data[n:]
        return out


def test_the_server_reads_only_the_headers_it_uses():
    # a browser's dozen other headers are dropped as they are read: they never reach
    # microdot's dicts; a line without a colon still reaches it (and is refused there)
    import phone_server

    request = (
        b"POST /api/t/choose HTTP/1.1\r\nHost: x\r\nUser-Agent: " + b"u" * 200 + b"\r\n"
        b'Content-Type: application/json\r\nIf-None-Match: "v"\r\nAccept: */*\r\n'
        b"Content-Length: 2\r\nno colon\r\n\r\n{}"
    )
    reader = phone_server.BoundedReader(_Chunks(request), None, 1024, 4096, 512)

    async def lines():
        got = []
        while True:
            line = await reader.readline()
            got.append(line)
            if line == b"\r\n":
                return got, await reader.readexactly(2)

    got, body = asyncio.run(lines())
    assert got == [
        b"POST /api/t/choose HTTP/1.1\r\n",
        b"Content-Type: application/json\r\n",
        b'If-None-Match: "v"\r\n',
        b"Content-Length: 2\r\n",
        b"no colon\r\n",
        b"\r\n",
    ]
    assert body == b"{}"


def test_the_servers_requests_are_made_once_and_used_again():
    # microdot's Request objects: made while the heap is in one piece, given back by each
    # connection with what they held dropped (their attribute table is a 464-byte block)
    import microdot
    import phone_server

    phone_server.PhoneServer(None, None, None)
    pool = phone_server._Request.pool
    assert microdot.Request is phone_server._Request and len(pool) == phone_server._Request.keep
    kept = list(pool)

    async def make():  # as microdot does, in a connection's task
        return microdot.Request(None, ("a", 1), "GET", "/x", "1.0", {"If-None-Match": "v"})

    req = asyncio.run(make())
    assert req in kept and req.path == "/x" and req.headers == {"If-None-Match": "v"}
    assert len(pool) == len(kept) - 1
    req.url_args = {"token": "P1-SECRET"}  # set by microdot once the route is found
    req.release()
    assert req in pool and req.headers is None and req.sock is None
    assert req.url_args is None  # a seat's token is not kept for the next connection
    assert len(pool) == phone_server._Request.keep


def test_state_answers_go_one_at_a_time_and_a_stalled_one_is_cut_off():
    # each state answer in flight holds two views: the next waits for the one before,
    # but a reader that stalls (a tiny TCP window) is cut off after answer_wait_ms
    import time

    import phone_server

    server = phone_server.PhoneServer(None, None, None)
    server.answer_wait_ms = 80
    events = []

    async def connection(name, hold_ms):
        conn = phone_server._Conn(asyncio.current_task(), time.ticks_ms())
        server._open.append(conn)
        t = time.ticks_ms()
        try:
            await server._answer_alone()
            events.append((name, "answers", time.ticks_diff(time.ticks_ms(), t)))
            await asyncio.sleep_ms(hold_ms)  # writing its answer
            events.append((name, "done"))
        except asyncio.CancelledError:
            events.append((name, "cut off"))
        finally:  # as _connection's own finally
            server._open.remove(conn)
            if server._answering is conn:
                server._answering = None

    async def main():
        quick = asyncio.create_task(connection("quick", 20))
        await asyncio.sleep_ms(1)
        await connection("next", 0)  # waits for the quick one to finish, no more
        await quick
        stalled = asyncio.create_task(connection("stalled", 5000))
        await asyncio.sleep_ms(1)
        await connection("after", 0)
        await asyncio.sleep_ms(10)
        return stalled.done()

    assert asyncio.run(main())
    names = [e[:2] for e in events]
    assert names == [
        ("quick", "answers"),
        ("quick", "done"),
        ("next", "answers"),
        ("next", "done"),
        ("stalled", "answers"),
        ("after", "answers"),  # the stalled one is cancelled: it ends at its next turn
        ("stalled", "cut off"),
        ("after", "done"),
    ], events
    assert 10 <= events[2][2] < 80  # "next" waited for "quick", not for the limit
    assert 75 <= events[5][2] < 400  # "after" waited the limit by the clock, then went on
    assert server.stats["timeouts"] == 1 and server._answering is None


def test_a_view_goes_out_in_pieces_that_make_its_json():
    import json

    import phone_server

    view = {
        "a": 1,
        "empty": {},
        "hand": {"x": [1, 2], "y": None},
        "long": list(range(12)),
        "short": [1, [2, 3]],
        "names": ["P1", "é"],
        "hands": [[1, 2, 3], [], [[4], {"k": "v"}]],
    }
    for value in (view, {}, None, [1, 2], [], "s", [[]]):
        tokens = list(phone_server._tokens(value))
        text = "".join([p.decode() if isinstance(p, bytes) else p for p in tokens])
        assert text == json.dumps(value), text  # json.dumps's own text, a token at a time
        for size in (1, 7, 128):
            pieces = list(phone_server._packed(phone_server._tokens(value), size))
            assert b"".join(pieces) == json.dumps(value).encode()
            long = [p.encode() if isinstance(p, str) else p for p in tokens if len(p) > size]
            assert all(len(p) <= size or p in long for p in pieces)  # a longer token alone
    assert max(len(p) for p in phone_server._tokens(view)) < 12  # no token holds a list
    assert phone_server.PhoneServer.answer_piece <= 128


def test_detach_leaves_nothing_to_read():
    game, state, provider = keeper_at_bid()
    provider.detach()
    assert provider.status() == {"game": None, "over": True}
    assert provider.pending(0) is None


# ****** Wi-Fi over the simulated network module ******
def test_access_point_gets_wpa2_and_a_fresh_password_every_game():
    w = wifi.Wifi(wlan, counter_urandom())
    ssid, pw = w.start_ap()
    assert ssid.startswith("Confessor-") and len(pw) == wifi.PASSWORD_CHARS
    assert w.wlan.config("ssid") == ssid and w.wlan.config("security") == wlan.WLAN.SEC_WPA_WPA2
    assert w.state() == "up" and w.address() == "127.0.0.1"
    assert w.url("abc", 8080) == "http://127.0.0.1:8080/s/abc"
    _, pw2 = w.start_ap(ssid)
    assert pw2 != pw
    w.stop()
    assert w.state() == "off" and w.password is None


def test_station_mode_reports_why_joining_failed():
    wlan.WLAN.networks = {"home": "correct horse"}

    async def join(ssid, key):
        w = wifi.Wifi(wlan, counter_urandom())
        w.join(ssid, key)
        return await w.wait_up(timeout_ms=1000, poll_ms=1)

    assert asyncio.run(join("home", "correct horse")) == "up"
    assert asyncio.run(join("home", "wrong horse")) == "wrong password"
    assert asyncio.run(join("elsewhere", "whatever1")) == "no network"


def test_the_simulated_station_answers_as_the_cyw43_port_does():
    # extmod/network_cyw43.c over the cyw43-driver: connect() needs an active station
    # (-CYW43_EPERM); status() is the link status: 1 joining, 2 joined without an
    # address (DHCP), 3 up; the address is 0.0.0.0 until then; active(False) leaves
    wlan.WLAN.networks = {"home": "correct horse"}
    sta = wlan.WLAN(wlan.WLAN.IF_STA)
    try:
        sta.connect("home", "correct horse")
        raise AssertionError("joined on an inactive station")
    except OSError as err:
        assert err.args[0] == 1
    sta.active(True)
    assert sta.status() == wlan.STAT_IDLE and not sta.isconnected()
    sta.connect("home", "correct horse")
    seen = [sta.status() for _ in range(4)]
    assert seen == [wlan.STAT_CONNECTING, 2, wlan.STAT_GOT_IP, wlan.STAT_GOT_IP], seen
    assert sta.isconnected() and sta.ipconfig("addr4") == ("127.0.0.1", "255.0.0.0")
    assert sta.config("ssid") == "home"
    try:
        sta.status("stations")
        raise AssertionError("a station listed stations")
    except ValueError:
        pass
    sta.active(False)
    assert sta.status() == wlan.STAT_IDLE and sta.ifconfig()[0] == "0.0.0.0"
    sta.active(True)
    sta.connect("home", "wrong horse")
    while sta.status() == wlan.STAT_CONNECTING:
        pass
    assert sta.status() == wlan.STAT_WRONG_PASSWORD and sta.ipconfig("addr4")[0] == "0.0.0.0"
    wlan.WLAN.networks = None


def test_bad_network_settings_are_refused_before_the_radio():
    w = wifi.Wifi(wlan, counter_urandom())
    for ssid, key in (
        ("", "longenough"),
        ("x" * 33, "longenough"),
        ("ok", "short"),
        ("ok", "x" * 64),
    ):
        try:
            w.join(ssid, key)
            raise AssertionError("accepted %r %r" % (ssid, key))
        except ValueError:
            pass
    assert w.wlan is None


def test_wifi_join_text_escapes_its_specials():
    import join_network

    assert join_network.wifi_text("a;b", 'p:w,"x\\') == 'WIFI:T:WPA;S:a\\;b;P:p\\:w\\,\\"x\\\\;;'


def test_a_rejoin_that_fails_still_unloads_its_code():
    # the pause menu's rejoin loads phone_join and join_screen for its screens alone:
    # a failure (here no room for the pass screen) must not leave them in RAM
    import sys

    import join_screen  # noqa: F401
    import phone_join

    class Session:
        phones = None

        def name(self, seat):
            return "P%d" % (seat + 1)

        def light(self, seat, how=None):
            pass

        async def show(self, screen):
            raise MemoryError

    try:
        asyncio.run(phone_join.rejoin(Session(), 1))
    except MemoryError:
        pass
    else:
        raise AssertionError("the failure was swallowed")
    assert "phone_join" not in sys.modules and "join_screen" not in sys.modules
