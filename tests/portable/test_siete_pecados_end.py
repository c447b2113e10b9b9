"""7 Pecados: whole games to the end (portable: CPython and MicroPython).

The last rounds, saints, shared saints, points, both tie-break readings in
both modes and both team rules, each checked against `reckon()`, a scorer
written separately from the engine, straight from the rulebook's "Game End"
sections (7 Pecados rulebook, Venatus Ediciones, 2017; docs/rules/siete-pecados.md),
reading the sin cards off the public view. It compares whole lists of sins (the engine compares one
sin: the tests thus also check that one sin always decides, as R8 says).

The saint games are steered: chance gives each drawing player a card that
suits the part the test gives them (saints get cards of untempted sins,
sinners cards of tempted ones), and the players play accordingly.
"""

from siete_pecados_kit import game, kinds

from shared_rules.game import CHANCE
from shared_rules.laptop.driver import RandomBot, make_bot, play
from shared_rules.rng import Stream
from shared_rules.siete_pecados.rules import (
    CARD,
    DEAL,
    DRAW,
    DRAW_DECK,
    DRAWING,
    ELIMINATE,
    OVER,
    TEMPT,
    TO_LIMBO,
)


def _cmp(a, b):
    return (a > b) - (a < b)


def reckon(view, tiebreak="highest", team_win="member"):
    """(winners, team winners or None, decided_by) from a final view, by the rulebook:
    "The player or players that end the game without any sin cards in their gaming area
    (saints) win. If all players end the game as sinners, they will add the points of the sin
    cards in their gaming areas and whoever has the least amount of points wins. If there is a
    tie, whoever has succumbed to the least grave sins (the sins with the lowest sin score)
    wins." Infernal: "The game ends as soon as a player gathers all 7 capital sins ... The
    player with the most sin points wins. If there is a tie, whoever has succumbed to the
    gravest sins (the sins with the highest sin scores) wins." Teams: R19."""
    n = len(view["hands"])
    infernal = view["mode"] == "infernal"
    held = [[] for _ in range(n)]
    for s in range(7):
        if view["holder"][s] is not None:
            held[view["holder"][s]].append(s + 1)  # scores, Lust 1 .. Pride 7
    supreme = [p for p in range(n) if len(held[p]) == 7 and infernal]

    def rank(groups):
        # Best first: points, then the whole sorted list of sins, lexicographically.
        def better(x, y):
            px, py = sum(groups[x]), sum(groups[y])
            if px != py:
                return px > py if infernal else px < py
            kx = sorted(groups[x], reverse=tiebreak == "highest")
            ky = sorted(groups[y], reverse=tiebreak == "highest")
            c = _cmp(kx, ky)
            return c > 0 if infernal else c < 0

        best = [0]
        for x in range(1, len(groups)):
            if better(x, best[0]):
                best = [x]
            elif not better(best[0], x):
                best.append(x)
        tie = len(best) > 1 or [
            y for y in range(len(groups)) if y != best[0] and sum(groups[y]) == sum(groups[best[0]])
        ]
        if len(best) > 1:
            return best, "shared"
        return best, "tiebreak" if tie else "points"

    if supreme:
        winners, decided = supreme, "supreme_sinner"
    elif not infernal and [p for p in range(n) if not held[p]]:
        winners, decided = [p for p in range(n) if not held[p]], "saints"
    else:
        winners, decided = rank(held)
    teams = None
    if view["teams"] is not None:
        if team_win == "member" or supreme:
            teams = sorted(set([view["teams"][w] for w in winners]))
        else:
            groups = [[x for p in range(n) if p % 2 == t for x in held[p]] for t in (0, 1)]
            teams = rank(groups)[0]
    return winners, teams, decided


def _check_end(state):
    view = state.view(None)
    opts = state.game.options
    assert view["phase"] == OVER and state.is_terminal()
    winners, teams, decided = reckon(view, opts["tiebreak"], opts["team_win"])
    result = view["result"]
    assert result["winners"] == winners, (result, winners)
    assert result["decided_by"] == decided, (result, decided)
    for p in range(len(view["hands"])):
        assert result["points"][p] == sum([s + 1 for s in range(7) if view["holder"][s] == p])
    if teams is None:
        assert result["teams"] is None
        assert state.returns() == [1 if p in winners else 0 for p in range(len(view["hands"]))]
    else:
        assert result["teams"]["winners"] == teams
        assert state.returns() == [
            1 if view["teams"][p] in teams else 0 for p in range(len(view["hands"]))
        ]
    news = state.announcements()
    assert news[-1]["kind"] == "game_over" and news[-1]["winners"] == winners
    return result


