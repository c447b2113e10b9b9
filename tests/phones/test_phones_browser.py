"""A real headless Chromium (Debian's, driven by Selenium through its chromedriver) on the
phone pages of a Mea Culpa keeper game served by the unix port at 144wK: every seat joins
by decoding its QR code from the simulated e-ink, each page shows exactly its own secrets
(checked against the rules core's view(seat), replayed on the laptop), the bids are made
on the pages, and no page ever shows another seat's secret."""

import json
import os
import shutil

from phone_helpers import (
    expected_secrets,
    page,
    pbm_png,
    secrets_shown,
    wait_page,
    zbar,
)

from host.phone_sim import PhoneHost, replay_views

PLAYERS = 3
# As flashed (.mpy), with the simulated board: the board costs about 75 KB of this 64-bit
# heap (52 KB before the controller models came), much of it the simulator's own (the
# simulated rp2, the controller model, the side channel, panel RAMs), which no board
# carries; at 128wK the server ran out of memory mid-game. The server's budget at 128wK
# without them is test_phones_server.py's and the bench's; 144wK is what the device tests
# give a keeper session with the simulator in it (test_device_meaculpa.py).
HEAP = "144wK"
DOCS = os.environ.get("CONFESSOR_PHONE_SHOTS")  # a folder: also keep the screenshots there


def test_seats_join_by_qr_and_bid_on_their_phones(tmp_path, browser):
    from selenium.webdriver.support.ui import Select

    with PhoneHost.start(
        tmp_path, game="mea-culpa-keeper", players=PLAYERS, board=True, mpy=True, heap=HEAP
    ) as host:
        urls = []
        for seat in range(PLAYERS):
            host.command("join", seat)
            png = pbm_png(host.dir / f"join-{seat}.pbm", tmp_path / f"join-{seat}.png")
            found = zbar(png)
            assert found == [host.urls()[seat]]  # the camera reads the seat's own URL
            urls.append(found[0])
        if DOCS:
            shutil.copy(tmp_path / "join-0.png", os.path.join(DOCS, "join-seat.png"))
        tabs = []
        for i, url in enumerate(urls):
            if i:
                browser.switch_to.new_window("tab")
            browser.get(url)
            tabs.append(browser.current_window_handle)
        made = 0
        while made < PLAYERS + 1:
            st = host.wait_for(lambda s: s["pending"] or s["over"], "a secret choice")
            if st["over"]:
                break
            seat = st["pending"][0]
            state, views, public = replay_views("mea-culpa-keeper", PLAYERS, st["actions"])
            for s in range(PLAYERS):
                wait_page(browser, tabs[s], st["etag"], "choose" if s == seat else "wait")
                shown = secrets_shown(browser)
                assert shown == expected_secrets(views[s], public)
                for other in range(PLAYERS):
                    if other != s:
                        for key, value in expected_secrets(views[other], public).items():
                            assert shown.get(key) != value, (s, other, key)
            page(browser, tabs[seat])
            if DOCS and made == 0:
                browser.save_screenshot(os.path.join(DOCS, "page-choose.png"))
            legal = state.legal_actions()
            pick = (made * 7 + 3) % len(legal)
            bid = state.game.decode(legal[pick])
            # a bid is every (notches, taler) pair: one list per field, not 246 options
            selects = browser.find_elements("css selector", "#choice select")
            assert [s.get_attribute("data-field") for s in selects] == ["notches", "taler"]
            for sel in selects:
                Select(sel).select_by_value(json.dumps(bid[sel.get_attribute("data-field")]))
            send = browser.find_element("id", "send")
            shown = [Select(sel).first_selected_option.text for sel in selects]
            assert send.is_enabled() and all(t in send.text for t in shown), (send.text, shown)
            send.click()
            after = host.wait_for(lambda s, m=st["move"]: s["move"] > m, "the bid applied")
            assert after["actions"][st["move"]] == legal[pick]
            made += 1
            if DOCS and made == 1:
                wait_page(browser, tabs[seat], after["etag"])
                browser.save_screenshot(os.path.join(DOCS, "page-wait.png"))
        assert made >= PLAYERS  # every seat bid from its phone
        host.command("end")
        for tab in tabs:
            from selenium.webdriver.support.ui import WebDriverWait

            page(browser, tab)
            WebDriverWait(browser, 20, poll_frequency=0.05).until(
                lambda d: d.find_element("tag name", "body").get_attribute("data-state") == "dead"
            )
            assert not browser.find_elements("css selector", "#secrets dd:not([hidden])") or all(
                not e.is_displayed() for e in browser.find_elements("css selector", "#secrets dd")
            )
        if DOCS:
            browser.save_screenshot(os.path.join(DOCS, "page-dead.png"))
        assert host.status()["server"]["errors"] == 0
