"""The glass and the table, on the virtual board: which refresh each screen gets, presses
coalesced into one refresh or dropped when made before their screen was on the glass, the
LEDs answering every press before the glass does, the battery on the status line, and no
ghost of a secret left on the panel (docs/device.md, "Refreshes and presses")."""

import time

from device_helpers import check_picture, log_of, start_device, start_game

from host.sim_play import play_to_result
from shared_rules import gamelog

# The device's own settle time is 250 ms (firmware/drivers/board.py); the tests give it 1 s, so a
# quick run's presses fall inside it even on a loaded machine.
SETTLE_MS = 1000
BUSY_MS = 3000  # the glass busy this long in the test of presses made meanwhile
FLASHING = ("full", "fast")


def refreshes(c, since=0):
    return [e for e in c.events()[since:] if e["e"] == "refresh"]


def answers(c, since=0):
    return [e for e in c.events()[since:] if e["e"] == "answer"]


def to_turn(c):
    """From the seal, A on every screen until a turn screen (the deal's gates)."""
    while c.screen()["name"] != "turn":
        c.press("A")
    return c.screen()


def actions(flash):
    return gamelog.parse(log_of(flash))["actions"]


def test_a_quick_run_of_moves_and_a_choice_is_one_refresh_and_the_same_choice(tmp_path):
    """DOWN DOWN DOWN A pressed in one quick run: the glass never shows the moving cursor,
    goes straight to the next screen, and the choice is the one the same presses make
    one at a time, each seen on the glass."""
    chosen = {}
    for quick in (False, True):
        dev = start_device(tmp_path / str(quick), settle_ms=SETTLE_MS if quick else 0)
        try:
            c = dev.client
            start_game(c, 3)
            turn = to_turn(c)
            moves = 3 % len(turn["items"])
            assert moves, turn
            mark = len(c.events())
            for _ in range(moves):
                c.press("DOWN", wait=not quick)
            c.press("A")
            shown = refreshes(c, mark)
            if quick:
                assert len(shown) == 1, shown  # the next decision only
                assert not shown[0].get("move")
            else:
                assert [e.get("move") for e in shown[:moves]] == [True] * moves, shown
            now = c.screen()
            assert now["name"] != "turn" or now["corner"] != turn["corner"], now
            assert len(answers(c, mark)) == moves + 1  # every press answered
            chosen[quick] = actions(dev.flash)
        finally:
            dev.stop()
    assert chosen[True] == chosen[False]


def test_moves_in_a_quick_run_end_on_the_latest_cursor(tmp_path):
    dev = start_device(tmp_path, settle_ms=SETTLE_MS)
    try:
        c = dev.client
        start_game(c, 3)
        turn = to_turn(c)
        mark = len(c.events())
        for _ in range(4):
            c.press("DOWN", wait=False)
        c.press("UP")
        shown = refreshes(c, mark)
        assert len(shown) == 1 and shown[0]["move"] and shown[0]["kind"] == "partial", shown
        scr = check_picture(c)  # the glass shows the latest state, read back
        assert scr["name"] == "turn" and scr["corner"] == turn["corner"]
        assert scr["cursor"] == 3 % len(turn["items"])
        events = c.events()[mark:]
        first_refresh = min(i for i, e in enumerate(events) if e["e"] == "refresh")
        assert len(answers(c, mark)) == 5
        # every press answered before the glass moved at all
        assert len([e for e in events[:first_refresh] if e["e"] == "answer"]) == 5
    finally:
        dev.stop()


def test_the_leds_answer_every_press_before_the_glass(tmp_path):
    dev = start_device(tmp_path)
    try:
        c = dev.client
        start_game(c, 3)
        mark = len(c.events())
        presses = 0
        for _ in range(12):
            scr = c.screen()
            key = "DOWN" if scr["name"] == "turn" and presses % 3 == 0 else "A"
            before = len(c.events())
            c.press(key)
            presses += 1
            events = c.events()[before:]
            kinds = [e["e"] for e in events]
            assert "answer" in kinds, events
            if "refresh" in kinds:
                assert kinds.index("answer") < kinds.index("refresh"), events
        assert len(answers(c, mark)) == presses
        led = c.leds()
        assert "press" not in led["names"]  # each blink is over when the device is idle
    finally:
        dev.stop()


def test_coalesced_while_the_glass_is_busy_and_a_press_before_its_screen_dropped(tmp_path):
    """Presses made during a refresh come out as one more refresh of the latest state; a
    press made before the next screen reached the glass is not applied to it. (Partial and
    fast refreshes keep BUSY up for 3 s here, so the presses fall inside them.)"""
    dev = start_device(tmp_path, busy_ms=BUSY_MS, settle_ms=0)
    try:
        c = dev.client
        assert c.screen()["name"] == "menu"
        items = len(c.screen()["items"])
        mark = len(c.events())
        c.press("DOWN", wait=False)  # its refresh (0.75 s) starts at once...
        c.press("DOWN", wait=False)  # ...and these two arrive while it runs
        c.press("DOWN")
        shown = refreshes(c, mark)
        assert [e["screen"] for e in shown] == ["menu", "menu"], shown
        assert check_picture(c)["cursor"] == 3 % items
        mark = len(c.events())
        c.press("C", wait=False)  # Start (from any row): the seal's refresh begins...
        c.press("A")  # ...and this A was made before the seal was on the glass
        assert c.screen()["name"] == "seal"
        assert [e["screen"] for e in refreshes(c, mark)] == ["seal"]
        assert len(answers(c, mark)) == 2  # both answered all the same
        c.press("A")  # seen: it counts
        assert c.screen()["name"] != "seal"
    finally:
        dev.stop()


