"""End to end: the Mea Culpa keeper mode on the simulated device, by button presses only.

The device referees a game played on the physical board: it draws the market and the
House of Pleasure rooms, takes each seat's etched-post bid behind the pass screen,
reveals the bids and orders the characters with the tie rules, lets the Pope set his
die in secret and the guesser guess, and journals everything. Every screen is read
back from the picture (device_helpers.check_picture); the journal is verified by the
rules core."""

from device_helpers import check_picture, log_of, start_device, start_game

from host import typesize
from host.sim_client import plain
from shared_rules import games
from shared_rules.laptop import logcheck
from shared_rules.mea_culpa import keeper as K
from shared_rules.new_rule import entry as NEW_RULE

TITLE = "Mea Culpa keeper"


def choose(c, text):
    """On a list screen, move the cursor to the item starting with `text` and press A."""
    scr = check_picture(c)
    assert scr["name"] == "turn", scr
    items = scr["items"]
    matches = [i for i, it in enumerate(items) if plain(it).startswith(text)]
    assert matches, (text, items)
    while c.screen()["cursor"] != matches[0]:
        c.press("DOWN")
    c.press("A")


def bid(c, seat, notches, taler):
    """Seat `seat` (1-based) enters its bid behind the gate; returns the screens seen."""
    scr = check_picture(c)
    assert scr["name"] == "pass" and scr["big"] == f"P{seat}", scr
    assert c.leds()["names"][seat - 1] == "look"
    assert c.leds()["names"][-1] == "off"
    c.press("B")  # only A looks
    assert c.screen()["name"] == "pass"
    c.press("A")
    scr = check_picture(c)
    assert scr["name"] == "bid" and scr["private"] and scr["big"] == "1 + 0 = 1"
    assert c.leds()["names"][-1] == "secret"
    for _ in range(notches - 1):
        c.press("B")
    c.press("DOWN")
    for _ in range(taler):
        c.press("B")
    scr = check_picture(c)
    assert scr["big"] == f"{notches} + {taler} = {notches + taler}"
    assert scr["items"] == [f"Notches: {notches}", f"Taler: {taler}"] and scr["cursor"] == 1
    c.press("C")
    scr = check_picture(c)
    assert scr["private"] and scr["keys"] == ["Confirm", "", "Back"]
    c.press("A")
    assert not c.screen()["private"]
    assert c.leds()["names"][-1] == "off"


def pope_visit(c, pope, guesser, die_item, guess_item):
    """The table calls the Pope's urgent meeting; returns the verdict screen."""
    choose(c, "Pope's urgent meeting")
    scr = check_picture(c)
    assert scr["title"] == "The table: Hell order" and "Pope visit" in scr["lines"][0]
    choose(c, "Keep: ")
    scr = check_picture(c)
    assert scr["name"] == "pass" and scr["big"] == f"P{pope}"
    assert scr["facts"] == [f"Only P{pope} may look."] and "set the Pope die" in scr["lines"][0]
    c.press("A")
    scr = check_picture(c)
    assert scr["name"] == "die" and scr["private"]
    assert c.leds()["names"][-1] == "secret"
    while not plain(c.screen()["items"][c.screen()["cursor"]]).startswith(die_item):
        c.press("DOWN")
    c.press("A")
    scr = check_picture(c)
    assert scr["name"] == "turn" and scr["title"] == "Where is the Pope?"
    assert scr["big"] == f"P{guesser} guesses"
    assert not scr["private"] and f"The Pope (P{pope})" in scr["lines"][0]
    choose(c, guess_item)
    scr = check_picture(c)
    assert scr["name"] == "verdict"
    return scr


