"""New Rule (Sin): the rulebook's rules one by one (portable: CPython and MicroPython).

Quotes are from "New Rule", a web page tagged "Game Design" (no known published
title or author), by its section: Setting Up, How to Play, The God Card, Total
Damnation, Winning the Game; the readings are docs/rules/new-rule.md's. Every position is reached by actions from a deal
chosen card by card, as a dealer would deal it.
"""

from new_rule_kit import deal, form, news, no_set, play, raises, set_action, start

from shared_rules import canon, games
from shared_rules.game import CHANCE, BadOption, IllegalAction
from shared_rules.new_rule.laptop import find_sets
from shared_rules.new_rule.rules import (
    DAMNED_LIMIT,
    DEAL,
    DOWN,
    FORM,
    NO_SET,
    NUM_CARDS,
    NUM_SET_INDICES,
    PLAY,
    SET,
    SET_POINTS,
    SET_TYPES,
    UP,
    label,
    parse_card,
    set_allowed,
    set_cards,
    set_index,
    straight_starts,
)

# Seven cards a hand, no King among them unless a test wants one.
JUNK0 = ["2C", "3D", "4S", "6C", "7D", "8S", "9D"]
JUNK1 = ["2D", "3S", "4C", "6D", "7S", "8C", "9S"]


def _hands(*mine):
    """Hands led by the given cards and topped up with junk (no Kings)."""
    out = []
    junk = [JUNK0, JUNK1, ["2H", "3C", "4D", "6H", "7C", "8D", "9H"], ["2S", "3H", "4H", "6S"]]
    used = []
    for cards in mine:
        used += cards
    for seat in range(len(mine)):
        hand = list(mine[seat])
        for c in junk[seat] + ["10C", "10D", "JC", "JD", "QC", "QD", "10H", "JH", "QH"]:
            if len(hand) == 7:
                break
            if c not in used:
                hand.append(c)
                used.append(c)
        out.append(hand)
    return out


_LINE = ("card", "where", "face", "value", "multiplier", "penalty", "why")


def _lines(entry):
    """A seat's penalty lines, announced as (card, where, face, value, multiplier,
    penalty, why) tuples, with their fields named."""
    return [{_LINE[i]: x[i] for i in range(len(_LINE))} for x in entry["lines"]]


def _cycle(state, cards):
    """Each listed card is played face up by the player to move, with no set."""
    for c in cards:
        play(state, c)
        no_set(state)
    return state


# -- setting up ----------------------------------------------------------------


def test_seven_cards_each_and_the_rest_a_reserve():
    """ "Shuffle the deck and deal seven cards to each player, placing the
    remainder in the center of the table as a reserve pile." """
    for n in (2, 3, 4):
        state = games.load("new-rule", n).new_initial_state()
        assert state.current_player() == CHANCE
        # a draw is a chance action weighted by the count of each card left: one each
        assert state.chance_outcomes() == [(DEAL + c, 1) for c in range(NUM_CARDS)]
        while state.current_player() == CHANCE:
            state.apply(state.legal_actions()[0])
        view = state.view(None)
        assert view["hand_counts"] == [7] * n
        assert view["reserve"] == 52 - 7 * n
        assert view["phase"] == PLAY and view["round"] == 1
        dealt = news(state, "round_dealt")
        assert dealt == [
            {
                "kind": "round_dealt",
                "round": 1,
                "first_player": 0,
                "cards_each": 7,
                "reserve": 52 - 7 * n,
            }
        ]


def test_a_designated_first_player_then_to_the_left():
    """ "Designate a first player; play proceeds to the left." """
    state = start(3, _hands(["5H"], ["5S"], ["5C"]), first_player=1)
    assert state.current_player() == 1 and state.view(None)["first_player"] == 1
    seen = []
    for _ in range(4):
        seen.append(state.current_player())
        _cycle(state, [state.view(state.current_player())["hand"][0]])
    assert seen == [1, 2, 0, 1]
    assert "first_player" in raises(BadOption, games.load, "new-rule", 2, first_player=2)


def test_hands_are_secret_and_dealt_cards_seen_by_their_receiver_only():
    """Hands are secret: a card dealt is observed by its receiver only."""
    state = games.load("new-rule", 2).new_initial_state()
    assert state.observers() == (0,)
    state.apply(DEAL + parse_card("QH"))
    assert state.observers() == (1,)
    assert state.view(0)["hand"] == ["QH"] and state.view(1)["hand"] == []
    assert state.view(None)["hand"] is None
    assert "QH" not in canon.dumps(state.view(1)) + canon.dumps(state.view(None))


# -- a turn --------------------------------------------------------------------


def test_one_card_a_turn_face_up_or_face_down():
    """ "the active player chooses a card from their hand and lays it on the table
    in front of them either face-up or face-down." "Players must play one and
    only one card into their board per turn." """
    state = start(2, _hands(["5H"], ["5S"]))
    hand = [parse_card(c) for c in state.view(0)["hand"]]
    assert state.legal_actions() == [UP + c for c in hand] + [DOWN + c for c in hand]
    play(state, "5H", "down")
    # then at most one set: only "no set" here, the set phase ends the turn
    assert state.phase == FORM and state.legal_actions() == [NO_SET]
    no_set(state)
    assert state.current_player() == 1 and state.phase == PLAY
    assert news(state, "no_set") == [{"kind": "no_set", "seat": 0}]


