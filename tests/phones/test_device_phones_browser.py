"""The real firmware on the virtual board, its phone pages in a real headless Chromium
(Debian's, driven by Selenium through its chromedriver), every seat joined by the QR code
decoded from the picture of the e-ink, at the heap of tests/phones/test_device_phones.py
(browser_heap below).

A whole game of every game with secrets that phones serve, at its largest player count
(the keeper 4, 7: The Sins 5, 7 Pecados 6, New Rule 4), each seat on its phone: the
Mea Culpa keeper (bids, the Pope's die), 7: The Sins (the opening cards, read on the page
and answered Seen; play itself is public), 7 Pecados (the hand, the draw, the play, the
card sent to the limbo) and New Rule (every decision of a seat: its plays face up or
down, its sets). One driver plays them all from a description of each game (`Table`):
every private input is made with the page's own controls (its buttons or lists, then
Send or Seen, as a person would), the table's public screens with the device's buttons.
Each time the device waits for a decision, every tab is checked against the rules core
replayed on the laptop from the device's journal: its secrets are exactly view(seat)
less view(None), its table is view(None), nothing of another seat's is on it, and a
choice is open on the page of the seat the device waits for only; from the join to the
end of play the e-ink shows nothing private."""

from __future__ import annotations

import http.client
import json
import os
import re
import time
from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

import pytest
from device_helpers import log_of, start_device
from phone_helpers import (
    Laptop,
    choose_on_page,
    expected_secrets,
    page,
    secrets_shown,
    tab_shows,
    table_shown,
    wait_page,
)
from test_device_phones import menu_to_phones, read_code, wait_moved

from host.phone_sim import PhoneHostError, PhoneHttp, choice_actions, free_port
from host.sim_client import SimClient, SimError, device_heap
from host.sim_play import (
    KEEPER_TITLE,
    NEW_RULE_TITLE,
    PECADOS_TITLE,
    keeper_bid,
    keeper_step,
    new_rule_rows,
    pecados_press,
    sins_policy,
    start_game,
    step,
)
from shared_rules import gamelog, games
from shared_rules.laptop import logcheck

SEEN = "seen"  # a reveal answered on the page


# A browser loads the page in three tabs at once and keeps their connections open, at the
# heap of every other session (an RP2040's, host.sim_client.device_heap).
def browser_heap() -> str:
    return os.environ.get("PHONES_HEAP") or device_heap()


# ****** the games, as the tests play them ******
def decision(option: dict) -> str:
    """The kind of a decision a seat made, as the tests count them."""
    return option["kind"] + ("-" + option["face"] if "face" in option else "")


def curious(move: int, options: list[dict], made: Counter) -> int:
    """A seat that tries each kind of decision it is offered once, else picks by the
    move number: the pages make every kind of choice the game has, in a short game."""
    for i, option in enumerate(options):
        if decision(option) not in made:
            return i
    return (move * 7 + len(options) * 3) % len(options)


def keeper_pick(move: int, options: list[dict], made: Counter) -> int:
    """The keeper's button policy (host/sim_play.py): its bids small and often tied."""
    if options[0]["kind"] == "bid":
        bid = keeper_bid(move)
        return next(i for i, o in enumerate(options) if (o["notches"], o["taler"]) == bid)
    return (move * 7) % len(options)


class Table(NamedTuple):
    """One game as a table plays it here, at its largest player count and shortest options."""

    game: str  # the rules' name
    title: str  # the device's menu
    players: int
    rows: list | None  # menu rows (host.sim_play.start_game)
    press: Callable[[SimClient], object]  # a step on a screen the table answers on the device
    pick: Callable[[int, list[dict], Counter], int]  # the option a seat picks on its page
    decided: frozenset[str]  # every kind of decision the pages must have made by the end