def market(c, rnd):
    scr = check_picture(c)
    assert scr["name"] == "market" and scr["title"] == f"Round {rnd}: market and rooms"
    rooms = [plain(fact) for fact in scr["facts"]]  # the rooms' cards, medium
    assert [r[:2] for r in rooms] == ["1 ", "2 ", "3 ", "4 "], rooms
    stones = scr["lines"][0]
    assert stones.startswith("Market: ")
    counts = [int(part.split()[0]) for part in stones[len("Market: ") :].split(", ")]
    assert sum(counts) == 7
    drawn = "".join(ch if ch < "\u0100" else " " for ch in scr["big"]).split()
    assert [int(n) for n in drawn] == counts  # the big fact: each count and its symbol
    c.press("A")
    return scr


def check_privacy(c):
    """Secrets only after a pass screen (or another secret screen of the same entry),
    left with a flashing refresh (full or fast) of a screen holding none; the status LED
    red meanwhile."""
    events = c.events()
    shown = [e for e in events if e["e"] == "refresh"]
    secrets = 0
    for i, e in enumerate(shown):
        if e["private"]:
            secrets += 1
            assert i > 0 and (shown[i - 1]["screen"] == "pass" or shown[i - 1]["private"])
            after = shown[i + 1]
            assert after["private"] or after["kind"] in ("full", "fast"), after
        elif i > 0 and shown[i - 1]["private"]:
            assert e["kind"] in ("full", "fast")  # flashing: every pixel driven both ways
    led = None
    for e in events:
        if e["e"] == "leds":
            led = e["names"][-1]
        elif e["e"] == "refresh" and e["private"]:
            assert led == "secret"
    return secrets


def finish(c, flash, players):
    choose(c, "Game over")
    scr = check_picture(c)
    assert scr["name"] == "over" and "board decides the winner" in " ".join(scr["lines"])
    c.press("A")
    scr = check_picture(c)
    assert scr["name"] == "result"
    assert c.leds()["names"][:players] == ["off"] * players
    summary = logcheck.verify(log_of(flash), games.load_described)
    assert not (flash / "games" / (summary["id"] + ".key")).exists()
    return summary


