"""Phone mode in the real firmware on the virtual board (docs/phones.md): the setting in
the menu, the network and join screens at game start (their QR codes read from the
e-ink's picture as a camera would), and a whole Mea Culpa keeper game in which two seats
make their secret bids and Pope's die on their phones over HTTP while the third plays
with the buttons. At every phone turn: the page's data is the rules core's own
view(seat), replayed on the laptop from the device's journal; the serial link's status
is the public view(None); no other seat's token reads or makes the choice; the e-ink
says whose phone it waits for and that a choice was made, never a private screen. A
power cut mid-game resumes it and the phones go on with the same tokens."""

from __future__ import annotations

import json
import os
import time

from device_helpers import log_of, start_device
from phone_helpers import pbm_png, zbar

from host.phone_sim import PhoneHostError, PhoneHttp, choice_actions, free_port, replay_views
from host.sim_client import SimError, device_heap
from host.sim_play import keeper_bid, keeper_step
from shared_rules import gamelog, games
from shared_rules.laptop import logcheck

GAME = "mea-culpa-keeper"
TITLE = "Mea Culpa keeper"
PLAYERS = 3
NO_PHONE = "P3"  # says "no phone" at the join screens: plays with the buttons
ROUNDS = 2
PRIVATE_SCREENS = ("bid", "die", "secret", "join-seat")


RETRIES = {"count": 0}  # answers cut short (a MemoryError mid-answer), each test's own


def seat_state(http: PhoneHttp, token: str) -> dict:
    """A seat's state as the page fetches it: an answer cut short (the heap at its limit
    ran out mid-answer, after the 200 went) is fetched again, as the page does."""
    for _ in range(3):
        try:
            return http.state(token)
        except (ValueError, PhoneHostError):  # cut short, or 503: short of memory
            RETRIES["count"] += 1
            time.sleep(0.5)
    raise SimError("three answers in a row cut short")


def actions_of(flash) -> list[int]:
    return gamelog.parse(log_of(flash))["actions"]


def menu_to_phones(c) -> None:
    """The menu's last row is phone mode, a device setting: A turns it on."""
    c.press("UP")  # from the top row, UP wraps to the last
    scr = c.screen()
    assert scr["items"][scr["cursor"]] == "Phones: no"
    c.press("A")
    scr = c.screen()
    assert scr["items"][scr["cursor"]] == "Phones: yes"


def start_keeper(c) -> None:
    c.press("DOWN")  # from the last row to the first: the game
    for _ in range(10):
        if c.screen()["items"][0] == "Game: " + TITLE:
            break
        c.press("B")
    c.press("DOWN")
    for _ in range(10):
        if c.screen()["items"][1] == "Players: %d" % PLAYERS:
            break
        c.press("B")
    assert c.screen()["items"][-1] == "Phones: yes"
    c.press("C")
    assert c.screen()["name"] == "seal"
    c.press("A")


def read_code(c, tmp_path, name) -> str:
    """The QR code on the panel, decoded from its picture by zbarimg."""
    png = pbm_png(c.screen_image_path(), tmp_path / f"{name}.png")
    found = zbar(png)
    assert len(found) == 1, found
    return found[0]


def join(c, tmp_path, port) -> dict[str, str]:
    """The network screen, then each seat's code behind the pass gate: {name: token}."""
    scr = c.screen()
    assert scr["name"] == "join-wifi" and not scr["private"]
    wifi = read_code(c, tmp_path, "wifi")
    ssid, password = scr["lines"][3], scr["lines"][5]
    assert wifi == f"WIFI:T:WPA;S:{ssid};P:{password};;"
    c.press("A")
    tokens = {}
    for table in range(PLAYERS):
        scr = c.screen()
        name = scr["big"]
        assert scr["name"] == "pass" and scr["keys"][:2] == ["Look", "No phone"], scr
        if name == NO_PHONE:
            c.press("B")
            continue
        c.press("A")
        scr = c.screen()
        assert scr["name"] == "join-seat" and scr["private"] and scr["title"] == name
        url = read_code(c, tmp_path, f"seat-{table}")
        assert url.startswith(f"http://127.0.0.1:{port}/s/")
        assert url[7:] == "".join(scr["lines"][3:])  # the short URL printed beside it
        tokens[name] = url.rsplit("/", 1)[1]
        c.press("A")
    assert c.leds()["names"][-1] == "off"  # the status LED: no secret left on the glass
    return tokens


