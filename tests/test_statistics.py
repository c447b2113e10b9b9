"""The statistics against known answers: intervals and tests from the
literature, coin flips that are fair, a rigged coin that is caught, shared wins
counted as shares, and the same report for any number of workers."""

from __future__ import annotations

import math

import pytest
import stat_games

from host import stats
from host.report import comparisons
from host.simulate import Arm, simulate
from shared_rules import games

stat_games.register()


def _arm(name, players, bots=None, label="", rotate=False, **options):
    game = games.load(name, players, **options)
    return Arm(label, game.describe(), tuple(bots or ["random"] * players), rotate)


def test_wilson_interval_matches_the_published_values():
    # Newcombe (1998), Table I: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605
    low, high = stats.wilson(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    low, high = stats.wilson(15, 148)
    assert (round(low, 4), round(high, 4)) == (0.0624, 0.1605)
    assert stats.wilson(0, 10)[0] == 0.0 and stats.wilson(10, 10)[1] == 1.0


def test_difference_interval_matches_newcombe():
    # Newcombe (1998), Table II, example (a): 56/70 - 48/80 = 0.2000, 0.0524 to 0.3339
    d, low, high = stats.difference(48, 80, 56, 70)
    assert (round(d, 4), round(low, 4), round(high, 4)) == (0.2, 0.0524, 0.3339)


def test_chi_square_tail_matches_the_tables():
    for x, df in ((3.841459, 1), (5.991465, 2), (7.814728, 3), (9.487729, 4), (11.0705, 5)):
        assert abs(stats.chi2_sf(x, df) - 0.05) < 1e-5, (x, df)
    assert abs(stats.chi2_sf(6.634897, 1) - 0.01) < 1e-6
    assert stats.chi2_sf(0.0, 3) == 1.0


def test_student_t_matches_the_tables():
    # two-sided 5% points of Student's t (any table): 12.706, 4.303, 2.262, 2.228, 1.984
    for df, t in ((1, 12.706), (2, 4.303), (9, 2.262), (10, 2.228), (100, 1.984)):
        assert round(stats.t_quantile(df), 3) == t, df
    assert abs(stats.t_two_sided_p(2.0, 3) - 0.1393) < 1e-4
    assert abs(stats.t_quantile(10**7) - stats.Z95) < 1e-5  # t tends to the normal


def test_paired_t_matches_students_sleep_data():
    # Cushny and Peebles' hours of extra sleep under two drugs, ten patients (Student
    # 1908; R's `sleep`): t.test(paired = TRUE) gives a mean difference of -1.58,
    # t = -4.0621 on 9 degrees of freedom, p = 0.002833, 95% interval -2.4599 to -0.7001.
    one = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
    two = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]
    got = stats.paired([a - b for a, b in zip(one, two, strict=True)])
    assert round(got["difference"], 2) == -1.58 and got["pairs"] == 10
    assert (round(got["low"], 4), round(got["high"], 4)) == (-2.4599, -0.7001)
    assert round(got["p_value"], 6) == 0.002833
    # no spread: the same difference every time is certain; no difference at all is not one
    assert stats.paired([2, 2, 2])["p_value"] == 0.0
    assert stats.paired([0, 0, 0])["p_value"] == 1.0


def test_paired_interval_matches_agrestis_approval_example():
    # Agresti, Categorical Data Analysis (2002), Table 10.1: 1600 people asked twice
    # about the Prime Minister: 794 approve both times, 150 approve then not, 86 not then
    # approve, 570 neither. Approval fell 0.59 -> 0.55; the paired interval for the
    # difference is 0.04 +- 1.96 * 0.0095 = (0.021, 0.059), against (0.006, 0.074) unpaired.
    first = [1] * 794 + [1] * 150 + [0] * 86 + [0] * 570
    second = [1] * 794 + [0] * 150 + [1] * 86 + [0] * 570
    got = stats.paired([a - b for a, b in zip(first, second, strict=True)])
    assert round(got["difference"], 2) == 0.04
    assert (round(got["low"], 3), round(got["high"], 3)) == (0.021, 0.059)
    d, low, high = stats.difference(880, 1600, 944, 1600)
    assert round(d, 2) == 0.04 and (round(low, 3), round(high, 3)) == (0.006, 0.074)
    # McNemar: z^2 = (150 - 86)^2 / 236 = 17.36; the exact test agrees, p about 4e-5
    assert 1e-5 < stats.mcnemar_p(150, 86) < 1e-4


