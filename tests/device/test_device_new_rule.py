"""End to end: New Rule (Sin) on the simulated device, by button presses only, with the
firmware frozen into the 32-bit MicroPython and an RP2040's heap (host.sim_client.device_heap).

The decisions come from host/sim_play.py new_rule_press (the screen alone), so each
seed's game is known in advance: tests/device/test_device_new_rule.py's seeds were chosen by
playing the same policy in CPython (new_rule_choice). Each game is then rebuilt from
the device's journal by the rules core, and every screen is checked against what the
rules announced: the pass-and-peek turns (hand and sets private, the status LED red,
a pass screen before, a full refresh after), the fourth damned card refused with its
reason, the legal sets best first with their points, the public move screen, the God
card (its LED effect), each player's reckoning or total damnation line by line, the
round-by-round breakdown and the winner. Power cuts resume with nothing lost or
doubled."""

import random
import time

from device_helpers import check_picture, log_of, start_device
from test_device_power import actions, power_cut_and_check

from host.sim_client import device_heap
from host.sim_play import NEW_RULE_TITLE, new_rule_press, new_rule_rows, start_game
from shared_rules import games
from shared_rules.game import CHANCE
from shared_rules.laptop import logcheck

# 2 players to 100: two rounds (a God card, a face-down King forgiving a round, two
# face-down plays refused at the limit, the reserve dealt), P2 reaches 100.
SEED_TARGET = "0012" * 16
# 3 players, 2 rounds: a God card, then total damnation; the round limit ends it.
SEED_DAMNATION = "0016" * 16


def announced(log: bytes):
    """[(move, announcements)] of the journal's game, rebuilt by the rules core."""
    summary = logcheck.verify(log, games.load_described)
    head = summary["head"]
    game = games.load(head["game"], head["players"], **head["options"])
    state = game.new_initial_state()
    out = []
    for action in summary["actions"]:
        state.apply(action)
        news = state.announcements()
        if news:
            out.append((state.move_number(), news))
    return summary, state, out


def play(c, seen, picture_every=False):
    """Press until the result screen; `seen` collects (screen, status LED, seat LEDs)."""
    checked = set()
    while True:
        name = c.screen()["name"]
        if picture_every or name not in checked or name.startswith(("nr-reck", "nr-pen")):
            scr = check_picture(c)
            checked.add(name)
        else:
            scr = c.screen()
        leds = c.leds()["names"]
        seen.append((scr, leds[-1], leds[:-1]))
        if name == "result":
            return
        c.press(new_rule_press(scr))


def check_privacy(seen, players):
    """Every private screen comes after its seat's pass screen, lights the status LED
    red, and is followed by a public screen only after the status LED went off."""
    holder = None
    for scr, status, seats in seen:
        if scr["name"] == "pass":
            holder = scr["big"]
            assert seats.count("look") == 1 and status == "off"
        elif scr["private"]:
            assert scr["name"] in ("nr-hand", "nr-sets", "nr-confirm"), scr["name"]
            assert holder is not None and scr["title"].startswith(holder + ":"), scr
            assert status == "secret"
        else:
            holder = None
            assert status == "off", scr["name"]


def check_turns(seen, news_by_move):
    """Hand and sets screens against the rules: the refusal's reason, the sets listed."""
    refusals = 0
    for scr, _, _ in seen:
        if scr["name"] == "nr-hand" and scr["facts"][0].startswith("No:"):
            refusals += 1
            assert scr["facts"] == ["No: 3 damned is the limit."]
            assert scr["lines"][0].startswith("Damned 3/3: ")
        if scr["name"] == "nr-sets":
            assert scr["items"][-1] == "No set"
            points = [int(item.split()[0]) for item in scr["items"][:-1]]
            assert points == sorted(points, reverse=True)  # best first
    return refusals