KEEPER_ROUNDS = 1
TABLES = [
    Table(
        "mea-culpa-keeper",
        KEEPER_TITLE,
        4,  # its largest count
        None,
        lambda c: keeper_step(c, KEEPER_ROUNDS),
        keeper_pick,
        frozenset({"bid", "die"}),
    ),
    Table(
        "seven-sins",
        "7: The Sins",
        5,  # its largest count
        None,
        lambda c: step(c, sins_policy, quick=True),
        curious,
        frozenset({SEEN}),  # play is public: it stays on the device
    ),
    Table(
        "siete-pecados",
        PECADOS_TITLE,
        6,  # its largest count
        None,
        lambda c: c.press(pecados_press(c.screen())),
        curious,
        frozenset({"draw", "tempt", "to_limbo", "limbo_card"}),
    ),
    Table(
        "new-rule",
        NEW_RULE_TITLE,
        4,  # its largest count
        new_rule_rows(100, 1),  # to 100 points, one round at most
        lambda c: c.press("A"),  # the table's screens: announcements only
        curious,
        frozenset({"play-up", "play-down", "no_set"}),
    ),
]


# ****** the seats' tabs ******
class Phones:
    """Every seat's page in its own tab of one browser, and the rules core on the laptop
    they are checked against."""

    def __init__(self, driver, c: SimClient, http: PhoneHttp, flash, table: Table):
        self.driver = driver
        self.c = c
        self.http = http
        self.flash = flash
        self.table = table
        self.seats: list[str] = []  # names, in the rules' seat order
        self.tabs: list[str] = []
        self.token = ""
        self.laptop: Laptop | None = None
        self.sent = -1  # the last action chosen on a page
        self.controls: Counter = Counter()  # the page's controls used, by kind
        self.checks = 0
        self.tables = 0  # the table screen's checks

    def join(self, tmp_path) -> None:
        """The network screen, then every seat's code behind the pass gate, decoded from
        the e-ink's picture, opened in the seat's own tab."""
        c = self.c
        scr = c.screen()
        assert scr["name"] == "join-wifi", scr
        c.press("A")
        urls = []
        for seat in range(self.table.players):
            scr = c.screen()
            assert scr["name"] == "pass" and scr["keys"][:2] == ["Look", "No phone"], scr
            self.seats.append(scr["big"])
            c.press("A")
            assert c.screen()["name"] == "join-seat"
            url = read_code(c, tmp_path, f"seat-{seat}")
            assert url.startswith(f"http://127.0.0.1:{self.http.port}/s/")
            urls.append(url)
            c.press("A")
        assert len(set(urls)) == len(urls)
        self.tokens = [url.rsplit("/", 1)[1] for url in urls]
        self.token = self.tokens[0]
        for i, url in enumerate(urls):
            if i:
                self.driver.switch_to.new_window("tab")
            self.driver.get(url)
            self.tabs.append(self.driver.current_window_handle)
        # the table screen, on a tablet beside them: no code, no seat
        self.driver.switch_to.new_window("tab")
        self.driver.get(f"http://127.0.0.1:{self.http.port}/table")
        self.table_tab = self.driver.current_window_handle
        self.laptop = Laptop(self.flash)

    def version(self) -> str:
        """The version every page shows once it has the device's latest state."""
        for _ in range(5):
            try:
                code, headers, _ = self.http.get(f"/api/{self.token}/state")
            except (ConnectionError, http.client.HTTPException):
                code = headers = None  # microdot had no room to answer: dropped, as a 503
            if code == 200 and headers is not None:
                return headers["etag"].strip('"')  # the page shows it unquoted
            time.sleep(0.5)  # 503: the heap was short for a moment; the page retries too
        raise SimError("the device did not answer a state request")

    def seat_state(self, seat: int) -> dict:
        """The seat's state as its page fetches it (asked again after a 503, as the page
        does: at the budget the heap may be short for a moment)."""
        for _ in range(10):
            try:
                return self.http.state(self.tokens[seat])
            except (PhoneHostError, ConnectionError, http.client.HTTPException):
                time.sleep(0.5)
        raise SimError("the device did not answer a seat's state")

    def check(self, over: bool = False) -> tuple:
        """Every tab against the rules core at this point of the game:
        (state, the seat the device waits for or None, what each tab shows)."""
        assert self.laptop is not None
        state = self.laptop.catch_up()
        public = state.view(None)
        version = self.version()
        scr = self.c.screen()
        waited = self.seats.index(scr["big"]) if scr["name"] == "phone" else None
        views = [state.view(seat) for seat in range(self.table.players)]
        shown = []
        for seat, tab in enumerate(self.tabs):
            want = "over" if over else "choose" if seat == waited else None
            on = tab_shows(self.driver, tab, version, want)
            mine = expected_secrets(views[seat], public)
            assert on["secrets"] == mine, (seat, on["secrets"], mine)
            assert on["table"] == public, (seat, on["table"], public)
            for other in range(self.table.players):
                if other == seat:
                    continue
                for key, value in expected_secrets(views[other], public).items():
                    if mine.get(key) != value:
                        assert on["secrets"].get(key) != value, (seat, other, key)
            if on["choosing"] and seat != waited:
                # a rules' secret opens as soon as it is the seat's: its choice waits in
                # the inbox while the table reads the screen before
                assert waited is None and on["reveal"] is None, (seat, scr)
                assert state.current_player() == seat and state.observers() == (seat,)
            shown.append(on)
        if waited is not None and shown[waited]["reveal"] is not None:
            # the words the gate would have shown: the secret just dealt to this seat
            dealt = self.laptop.game.decode(state.history()[-1])
            said = [str(v) for k, v in dealt.items() if k != "kind"]
            assert said and [v for v in said if v not in shown[waited]["reveal"]] == []
        assert onlooker_view(self.c) == public  # the serial link: an onlooker's
        self.checks += 1
        if over or self.checks % 4 == 1:
            self.check_table(version, public)
        return state, waited, shown

    def check_table(self, version: str, public: dict) -> None:
        """The table screen shows view(None) and nothing of any seat's, and its news are
        the rules' announcements of the last four actions that made any."""
        assert self.laptop is not None
        wait_page(self.driver, self.table_tab, version)
        assert table_shown(self.driver) == public
        assert secrets_shown(self.driver) == {}
        for _ in range(10):
            try:
                code, _, body = self.http.get("/table/state")
            except (ConnectionError, http.client.HTTPException):
                code = body = None  # short of memory for a moment: asked again
            if code == 200 and body is not None:
                break
            time.sleep(0.5)
        else:
            raise SimError("the device did not answer the table screen")
        data = json.loads(body)
        assert set(data) == {"seat", "version", "status", "public", "news"}
        assert data["public"] == public and data["news"] == self.laptop.news[-4:]
        self.tables += 1

    def choose(self, seat: int, shown: dict, state, made: Counter) -> str:
        """The waited-for seat's choice made with its page's controls; the decision's kind."""
        driver = page(self.driver, self.tabs[seat])
        send = driver.find_element("id", "send")
        if shown["reveal"] is not None:
            shots = os.environ.get("CONFESSOR_PHONE_SHOTS")  # a folder for docs/phones.md
            if shots and seat == 0:
                driver.set_window_size(360, 740)  # the docs' small phone
                driver.save_screenshot(os.path.join(shots, "page-reveal.png"))
            assert send.text == "Seen" and send.is_enabled()
            send.click()
            self.controls["seen"] += 1
            return SEEN
        assert self.laptop is not None
        game = self.laptop.game
        legal = state.legal_actions()
        options = [game.decode(a) for a in legal]
        texts = [self.said(state.action_text(a)) for a in legal]
        index = self.table.pick(state.move_number(), options, made)
        choice = self.seat_state(seat)["choice"]
        offered = choice_actions(choice)
        if choice.get("grid") is not None:  # one stepper per field of the action
            self.controls["steppers"] += 1
            at = next(
                i
                for i, a in enumerate(offered)
                if all(options[index][k] == v for k, v in a.items())
            )
            expect = None  # Send names each field's value (checked by choose_on_page's steps)
        else:
            assert offered == options
            at = index
            expect = texts[index]
            if any("cards" in o for o in options):  # New Rule's sets: tap a set's cards
                plain = [t for t, o in zip(texts, options, strict=True) if "cards" not in o]
                assert shown["buttons"] == plain  # "forms no set": a button
                self.controls["cards" if "cards" in options[index] else "buttons"] += 1
            elif shown["buttons"]:  # a button or a card each, named by the rules' words
                assert shown["buttons"] == texts
                self.controls["buttons"] += 1
            else:
                assert shown["listed"] == texts
                self.controls["list"] += 1
        shots = os.environ.get("CONFESSOR_PHONE_SHOTS")  # a folder for docs/phones.md
        shot = None
        if shots and "cards" in options[index] and not self.controls["shot"]:
            self.controls["shot"] += 1  # a New Rule set, its cards tapped, before Send

            def shot(d):
                d.set_window_size(360, 740)  # the docs' small phone
                d.save_screenshot(os.path.join(shots, "page-set.png"))

        choose_on_page(driver, choice, at, expect, shot)
        self.sent = legal[index]
        return decision(options[index])

    def said(self, text: str) -> str:
        """The rules' words as a page says them: "seat N" (counted from 0) by its name,
        and New Rule's "QH(1)" (a card of seat 1's) as "QH (name)"."""
        text = re.sub(r"\bseat (\d+)\b", lambda m: self.seats[int(m[1])], text)
        if self.table.game == "new-rule":
            text = re.sub(
                r"\b(10|[2-9AJQK])([CDHS])\((\d+)\)",
                lambda m: f"{m[1]}{m[2]} ({self.seats[int(m[3])]})",
                text,
            )
        return text

    def gone(self, timeout: float = 20) -> None:
        """Every page and the table screen say the game is gone (its server closed with it)."""
        from selenium.webdriver.support.ui import WebDriverWait

        for tab in [*self.tabs, self.table_tab]:
            page(self.driver, tab)
            WebDriverWait(self.driver, timeout, poll_frequency=0.05).until(
                lambda d: (
                    d.find_element("tag name", "body").get_attribute("data-state")
                    in ("offline", "dead")
                )
            )