def wait_moved(c, move: int, timeout: float = 30.0) -> dict:
    """Until the device has taken the phone's choice and waits for the next decision."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        st = c.status()
        if st.get("idle") and (st.get("move") or 0) > move and c.screen()["name"] != "chosen":
            return st
        time.sleep(0.01)
    raise SimError("the device did not take the phone's choice:\n" + c.screen_text())


def pick(choice: dict) -> dict:
    """The option a seat picks, by the move number alone (the button policy's choice)."""
    move = choice["move"]
    options = choice_actions(choice)
    assert len(options) == choice["count"]
    if options[0].get("kind") == "bid":
        notches, taler = keeper_bid(move)
        for o in options:
            if o["notches"] == notches and o["taler"] == taler:
                return o
    return options[(move * 7) % len(options)]


def phone_turn(c, http: PhoneHttp, flash, tokens: dict[str, str]) -> str:
    scr = c.screen()
    name = scr["big"]
    assert not scr["private"] and name in tokens, scr
    assert f"Waiting for {name}'s phone." in scr["facts"]
    token = tokens[name]
    st = seat_state(http, token)
    choice = st["choice"]
    assert choice is not None and st["status"]["secret_turn"], st
    _, views, public = replay_views(GAME, PLAYERS, actions_of(flash))
    assert st["view"] == views[st["seat"]] and st["public"] == public
    assert c.status()["app"]["public"] == public  # the serial link: an onlooker's view
    action = pick(choice)
    for other, t in tokens.items():
        if other == name:
            continue
        seen = seat_state(http, t)
        assert seen["seat"] != st["seat"] and seen["choice"] is None
        assert seen["view"] == views[seen["seat"]]
        # another seat's token cannot act for this one
        code, answer = http.choose(t, choice["move"], action)
        assert (code, answer["result"]) == (409, "stale")
    assert http.get("/api/%s/state" % ("a" * 20))[0] in (404, 429)
    mark = len(c.events())
    code, answer = http.choose(token, choice["move"], action)
    assert (code, answer["result"]) == (202, "sent"), answer
    st = wait_moved(c, choice["move"])
    assert http.choose(token, choice["move"], action)[1]["result"] == "stale"
    shown = [e for e in c.events()[mark:] if e.get("e") == "refresh"]
    assert "chosen" in [e["screen"] for e in shown]
    # from the choice to the next decision, nothing private reached the glass
    assert not [e for e in shown if e["private"] or e["screen"] in PRIVATE_SCREENS], shown
    assert st["move"] >= choice["move"] + 1
    assert actions_of(flash)[choice["move"]] == _encode(action)  # journaled as a press is
    return name


def _encode(action: dict) -> int:
    return games.load(GAME, PLAYERS).encode(action)


def play(c, http, flash, tokens, buttons, stop_after=None, switch=False) -> dict:
    """To the result (or `stop_after` phone turns); `switch`: the first seat waited for
    presses B on the waiting screen and goes on with the buttons."""
    counts = {"phone": 0, "buttons": 0}
    while c.screen()["name"] != "result":
        scr = c.screen()
        if scr["name"] == "phone" and switch:
            name = scr["big"]
            c.press("B")
            scr = c.screen()
            assert scr["name"] == "pass" and scr["big"] == name, scr  # pass-and-peek now
            assert seat_state(http, tokens[name])["phone"] is False
            buttons.add(name)
            del tokens[name]
            # kept for a resume, beside the key: this seat's secrets come by the buttons
            game_id = (flash / "games" / "current").read_text().strip()
            saved = json.loads((flash / "games" / f"{game_id}.phones").read_text())
            assert len(saved["off"]) == 2
            switch = False
        elif scr["name"] == "phone":
            phone_turn(c, http, flash, tokens)
            counts["phone"] += 1
        else:
            if scr["name"] in ("bid", "die"):
                assert scr["title"].split(":")[0] in buttons, scr  # a phone seat never does
                counts["buttons"] += 1
            keeper_step(c, ROUNDS)
        if stop_after is not None and counts["phone"] >= stop_after:
            return counts
        assert sum(counts.values()) < 500
    return counts


# The heap every phone test is held to: an RP2040's, on the 32-bit frozen build, as every
# other session (host.sim_client.device_heap; docs/device.md, "Memory").
# PHONES_HEAP=<bytes> runs them at another size.
def heap() -> str:
    return os.environ.get("PHONES_HEAP") or device_heap()


def test_a_keeper_game_with_phones(tmp_path):
    RETRIES["count"] = 0
    port = free_port()
    dev = start_device(tmp_path, phone_port=port, heap=heap(), port="unix32")
    flash = tmp_path / "flash"
    http = PhoneHttp(port)
    try:
        c = dev.client
        menu_to_phones(c)
        assert json.loads((flash / "settings.json").read_text())["phones"] is True
        start_keeper(c)
        tokens = join(c, tmp_path, port)
        assert sorted(tokens) == ["P1", "P2"]
        buttons = {NO_PHONE}
        assert play(c, http, flash, tokens, buttons, stop_after=3)["phone"] == 3
        # the power goes: the game resumes, the same tokens open the same seats
        game_id = (flash / "games" / "current").read_text().strip()
        saved = json.loads((flash / "games" / f"{game_id}.phones").read_text())
        assert set(tokens.values()) < set(saved["tokens"]) and saved["off"] == [2]
        # the seats' join codes, kept beside the tokens for a rejoin, for this address
        codes = flash / "games" / f"{game_id}.codes"
        kept = codes.read_bytes()
        assert kept.startswith(f"http://127.0.0.1:{port}/s/\n".encode())
        kept_file = codes.stat().st_ino  # a file written again is a new one (a rename)
        dev.restart()
        for name, token in tokens.items():
            assert seat_state(http, token)["name"] == name
        # the server is up, so the resume has decided: the same address, not encoded again
        assert codes.stat().st_ino == kept_file and codes.read_bytes() == kept
        everyone = dict(tokens)
        rest = play(c, http, flash, tokens, buttons, switch=True)  # one seat back to buttons
        assert len(tokens) == 1 and rest["phone"] >= 1 and rest["buttons"] >= 2, rest
        tokens = everyone
        summary = logcheck.verify(log_of(flash), games.load_described)
        assert summary["head"]["game"] == GAME
        # the game is over: its tokens die, its .phones and .codes files with its key
        assert not (flash / "games" / f"{game_id}.phones").exists()
        assert not codes.exists()
        c.press("A")  # leave the result: the game is closed
        assert c.screen()["name"] == "menu"
        assert RETRIES["count"] <= 2  # rare: the page would not be seen to stall
        for token in tokens.values():
            try:
                assert http.get(f"/api/{token}/state")[0] != 200
            except OSError:
                pass  # the server has gone with the game: nothing answers at all
    finally:
        dev.stop()


def choose_in_pause(c, wanted: str) -> None:
    scr = c.screen()
    assert scr["name"] == "pause" and wanted in scr["items"], scr
    while c.screen()["cursor"] != scr["items"].index(wanted):
        c.press("DOWN")
    c.press("A")


def until(c, http, tokens, buttons, done, limit=200) -> dict:
    """Play (phones by HTTP, the rest by the keeper's button policy) until done(screen)."""
    for _ in range(limit):
        scr = c.screen()
        if done(scr):
            return scr
        if scr["name"] == "phone":
            name = scr["big"]
            choice = seat_state(http, tokens[name])["choice"]
            assert http.choose(tokens[name], choice["move"], pick(choice))[0] == 202
            wait_moved(c, choice["move"])
        else:
            if scr["name"] in ("bid", "die"):
                assert scr["title"].split(":")[0] in buttons, scr
            keeper_step(c, ROUNDS)
    raise SimError("never reached:\n" + c.screen_text())


def test_the_pause_menu_moves_a_seat_between_its_phone_and_the_buttons(tmp_path):
    RETRIES["count"] = 0
    port = free_port()
    dev = start_device(tmp_path, phone_port=port, heap=heap(), port="unix32")
    http = PhoneHttp(port)
    try:
        c = dev.client
        menu_to_phones(c)
        start_keeper(c)
        c.press("A")  # the network screen
        c.press("A")  # P1: look, done
        c.press("A")
        c.press("B")  # P2, P3: no phone
        c.press("B")
        tokens = {"P1": join_url_token(c, http, "P1")}
        buttons = {"P2", "P3"}

        # P2, about to enter a secret by the buttons, goes back to its phone instead
        def p2_gate(scr):
            return scr["name"] == "pass" and scr["big"] == "P2" and scr["keys"][2] == "Menu"

        until(c, http, tokens, buttons, p2_gate)
        c.press("C")
        choose_in_pause(c, "Use my phone again")
        scr = c.screen()
        assert scr["name"] == "pass" and scr["keys"][:2] == ["Look", "No phone"]
        c.press("A")
        scr = c.screen()
        assert scr["name"] == "join-seat" and scr["private"]
        if scr["lines"][0] == "No room for the code now.":
            # the seat's code is drawn from flash, with no encoder beside the server; a
            # heap cut up below the phones' budget may still have no room to draw it
            # (docs/phones.md, "Memory"): the address is there to type
            assert os.environ.get("PHONES_HEAP"), "no room for the code at the budget"
            url = "http://" + "".join(scr["lines"][2:])
        else:
            url = read_code(c, tmp_path, "rejoin")
        assert url.startswith(f"http://127.0.0.1:{port}/s/")
        tokens["P2"] = url.rsplit("/", 1)[1]
        c.press("A")
        assert seat_state(http, tokens["P2"])["phone"] is True
        # this secret is still entered here (its gate is up again); the next is P2's phone's
        assert p2_gate(c.screen())
        until(c, http, tokens, buttons, lambda s: s["name"] == "phone" and s["big"] == "P2")
        # and from its phone's waiting screen, back to the buttons through the pause menu
        c.press("C")
        choose_in_pause(c, "Play here, not on my phone")
        scr = c.screen()
        assert scr["name"] == "pass" and scr["big"] == "P2", scr
        assert seat_state(http, tokens["P2"])["phone"] is False
        assert RETRIES["count"] <= 2  # rare: the page would not be seen to stall
    finally:
        dev.stop()


def join_url_token(c, http, name) -> str:
    """A seat's token from the game's .phones file (the first test reads them from the
    e-ink's QR codes)."""
    flash = c.dir.parent
    game_id = (flash / "games" / "current").read_text().strip()
    saved = json.loads((flash / "games" / f"{game_id}.phones").read_text())
    token = saved["tokens"][int(name[1:]) - 1]
    assert seat_state(http, token)["name"] == name
    return token