def check_round_ends(seen, news, names):
    """Each reckoning / damnation screen shows its seat's penalty and every card line."""
    ends = [n for _, items in news for n in items if n["kind"] in ("reckoning", "total_damnation")]
    screens = [s for s, _, _ in seen if s["name"] in ("nr-reckoning", "nr-penalty")]
    entries = [e for n in ends for e in n["seats"]]
    assert len(screens) == len(entries) > 0
    for scr, entry in zip(screens, entries, strict=True):
        name = names[entry["seat"]]
        if entry["penalty"]:
            assert scr["big"] == "%s -%d" % (name, entry["penalty"])
            assert scr["lines"][-1] == "Penalty %d." % entry["penalty"]
            cards = [ln for ln in scr["lines"] if ":" in ln and not ln.startswith("Set")]
            assert len(cards) == len(entry["lines"])
            for line, want in zip(cards, entry["lines"], strict=True):
                card, _, _, value, multiplier, penalty, _ = want
                assert card in line and ": %d" % value in line
                if multiplier != 1:
                    assert line.split(": ")[1].startswith(
                        "%d x%d = %d" % (value, multiplier, penalty)
                    )
        else:
            assert scr["big"] == "%s: 0" % name
        assert scr["facts"] == ["Score now %d." % entry["score"]]
    return ends


def test_the_menu_offers_the_rulebooks_end_by_default(tmp_path):
    """The menu shows the game's options from its entry: no round limit ("off": the
    rulebook's only end is the target), the two reckoning readings at their defaults;
    the limit runs off, 1 .. 99, so one step back from off is 99."""
    dev = start_device(tmp_path, heap=device_heap(), port="unix32", seed=SEED_TARGET)
    try:
        c = dev.client
        while c.screen()["cursor"] != 0:
            c.press("UP")
        for _ in range(20):
            if c.screen()["items"][0] == "Game: " + NEW_RULE_TITLE:
                break
            c.press("B")
        items = c.screen()["items"]
        assert "round_limit: off" in items and "unmatched: value" in items
        assert "match: rank" in items
        row = items.index("round_limit: off")
        while c.screen()["cursor"] != row:
            c.press("DOWN")
        c.press("A")
        assert c.screen()["items"][row] == "round_limit: 99"
        c.press("B")
        c.press("B")
        assert c.screen()["items"][row] == "round_limit: 1"
    finally:
        dev.stop()


def test_two_players_play_to_100_by_buttons(tmp_path):
    dev = start_device(tmp_path, heap=device_heap(), port="unix32", seed=SEED_TARGET)
    seen = []
    try:
        c = dev.client
        start_game(c, 2, new_rule_rows(100, 99), title=NEW_RULE_TITLE)
        play(c, seen)
        log = log_of(tmp_path / "flash")
    finally:
        dev.stop()
    summary, state, news = announced(log)
    assert summary["head"]["options"]["target"] == 100
    view = state.view(None)
    result = view["result"]
    assert result["reason"] == "target" and result["winners"] == [1]
    assert view["round"] >= 2 and max(result["scores"]) >= 100
    check_privacy(seen, 2)
    assert check_turns(seen, news) >= 1
    kinds = [n["kind"] for _, items in news for n in items]
    assert "god_card" in kinds and "reserve_dealt" in kinds and "set_formed" in kinds
    ends = check_round_ends(seen, news, ["P1", "P2"])
    assert any(e["status"] == "forgiven" for n in ends for e in n["seats"])
    # the God card: its screen, its player's LED steady "god", the others flashed
    god = [(s, seats) for s, _, seats in seen if s["name"] == "nr-god"]
    god_seat = [n for _, items in news for n in items if n["kind"] == "god_card"][0]["seat"]
    assert god and god[0][1][god_seat] == "god"
    assert all(god[0][1][k] == "judgment" for k in range(2) if k != god_seat)
    # the public move screen after every set decision, with the scores
    moves = [s for s, _, _ in seen if s["name"] == "nr-move"]
    assert len(moves) == kinds.count("set_formed") + kinds.count("no_set")
    formed = [s for s in moves if "+" in s["big"]]
    assert formed and all(any(ln.startswith("Scores: ") for ln in s["lines"]) for s in formed[:-1])
    assert "P2 reaches the target and wins." in moves[-1]["lines"]
    # the end: the round-by-round breakdown and the ranking
    over = [s for s, _, _ in seen if s["name"] == "over"][0]
    assert over["lines"][0] == "P2 reached 100 points."
    assert [ln for ln in over["lines"] if ln.startswith("R")][: view["round"]]
    final = seen[-1][0]
    assert final["big"] == "P2 wins" and final["lines"][0].startswith(
        "P2 %d  WINNER" % result["scores"][1]
    )


