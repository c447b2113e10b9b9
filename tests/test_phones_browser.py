"""A real headless Chromium (Debian's, driven by Selenium through its chromedriver) on the
phone pages of a Mea Culpa keeper game served by the unix port at 128wK: every seat joins
by decoding its QR code from the simulated e-ink, each page shows exactly its own secrets
(checked against the rules core's view(seat), replayed on the laptop), the bids are made
on the pages, and no page ever shows another seat's secret."""

import json
import os
import shutil

import pytest
from phone_helpers import pbm_png, require, zbar

from host.phone_sim import PhoneHost, replay_views

PLAYERS = 3
DOCS = os.environ.get("CONFESSOR_PHONE_SHOTS")  # a folder: also keep the screenshots there


@pytest.fixture
def browser(tmp_path):
    chromium = require("chromium")
    driver_path = require("chromedriver")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = chromium
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=390,844",  # a phone's screen
        f"--user-data-dir={tmp_path / 'chromium'}",
    ):
        opts.add_argument(flag)
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=opts)
    driver.set_page_load_timeout(30)
    try:
        yield driver
    finally:
        driver.quit()


def secrets_shown(driver) -> dict:
    out = {}
    for dd in driver.find_elements("css selector", "#secrets dd"):
        out[dd.get_attribute("data-key")] = json.loads(dd.get_attribute("data-json"))
        assert dd.text.strip()  # a person sees something, not just the data
    return out


def expected_secrets(view: dict, public: dict) -> dict:
    return {k: v for k, v in view.items() if k != "seat" and public.get(k, object()) != v}


def page(driver, tab):
    driver.switch_to.window(tab)
    return driver


def wait_page(driver, tab, etag, state=None, timeout=20):
    from selenium.webdriver.support.ui import WebDriverWait

    page(driver, tab)
    WebDriverWait(driver, timeout, poll_frequency=0.05).until(
        lambda d: (
            d.find_element("tag name", "body").get_attribute("data-version") == etag
            and (
                state is None
                or d.find_element("tag name", "body").get_attribute("data-state") == state
            )
        )
    )


def test_seats_join_by_qr_and_bid_on_their_phones(tmp_path, browser):
    from selenium.webdriver.support.ui import Select

    # as flashed (.mpy), with the simulated board, at the heap limit
    with PhoneHost.start(
        tmp_path, game="mea-culpa-keeper", players=PLAYERS, board=True, mpy=True
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
            Select(browser.find_element("css selector", "#choice select")).select_by_index(pick + 1)
            send = browser.find_element("id", "send")
            assert state.action_text(legal[pick]) in send.text
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