def test_innocent_cards_are_public_damned_cards_known_to_their_owner_only():
    """ "Face-up cards are "innocent" cards and may be used by any player at any
    time. Face-down cards are "damned" cards and may only be used by the player
    who played them." """
    state = start(2, _hands(["5H", "9C"], ["5S"]))
    play(state, "5H", "down")
    assert news(state, "played") == [
        {"kind": "played", "seat": 0, "face": "down", "card": None, "damned": 1}
    ]
    assert state.observers() is None  # the set decision is public
    no_set(state)
    assert state.view(0)["damned"] == ["5H"]
    for seat in (1, None):
        view = state.view(seat)
        assert view["damned_counts"] == [1, 0] and view["boards"] == [[], []]
        assert "5H" not in canon.dumps(view)
    # the choice is made in private (a face-down card is its player's alone), but a
    # card played face up is seen by every seat: observers() of that action is None
    assert state.observers() == (1,)
    assert state.observers(DOWN + parse_card("5S")) == (1,)
    assert state.observers(UP + parse_card("5S")) is None
    play(state, "5S")
    assert news(state, "played")[0]["card"] == "5S"
    assert state.view(None)["boards"] == [[], ["5S"]]


def test_the_checker_proves_observers_against_the_views():
    """The generic checker fails an observers() that hides a face-up play, which
    every seat sees (New Rule's observers() before it named the action)."""
    import simcheck

    from shared_rules.new_rule.rules import NewRuleState
    from shared_rules.rng import Stream

    state = start(2, _hands(["5H", "9C"], ["5S"]))
    record = [(CHANCE, None)] * state.move_number()  # New Rule resamples by itself
    simcheck.check_observers(state.game, b"seed", state, record, Stream(b"seed", b"check"))
    right = NewRuleState._observers

    def hides_every_play(self, action):
        return (self.turn,) if self.phase == PLAY else right(self, action)

    NewRuleState._observers = hides_every_play
    try:
        message = raises(
            simcheck.CheckFailure,
            simcheck.check_observers,
            state.game,
            b"seed",
            state,
            record,
            Stream(b"seed", b"check"),
        )
    finally:
        NewRuleState._observers = right
    assert "hides actions" in message and "can tell them apart" in message


def test_damned_limit_of_three_at_a_time():
    """ "A player may have as many innocent cards on the table as they wish, but
    only three damned cards at a time." """
    state = start(2, _hands(["5H", "6H", "7H", "8H", "2H"], ["9S", "10S", "JS", "4H"]))
    for c0, c1 in (("5H", "9S"), ("6H", "10S"), ("7H", "JS")):
        play(state, c0, "down")
        no_set(state)
        play(state, c1)
        no_set(state)
    assert DAMNED_LIMIT == 3 and state.view(None)["damned_counts"] == [3, 0]
    assert state.view(None)["damned_limit"] == 3
    assert [a for a in state.legal_actions() if a >= DOWN] == []  # a fourth is refused
    raises(IllegalAction, play, state, "8H", "down")
    play(state, "8H")  # face up is always allowed
    # 5H-8H is all seat 0's own: no set
    assert state.legal_actions() == [NO_SET]
    no_set(state)
    play(state, "4H")
    no_set(state)
    # "at a time": once damned cards leave the board in a set, there is room again
    play(state, "2H")
    form(state, "4H", "5H", "6H", "7H")
    assert state.view(None)["damned_counts"] == [0, 0]
    play(state, state.view(1)["hand"][0])
    no_set(state)
    assert [a for a in state.legal_actions() if a >= DOWN] != []


def test_a_set_needs_your_board_and_another_board():
    """ "Sets can be formed from any combination of cards from any player's board,
    as long as the set includes at least one card from the active player's board
    and at least one card from another player's board. In other words, no set can
    be formed using only the player's own cards or using only other players'
    cards." """
    state = start(3, _hands(["5H", "5D"], ["5S"], ["9C"]))
    play(state, "5H")
    no_set(state)
    play(state, "5S")
    # seat 1: own 5S with seat 0's 5H
    assert state.legal_actions() == [NO_SET, set_action("5H", "5S")]
    no_set(state)
    play(state, "9C")
    # seat 2: 5H and 5S are both other players' cards
    assert state.legal_actions() == [NO_SET]
    raises(IllegalAction, form, state, "5H", "5S")
    no_set(state)
    play(state, "5D")
    # seat 0: 5H 5D are both its own; with 5S it may form a pair or three of a kind
    legal = state.legal_actions()
    assert set_action("5D", "5H") not in legal
    assert set_action("5H", "5S") in legal and set_action("5D", "5S") in legal
    assert set_action("5D", "5H", "5S") in legal


def test_another_players_damned_card_cannot_be_used_your_own_can():
    """ "Face-down cards ... may only be used by the player who played them."
    "Players may use their own damned cards to form sets." """
    state = start(2, _hands(["5H", "2H"], ["5S", "3S"]))
    play(state, "5H", "down")
    no_set(state)
    play(state, "5S")
    assert state.legal_actions() == [NO_SET]  # seat 0's damned 5H is not seat 1's
    raises(IllegalAction, form, state, "5H", "5S")
    no_set(state)
    play(state, "2H")
    assert state.legal_actions() == [NO_SET, set_action("5H", "5S")]
    form(state, "5H", "5S")
    made = news(state, "set_formed")[0]
    assert made["cards"] == ["5H", "5S"] and made["seats"] == [0, 1]
    assert state.view(None)["damned_counts"] == [0, 0]


def test_any_number_of_boards():
    """ "Sets can be formed from any combination of cards from any player's board" """
    state = start(4, _hands(["5H"], ["5S"], ["5C"], ["5D"]))
    for c in ("5H", "5S", "5C"):
        play(state, c)
        no_set(state)
    play(state, "5D")
    form(state, "5C", "5D", "5H", "5S")
    made = news(state, "set_formed")[0]
    assert made["type"] == "four of a kind" and made["seats"] == [2, 3, 0, 1]
    assert state.view(None)["boards"] == [[], [], [], []]
    assert state.view(None)["set_decks"][3][0]["cards"] == ["5C", "5D", "5H", "5S"]


