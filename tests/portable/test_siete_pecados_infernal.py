"""7 Pecados, Infernal mode and the team variant "Let's Sin Together": the
rulebook's rules and examples (portable: CPython and MicroPython).

Quotes are from the 7 Pecados rulebook (Venatus Ediciones, 2017), sections
"Expert Game Variant: Infernal Mode", "Game End (Infernal Mode)" and "Team
Variant: Let's Sin Together"; the readings are docs/rules/siete-pecados.md's
R1..R20. Every state is reached through the public API, chance included.
"""

from siete_pecados_kit import (
    AD,
    A,
    E,
    G,
    L,
    P,
    S,
    W,
    dealt,
    draw,
    game,
    kinds,
    only,
    pass_all,
    raises,
    script,
    turn,
)

from shared_rules.game import BadOption
from shared_rules.rng import Stream
from shared_rules.siete_pecados.end import best_of
from shared_rules.siete_pecados.rules import (
    CANCEL,
    CANCELLING,
    DRAW,
    DRAW_CENTRE,
    DRAW_DECK,
    ELIMINATE,
    FLAGELLATE,
    FORGIVE,
    INFLUENCE,
    LIMBO_CARD,
    LIMBO_PLAY,
    OVER,
    PASS,
    PLAY,
    PROTECT_OTHERS,
    PROTECT_YOURSELF,
    TEMPT,
    TO_LIMBO,
    UNPROTECT_YOURSELF,
    decode,
)

INFERNAL = {"mode": "infernal"}


def _infernal(players, **options):
    options.update(INFERNAL)
    return game(players, **options)


def _favours(legal, base, count=7):
    return [a - base for a in legal if base <= a < base + count]


# -- Infernal mode: the faith cubes ------------------------------------------------------------


def test_infernal_has_no_limbo():
    # "Faith cubes: In this game variant there is no limbo."
    state = dealt(_infernal(3), [[P, G], [P, A], [L, S]])
    for play in (TEMPT + P, TEMPT + P, TEMPT + L, TEMPT + G):
        draw(state, W)
        assert TO_LIMBO not in state.legal_actions()
        state.apply(play)
        pass_all(state)


def test_infernal_centre_draw_costs_a_cube_and_may_tempt_anyone():
    # "Drawing cards from the center of the table: When a player that is a sinner chooses to
    # draw 1 card from the decks in the center of the table, they may only choose among the
    # decks whose sin cards are currently in a player's gaming area, including their own.
    # After this, they will place the temptation card on its corresponding sin card. This
    # action has a cost of 1 faith cube."
    state = dealt(_infernal(3), [[P, G], [P, G], [L, L]])
    script(state, [TEMPT + P, TEMPT + P, TEMPT + L, TEMPT + L, TEMPT + G])
    # seat 1 holds Pride, seat 0 Lust; Gluttony is tempted in the centre (nobody's).
    turn(state, S, TEMPT + S)  # seat 2
    assert state.phase == DRAW and state.current_player() == 0
    assert state.legal_actions() == [DRAW_DECK, DRAW_CENTRE + L, DRAW_CENTRE + P]
    state.apply(DRAW_CENTRE + P)
    news = state.announcements()
    assert news[0] == {"kind": "draw", "seat": 0, "source": "centre", "sin": "Pride", "paid": 1}
    assert news[1] == {"kind": "tempt", "seat": 0, "sin": "Pride", "holder": 1}
    view = state.view(None)
    assert view["cubes"][0] == 1 and view["centre"][P] == 1 and view["turn"] == 1
    turn(state, A, TEMPT + A)  # seat 1 (it may draw from the centre too: it takes the deck)
    turn(state, W, TEMPT + W)  # seat 2
    # Seat 0 draws Pride's last centre card onto seat 1's tempted Pride: it sins (a take).
    assert DRAW_CENTRE + P in state.legal_actions()
    state.apply(DRAW_CENTRE + P)
    news = state.announcements()
    assert kinds(news) == ["draw", "sin", "freed"]
    assert state.view(None)["holder"][P] == 0 and state.view(None)["cubes"][0] == 0
    turn(state, E, TEMPT + E)
    turn(state, E, TEMPT + E)  # seat 2 sins Envy
    # No cube, no centre draw: seat 0 has only the deck.
    assert state.phase != DRAW and state.view(None)["cubes"][0] == 0


