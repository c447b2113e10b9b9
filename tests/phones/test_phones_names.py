"""The phone page names what it shows (docs/phones.md): a real headless Chromium on the
pages served by the stand-in device (sim/phone_host.py: the real server and provider) shows
a 7: The Sins opening card, the centre and the sins in play by their names, the decks as the
Hells, every seat by its name, and Mea Culpa keeper's stones and characters by theirs; the
names come from the game's own view_names() (shared_rules), fetched once by the page."""

from phone_helpers import page, wait_page

from host.phone_sim import PhoneHost, PhoneHttp, replay_views
from shared_rules import games
from shared_rules.seven_sins.rules import CARD_NAMES, SIN_NAMES


def shown(browser) -> dict:
    """Every value the page shows, by view key and box (secrets or table), as its text
    (cards drawn as cards and a list per name with its symbols: each one's text, joined
    by commas)."""
    rows = browser.execute_script(
        "return Array.from(document.querySelectorAll('dd'), function (dd) {"
        " var parts = dd.querySelectorAll(':scope > .card, :scope > .tag');"
        " var text = parts.length ? Array.from(parts, function (e) { return e.textContent; })"
        "   .join(', ') : dd.textContent;"
        " return [dd.parentNode.id, dd.getAttribute('data-key'), text]; });"
    )
    return {(box, key): text for box, key, text in rows}


def seat_boxes(browser) -> list[str]:
    """The table's box of each seat, as its text."""
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('#seats .seat'), function (e) {"
        " return e.innerText; });"
    )


def test_seven_sins_page_names_cards_sins_decks_and_seats(tmp_path, browser):
    with PhoneHost.start(tmp_path, game="seven-sins", players=3, step=True) as host:
        # step the table until seat 0 has its opening card (setup: the secret deal)
        for _ in range(40):
            st = host.status()
            _, views, public = replay_views("seven-sins", 3, st["actions"])
            if views[0]["opening"] is not None and public["centre"]:
                break
            host.command("step", 1)
        else:
            raise AssertionError("no opening card dealt")
        code = views[0]["opening"]
        # the names reach the page once, by their own request (a token opens them)
        names = PhoneHttp(host.port).request("GET", f"/api/{host.tokens()[0]}/names")
        assert names[0] == 200
        assert PhoneHttp(host.port).request("GET", "/api/" + "0" * 24 + "/names")[0] == 404
        browser.get(host.urls()[0])
        tab = browser.current_window_handle
        wait_page(browser, tab, st["etag"])
        page(browser, tab)
        got = _until_named(browser, ("secrets", "opening"), CARD_NAMES[code])
        assert got[("table", "sins")] == ", ".join(SIN_NAMES[s] for s in public["sins"])
        assert got[("table", "centre")] == ", ".join(CARD_NAMES[c] for c in public["centre"])
        decks = got[("table", "decks")]
        assert decks.startswith("Hell I: %d, Hell II: " % public["decks"][0]), decks
        counts = public["reserve_cards"]
        boxes = seat_boxes(browser)  # a box a seat, with what the view keeps per seat
        assert [b.splitlines()[0] for b in boxes] == ["P1", "P2", "P3"]
        for box, n in zip(boxes, counts, strict=True):
            assert "Reserve cards: %d" % n in box.splitlines(), box
        # the end: winners and the ranking by seat name, the scoring seat by seat
        host.command("step", 2000)
        st = host.wait_for(lambda s: s["over"], "the end")
        _, _, public = replay_views("seven-sins", 3, st["actions"])
        wait_page(browser, tab, st["etag"])
        got = shown(browser)
        result = got[("table", "result")]
        order = ", ".join("P%d" % (s + 1) for s in public["result"]["order"])
        assert "Order: " + order in result, result
        # the final scoring: a box a seat, headed by its name
        heads = browser.execute_script(
            "return Array.from(document.querySelectorAll('dd[data-key=scoring] .seat h3'),"
            " function (h) { return h.textContent; });"
        )
        assert heads == ["P1", "P2", "P3"], heads
        for text in got.values():
            assert "Opening: " not in text


def _until_named(browser, key, want, timeout=20.0):
    import time

    end = time.monotonic() + timeout
    while True:
        got = shown(browser)
        if got.get(key) == want or time.monotonic() > end:
            assert got.get(key) == want, (key, got.get(key), want)
            return got
        time.sleep(0.1)


def test_keeper_page_names_stones_and_characters(tmp_path, browser):
    with PhoneHost.start(
        tmp_path, game="mea-culpa-keeper", players=3, step=True, heap="144wK"
    ) as host:
        st = host.status()
        game = games.load("mea-culpa-keeper", 3)
        browser.get(host.urls()[1])
        tab = browser.current_window_handle
        wait_page(browser, tab, st["etag"])
        got = _until_named(
            browser, ("table", "bag"), "bread: 10, wine: 9, cloth: 9, jewel: 7, indulgence: 6"
        )
        per = game.view_names()["per"]
        assert got[("table", "characters")] == ", ".join(n + ": \u2014" for n in per["characters"])
        assert got[("table", "to_move")] == "\u2014"  # chance deals: no seat to play
        # the last incognito visit, a record (the Pope's seat, the die, the guess, caught),
        # read position by position with the names the device sent the page
        names = game.view_names()
        visit = [2, 3, 5, 1]
        want = "Pope: P3; Die: %s; Guess: %s; Caught: yes" % (
            names["codes"]["die"][3],
            names["codes"]["guess"][5],
        )
        assert want == "Pope: P3; Die: room 3; Guess: suite 5; Caught: yes"
        assert browser.execute_script("return show('pope_visit', arguments[0]);", visit) == want


def test_new_rule_choices_name_seats_not_numbers(tmp_path, browser):
    """The rules' texts call a seat "seat N" (from 0) and a New Rule card on a board
    "QH(1)": the page shows the seats' names instead, on the choices and on Send."""
    import re

    with PhoneHost.start(tmp_path, game="new-rule", players=3, heap="256wK") as host:
        st = host.wait_for(lambda s: s["pending"], "a seat's secret choice")
        seat = st["pending"][0]
        browser.get(host.urls()[seat])
        tab = browser.current_window_handle
        wait_page(browser, tab, st["etag"], "choose")
        # what a person and a screen reader read: a card's name, each card button's
        # rules' words (its label), and the other buttons' and options' text
        texts = browser.execute_script(
            "return Array.from(document.querySelectorAll('#choice button, #choice option'),"
            " function (e) { return e.getAttribute('aria-label') || e.textContent; });"
        )
        assert texts and not any(re.search(r"seat \d|\(\d\)", t) for t in texts), texts
        state, _, _ = replay_views("new-rule", 3, st["actions"])
        legal = state.legal_actions()
        raw = [state.action_text(a) for a in legal]
        assert any(re.search(r"seat \d", t) for t in raw)  # what the rules say, for the log
        assert any(("P%d " % (seat + 1)) in t for t in texts), texts