def test_each_set_type_and_its_points():
    """ "One pair: six points. Two pair: fourteen points. Three-of-a-kind:
    twenty-two points. Four-of-a-kind: thirty points. Four-card straight flush:
    forty points." Sets are "scored as soon as they are made"."""
    assert SET_TYPES == ("pair", "two pair", "three of a kind", "four of a kind", "straight flush")
    assert SET_POINTS == (6, 14, 22, 30, 40)
    cases = [
        # (seat 0's plays, seat 1's plays, the set seat 1 forms on its last play)
        (["5H"], ["5S"], ["5H", "5S"], "pair", 6),
        (["5H", "9C"], ["9D", "5S"], ["5H", "5S", "9C", "9D"], "two pair", 14),
        (["5H", "5C"], ["5S", "2S"], ["5C", "5H", "5S"], "three of a kind", 22),
        (["5H", "5C"], ["5S", "5D"], ["5C", "5D", "5H", "5S"], "four of a kind", 30),
        (["5H", "7H"], ["6H", "8H"], ["5H", "6H", "7H", "8H"], "straight flush", 40),
    ]
    for mine, theirs, cards, kind, points in cases:
        state = start(2, _hands(mine, theirs))
        for i in range(len(mine)):
            play(state, mine[i])
            no_set(state)
            play(state, theirs[i])
            if i < len(mine) - 1:
                no_set(state)
        assert set_action(*cards) in state.legal_actions()
        form(state, *cards)
        assert state.view(None)["scores"] == [0, points]
        assert news(state, "set_formed") == [
            {
                "kind": "set_formed",
                "seat": 1,
                "type": kind,
                "points": points,
                "cards": cards,
                "seats": [1 if c in theirs else 0 for c in cards],
                "score": points,
            }
        ]
        entry = state.view(None)["set_decks"][1][0]
        assert entry["type"] == kind and entry["points"] == points


def test_one_set_a_turn():
    """ "Players may form a maximum of one set per turn." """
    state = start(2, _hands(["5H", "9C"], ["9D", "5S"]))
    _cycle(state, ["5H", "9D"])
    play(state, "9C")
    no_set(state)
    play(state, "5S")
    form(state, "5H", "5S")
    # the pair of nines is still there, but the turn is over
    assert state.current_player() == 0 and state.phase == PLAY


def test_legal_sets_are_listed_best_first_with_points():
    """The device lists the sets a player can form, best first, to browse."""
    state = start(2, _hands(["5H", "9C"], ["9D", "5S"]))
    _cycle(state, ["5H", "9D", "9C"])
    play(state, "5S")
    listed = state.view(1)["legal_sets"]
    assert [(e["type"], e["points"]) for e in listed] == [
        ("two pair", 14),
        ("pair", 6),
        ("pair", 6),
    ]
    # equal points: the pair that takes more off the player's own board first
    assert listed[1]["cards"] == ["9C", "9D"] and listed[2]["cards"] == ["5H", "5S"]
    assert listed[0]["seats"] == [0, 1, 0, 1]
    assert sorted([e["action"] for e in listed]) == state.legal_actions()[1:]
    assert state.view(1)["legal_set_count"] == 3
    for e in listed:
        assert state.game.encode({"kind": "set", "cards": e["cards"]}) == e["action"]
    # only the player to move sees them
    assert state.view(0)["legal_sets"] == [] and state.view(None)["legal_sets"] == []


# -- the reserve ---------------------------------------------------------------


def test_reserve_dealt_when_everyone_has_played_six_cards():
    """ "If players are able to play six of their seven cards before a God card is
    played, the game is paused while the reserve pile is dealt out equally to all
    players (set aside any remainders out of play)." """
    for n, each, aside in ((2, 19, 0), (3, 10, 1), (4, 6, 0)):
        state = games.load("new-rule", n, first_player=n - 1).new_initial_state()
        deck = [c for c in range(NUM_CARDS) if (c >> 2) != 12]  # no Kings dealt
        order = []
        for i in range(7):
            for j in range(n):
                order.append(deck[i * n + j])
        for c in order:
            state.apply(DEAL + c)
        turns = 0
        while state.current_player() != CHANCE:
            assert turns < 6 * n, "the reserve came late"
            seat = state.current_player()
            state.apply(UP + parse_card(state.view(seat)["hand"][0]))
            state.apply(NO_SET)
            turns += 1
        assert turns == 6 * n  # six plays each, not one sooner
        view = state.view(None)
        assert view["hand_counts"] == [1] * n and view["reserve_dealt"]
        # the pause: what is to be dealt, and the remainder to set aside
        assert view["reserve"] == each * n and view["set_aside"] == aside
        assert each * n + aside == 52 - 7 * n
        while state.current_player() == CHANCE:
            # dealt round the table from the first player
            assert state.observers() == ((n - 1 + turns) % n,)
            state.apply(state.legal_actions()[0])
            turns += 1
        view = state.view(None)
        assert view["hand_counts"] == [1 + each] * n
        assert view["reserve"] == 0 and view["reserve_dealt"] and view["set_aside"] == aside
        assert news(state, "reserve_dealt") == [
            {"kind": "reserve_dealt", "round": 1, "cards_each": each, "set_aside": aside}
        ]
        # the set-aside cards are never dealt: they stay unseen
        assert len(state.chance_outcomes()) == 0 and len(state.deck) == aside
        assert state.current_player() == n - 1  # the first player goes on