def test_infernal_centre_relapses_face_down_or_face_up():
    # R4: a centre draw onto one's own tempted sin relapses ("discard the two temptation
    # cards on it to their corresponding deck in the center of the table"), at a cube's
    # cost. By default its two cards go back face down, as in Celestial mode;
    # centre_relapse=face_up keeps them face up (the cubes end the loop in this mode).
    for option, down in (("face_down", 2), ("face_up", 0)):
        state = dealt(_infernal(2, centre_relapse=option), [[P, G], [P, G]])
        script(state, [TEMPT + P, TEMPT + P, TEMPT + P])  # seat 0 tempts seat 1's Pride
        assert DRAW_CENTRE + P in state.legal_actions()
        state.apply(DRAW_CENTRE + P)
        news = state.announcements()
        assert kinds(news) == ["draw", "relapse"] + (["turned_down"] if down else [])
        view = state.view(None)
        assert view["cubes"][1] == 1 and view["centre"][P] == 3
        assert view["centre_down"][P] == down and view["holder"][P] == 1
    refused = dealt(_infernal(2, centre_relapse="refused"), [[P, G], [P, G]])
    script(refused, [TEMPT + P, TEMPT + P, TEMPT + P])
    assert DRAW_CENTRE + P not in refused.legal_actions()


def test_a_play_may_be_cancelled_and_the_card_is_shown_to_all():
    # "Canceling a play: When a player plays 1 temptation card or 1 angel/demon card, any
    # player may spend 1 faith cube to cancel their play and force them to play any other
    # card from their hand. The cancelled card will be left face up for all players to see
    # until the new card is played. After this, it will return to the player's hand. In this
    # way players may see the cards in their adversaries' hands"
    state = dealt(_infernal(4), [[P, G], [A, W], [A, W], [A, W]])
    draw(state, L)
    state.apply(TEMPT + P)
    assert state.phase == CANCELLING
    view = state.view(None)
    assert view["declared"] == {"kind": "tempt", "sin": "Pride", "seat": 0}
    assert view["cancel_window"] == [1, 2, 3]  # from the player's left, in table order
    assert view["tempted"][P] is False  # nothing happens before the window closes
    assert state.current_player() == 1 and state.legal_actions() == [PASS, CANCEL]
    state.apply(PASS)
    state.apply(CANCEL)  # seat 2 cancels
    assert state.announcements() == [{"kind": "cancel", "seat": 2, "player": 0, "card": "Pride"}]
    view = state.view(None)
    assert view["cancelled"] == ["Pride"] and view["cancellers"] == [2]
    assert view["cubes"] == [2, 2, 1, 2]
    assert state.phase == PLAY and state.current_player() == 0
    assert state.legal_actions() == [TEMPT + L, TEMPT + G]  # "any other card"
    state.apply(TEMPT + G)
    # "Only 1 card may be cancelled per player and turn": seat 2 is not asked again.
    assert state.view(None)["cancel_window"] == [1, 3]
    state.apply(CANCEL)  # seat 1
    assert state.view(None)["cancelled"] == ["Pride", "Gluttony"]
    state.apply(TEMPT + L)  # the last card: nothing else to play, so no window (R16)
    news = state.announcements()
    assert kinds(news) == ["play", "tempt", "back_to_hand"]
    assert news[2] == {"kind": "back_to_hand", "seat": 0, "cards": ["Pride", "Gluttony"]}
    view = state.view(None)
    assert view["hands"][0] == 2 and view["cancelled"] == [] and view["turn"] == 1
    assert view["known"] == [["Gluttony", "Pride"], [], [], []]
    assert view["tempted"][L] and not view["tempted"][P]
    # The knowledge lasts until the card is played.
    turn(state, W, TEMPT + W)
    turn(state, E, TEMPT + E)
    turn(state, E, TEMPT + A)
    turn(state, A, TEMPT + P)
    assert state.view(None)["known"][0] == ["Gluttony"]


def test_seats_without_a_cube_are_not_asked():
    state = dealt(_infernal(3), [[P, P], [P, L], [L, L]])
    turn(state, G, TEMPT + P)  # seat 0 tempts Pride
    draw(state, G)
    state.apply(TEMPT + P)  # seat 1 would sin Pride...
    assert state.view(None)["cancel_window"] == [2, 0]
    state.apply(CANCEL)  # ... but seat 2 cancels it
    state.apply(TEMPT + G)
    pass_all(state)
    turn(state, S, TEMPT + S)  # seat 2
    assert state.view(None)["cubes"] == [2, 2, 1]
    draw(state, L)
    state.apply(TEMPT + P)  # seat 0 sins Pride: seat 2 spends its last cube
    assert state.view(None)["cancel_window"] == [1, 2]
    state.apply(PASS)
    state.apply(CANCEL)
    state.apply(TEMPT + L)
    assert state.view(None)["cancel_window"] == [1]
    state.apply(PASS)
    assert state.view(None)["cubes"] == [2, 2, 0]
    draw(state, G)
    state.apply(TEMPT + G)  # seat 1 sins Gluttony: seat 2, with no cube, is not asked
    assert state.view(None)["cancel_window"] == [0]
    state.apply(CANCEL)
    assert state.view(None)["cubes"] == [1, 2, 0]


