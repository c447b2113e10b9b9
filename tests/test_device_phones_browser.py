"""The real firmware on the virtual board, its phone pages in a real headless Chromium
(Debian's, driven by Selenium through its chromedriver), every seat joined by the QR code
decoded from the picture of the e-ink, at the heap of tests/test_device_phones.py
(browser_heap below).

A whole Mea Culpa keeper game: every bid and the Pope's die are chosen on the pages
(their lists and Send button, as a person would), and each time the device waits for a
decision every tab is checked against the rules core's view(seat), replayed on the
laptop from the device's journal: its own secrets all there, the public table as
view(None), nothing of another seat's. And 7: The Sins' setup: each seat reads its
opening card on its own page and answers Seen, and no other page shows it. (The other
games with secrets are played over plain HTTP: tests/test_device_phones_games.py.)"""

from __future__ import annotations

import json
import os
import time

from device_helpers import log_of, start_device
from phone_helpers import (
    expected_secrets,
    page,
    secrets_shown,
    wait_page,
)
from test_device_phones import (
    PHONES_BUDGET_WK,
    PLAYERS,
    ROUNDS,
    actions_of,
    menu_to_phones,
    read_code,
    start_keeper,
    wait_moved,
)

from host.phone_sim import PhoneHttp, free_port, replay_views
from host.sim_client import SimError, budget_heap
from host.sim_play import keeper_bid, keeper_step, start_game
from shared_rules import gamelog, games
from shared_rules.game import replay

GAME = "mea-culpa-keeper"


def join_all(c, tmp_path, port) -> dict[str, str]:
    """The network screen, then every seat's code behind the pass gate (in the rules'
    seat order): {name: URL}."""
    scr = c.screen()
    assert scr["name"] == "join-wifi"
    c.press("A")
    urls = {}
    for seat in range(PLAYERS):
        scr = c.screen()
        name = scr["big"]
        assert scr["name"] == "pass" and scr["keys"][:2] == ["Look", "No phone"], scr
        c.press("A")
        assert c.screen()["name"] == "join-seat"
        url = read_code(c, tmp_path, f"seat-{seat}")
        assert url.startswith(f"http://127.0.0.1:{port}/s/")
        urls[name] = url
        c.press("A")
    assert len(set(urls.values())) == PLAYERS
    return urls


def device_etag(http: PhoneHttp, token: str) -> str:
    """The version every page shows once it has the device's latest state."""
    for _ in range(5):
        code, headers, _ = http.get(f"/api/{token}/state")
        if code == 200:
            return headers["etag"].strip('"')  # the page shows it unquoted
        time.sleep(0.5)  # 503: the heap was short for a moment; the page retries too
    raise SimError("the device did not answer a state request")


def check_pages(driver, tabs, http, token, flash, chooser=None) -> tuple:  # the keeper
    """Every tab against view(seat) at this point of the game: (state, views, public)."""
    etag = device_etag(http, token)
    state, views, public = replay_views(GAME, PLAYERS, actions_of(flash))
    for seat, tab in enumerate(tabs):
        wait_page(driver, tab, etag, "choose" if seat == chooser else None)
        shown = secrets_shown(driver)
        mine = expected_secrets(views[seat], public)
        assert shown == mine, (seat, shown, mine)
        for other in range(PLAYERS):
            if other == seat:
                continue
            for key, value in expected_secrets(views[other], public).items():
                if mine.get(key) != value:
                    assert shown.get(key) != value, (seat, other, key)
        # the public table as an onlooker sees it, and nothing hidden beside it
        table = driver.execute_script(
            "return Array.from(document.querySelectorAll('#table dd'),"
            " function (dd) { return dd.getAttribute('data-key'); });"
        )
        assert sorted(table) == sorted(public)
    return state, views, public


def choose_on_page(driver, tab, state, move: int) -> int:
    """The seat's choice made on its page: the keeper's bid policy (host/sim_play.py)
    for a bid, a pick by the move number otherwise. Returns the action sent."""
    from selenium.webdriver.support.ui import Select

    page(driver, tab)
    legal = state.legal_actions()
    game = games.load(GAME, PLAYERS)
    decoded = [game.decode(a) for a in legal]
    if decoded[0].get("kind") == "bid":
        bid = keeper_bid(move)
        want = next(
            a for a, d in zip(legal, decoded, strict=True) if (d["notches"], d["taler"]) == bid
        )
    else:
        want = legal[(move * 7) % len(legal)]
    index = legal.index(want)  # the page lists the options in the rules' order
    buttons = driver.find_elements("css selector", "#choice button")
    if buttons:
        buttons[index].click()
    for sel in driver.find_elements("css selector", "#choice select"):
        field = sel.get_attribute("data-field")
        if field == "option":  # one list of every option
            Select(sel).select_by_index(index + 1)
        else:  # one list per field of the action
            Select(sel).select_by_value(json.dumps(decoded[index][field]))
    send = driver.find_element("id", "send")
    assert send.is_enabled() and state.action_text(want) in send.text, send.text
    send.click()
    return want


def wait_gone(driver, tab, timeout=20) -> None:
    from selenium.webdriver.support.ui import WebDriverWait

    page(driver, tab)
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: (
            d.find_element("tag name", "body").get_attribute("data-state") in ("offline", "dead")
        )
    )