def test_reserve_dealt_once_a_round():
    state = games.load("new-rule", 4).new_initial_state()
    deck = [c for c in range(NUM_CARDS) if (c >> 2) != 12]
    for c in deck[:28]:
        state.apply(DEAL + c)
    while not state.reserve_dealt or state.current_player() == CHANCE:
        if state.current_player() == CHANCE:
            state.apply(state.legal_actions()[0])
        else:
            state.apply(state.legal_actions()[0])
            state.apply(NO_SET)
    while state.view(None)["hand_counts"] != [1, 1, 1, 1]:
        state.apply(state.legal_actions()[0])
        state.apply(NO_SET)
    assert state.current_player() == 0  # no second reserve deal


# -- the God card ---------------------------------------------------------------


def _reckoning_position(**options):
    """3 players: seat 0 has a pair of fives in its set deck and 5C 9C face up,
    5D 8D face down; seat 1 has no sets, 4H 7C 10H up and 8S down; seat 2
    plays the King of hearts face up."""
    hands = [
        ["5H", "9C", "5C", "5D", "8D", "2H", "3H"],
        ["5S", "8S", "4H", "7C", "10H", "JS", "QS"],
        ["2C", "3C", "6D", "4C", "KH", "6S", "9S"],
    ]
    state = start(3, hands, **options)
    _cycle(state, ["5H", "5S", "2C"])
    play(state, "9C")
    form(state, "5H", "5S")
    play(state, "8S", "down")
    no_set(state)
    _cycle(state, ["3C", "5C", "4H", "6D"])
    play(state, "5D", "down")
    no_set(state)
    _cycle(state, ["7C", "4C"])
    play(state, "8D", "down")
    no_set(state)
    _cycle(state, ["10H"])
    return state


def test_a_reckoning_with_every_multiplier():
    """ "If the player has formed no sets, each of their cards is worth its value in
    negative points. All face cards are worth -10." "If the player has formed at
    least one set, reveal all the cards in their set deck. If any of these match
    any of their board cards in value, the board card is worth twice its value in
    negative points." "If the player has any damned cards on their board, these
    are worth double their value in negative points on their own, and quadruple
    if they also happen to match a card from the player's set deck." """
    state = _reckoning_position()
    assert state.current_player() == 2
    play(state, "KH")
    assert news(state, "god_card") == [{"kind": "god_card", "seat": 2, "card": "KH"}]
    reck = news(state, "reckoning")[0]
    assert reck["round"] == 1 and reck["god_seat"] == 2 and reck["next_first"] == 2
    s0, s1, s2 = reck["seats"]
    rows = [(x["card"], x["face"], x["value"], x["multiplier"], x["why"]) for x in _lines(s0)]
    assert rows == [
        ("5C", "up", 5, 2, "matches a set card"),
        ("9C", "up", 9, 1, ""),
        ("5D", "down", 5, 4, "damned, matches a set card"),
        ("8D", "down", 8, 2, "damned"),
    ]
    assert [x["penalty"] for x in _lines(s0)] == [10, 9, 20, 16]
    assert s0["lines"][0] == ("5C", "board", "up", 5, 2, 10, "matches a set card")
    assert s0["status"] == "reckoned" and s0["penalty"] == 55 and s0["score"] == 6 - 55
    assert [(x["card"], x["multiplier"], x["penalty"]) for x in _lines(s1)] == [
        ("4H", 1, 4),
        ("7C", 1, 7),
        ("10H", 1, 10),
        ("8S", 2, 16),
    ]
    assert s1["penalty"] == 37 and s1["score"] == -37
    # "a reckoning for all the other players' "sins"": the King's player is spared
    assert s2["status"] == "spared" and _lines(s2) == [] and s2["score"] == 0
    assert state.view(None)["scores"] == [-49, -37, 0]
    assert state.view(None)["last_round"] == {
        "round": 1,
        "first_player": 0,
        "end": "reckoning",
        "god_seat": 2,
        "set_points": [6, 0, 0],
        "penalties": [55, 37, 0],
        "scores": [-49, -37, 0],
    }


def test_unmatched_cards_of_a_player_with_sets_cost_their_value_or_nothing():
    """ "If the player has formed at least one set, reveal all the cards in their set
    deck. If any of these match any of their board cards in value, the board card is
    worth twice its value in negative points." It says nothing of the cards that match
    nothing: by default (unmatched=value) they cost their value, as every card does
    ("each of their cards is worth its value"); unmatched=free reads the sentence
    alone: only matching cards cost. Damned cards still cost double "on their own",
    and a player without sets is reckoned card by card either way."""
    for unmatched, penalty, line in (
        ("value", 55, ("9C", "board", "up", 9, 1, 9, "")),
        ("free", 46, ("9C", "board", "up", 9, 0, 0, "matches no set card")),
    ):
        state = _reckoning_position(unmatched=unmatched)
        play(state, "KH")
        s0, s1, _ = news(state, "reckoning")[0]["seats"]
        assert s0["penalty"] == penalty and line in s0["lines"]
        assert ("8D", "board", "down", 8, 2, 16, "damned") in s0["lines"]
        assert s1["penalty"] == 37  # no sets: every card costs its value


def test_match_in_value_is_the_rank_or_the_value():
    """ "If any of these match any of their board cards in value": by default
    (match=rank) a card matches a set card of its rank, as a pair is two cards of one
    rank; match=value reads "value" as the rulebook's points ("All face cards are worth
    -10"), so a 10, J, Q and K all match one another."""
    for match, penalty in (("rank", 10 + 10 + 3), ("value", 20 + 20 + 3)):
        hands = _hands(["JH", "2C", "3D", "4S", "KH"], ["JS", "QC", "10D", "3C"])
        state = start(2, hands, match=match)
        play(state, "JH")
        no_set(state)
        play(state, "JS")
        form(state, "JH", "JS")
        _cycle(state, ["2C", "QC", "3D", "10D", "4S", "3C"])
        play(state, "KH")
        seat1 = news(state, "reckoning")[0]["seats"][1]
        assert seat1["penalty"] == penalty, (match, seat1)


