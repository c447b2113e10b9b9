"""Power cuts: SIGKILL the simulated device at random points of a game of 7: The Sins,
restart it, and finish the game. The journal must lose no acknowledged action and
double none, and the finished log must be the one an uninterrupted game driven by
the same decisions from the same seed writes."""

import random
import time

from device_helpers import (
    log_of,
    next_press,
    play_to_result,
    start_device,
    start_game,
    step,
)

from shared_rules import gamelog, games
from shared_rules.game import CHANCE
from shared_rules.laptop import logcheck

PLAYERS = 3


def actions(flash):
    return gamelog.parse(log_of(flash))["actions"]


def test_power_cuts_lose_and_double_nothing(tmp_path):
    ref = start_device(tmp_path / "ref")
    try:
        start_game(ref.client, PLAYERS)
        play_to_result(ref.client, check=False)
        reference = logcheck.verify(log_of(tmp_path / "ref" / "flash"), games.load_described)
    finally:
        ref.stop()

    rng = random.Random(20261129)
    flash = tmp_path / "cut" / "flash"
    dev = start_device(tmp_path / "cut")
    cuts = 0
    torn = 0
    try:
        c = dev.client
        start_game(c, PLAYERS)
        countdown = rng.randint(1, 6)
        while c.screen()["name"] != "result":
            countdown -= 1
            if countdown > 0:
                step(c, check=False)
                continue
            countdown = rng.randint(1, 9)
            before = actions(flash)
            in_flight = rng.random() < 0.5
            if in_flight:
                # the next press is being handled (journal written or not) when the power goes
                c.send("press", next_press(c.screen()))
                time.sleep(rng.random() * 0.03)  # a random cut point, not a synchronisation
            tear = cuts % 4 == 1
            power_cut_and_check(dev, flash, before, in_flight, tear)
            torn += tear
            cuts += 1
        final = logcheck.verify(log_of(flash), games.load_described)
    finally:
        dev.stop()
    assert cuts >= 8 and torn >= 2
    assert final["actions"] == reference["actions"]
    assert final["end"]["seed"] == reference["end"]["seed"]
    assert final["end"]["returns"] == reference["end"]["returns"]


def power_cut_and_check(dev, flash, before, in_flight, tear):
    """Cut the power (tearing the journal's last record if `tear`), boot again and
    check the journal: nothing acknowledged lost, nothing doubled, no move nobody
    chose, a torn tail cut, and a full refresh first (a secret never survives).
    Returns (the actions after the restart, the first refresh after the boot)."""
    c = dev.client
    old = c.status()["boot"]
    dev.power_cut()
    at_cut = actions(flash)
    assert at_cut[: len(before)] == before, "an acknowledged action was lost"
    if not in_flight:
        assert at_cut == before, "an action appeared with nobody pressing"
    if tear:
        with open(log_of_path(flash), "ab") as f:
            f.write(b'22 {"a":4')  # a record torn by the cut
    dev.boot(old)
    after = actions(flash)
    assert after[: len(at_cut)] == at_cut, "restart changed the journal"
    assert only_chance(flash, len(at_cut)), "restart played a move nobody chose"
    assert gamelog.parse(log_of(flash))["problem"] is None, "torn tail not cut"
    boot_refreshes = [e for e in c.events() if e["e"] in ("boot", "refresh")]
    last_boot = max(i for i, e in enumerate(boot_refreshes) if e["e"] == "boot")
    first = boot_refreshes[last_boot + 1]
    assert first["kind"] == "full"  # a secret never survives
    return after, first


def only_chance(flash, start):
    """The actions after `start` were all drawn by chance (the device resumes drawing
    the cards due; it never makes a player's choice)."""
    parts = gamelog.parse(log_of(flash))
    state = games.load_described(parts["head"]).new_initial_state()
    for index, action in enumerate(parts["actions"]):
        if index >= start and state.current_player() != CHANCE:
            return False
        state.apply(action)
    return True


def log_of_path(flash):
    return next((flash / "games").glob("*.log"))


def test_power_cut_during_a_secret_shows_it_again_behind_the_gate(tmp_path):
    dev = start_device(tmp_path)
    try:
        c = dev.client
        start_game(c, 2)
        c.press("A")  # seal
        assert c.screen()["name"] == "pass"
        c.press("A")
        secret = c.screen()
        assert secret["name"] == "secret"
        dev.restart()
        # the splash wipes the panel with a full refresh, then the same seat's gate
        scr = c.screen()
        assert scr["name"] == "pass" and scr["big"] == "P1"
        c.press("A")
        assert c.screen()["lines"] == secret["lines"] and c.screen()["big"] == secret["big"]
        c.press("A")
        assert c.screen()["name"] == "pass" and c.screen()["big"] == "P2"
        # once looked at, a reveal is not offered again after a cut
        dev.restart()
        assert c.screen()["big"] == "P2"
    finally:
        dev.stop()
