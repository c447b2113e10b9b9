"""7: The Sins: rule scenarios an outside referee would write from the rulebook.

Every state here is built by replaying a chosen action list through the public
API (chance included: the test chooses every card), and the asserted outcomes
(winners, scores, end timing, stones, views) were worked out by hand from the
rulebook; each expected number is explained next to it. Quotes are from the
7: The Sins rulebook (GateOnGames, 2019; docs/rules/seven-sins.md). Portable:
CPython and MicroPython.

The main script is a complete 2-player game with Pride, Greed, Lust and Envy
(first player seat 0, seats alternate 0, 1, 0, ...). Its 29 turns, with the
cards each take moves, are listed in TURNS; the centre evolves the same way
whatever the destinations, so one list of destinations ("R" reserve, "A" Abyss)
gives a whole family of games.
"""

from shared_rules import canon, games
from shared_rules.game import CHANCE, TERMINAL, BadOption, IllegalAction, replay
from shared_rules.laptop.driver import RandomBot, play
from shared_rules.seven_sins.rules import (
    ABYSS,
    CARD,
    LAST_JUDGMENT,
    NUM_SINS,
    OVER,
    PENANCE,
    PLAY,
    RESERVE,
    SETUP,
)

P, G, L, E = 0, 1, 2, 3  # Pride, Greed, Lust, Envy
J = LAST_JUDGMENT
SINS4 = "Pride,Greed,Lust,Envy"

# Setup: seat 0 is dealt Pride, seat 1 Greed; the opening five are
# Pride, Greed, Lust, Envy, Envy. Hell I keeps P4 G4 L5 E4 (+ its Last Judgment).
DEALS = (P, G)
OPENING = (P, G, L, E, E)

# (sin taken, cards taken, cards revealed after it). Turn k is played by seat
# (k - 1) % 2. The centre is P1 G1 L1 E2 until turn 15, which reveals the first
# Last Judgment; turn 16 empties Hell I; turn 18 reveals the second (Hell II);
# turn 27 empties Hell II; turn 29 takes 2 Lust and the first card of its
# 2-card refill is Hell III's Last Judgment, the third.
TURNS = (
    (E, 2, (E, E)),  # 1
    (E, 2, (E, E)),  # 2
    (P, 1, (P,)),  # 3
    (P, 1, (P,)),  # 4
    (P, 1, (P,)),  # 5
    (P, 1, (P,)),  # 6
    (G, 1, (G,)),  # 7
    (G, 1, (G,)),  # 8
    (G, 1, (G,)),  # 9
    (G, 1, (G,)),  # 10
    (L, 1, (L,)),  # 11
    (L, 1, (L,)),  # 12
    (L, 1, (L,)),  # 13
    (L, 1, (L,)),  # 14
    (L, 1, (J,)),  # 15: 1st Last Judgment; centre P1 G1 E2 J
    (P, 1, (L,)),  # 16: Hell I is empty; centre G1 L1 E2 J
    (E, 2, (E, E)),  # 17: from Hell II
    (E, 2, (E, J)),  # 18: 2nd Last Judgment; centre G1 L1 E1 J2
    (E, 1, (P,)),  # 19: centre G1 L1 P1 J2
    (P, 1, (P,)),  # 20
    (P, 1, (P,)),  # 21
    (G, 1, (G,)),  # 22
    (G, 1, (G,)),  # 23
    (G, 1, (G,)),  # 24
    (L, 1, (L,)),  # 25
    (L, 1, (L,)),  # 26
    (L, 1, (L,)),  # 27: Hell II is empty
    (G, 1, (L,)),  # 28: from Hell III; centre L2 P1 J2
    (L, 2, (J, E)),  # 29: 3rd Last Judgment first; the Envy is never revealed
)

# The destinations of the first example game: Abyss on turns 2, 10, 17, 18, 19.
S1 = "RARRRRRRRARRRRRRAAARRRRRRRRRR"


def _take(sin, dest):
    return (ABYSS if dest == "A" else RESERVE) + sin


def _actions(dests, turns=TURNS, deals=DEALS, opening=OPENING):
    out = [CARD + c for c in deals] + [CARD + c for c in opening]
    for i in range(len(turns)):
        sin, _, reveals = turns[i]
        out.append(_take(sin, dests[i]))
        out += [CARD + c for c in reveals]
    return out


def _game(**options):
    return games.load("seven-sins", 2, sins=SINS4, **options)


def _play(game, actions):
    """Replay `actions`; stop (and report how many were used) at the end of
    play, so a test can check that the rest would be refused."""
    state = game.new_initial_state()
    for i in range(len(actions)):
        if state.phase not in (SETUP, PLAY):
            return state, i
        state.apply(actions[i])
    return state, len(actions)


