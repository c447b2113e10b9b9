"""7: The Sins: the rulebook's own tables and examples, every tie-break, the
Penance end condition and stone placement (portable: CPython and MicroPython).

Quotes are from the 7: The Sins rulebook (GateOnGames, 2019; docs/rules/seven-sins.md).
"""

import simcheck

from shared_rules import canon, games
from shared_rules.game import CHANCE, TERMINAL, BadOption, IllegalAction, replay
from shared_rules.laptop.driver import RandomBot, play
from shared_rules.seven_sins.rules import (
    ABYSS,
    CARD,
    CHOOSE,
    LAST_JUDGMENT,
    NUM_SINS,
    OVER,
    PENANCE,
    PLAY,
    RESERVE,
    SETUP,
    SIN_NAMES,
    STONE,
    STONES,
    STONES_BY_PLAYERS,
    TYPES_BY_PLAYERS,
    best_stone_placement,
    points,
    ranking,
    score_counts,
    split,
    winners,
)

PRIDE, GREED, LUST, ENVY, WRATH, SLOTH, GLUTTONY = range(7)


def _raises(exc, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc as err:
        return str(err)
    raise AssertionError("%s was not raised" % exc.__name__)


def _counts(pairs):
    counts = [0] * NUM_SINS
    for s, c in pairs:
        counts[s] = c
    return counts


def _set_up(game, deals, reveals):
    """A state after the deal: `deals` (one sin per seat) and five `reveals`."""
    state = game.new_initial_state()
    for s in deals + reveals:
        state.apply(CARD + s)
    assert state.phase == PLAY
    return state


def _auto(state, lj_when=None):
    """Play on: players take the lowest sin to their reserve; chance avoids
    Last Judgments unless lj_when(state) says to reveal one now. Stops at the
    end of play; returns the seats in the order they played."""
    played = []
    while state.phase == PLAY:
        p = state.current_player()
        if p == CHANCE:
            outcomes = [a for a, w in state.chance_outcomes()]
            lj = CARD + LAST_JUDGMENT
            others = [a for a in outcomes if a != lj]
            if lj in outcomes and (not others or (lj_when is not None and lj_when(state))):
                state.apply(lj)
            else:
                state.apply(others[0])
        else:
            played.append(p)
            state.apply(state.legal_actions()[0])
    return played


# -- setup -----------------------------------------------------------------


def test_setup_tables():
    """| Number of players | Deadly Sin card types |  2 4 / 3 5 / 4 6 / 5 7, and
    | Number of players | Number of Stones of Forgiveness | 2 4 / 3 6 / 4 8 / 5 10."""
    assert TYPES_BY_PLAYERS == {2: 4, 3: 5, 4: 6, 5: 7}
    assert STONES_BY_PLAYERS == {2: 4, 3: 6, 4: 8, 5: 10}
    for n in (2, 3, 4, 5):
        g = games.load("seven-sins", n)
        state = g.new_initial_state()
        # "They can be chosen randomly": one chance action per type, uniform.
        for i in range(TYPES_BY_PLAYERS[n]):
            outcomes = state.chance_outcomes()
            assert len(outcomes) == 7 - i and [w for a, w in outcomes] == [1] * (7 - i)
            state.apply(outcomes[-1][0])
        assert len(state.view(None)["sins"]) == TYPES_BY_PLAYERS[n]
        assert state.view(None)["stones_left"] == STONES_BY_PLAYERS[n]


def test_decks_split_six_three_two_and_last_judgments_after_the_reveal():
    """ "6 of each in the Hell I deck, 3 in Hell II and 2 in Hell III". "Each player
    draws one card from the Hell I deck ... Reveal the first 5 cards of the Hell I
    deck ... Shuffle one Last Judgment card into each deck"."""
    g = games.load("seven-sins", 3, sins="Pride,Greed,Lust,Envy,Wrath")
    state = g.new_initial_state()
    t = 5
    assert state.view(None)["decks"] == [6 * t, 3 * t, 2 * t, 0]
    assert state.chance_outcomes()[0] == (CARD + PRIDE, 6)
    # No Last Judgment can be dealt or among the opening five.
    for s in (PRIDE, PRIDE, PRIDE, PRIDE, PRIDE, PRIDE, GREED, GREED):
        assert CARD + LAST_JUDGMENT not in state.legal_actions()
        state.apply(CARD + s)
    assert state.phase == PLAY
    view = state.view(None)
    assert view["decks"] == [6 * t - 3 - 5 + 1, 3 * t + 1, 2 * t + 1, 0]
    assert view["reserve_cards"] == [1, 1, 1]
    assert len(view["centre"]) == 5 and LAST_JUDGMENT not in view["centre"]
    assert state.decks[0].count(LAST_JUDGMENT) == 1 and state.decks[2].count(LAST_JUDGMENT) == 1
    assert state.current_player() == 0


def test_penance_cards_go_under_the_pile():
    """ "Take the Penance cards corresponding to the Sins used in the game, shuffle
    them and place them at the bottom of the Deadly Sins draw pile.\""""
    g = games.load("seven-sins", 2, penance=True, sins="Lust,Envy,Wrath,Sloth")
    state = _set_up(g, [LUST, ENVY], [LUST, LUST, ENVY, WRATH, SLOTH])
    assert state.view(None)["decks"] == [24 - 7 + 1, 13, 9, 4]
    assert state.decks[3].count(PENANCE + LUST) == 1 and PENANCE + PRIDE not in state.decks[3]


def test_opening_card_seen_once_and_secretly():
    """ "Each player draws one card from the Hell I deck, looks at it secretly, and
    puts it face down in their reserve." "Players may not look at the cards in
    their reserve"."""
    g = games.load("seven-sins", 2, sins="Pride,Greed,Lust,Envy")
    state = g.new_initial_state()
    assert state.observers() == (0,)
    state.apply(CARD + ENVY)
    assert state.observers() == (1,)
    assert state.view(0)["opening"] == ENVY
    assert state.view(1)["opening"] is None and state.view(None)["opening"] is None
    state.apply(CARD + PRIDE)
    assert state.view(1)["opening"] == PRIDE and state.view(0)["opening"] == ENVY
    assert state.observers() is None  # the opening five are revealed to all
    for s in (PRIDE, GREED, GREED, LUST, LUST):
        state.apply(CARD + s)
    assert state.phase == PLAY
    for seat in (0, 1, None):
        view = state.view(seat)
        assert view["opening"] is None
        assert view["reserve_cards"] == [1, 1] and view["scoring"] is None
        # the names of the sins in play are public; nothing else says "Envy"
        assert view["sin_names"] == ["Pride", "Greed", "Lust", "Envy"]
        view["sin_names"] = []
        assert "Envy" not in canon.dumps(view)


def test_options_are_validated():
    assert "6 types" in _raises(BadOption, games.load, "seven-sins", 4, sins="Pride,Envy")
    assert "no sin called" in _raises(BadOption, games.load, "seven-sins", 2, sins="a,b,c,d")
    msg = _raises(BadOption, games.load, "seven-sins", 2, sins="Pride,pride,Envy,Lust")
    assert "twice" in msg
    assert "first_player" in _raises(BadOption, games.load, "seven-sins", 3, first_player=3)
    assert "must be one of" in _raises(BadOption, games.load, "seven-sins", 2, stones="some")
    g = games.load("seven-sins", 2, sins=" envy, pride ,WRATH,Lust")
    assert g.options["sins"] == "Pride,Lust,Envy,Wrath"
    assert games.load_described(g.describe()).options == g.options


# -- turns -------------------------------------------------------------------


def test_margaux_turn_example():
    """ "On her turn, Margaux can take 2 Envy cards, 2 Wrath cards, or 1 Sloth card.
    She can also decide to put them in the Abyss of Souls ... Margaux chooses to add
    the 2 Envy cards to her reserve. She reveals 2 new cards ... The next player will
    be able to choose between 3 Wrath cards or 1 Sloth card. The Last Judgment card
    will stay on the table until the end of the game\""""
    g = games.load("seven-sins", 3, sins="Lust,Envy,Wrath,Sloth,Gluttony", first_player=1)
    state = _set_up(g, [LUST, LUST, GLUTTONY], [ENVY, ENVY, WRATH, WRATH, SLOTH])
    margaux = 1
    assert state.current_player() == margaux
    assert state.legal_actions() == [
        RESERVE + ENVY,
        RESERVE + WRATH,
        RESERVE + SLOTH,
        ABYSS + ENVY,
        ABYSS + WRATH,
        ABYSS + SLOTH,
    ]
    state.apply(RESERVE + ENVY)
    assert state.reserve[margaux][ENVY] == 2 and state.view(None)["reserve_cards"][1] == 3
    # "She reveals 2 new cards": two chance draws from the top deck (Hell I).
    assert state.current_player() == CHANCE
    state.apply(CARD + WRATH)
    assert state.current_player() == CHANCE
    state.apply(CARD + LAST_JUDGMENT)
    # Counter-clockwise: the next player is the next seat.
    assert state.current_player() == 2
    assert state.legal_actions() == [RESERVE + WRATH, RESERVE + SLOTH, ABYSS + WRATH, ABYSS + SLOTH]
    assert state.view(2)["centre"] == [WRATH, WRATH, WRATH, SLOTH, LAST_JUDGMENT]
    state.apply(ABYSS + WRATH)
    assert state.centre[LAST_JUDGMENT] == 1  # stays on the table
    # "There must always be 5 cards in the center of the table": 3 to reveal.
    for s in (LUST, LUST, GLUTTONY):
        assert state.current_player() == CHANCE
        state.apply(CARD + s)
    assert state.current_player() == 0 and len(state.view(0)["centre"]) == 5


def test_abyss_gives_a_stone_while_any_remain():
    """ "add them face down onto the Abyss of Souls board. In this case, the player
    takes one Stone of Forgiveness, if any remain.\""""
    g = games.load("seven-sins", 2, sins="Pride,Greed,Lust,Envy")
    state = _set_up(g, [PRIDE, GREED], [PRIDE, GREED, LUST, ENVY, ENVY])
    taken = 0
    while state.phase == PLAY and taken < 6:
        p = state.current_player()
        if p == CHANCE:
            outcomes = [a for a, w in state.chance_outcomes() if a != CARD + LAST_JUDGMENT]
            state.apply(outcomes[0])
            continue
        before = list(state.view(None)["stones"])
        left = state.view(None)["stones_left"]
        state.apply(state.legal_actions()[-1])  # the highest sin to the Abyss
        taken += 1
        after = state.view(None)
        gained = after["stones"][p] - before[p]
        assert gained == (1 if left else 0)
        assert after["stones_left"] == max(0, left - 1)
    assert state.view(None)["stones_left"] == 0 and sum(state.view(None)["stones"]) == 4
    assert state.view(None)["abyss_cards"] >= 6


def test_third_last_judgment_ends_the_game_at_once():
    """ "The game ends immediately as soon as the 3rd Last Judgment card is revealed.\""""
    g = games.load("seven-sins", 2, sins="Pride,Greed,Lust,Envy")
    state = _set_up(g, [PRIDE, GREED], [PRIDE, GREED, LUST, ENVY, ENVY])
    _auto(state, lambda st: st.current_deck() == 2)
    assert state.is_terminal() and state.judgments == 3
    # The third one is the last card revealed: no refill after it.
    assert state.history()[-1] == CARD + LAST_JUDGMENT
    assert state.centre[LAST_JUDGMENT] == 3
    # The third is always Hell III's: the base game never runs the pile dry.
    assert not state.decks[0] and not state.decks[1] and state.decks[2]


# -- the Penance variant -------------------------------------------------------


def _penance_game(third_in_turn_of):
    """3 players, first player seat 0; the 3rd Last Judgment is revealed during
    the turn of seat `third_in_turn_of`. Returns (state, seats in play order)."""
    g = games.load("seven-sins", 3, penance=True, sins="Pride,Greed,Lust,Envy,Wrath")
    state = _set_up(g, [PRIDE, GREED, LUST], [PRIDE, GREED, LUST, ENVY, WRATH])
    played = _auto(state, lambda st: st.current_deck() == 2 and st.turn == third_in_turn_of)
    return state, played


def test_penance_turn_order_counter_clockwise_and_last_seat():
    """Seats are numbered counter-clockwise: the next player is seat + 1, and "the
    player to the left of the first player" plays last in each round."""
    for first in range(4):
        g = games.load("seven-sins", 4, penance=True, first_player=first)
        state = g.new_initial_state()
        assert state.last_seat() == (first + 3) % 4
        assert state.view(None)["last_seat"] == (first + 3) % 4
    assert games.load("seven-sins", 4).new_initial_state().view(None)["last_seat"] is None


def test_penance_game_continues_until_the_last_seat_has_played():
    """ "At the moment the third Last Judgment card is revealed, the players' turns
    continue until the player to the left of the first player finishes their turn.\""""
    for seat in (0, 1):
        state, played = _penance_game(seat)
        assert state.phase == OVER and state.judgments == 3
        assert played[-1] == 2  # seat 2 is to the left of seat 0
        assert played.count(0) == played.count(1) == played.count(2)
        # After the third Last Judgment the turns went on: the seats after
        # `seat` each played once more.
        assert played[-(2 - seat) :] == [s for s in range(seat + 1, 3)]
        assert state.history()[-1] < CARD  # the game ended on a player's take


def test_penance_ends_at_once_if_the_last_seat_reveals_it():
    """ "If the third Last Judgment card is revealed during that player's turn, then
    the game ends immediately.\""""
    state, played = _penance_game(2)
    assert state.phase == OVER
    assert state.history()[-1] == CARD + LAST_JUDGMENT
    assert played[-1] == 2 and played.count(0) == played.count(2)


def test_penance_cards_reading():
    """The rulebook never says what a revealed Penance card does. Reading "sin"
    (default): it is a card of its sin type; "blank": it stays on the table like a
    Last Judgment and cannot be taken."""
    for reading in ("sin", "blank"):
        g = games.load(
            "seven-sins", 2, penance=True, penance_cards=reading, sins="Pride,Greed,Lust,Envy"
        )
        state = _set_up(g, [PRIDE, GREED], [PRIDE, GREED, LUST, ENVY, ENVY])
        state.centre[ENVY] = 0
        state.centre[PENANCE + ENVY] = 2  # two Penance cards of Envy lie there
        takes = RESERVE + ENVY in state.legal_actions()
        assert takes == (reading == "sin")
        if takes:
            state.apply(RESERVE + ENVY)
            assert state.reserve[0][ENVY] == 2 and state.centre[PENANCE + ENVY] == 0


# -- scoring ---------------------------------------------------------------------


def test_points_table():
    """| 1 | 1 |, | 2 | 3 |, | 3 | 6 |, | 4 | -1 |, | 5 | -3 |, | 6 | -6 |, | 7+ | 10 |"""
    assert [points(c) for c in range(10)] == [0, 1, 3, 6, -1, -3, -6, 10, 10, 10]


def test_scoring_example():
    """ "In the Abyss of Souls, there are 6 Envy cards, 2 Gluttony, 1 Sloth and 1
    Wrath. That makes -6 +3 +1 +1 = -1 point. So the winner will be the player who
    accumulates the fewest points. Margaux collected 2 Envy cards, 4 Sloth, 3 Lust,
    and 1 Wrath, as well as 2 Stones of Forgiveness. To reduce her score, she
    decides to place 1 Stone on Lust and 1 on Sloth. That makes 3 -3 -1 +1 = 0
    points. However, if the Abyss of Souls had accumulated more than 7 points,
    Margaux could have placed 1 stone on Envy and 1 on Wrath to score 6 -1 +6 +3 =
    14 points.\""""
    abyss = _counts([(ENVY, 6), (GLUTTONY, 2), (SLOTH, 1), (WRATH, 1)])
    assert score_counts(abyss) == -1
    margaux = _counts([(ENVY, 2), (SLOTH, 4), (LUST, 3), (WRATH, 1)])
    assert best_stone_placement(margaux, 2, False) == ([LUST, SLOTH], 0)
    assert best_stone_placement(margaux, 2, True) == ([ENVY, WRATH], 14)
    assert score_counts(margaux, (LUST, SLOTH)) == 0


def _scored(n, reserves, abyss, stones, manual=False):
    """White-box: a game whose play has just ended with these reserves, Abyss and
    stones (counts per sin), scored by the rules code."""
    g = games.load("seven-sins", n, stones="manual" if manual else "auto")
    state = g.new_initial_state()
    for s in range(NUM_SINS):
        state.in_play[s] = 1
    state.phase = PLAY
    for seat in range(n):
        state.reserve[seat] = list(reserves[seat])
        state.reserve_cards[seat] = sum(reserves[seat])
        state.opening[seat] = 0
    state.abyss = list(abyss)
    state.stones = list(stones)
    state._end_play()
    return state


def test_scoring_example_through_the_game():
    abyss = _counts([(ENVY, 6), (GLUTTONY, 2), (SLOTH, 1), (WRATH, 1)])
    margaux = _counts([(ENVY, 2), (SLOTH, 4), (LUST, 3), (WRATH, 1)])
    other = _counts([(PRIDE, 3)])  # 6 points
    state = _scored(2, [margaux, other], abyss, [2, 0])
    assert state.is_terminal() and state.returns() == [1, 0]
    sc = state.view(None)["scoring"]
    assert sc["abyss_points"] == -1 and sc["most_wins"] is False
    assert sc["seats"][0]["total"] == 0 and sc["seats"][0]["placed"] == ["Lust", "Sloth"]
    assert sc["seats"][0]["winner"] is True and sc["seats"][1]["winner"] is False
    # Had the Abyss held more than 7 points, 14 would have beaten 6.
    rich = _counts([(PRIDE, 3), (GREED, 2)])  # 9 > 7
    state = _scored(2, [margaux, other], rich, [2, 0])
    sc = state.view(None)["scoring"]
    assert sc["most_wins"] is True and sc["seats"][0]["total"] == 14
    assert state.returns() == [1, 0]


def test_abyss_of_exactly_seven_means_fewest_wins():
    """ "If the total of the Abyss of Souls points is greater than 7, then the winner
    is the player with the most points; otherwise, the winner is the player who
    accumulates the fewest points.\""""
    seven = _counts([(PRIDE, 3), (GREED, 1)])
    assert score_counts(seven) == 7
    low = _counts([(ENVY, 1)])  # 1 point
    high = _counts([(ENVY, 3)])  # 6 points
    state = _scored(2, [low, high], seven, [0, 0])
    assert state.most_wins is False and state.returns() == [1, 0]
    eight = _counts([(PRIDE, 3), (GREED, 2)])
    state = _scored(2, [low, high], eight, [0, 0])
    assert state.most_wins is True and state.returns() == [0, 1]


def test_abyss_ignores_leftover_stones():
    """ "Do not take into account the Stones of Forgiveness still present." Six
    points on the Abyss stay six (fewest wins) however many stones are left."""
    low, high = _counts([(ENVY, 1)]), _counts([(ENVY, 3)])
    six = _counts([(PRIDE, 3)])
    state = _scored(2, [low, high], six, [0, 0])
    assert state.stones_left == 4 and state.abyss_points == 6
    assert state.most_wins is False and state.returns() == [1, 0]


def test_tie_most_cards_then_most_types_then_shared():
    """ "In case of a tie, the player with the most cards wins the game. If the tie
    persists, the player who has the most different types of Sins wins. If there is
    still a tie, the players concerned share the dissolution of their souls.\""""
    # Pure helper, both directions.
    assert winners([5, 5, 2], [4, 6, 9], [2, 2, 3], True) == [1]
    assert winners([5, 5, 2], [6, 6, 1], [2, 3, 1], True) == [1]
    assert winners([5, 5, 1], [6, 6, 1], [3, 3, 1], True) == [0, 1]
    assert winners([1, 1, 5], [2, 3, 9], [1, 1, 3], False) == [
        1
    ]  # most cards, even when fewest wins
    assert winners([1, 1, 5], [3, 3, 9], [2, 1, 3], False) == [0]
    assert winners([1, 1, 5], [3, 3, 9], [2, 2, 3], False) == [0, 1]
    # Through the game: fewest wins (empty Abyss scores 0 <= 7).
    empty = [0] * NUM_SINS
    a = _counts([(PRIDE, 4), (GREED, 2)])  # -1 + 3 = 2, 6 cards, 2 types
    b = _counts([(PRIDE, 1), (GREED, 1)])  # 1 + 1 = 2, 2 cards
    assert _scored(2, [a, b], empty, [0, 0]).returns() == [1, 0]
    c = _counts([(PRIDE, 2), (GREED, 2), (LUST, 4), (ENVY, 2)])  # 3+3-1+3 = 8, 10 cards
    d = _counts([(PRIDE, 3), (GREED, 1), (LUST, 1), (ENVY, 4), (WRATH, 1)])  # 6+1+1-1+1 = 8
    state = _scored(2, [c, d], empty, [0, 0])
    assert state.scores == [8, 8] and state.returns() == [0, 1]  # same cards, more types
    state = _scored(3, [c, c, d], empty, [0, 0, 0])
    assert state.returns() == [0, 0, 1]
    state = _scored(2, [c, c], empty, [0, 0])
    assert state.returns() == [1, 1]  # shared
    sc = state.view(None)["scoring"]
    assert [x["winner"] for x in sc["seats"]] == [True, True]


def test_tie_break_counts_cards_not_stones():
    """ "the player with the most cards wins": physical cards, not stones."""
    empty = [0] * NUM_SINS
    a = _counts([(PRIDE, 2), (GREED, 1)])  # 3 + 1 = 4 points, 3 cards, 2 types
    b = _counts([(PRIDE, 1), (GREED, 1)])  # a stone on Pride: 3 + 1 = 4, 2 cards
    state = _scored(2, [a, b], empty, [0, 1])
    assert state.scores == [4, 4]
    assert state.returns() == [1, 0]  # a stone would have made it 3 cards each


def test_stones_only_on_owned_types_one_each_excess_ignored():
    """ "with a maximum of one Stone per type of Sin ... It is impossible to use a
    stone for a type of Sin that you do not own. Excess stones are ignored.\""""
    one = _counts([(GREED, 1)])
    assert best_stone_placement(one, 3, True) == ([GREED], 3)
    assert best_stone_placement(one, 3, False) == ([GREED], 3)  # must be placed
    assert best_stone_placement([0] * 7, 4, True) == ([], 0)
    two = _counts([(GREED, 3), (ENVY, 6)])
    assert best_stone_placement(two, 1, True) == ([ENVY], 6 + 10)
    assert best_stone_placement(two, 1, False) == ([GREED], -1 - 6)
    assert best_stone_placement(two, 5, False) == ([GREED, ENVY], -1 + 10)
    # Equal gains: the lower sin index first, so the answer is unique.
    assert best_stone_placement(_counts([(PRIDE, 1), (LUST, 1)]), 1, True) == ([PRIDE], 4)


def test_manual_stone_placement_is_validated():
    a = _counts([(PRIDE, 3), (LUST, 1)])
    b = _counts([(GREED, 2)])
    state = _scored(3, [a, b, [0] * 7], [0] * 7, [3, 2, 1], manual=True)
    assert state.phase == STONES and state.current_player() == 0
    view = state.view(1)
    assert view["scoring"]["final"] is False and view["scoring"]["seats"][0]["to_place"] == 2
    assert state.legal_actions() == [STONE + PRIDE, STONE + LUST]
    _raises(IllegalAction, state.apply, STONE + GREED)  # not owned
    state.apply(STONE + LUST)
    assert state.legal_actions() == [STONE + PRIDE]
    _raises(IllegalAction, state.apply, STONE + LUST)  # one per type
    state.apply(STONE + PRIDE)
    # Seat 0 had 3 stones but 2 types: the excess is ignored. Seat 1 places one
    # (it owns one type); seat 2 owns nothing and is skipped.
    assert state.current_player() == 1 and state.legal_actions() == [STONE + GREED]
    state.apply(STONE + GREED)
    assert state.current_player() == TERMINAL
    # fewest wins: 4 -> -1 and 1 -> 3 = 2 ; 3 -> 6 ; 0
    assert state.scores == [2, 6, 0] and state.returns() == [0, 0, 1]


# -- helpers the firmware uses ------------------------------------------------------


def test_the_codec_names_actions_and_is_inverted_by_encode():
    game = games.load("seven-sins", 2)
    assert game.decode(RESERVE + ENVY) == {"kind": "take", "sin": "Envy", "to": "reserve"}
    assert game.decode(ABYSS + GLUTTONY) == {"kind": "take", "sin": "Gluttony", "to": "abyss"}
    assert game.decode(STONE + PRIDE) == {"kind": "stone", "sin": "Pride"}
    assert game.decode(CARD + LAST_JUDGMENT) == {"kind": "card", "card": "Last Judgment"}
    assert game.decode(CARD + PENANCE + LUST) == {"kind": "card", "card": "Penance Lust"}
    assert game.decode(CHOOSE + SLOTH) == {"kind": "choose", "sin": "Sloth"}
    for code in (RESERVE + ENVY, ABYSS, STONE + 6, CARD + 14, CHOOSE + 3):
        assert game.encode(game.decode(code)) == code
    _raises(IllegalAction, game.decode, 99)
    for bad in (
        {"kind": "take", "sin": "Envy", "to": "hell"},
        {"kind": "take", "sin": "Avarice", "to": "reserve"},
        {"kind": "stone"},
        {"kind": "card", "card": "Joker"},
        {"kind": "action", "code": 3},
        "take",
    ):
        _raises(IllegalAction, game.encode, bad)
    assert split(CARD + LAST_JUDGMENT) == ("card", LAST_JUDGMENT, None)
    assert SIN_NAMES == ("Pride", "Greed", "Lust", "Envy", "Wrath", "Sloth", "Gluttony")


def test_summary_and_terminal_view():
    g = games.load("seven-sins", 4, penance=True)
    end = play(g, b"summary")
    summary = end.summary()
    for key in sorted(summary):
        assert isinstance(key, str) and isinstance(summary[key], int)
    assert summary["cards0"] + summary["cards1"] + summary["cards2"] + summary["cards3"] > 0
    view = end.view(2)
    assert view["phase"] == OVER and view["scoring"]["final"] is True
    winners_seen = [s["winner"] for s in view["scoring"]["seats"]]
    assert [1 if w else 0 for w in winners_seen] == end.returns()
    assert view == dict(end.view(None), seat=2)
    assert end.view(None)["phase"] == OVER


# -- the generic checker -----------------------------------------------------------


CONFIGS = (
    (2, {}),
    (3, {"penance": True}),
    (4, {"penance": True, "penance_cards": "blank", "stones": "manual"}),
    (5, {"stones": "manual", "first_player": 3, "sins": "random"}),
    (2, {"penance": True, "first_player": 1, "sins": "Pride,Greed,Lust,Envy"}),
)


def test_simcheck_every_player_count_and_variant():
    for n, options in CONFIGS:
        g = games.load("seven-sins", n, **options)
        seeds = [("sins-%d-%d" % (n, i)).encode() for i in range(2)]
        total = simcheck.check_many(g, seeds, thorough=False)
        assert total["games"] == 2
        _, stats = simcheck.check_game(g, b"thorough-%d" % n, thorough=True)
        assert stats["resampled"] > 0, "non-interference was never exercised"


def test_same_game_replays():
    g = games.load("seven-sins", 3, penance=True)
    bots = [RandomBot(g, b"r", s) for s in range(3)]
    end = play(g, b"replay", bots)
    assert replay(g, end.history()).returns() == end.returns()
    assert end.move_number() <= g.max_game_length()
    assert SETUP == "setup"


# -- what the rules tell a table (view facts and announcements) --------------------


def test_view_tells_what_each_take_collects():
    """ "Take all the Deadly Sin cards of one type from the center of the table"
    (Turn Sequence): the view says how many that is for each type, a Penance card
    counting as its sin with penance_cards=sin, and a take announces what it took."""
    for reading, envy in (("sin", 3), ("blank", 1)):
        g = games.load(
            "seven-sins", 2, penance=True, penance_cards=reading, sins="Pride,Greed,Lust,Envy"
        )
        state = _set_up(g, [PRIDE, GREED], [PRIDE, GREED, LUST, ENVY, ENVY])
        state.centre[ENVY] = 1
        state.centre[PENANCE + ENVY] = 2
        view = state.view(None)
        assert view["takes"] == {"Pride": 1, "Greed": 1, "Lust": 1, "Envy": envy}
        assert view["sin_names"] == ["Pride", "Greed", "Lust", "Envy"]
        state.apply(ABYSS + ENVY)
        assert state.announcements() == [
            {"kind": "take", "seat": 0, "sin": "Envy", "cards": envy, "to": "abyss", "stone": True}
        ]
        state.apply(state.legal_actions()[0])  # the refill: nothing announced
        assert state.announcements() == []


def test_last_judgments_are_announced_and_counted_out_of_three():
    """ "The game ends immediately as soon as the 3rd Last Judgment card is revealed"
    (End of the Game); in the Penance variant "the players' turns continue until the
    player to the left of the first player finishes their turn" (Game Variant:
    Penance). The view counts them; each is announced with what it means."""
    for penance in (False, True):
        g = games.load("seven-sins", 3, penance=penance, sins="Pride,Greed,Lust,Envy,Wrath")
        state = _set_up(g, [PRIDE, GREED, LUST], [PRIDE, GREED, LUST, ENVY, WRATH])
        news = []

        def lj_when(s):
            return s.turn == 0  # a Last Judgment whenever seat 0 has just played

        while state.phase == PLAY:
            if state.current_player() == CHANCE:
                outcomes = [a for a, w in state.chance_outcomes()]
                lj = CARD + LAST_JUDGMENT
                others = [a for a in outcomes if a != lj]
                state.apply(lj if lj in outcomes and (lj_when(state) or not others) else others[0])
            else:
                state.apply(state.legal_actions()[0])
            news += [n for n in state.announcements() if n["kind"] == "last-judgment"]
            assert state.view(None)["judgments"] == len(news)
        assert [n["number"] for n in news] == [1, 2, 3]
        assert all(n["of"] == 3 for n in news)
        assert not news[0]["play_ends"] and not news[1]["play_ends"]
        third = news[2]
        # seat 0 played, seat 1's refill revealed it: the last seat (2) still plays
        assert third["play_ends"] == (not penance) and third["final_round"] == penance


def test_the_result_names_its_tie_break():
    """ "In case of a tie, the player with the most cards wins the game. If the tie
    persists, the player who has the most different types of Sins wins. If there is
    still a tie, the players concerned share the victory" (End of the Game)."""
    # (scores, cards, types, most_wins) -> (order, winners, decided_by)
    assert ranking([5, 9, 1], [8, 8, 8], [3, 3, 3], True) == ([1, 0, 2], [1], "points")
    assert ranking([5, 9, 1], [8, 8, 8], [3, 3, 3], False) == ([2, 0, 1], [2], "points")
    assert ranking([4, 4, 1], [7, 9, 9], [3, 3, 3], True) == ([1, 0, 2], [1], "cards")
    assert ranking([4, 4, 1], [9, 9, 9], [2, 4, 4], True) == ([1, 0, 2], [1], "types")
    assert ranking([4, 4, 1], [9, 9, 9], [4, 4, 4], True) == ([0, 1, 2], [0, 1], "shared")
    assert winners([4, 4, 1], [9, 9, 9], [4, 4, 4], True) == [0, 1]


def test_the_end_view_carries_the_threshold_and_the_result():
    """ "If the total of the Abyss of Souls points is greater than 7, the player with
    the most points wins" (End of the Game): the threshold is the rules' number."""
    g = games.load("seven-sins", 4, penance=True)
    end = play(g, b"result-view")
    view = end.view(None)
    assert view["scoring"]["threshold"] == 7
    assert view["scoring"]["most_wins"] == (view["scoring"]["abyss_points"] > 7)
    result = view["result"]
    assert result["winners"] == [s for s in range(4) if end.returns()[s] == 1]
    assert sorted(result["order"]) == [0, 1, 2, 3]
    assert result["order"][: len(result["winners"])] == result["winners"]
    assert result["decided_by"] in ("points", "cards", "types", "shared")
    # the last take ended play: the take, the reckoning and the result, in order
    kinds = [n["kind"] for n in end.announcements()]
    assert kinds[-2:] == ["reckoning", "result"]
    assert end.announcements()[-1]["winners"] == result["winners"]
