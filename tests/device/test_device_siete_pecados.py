"""7 Pecados on the virtual board, played by button presses only (host/sim_play.py's
7 Pecados policy decides from each screen), with the firmware installed from the
firmware frozen into the 32-bit MicroPython and an RP2040's heap (host.sim_client.device_heap), as on a board:

- a Celestial game (3 players) with every screen read back from its picture, and the
  2 vs 2 team variant; an Infernal 3 vs 3 game with cancels, one of them answered on the
  "who cancels?" screen for a seat in the middle of the cancel window;
- pass and peek: every private run of screens starts after a pass screen, with the
  status LED red, and is left with a full refresh;
- the seat LEDs: a game lights only its first seats (the sixth LED only at 6 players);
- the result screen against the rules (the journal verified, its returns the winners
  lit and named), the team result with teams;
- power cuts: nothing acknowledged lost or doubled, the final journal that of an
  uninterrupted game."""

import random
import time

from device_helpers import check_picture, log_of, start_device, start_game
from test_device_power import actions, power_cut_and_check

from host.sim_client import device_heap
from host.sim_play import PECADOS_TITLE, pecados_press, pecados_step, play_pecados
from shared_rules import gamelog, games
from shared_rules.laptop import logcheck

MODE, TEAMS = 2, 4  # menu rows of the options (after game and players)
INFERNAL = [(MODE, ["B"])]
DANTE = [(3, ["B"])]  # Dante's Purgatory: the row after the mode
WITH_TEAMS = [(TEAMS, ["B"])]


def start(tmp_path, players, rows=(), seed="5eed" * 16):
    dev = start_device(tmp_path, heap=device_heap(), port="unix32", seed=seed)
    try:
        start_game(dev.client, players, game_rows=list(rows), title=PECADOS_TITLE)
    except BaseException:
        dev.stop()  # the callers' finally is not reached yet: no device left running
        raise
    return dev


def check_private_runs(client):
    """Each run of private screens follows a pass screen, has the status LED red, and
    ends with a flashing refresh of a public screen (full, or the fast full one: every
    pixel driven both ways, no ghost of the secret left). Returns the number of runs."""
    events = client.events()
    shown = [e for e in events if e["e"] == "refresh"]
    runs = 0
    for i in range(1, len(shown)):
        e, before = shown[i], shown[i - 1]
        if e["private"] and not before["private"]:
            assert before["screen"] == "pass", before
            runs += 1
        if before["private"] and not e["private"]:
            assert e["kind"] in ("full", "fast"), e
    status = None
    for e in events:
        if e["e"] == "leds":
            status = e["names"][-1]
        elif e["e"] == "refresh" and e["private"]:
            assert status == "secret"
    return runs


def seat_leds_lit(client):
    """The seat LEDs (not the status LED) ever lit during the session."""
    lit = set()
    for e in client.events():
        if e["e"] == "leds":
            lit |= {i for i, name in enumerate(e["names"][:-1]) if name != "off"}
    return lit


def finish(tmp_path, client, players):
    """The result screen against the verified journal: winners named and lit."""
    summary = logcheck.verify(log_of(tmp_path / "flash"), games.load_described)
    returns = summary["end"]["returns"]
    winners = [s for s in range(players) if returns[s]]
    result = client.screen()
    assert result["name"] == "result" and winners
    names = ["P%d" % (s + 1) for s in winners]
    assert result["big"] == ("%s wins" if len(names) == 1 else "%s win") % " & ".join(names)
    leds = client.leds()["names"]
    assert [i for i in range(players) if leds[i] == "winner"] == winners
    assert leds[players:-1] == ["off"] * (6 - players)
    return summary


def test_a_celestial_game_by_buttons_every_screen_read_back(tmp_path):
    dev = start(tmp_path, 3)
    try:
        c = dev.client
        names = play_pecados(c, check=check_picture)
        assert {"pass", "hand", "over"} <= set(names)
        assert "cancel" not in names  # no cancels in Celestial mode
        summary = finish(tmp_path, c, 3)
        assert summary["head"]["options"]["mode"] == "celestial"
        assert check_private_runs(c) >= 20
        assert seat_leds_lit(c) == {0, 1, 2}  # the first three seats only
    finally:
        dev.stop()


def test_dantes_purgatory_by_buttons(tmp_path):
    # "Dante's Purgatory" (7 Pecados rulebook, variants): a sin is sent only to a player
    # holding the sin scored one higher or one lower. The device offers only the targets
    # the rules allow (the screen policy picks from the screen), and the journal, replayed
    # by the rules core, says the variant was on.
    dev = start(tmp_path, 4, DANTE, seed="da17" * 16)
    try:
        c = dev.client
        names = play_pecados(c)
        assert {"pass", "hand", "over"} <= set(names)
        summary = finish(tmp_path, c, 4)
        assert summary["head"]["options"]["dante"] is True
        assert summary["head"]["options"]["mode"] == "celestial"
        check_private_runs(c)
    finally:
        dev.stop()