def test_random_games_end_as_the_rulebook_scores_them():
    configs = (
        (2, {}),
        (3, {"tiebreak": "lowest"}),
        (4, {"teams": True}),
        (6, {"teams": True, "team_win": "total"}),
        (5, {"dante": True, "centre_draw": "and_play"}),
        (2, {"mode": "infernal"}),
        (3, {"mode": "infernal", "tiebreak": "lowest", "cancels": "one_per_turn"}),
        (4, {"mode": "infernal", "teams": True, "team_win": "total"}),
        (6, {"mode": "infernal", "teams": True}),
    )
    for players, options in configs:
        g = game(players, **options)
        for i in range(3):
            _check_end(play(g, b"end-%d" % i))


def test_greedy_bots_play_whole_games():
    # The greedy bot runs on both interpreters (it is the device's bot too).
    for players, options in ((3, {}), (4, {"mode": "infernal", "teams": True})):
        g = game(players, **options)
        for i in range(2):
            seed = b"greedy-%d" % i
            bots = [
                make_bot(g, "greedy" if s % 2 == 0 else "random", seed, s) for s in range(players)
            ]
            _check_end(play(g, seed, bots))


def _first_ending(g, decided, limit):
    for i in range(limit):
        state = play(g, b"end-%d" % i)
        if state.view(None)["result"]["decided_by"] == decided:
            return state
    raise AssertionError("no game of %d ended by %s" % (limit, decided))


def test_celestial_tie_break_both_readings():
    # "If there is a tie, whoever has succumbed to the least grave sins (the sins with the
    # lowest sin score) wins." (R8: highest = compare gravest sins, lowest = least grave)
    for rule in ("highest", "lowest"):
        state = _first_ending(game(4, tiebreak=rule), "tiebreak", 40)
        result = _check_end(state)
        tie = result["tiebreak"]
        assert tie["rule"] == rule and len(tie["tied"]) >= 2
        scores = [state.view(None)["sin_names"].index(x) + 1 for x in tie["compared"]]
        winner = tie["tied"].index(result["winners"][0])
        assert scores[winner] == min(scores)  # the least grave compared sin wins
        points = [result["points"][p] for p in tie["tied"]]
        assert min(points) == max(points) == min(result["points"])


def test_infernal_tie_break_both_readings():
    # "If there is a tie, whoever has succumbed to the gravest sins (the sins with the
    # highest sin scores) wins."
    for rule in ("highest", "lowest"):
        state = _first_ending(game(3, mode="infernal", tiebreak=rule), "tiebreak", 40)
        result = _check_end(state)
        tie = result["tiebreak"]
        scores = [state.view(None)["sin_names"].index(x) + 1 for x in tie["compared"]]
        assert scores[tie["tied"].index(result["winners"][0])] == max(scores)
        assert max(result["points"]) == result["points"][result["winners"][0]]


def test_the_last_rounds_play_out_every_hand():
    # "Once the temptation deck runs out, the last rounds of the game are played. During these
    # last rounds cards cannot be drawn from the depleted deck or from the decks in the center
    # of the table. The game ends when all players have played all the cards in their hands."
    for players, options in ((2, {}), (4, {"mode": "infernal"}), (3, {"centre_draw": "and_play"})):
        g = game(players, **options)
        state = g.new_initial_state()
        bots = [RandomBot(g, b"last", s) for s in range(players)]
        chance = Stream(b"last", b"chance")
        cards_left = None
        turns_after = 0
        while not state.is_terminal():
            p = state.current_player()
            if cards_left is not None:
                assert state.phase not in (DRAW, DRAWING)
                turns_after += 1 if state.phase == "play" else 0
            if p == CHANCE:
                state.apply(chance.weighted(state.chance_outcomes()))
            else:
                state.apply(bots[p].choose(state.view(p), state.legal_actions()))
            if cards_left is None and "last_rounds" in kinds(state.announcements()):
                cards_left = sum(state.view(None)["hands"])
                assert state.view(None)["last_rounds"] and state.view(None)["deck"] == 0
        view = state.view(None)
        if view["result"]["decided_by"] == "supreme_sinner":
            continue
        assert cards_left is not None
        assert view["hands"] == [0] * players
        # Each turn of the last rounds plays one card out of a hand (a centre draw is no
        # longer possible), so there are as many such turns as cards held at the start.
        assert turns_after == cards_left
        _check_end(state)


