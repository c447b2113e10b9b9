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


def test_arms_are_compared_pair_by_pair_with_holms_correction():
    """A rigged coin against a fair one on the same seeds: the first player's win
    rate differs by about 25 points, and each row's numbers are the pairs' own."""
    arms = [_arm("coin-flip", 2, label="fair"), _arm("rigged-coin", 2, label="rigged")]
    run = simulate(arms, 300, "paired", jobs=1, progress=False)
    (comp,) = comparisons(run.tallies)
    assert comp["pairs"] == 300 and comp["paired_by"] == "game"
    rows = {row["what"]: row for row in comp["differences"]}
    assert len(rows) == len(comp["differences"]), "no row twice"
    first = rows["first player's win rate"]
    fair, rigged = run.tallies
    diffs = [
        (1 if b.returns[b.order[0]] else 0) - (1 if a.returns[a.order[0]] else 0)
        for a, b in zip(fair.records, rigged.records, strict=True)
    ]
    by_hand = stats.paired(diffs)
    assert first["difference"] == pytest.approx(by_hand["difference"])
    assert (first["low"], first["high"]) == pytest.approx((by_hand["low"], by_hand["high"]))
    only_fair = diffs.count(-1)
    only_rigged = diffs.count(1)
    assert first["test"] == "McNemar"
    assert first["p_value"] == stats.mcnemar_p(only_fair, only_rigged)
    assert 0.15 < first["difference"] < 0.35 and first["clear"]
    assert [row["p_holm"] for row in comp["differences"]] == stats.holm(
        [row["p_value"] for row in comp["differences"]]
    )
    assert rows["game length (actions)"]["test"] == "paired t"
    # game length is the same in both games: no difference, and not called one
    assert (
        rows["game length (actions)"]["difference"] == 0
        and not rows["game length (actions)"]["clear"]
    )


def test_a_shared_win_is_counted_once():
    """7: The Sins no longer names its shared wins among its own figures: the
    comparison's row "games with a shared win" is the only one."""
    arms = [
        _arm("seven-sins", 3, label="a"),
        _arm("seven-sins", 3, label="b", penance=True),
    ]
    run = simulate(arms, 20, "once", jobs=1, progress=False)
    (comp,) = comparisons(run.tallies)
    whats = [row["what"] for row in comp["differences"]]
    assert len(whats) == len(set(whats))
    assert "games with a shared win" in whats
    assert not any("share the win" in w for w in whats)


def test_teams_win_as_teams():
    """7 Pecados with teams: two teams, a team test on 1 degree of freedom, and a
    team's win is not a shared win (every game has exactly one win to hand out)."""
    arm = _arm("siete-pecados", 4, teams=True, mode="infernal")
    run = simulate([arm], 60, "teams", jobs=1, progress=False)
    rep = run.tallies[0].report()
    assert rep["winners_are"] == "teams" and "by_seat" not in rep
    assert [row["seats"] for row in rep["by_team"]] == [[0, 2], [1, 3]]
    assert rep["team_test"]["degrees_of_freedom"] == 1
    assert len(rep["by_turn_order"]) == 2
    ties = rep["games_without_a_winner"]
    assert rep["games_with_a_shared_win"] == 0 and ties < 60
    assert sum(row["win_share"] for row in rep["by_team"]) == pytest.approx(60)
    by_hand = sum(1 for r in run.tallies[0].records if r.returns[0] and not r.returns[1])
    assert rep["by_team"][0]["outright_wins"] == by_hand
    from host.report import win_lines

    text = "\n".join(win_lines(rep, False))
    assert "team 0 (seats 0, 2)" in text and "on 1 degree of freedom" in text


def test_too_few_games_get_no_p_value():
    run = simulate([_arm("coin-flip", 3)], 12, "few", jobs=1, progress=False)
    rep = run.tallies[0].report()
    # 12 games expect 4 wins a seat: below the 5 a chi-square test needs
    assert rep["seat_test"]["p_value"] is None and "at least 15" in rep["seat_test"]["not_tested"]
    assert rep["by_turn_order"][0]["p_value"] is None
    from host.report import win_lines

    text = "\n".join(win_lines(rep, False))
    assert "p =" not in text and "p <" not in text and "not tested: too few games" in text


def test_a_per_seat_figure_counts_each_game_once():
    """Seats of one game are not independent: the mean's interval of a per-seat
    figure comes from one value a game (the mean of its seats). In 7: The Sins the
    Stones of Forgiveness all get taken, so a game's mean per seat is the same in
    every game although seats differ: the interval has no width."""
    run = simulate([_arm("seven-sins", 4)], 40, "stones", jobs=1, progress=False)
    rep = run.tallies[0].report()
    stones = [f for f in rep["figures"] if f["key"] == "stones%d"][0]
    assert stones["smallest"] < stones["largest"]  # seats differ
    assert stones["mean_low"] == stones["mean_high"] == stones["mean"] == 2.0
    score = [f for f in rep["figures"] if f["key"] == "score%d"][0]
    per_game = [sum(r.figures[f"score{s}"] for s in range(4)) / 4 for r in run.tallies[0].records]
    assert (score["mean"], score["mean_low"], score["mean_high"]) == pytest.approx(
        stats.mean_interval(per_game)
    )


