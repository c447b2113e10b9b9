"""Phone mode in the real firmware on the virtual board with each game that has secrets
besides the Mea Culpa keeper (tests/phones/test_device_phones.py): 7: The Sins (each seat's
opening card), 7 Pecados (each seat's hand, its draws, the card sent to the limbo) and
New Rule (each seat's hand, its face-down plays). Every seat plays with its phone over
HTTP, as the page does; each join code is read from the picture of the e-ink. (The same
games are played in a real browser, through the page's controls, at two players, in
tests/phones/test_device_phones_browser.py; these keep the protocol's side at three players: at
every decision every other seat's token tries the choice and is refused.)

At every decision the device waits for, every seat's answer is exactly the rules core's
view(seat) and view(None) (replayed on the laptop from the device's journal), a choice
is offered to the one seat the device waits for and nobody else, and the e-ink shows
nothing private from the join to the end of play: a seat's secrets and private choices
are on its phone only. The phones' choices are journaled as presses are."""

from __future__ import annotations

import pytest
from device_helpers import log_of, start_device
from phone_helpers import Laptop
from test_device_phones import heap, menu_to_phones, read_code, seat_state, wait_moved

from host.phone_sim import PhoneHttp, choice_actions, free_port
from host.sim_play import (
    NEW_RULE_TITLE,
    PECADOS_TITLE,
    new_rule_rows,
    pecados_press,
    sins_policy,
    step,
)
from shared_rules import games
from shared_rules.laptop import logcheck

PLAYERS = 3
SEEN = {"kind": "seen"}


def join_all(c, tmp_path, port) -> dict[str, str]:
    """The network screen, then every seat's code behind the gate: {name: token}."""
    c.press("A")  # the seal
    assert c.screen()["name"] == "join-wifi"
    c.press("A")
    tokens = {}
    for seat in range(PLAYERS):
        scr = c.screen()
        assert scr["name"] == "pass" and scr["keys"][:2] == ["Look", "No phone"], scr
        c.press("A")
        url = read_code(c, tmp_path, f"seat-{seat}")
        assert url.startswith(f"http://127.0.0.1:{port}/s/")
        tokens[scr["big"]] = url.rsplit("/", 1)[1]
        c.press("A")
    return tokens


def check_seats(c, http, laptop, tokens) -> dict:
    """Every seat's answer against the rules core at this point: {name: answer}."""
    state = laptop.catch_up()
    public = state.view(None)
    scr = c.screen()
    waited = scr["big"] if scr["name"] == "phone" else None
    answers = {}
    for seat, (name, token) in enumerate(tokens.items()):
        st = seat_state(http, token)
        assert st["seat"] == seat and st["name"] == name
        assert st["view"] == state.view(seat), (name, st["view"], state.view(seat))
        assert st["public"] == public
        # a choice is offered to the seat the device waits for, and to nobody else (a
        # rules' secret opens as soon as it is the seat's: its choice waits in the inbox
        # while the table reads the screen before)
        if name == waited:
            assert st["choice"] is not None, (name, st)
        elif st["choice"] is not None:
            assert waited is None and seat == state.current_player(), (name, scr, st)
            assert state.observers() == (seat,)
        answers[name] = st
    assert c.status()["app"]["public"] == public  # the serial link: an onlooker's view
    return answers


def answer(c, http, tokens, answers, pick) -> dict:
    """The waited-for seat answers on its phone: another seat's token cannot, then its
    own does; returns what was sent."""
    scr = c.screen()
    name = scr["big"]
    choice = answers[name]["choice"]
    options = choice_actions(choice)
    assert len(options) == choice["count"]
    sent = pick(choice["move"], options)
    for other, token in tokens.items():
        if other != name:
            code, reply = http.choose(token, choice["move"], sent)
            assert (code, reply["result"]) == (409, "stale")
    move = c.status()["move"]
    code, reply = http.choose(tokens[name], choice["move"], sent)
    assert (code, reply["result"]) == (202, "sent"), reply
    wait_moved(c, move)
    return sent


def by_move(move: int, options: list) -> dict:
    return options[(move * 7 + len(options) * 3) % len(options)]