def test_a_celestial_team_game_2_vs_2(tmp_path):
    dev = start(tmp_path, 4, WITH_TEAMS, seed="7ea4" * 16)
    try:
        c = dev.client
        c.press("A")  # seal
        gate = c.screen()
        assert gate["name"] == "pass" and gate["title"].startswith("Pass to P1 [A]")
        assert any(line.startswith("P2 [B] ") for line in gate["lines"])
        names = play_pecados(c)
        assert "limbo" in names  # a limbo deal: each card shown to the table
        summary = finish(tmp_path, c, 4)
        end = gamelog.parse(log_of(tmp_path / "flash"))
        state = games.load_described(end["head"]).new_initial_state()
        for a in end["actions"]:
            state.apply(a)
        teams = state.view(None)["result"]["teams"]
        won = teams["winners"]
        assert any(line.startswith("Team %s wins" % "AB"[won[0]]) for line in c.screen()["lines"])
        # every member of a winning team wins (teammates in alternate seats)
        assert [s for s in range(4) if summary["end"]["returns"][s]] == sorted(
            m for t in won for m in teams["members"][t]
        )
        check_private_runs(c)
    finally:
        dev.stop()


def test_an_infernal_3_vs_3_game_with_cancels(tmp_path):
    dev = start(tmp_path, 6, INFERNAL + WITH_TEAMS)
    try:
        c = dev.client
        chosen = None
        names = []
        while c.screen()["name"] != "result":
            scr = c.screen()
            if chosen is None and scr["name"] == "cancel" and len(scr["items"]) >= 4:
                # the table answers "the second seat asked cancels": the device passes
                # for the first, then cancels for it
                check_picture(c)
                assert scr["items"][0] == "Nobody" and not scr["private"]
                chosen = (c.status()["move"], scr["items"][2].split(" ")[0])
                c.press("DOWN")
                c.press("DOWN")
                c.press("A")
                shown = check_picture(c)
                assert shown["name"] == "cancelled" and not shown["private"]
                assert shown["facts"] == ["%s paid a cube" % chosen[1]]
                names.append("cancel")
                continue
            names.append(pecados_step(c))
        assert chosen is not None and names.count("cancelled") >= 1
        finish(tmp_path, c, 6)
        assert seat_leds_lit(c) == set(range(6))  # the sixth seat's LED too
        parts = gamelog.parse(log_of(tmp_path / "flash"))
        state = games.load_described(parts["head"]).new_initial_state()
        for index, a in enumerate(parts["actions"]):
            if index == chosen[0]:
                window = state.view(None)["cancel_window"]
                seat = int(chosen[1][1:]) - 1
                assert window.index(seat) == 1
                answers = [
                    state.game.decode(x)["kind"] for x in parts["actions"][index : index + 2]
                ]
                assert answers == ["pass", "cancel"]
            state.apply(a)
        assert state.summary()["cancels"] >= 1
        check_private_runs(c)
    finally:
        dev.stop()


def test_power_cuts_in_an_infernal_game_lose_and_double_nothing(tmp_path):
    players, rows = 4, INFERNAL
    ref = start(tmp_path / "ref", players, rows)
    try:
        play_pecados(ref.client)
        reference = logcheck.verify(log_of(tmp_path / "ref" / "flash"), games.load_described)
    finally:
        ref.stop()
    rng = random.Random(20261201)
    flash = tmp_path / "cut" / "flash"
    dev = start(tmp_path / "cut", players, rows)
    cuts = 0
    try:
        c = dev.client
        countdown = rng.randint(1, 8)
        while c.screen()["name"] != "result":
            countdown -= 1
            if countdown > 0:
                pecados_step(c)
                continue
            countdown = rng.randint(3, 14)
            before = actions(flash)
            in_flight = rng.random() < 0.5
            if in_flight:
                c.send("press", pecados_press(c.screen()))
                time.sleep(rng.random() * 0.03)  # a random cut point, not a synchronisation
            _, first = power_cut_and_check(dev, flash, before, in_flight, cuts % 4 == 1)
            scr = c.screen()
            assert not scr["private"] and c.leds()["names"][-1] == "off"  # no secret survives
            cuts += 1
        final = logcheck.verify(log_of(flash), games.load_described)
    finally:
        dev.stop()
    assert cuts >= 8
    assert final["actions"] == reference["actions"]
    assert final["end"]["returns"] == reference["end"]["returns"]
