"""Power cuts in the Mea Culpa keeper mode: SIGKILL the simulated device at random
points of a 4-player, 2-round keeper session (some in the middle of a bid entry, some
while the Pope sets his die, some while a press is being handled), restart it and
carry on with the same decisions (host/sim_play.py keeper_press: a function of the
screen and the move number only).

Checked at every cut: no acknowledged action lost or doubled, no action appears that
nobody chose, a torn record is cut; the first picture after a restart is a full
refresh (the e-ink keeps its last image through a cut: a secret must be wiped), no
secret screen and no red status LED after a restart, a half-entered bid or die is
forgotten (the same seat's pass screen again, the entry from the start); an
announcement that was up (market, bids revealed, order, verdict) is shown again.
At the end the journal equals an uninterrupted session's and passes logcheck.verify."""

import random
import time

from device_helpers import check_picture, log_of, start_device, start_game
from test_device_power import actions, power_cut_and_check

from host.sim_play import KEEPER_TITLE, keeper_press
from shared_rules import games
from shared_rules.laptop import logcheck
from shared_rules.mea_culpa import keeper as K

PLAYERS = 4
ROUNDS = 2
ANNOUNCEMENTS = ("market", "reveal", "order", "verdict")


def press(c, rounds=ROUNDS, wait=True):
    screen = c.screen()
    key = keeper_press(screen, c.status()["move"], rounds)
    if wait:
        c.press(key)
    else:
        c.send("press", key)
    return screen


def session(c):
    while c.screen()["name"] != "result":
        press(c)


def test_keeper_power_cuts_lose_and_double_nothing(tmp_path):
    ref = start_device(tmp_path / "ref")
    try:
        start_game(ref.client, PLAYERS, title=KEEPER_TITLE)
        session(ref.client)
        reference = logcheck.verify(log_of(tmp_path / "ref" / "flash"), games.load_described)
    finally:
        ref.stop()
    acts = reference["actions"]
    # the session covers what the cuts must hit: bids, tied bids (the Hell order asked),
    # Pope visits caught and not caught, goods returned, two rounds
    assert sum(1 for a in acts if a >= K.BID_BASE) == PLAYERS * ROUNDS
    dies = [a - K.DIE_BASE for a in acts if K.DIE_BASE < a <= K.DIE_BASE + 6]
    guesses = [a - K.GUESS_BASE for a in acts if K.GUESS_BASE < a <= K.GUESS_BASE + 6]
    assert 0 < sum(d == g for d, g in zip(dies, guesses, strict=True)) < len(dies)
    assert reference["state"].round == ROUNDS
    assert any(
        acts[i] >= K.BID_BASE and K.HELL_KEEP <= acts[i + 1] < K.HELL_BASE + PLAYERS
        for i in range(len(acts) - 1)
    )

    rng = random.Random(20261130)
    flash = tmp_path / "cut" / "flash"
    dev = start_device(tmp_path / "cut")
    cut_at = {"bid": 0, "die": 0, "announcement": 0, "in flight": 0}
    cuts = 0
    torn = 0
    try:
        c = dev.client
        start_game(c, PLAYERS, title=KEEPER_TITLE)
        countdown = rng.randint(1, 10)
        while c.screen()["name"] != "result":
            scr = c.screen()
            # a bid half entered (not at its starting value, not yet confirmed), or the
            # die's cursor moved: cut there at least once whatever the countdown says
            half_bid = scr["name"] == "bid" and scr["big"] != "1 + 0 = 1" and not cut_at["bid"]
            moved_die = scr["name"] == "die" and scr["cursor"] > 0 and not cut_at["die"]
            countdown -= 1
            if countdown > 0 and not half_bid and not moved_die:
                press(c)
                continue
            countdown = rng.randint(4, 24)
            before = actions(flash)
            seat_big = None
            if scr["private"]:
                seat_big = scr["title"].split(":")[0]
                cut_at["bid" if scr["name"] == "bid" else "die"] += 1
            if scr["name"] in ANNOUNCEMENTS:
                cut_at["announcement"] += 1
            in_flight = rng.random() < 0.4
            if in_flight:
                # the next press is being handled (journal written or not) when the power goes
                cut_at["in flight"] += 1
                press(c, wait=False)
                time.sleep(rng.random() * 0.03)  # a random cut point, not a synchronisation
            tear = cuts % 4 == 1
            after, first = power_cut_and_check(dev, flash, before, in_flight, tear)
            torn += tear
            cuts += 1
            assert first["screen"] == "splash"
            now = check_picture(c)
            assert not now["private"], "a secret on screen straight after a restart"
            assert c.leds()["names"][-1] != "secret"
            if scr["name"] in ANNOUNCEMENTS and after == before:
                # nothing journaled says the table read it: it is shown again
                assert now["name"] == scr["name"] and now["lines"] == scr["lines"], now
            if seat_big is not None and after == before:
                # the half-entered secret is gone; the same seat is asked again from
                # the start, behind its pass screen
                while c.screen()["name"] in ANNOUNCEMENTS:
                    press(c)
                gate = check_picture(c)
                assert gate["name"] == "pass" and gate["big"] == seat_big, gate
                press(c)
                entry = check_picture(c)
                assert entry["name"] == scr["name"] and entry["private"]
                if entry["name"] == "bid":
                    assert entry["big"] == "1 + 0 = 1" and entry["cursor"] == 0
                else:
                    assert entry["cursor"] == 0
        final = logcheck.verify(log_of(flash), games.load_described)
    finally:
        dev.stop()
    assert cuts >= 10 and torn >= 2, cuts
    assert cut_at["bid"] >= 1 and cut_at["die"] >= 1 and cut_at["announcement"] >= 1, cut_at
    assert final["actions"] == reference["actions"]
    assert final["end"]["seed"] == reference["end"]["seed"]
    assert final["end"]["returns"] == reference["end"]["returns"]