def test_the_god_card_stops_play_at_once_and_its_player_starts_next():
    """ "playing one face-up immediately stops play and initiates the reckoning"
    "The player who played the God card will go first in the new round." """
    state = _reckoning_position()
    play(state, "KH")
    # no set after the God card: the next round is being dealt
    assert state.current_player() == CHANCE and state.view(None)["round"] == 2
    view = state.view(None)
    assert view["hand_counts"] == [0, 0, 0] and view["boards"] == [[], [], []]
    assert view["round_points"] == [0] * 3 and view["first_player"] == 2
    assert state.observers() == (2,)  # the deal starts with the new first player
    while state.current_player() == CHANCE:
        state.apply(state.legal_actions()[0])
    assert state.current_player() == 2
    assert news(state, "round_dealt")[0]["first_player"] == 2


def test_the_kings_player_reckoned_too_when_the_table_says_so():
    """Option king_player=reckoned: "each player's board of cards is collected and
    tabulated", the God card's player's included (its King counts 10)."""
    state = _reckoning_position(king_player="reckoned")
    play(state, "KH")
    s2 = news(state, "reckoning")[0]["seats"][2]
    assert s2["status"] == "reckoned"
    assert [(x["card"], x["penalty"]) for x in _lines(s2)] == [
        ("2C", 2),
        ("3C", 3),
        ("4C", 4),
        ("6D", 6),
        ("KH", 10),
    ]
    assert s2["score"] == -25


def test_a_face_down_king_forgives_the_round():
    """ "note that God cards played face-down do not initiate a reckoning" "If the
    player has a God card face-down on their board, they are forgiven and receive
    no negative points for the round." """
    state = start(2, _hands(["KS", "9C", "QD"], ["KH", "5S"]))
    play(state, "QD")
    no_set(state)
    play(state, "5S")
    no_set(state)
    play(state, "KS", "down")  # no reckoning
    assert state.phase == FORM
    no_set(state)
    play(state, "KH")
    reck = news(state, "reckoning")[0]
    assert reck["seats"][0]["status"] == "forgiven" and reck["seats"][0]["forgiven_by"] == "KS"
    assert reck["seats"][0]["penalty"] == 0 and reck["seats"][0]["lines"] == []
    assert state.view(None)["scores"] == [0, 0]


def test_a_king_with_three_damned_cards_can_only_be_played_face_up():
    state = start(2, _hands(["KS", "2H", "3H", "4H"], ["9S", "10S", "JS"]))
    for c0, c1 in (("2H", "9S"), ("3H", "10S"), ("4H", "JS")):
        play(state, c0, "down")
        no_set(state)
        play(state, c1)
        no_set(state)
    hand = state.view(0)["hand"]
    assert "KS" in hand
    assert UP + parse_card("KS") in state.legal_actions()
    assert DOWN + parse_card("KS") not in state.legal_actions()


# -- total damnation --------------------------------------------------------------


def _play_out(state, take_first_set=False):
    """Play every card: Kings face down while there is room, others face up;
    form the first listed set once if asked. Returns the announcements of the
    last action."""
    formed = False
    while state.view(None)["round"] == 1 and not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state.apply(state.legal_actions()[0])
            continue
        view = state.view(seat)
        if view["phase"] == "set":
            # boards nobody clears offer many sets: the view lists the best 30
            count = len(state.legal_actions()) - 1
            assert view["legal_set_count"] == count
            assert len(view["legal_sets"]) == min(count, 30)
            if take_first_set and not formed and view["legal_sets"]:
                state.apply(view["legal_sets"][0]["action"])
                formed = True
            else:
                state.apply(NO_SET)
            continue
        kings = [c for c in view["hand"] if c[0] == "K"]
        if kings and len(view["damned"]) < DAMNED_LIMIT:
            play(state, kings[0], "down")
        else:
            play(state, [c for c in view["hand"] if c[0] != "K"][0])
    return state.announcements()


def test_total_damnation_every_card_its_value_face_down_kings_twenty():
    """ "it is possible for a round to end with all players running out of cards
    before a God card appears face-up. This is called total damnation: ... every
    card a player holds either in their board or in their set deck is worth its
    value in negative points." "Face-down God cards are worth twenty negative
    points. No double penalties ... each card is worth its value only." """
    state = start(2, _hands(["KC", "KD"], ["KH", "KS"]))
    last = _play_out(state)
    damned = [a for a in last if a["kind"] == "total_damnation"]
    assert len(damned) == 1 and damned[0]["round"] == 1
    # every card was played: 26 each; a suit is worth 1+2+...+10+10+10+10 = 85
    s0, s1 = damned[0]["seats"]
    assert s0["penalty"] + s1["penalty"] == 4 * 85 + 4 * (20 - 10)
    kings = [x for x in _lines(s0) + _lines(s1) if x["card"][0] == "K"]
    assert [(x["face"], x["value"], x["multiplier"], x["why"]) for x in kings] == [
        ("down", 20, 1, "face-down God card")
    ] * 4
    assert max([x["multiplier"] for x in _lines(s0) + _lines(s1)]) == 1
    assert state.view(None)["scores"] == [-s0["penalty"], -s1["penalty"]]
    assert state.view(None)["last_round"]["end"] == "damnation"