def test_keeper_four_players_two_rounds(tmp_path):
    """The rulebook's bidding example at the table: "Dominik: 4 notches + 7 taler = 11.
    Johanna: 2 notches + 7 taler = 9. Paula: 3 notches + 12 taler = 15. Gregor: 1 notch
    + 8 taler = 9. Paula chooses a character card first, followed by Dominik. Gregor's
    poor soul is closer to Hell than Johanna's, so he chooses next. Dominik's etched
    post shows the most notches, so he keeps his taler." (P1 Dominik, P2 Johanna,
    P3 Paula, P4 Gregor.)"""
    dev = start_device(tmp_path)
    try:
        c = dev.client
        start_game(c, 4, title=TITLE)
        c.press("A")
        for _ in range(4):  # the starting bonuses, closest to Heaven first
            scr = check_picture(c)
            assert scr["title"] == "Starting bonus" and scr["big"].endswith("'s bonus")
            c.press("A")
        market(c, 1)
        bid(c, 1, 4, 7)
        bid(c, 2, 2, 7)
        bid(c, 3, 3, 12)
        bid(c, 4, 1, 8)
        scr = check_picture(c)
        assert scr["name"] == "reveal"
        assert scr["big"] == "Tied bids"
        assert scr["facts"] == ["P1 4+7=11  P2 2+7=9", "P3 3+12=15  P4 1+8=9"]
        c.press("A")
        # the table gives the Hell order: Gregor nearer Hell than Johanna
        scr = check_picture(c)
        assert scr["title"] == "The table: Hell order" and scr["items"][0].startswith("Keep")
        assert c.leds()["names"][:4] == ["turn"] * 4
        choose(c, "P4 is next")
        choose(c, "P2 is next")
        choose(c, "P3 is next")
        scr = check_picture(c)
        assert scr["name"] == "order"
        assert scr["big"] == "P3 P1 P4 P2" and "Choose: P3 P1 P4 P2" in scr["lines"]
        assert "P1 keeps his taler" in scr["facts"]
        assert "Pay:  P2 7  P3 12  P4 8" in scr["facts"]
        assert c.leds()["names"][2] == "turn"
        c.press("A")
        for seat, character in ((3, "Pope"), (1, "Emperor"), (4, "Merchant"), (2, "Petty")):
            scr = check_picture(c)
            assert scr["big"] == f"P{seat} chooses"
            assert c.leds()["names"][seat - 1] == "turn"
            choose(c, character)
        # the Pope (P3) is caught: the guesser is the soul nearest Hell, P4
        scr = check_picture(c)
        assert scr["title"] == "Round 1: the table"
        # the table decides together: every seat in play lit, so nobody waits for one
        assert c.leds()["names"][:4] == ["turn"] * 4, c.leds()
        bag_before = scr["lines"][:2]
        verdict = pope_visit(c, 3, 4, "2 ", "2 ")
        assert verdict["big"] == "CAUGHT!"
        assert c.leds()["names"][2] == "judgment"
        c.press("A")
        scr = check_picture(c)
        items = [plain(item) for item in scr["items"]]
        assert "Room 2 visited" not in items and "Room 1 visited" in items
        # a good sold goes back into the bag
        choose(c, "Return wine to bag")
        after = check_picture(c)["lines"]
        assert after[:2] != bag_before and "Last: a wine stone back into the bag" in after
        choose(c, "Market empty")
        market(c, 2)
        for seat in range(1, 5):  # no ties: no question
            bid(c, seat, seat, 0)
        scr = check_picture(c)
        assert scr["name"] == "order" and "Choose: P4 P3 P2 P1" in scr["lines"]
        assert "P4 keeps his taler" in scr["facts"]
        c.press("A")
        for character in ("Merchant", "Pope", "Emperor", "Petty"):
            choose(c, character)
        verdict = pope_visit(c, 3, 4, "1 ", "4 ")
        assert verdict["big"] == "NOT CAUGHT"
        assert c.leds()["names"][2] == "ok"
        c.press("A")
        summary = finish(c, tmp_path / "flash", 4)
        assert check_privacy(c) >= 8 * 3 + 2
        state = summary["state"]
        assert state.round == 2 and state.pope_visit[3] == 0
        actions = summary["actions"]
        assert K.BID_BASE + 12 * 8 + 3 in actions and K.RETURN_BASE + 1 in actions
        assert actions.count(K.VISIT_POPE) == 2
    finally:
        dev.stop()


def test_keeper_three_players(tmp_path):
    dev = start_device(tmp_path)
    try:
        c = dev.client
        start_game(c, 3, title=TITLE)
        c.press("A")
        for _ in range(3):
            c.press("A")
        market(c, 1)
        bid(c, 1, 2, 3)
        bid(c, 2, 6, 0)
        bid(c, 3, 1, 1)
        scr = check_picture(c)
        assert scr["name"] == "order" and "Choose: P2 P1 P3" in scr["lines"]
        assert "Pay:  P1 3  P3 1" in scr["facts"]
        c.press("A")
        choose(c, "Pope")  # P2
        choose(c, "Emperor")  # P1
        choose(c, "Merchant")  # P3; the Petty Sinner is left over
        # the guesser is the soul nearest Hell other than the Pope: read it off the screen
        choose(c, "Pope's urgent meeting")
        choose(c, "Keep: ")
        c.press("A")
        scr = check_picture(c)
        assert scr["name"] == "die" and plain(scr["items"][-1]) == "Suite 6 (yellow Letter)"
        while c.screen()["cursor"] != len(scr["items"]) - 1:
            c.press("DOWN")
        c.press("A")
        scr = check_picture(c)
        assert scr["title"] == "Where is the Pope?"
        choose(c, "Suite 6")
        assert check_picture(c)["big"] == "CAUGHT!"
        c.press("A")
        assert "Suite 6 visited" not in [plain(i) for i in check_picture(c)["items"]]
        choose(c, "Room 3 visited")
        assert "Room 3 visited" not in [plain(i) for i in check_picture(c)["items"]]
        choose(c, "Market empty")
        market(c, 2)
        bid(c, 1, 3, 2)
        bid(c, 2, 3, 2)
        bid(c, 3, 1, 0)
        assert check_picture(c)["name"] == "reveal"
        c.press("A")
        choose(c, "Keep: ")  # the order drawn at the start still holds
        scr = check_picture(c)
        assert scr["name"] == "order"
        c.press("A")
        for character in ("Pope", "Emperor", "Merchant"):
            choose(c, character)
        choose(c, "Pope's urgent meeting")
        choose(c, "Keep: ")
        c.press("A")
        c.press("A")  # the die on the first open room
        choose(c, "Suite 6")
        assert check_picture(c)["big"] == "NOT CAUGHT"
        c.press("A")
        summary = finish(c, tmp_path / "flash", 3)
        assert check_privacy(c) >= 6 * 3 + 2
        assert summary["state"].round == 2
    finally:
        dev.stop()


