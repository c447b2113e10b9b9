"""A real headless Chromium (Debian's, driven by Selenium through its chromedriver) on the
phone pages and the table screen of every game at its largest player count (7: The Sins
5, 7 Pecados 6, Mea Culpa keeper 4, New Rule 4), served by the stand-in device
(firmware/sim/phone_host.py: the real engine, provider and server) on the 32-bit unix port
at an RP2040's heap (host.sim_client.RP2040_HEAP; docs/device.md, "Memory").

Each seat's page and the table screen (/table) are open in tabs of their own. At each of
a fixed prefix of decisions (a seat's secret, made on its page with the page's own
controls: a bid's steppers, a card tapped; for 7: The Sins, whose decisions are public,
every few table moves) every tab is checked against the rules core replayed on the
laptop: a seat's secrets are exactly view(seat) less view(None), every page's table is
view(None), no page shows another seat's secret, the table screen shows view(None) and
its data holds nothing else. Each game's page is also checked as a person at a table
meets it: at 360 px wide, body text of 16 px or more, targets of 48 px, WCAG AA
contrast, a name on every control, nothing fetched but from the device. The keeper's
seats join by the QR code decoded from the simulated e-ink."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import NamedTuple

import pytest
from phone_helpers import (
    check_at_a_table,
    choose_on_page,
    expected_secrets,
    page,
    pbm_png,
    secrets_shown,
    table_shown,
    wait_page,
    zbar,
)

from host.phone_sim import PhoneHost, choice_actions, replay_views
from host.sim_client import RP2040_HEAP

HEAP = "%dK" % (RP2040_HEAP // 1024)
PAGE = Path(__file__).resolve().parents[2] / "firmware" / "phones" / "phone_page.html"
DOCS = os.environ.get("CONFESSOR_PHONE_SHOTS")  # a folder: also keep the screenshots there


class Game(NamedTuple):
    name: str
    players: int  # its largest count
    decisions: int  # the prefix of secret decisions made on the pages
    every: int  # table moves between checks while no seat decides in secret (0: never)
    moves: int  # table moves at most before the test stops


GAMES = [
    Game("mea-culpa-keeper", 4, 6, 0, 400),
    Game("seven-sins", 5, 0, 12, 60),  # the openings are dealt; play is public
    Game("siete-pecados", 6, 4, 0, 400),
    Game("new-rule", 4, 6, 0, 400),
]


def open_tabs(browser, urls):
    tabs = []
    for i, url in enumerate(urls):
        if i:
            browser.switch_to.new_window("tab")
        browser.get(url)
        tabs.append(browser.current_window_handle)
    return tabs


def check_tabs(browser, host, game, tabs, table_tab, st, waited):
    """Every seat's tab and the table screen against the rules at this point."""
    _, views, public = replay_views(game.name, game.players, st["actions"])
    for seat, tab in enumerate(tabs):
        wait_page(browser, tab, st["etag"], "choose" if seat == waited else None)
        mine = expected_secrets(views[seat], public)
        shown = secrets_shown(browser)
        assert shown == mine, (seat, shown, mine)
        assert table_shown(browser) == public, seat
        for other in range(game.players):
            if other != seat:
                for key, value in expected_secrets(views[other], public).items():
                    if mine.get(key) != value:
                        assert shown.get(key) != value, (seat, other, key)
    # the table screen: view(None), as every page's table, and no secret box at all
    wait_page(browser, table_tab, st["etag"])
    assert table_shown(browser) == public
    assert (
        secrets_shown(browser) == {} and not browser.find_element("id", "secretbox").is_displayed()
    )
    code, _, body = host.get("/table/state")
    data = json.loads(body)
    assert code == 200 and set(data) == {"seat", "version", "status", "public", "news"}
    assert data["public"] == public and data["seat"] is None
    # what happened: the newest of the rules' announcements first, in words
    page(browser, table_tab)
    newest = browser.execute_script(
        "var li = document.querySelector('#news li');"
        " return li ? [+li.getAttribute('data-move'), li.innerText] : null;"
    )
    if data["news"]:
        assert newest is not None and newest[0] == data["news"][-1][0] and newest[1].strip()
    return views, public


# A phone put away (true) or picked up again (false), as the browser tells the page: its
# visibility, which headless tabs never change by themselves.
SEEN_AGAIN = """
window.__away = arguments[0];
Object.defineProperty(document, 'hidden', {configurable: true, get: function () { return window.__away; }});
document.dispatchEvent(new Event('visibilitychange'));
"""