def test_no_ghost_of_a_secret_remains(tmp_path):
    """With the model keeping the ghosts partial refreshes leave: each secret leaves its
    marks when drawn, and the refresh that leaves it clears every one."""
    dev = start_device(tmp_path, ghosts=True)
    try:
        c = dev.client
        start_game(c, 3)
        play_to_result(c)
        shown = refreshes(c)
        secrets = 0
        for i, e in enumerate(shown):
            if e["private"]:
                secrets += 1
                assert e["ghosts"] > 0, e  # a secret drawn partially marks the glass
                after = shown[i + 1]
                if not after["private"]:
                    assert after["kind"] in FLASHING and after["ghosts"] == 0, after
        assert secrets >= 3  # the three opening cards (the end's scores are public)
        assert shown[-1]["ghosts"] == 0
    finally:
        dev.stop()


def test_battery_charge_on_the_status_line_and_a_warning_when_low(tmp_path):
    dev = start_device(tmp_path)
    try:
        c = dev.client
        menu = check_picture(c)
        assert menu["battery"] is None  # on USB: nothing drawn
        assert "%" not in c.screen_text().splitlines()[0]
        c.vsys(4000)  # three cells, 83 %
        c.press("DOWN")
        scr = check_picture(c)
        assert scr["name"] == "menu" and scr["battery"] == [80, False]
        assert [t[2] for t in scr["texts"] if t[5] == "battery"] == ["Bat 80%"]
        assert c.screen_text().splitlines()[0].endswith("| Bat 80%")
        c.vsys(3150)  # 12 %: over an hour left (firmware/drivers/battery.py)
        c.press("DOWN")
        warning = check_picture(c)
        assert warning["name"] == "battery" and warning["big"] == "Battery low"
        assert warning["battery"] == [10, True]
        assert [t[2] for t in warning["texts"] if t[5] == "battery"] == ["Bat LOW 10%"]
        c.press("A")
        scr = check_picture(c)
        assert scr["name"] == "menu" and scr["cursor"] == 2  # the press that met the warning
        assert scr["battery"] == [10, True]
        c.press("DOWN")
        assert c.screen()["name"] == "menu"  # warned once
        assert c.status()["battery"]["low"]
        c.vsys(4700)
        c.press("UP")
        assert check_picture(c)["battery"] is None
    finally:
        dev.stop()


def test_a_display_that_stops_answering_blinks_then_says_so_and_drops_the_blind_presses(
    tmp_path,
):
    """The panel's BUSY sticks (a loose connector): the refresh is given up after the
    driver's timeout instead of hanging, the status LED blinks, the fault is written to
    faults.txt; presses made with nothing on the glass are dropped; when the panel answers
    again it says what happened until A, then shows the screen the app was on."""
    dev = start_device(tmp_path, busy_timeout_ms=200)
    flash = tmp_path / "flash"
    try:
        c = dev.client
        menu = c.screen()
        assert menu["name"] == "menu" and menu["cursor"] == 0
        mark = len(c.events())
        c.panel("stuck", wait=False)
        c.press("DOWN", wait=False)  # the cursor moves: a refresh the panel never makes
        deadline = time.monotonic() + 20
        while sum(1 for e in c.events()[mark:] if e.get("alarm")) < 3:
            assert time.monotonic() < deadline, c.events()[mark:]
            time.sleep(0.05)
        c.press("A", wait=False)  # blind: must not choose the item under the cursor
        time.sleep(1.5)  # one more try of the panel, still stuck
        assert not refreshes(c, mark) and not c.status()["idle"]
        faults = (flash / "faults.txt").read_text().splitlines()
        assert len(faults) == 1 and "BUSY stuck for 0 s in a partial refresh" in faults[0], faults
        c.panel("ok")  # answers again: the message, until A
        shown = refreshes(c, mark)
        assert [(e["kind"], e["screen"]) for e in shown] == [("full", "panel-fault")], shown
        assert "Display reset" in c.screen_text() and "BUSY stuck" in c.screen_text()
        assert not c.events()[-1].get("alarm")  # the blink is over, the LED as it was
        assert "answered again" in (flash / "faults.txt").read_text().splitlines()[-1]
        c.press("A")
        back = c.screen()
        assert back["name"] == "menu" and back["cursor"] == 1  # the DOWN, not the blind A
        assert refreshes(c, mark)[-1]["kind"] == "full"
        check_picture(c)
    finally:
        dev.stop()
