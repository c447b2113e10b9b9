"""End to end: firmware/main.py on the MicroPython unix port with simulated hardware,
driven by button presses only through the side channel (host/sim_client.py).

Every screen of every game is read back from the rendered picture (device_helpers.
check_picture); the journal the device writes is verified by the rules core."""

import json
import re

import pytest
from device_helpers import (
    PORTABLE,
    SEED,
    check_picture,
    log_of,
    play_to_result,
    start_device,
    start_game,
)

from shared_rules import gamelog, games
from shared_rules.laptop import logcheck

HIDDEN_PAIR = "hidden-pair:hidden_pair:HiddenPair"
games.register("hidden-pair", "hidden_pair", "HiddenPair")  # the test game, for verify()


FLASHING = ("full", "fast")  # the refreshes that leave no ghost


def refreshes(client):
    return [e for e in client.events() if e["e"] == "refresh"]


def check_privacy(client):
    """Every secret was shown after a pass screen and left with a flashing refresh (full,
    or the fast full one: every pixel driven both ways) of a screen that holds no secret,
    with no ghost left where the model tracks them; the status LED was lit while it was up."""
    events = client.events()
    shown = [e for e in events if e["e"] == "refresh"]
    secrets = 0
    for i, e in enumerate(shown):
        if e["private"]:
            secrets += 1
            assert i > 0 and shown[i - 1]["screen"] == "pass", shown[i - 1]
            after = shown[i + 1]
            assert after["kind"] in FLASHING and not after["private"], after
            assert after.get("ghosts", 0) == 0, after
    # the status LED (last in the chain) goes red before each secret refresh
    led_state = None
    for e in events:
        if e["e"] == "leds":
            led_state = e["names"][-1]
        elif e["e"] == "refresh" and e["private"]:
            assert led_state == "secret"
    return secrets


def verify_log(flash):
    """The journal checks out, is signed by the device's key, and its seed file is gone."""
    from host import authentic

    data = log_of(flash)
    summary = authentic.verify(data, key=(flash / "device.pub").read_bytes())
    assert not (flash / "games" / (summary["id"] + ".key")).exists(), "seed file left behind"
    return summary


def test_hidden_pair_generic_screens(tmp_path):
    """A game without its own screens is played from its protocol alone."""
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        c = dev.client
        assert c.screen()["name"] == "menu"
        seal = start_game(c, 2, title="Hidden Pair")
        c.press("A")
        # the deal: each seat sees its own card behind a pass screen
        for seat in (1, 2):
            scr = check_picture(c)
            assert scr["name"] == "pass" and scr["big"] == f"P{seat}"
            assert c.leds()["names"][seat - 1] == "look"
            c.press("B")  # only A looks
            assert c.screen()["name"] == "pass"
            c.press("A")
            scr = check_picture(c)
            assert scr["name"] == "secret" and scr["private"]
            assert f"to seat {seat - 1}" in scr["lines"][0]
            assert c.leds()["names"][-1] == "secret"
            c.press("A")
        scr = check_picture(c)
        assert scr["name"] == "turn" and scr["items"] == ["pass", "bet"]
        assert c.leds()["names"][:2] == ["turn", "off"]
        assert c.leds()["names"][-1] == "off"
        names = play_to_result(c, policy=lambda s: (1, "A"))
        assert "over" in names
        summary = verify_log(tmp_path / "flash")
        assert summary["head"]["seal"] == seal["big"]
        # who sat where (no names set: as the screens call them) and the game's number,
        # for `confessor stats`
        assert summary["head"]["seats"] == ["P1", "P2"] and summary["head"]["number"] == 1
        assert summary["actions"][2:] == [1, 1]  # bet, bet (call)
        result = c.screen()
        assert SEED[:32] in result["lines"] and SEED[32:] in result["lines"]
        # the result seal the table notes names this signed log
        assert result["corner"] == summary["result_seal"] and len(result["corner"]) == 9
        assert check_privacy(c) == 2
        c.press("A")
        assert c.screen()["name"] == "menu"
        assert not (tmp_path / "flash" / "games" / "current").exists()
    finally:
        dev.stop()


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_seven_sins_whole_game(tmp_path, players):
    dev = start_device(tmp_path)
    try:
        c = dev.client
        seal = start_game(c, players)
        assert seal["big"] and len(seal["big"]) == 6
        c.press("A")
        seen = []
        judgments = []
        scores = []
        turn_leds_ok = 0
        while c.screen()["name"] != "result":
            scr = check_picture(c)
            seen.append(scr["name"])
            if scr["name"] == "turn":
                seat = int(re.match(r"P(\d+)", scr["big"]).group(1)) - 1  # "P2's turn"
                names = c.leds()["names"]
                assert names[seat] == "turn" and names[:players].count("turn") == 1
                turn_leds_ok += 1
            if scr["name"] == "judgment":
                judgments.append(scr["big"])
                assert c.leds()["names"][:players] == ["judgment"] * players
            if scr["name"] == "score":
                scores.append(scr)
            if scr["name"] == "secret" and "opening" in " ".join(scr["lines"]):
                assert scr["big"] in (
                    "Pride",
                    "Greed",
                    "Lust",
                    "Envy",
                    "Wrath",
                    "Sloth",
                    "Gluttony",
                )
            from device_helpers import step

            step(c, check=False)
        result = check_picture(c)
        summary = verify_log(tmp_path / "flash")
        state = summary["state"]
        # the rules' winners are the ones announced, and lit
        winners = [s for s in range(players) if state.returns()[s] == 1]
        for s in range(players):
            line = [ln for ln in result["lines"] if ln.startswith(f"P{s + 1} ")][0]
            assert ("WINNER" in line) == (s in winners), line
            assert (c.leds()["names"][s] == "winner") == (s in winners)
        named = [f"P{s + 1}" for s in winners]
        assert result["big"] == (
            f"{named[0]} wins" if len(named) == 1 else " & ".join(named) + " win"
        )
        # details past the first page: DOWN turns to them, every line drawn once
        drawn = [t[2] for t in result["texts"] if t[5] == "detail"]
        for page in range(1, result["pages"]):
            c.press("DOWN")
            shown = check_picture(c)
            assert shown["page"] == page and shown["big"] == result["big"]
            drawn += [t[2] for t in shown["texts"] if t[5] == "detail"]
        assert drawn == [ln for ln in result["lines"] if ln]
        if result["pages"] > 1:
            c.press("UP")
            assert check_picture(c)["page"] == result["pages"] - 2
        # the opening cards: one private reveal per seat; the scores are public (the
        # rules' view(None) holds them once play is over): one screen per seat, no gate
        assert seen.count("secret") == players
        assert check_privacy(c) == players
        seats = state.view(None)["scoring"]["seats"]
        assert [scr["big"] for scr in scores] == [
            f"P{s + 1}: {seats[s]['total']} points" for s in range(players)
        ]
        assert not any(scr["private"] for scr in scores)
        assert seen.index("over") < seen.index("score")
        assert judgments[-1] == "JUDGMENT 3/3" and judgments[:2] == ["JUDGMENT 1/3", "JUDGMENT 2/3"]
        assert turn_leds_ok == seen.count("turn")
        assert seen.count("over") == 1
    finally:
        dev.stop()