def test_one_cancel_per_turn_option():
    # R16's other reading: "Only 1 card may be cancelled per player and turn" as one cancel
    # per turn in all.
    state = dealt(_infernal(3, cancels="one_per_turn"), [[P, G], [S, S], [S, S]])
    draw(state, L)
    state.apply(TEMPT + P)
    state.apply(CANCEL)
    state.apply(TEMPT + G)
    assert state.phase != CANCELLING  # nobody else may cancel this turn
    assert state.view(None)["tempted"][G]
    raises(BadOption, game, 3, cancels="one_per_turn")  # Celestial mode has no cancels


def test_eliminating_for_a_cube_is_not_a_play_to_cancel():
    state = dealt(_infernal(2), [[AD, G], [S, S]])
    draw(state, L)
    state.apply(ELIMINATE)
    assert state.phase != CANCELLING and state.view(None)["turn"] == 1


def test_cancels_are_refused_in_the_last_rounds():
    # "Cancelling cards is not allowed during the last rounds of the game (once the drawing
    # deck runs out)."
    g = _infernal(3)
    state = g.new_initial_state()
    chance = Stream(b"last-rounds", b"chance")
    choices = Stream(b"last-rounds", b"seats")
    windows = 0
    last = False
    plays_with_cubes_after = 0
    while state.phase != OVER:
        if state.is_chance_node():
            state.apply(chance.weighted(state.chance_outcomes()))
            last = last or "last_rounds" in kinds(state.announcements())
            continue
        if state.phase == CANCELLING:
            assert not last
            windows += 1
            state.apply(PASS)
            continue
        view = state.view(None)
        legal = state.legal_actions()
        action = legal[choices.below(len(legal))]
        state.apply(action)
        if last and decode(action)["kind"] in ("tempt", "favour"):
            others = [c for s in range(3) if s != view["turn"] for c in [view["cubes"][s]]]
            plays_with_cubes_after += 1 if max(others) > 0 else 0
            assert state.phase != CANCELLING and state.view(None)["cancel_window"] == []
    assert windows > 10 and last and plays_with_cubes_after >= 3
    assert state.view(None)["result"]["decided_by"] != "supreme_sinner"


# -- Infernal mode: the angel/demon favours ----------------------------------------------------


def test_infernal_favours():
    # "Protect Others: The player "protects" another player by placing the card in the
    # target player's gaming area. The protective shield will prevent the poor soul from
    # using de demonic favor "Flagellate Yourself" and thus force themself to sin.
    # Forgive: The player chooses a tempted sin card and discards the temptation card that
    # was on it to the center of the table.
    # Flagellate Yourself: The player chooses a non-tempted sin card that is not in their
    # gaming area and places it in their gaming area.
    # Unprotect Yourself: The player eliminates from the game 1 angel card currently
    # "protecting" them."
    state = dealt(_infernal(3), [[AD, AD], [AD, P], [P, L]])
    draw(state, S)
    legal = state.legal_actions()
    assert _favours(legal, PROTECT_OTHERS, 6) == [1, 2]  # another player
    assert PROTECT_YOURSELF not in legal and UNPROTECT_YOURSELF not in legal
    assert _favours(legal, INFLUENCE, 100) == []  # Celestial favours are not used
    state.apply(PROTECT_OTHERS + 1)
    pass_all(state)
    assert state.view(None)["protected"] == [False, True, False]
    draw(state, S)  # seat 1
    legal = state.legal_actions()
    assert _favours(legal, FLAGELLATE) == []  # the shield prevents it
    assert UNPROTECT_YOURSELF in legal
    state.apply(UNPROTECT_YOURSELF)
    pass_all(state)
    assert state.view(None)["protected"] == [False, False, False]
    assert state.view(None)["eliminated"] == 2
    turn(state, S, TEMPT + P)  # seat 2 tempts Pride
    draw(state, S)  # seat 0
    assert _favours(state.legal_actions(), FORGIVE) == [P]
    state.apply(FORGIVE + P)
    pass_all(state)
    news = state.announcements()
    assert only(news, "forgive") == [{"kind": "forgive", "seat": 0, "sin": "Pride", "holder": None}]
    assert not state.view(None)["tempted"][P] and state.view(None)["centre"][P] == 1
    draw(state, AD)  # seat 1
    assert _favours(state.legal_actions(), FLAGELLATE) == [0, 1, 2, 3, 4, 5, 6]
    state.apply(FLAGELLATE + L)
    pass_all(state)
    assert state.view(None)["holder"][L] == 1
    draw(state, AD)  # seat 2 takes Lust from seat 1 (R14: from another player too)
    assert FLAGELLATE + L in state.legal_actions()
    state.apply(FLAGELLATE + L)
    pass_all(state)
    news = state.announcements()
    assert only(news, "flagellate") == [
        {"kind": "flagellate", "seat": 2, "sin": "Lust", "holder": 1}
    ]
    assert only(news, "freed") == [{"kind": "freed", "seat": 1, "sin": "Lust", "cube": False}]
    assert state.view(None)["holder"][L] == 2