# A browser loads the page in three tabs at once and keeps their connections open: at
# the heap of test_device_phones these tests pass too, since the page goes out in 256-byte
# pieces (it went in 1 KB ones, and the first loads failed at that heap). Phone mode is
# still over the budget of every other session (docs/phones.md, "Memory").
def browser_heap() -> str:
    return os.environ.get("PHONES_HEAP") or budget_heap(PHONES_BUDGET_WK)


def test_a_whole_keeper_game_chosen_in_a_browser(tmp_path, browser):
    port = free_port()
    dev = start_device(tmp_path, phone_port=port, heap=browser_heap(), mpy=True)
    flash = tmp_path / "flash"
    http = PhoneHttp(port)
    try:
        c = dev.client
        menu_to_phones(c)
        start_keeper(c)
        urls = join_all(c, tmp_path, port)
        seats = list(urls)  # names in the rules' seat order
        token = urls[seats[0]].rsplit("/", 1)[1]
        tabs = []
        for i, url in enumerate(urls.values()):
            if i:
                browser.switch_to.new_window("tab")
            browser.get(url)
            tabs.append(browser.current_window_handle)
        checked = set()
        chosen = 0
        while c.screen()["name"] != "result":
            scr = c.screen()
            move = c.status()["move"]
            if scr["name"] == "phone":
                seat = seats.index(scr["big"])
                state, _, _ = check_pages(browser, tabs, http, token, flash, chooser=seat)
                checked.add(move)
                action = choose_on_page(browser, tabs[seat], state, move)
                wait_moved(c, move)
                assert actions_of(flash)[move] == action  # journaled as a press is
                chosen += 1
                continue
            assert scr["name"] not in ("bid", "die"), scr  # every seat is on its phone
            if move not in checked:
                check_pages(browser, tabs, http, token, flash)
                checked.add(move)
            keeper_step(c, ROUNDS)
            assert len(checked) < 400
        assert chosen >= 2 * PLAYERS + 1  # every seat's bids, and the Pope's die
        summary = gamelog.verify(log_of(flash), games.load_described)
        assert summary["head"]["game"] == GAME
        # the final view, on every page with the game over
        etag = device_etag(http, token)
        for tab in tabs:
            wait_page(browser, tab, etag, "over")
        check_pages(browser, tabs, http, token, flash)
        c.press("A")  # the game is closed: its server goes, the pages cannot reach it
        for tab in tabs:
            wait_gone(browser, tab)
    finally:
        dev.stop()


def test_seven_sins_opening_cards_are_read_in_a_browser(tmp_path, browser):
    """7: The Sins' secret is each seat's opening card, shown once during setup: each
    seat reads its own on its page (the card in its secrets, the words the gate would
    have shown) and answers Seen; the device waits for it, and no other page shows it."""
    shots = os.environ.get("CONFESSOR_PHONE_SHOTS")  # a folder: keep the screenshot there
    port = free_port()
    dev = start_device(tmp_path, phone_port=port, heap=browser_heap(), mpy=True)
    flash = tmp_path / "flash"
    http = PhoneHttp(port)
    try:
        c = dev.client
        menu_to_phones(c)
        start_game(c, PLAYERS, title="7: The Sins")
        c.press("A")  # the seal
        urls = join_all(c, tmp_path, port)
        seats = list(urls)
        token = urls[seats[0]].rsplit("/", 1)[1]
        tabs = []
        for i, url in enumerate(urls.values()):
            if i:
                browser.switch_to.new_window("tab")
            browser.get(url)
            tabs.append(browser.current_window_handle)
        for _ in range(PLAYERS):
            scr = c.screen()
            assert scr["name"] == "phone" and not scr["private"], scr
            seat = seats.index(scr["big"])
            move = c.status()["move"]
            etag = device_etag(http, token)
            log = gamelog.parse(log_of(flash))
            game = games.load_described(log["head"])
            state = replay(game, log["actions"])
            public = state.view(None)
            for s, tab in enumerate(tabs):
                wait_page(browser, tab, etag, "choose" if s == seat else None)
                assert secrets_shown(browser) == expected_secrets(state.view(s), public)
                words = browser.execute_script(
                    "var p = document.querySelector('#choice .reveal');"
                    " return p && !document.getElementById('choicebox').hidden ? p.innerText : null;"
                )
                if s == seat:
                    card = game.decode(state.history()[-1])["card"]
                    assert words and words.startswith(card + ".") and "opening card" in words
                    assert secrets_shown(browser)["opening"] == state.view(s)["opening"]
                else:
                    assert words is None
            page(browser, tabs[seat])
            if shots and seat == 0:
                browser.save_screenshot(os.path.join(shots, "page-reveal.png"))
            send = browser.find_element("id", "send")
            assert send.text == "Seen" and send.is_enabled()
            send.click()
            wait_moved(c, move)
        # the first turn: setup is over, and the opening cards are on no page any more
        assert c.screen()["name"] == "turn"
        check = replay_views("seven-sins", PLAYERS, actions_of(flash))
        etag = device_etag(http, token)
        for s, tab in enumerate(tabs):
            wait_page(browser, tab, etag)
            assert "opening" not in secrets_shown(browser)
            assert check[1][s]["opening"] is None
    finally:
        dev.stop()