def test_keeper_screens_fit_ten_letter_names(tmp_path):
    """Seat names may have 10 letters (firmware/storage/settings.py MAX_NAME): a whole keeper
    session with the longest names draws no clipped text ("~") but a room's card in a
    list, whose full text is then among the screen's details; nothing fitted nowhere
    (check_picture), and no public screen slips to small print (host/typesize.py)."""
    import json

    from host.sim_play import keeper_press

    names = ["Dominikxyz", "Johannaxyz", "Paulaxyzuv", "Gregorxyzu"]
    flash = tmp_path / "flash"
    flash.mkdir()
    (flash / "settings.json").write_text(json.dumps({"names": names, "brightness": 128}))
    dev = start_device(tmp_path)
    try:
        c = dev.client
        start_game(c, 4, title=TITLE)
        seen = set()
        while c.screen()["name"] != "result":
            scr = check_picture(c)
            seen.add(scr["name"])
            if scr["title"] == "The table: Hell order":
                seen.add(scr["items"][0])  # "Keep: " + four names does not fit
            for text in [t[2] for t in scr["texts"]]:
                if text.endswith("~"):
                    cut = plain(text[:-1])
                    assert any(line.startswith(cut) for line in scr["lines"]), (scr["name"], text)
            assert typesize.problems(scr, c.screen_image()) == [], scr["name"]
            c.press(keeper_press(scr, c.status()["move"], 2))
        want = {"market", "pass", "bid", "die", "turn", "order", "verdict", "Keep the known order"}
        assert want <= seen, seen
        logcheck.verify(log_of(flash), games.load_described)
    finally:
        dev.stop()


def test_a_board_without_seven_sins_opens_the_menu_on_an_installed_game(tmp_path):
    """The menu starts at 7: The Sins; flashed without it (its engine gone, and 7 Pecados,
    which follows it, once it is on the device), it takes the next installed game,
    wrapping round the sorted list (it used to stop at the end and say that no game was
    installed). Mea Culpa itself is laptop-only (its entry's ON_DEVICE): the keeper and
    New Rule are the games left, and B goes from one to the other and back."""
    dev = start_device(tmp_path, mpy=True)
    try:
        old = dev.client.status()["boot"]
        dev.power_cut()
        for name in (
            "shared_rules/seven_sins/rules.mpy",
            "present_seven_sins.mpy",
            "shared_rules/siete_pecados/rules.mpy",
        ):
            (tmp_path / "flash" / name).unlink(missing_ok=name.endswith("pecados.mpy"))
        dev.boot(old)
        scr = check_picture(dev.client)
        assert scr["name"] == "menu" and scr["items"][0] == "Game: " + TITLE, scr
        dev.client.press("B")
        assert dev.client.screen()["items"][0] == "Game: " + NEW_RULE.TITLE
        dev.client.press("B")
        assert dev.client.screen()["items"][0] == "Game: " + TITLE
        start_game(dev.client, 3, title=TITLE)
    finally:
        dev.stop()