def test_the_supreme_sinner_ends_the_game_at_once():
    # "Game objective: In this game variant the objective is to succumb to all 7 capital
    # sins ... The player that fulfills this will be proclaimed "The Supreme Sinner"." "The
    # game ends as soon as a player gathers all 7 capital sins in their gaming area."
    state = dealt(_infernal(2), [[AD, AD], [AD, AD]])
    plays = [TEMPT + L]
    for s in range(6):  # seat 1 tempts the next sin, seat 0 takes the one it tempted
        plays += [TEMPT + s + 1, TEMPT + s]
    plays += [ELIMINATE]
    news = script(state, plays)
    assert state.view(None)["sins"][0] == ["Lust", "Gluttony", "Greed", "Sloth", "Wrath", "Envy"]
    assert state.view(None)["tempted"][P]
    news = script(state, [TEMPT + P])[0]
    assert kinds(news) == ["play", "sin", "supreme_sinner", "game_over"]
    assert news[2] == {"kind": "supreme_sinner", "seat": 0}
    assert state.phase == OVER and state.is_terminal()
    assert state.view(None)["deck"] > 0  # long before the deck runs out
    result = state.view(None)["result"]
    assert result["winners"] == [0] and result["decided_by"] == "supreme_sinner"
    assert result["supreme_sinner"] == 0
    assert state.returns() == [1, 0]


def test_most_points_wins_and_ties_go_to_the_gravest_sins():
    # "The player with the most sin points wins. If there is a tie, whoever has succumbed to
    # the gravest sins (the sins with the highest sin scores) wins." (R8, R18)
    sins = [[L, E], [A, S], [G]]  # 1 + 6 = 7, 3 + 4 = 7, 2
    points = [7, 7, 2]
    won, decided, tie = best_of([0, 1, 2], points, sins, True, "highest")
    assert (won, decided) == ([0], "tiebreak")  # Envy (6) is graver than Sloth (4)
    assert tie == {"rule": "highest", "tied": [0, 1], "compared": ["Envy", "Sloth"]}
    assert best_of([0, 1, 2], points, sins, True, "lowest")[0] == [1]  # Greed (3) over Lust (1)
    # Celestial, the mirror image: "the least grave sins (the sins with the lowest sin score)"
    points = [7, 7, 9]
    assert best_of([0, 1, 2], points, [[L, E], [A, S], [A, P]], False, "highest")[0] == [1]
    assert best_of([0, 1, 2], points, [[L, E], [A, S], [A, P]], False, "lowest")[0] == [0]
    assert best_of([0, 1], [9, 4], [[A, P], [S]], False, "highest") == ([1], "points", None)
    # Players without any sin can only tie at 0 points: they share.
    assert best_of([0, 1], [0, 0], [[], []], True, "highest") == ([0, 1], "shared", None)


# -- the team variant ------------------------------------------------------------------------


def test_teams_play_2_vs_2_or_3_vs_3_in_alternate_seats():
    # "In this game variant players play in teams in games of 2 vs 2 or 3 vs 3. The rules are
    # those of the game mode chosen with the exception that teammates must sit in alternating
    # seats." Figure: "Player 1 and Player 3 are Team 1; Player 2 and Player 4 are Team 2."
    for players in (2, 3, 5):
        raises(BadOption, game, players, teams=True)
    assert game(4, teams=True).new_initial_state().view(None)["teams"] == [0, 1, 0, 1]
    assert _infernal(6, teams=True).new_initial_state().view(None)["teams"] == [0, 1] * 3
    raises(BadOption, game, 4, team_win="total")  # only with teams