def test_three_players_reckoning_and_total_damnation(tmp_path):
    dev = start_device(tmp_path, heap=device_heap(), port="unix32", seed=SEED_DAMNATION)
    seen = []
    try:
        c = dev.client
        start_game(c, 3, new_rule_rows(100, 2), title=NEW_RULE_TITLE)
        play(c, seen)
        log = log_of(tmp_path / "flash")
    finally:
        dev.stop()
    _, state, news = announced(log)
    assert state.view(None)["result"]["reason"] == "round_limit"
    check_privacy(seen, 3)
    ends = check_round_ends(seen, news, ["P1", "P2", "P3"])
    assert [n["kind"] for n in ends] == ["reckoning", "total_damnation"]
    names = [s["name"] for s, _, _ in seen]
    assert names.count("nr-damnation") == 1
    assert names.index("nr-damnation") < names.index("nr-penalty")
    damned = [s for s, _, _ in seen if s["name"] == "nr-penalty"]
    assert any("set deck " in ln for s in damned for ln in s["lines"])
    over = [s for s, _, _ in seen if s["name"] == "over"][0]
    assert over["lines"][0] == "2 rounds played: the highest score wins."
    assert over["lines"][1].startswith("R1 God card (P") and over["lines"][3].startswith("R2 total")


def test_power_cuts_lose_and_double_nothing(tmp_path):
    ref = start_device(tmp_path / "ref", heap=device_heap(), port="unix32", seed=SEED_TARGET)
    try:
        start_game(ref.client, 2, new_rule_rows(100, 99), title=NEW_RULE_TITLE)
        play(ref.client, [], False)
        reference = logcheck.verify(log_of(tmp_path / "ref" / "flash"), games.load_described)
    finally:
        ref.stop()

    rng = random.Random(20261201)
    flash = tmp_path / "cut" / "flash"
    dev = start_device(tmp_path / "cut", heap=device_heap(), port="unix32", seed=SEED_TARGET)
    cut_at = {"private": 0, "round end": 0, "in flight": 0}
    cuts = torn = 0
    try:
        c = dev.client
        start_game(c, 2, new_rule_rows(100, 99), title=NEW_RULE_TITLE)
        countdown = rng.randint(1, 10)
        while c.screen()["name"] != "result":
            scr = c.screen()
            end = scr["name"] in ("nr-god", "nr-reckoning") and not cut_at["round end"]
            countdown -= 1
            if countdown > 0 and not end:
                c.press(new_rule_press(scr))
                continue
            countdown = rng.randint(10, 40)
            before = actions(flash)
            cut_at["private"] += scr["private"]
            cut_at["round end"] += end
            in_flight = rng.random() < 0.4
            if in_flight:
                cut_at["in flight"] += 1
                c.send("press", new_rule_press(scr))
                time.sleep(rng.random() * 0.03)  # a random cut point, not a synchronisation
            tear = cuts % 4 == 1
            after, first = power_cut_and_check(dev, flash, before, in_flight, tear)
            torn += tear
            cuts += 1
            assert first["screen"] == "splash"
            now = check_picture(c)
            assert not now["private"], "a secret on screen straight after a restart"
            assert c.leds()["names"][-1] != "secret"
            if end and after == before:
                # the God card and the reckoning were up: nothing says the table read them
                assert now["name"] == "nr-god", now
        final = logcheck.verify(log_of(flash), games.load_described)
    finally:
        dev.stop()
    assert cuts >= 8 and torn >= 2, cuts
    assert cut_at["private"] >= 1 and cut_at["round end"] >= 1, cut_at
    assert final["actions"] == reference["actions"]
    assert final["end"]["returns"] == reference["end"]["returns"]
    # the journal's game is the whole game: no chance action but the seed's
    assert CHANCE < 0 and final["end"]["seed"] == reference["end"]["seed"]