def test_maintenance_mode_holding_a_and_c(tmp_path):
    """A+C at power-on: main.py returns (the REPL is free) after saying so on the
    screen and retiring the signing key (docs/security.md)."""
    (tmp_path / "flash").mkdir()
    (tmp_path / "flash" / "device.key").write_bytes(bytes(range(32)))
    dev = start_device(tmp_path, hold="A,C", games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        st = dev.client.status()
        assert st["exited"] and st["frame"] == 1
        scr = check_picture(dev.client)
        assert scr["name"] == "repl" and "A and C were held at power-on." in scr["lines"]
        assert not (tmp_path / "flash" / "device.key").exists()
        assert dev.proc.wait(timeout=10) == 0
    finally:
        dev.stop()


def test_holding_one_button_is_not_maintenance(tmp_path):
    dev = start_device(tmp_path, hold="A", games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        assert dev.client.screen()["name"] == "menu"
    finally:
        dev.stop()


def test_abandon_from_the_pause_menu(tmp_path):
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        c = dev.client
        start_game(c, 2, title="Hidden Pair")
        for _ in range(5):  # seal, two gates
            c.press("A")
        assert c.screen()["name"] == "turn"
        c.press("C")
        assert c.screen()["name"] == "pause"
        c.press("DOWN")
        c.press("DOWN")  # "Look at my hand", then "Abandon the game"
        assert c.screen()["items"][c.screen()["cursor"]].startswith("Abandon")
        c.press("A")
        assert c.screen()["name"] == "confirm"
        c.press("C")
        assert c.screen()["name"] == "pause"
        assert c.screen()["items"][c.screen()["cursor"]].startswith("Abandon")
        c.press("A")
        assert c.screen()["name"] == "confirm"
        c.press("A")
        assert check_picture(c)["name"] == "abandoned"
        # the table saw "Signing" while the device signed the log (issue 25)
        shown = [e["screen"] for e in c.events() if e.get("e") == "refresh"]
        assert shown[-2:] == ["signing", "abandoned"], shown
        parts = gamelog.parse(log_of(tmp_path / "flash"))
        assert parts["end"]["abandoned"] is True
        assert logcheck.verify(log_of(tmp_path / "flash"), games.load_described)["abandoned"]
        c.press("A")
        assert c.screen()["name"] == "menu"
    finally:
        dev.stop()


def test_look_at_my_hand_goes_through_the_gate(tmp_path):
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        c = dev.client
        start_game(c, 2, title="Hidden Pair")
        for _ in range(5):
            c.press("A")
        c.press("C")
        c.press("DOWN")
        c.press("A")
        assert c.screen()["name"] == "pass"
        c.press("A")
        scr = check_picture(c)
        assert scr["name"] == "secret" and scr["lines"][0].startswith("my_card: ")
        c.press("A")
        scr = c.screen()
        assert scr["name"] == "turn"
        assert refreshes(c)[-1]["kind"] in FLASHING
    finally:
        dev.stop()


def test_badger_profile_runs_with_the_uc8151_driver(tmp_path):
    dev = start_device(tmp_path, profile="badger2040w", games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        c = dev.client
        assert check_picture(c)["name"] == "menu"
        start_game(c, 2, title="Hidden Pair")
        c.press("A")
        c.press("A")
        assert check_picture(c)["name"] == "secret"
        assert c.leds()["names"] == ["on"]  # the white LED warns the table
        c.press("A")
        assert check_picture(c)["name"] == "pass"
        assert c.leds()["names"] == ["off"]
    finally:
        dev.stop()


def test_corrupt_journal_shows_an_error_not_a_traceback(tmp_path):
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        c = dev.client
        start_game(c, 2, title="Hidden Pair")
        c.press("A")
        old = c.status()["boot"]
        dev.power_cut()
        log = next((tmp_path / "flash" / "games").glob("*.log"))
        log.write_bytes(b"garbage\n")
        dev.boot(old)
        scr = check_picture(c)
        assert scr["name"] == "error" and scr["keys"][2] == "Close game"
        c.press("C")
        assert c.screen()["name"] == "menu"
    finally:
        dev.stop()


def test_status_for_the_serial_link_hides_secrets(tmp_path):
    """App.status() (what the link serves) never carries a seat's view or the seed."""
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        c = dev.client
        start_game(c, 2, title="Hidden Pair")
        c.press("A")
        c.press("A")
        assert c.screen()["name"] == "secret"
        st = c.status()["app"]
        assert st["move"] == 1 and st["screen"] == "secret" and st["game"] == "hidden-pair"
        assert st["public"] == {"bets": [], "dealt": 1}
        text = json.dumps(st)
        assert SEED not in text and "my_card" not in text
    finally:
        dev.stop()


def test_long_press_and_chord_through_the_side_channel(tmp_path):
    """A long press moves a cursor like a press but never commits a move; a chord is
    seen (acknowledged) and ignored by screens that give it no meaning."""
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        c = dev.client
        c.press("DOWN", long=True)
        assert c.screen()["cursor"] == 1
        c.chord("A", "C")
        assert c.screen()["name"] == "menu" and c.screen()["cursor"] == 1
        start_game(c, 2, title="Hidden Pair")
        for _ in range(5):
            c.press("A")
        assert c.screen()["name"] == "turn"
        moves = len(gamelog.parse(log_of(tmp_path / "flash"))["actions"])
        c.press("A", long=True)
        assert c.screen()["name"] == "turn"
        assert len(gamelog.parse(log_of(tmp_path / "flash"))["actions"]) == moves
        c.press("A")
        assert len(gamelog.parse(log_of(tmp_path / "flash"))["actions"]) == moves + 1
    finally:
        dev.stop()


def test_battery_reading_follows_the_virtual_boards_supply(tmp_path):
    """The reference build reads VSYS through its GP26 divider; the side channel sets VSYS
    (docs/simulator.md) and the reading comes back as data the app can show."""
    dev = start_device(tmp_path)
    try:
        c = dev.client
        assert c.status()["battery"] == {"mv": 4699, "source": "usb", "percent": None, "low": False}
        c.vsys(3600)  # three AAA cells half used, through the 1N5817
        level = c.status()["battery"]
        assert level["source"] == "battery" and 48 <= level["percent"] <= 50
        assert not level["low"]
        c.vsys(3100)
        assert c.status()["battery"]["low"]
        c.press("DOWN")  # the device carries on, after warning once (test_device_glass.py)
        assert c.screen()["name"] == "battery"
        c.press("A")
        assert c.screen()["name"] == "menu"
    finally:
        dev.stop()


def test_a_fresh_status_presses_nothing(tmp_path):
    # SimClient.fresh_status: the status written again (as a laptop asks the link again
    # after an error reply) by a command that presses no button
    dev = start_device(tmp_path)
    try:
        c = dev.client
        before = c.status()
        screen = c.screen_text()
        st = c.fresh_status()
        assert st["idle"] and st["ack"] > before["ack"]
        assert c.screen_text() == screen
    finally:
        dev.stop()