def test_total_damnation_counts_the_set_deck_and_keeps_set_points_by_default():
    """ "any sets made during the round now count as individual penalty cards,
    despite whatever positive point value they had when they were formed" """
    for choice in ("keep", "cancel"):
        state = start(2, _hands(["KC", "KD"], ["KH", "KS"]), damnation_sets=choice)
        last = _play_out(state, take_first_set=True)
        damned = [a for a in last if a["kind"] == "total_damnation"][0]
        row = state.view(None)["last_round"]
        setter = 0 if row["set_points"][0] else 1
        assert row["set_points"][setter] > 0
        seat = damned["seats"][setter]
        decked = [x for x in _lines(seat) if x["where"] == "set deck"]
        assert decked and [x["multiplier"] for x in decked] == [1] * len(decked)
        if choice == "keep":
            assert seat["cancelled"] == 0
            assert seat["score"] == row["set_points"][setter] - seat["penalty"]
        else:
            assert seat["cancelled"] == row["set_points"][setter]
            assert seat["score"] == -(seat["penalty"] - seat["cancelled"])
        assert sum([x["penalty"] for x in _lines(seat)]) + seat["cancelled"] == seat["penalty"]


def test_who_starts_after_total_damnation():
    """The rulebook is silent: by default the seat left of the last first player
    (damnation_start=next); damnation_start=same keeps the first player."""
    for choice, first in (("next", 1), ("same", 0)):
        state = start(3, _hands(["KC"], ["KD"], ["KH", "KS"]), damnation_start=choice)
        last = _play_out(state)
        damned = [a for a in last if a["kind"] == "total_damnation"][0]
        assert damned["next_first"] == first
        assert state.view(None)["first_player"] == first and state.observers() == (first,)


# -- winning ------------------------------------------------------------------------


def _straight_flush_race(**options):
    """Seat 0 forms five straight flushes in one round (5 x 40 = 200), each
    from two of its cards and two of seat 1's."""
    runs = [
        ["AH", "2H", "3H", "4H"],
        ["5H", "6H", "7H", "8H"],
        ["9H", "10H", "JH", "QH"],
        ["AS", "2S", "3S", "4S"],
        ["5S", "6S", "7S", "8S"],
    ]
    mine = []
    theirs = []
    for run in runs:
        mine += [run[0], run[2]]
        theirs += [run[1], run[3]]
    mine.append("9S")
    used = mine + theirs
    rest = [label(c) for c in range(NUM_CARDS) if label(c) not in used]
    state = start(2, [mine[:7], theirs[:7]], **options)
    return state, runs, mine, theirs, rest