def _steered(players, saints, **options):
    """A game where `saints` tempt and the others take every tempted sin they can."""
    g = game(players, **options)
    state = g.new_initial_state()
    while not state.is_terminal():
        p = state.current_player()
        view = state.view(None)
        if p == CHANCE:
            cards = [a - CARD for a in state.legal_actions()]
            seat = state.observers()[0] if state.phase == DEAL else view["turn"]
            untempted = [c for c in cards if c < 7 and not view["tempted"][c]]
            tempted = [c for c in cards if c < 7 and view["tempted"][c]]
            wanted = untempted + [7] if seat in saints else tempted + untempted
            wanted = [c for c in wanted if c in cards] + cards
            state.apply(CARD + wanted[0])
            continue
        legal = state.legal_actions()
        tempts = [a for a in legal if TEMPT <= a < TEMPT + 7]
        if p in saints:
            safe = [a for a in tempts if not view["tempted"][a - TEMPT]]
            # Forced to sin (every card tempts a tempted sin, no cube left), a saint plays
            # anyway: the sinners take the sin back as soon as it is tempted again.
            for choice in (safe, [ELIMINATE], [DRAW_DECK], [TO_LIMBO], legal):
                picks = [a for a in choice if a in legal]
                if picks:
                    state.apply(picks[0])
                    break
        else:
            takes = [a for a in tempts if view["tempted"][a - TEMPT]]
            state.apply(takes[0] if takes else legal[0])
    return state


def test_a_saint_wins():
    # "The winner is the player that at the end of the game either has no sin cards (is a
    # saint), or is the sinner with the least amount of sin points"
    state = _steered(2, [0])
    result = _check_end(state)
    assert result["winners"] == [0] and result["decided_by"] == "saints"
    assert result["saints"] == [0] and result["points"][1] > 0
    assert state.returns() == [1, 0]


def test_saints_share_the_win():
    # "The player or players that end the game without any sin cards in their gaming area
    # (saints) win."
    state = _steered(3, [0, 1])
    result = _check_end(state)
    assert result["winners"] == [0, 1] and result["decided_by"] == "saints"
    assert state.returns() == [1, 1, 0]
    news = state.announcements()[-1]
    assert news == {
        "kind": "game_over",
        "winners": [0, 1],
        "decided_by": "saints",
        "saints": [0, 1],
        "team_winners": None,
    }


def test_how_a_team_wins():
    # R19: team_win=member, the team of a winning player wins; saints on both teams share.
    state = _steered(4, [0, 2], teams=True)
    assert _check_end(state)["teams"]["winners"] == [0]
    assert state.returns() == [1, 0, 1, 0]
    state = _steered(4, [0, 3], teams=True)
    result = _check_end(state)
    assert result["saints"] == [0, 3] and result["teams"]["winners"] == [0, 1]
    assert state.returns() == [1, 1, 1, 1]
    # team_win=total: the same game (team_win changes no play) scored by team totals, where
    # a saint does not carry a team whose other player holds more than the other team.
    member = game(4, teams=True)
    total = game(4, teams=True, team_win="total")
    for i in range(40):
        a = play(member, b"team-%d" % i)
        b = play(total, b"team-%d" % i)
        assert a.history() == b.history()
        ra = _check_end(a)
        rb = _check_end(b)
        if ra["decided_by"] == "saints" and ra["teams"]["winners"] != rb["teams"]["winners"]:
            break
    else:
        raise AssertionError("no game where the rules differ")
    saint_team = ra["saints"][0] % 2
    assert ra["teams"]["winners"] == [saint_team]
    totals = rb["teams"]["points"]
    assert totals == [ra["points"][0] + ra["points"][2], ra["points"][1] + ra["points"][3]]
    assert totals[saint_team] >= totals[1 - saint_team]
    assert rb["teams"]["winners"] == [1 - saint_team]