def play(c, http, tmp_path, laptop_of, press, pick=by_move, limit=3000) -> dict:
    """From the network screen to the end of play: the phones answer what the device
    waits for on them, `press(screen)` the rest. Every seat checked at each decision."""
    port = http.port
    tokens = join_all(c, tmp_path, port)
    laptop = laptop_of()
    mark = len(c.events())
    counts = {"reveal": 0, "phone": 0, "buttons": 0}
    while c.screen()["name"] not in ("over", "result"):
        answers = check_seats(c, http, laptop, tokens)
        scr = c.screen()
        if scr["name"] == "phone":
            choice = answers[scr["big"]]["choice"]
            if choice_actions(choice)[0] == SEEN:
                counts["reveal"] += 1
                assert choice["options"][0]["text"]  # what the gate would have shown
                answer(c, http, tokens, answers, lambda move, options: SEEN)
            else:
                counts["phone"] += 1
                sent = answer(c, http, tokens, answers, pick)
                state = laptop.catch_up()
                assert state.history()[choice["move"]] == laptop.game.encode(sent)
        else:
            counts["buttons"] += 1
            press(c)
        assert sum(counts.values()) < limit
    # from the join to the end of play, nothing private reached the glass
    shown = [e for e in c.events()[mark:] if e.get("e") == "refresh"]
    assert shown and not [e for e in shown if e["private"]], [e for e in shown if e["private"]]
    return counts


def finish(c, flash, game):
    while c.screen()["name"] != "result":
        c.press("A")  # the end screens (each seat's score behind the gate)
    summary = logcheck.verify(log_of(flash), games.load_described)
    assert summary["head"]["game"] == game


@pytest.fixture
def device(tmp_path):
    port = free_port()
    dev = start_device(tmp_path, phone_port=port, heap=heap(), port="unix32")
    dev.http = PhoneHttp(port)  # pyright: ignore[reportAttributeAccessIssue]
    try:
        yield dev
    finally:
        dev.stop()


def start(c, title, rows=None):
    from host.sim_play import start_game

    menu_to_phones(c)
    start_game(c, PLAYERS, rows, title=title)


def test_seven_sins_opening_cards_are_seen_on_the_phones(tmp_path, device):
    c = device.client
    flash = tmp_path / "flash"
    start(c, "7: The Sins")

    def press(client):
        step(client, sins_policy)

    counts = play(c, device.http, tmp_path, lambda: Laptop(flash), press)
    assert counts["reveal"] == PLAYERS  # every opening card on its seat's page
    assert counts["phone"] == 0  # play itself is public
    finish(c, flash, "seven-sins")


def test_seven_pecados_hands_and_limbo_on_the_phones(tmp_path, device):
    c = device.client
    flash = tmp_path / "flash"
    start(c, PECADOS_TITLE)

    def press(client):
        client.press(pecados_press(client.screen()))

    counts = play(c, device.http, tmp_path, lambda: Laptop(flash), press)
    assert counts["phone"] >= 3 * PLAYERS and counts["reveal"] == 0
    finish(c, flash, "siete-pecados")


def test_new_rule_hands_and_plays_on_the_phones(tmp_path, device):
    c = device.client
    flash = tmp_path / "flash"
    start(c, NEW_RULE_TITLE, new_rule_rows(100, 2))

    def press(client):
        client.press("A")  # the table's screens: announcements only

    counts = play(c, device.http, tmp_path, lambda: Laptop(flash), press)
    assert counts["phone"] >= 3 * PLAYERS and counts["reveal"] == 0
    finish(c, flash, "new-rule")


def test_an_opening_card_waits_for_its_phone_through_a_power_cut(tmp_path, device):
    """The device waits at a phone seat's reveal as at a gate: a power cut there brings
    the same reveal back on the same page; a seat may see its card on the device instead
    (B), behind the gate, and plays with the buttons from then on."""
    c = device.client
    http = device.http
    flash = tmp_path / "flash"
    start(c, "7: The Sins")
    tokens = join_all(c, tmp_path, http.port)
    names = list(tokens)
    laptop = Laptop(flash)

    def waiting(name):
        scr = c.screen()
        assert scr["name"] == "phone" and scr["big"] == name and not scr["private"], scr
        answers = check_seats(c, http, laptop, tokens)
        assert answers[name]["choice"]["options"][0]["action"] == SEEN
        return answers

    answers = waiting(names[0])
    answer(c, http, tokens, answers, lambda move, options: SEEN)
    waiting(names[1])
    device.restart()  # the power goes while the second seat's card waits for its phone
    answers = waiting(names[1])
    answer(c, http, tokens, answers, lambda move, options: SEEN)
    waiting(names[2])
    c.press("B")  # the third seat sees its card here instead
    scr = c.screen()
    assert scr["name"] == "pass" and scr["big"] == names[2], scr
    c.press("A")
    scr = c.screen()
    assert scr["name"] == "secret" and scr["private"] and "opening card" in " ".join(scr["lines"])
    assert seat_state(http, tokens[names[2]])["phone"] is False
    c.press("A")
    assert c.screen()["name"] == "turn"  # setup is over: play is public
    check_seats(c, http, laptop, tokens)