def _race(state, runs, mine, theirs, rest):
    for i in range(11):
        if state.current_player() == CHANCE:
            # the reserve: seat 0 gets its last four cards, seat 1 its last three
            a = mine[7:] + rest[:15]
            b = theirs[7:] + rest[15:31]
            deal(state, [a[: len(b)], b])
        play(state, mine[i])
        if i >= 2 and i % 2 == 0:
            form(state, *runs[i // 2 - 1])
        else:
            no_set(state)
        if state.is_terminal():
            break
        play(state, theirs[i])
        no_set(state)
    return state


def test_first_to_two_hundred_wins_at_once_mid_round():
    """ "Sets are scored as soon as they are made" "The first player to reach two
    hundred points is the winner." """
    state = _race(*_straight_flush_race())
    assert state.is_terminal() and state.returns() == [1, 0]
    view = state.view(None)
    assert view["scores"] == [200, 0] and view["phase"] == "over"
    assert view["result"]["winners"] == [0] and view["result"]["reason"] == "target"
    assert view["result"]["rounds"] == [
        {
            "round": 1,
            "first_player": 0,
            "end": "won",
            "god_seat": None,
            "set_points": [200, 0],
            "penalties": [0, 0],
            "scores": [200, 0],
        }
    ]
    over = news(state, "game_over")
    assert over == [
        {"kind": "game_over", "reason": "target", "winners": [0], "scores": [200, 0], "round": 1}
    ]
    # no reckoning: the cards still on the boards cost nothing
    assert news(state, "reckoning") == [] and news(state, "total_damnation") == []


def test_a_lower_target_when_the_table_chooses_one():
    state = _race(*_straight_flush_race(target=100))
    assert state.is_terminal() and state.view(None)["scores"] == [120, 0]
    assert "must be one of" in raises(BadOption, games.load, "new-rule", 2, target=150)


def test_by_default_the_only_end_is_the_target():
    """ "The first player to reach two hundred points is the winner." is the rulebook's
    only end: by default (round_limit off) rounds follow one another until a player
    reaches the target, however many it takes. No bound is claimed for such a game."""
    from shared_rules.laptop.driver import make_bot
    from shared_rules.laptop.driver import play as play_game

    game = games.load("new-rule", 2, target=100)
    assert game.options["round_limit"] == 0 and game.max_game_length() is None
    assert game.new_initial_state().view(None)["round_limit"] is None
    for text in ("off", "none", "0"):
        assert games.load("new-rule", 2, round_limit=text).options["round_limit"] == 0
    assert "a whole number or off" in raises(BadOption, games.load, "new-rule", 2, round_limit="x")
    seed = b"off-0"  # greedy tables that take 34 rounds to reach 100
    end = play_game(game, seed, [make_bot(game, "greedy", seed, s) for s in range(2)])
    result = end.view(None)["result"]
    assert result["reason"] == "target" and result["rounds_played"] == 34
    # the breakdown keeps the last ten rounds (a view a device can hold and send)
    assert [r["round"] for r in result["rounds"]] == list(range(25, 35))
    assert result["rounds"][-1]["end"] == "won" and result["rounds"][-1]["scores"] == end.scores


def test_a_device_may_forget_the_actions_it_journaled():
    """A game to the target alone may run to thousands of actions: a device, which
    journals each action as it is taken, forgets the history it keeps in RAM whenever it
    fills its reserved room (firmware/play/session.py). Forgetting changes nothing the game
    can see: the same views, legal actions and announcements at every move, and
    move_number() still counts every action."""
    from shared_rules.laptop.driver import draw_chance
    from shared_rules.rng import Stream

    game = games.load("new-rule", 2, round_limit=2)
    kept = game.new_initial_state()
    forgetful = game.new_initial_state()
    forgetful.reserve_history(64)
    chance = Stream(b"forget", b"chance")
    picks = Stream(b"forget", b"picks")
    while not kept.is_terminal():
        assert forgetful.move_number() == kept.move_number()
        assert forgetful.legal_actions() == kept.legal_actions()
        for seat in (None, 0, 1):
            assert canon.dumps(forgetful.view(seat)) == canon.dumps(kept.view(seat))
        if kept.is_chance_node():
            action = draw_chance(chance, kept)
        else:
            legal = kept.legal_actions()
            action = legal[picks.below(len(legal))]
        kept.apply(action)
        forgetful.apply(action)
        assert forgetful.announcements() == kept.announcements()
        if forgetful.move_number() % 64 == 0:
            forgetful.forget_history()
            assert forgetful.history() == []
    assert forgetful.is_terminal() and forgetful.returns() == kept.returns()
    assert forgetful.move_number() == len(kept.history()) > 64


def test_the_round_limit_ends_the_game_with_the_highest_score():
    """The rulebook has no end but the target; round_limit (an option, off by default)
    ends a game nobody wins: the highest score wins, ties share."""
    from shared_rules.laptop.driver import play as play_game

    game = games.load("new-rule", 3, round_limit=5)
    for i in range(6):
        end = play_game(game, b"limit-%d" % i)
        result = end.view(None)["result"]
        scores = result["scores"]
        if result["reason"] == "target":
            continue
        assert len(result["rounds"]) == 5 and result["reason"] == "round_limit"
        best = max(scores)
        assert result["winners"] == [s for s in range(3) if scores[s] == best]
        assert end.returns() == [1 if s in result["winners"] else 0 for s in range(3)]
        assert [r["round"] for r in result["rounds"]] == [1, 2, 3, 4, 5]
        for r in result["rounds"]:
            assert r["end"] in ("reckoning", "damnation")
        assert result["rounds"][-1]["scores"] == scores
        # the last round's end says nobody starts a next round, then the game is over
        kinds = [a["kind"] for a in end.announcements()]
        assert kinds[-1] == "game_over" and end.announcements()[-2]["next_first"] is None


# -- the Ace ----------------------------------------------------------------------------


def test_the_ace_costs_one_or_eleven():
    """ "each of their cards is worth its value": the Ace is 1 by default; ace=11."""
    for ace in (1, 11):
        state = start(2, _hands(["AH", "2H"], ["KS", "3S"]), ace=ace)
        play(state, "AH")
        no_set(state)
        play(state, "KS")
        line = _lines(news(state, "reckoning")[0]["seats"][0])[0]
        assert line["card"] == "AH" and line["value"] == ace and line["penalty"] == ace


def test_straight_flushes_with_the_ace_and_no_wrap_around():
    """A "four-card straight flush": A-2-3-4 and J-Q-K-A by default; ace_straights
    low or high keeps one of them; Q-K-A-2 never."""
    assert straight_starts("both") == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]
    assert straight_starts("low")[0] == 0 and 10 not in straight_starts("low")
    assert straight_starts("high")[-1] == 10 and 0 not in straight_starts("high")
    owner = [-1] * NUM_CARDS
    for text, seat in (("AH", 0), ("2H", 1), ("3H", 0), ("4H", 1), ("JS", 0), ("QS", 1)):
        owner[parse_card(text)] = seat
    owner[parse_card("KS")] = 0  # seat 0's own damned King
    owner[parse_card("AS")] = 1
    owner[parse_card("2S")] = 1
    low = set_index([parse_card(c) for c in ("AH", "2H", "3H", "4H")])
    high = set_index([parse_card(c) for c in ("JS", "QS", "KS", "AS")])
    assert set_index([parse_card(c) for c in ("QS", "KS", "AS", "2S")]) == -1
    assert low in find_sets(owner, 0, straight_starts("both"))
    assert high in find_sets(owner, 0, straight_starts("both"))
    assert high not in find_sets(owner, 0, straight_starts("low"))
    assert low not in find_sets(owner, 0, straight_starts("high"))
    game = games.load("new-rule", 2, ace_straights="low")
    raises(IllegalAction, game.decode, SET + high)
    raises(IllegalAction, game.encode, {"kind": "set", "cards": ["JS", "QS", "KS", "AS"]})
    assert game.decode(SET + low)["cards"] == ["AH", "2H", "3H", "4H"]
    assert games.load("new-rule", 2).decode(SET + high)["cards"] == ["JS", "QS", "KS", "AS"]


# -- the codec ---------------------------------------------------------------------------


def test_set_indices_are_canonical():
    """Every set has one index, whatever the order of its cards."""
    seen = 0
    for index in range(NUM_SET_INDICES):
        kind, cards = set_cards(index)
        assert set_index(cards) == index and set_index(list(reversed(cards))) == index
        seen += 1
    assert seen == 78 + 2808 + 52 + 13 + 44
    assert set_index([parse_card("5H"), parse_card("6H")]) == -1
    assert set_index([parse_card("5H"), parse_card("5H")]) == -1
    assert set_index([parse_card(c) for c in ("5H", "5S", "5C", "9D")]) == -1


def _brute_force_sets(owner, mover, starts):
    """Every 2-4 card subset of the usable cards that forms a set, by trying them all."""
    usable = [c for c in range(NUM_CARDS) if owner[c] >= 0]
    found = []
    k = len(usable)

    def check(cards):
        index = set_index(cards)
        if index < 0:
            return
        kind, _ = set_cards(index)
        seats = [owner[c] for c in cards]
        if mover not in seats or [s for s in seats if s != mover] == []:
            return
        if kind == 4:
            ranks = sorted([c >> 2 for c in cards])
            start = 10 if ranks == [0, 10, 11, 12] else ranks[0]
            if start not in starts:
                return
        found.append(index)

    for a in range(k):
        for b in range(a + 1, k):
            check([usable[a], usable[b]])
            for c in range(b + 1, k):
                check([usable[a], usable[b], usable[c]])
                for d in range(c + 1, k):
                    check([usable[a], usable[b], usable[c], usable[d]])
    found.sort()
    return found


def test_find_sets_agrees_with_trying_every_subset():
    from shared_rules.rng import Stream

    stream = Stream(b"subsets", b"test")
    for trial in range(40):
        owner = [-1] * NUM_CARDS
        # a dozen cards around a few ranks and one suit, so sets abound
        for _ in range(12):
            rank = stream.below(6) if trial % 2 else 8 + stream.below(5)
            suit = stream.below(2) * 2
            owner[rank * 4 + suit + stream.below(2)] = stream.below(3)
        starts = straight_starts(("both", "low", "high")[trial % 3])
        for mover in range(3):
            assert find_sets(owner, mover, starts) == _brute_force_sets(owner, mover, starts)


def test_the_action_codec_round_trips_and_refuses_nonsense():
    game = games.load("new-rule", 3)
    assert game.decode(DEAL + parse_card("10S")) == {
        "kind": "deal",
        "card": "10S",
        "rank": "10",
        "suit": "spades",
    }
    assert game.decode(UP + parse_card("KH")) == {
        "kind": "play",
        "face": "up",
        "card": "KH",
        "rank": "K",
        "suit": "hearts",
        "god_card": True,
    }
    assert game.decode(DOWN + parse_card("KH"))["god_card"] is False
    assert game.decode(NO_SET) == {"kind": "no_set"}
    assert game.decode(set_action("9C", "9D", "5H", "5S")) == {
        "kind": "set",
        "type": "two pair",
        "points": 14,
        "cards": ["5H", "5S", "9C", "9D"],
    }
    codes = list(range(NUM_CARDS)) + [UP + c for c in range(NUM_CARDS)]
    codes += [DOWN + c for c in range(NUM_CARDS)] + [NO_SET]
    codes += [SET + i for i in range(NUM_SET_INDICES)]
    for a in codes:
        assert game.encode(game.decode(a)) == a
    assert game.encode({"kind": "play", "face": "down", "rank": "Q", "suit": "clubs"}) == (
        DOWN + parse_card("QC")
    )
    assert game.encode({"kind": "play", "face": "up", "card": "10h"}) == UP + parse_card("10H")
    for bad in (
        {"kind": "play", "face": "sideways", "card": "5H"},
        {"kind": "play", "face": "up", "card": "1H"},
        {"kind": "play", "face": "up", "card": "5X"},
        {"kind": "deal"},
        {"kind": "set", "cards": ["5H", "6H"]},
        {"kind": "set", "cards": ["5H", "5S"], "type": "two pair"},
        {"kind": "set", "cards": "5H 5S"},
        {"kind": "pass"},
        "no_set",
    ):
        raises(IllegalAction, game.encode, bad)
    for bad in (-1, 52, 99, 152, 252, 301, 999, SET + NUM_SET_INDICES, True):
        raises(IllegalAction, game.decode, bad)


def test_action_texts():
    state = start(2, _hands(["5H", "2H"], ["5S"]))
    assert state.action_text(UP + parse_card("5H")) == "seat 0 plays 5H face up (innocent)"
    assert state.action_text(DOWN + parse_card("5H")) == "seat 0 plays 5H face down (damned)"
    play(state, "5H")
    no_set(state)
    play(state, "5S")
    assert state.action_text(set_action("5H", "5S")) == "seat 1 forms pair 5H(0) 5S(1): 6 points"
    assert state.action_text(NO_SET) == "seat 1 forms no set"
    fresh = games.load("new-rule", 2).new_initial_state()
    assert fresh.action_text(DEAL + 3) == "deal AS to seat 0, secretly"


def test_options_are_validated():
    for key, value in (("ace", 2), ("ace_straights", "wrap"), ("king_player", "x")):
        assert "must be one of" in raises(BadOption, games.load, "new-rule", 2, **{key: value})
    assert "2 to 4" in raises(BadOption, games.load, "new-rule", 5)
    game = games.load("new-rule", 4, ace="11", round_limit="5", target="100")
    assert game.options["ace"] == 11 and game.options["round_limit"] == 5
    assert games.load_described(game.describe()).options == game.options


def test_a_set_is_checked_by_its_cards_as_the_list_says():
    """apply() checks a set by its cards (set_allowed) instead of listing every legal
    set: on boards of every kind it allows exactly the sets find_sets lists, and an
    illegal set is refused."""
    x = 12345
    for trial in range(12):
        owner = []
        for _ in range(NUM_CARDS):
            x = (x * 1103515245 + 12345) % 2147483648
            owner.append((x >> 16) % 5 - 1 if (x >> 8) % 3 else -1)  # seats 0-3 or -1
        for ace_straights in ("both", "low", "high"):
            starts = straight_starts(ace_straights)
            found = find_sets(owner, trial % 4, starts)
            allowed = [
                i for i in range(NUM_SET_INDICES) if set_allowed(i, owner, trial % 4, starts)
            ]
            assert allowed == found and found
    state = start(2, _hands(["5H", "9C"], ["5S", "9D"]))
    play(state, "5H")
    no_set(state)
    play(state, "5S")
    raises(IllegalAction, state.apply, SET + set_index([parse_card("9C"), parse_card("9D")]))
    state.apply(SET + set_index([parse_card("5H"), parse_card("5S")]))
