"""7 Pecados, Celestial mode and Dante's Purgatory: the rulebook's rules and
examples (portable: CPython and MicroPython).

Quotes are from the 7 Pecados rulebook (Venatus Ediciones, 2017); the
readings are docs/rules/siete-pecados.md's R1..R20. Every state is reached
through the public API, chance included (siete_pecados_kit).
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
    raises,
    script,
    turn,
)

from shared_rules.game import CHANCE, BadOption, IllegalAction
from shared_rules.siete_pecados.rules import (
    CANCEL,
    CARD,
    CARD_NAMES,
    CLEANSE,
    DRAW,
    DRAW_CENTRE,
    DRAW_DECK,
    DRAWING,
    ELIMINATE,
    INFLUENCE,
    LIMBO_CARD,
    LIMBO_PLAY,
    PASS,
    PLAY,
    PROTECT_YOURSELF,
    SIN_NAMES,
    TEMPT,
    TO_LIMBO,
    UNPROTECT_OTHERS,
    decode,
    encode,
)


def _cleanse(s, t):
    return CLEANSE + s * 10 + t


def _influence(s, t):
    return INFLUENCE + s * 10 + t


# -- components and setup -------------------------------------------------------------


def test_the_deck_is_42_temptation_and_6_angel_demon_cards():
    # "42 temptation cards." "6 angel/demon cards." "there are 6 temptation cards per sin"
    # "Shuffle the temptation cards and the angel/demon cards together"
    state = game(3).new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(CARD + c, 6) for c in range(8)]
    assert state.view(None)["deck"] == 48
    assert state.view(None)["sin_names"] == [
        "Lust",
        "Gluttony",
        "Greed",
        "Sloth",
        "Wrath",
        "Envy",
        "Pride",
    ]


def test_each_player_is_dealt_2_cards_secretly_and_2_faith_cubes():
    # "Deal 2 temptation cards and 2 red cubes (faith) to each player." (R1)
    g = game(3)
    state = g.new_initial_state()
    seen = []
    for k in range(6):
        seen.append(state.observers())
        state.apply(CARD + [L, AD, P, G, A, S][k])
    assert seen == [(0,), (1,), (2,), (0,), (1,), (2,)]
    view = state.view(None)
    assert view["hands"] == [2, 2, 2]
    assert view["cubes"] == [2, 2, 2]
    assert view["cube_pile"] == 6  # "12 red cubes"
    assert view["deck"] == 42
    assert view["holder"] == [None] * 7
    assert view["saints"] == [0, 1, 2]
    assert state.view(0)["me"]["hand"] == ["Lust", "Gluttony"]
    assert state.view(1)["me"]["hand"] == ["Greed", "Angel/Demon"]
    assert view["me"] is None


def test_the_first_player_and_clockwise_turns():
    # "The player who last entered a church starts the game." "Once a player's turn is
    # over, turns continue in a clockwise fashion."
    state = dealt(game(3, first_player=2), [[L, G], [L, G], [L, G]])
    assert state.view(None)["turn"] == 2
    order = []
    for play in (TEMPT + S, TEMPT + W, TEMPT + A, TEMPT + E):
        order.append(state.view(None)["turn"])
        script(state, [play])
    assert order == [2, 0, 1, 2]
    raises(BadOption, game, 3, first_player=3)


# -- temptation, sin, relapse -------------------------------------------------------------


def test_a_second_temptation_card_makes_a_sinner():
    # "Once they have 1 temptation card on them, they are known to be "tempted". The player
    # that plays a second temptation card on a sin card becomes a sinner and must place the
    # card in their gaming area. The temptation cards that were on the sin card are then
    # discarded to the center of the table where they will form a deck in the spot where the
    # sin card was placed"
    state = dealt(game(2), [[P, G], [P, A]])
    news = turn(state, L, TEMPT + P)
    assert kinds(news) == ["play", "tempt"]
    assert news[1] == {"kind": "tempt", "seat": 0, "sin": "Pride", "holder": None}
    view = state.view(None)
    assert view["tempted"][P] and view["holder"][P] is None and view["centre"][P] == 0
    news = turn(state, S, TEMPT + P)
    assert kinds(news) == ["play", "sin"]
    assert news[1] == {"kind": "sin", "seat": 1, "sin": "Pride", "holder": None}
    view = state.view(None)
    assert view["holder"][P] == 1
    assert not view["tempted"][P]
    assert view["centre"][P] == 2
    assert view["sins"] == [[], ["Pride"]]
    assert view["points"] == [0, 7]
    assert view["saints"] == [0]


def test_a_temptation_card_goes_onto_its_sin_wherever_it_is():
    # "A Gluttony temptation card may only be played on the Gluttony sin card, wherever it
    # is, whether it is in the center of the table or in a player's gaming area (including
    # the gaming area of the player that just played the card)."
    state = dealt(game(2), [[G, G], [G, S]])
    turn(state, L, TEMPT + G)  # seat 0 tempts Gluttony in the centre
    turn(state, L, TEMPT + G)  # seat 1 sins: Gluttony is seat 1's
    news = turn(state, L, TEMPT + G)  # seat 0 plays on seat 1's Gluttony
    assert news[1] == {"kind": "tempt", "seat": 0, "sin": "Gluttony", "holder": 1}
    assert state.view(None)["tempted"][G] and state.view(None)["holder"][G] == 1


def test_relapse_keeps_the_sin_and_discards_both_cards():
    # "If a player has a tempted sin card in their gaming area and places a second
    # temptation card on it, instead of sinning they will relapse into the sin. In this case
    # the sin card remains in the player's gaming area and the only action to take is to
    # discard the two temptation cards on it to their corresponding deck in the center"
    state = dealt(game(2), [[G, L], [G, L]])
    script(state, [TEMPT + G, TEMPT + G, TEMPT + G])  # seat 1 sins, seat 0 tempts it
    cubes = state.view(None)["cubes"]
    news = turn(state, L, TEMPT + G)  # seat 1 plays its second Gluttony on its own sin
    assert kinds(news) == ["play", "relapse"]
    view = state.view(None)
    assert view["holder"][G] == 1 and not view["tempted"][G]
    assert view["centre"][G] == 4
    assert view["cubes"] == cubes  # nobody was freed
    assert view["limbo"] == []


def test_a_freed_player_gains_a_faith_cube_but_never_more_than_2():
    # "Every time a player is freed from a sin, they receive 1 faith cube. Players may store
    # up to a maximum of 2 faith cubes in their gaming area."
    state = dealt(game(2), [[P, P], [P, L]])
    script(state, [TEMPT + P, TEMPT + P])  # seat 1 holds Pride
    draw(state, L)
    state.apply(TEMPT + P)  # seat 0 tempts seat 1's Pride
    draw(state, G)  # seat 1: its Pride is tempted, so it may not draw from the centre (R4)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + G)
    assert state.view(None)["cubes"] == [2, 1]
    news = turn(state, S, TEMPT + P)  # seat 0 sins: seat 1 is freed
    assert only(news, "freed") == [{"kind": "freed", "seat": 1, "sin": "Pride", "cube": True}]
    assert state.view(None)["cubes"] == [2, 2]
    assert state.view(None)["holder"][P] == 0
    # Freed at 2 cubes: the cube stays in the pile (R13).
    state2 = dealt(game(2), [[P, P], [P, L]])
    script(state2, [TEMPT + P, TEMPT + P, TEMPT + P])
    news = script(state2, [TEMPT + L])[0]  # seat 1 plays Lust instead
    news = turn(state2, G, TEMPT + P)  # seat 0 sins Pride, seat 1 freed at 2 cubes
    assert only(news, "freed") == [{"kind": "freed", "seat": 1, "sin": "Pride", "cube": False}]
    assert state2.view(None)["cubes"] == [2, 2]


# -- drawing -------------------------------------------------------------------------


def test_saints_draw_only_from_the_temptation_deck():
    # "Players who are saints may only draw cards from the temptation deck."
    state = dealt(game(2), [[P, G], [P, A]])
    script(state, [TEMPT + P, TEMPT + P])  # seat 1 sins; the Pride deck holds 2
    assert state.view(None)["saints"] == [0]
    assert state.current_player() == CHANCE and state.phase == DRAWING  # no choice to make
    assert state.observers() == (0,)


def test_a_sinner_may_draw_from_the_centre_deck_of_a_sin_they_hold():
    # "players who are sinners may choose to draw 1 card from either the temptation deck or
    # from the decks in the center of the table. If they pick the second option, they may
    # only choose among the decks whose sin cards they currently possess in their gaming area.
    # The drawn card must be immediately placed on its corresponding sin card."
    state = dealt(game(2), [[P, G], [P, G]])
    script(state, [TEMPT + P, TEMPT + P, TEMPT + G, TEMPT + G])
    # Seat 0 holds nothing; seat 1 holds Pride and Gluttony: two centre decks of 2 cards.
    turn(state, L, TEMPT + L)
    assert state.phase == DRAW and state.current_player() == 1
    assert state.legal_actions() == [DRAW_DECK, DRAW_CENTRE + G, DRAW_CENTRE + P]
    assert decode(DRAW_CENTRE + P) == {"kind": "draw", "source": "centre", "sin": "Pride"}
    state.apply(DRAW_CENTRE + P)
    news = state.announcements()
    assert kinds(news) == ["draw", "tempt"]
    assert news[0] == {"kind": "draw", "seat": 1, "source": "centre", "sin": "Pride", "paid": 0}
    view = state.view(None)
    assert view["tempted"][P] and view["holder"][P] == 1 and view["centre"][P] == 1
    # R2, centre_draw=instead: the placement is the turn's play; seat 1 keeps 2 cards.
    assert view["hands"] == [2, 2]
    assert view["turn"] == 0 and view["deck"] == 48 - 4 - 5


def test_centre_draw_and_play_option():
    # R2's alternative: the card drawn from the centre comes before the play.
    state = dealt(game(2, centre_draw="and_play"), [[P, G], [P, G]])
    script(state, [TEMPT + P, TEMPT + P, TEMPT + G, TEMPT + G, TEMPT + L])
    state.apply(DRAW_CENTRE + G)
    assert state.phase == PLAY and state.current_player() == 1
    assert state.view(1)["me"]["drawn"] is None  # nothing drawn from the deck
    state.apply(TEMPT + P)  # seat 1 plays on its own Pride: tempted
    assert state.view(None)["hands"] == [2, 1]
    assert state.view(None)["turn"] == 0


def test_centre_draw_and_play_with_an_empty_hand_ends_the_turn():
    # R2 (centre_draw=and_play): with nothing left in the hand, a centre draw is the turn.
    # (R4 centre_relapse=refused: draws onto its tempted sins are not offered.)
    state = dealt(game(2, centre_draw="and_play", centre_relapse="refused"), [[L, L], [S, W]])
    script(state, [TEMPT + P, TEMPT + P, TEMPT + G, TEMPT + G, TEMPT + A, TEMPT + A])
    assert state.view(None)["sins"][1] == ["Gluttony", "Greed", "Pride"]
    script(state, [TEMPT + E])
    state.apply(DRAW_CENTRE + P)
    state.apply(TEMPT + S)
    script(state, [ELIMINATE])
    state.apply(DRAW_CENTRE + G)
    state.apply(TEMPT + W)
    assert state.view(None)["hands"] == [2, 0]
    script(state, [ELIMINATE])
    assert state.legal_actions() == [DRAW_DECK, DRAW_CENTRE + A]
    state.apply(DRAW_CENTRE + A)
    view = state.view(None)
    assert view["turn"] == 0 and view["hands"] == [2, 0]
    assert view["tempted"][P] and view["tempted"][G] and view["tempted"][A]
    script(state, [ELIMINATE])
    assert state.phase == DRAWING  # all three of its sins are tempted: only the deck


def _tempted_own_pride(**options):
    """Seat 1 holds Pride and Gluttony (each centre deck 2 cards), seat 0 has just
    tempted its Pride: seat 1 is to draw."""
    state = dealt(game(2, **options), [[P, G], [P, G]])
    script(state, [TEMPT + P, TEMPT + P, TEMPT + G, TEMPT + G, TEMPT + P])
    view = state.view(None)
    assert view["tempted"][P] and view["holder"][P] == 1 and view["centre"][P] == 2
    return state


def test_a_centre_draw_may_relapse_and_its_two_cards_go_face_down():
    # "they may only choose among the decks whose sin cards they currently possess in their
    # gaming area": a tempted one too. "If a player has a tempted sin card in their gaming
    # area and places a second temptation card on it, instead of sinning they will relapse
    # into the sin. ... discard the two temptation cards on it to their corresponding deck
    # in the center of the table." R4 (centre_relapse=face_down, the default): those two
    # cards go back face down, as a complete deck is turned ("will no longer swap players
    # by means of temptation cards"), so drawing and relapsing cannot go on for ever.
    state = _tempted_own_pride()
    assert state.phase == DRAW
    assert state.legal_actions() == [DRAW_DECK, DRAW_CENTRE + G, DRAW_CENTRE + P]
    state.apply(DRAW_CENTRE + P)
    news = state.announcements()
    assert kinds(news) == ["draw", "relapse", "turned_down"]
    assert news[2] == {"kind": "turned_down", "sin": "Pride", "cards": 2}
    view = state.view(None)
    assert view["holder"][P] == 1 and not view["tempted"][P]
    assert view["centre"][P] == 3 and view["centre_down"][P] == 2 and not view["face_down"][P]
    assert view["turn"] == 0 and view["hands"] == [2, 2]  # R2: that was the turn's play
    turn(state, L, TEMPT + L)
    # the one card face up may still be drawn: it tempts Pride again
    assert state.legal_actions() == [DRAW_DECK, DRAW_CENTRE + G, DRAW_CENTRE + P]
    state.apply(DRAW_CENTRE + P)
    assert state.view(None)["centre"][P] == 2 and state.view(None)["tempted"][P]
    turn(state, L, TEMPT + L)  # seat 0 sins Lust
    # Pride's deck holds 2 cards, both face down: nothing to draw from it
    assert state.legal_actions() == [DRAW_DECK, DRAW_CENTRE + G]


def test_a_centre_draw_onto_ones_own_tempted_sin_refused_as_an_option():
    # R4, centre_relapse=refused: a card drawn from the centre may not go onto one's own
    # tempted sin (the draw would only relapse).
    state = _tempted_own_pride(centre_relapse="refused")
    assert state.legal_actions() == [DRAW_DECK, DRAW_CENTRE + G]
    # with every sin it holds tempted, only the deck is left: no choice to make
    state.apply(DRAW_CENTRE + G)
    turn(state, L, TEMPT + L)
    assert state.phase == DRAWING


def test_face_up_relapses_are_for_infernal_mode_only():
    # R4: with free centre draws nothing else would end the draw-and-relapse loop.
    message = raises(BadOption, game, 2, centre_relapse="face_up")
    assert "only to mode=infernal" in message


def test_a_complete_centre_deck_is_turned_face_down():
    # "Once all 6 temptation cards of the same sin are placed in the deck in the center of
    # the table, they will be placed face down to show that the sin card will no longer swap
    # players by means of temptation cards. They will, however, be able to swap players by
    # means of angel/demon cards." (R12)
    state = dealt(game(2), [[P, P], [P, P]])
    turn(state, P, TEMPT + P)  # seat 0 tempts Pride
    turn(state, L, TEMPT + P)  # seat 1 sins
    turn(state, L, TEMPT + P)  # seat 0 tempts seat 1's Pride
    turn(state, P, TEMPT + P)  # seat 1 relapses
    turn(state, G, TEMPT + P)  # seat 0 tempts it again
    assert state.view(None)["centre"][P] == 4 and state.view(None)["tempted"][P]
    news = turn(state, L, TEMPT + P)  # seat 1 relapses: the sixth card reaches the centre
    assert kinds(news) == ["play", "relapse", "face_down"]
    assert news[2] == {"kind": "face_down", "sin": "Pride"}
    view = state.view(None)
    assert view["centre"][P] == 6 and view["face_down"][P]
    assert view["holder"][P] == 1
    turn(state, S, TEMPT + L)
    # Seat 1 holds Pride, untempted, but its deck is face down: no centre draw to offer.
    assert state.phase == DRAWING
    state.apply(CARD + AD)
    assert _cleanse(P, 0) in state.legal_actions()  # it still moves by angel/demon cards
    state.apply(_cleanse(P, 0))
    assert state.view(None)["holder"][P] == 0


# -- the limbo -----------------------------------------------------------------------------


def test_a_faith_cube_sends_a_card_face_down_to_the_limbo():
    # "If a player wants to rid themself of any card in their hand, they may spend 1 faith
    # cube (placing it in a pile within all players' reach) and place the card face down in
    # the limbo. Their turn will end and it will be the next player's turn."
    state = dealt(game(3), [[P, G], [L, L], [L, L]])
    draw(state, W)
    assert TO_LIMBO in state.legal_actions()
    state.apply(TO_LIMBO)
    assert state.view(None)["cubes"] == [1, 2, 2]
    assert state.view(None)["cube_pile"] == 12 - 5
    assert state.observers() == (0,)  # which card: only its player sees
    assert state.legal_actions() == [LIMBO_CARD + G, LIMBO_CARD + W, LIMBO_CARD + P]
    state.apply(LIMBO_CARD + P)
    assert state.announcements() == [{"kind": "limbo", "seat": 0, "cards": 1}]
    assert state.view(None)["limbo"] == [{"placed_by": 0, "card": None}]
    assert state.view(1)["limbo"] == [{"placed_by": 0, "card": None}]
    assert state.view(0)["limbo"] == [{"placed_by": 0, "card": "Pride"}]
    assert state.view(0)["me"]["hand"] == ["Gluttony", "Wrath"]
    assert state.view(None)["turn"] == 1  # the turn is over


def test_no_cube_no_limbo():
    state = dealt(game(2), [[P, G], [L, L]])
    for _ in range(2):  # seat 0 sends two cards; seat 1 plays Lust
        draw(state, S)
        state.apply(TO_LIMBO)
        state.apply(state.legal_actions()[0])
        turn(state, L, TEMPT + L)
    draw(state, S)
    assert state.view(None)["cubes"][0] == 0
    assert TO_LIMBO not in state.legal_actions()


def test_three_player_limbo_example():
    # "For example: In a 3 player game, if the first player sins when there are 2 temptation
    # cards in the limbo, the cards will be dealt to the second and third players. The second
    # player will reveal the card and play it and then the third player will reveal their
    # card and play it." "starting with the top card, the limbo cards are dealt one by one"
    state = dealt(game(3), [[P, P], [G, L], [A, L]])
    turn(state, S, TEMPT + P)  # the first player tempts Pride
    draw(state, S)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + G)  # the second player: Gluttony, bottom
    draw(state, S)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + A)  # the third player: Greed, on top
    assert state.view(None)["limbo"] == [
        {"placed_by": 1, "card": None},
        {"placed_by": 2, "card": None},
    ]
    news = turn(state, S, TEMPT + P)  # the first player sins
    assert kinds(news) == [
        "play",
        "sin",
        "limbo_deal",
        "limbo_card",
        "tempt",
        "limbo_card",
        "tempt",
    ]
    assert news[2] == {"kind": "limbo_deal", "seat": 0, "cards": 2}
    assert news[3] == {"kind": "limbo_card", "seat": 1, "card": "Greed", "placed_by": 2}
    assert news[4] == {"kind": "tempt", "seat": 1, "sin": "Greed", "holder": None}
    assert news[5] == {"kind": "limbo_card", "seat": 2, "card": "Gluttony", "placed_by": 1}
    assert news[6] == {"kind": "tempt", "seat": 2, "sin": "Gluttony", "holder": None}
    view = state.view(None)
    assert view["limbo"] == [] and view["dealing"] is None
    assert view["tempted"][A] and view["tempted"][G]
    assert view["turn"] == 1  # then the second player's own turn


def test_the_sinner_can_be_reached_again_and_sin_again():
    # "After a player sins and the limbo cards are dealt out, it is possible that the very
    # same player who sinned is forced to sin again." (R3: the deal goes round the table; a
    # new sin during the deal does not start another one.)
    state = dealt(game(2), [[P, W], [G, W]])
    turn(state, P, TEMPT + P)  # seat 0 tempts Pride
    draw(state, S)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + G)  # seat 1: Gluttony (bottom)
    draw(state, L)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + W)  # seat 0: Wrath
    draw(state, S)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + W)  # seat 1: Wrath (top)
    news = turn(state, A, TEMPT + P)  # seat 0 sins Pride
    assert kinds(news) == [
        "play",
        "sin",
        "limbo_deal",
        "limbo_card",
        "tempt",
        "limbo_card",
        "sin",
        "limbo_card",
        "tempt",
    ]
    assert [(a["seat"], a["card"]) for a in only(news, "limbo_card")] == [
        (1, "Wrath"),
        (0, "Wrath"),
        (1, "Gluttony"),
    ]
    assert only(news, "sin")[1] == {"kind": "sin", "seat": 0, "sin": "Wrath", "holder": None}
    assert len(only(news, "limbo_deal")) == 1
    view = state.view(None)
    assert view["sins"] == [["Wrath", "Pride"], []]
    assert view["tempted"][G] and view["turn"] == 1


def test_a_dealt_angel_demon_card_waits_for_its_receiver():
    # "The players must play the cards as soon as they receive them" (R3: a dealt
    # angel/demon card is used for a favour or eliminated for a cube).
    state = dealt(game(3), [[P, P], [AD, L], [L, L]])
    turn(state, S, TEMPT + P)
    draw(state, S)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + AD)
    turn(state, S, TEMPT + L)
    news = turn(state, S, TEMPT + P)  # seat 0 sins; the angel/demon card goes to seat 1
    assert kinds(news)[-1] == "limbo_card"
    assert news[-1] == {"kind": "limbo_card", "seat": 1, "card": "Angel/Demon", "placed_by": 1}
    assert state.phase == LIMBO_PLAY and state.current_player() == 1
    view = state.view(None)
    assert view["dealing"] == {"sinner": 0, "next": 2, "left": 0, "receiver": 1}
    legal = state.legal_actions()
    assert ELIMINATE in legal and TO_LIMBO not in legal and TEMPT + L not in legal
    assert PROTECT_YOURSELF in legal  # seat 1 is a saint
    state.apply(_influence(P, 2))  # Influence Others: Pride from seat 0 to seat 2
    news = state.announcements()
    assert kinds(news) == ["play", "send", "freed"]
    assert news[0]["source"] == "limbo" and news[0]["favour"] == "influence_others"
    assert state.view(None)["holder"][P] == 2
    assert state.view(None)["turn"] == 1  # the deal is over; seat 0's turn ended


# -- angel/demon cards (Celestial) ---------------------------------------------------------


def test_angel_demon_card_can_be_eliminated_for_a_faith_cube():
    # "These cards can be either played, immediately applying one of their four divine
    # favors, or eliminated from the game to gain 1 faith cube."
    state = dealt(game(2), [[AD, G], [L, L]])
    draw(state, S)
    state.apply(TO_LIMBO)
    state.apply(LIMBO_CARD + S)
    turn(state, L, TEMPT + L)
    news = turn(state, G, ELIMINATE)
    assert news == [{"kind": "eliminate", "seat": 0, "source": "hand", "cube": True}]
    assert state.view(None)["cubes"][0] == 2 and state.view(None)["eliminated"] == 1
    # At 2 cubes it may still be eliminated; nothing is gained (R13).
    state2 = dealt(game(2), [[AD, G], [L, L]])
    news = turn(state2, G, ELIMINATE)
    assert news == [{"kind": "eliminate", "seat": 0, "source": "hand", "cube": False}]


def test_protect_yourself_only_for_saints_and_one_angel_at_a_time():
    # "Protect Yourself: This favor may only be used by players that are saints. ... A player
    # can have no more than 1 angel protecting them at the same time."
    state = dealt(game(3), [[AD, AD], [P, L], [P, L]])
    draw(state, S)
    assert PROTECT_YOURSELF in state.legal_actions()
    state.apply(PROTECT_YOURSELF)
    assert state.announcements()[-1] == {"kind": "protect", "seat": 0, "target": 0}
    assert state.view(None)["protected"] == [True, False, False]
    assert state.view(None)["eliminated"] == 0  # the card stays, as the shield
    turn(state, L, TEMPT + P)
    turn(state, L, TEMPT + P)  # seat 2 sins Pride
    draw(state, S)
    assert PROTECT_YOURSELF not in state.legal_actions()  # already protected
    # "acting as a protective shield blocking sins sent by other players"
    state.apply(TEMPT + S)
    draw(state, AD)  # seat 1 holds an angel/demon card: seat 0 is no target
    legal = state.legal_actions()
    assert _influence(L, 2) in legal and _influence(L, 0) not in legal
    # Pride is seat 2's: not to seat 1 (it plays the card), nor 2 (its holder), nor 0.
    assert [a for a in legal if INFLUENCE + P * 10 <= a < INFLUENCE + P * 10 + 10] == []
    assert UNPROTECT_OTHERS + 0 in legal


def test_a_sinner_cannot_protect_themself():
    state = dealt(game(2), [[P, G], [P, AD]])
    script(state, [TEMPT + P, TEMPT + P])
    turn(state, L, TEMPT + L)
    draw(state, S)
    assert PROTECT_YOURSELF not in state.legal_actions()


def test_the_angel_leaves_when_its_player_sins():
    # "If during the game the player sins of their own accord, the angel will abandon their
    # watch and the card will be eliminated from the game." (R6)
    state = dealt(game(2), [[AD, P], [P, L]])
    turn(state, S, PROTECT_YOURSELF)
    turn(state, L, TEMPT + P)
    news = turn(state, S, TEMPT + P)
    assert kinds(news) == ["play", "sin", "angel_leaves"]
    view = state.view(None)
    assert view["protected"] == [False, False] and view["eliminated"] == 1


def test_unprotect_others():
    # "Unprotect Others: The player eliminates from the game 1 angel card currently
    # protecting another player."
    state = dealt(game(2), [[AD, G], [AD, L]])
    turn(state, S, PROTECT_YOURSELF)
    news = turn(state, S, UNPROTECT_OTHERS + 0)
    assert news[-1] == {"kind": "unprotect", "seat": 1, "target": 0}
    assert state.view(None)["protected"] == [False, False]
    assert state.view(None)["eliminated"] == 2  # the angel and the demon card played


def test_cleanse_your_soul():
    # "Cleanse Your Soul: The player sends 1 non-tempted sin card to another player. ... By
    # freeing themself from the sin, the player gains 1 faith cube." (R5)
    state = dealt(game(3), [[P, L], [AD, L], [G, L]])
    script(state, [TEMPT + P, TEMPT + G])
    draw(state, S)
    state.apply(TO_LIMBO)  # seat 2 spends a cube
    state.apply(LIMBO_CARD + G)
    script(state, [TEMPT + S])  # seat 0 tempts Sloth
    draw(state, P)
    state.apply(TEMPT + P)  # seat 1 sins Pride
    turn(state, A, TEMPT + A)
    turn(state, W, TEMPT + W)
    assert state.view(None)["cubes"] == [2, 2, 1] and state.view(None)["holder"][P] == 1
    draw(state, E)  # seat 1 holds an angel/demon card and Pride
    legal = state.legal_actions()
    assert [a for a in legal if CLEANSE <= a < INFLUENCE] == [_cleanse(P, 0), _cleanse(P, 2)]
    state.apply(_cleanse(P, 2))
    news = state.announcements()
    assert kinds(news) == ["play", "send", "freed"]
    assert news[0]["favour"] == "cleanse_your_soul" and news[0]["target"] == 2
    assert news[1] == {"kind": "send", "seat": 1, "sin": "Pride", "holder": 1, "target": 2}
    assert news[2] == {"kind": "freed", "seat": 1, "sin": "Pride", "cube": False}  # at 2 already
    assert state.view(None)["holder"][P] == 2


def test_a_tempted_sin_cannot_be_sent():
    state = dealt(game(3), [[P, L], [AD, L], [P, L]])
    script(state, [TEMPT + P, TEMPT + P, TEMPT + P])  # seat 1 sins; seat 2 tempts it
    draw(state, S)
    legal = state.legal_actions()
    assert [a for a in legal if CLEANSE <= a < INFLUENCE + 100 and (a % 100) // 10 == P] == []


def test_influence_others_from_the_centre_or_another_player():
    # "Influence Others: The player sends 1 non-tempted sin card to another player. The sin
    # card cannot be from their gaming area, it must be from another player's gaming area or
    # from the center of the table. The target player cannot be under the protection of an
    # angel." (R7)
    state = dealt(game(3), [[P, AD], [P, L], [L, L]])
    script(state, [TEMPT + P, TEMPT + P])  # seat 1 sins Pride
    turn(state, S, TEMPT + S)  # seat 2 tempts Sloth
    draw(state, AD)
    legal = [a for a in state.legal_actions() if INFLUENCE <= a < INFLUENCE + 100]
    # Pride (seat 1) to seat 2 only; any untempted centre sin to seat 1 or 2; never Sloth.
    assert _influence(P, 2) in legal and _influence(P, 1) not in legal
    assert _influence(P, 0) not in legal
    assert _influence(L, 1) in legal and _influence(L, 2) in legal
    assert [a for a in legal if (a - INFLUENCE) // 10 == S] == []
    state.apply(_influence(P, 2))
    news = state.announcements()
    assert news[1] == {"kind": "send", "seat": 0, "sin": "Pride", "holder": 1, "target": 2}
    assert news[2] == {"kind": "freed", "seat": 1, "sin": "Pride", "cube": False}
    assert state.view(None)["holder"][P] == 2
    assert state.view(None)["turn"] == 1


def test_dante_example_pride_goes_only_to_lust_or_envy():
    # "When sending sin cards out to adversaries, instead of choosing any possible target
    # player, the order of Dante's purgatory must be followed. The card may only be sent to
    # the gaming area with the sin with a score immediately higher or lower. The sins 7 and 1
    # are considered adjacent for this matter. For example: If a player wants to get rid of
    # their sin Pride (score of 7), they will only be able to send it to whoever has Lust
    # (score of 1) or Envy (score of 6)."
    for dante, targets in ((True, [1, 3]), (False, [1, 2, 3])):
        state = dealt(game(4, dante=dante), [[G, S]] * 4)
        round1 = [TEMPT + P, TEMPT + L, TEMPT + A, TEMPT + E]
        script(state, round1 + round1)  # seats 0..3 hold Pride, Lust, Greed, Envy
        assert state.view(None)["sins"] == [["Pride"], ["Lust"], ["Greed"], ["Envy"]]
        draw(state, AD)
        legal = state.legal_actions()
        assert [a % 10 for a in legal if CLEANSE + P * 10 <= a < CLEANSE + P * 10 + 10] == targets
        if dante:
            # The figure: "can only send his Greed sin card to the player sitting at the top":
            # Greed (3) goes to Gluttony (2) or Sloth (4), which nobody holds here.
            assert [a for a in legal if INFLUENCE + A * 10 <= a < INFLUENCE + A * 10 + 10] == []
            # Influence Others follows the same order: Greed from seat 2 nowhere, Envy (6)
            # from seat 3 to Pride's holder (seat 0 plays it: no), so none either.
            assert [a for a in legal if INFLUENCE + E * 10 <= a < INFLUENCE + E * 10 + 10] == []


def test_dante_players_who_cannot_send_do_not():
    # "Players who cannot fulfill this condition cannot send sins."
    state = dealt(game(2, dante=True), [[G, S], [G, S]])
    script(state, [TEMPT + P, TEMPT + P])  # seat 1 holds Pride; seat 0 holds nothing
    turn(state, L, TEMPT + L)
    draw(state, AD)
    legal = state.legal_actions()
    assert [a for a in legal if CLEANSE <= a < INFLUENCE + 100] == []
    assert ELIMINATE in legal


def test_dante_is_not_for_infernal_mode():
    # "This game variant cannot be applied to the expert game variant (Infernal Mode)."
    text = raises(BadOption, game, 2, mode="infernal", dante=True)
    assert "Infernal" in text


# -- the codec ------------------------------------------------------------------------------


def test_the_codec_names_every_action_and_round_trips():
    g = game(6)
    seen = 0
    for code in range(0, 500):
        try:
            data = decode(code)
        except IllegalAction:
            continue
        seen += 1
        assert isinstance(data["kind"], str)
        assert g.encode(data) == code
    # draw deck + 7 centre + 7 tempt + to_limbo + 8 limbo cards + eliminate + 2 own favours
    # + 6 + 6 targets + 7 + 7 sins + 2 * 42 sends + pass + cancel + 8 cards
    assert seen == 1 + 7 + 7 + 1 + 8 + 1 + 2 + 12 + 14 + 84 + 2 + 8
    assert decode(TEMPT + P) == {"kind": "tempt", "sin": "Pride"}
    assert decode(_cleanse(E, 3)) == {
        "kind": "favour",
        "favour": "cleanse_your_soul",
        "side": "angel",
        "sin": "Envy",
        "target": 3,
    }
    assert decode(CARD + AD) == {"kind": "card", "card": "Angel/Demon"}
    assert decode(PASS) == {"kind": "pass"} and decode(CANCEL) == {"kind": "cancel"}
    assert CARD_NAMES[AD] == "Angel/Demon" and SIN_NAMES[P] == "Pride"


def test_encode_refuses_data_that_names_no_action():
    g = game(3)
    for bad in (
        None,
        {"kind": "fly"},
        {"kind": "tempt", "sin": "Sloths"},
        {"kind": "draw", "source": "sky"},
        {"kind": "favour", "favour": "forgive", "sin": None, "target": None},
        {"kind": "favour", "favour": "cleanse_your_soul", "sin": "Pride", "target": 3},
        {"kind": "favour", "favour": "protect_others", "sin": "Pride", "target": 1},
        {"kind": "card", "card": "Joker"},
    ):
        raises(IllegalAction, g.encode, bad)
    assert encode({"kind": "favour", "favour": "forgive", "sin": "Lust", "target": None}) == 70


def test_illegal_actions_are_refused():
    state = dealt(game(2), [[P, G], [P, A]])
    draw(state, L)
    for bad in (TEMPT + W, TEMPT + A, PROTECT_YOURSELF, PASS, CARD + P):
        raises(IllegalAction, state.apply, bad)
    assert state.phase == PLAY and state.view(None)["hands"] == [3, 2]