def test_the_team_example():
    # "For example: It is Player 1's turn in a 3 vs 3 game and there are no cards in the
    # limbo. Player 1 sends 1 face down angel/demon card to the limbo and winks an eye to his
    # teammate Player 3. Player 2 does a similar action and also sends a card to the limbo,
    # which now has 2 cards. It is now Player 3's turn. Player 3 understood his teammates'
    # wink and plays a temptation card that makes him sin. By sinning the 2 limbo cards are
    # dealt out to players 4 and 5. Player 5 receives the angel/demon card that his teammate
    # Player 1 played and plays it right away, choosing one of the four divine favors."
    state = dealt(game(6, teams=True), [[L, AD], [G, P], [A, L], [S, W], [W, E], [E, S]])
    # A first round tempts six sins; Lust is tempted by Player 1 (seat 0).
    for card, play in ((S, TEMPT + L), (A, TEMPT + G), (G, TEMPT + A), (W, TEMPT + S)):
        turn(state, card, play)
    turn(state, G, TEMPT + W)
    turn(state, G, TEMPT + E)
    assert state.view(None)["limbo"] == [] and state.view(None)["turn"] == 0
    draw(state, P)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + AD)  # Player 1: an angel/demon card, face down
    draw(state, L)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + P)  # Player 2: Pride
    assert len(state.view(None)["limbo"]) == 2
    news = turn(state, P, TEMPT + L)  # Player 3 sins Lust
    assert only(news, "sin") == [{"kind": "sin", "seat": 2, "sin": "Lust", "holder": None}]
    assert [(a["seat"], a["card"], a["placed_by"]) for a in only(news, "limbo_card")] == [
        (3, "Pride", 1),  # Player 4 gets Player 2's card, the top one
        (4, "Angel/Demon", 0),  # Player 5 gets Player 1's angel/demon card
    ]
    assert state.phase == LIMBO_PLAY and state.current_player() == 4
    legal = state.legal_actions()
    assert ELIMINATE in legal and PROTECT_YOURSELF in legal
    # Player 5 frees teammate Player 3 of Lust and sends it to Player 4 (Influence Others).
    state.apply(INFLUENCE + L * 10 + 3)
    news = state.announcements()
    assert news[0]["favour"] == "influence_others" and news[0]["source"] == "limbo"
    assert only(news, "freed") == [{"kind": "freed", "seat": 2, "sin": "Lust", "cube": False}]
    view = state.view(None)
    assert view["holder"][L] == 3 and view["teams"][2] == view["teams"][4] == view["teams"][0]
    assert view["turn"] == 3  # Player 3's turn is over: Player 4 plays next


def test_the_supreme_sinners_team_wins():
    # R17 and R19: the Supreme Sinner wins for their team, whichever team rule is chosen.
    for rule in ("member", "total"):
        state = dealt(_infernal(4, teams=True, team_win=rule), [[L, L], [L, L], [L, L], [G, G]])
        plays = [FLAGELLATE + L, TEMPT + G, TEMPT + P, TEMPT + E]  # seat 0 takes Lust
        plays += [TEMPT + G, TEMPT + P, TEMPT + A, TEMPT + E]  # seats 0, 1, 3 sin
        plays += [TEMPT + A, TEMPT + P, TEMPT + S, TEMPT + E]  # 1 and 3 tempt their own
        plays += [TEMPT + S, TEMPT + P, TEMPT + W, TEMPT + E]  # ... and relapse
        plays += [TEMPT + W, TEMPT + P, ELIMINATE, TEMPT + E]
        plays += [TEMPT + P, ELIMINATE, ELIMINATE, ELIMINATE]  # seat 0 takes seat 1's Pride
        script(state, plays)
        view = state.view(None)
        assert view["sins"] == [
            ["Lust", "Gluttony", "Greed", "Sloth", "Wrath", "Pride"],
            [],
            [],
            ["Envy"],
        ]
        assert view["tempted"][E] and view["points"] == [22, 0, 0, 6]
        news = script(state, [TEMPT + E])[0]  # seat 0 takes Envy from seat 3
        assert kinds(news)[-2:] == ["supreme_sinner", "game_over"]
        assert news[-1] == {
            "kind": "game_over",
            "winners": [0],
            "decided_by": "supreme_sinner",
            "saints": [],
            "team_winners": [0],
        }
        teams = state.view(None)["result"]["teams"]
        assert teams["winners"] == [0] and teams["decided_by"] == "supreme_sinner"
        assert teams["members"] == [[0, 2], [1, 3]] and teams["rule"] == rule
        assert state.returns() == [1, 0, 1, 0]