def test_mcnemar_exact_by_hand():
    # all six discordant pairs one way: 2 * (1/2)^6; one against nine: 2 * (1 + 10) / 2^10
    assert stats.mcnemar_p(0, 6) == 2 / 64 and stats.mcnemar_p(6, 0) == 2 / 64
    assert stats.mcnemar_p(1, 9) == 22 / 1024
    assert stats.mcnemar_p(0, 0) == 1.0 and stats.mcnemar_p(5, 5) == 1.0


def test_holm_by_hand():
    # Holm (1979): sorted p 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1, never falling
    assert stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert stats.holm([0.5, 0.9]) == [1.0, 1.0] and stats.holm([]) == []


def test_a_fair_coin_is_found_fair():
    run = simulate([_arm("coin-flip", 2)], 600, "fair", jobs=1, progress=False)
    rep = run.tallies[0].report()
    for row in rep["by_seat"]:
        assert row["low"] < 0.5 < row["high"], row
    assert rep["seat_test"]["p_value"] > 0.05
    assert rep["by_turn_order"][0]["p_value"] > 0.05
    shares = sum(row["win_share"] for row in rep["by_seat"])
    assert shares == rep["games"] == 600


def test_a_rigged_coin_is_caught():
    run = simulate([_arm("rigged-coin", 2)], 400, "rigged", jobs=1, progress=False)
    rep = run.tallies[0].report()
    seat0 = rep["by_seat"][0]
    assert seat0["low"] > 0.5 and seat0["low"] < 0.75 < seat0["high"], seat0
    assert rep["seat_test"]["p_value"] < 0.001
    first = rep["by_turn_order"][0]
    assert first["p_value"] < 0.001 and first["win_rate"] > 0.5


def test_shared_wins_are_counted_as_shares():
    run = simulate([_arm("even-split", 3)], 400, "share", jobs=1, progress=False)
    tally = run.tallies[0]
    rep = tally.report()
    shared_games = sum(1 for r in tally.records if r.returns[:2] == (1, 1))
    assert rep["games_with_a_shared_win"] == shared_games > 0
    seat0, seat1, seat2 = rep["by_seat"]
    assert seat0["shared_wins"] == seat1["shared_wins"] == shared_games
    assert seat2["shared_wins"] == 0
    # every game hands out exactly one win in all
    assert math.isclose(seat0["win_share"] + seat1["win_share"] + seat2["win_share"], 400)
    wins0 = sum(1 for r in tally.records if r.returns == (1, 0, 0))
    assert math.isclose(seat0["win_share"], wins0 + shared_games / 2)


def test_the_report_is_the_same_for_any_number_of_workers():
    arms = [
        _arm("seven-sins", 3, ["greedy", "random", "random"], "a", True),
        _arm("seven-sins", 3, ["greedy", "random", "random"], "b", True, penance=True),
    ]
    one = simulate(arms, 24, "workers", jobs=1, progress=False)
    two = simulate(arms, 24, "workers", jobs=2, progress=False)
    assert [t.report() for t in one.tallies] == [t.report() for t in two.tallies]
    assert comparisons(one.tallies) == comparisons(two.tallies)
    assert one.played == two.played == 48 and not one.interrupted


def test_rotation_gives_every_bot_every_seat():
    arm = _arm("seven-sins", 3, ["greedy", "random", "random"], "", True)
    run = simulate([arm], 9, "rotate", jobs=1, progress=False)
    seats_of_greedy = sorted(r.players.index("greedy") for r in run.tallies[0].records)
    assert seats_of_greedy == [0, 0, 0, 1, 1, 1, 2, 2, 2]


def test_the_keeper_decides_no_winner_and_says_so():
    run = simulate([_arm("mea-culpa-keeper", 2)], 6, "keeper", jobs=1, progress=False)
    rep = run.tallies[0].report()
    assert rep["decides_winners"] is False and rep["games_without_a_winner"] == 6
    from host.report import win_lines

    assert "decide no winner" in win_lines(rep, False)[0]
    words = {f["key"]: f["words"] for f in rep["figures"]}
    assert words["hell_asked"].startswith("times tied bids")


@pytest.mark.parametrize("values", [[3, 5, 9], [1], [2, 2]])
def test_mean_interval_and_spread(values):
    s = stats.spread(values)
    assert s["smallest"] == min(values) and s["largest"] == max(values)
    assert s["mean_low"] <= s["mean"] <= s["mean_high"]