def since_last_look(browser, tab, away: int) -> None:
    """The page picked up again marks what happened after the move it showed when put
    away, under "Since your last look"; the rest stays plain."""
    page(browser, tab)
    head, items = browser.execute_script(
        "return [document.getElementById('nh').textContent,"
        " Array.from(document.querySelectorAll('#news li'), function (li) {"
        " return [+li.getAttribute('data-move'), li.className]; })];"
    )
    assert head == "Since your last look", head
    assert any(cls == "new" for _, cls in items), items
    for move, cls in items:
        assert (cls == "new") == (move > away), (move, cls, away)


@pytest.mark.parametrize("game", GAMES, ids=[g.name for g in GAMES])
def test_every_seat_and_the_table_screen_in_a_browser(tmp_path, browser, game):
    board = game.name == "mea-culpa-keeper"  # its seats join by the e-ink's QR codes
    with PhoneHost.start(
        tmp_path,
        game=game.name,
        players=game.players,
        step=True,
        heap=HEAP,
        build="unix32",
        board=board,
    ) as host:
        # the page frozen in the 32-bit build is the one in firmware/ (else: make firmware)
        assert host.get("/table")[2] == PAGE.read_bytes(), "build/unix32 is stale: make firmware"
        urls = host.urls()
        if board:
            for seat in range(game.players):
                host.command("join", seat)
                png = pbm_png(host.dir / f"join-{seat}.pbm", tmp_path / f"join-{seat}.png")
                assert zbar(png) == [urls[seat]]  # the camera reads the seat's own URL
            if DOCS:
                shutil.copy(tmp_path / "join-0.png", os.path.join(DOCS, "join-seat.png"))
        browser.set_window_size(360, 740)  # a small phone
        tabs = open_tabs(browser, urls)
        browser.switch_to.new_window("tab")
        browser.get(f"http://127.0.0.1:{host.port}/table")
        table_tab = browser.current_window_handle
        decided = moved = checks = 0
        away = None  # the move seat 0's page showed when its phone was put away
        looked = False
        while True:
            st = host.status()
            if st["over"] or moved >= game.moves:
                break
            if st["pending"]:
                if decided >= game.decisions:
                    break
                seat = st["pending"][0]
                check_tabs(browser, host, game, tabs, table_tab, st, seat)
                checks += 1
                page(browser, tabs[seat])
                if not looked:
                    check_at_a_table(browser)
                    looked = True
                choice = host.state(host.tokens()[seat])["choice"]
                state, _, _ = replay_views(game.name, game.players, st["actions"])
                legal = state.legal_actions()
                index = (st["move"] * 7 + 3) % len(choice_actions(choice))
                red = browser.find_elements("css selector", "#choice button.red[data-index]")
                if decided == 0 and red:  # a red card pressed: its contrast is checked too
                    index = int(red[0].get_attribute("data-index"))
                # the page read again with the choice made, before Send (a card pressed)
                sent = choose_on_page(
                    browser, choice, index, before_send=check_at_a_table if decided == 0 else None
                )
                after = host.wait_for(lambda s, m=st["move"]: s["move"] > m, "the choice applied")
                took = state.game.decode(after["actions"][st["move"]])
                assert after["actions"][st["move"]] in legal
                assert {k: took[k] for k in sent} == sent  # what the page sent, as sent
                decided += 1
                continue
            host.command("step", 1)
            host.wait_for(
                lambda s, m=st["move"]: s["move"] > m or s["pending"] or s["over"], "a move"
            )
            moved += 1
            if game.every and moved % game.every == 0:
                st = host.status()
                if away is not None:  # seat 0's phone picked up again
                    page(browser, tabs[0])
                    browser.execute_script(SEEN_AGAIN, False)
                check_tabs(browser, host, game, tabs, table_tab, st, None)
                checks += 1
                if away is not None:
                    away = since_last_look(browser, tabs[0], away)
                elif checks == 1:  # put away: the page stops polling
                    page(browser, tabs[0])
                    browser.execute_script(SEEN_AGAIN, True)
                    away = st["move"]
                if not looked:
                    page(browser, tabs[0])
                    check_at_a_table(browser)
                    looked = True
        assert decided >= game.decisions and checks >= 3 and looked, (decided, checks)
        assert not game.every or away is None  # the phone was put away and looked at again
        page(browser, table_tab)
        browser.set_window_size(1024, 768)
        check_at_a_table(browser)  # the table screen, on a tablet
        status = host.status()
        assert status["server"]["errors"] == 0 and status["rejected"] == 0
        print(game.name, "heap:", status["heap"])