def test_mirrored_deals_play_every_seat_rotation_of_a_seed():
    from host.simulate import deal_of, game_seed, games_of, seat_bots

    arm = _arm("seven-sins", 3, ["greedy", "random", "random"], "m")._replace(mirror=True)
    assert games_of(arm, 10) == 12  # whole deals of 3 games
    run = simulate([arm], 10, "mirror", jobs=1, progress=False)
    records = run.tallies[0].records
    assert len(records) == 12 and [r.deal_of() for r in records] == [k // 3 for k in range(12)]
    for deal in range(4):
        seats = sorted(seat_bots(arm, 3 * deal + k).index("greedy") for k in range(3))
        assert seats == [0, 1, 2] and deal_of(arm, 3 * deal) == deal
    # the games of one deal are dealt the same first cards: one seed
    assert game_seed("mirror", deal_of(arm, 4)) == game_seed("mirror", 1)
    rep = run.tallies[0].report()
    assert rep["mirrored"] and rep["deals"] == 4
    assert rep["seat_test"]["p_value"] is None and "mirrored" in rep["seat_test"]["not_tested"]
    greedy = [row for row in rep["by_player"] if row["player"] == "greedy"][0]
    per_deal = []
    for deal in range(4):
        games = [r for r in records if r.deal_of() == deal]
        per_deal.append(
            sum(
                1
                for r in games
                if r.returns[r.players.index("greedy")] == max(r.returns)
                and r.returns.count(max(r.returns)) == 1
            )
            / 3
        )
    if all(r.returns.count(max(r.returns)) == 1 for r in records):  # no shared win here
        mean, low, high = stats.mean_interval(per_deal)
        assert greedy["win_rate"] == pytest.approx(mean)
        assert (greedy["low"], greedy["high"]) == pytest.approx((max(0, low), min(1, high)))


def test_the_round_margin_and_lead_changes_are_reported():
    run = simulate([_arm("seven-sins", 2)], 30, "designer", jobs=1, progress=False)
    rep = run.tallies[0].report()
    assert rep["rounds"]["count"] == 30 and rep["round_is"] == "every player takes cards once"
    assert rep["margin"]["count"] + rep["games_without_a_margin"] == 30
    assert rep["lead_changes"]["count"] == 30 and rep["standing_is"].startswith("points")
    for r in run.tallies[0].records:
        assert r.rounds == -(-r.figures["turns"] // 2)  # two turns a round at 2 players


def test_bradley_terry_ratings_by_hand():
    """Two bots, 70 wins of 100 (plus the drawn game each pair is given): the
    fitted odds are 70.5 to 30.5, a rating gap of 400 log10(70.5 / 30.5), and its
    standard error is 1 / sqrt(n p (1 - p)) in natural log units."""
    import math

    from host import ratings

    rep = ratings.ladder(["a", "b"], {(1, 0): 70, (0, 1): 30}, {(0, 1): 100})
    a, b = rep["ratings"]
    assert a["rating"] == 0 and b["rating"] == pytest.approx(400 * math.log10(70.5 / 30.5))
    p = 70.5 / 101
    half = stats.Z95 * ratings.ELO / math.sqrt(101 * p * (1 - p))
    assert (b["low"], b["high"]) == pytest.approx((b["rating"] - half, b["rating"] + half))
    assert rep["steps"][0]["clear"] and rep["steps"][0]["upper"] == "b"


def test_bradley_terry_fits_the_likelihood_equations():
    """At the maximum likelihood each player's expected wins equal its wins
    (Bradley-Terry's score equations), here with three players and uneven games."""
    from host import ratings

    wins = {(0, 1): 12, (1, 0): 28, (0, 2): 3, (2, 0): 17, (1, 2): 15.5, (2, 1): 14.5}
    games = {(0, 1): 40, (0, 2): 20, (1, 2): 30}
    theta, _ = ratings.fit(3, wins, games)
    import math

    p = [math.exp(t) for t in theta]
    for i in range(3):
        expected = 0.0
        observed = 0.0
        for j in range(3):
            if i == j:
                continue
            n = games[(min(i, j), max(i, j))] + ratings.VIRTUAL_DRAW
            expected += n * p[i] / (p[i] + p[j])
            observed += wins[(i, j)] + ratings.VIRTUAL_DRAW / 2
        assert expected == pytest.approx(observed, rel=1e-9)
    assert theta[0] == 0 < min(theta[1], theta[2])  # 0 lost most of its games to both