def _seat(state, seat):
    return state.view(None)["scoring"]["seats"][seat]


def _counts(view_reserve):
    return [view_reserve[n] for n in ("Pride", "Greed", "Lust", "Envy")]


def _raises(exc, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc as err:
        return str(err)
    raise AssertionError("%s was not raised" % exc.__name__)


# -- a whole game, most points wins --------------------------------------------


def test_full_game_most_points_wins():
    """ "If the total of the Abyss of Souls points is greater than 7, then the
    winner is the player with the most points".

    Seat 0 ends with Pride 4, Greed 3, Lust 7, Envy 2 (16 cards) and 1 stone;
    seat 1 with Pride 4, Greed 5, Lust 3 (12 cards) and 3 stones (turns 2, 10,
    18; turn 17 gave seat 0 the last of the 4 stones and turn 19 found none).
    The Abyss holds Envy 7 (10 points: "7+ | 10") and Greed 1: 11 > 7.
    Seat 0: -1 + 6 + 10 + 3 = 18, its stone on Envy (2 -> 3 cards: 3 -> 6) = 21.
    Seat 1: -1 - 3 + 6 = 2, and its 3 stones must all go on its 3 types
    ("players must place their Stones"): Pride 5 (-3), Greed 6 (-6), Lust 4 (-1)
    = -10."""
    game = _game()
    state, used = _play(game, _actions(S1))
    assert state.is_terminal() and used == len(_actions(S1)) - 1
    assert state.returns() == [1, 0]
    sc = state.view(None)["scoring"]
    assert sc["abyss"] == {"Pride": 0, "Greed": 1, "Lust": 0, "Envy": 7}
    assert sc["abyss_points"] == 11 and sc["most_wins"] is True
    s0, s1 = sc["seats"]
    assert _counts(s0["reserve"]) == [4, 3, 7, 2] and s0["cards"] == 16 and s0["stones"] == 1
    assert s0["placed"] == ["Envy"] and s0["points"]["Lust"] == 10 and s0["total"] == 21
    assert _counts(s1["reserve"]) == [4, 5, 3, 0] and s1["cards"] == 12 and s1["stones"] == 3
    assert s1["placed"] == ["Pride", "Greed", "Lust"] and s1["total"] == -10
    assert [s0["winner"], s1["winner"]] == [True, False]


def test_third_last_judgment_as_first_card_of_a_two_card_refill():
    """ "The game ends immediately as soon as the 3rd Last Judgment card is
    revealed." Turn 29 takes 2 Lust; the first card of its refill is the third
    Last Judgment, so the refill stops there: 4 cards in the centre (Pride and
    three Last Judgments), and no further card may be revealed."""
    game = _game()
    actions = _actions(S1)
    state, used = _play(game, actions)
    assert state.history()[-1] == CARD + J and actions[used] == CARD + E
    view = state.view(None)
    assert view["centre"] == [P, J, J, J]
    assert view["decks"] == [0, 0, 7, 0]  # Hell III keeps P2 G2 L1 E2
    assert state.current_player() == TERMINAL
    _raises(IllegalAction, state.apply, CARD + E)
    # One action earlier the game was still on, waiting for the first card.
    before = replay(game, actions[: used - 1])
    assert before.current_player() == CHANCE and not before.is_terminal()
    assert len(before.view(None)["centre"]) == 3


def test_always_five_cards_and_last_judgments_stay():
    """ "There must always be 5 cards in the center of the table." "Last Judgment
    cards do not represent a Deadly Sin and cannot be taken. They simply remain on
    the table to reduce the number of cards available to the players.\""""
    game = _game()
    actions = _actions(S1)
    state = game.new_initial_state()
    judgments_seen = 0
    for a in actions[:-2]:  # up to the take of turn 29
        state.apply(a)
        if state.phase == PLAY and state.current_player() >= 0:
            centre = state.view(None)["centre"]
            assert len(centre) == 5
            assert centre.count(J) >= judgments_seen
            judgments_seen = centre.count(J)
            # No action takes a Last Judgment; every sin present can be taken.
            sins_here = sorted(set([c for c in centre if c != J]))
            expected = [RESERVE + s for s in sins_here] + [ABYSS + s for s in sins_here]
            assert state.legal_actions() == expected
    assert judgments_seen == 2
    # After turn 18: Greed, Lust, Envy and two Last Judgments: three choices.
    after18 = replay(game, _actions(S1[:18], TURNS[:18]))
    assert after18.view(None)["centre"] == [G, L, E, J, J]
    assert after18.current_player() == 0
    assert after18.legal_actions() == [RESERVE + G, RESERVE + L, RESERVE + E] + [
        ABYSS + G,
        ABYSS + L,
        ABYSS + E,
    ]


def test_abyss_stone_only_while_any_remain():
    """ "the player takes one Stone of Forgiveness, if any remain." 2 players: 4
    stones. Turns 2, 10 (seat 1), 17 (seat 0) and 18 (seat 1) take one each;
    turn 19 (seat 0) puts Envy on the Abyss and gets nothing."""
    game = _game()
    expected = {2: ([0, 1], 3), 10: ([0, 2], 2), 17: ([1, 2], 1), 18: ([1, 3], 0), 19: ([1, 3], 0)}
    for turn in sorted(expected):
        state = replay(game, _actions(S1[:turn], TURNS[:turn]))
        view = state.view(None)
        assert (view["stones"], view["stones_left"]) == expected[turn], turn
    after19 = replay(game, _actions(S1[:19], TURNS[:19]))
    assert after19.view(None)["abyss_cards"] == 2 + 1 + 2 + 2 + 1


def test_exactly_seven_in_the_abyss_means_fewest_wins():
    """ "If the total of the Abyss of Souls points is greater than 7 ...;
    otherwise, the winner is the player who accumulates the fewest points."

    Same game, but turns 17 and 18 go to the reserves. Abyss: Envy 3 (6) and
    Greed 1 (1) = 7, not greater than 7: fewest wins. Stones: seat 1 two (turns
    2, 10), seat 0 one (turn 19); one stays in the supply (ignored).
    Seat 0: Pride 4, Greed 3, Lust 7, Envy 4 = -1 + 6 + 10 - 1 = 14; its stone
    on Greed (3 -> 4 cards: 6 -> -1) gives 7.
    Seat 1: Pride 4, Greed 5, Lust 3, Envy 2 = -1 - 3 + 6 + 3 = 5; stones on
    Lust (3 -> 4: 6 -> -1) and Greed (5 -> 6: -3 -> -6) give 5 - 7 - 3 = -5."""
    dests = S1[:16] + "RR" + S1[18:]
    state, _ = _play(_game(), _actions(dests))
    sc = state.view(None)["scoring"]
    assert sc["abyss"]["Envy"] == 3 and sc["abyss"]["Greed"] == 1
    assert sc["abyss_points"] == 7 and sc["most_wins"] is False
    assert state.view(None)["stones_left"] == 1
    assert _seat(state, 0)["placed"] == ["Greed"] and _seat(state, 0)["total"] == 7
    assert _seat(state, 1)["placed"] == ["Greed", "Lust"] and _seat(state, 1)["total"] == -5
    assert state.returns() == [0, 1]


def test_manual_stones_must_all_be_placed_on_owned_types():
    """ "players must place their Stones of Forgiveness on the different types of
    cards collected, with a maximum of one Stone per type of Sin ... It is
    impossible to use a stone for a type of Sin that you do not own."

    The first game with stones=manual. Seat 0 (first player) places first: it
    may waste its stone on Lust (7 -> 8 cards still scores 10), 18 points.
    Seat 1 owns no Envy: it must put its 3 stones on Pride, Greed and Lust."""
    game = _game(stones="manual")
    state, _ = _play(game, _actions(S1))
    assert state.phase == "stones" and state.current_player() == 0
    assert state.legal_actions() == [20 + P, 20 + G, 20 + L, 20 + E]
    state.apply(20 + L)
    assert state.current_player() == 1
    assert state.legal_actions() == [20 + P, 20 + G, 20 + L]
    _raises(IllegalAction, state.apply, 20 + E)
    state.apply(20 + G)
    assert state.current_player() == 1 and state.legal_actions() == [20 + P, 20 + L]
    _raises(IllegalAction, state.apply, 20 + G)  # a second stone on Greed
    state.apply(20 + P)
    state.apply(20 + L)
    assert state.is_terminal()
    assert state.scores == [18, -10] and state.returns() == [1, 0]


# -- ties, at every level, in both directions ------------------------------------
#
# "In case of a tie, the player with the most cards wins the game. If the tie
# persists, the player who has the most different types of Sins wins. If there
# is still a tie, the players concerned share the dissolution of their souls."


def _tie(dests):
    state, _ = _play(_game(), _actions(dests))
    assert state.is_terminal()
    sc = state.view(None)["scoring"]
    return state, sc, sc["seats"][0], sc["seats"][1]


def test_tie_fewest_wins_most_cards_decides():
    """Abyss on turns 12, 25, 26: Lust 3 = 6 points, fewest wins. Stones: seat 1
    two, seat 0 one. Seat 0: P4 G3 L6 E5 (18 cards) = -1 + 6 - 6 - 3 = -4, stone
    on Greed (6 -> -1) = -11. Seat 1: P4 G6 L1 E4 (15 cards) = -1 - 6 + 1 - 1 = -7,
    stones on Pride (-1 -> -3) and Envy (-1 -> -3) = -11. Tied on -11: seat 0 has
    more cards, even though the fewest points win."""
    state, sc, s0, s1 = _tie("RRRRRRRRRRRARRRRRRRRRRRRAARRR")
    assert sc["abyss_points"] == 6 and sc["most_wins"] is False
    assert (s0["total"], s0["cards"], s1["total"], s1["cards"]) == (-11, 18, -11, 15)
    assert state.returns() == [1, 0]


def test_tie_fewest_wins_most_types_decides():
    """Abyss on turns 4, 7, 9, 15, 23, 28: P1 G4 L1 = 1 - 1 + 1 = 1, fewest wins.
    Seat 0 gets 3 stones (turns 7, 9, 15), seat 1 one (turn 4); turns 23 and 28
    find none. Seat 0: P4 L6 E5 (15 cards, 3 types) = -10, and all 3 stones must
    go on its 3 types: P5 -3, L7 10, E6 -6 = 1. Seat 1: P3 G5 L3 E4 (15 cards, 4
    types) = 6 - 3 + 6 - 1 = 8, stone on Pride (6 -> -1) = 1. Same points, same
    cards: seat 1 has more types."""
    state, sc, s0, s1 = _tie("RRRARRARARRRRRARRRRRRRARRRRAR")
    assert sc["abyss_points"] == 1 and sc["most_wins"] is False
    assert s0["total"] == s1["total"] == 1 and s0["cards"] == s1["cards"] == 15
    assert (s0["types"], s1["types"]) == (3, 4)
    assert s0["placed"] == ["Pride", "Lust", "Envy"]
    assert state.returns() == [0, 1]


def test_tie_fewest_wins_shared():
    """Abyss on turns 7, 19, 24, 25: G2 L1 E1 = 3 + 1 + 1 = 5, fewest wins.
    Seat 0: P4 G2 L6 E4 (16 cards, 4 types) = -5 with 3 stones that must go
    somewhere: Pride (-2), Envy (-2) and Greed (+3; Lust would be +16) = -6.
    Seat 1: P4 G5 L3 E4 (16 cards, 4 types) = 1, stone on Lust (-7) = -6.
    Still tied after cards and types: both win."""
    state, sc, s0, s1 = _tie("RRRRRRARRRRRRRRRRRARRRRAARRRR")
    assert sc["abyss_points"] == 5 and sc["most_wins"] is False
    assert s0["placed"] == ["Pride", "Greed", "Envy"]
    assert (s0["total"], s0["cards"], s0["types"]) == (-6, 16, 4)
    assert (s1["total"], s1["cards"], s1["types"]) == (-6, 16, 4)
    assert state.returns() == [1, 1] and s0["winner"] and s1["winner"]


def test_tie_most_wins_most_cards_decides():
    """Abyss on turns 3, 6, 17, 19: P2 E3 = 3 + 6 = 9 > 7, most wins. Seat 0: P3
    G3 L7 E2 (15 cards) = 25, 3 stones: Envy (+3), Lust (0) and Pride (-7) = 21.
    Seat 1: P3 G6 L3 E4 (16 cards) = 5, stone on Greed (6 -> 7 cards: -6 -> 10)
    = 21. Tied: seat 1 has more cards."""
    state, sc, s0, s1 = _tie("RRARRARRRRRRRRRRARARRRRRRRRRR")
    assert sc["abyss_points"] == 9 and sc["most_wins"] is True
    assert (s0["total"], s0["cards"], s1["total"], s1["cards"]) == (21, 15, 21, 16)
    assert s1["placed"] == ["Greed"] and s1["points"]["Greed"] == 10
    assert state.returns() == [0, 1]


def test_tie_most_wins_most_types_decides():
    """Abyss on turns 11, 12, 13, 14, 26, 27, 29: Lust 8 = 10 > 7, most wins.
    Seat 0: P4 G3 L2 E5 (14 cards, 4 types) = 5, stones on Lust (+3) and Pride
    (-2) = 6. Seat 1: P4 G6 E4 (14 cards, 3 types) = -8, stones on Greed (+16)
    and Pride (-2) = 6. Seat 0 has more types."""
    state, sc, s0, s1 = _tie("RRRRRRRRRRAAAARRRRRRRRRRRAARA")
    assert sc["abyss"]["Lust"] == 8 and sc["abyss_points"] == 10 and sc["most_wins"] is True
    assert s0["total"] == s1["total"] == 6 and s0["cards"] == s1["cards"] == 14
    assert (s0["types"], s1["types"]) == (4, 3)
    assert state.returns() == [1, 0]


def test_tie_most_wins_shared():
    """Abyss on turns 16, 17, 24, 29: P1 G1 L2 E2 = 1 + 1 + 3 + 3 = 8 > 7, most
    wins (the smallest total that does). Seat 0: P4 G3 L5 E3 (15 cards, 4 types)
    = 8, stones on Pride (-2) and Lust (-3) = 3. Seat 1: P3 G5 L3 E4 (15 cards, 4
    types) = 8, stones on Envy (-2) and Greed (-3) = 3. Shared."""
    state, sc, s0, s1 = _tie("RRRRRRRRRRRRRRRAARRRRRRARRRRA")
    assert sc["abyss_points"] == 8 and sc["most_wins"] is True
    assert (s0["total"], s0["cards"], s0["types"]) == (3, 15, 4)
    assert (s1["total"], s1["cards"], s1["types"]) == (3, 15, 4)
    assert state.returns() == [1, 1]


def test_tie_cards_before_types_fewest_wins():
    """Cards are compared before types. Abyss on turns 6, 7, 9, 23, 28: P1 G4 =
    1 - 1 = 0, fewest wins. Seat 0: P4 L7 E5 (16 cards, 3 types) = 6, its 3
    stones on all three (P5 -3, L8 10, E6 -6) = 1. Seat 1: P3 G5 L3 E4 (15 cards,
    4 types) = 8, stone on Pride (6 -> -1) = 1. Seat 0 wins on cards although
    seat 1 has more types."""
    state, sc, s0, s1 = _tie("RRRRRAARARRRRRRRRRRRRRARRRRAR")
    assert sc["abyss_points"] == 0 and sc["most_wins"] is False
    assert (s0["total"], s0["cards"], s0["types"]) == (1, 16, 3)
    assert (s1["total"], s1["cards"], s1["types"]) == (1, 15, 4)
    assert state.returns() == [1, 0]


def test_tie_cards_before_types_most_wins():
    """Abyss on turns 1, 2, 7, 9, 17, 18, 25: Envy 8 (10), Greed 2 (3), Lust 1 (1)
    = 14, most wins. Seat 0: P4 G1 L6 E1 (12 cards, 4 types) = -5, stones on Lust
    (+16), Greed (+2) and Envy (+2) = 15. Seat 1: P4 G6 L3 (13 cards, 3 types) =
    -1, stone on Greed (+16) = 15. Seat 1 wins on cards."""
    state, sc, s0, s1 = _tie("AARRRRARARRRRRRRAARRRRRRARRRR")
    assert sc["abyss_points"] == 14 and sc["most_wins"] is True
    assert (s0["total"], s0["cards"], s0["types"]) == (15, 12, 4)
    assert (s1["total"], s1["cards"], s1["types"]) == (15, 13, 3)
    assert state.returns() == [0, 1]


# -- what the views show and hide ----------------------------------------------


def test_views_hide_reserves_and_abyss_during_play():
    """ "Each player draws one card from the Hell I deck, looks at it secretly"
    and "Players may not look at the cards in their reserve or at those in the
    Abyss of Souls." During play every seat sees the same table: the centre,
    how many face-down cards each reserve and the Abyss hold, the stones; never
    which sins are face down, not even its own."""
    game = _game()
    state = game.new_initial_state()
    state.apply(CARD + P)
    assert state.view(0)["opening"] == P and state.view(1)["opening"] is None
    assert state.view(None)["opening"] is None
    state.apply(CARD + G)
    assert state.view(1)["opening"] == G and state.view(0)["opening"] == P
    state = replay(game, _actions(S1[:2], TURNS[:2]))
    public = state.view(None)
    assert public["reserve_cards"] == [3, 1] and public["abyss_cards"] == 2
    assert public["centre"] == [P, G, L, E, E] and public["scoring"] is None
    for seat in (0, 1):
        view = state.view(seat)
        assert view["opening"] is None
        assert dict(view, seat=None) == public
    # Two table states with different face-down cards look the same to everyone:
    # seat 0 dealt Lust instead of Pride, the turns otherwise identical.
    other = replay(game, _actions(S1[:2], TURNS[:2], deals=(L, G)))
    assert other.reserve[0] != state.reserve[0]
    for seat in (None, 0, 1):
        assert canon.dumps(other.view(seat)) == canon.dumps(state.view(seat))


def test_everything_is_revealed_at_the_end():
    """ "Players then sort the cards in their reserve, and those in the Abyss of
    Souls, by Sin." The final view shows every reserve and the Abyss to all."""
    state, _ = _play(_game(), _actions(S1))
    public = state.view(None)
    assert public["phase"] == OVER and public["to_move"] is None
    assert public["scoring"]["final"] is True
    for seat in (0, 1):
        assert state.view(seat) == dict(public, seat=seat)


# -- the Penance variant, scripted ----------------------------------------------

# Turns 1-27 as above, then Hell III is played down to its Last Judgment:
# P2 G2 L2 E2 J. Turn 35 (seat 0, the first player) takes 2 Envy and reveals
# the third Last Judgment, then, Hell III being empty, a Penance card (Lust).
PENANCE_TURNS = TURNS[:27] + (
    (G, 1, (G,)),  # 28 centre G1 L1 P1 J2
    (G, 1, (P,)),  # 29 centre L1 P2 J2
    (P, 2, (P, G)),  # 30 centre L1 P1 G1 J2
    (L, 1, (L,)),  # 31
    (L, 1, (E,)),  # 32 centre P1 G1 E1 J2
    (G, 1, (E,)),  # 33 centre P1 E2 J2
    (P, 1, (L,)),  # 34 centre E2 L1 J2; Hell III holds only its Last Judgment
    (E, 2, (J, PENANCE + L)),  # 35
)
PENANCE_DESTS = S1[:27] + "RRRRRRRR" + "R"


def test_penance_turns_continue_to_the_last_seat_then_the_game_ends():
    """ "At the moment the third Last Judgment card is revealed, the players'
    turns continue until the player to the left of the first player finishes
    their turn." 2 players, first player seat 0: seat 1 is to its left. Turn 35
    (seat 0) reveals the third; the refill still completes the centre (from the
    Penance cards under the pile); seat 1 plays turn 36 and the game ends right
    after its take. Each seat played 18 turns."""
    game = _game(penance=True)
    actions = _actions(PENANCE_DESTS, PENANCE_TURNS)
    state = replay(game, actions)
    view = state.view(None)
    assert view["final_round"] is True and view["last_seat"] == 1
    assert state.current_player() == 1 and view["centre"] == [L, J, J, J, PENANCE + L]
    assert view["decks"] == [0, 0, 0, 3]
    assert state.legal_actions() == [RESERVE + L, ABYSS + L]
    state.apply(RESERVE + L)
    assert state.is_terminal() and state.turns == 36
    # The Penance card of Lust (reading "sin") went with the Lust: seat 1 has
    # P7 G5 L6 (18 cards), 3 stones; seat 0 P4 G5 L6 E4 (19 cards), 1 stone.
    # Abyss E7 G1 = 11: most wins. Seat 0: -1 - 3 - 6 - 1 = -11, stone on Lust
    # (6 -> 7: +16) = 5. Seat 1: 10 - 3 - 6 = 1, stones on all three: Pride 8
    # (10), Greed 6 (-6), Lust 7 (10) = 14.
    s0, s1 = state.view(None)["scoring"]["seats"]
    assert _counts(s1["reserve"]) == [7, 5, 6, 0] and s1["cards"] == 18
    assert _counts(s0["reserve"]) == [4, 5, 6, 4] and s0["cards"] == 19
    assert (s0["total"], s1["total"]) == (5, 14) and state.returns() == [0, 1]
    # Reading "blank": the Penance card stays on the table; seat 1 takes 1 Lust:
    # P7 G5 L5 = 4, stones Pride 0, Greed -3, Lust 5 -> 6: -3 = -2; seat 0 wins.
    blank = replay(_game(penance=True, penance_cards="blank"), actions + [RESERVE + L])
    assert blank.is_terminal() and blank.view(None)["centre"] == [J, J, J, PENANCE + L]
    assert blank.scores == [5, -2] and blank.returns() == [1, 0]


def test_same_script_without_penance_ends_at_the_reveal():
    """Without the variant, the same third Last Judgment ends the game at once:
    the Penance card is never revealed (there are none) and seat 1 has one turn
    fewer."""
    game = _game()
    actions = _actions(PENANCE_DESTS, PENANCE_TURNS)
    state, used = _play(game, actions)
    assert state.is_terminal() and used == len(actions) - 1
    assert state.view(None)["centre"] == [L, J, J, J] and state.turns == 35


def test_penance_last_seat_revealing_ends_at_once():
    """ "If the third Last Judgment card is revealed during that player's turn,
    then the game ends immediately." The first script up to turn 27, then turn
    28 takes the Greed and reveals Hell III's Last Judgment. Turn 28 is played by
    the second seat in turn order, which in a 2-player game is the one to the
    left of the first player, whichever seat starts: the game ends at once."""
    turns = TURNS[:27] + ((G, 1, (J,)),)
    for first in (0, 1):
        game = _game(penance=True, first_player=first)
        state = replay(game, _actions(S1, turns))
        assert state.is_terminal(), first
        assert state.last_seat() == 1 - first
        assert state.history()[-1] == CARD + J and state.turns == 28
        assert state.view(None)["centre"] == [P, L, J, J, J]
        assert state.view(None)["final_round"] is False


# -- the Penance end for every player count, first player and revealing seat ------


def _penance_run(n, first, revealer, penance=True):
    """Play with simple choices (the lowest legal take; Last Judgments only when
    the deck holds nothing else, except Hell III's, which comes at the first
    refill of seat `revealer` in Hell III). Returns (state, seats in turn order,
    the seat whose turn revealed the third Last Judgment)."""
    game = games.load("seven-sins", n, penance=penance, first_player=first)
    state = game.new_initial_state()
    played = []
    third_by = None
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            outcomes = [a for a, w in state.chance_outcomes()]
            others = [a for a in outcomes if a != CARD + J]
            lj = CARD + J in outcomes
            if state.phase == PLAY and lj and not others:
                pick = CARD + J
            elif (
                state.phase == PLAY and lj and state.current_deck() == 2 and state.turn == revealer
            ):
                pick = CARD + J
            else:
                pick = others[0]
            if pick == CARD + J and state.judgments == 2:
                third_by = state.turn
            state.apply(pick)
        elif state.phase == PLAY:
            played.append(p)
            state.apply(state.legal_actions()[0])
        else:
            state.apply(state.legal_actions()[0])
    return state, played, third_by


def test_penance_end_in_every_seat_position():
    """ "the players' turns continue until the player to the left of the first
    player finishes their turn. If the third Last Judgment card is revealed
    during that player's turn, then the game ends immediately." Seats are
    numbered counter-clockwise (the next player is seat + 1), so the player to
    the left of the first player is seat first - 1: the last of every round.
    Whoever reveals the third Last Judgment, every seat plays the same number of
    turns and the last turn is that seat's. Without the variant the game stops
    at the reveal."""
    for n in (2, 3, 4, 5):
        for first in range(n):
            last = (first + n - 1) % n
            for revealer in range(n):
                state, played, third_by = _penance_run(n, first, revealer)
                assert third_by == revealer, (n, first, revealer, third_by)
                assert state.is_terminal() and state.judgments == 3
                assert played[0] == first and played[-1] == last
                for i in range(1, len(played)):
                    assert played[i] == (played[i - 1] + 1) % n  # counter-clockwise
                counts = [played.count(s) for s in range(n)]
                assert counts == [counts[0]] * n, (n, first, revealer, counts)
                if revealer == last:
                    assert state.history()[-1] == CARD + J
                else:
                    assert state.history()[-1] < CARD  # ended on the last seat's take
                    # After the reveal: the seats from revealer + 1 to last, once each.
                    after = (last - revealer) % n
                    tail = [(revealer + 1 + i) % n for i in range(after)]
                    assert played[-after:] == tail
                plain, plain_played, _ = _penance_run(n, first, revealer, penance=False)
                assert plain.history()[-1] == CARD + J
                assert plain_played[-1] == revealer


# -- 7 or more of a type, and the stone that turns 3 into 4 ----------------------


def test_seven_or_more_cards_score_ten_in_a_real_reserve():
    """ "| 7+ | 10 |": in the first game seat 0 collects 7 Lust (turns 11, 13, 15,
    25, 27 and 2 on turn 29): 10 points; a stone on them keeps 10 (8 cards)."""
    state, _ = _play(_game(stones="manual"), _actions(S1))
    state.apply(20 + L)
    assert state.view(None)["scoring"]["seats"][0]["points"]["Lust"] == 10


def test_max_game_length_bounds_slow_games():
    """max_game_length() is a true bound: the slowest play (always the smallest
    group, one card per turn whenever possible, Last Judgments as late as they
    can come, Penance on, stones placed by hand, random types)."""
    for n in (2, 3, 4, 5):
        game = games.load("seven-sins", n, penance=True, stones="manual")
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            if p == CHANCE:
                others = [a for a in legal if a != CARD + J]
                state.apply(others[0] if others else legal[0])
            elif state.phase == PLAY:
                centre = state.view(None)["centre"]
                best = legal[0]
                for a in legal:
                    if centre.count(a % 10) < centre.count(best % 10):
                        best = a
                state.apply(best)
            else:
                state.apply(legal[0])
        assert state.move_number() <= game.max_game_length(), n


def test_nothing_left_to_take_ends_play():
    """Reading 10: "There must always be 5 cards in the center of the table", but in
    the Penance variant, with blank Penance cards, the centre may fill with cards nobody
    can take (three Last Judgments, two Penance cards): nobody can play again, so play
    ends there, before the last seat's turn. The slowest play (one card a turn, the Last
    Judgments as late as they come) reaches it at 4 players."""
    game = games.load("seven-sins", 4, penance=True, penance_cards="blank")
    state = game.new_initial_state()
    taker = None
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        if p == CHANCE:
            others = [a for a in legal if a != CARD + J]
            state.apply(others[0] if others else legal[0])
        elif state.phase == PLAY:
            centre = state.view(None)["centre"]
            best = legal[0]
            for a in legal:
                if centre.count(a % 10) < centre.count(best % 10):
                    best = a
            taker = p
            state.apply(best)
        else:
            state.apply(legal[0])
    view = state.view(None)
    assert view["final_round"] and taker == 1 and view["last_seat"] == 3
    assert sorted(view["centre"]) == [J, J, J, PENANCE, PENANCE + 1]  # nothing to take


def test_random_games_stay_within_the_bound():
    for n in (2, 5):
        game = games.load("seven-sins", n, penance=True)
        bots = [RandomBot(game, b"bound", s) for s in range(n)]
        state = play(game, b"bound-%d" % n, bots)
        assert state.is_terminal() and state.move_number() <= game.max_game_length()


# -- options ---------------------------------------------------------------------


def test_options_refused_with_clear_messages():
    msg = _raises(BadOption, games.load, "seven-sins", 3, first_player=3)
    assert "first_player" in msg and "0 to 2" in msg
    assert "first_player" in _raises(BadOption, games.load, "seven-sins", 2, first_player=9)
    msg = _raises(BadOption, games.load, "seven-sins", 3, sins="Pride,Greed,Lust,Envy")
    assert "3 players play with 5 types of sin, not 4" in msg
    msg = _raises(BadOption, games.load, "seven-sins", 2, sins="Pride,Greed,Lust,Vanity")
    assert "Vanity" in msg and "Gluttony" in msg
    assert "yes or no" in _raises(BadOption, games.load, "seven-sins", 2, penance="perhaps")
    msg = _raises(BadOption, games.load, "seven-sins", 2, penance_cards="wild")
    assert "sin, blank" in msg
    assert "no option" in _raises(BadOption, games.load, "seven-sins", 2, variant="x")
    assert "2 to 5 players" in _raises(BadOption, games.load, "seven-sins", 6)
    assert NUM_SINS == 7


# -- what a player reads -----------------------------------------------------------


def test_action_texts_tell_a_player_what_happens():
    """Each action's text says who does what, with the count, where the cards
    go, whether a Stone comes with an Abyss take ("if any remain"), which deck
    a card comes from, and which Last Judgment it is."""
    game = _game(penance=True)
    state = game.new_initial_state()
    assert state.action_text(CARD + P) == "deal Pride to seat 0, secretly"
    state = replay(game, _actions(S1[:1], TURNS[:1])[:7])
    assert state.action_text(CARD + E) == "reveal Envy (Hell I)"
    state = replay(game, _actions(S1[:1], TURNS[:1]))
    assert state.action_text(ABYSS + E) == "seat 1 puts 2 Envy cards on the Abyss and takes a Stone"
    assert state.action_text(RESERVE + G) == "seat 1 takes 1 Greed card into their reserve"
    state = replay(game, _actions(S1[:14], TURNS[:14]) + [RESERVE + L])
    assert state.action_text(CARD + J) == "reveal Last Judgment 1 of 3 (Hell I)"
    state = replay(game, _actions(S1[:18], TURNS[:18]))
    assert state.view(None)["stones_left"] == 0
    assert state.action_text(ABYSS + E) == "seat 0 puts 1 Envy card on the Abyss (no Stone left)"
    actions = _actions(PENANCE_DESTS, PENANCE_TURNS)
    state = replay(game, actions[:-2])
    assert state.action_text(CARD + J) == "reveal Last Judgment 3 of 3 (Hell III)"
    state = replay(game, actions[:-1])
    assert state.action_text(CARD + PENANCE + L) == "reveal Penance Lust (the Penance cards)"
    state = replay(game, actions)
    assert state.action_text(RESERVE + L) == "seat 1 takes 2 Lust cards into their reserve"