def onlooker_view(c: SimClient) -> dict | None:
    """The public view the serial link serves a laptop. At the budget a moment's heap may
    have no block for it (the simulator's status then says so, app_error, as the link
    answers an error): asked again a moment later, as a laptop would after that reply."""
    st = c.status()
    for _ in range(10):
        if st.get("app_error") is None:
            return st["app"]["public"]
        time.sleep(0.2)
        st = c.fresh_status()
    raise SimError(f"the status has no public view: {st['app_error']}")


def play_in_browser(driver, c: SimClient, tmp_path, table: Table, http: PhoneHttp) -> Counter:
    """A whole game from the menu to its closing, every seat on its phone: the decisions
    the pages made, by kind."""
    flash = tmp_path / "flash"
    menu_to_phones(c)
    start_game(c, table.players, table.rows, title=table.title)
    c.press("A")  # the seal
    phones = Phones(driver, c, http, flash, table)
    phones.join(tmp_path)
    mark = len(c.events())
    made: Counter = Counter()
    choosers = set()
    checked = set()
    presses = 0
    while c.screen()["name"] not in ("over", "result"):
        scr = c.screen()
        move = c.status()["move"]
        if scr["name"] == "phone":
            state, seat, shown = phones.check()
            assert state.move_number() == move
            kind = phones.choose(seat, shown[seat], state, made)
            made[kind] += 1
            choosers.add(seat)
            wait_moved(c, move)
            if kind != SEEN:
                assert gamelog.parse(log_of(flash))["actions"][move] == phones.sent
            checked.add(move)
            continue
        if move not in checked:
            phones.check()
            checked.add(move)
        table.press(c)
        presses += 1
        assert presses < 3000, "the game does not end"
    assert len(choosers) == table.players  # every seat chose on its own page
    # from the join to the end of play, nothing private reached the glass
    shown = [e for e in c.events()[mark:] if e.get("e") == "refresh"]
    assert shown and not [e for e in shown if e["private"]], [e for e in shown if e["private"]]
    phones.check(over=True)  # the final view, on every page with the game over
    while c.screen()["name"] != "result":
        c.press("A")  # the end screens (each seat's score behind the gate)
    assert logcheck.verify(log_of(flash), games.load_described)["head"]["game"] == table.game
    c.press("A")  # the game is closed: its server goes, the pages cannot reach it
    assert c.screen()["name"] == "menu"
    phones.gone()
    assert phones.tables > 1  # the table screen checked in play and at the end
    print(table.game, "decisions:", dict(made), "controls:", dict(phones.controls))
    return made


@pytest.mark.parametrize("table", TABLES, ids=[t.game for t in TABLES])
def test_a_whole_game_played_in_a_browser(tmp_path, browser, table):
    port = free_port()
    dev = start_device(tmp_path, phone_port=port, heap=browser_heap(), port="unix32")
    try:
        made = play_in_browser(browser, dev.client, tmp_path, table, PhoneHttp(port))
    finally:
        dev.stop()
    assert table.decided <= set(made), (table.decided, made)
    if table.game == "seven-sins":
        assert made == {SEEN: table.players}  # every opening card on its seat's page
