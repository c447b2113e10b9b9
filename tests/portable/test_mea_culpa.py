"""Mea Culpa rules, checked against the rulebook's own words and examples.

Portable: plain functions, run by pytest (CPython) and tests/helpers/mp_run.py
(MicroPython). Scenarios are reached by playing the real setup actions, then
placing pieces where an example needs them (as a table would) and driving
the engine through apply(). Quotes are from the Mea Culpa rulebook (Kopf &
Zoch, Zoch Verlag, 2016; docs/rules/mea-culpa.md).
"""

from shared_rules.game import CHANCE, TERMINAL, IllegalAction, replay
from shared_rules.mea_culpa import board as B
from shared_rules.mea_culpa import data as D
from shared_rules.mea_culpa import rules as M
from shared_rules.rng import Stream

# Seats for the rulebook's four players.
DOMINIK = 0
JOHANNA = 1
PAULA = 2
GREGOR = 3


def fresh(n=4, **options):
    return M.MeaCulpa(n, **options).new_initial_state()


def setup(n=4, start=None, bonuses=None, **options):
    """Play the setup: souls on Start (closest to Heaven first), bonuses in that
    order (donations into compartment I). Returns the state at the market draw."""
    st = fresh(n, **options)
    order = start if start is not None else list(range(n))
    for s in order:
        st.apply(M.START_BASE + s)
    picks = bonuses if bonuses is not None else [3, 2, 1, 0][:n]
    for b in picks:
        st.apply(M.BONUS_BASE + b)
        while st.stack[-1][0] == M.T_COMP:
            st.apply(M.COMP_BASE)
    return st


def deal(st, stones=(0, 0, 1, 1, 2, 3, 4), cards=(7, 7, 8, 9)):
    for k in stones:
        st.apply(M.DRAW_BASE + k)
    for c in cards:
        st.apply(M.CARD_BASE + c)


def bid(st, bids):
    for notches, taler in bids:
        st.apply(M.BID_BASE + taler * 8 + notches)


def to_actions(n=4, picks=None, bids=None, stones=(0, 0, 1, 1, 2, 3, 4), cards=(7, 7, 8, 9)):
    """A round set up and its characters chosen: seat s bids (n-s notches, 0 taler)
    unless given, so by default seat 0 is the Pope, 1 the Emperor, 2 the Merchant and
    3 the Petty Sinner; `picks` is the character each picker chooses in turn."""
    st = setup(n)
    deal(st, stones, cards)
    bid(st, bids or [(n - s, 0) for s in range(n)])
    for ch in picks or [0, 1, 2, 3][: max(n, 3)]:
        st.apply(M.PICK_BASE + ch)
        while st.stack[-1][0] == M.T_PRELIM:
            legal = st.legal_actions()
            st.apply(M.END if M.END in legal else legal[0])
        if st.stack[-1][0] == M.T_PETTY_VISIT:
            st.apply(M.END)
    return st


def test_setup_bonuses_and_bag():
    # "In order of distance from Hell, starting with the player whose poor soul is
    # closest to Heaven, each player chooses one starting bonus."
    st = fresh(4)
    for s in (2, 0, 3, 1):
        st.apply(M.START_BASE + s)
    assert st.current_player() == 2
    st.apply(M.BONUS_BASE + 0)  # 1 loaf and 1 bottle: "may be divided between the two compartments"
    assert st.current_player() == 2 and st.legal_actions() == [M.COMP_BASE, M.COMP_BASE + 1]
    st.apply(M.COMP_BASE)
    st.apply(M.COMP_BASE + 1)
    assert st.chest[2] == [[1, 0, 0, 0, 0], [0, 1, 0, 0, 0]]
    assert st.current_player() == 0
    st.apply(
        M.BONUS_BASE + 3
    )  # "Whoever chooses the Letter of Indulgence places it behind his screen."
    assert st.letters[0] == [0, 1, 0, 0]
    st.apply(M.BONUS_BASE + 2)  # seat 3: 10 taler, donated at once
    st.apply(M.COMP_BASE + 1)
    assert st.chest[3][1][4] == 10 and st.money[3] == 25
    st.apply(M.BONUS_BASE + 1)
    st.apply(M.COMP_BASE)
    # "The remaining goods and indulgence stones are placed in the goods bag."
    assert st.bag == [9, 8, 9, 6, 6]
    assert st.current_player() == CHANCE
    assert st.money == [25, 25, 25, 25]


def test_unchosen_bonus_goods_stay_in_the_bag():
    # "Starting bonuses that no one selects are returned to the supply."
    st = setup(2, bonuses=[3, 2])
    assert st.bag == [10, 9, 9, 7, 6]


def test_market_draws_seven_weighted_by_the_bag():
    # "Take 7 stones at random from the goods bag"
    st = setup(4, bonuses=[3, 2, 1, 0])
    assert st.chance_outcomes() == [(20, 9), (21, 8), (22, 9), (23, 6), (24, 6)]
    deal(st)
    assert sum(st.market) == 7 and st.market == [2, 2, 1, 1, 1]
    assert st.rooms == [7, 7, 8, 9] and st.suite5 == 1 and st.suite6 == 1
    # "If there is no yellow Letter of Indulgence in Suite 6, place one there."
    assert st.supply[M.YELLOW] == 9


def test_bidding_example():
    # "Dominik: 4 notches + 7 taler = 11. Johanna: 2 notches + 7 taler = 9. Paula: 3
    # notches + 12 taler = 15. Gregor: 1 notch + 8 taler = 9. Paula chooses a character
    # card first, followed by Dominik. Gregor's poor soul is closer to Hell than
    # Johanna's, so he chooses next. Dominik's etched post shows the most notches, so
    # he keeps his taler."
    st = setup(4, start=[JOHANNA, DOMINIK, PAULA, GREGOR])
    assert st.hell_key(GREGOR) > st.hell_key(JOHANNA)
    deal(st)
    bid(st, [(4, 7), (2, 7), (3, 12), (1, 8)])
    assert st.pick_order == [PAULA, DOMINIK, GREGOR, JOHANNA]
    assert st.current_player() == PAULA
    # "All other players must pay any taler they bid to the bank."
    assert st.money == [25, 18, 13, 17]
    # "Leave your etched post unchanged ... with the notches you bid showing"
    assert st.post == [4, 2, 3, 1]
    # "All etched posts and taler are then revealed simultaneously": announced
    assert st.announcements() == [
        {
            "kind": "bids",
            "bids": [[4, 7], [2, 7], [3, 12], [1, 8]],
            "order": [PAULA, DOMINIK, GREGOR, JOHANNA],
            "keeper": DOMINIK,
        }
    ]


def test_tied_notches_favour_the_soul_nearer_hell():
    # "Tied numbers of notches are resolved in the same way."
    st = setup(4, start=[0, 1, 2, 3])  # seat 3 nearest Hell
    deal(st)
    bid(st, [(5, 3), (5, 4), (2, 0), (5, 1)])
    assert st.keeper == 3
    assert st.money == [22, 21, 25, 25]
    # Bids 8, 9, 2, 6: seat 1 first.
    assert st.pick_order == [1, 0, 3, 2]


def test_bids_are_secret_until_all_revealed():
    # "All etched posts and taler are then revealed simultaneously."
    st = setup(4)
    deal(st)
    bid(st, [(3, 5)])
    assert st.observers() == (1,)
    assert "bids" not in st.view(2) and "bid" not in st.view(2)["me"]
    assert st.view(0)["me"]["bid"] == [3, 5]
    other = st.resample(2, Stream(b"r", "x"))
    assert other is not None and other.history() != st.history()
    assert other.view(2) == st.view(2)
    bid(st, [(1, 0), (1, 0), (1, 0)])
    assert st.view(2)["bids"][0] == [3, 5]


def test_two_players_choose_two_characters_each():
    # "Each player receives two character cards. The highest bidder chooses first,
    # followed by his opponent, then again the highest bidder and the last card goes
    # to his opponent."
    st = setup(2)
    deal(st)
    bid(st, [(1, 0), (2, 0)])
    assert st.pick_order == [1, 0, 1, 0]


def test_emperor_must_place_and_pope_may_move():
    st = setup(4)
    deal(st)
    bid(st, [(1, 0), (2, 0), (3, 0), (4, 0)])
    st.apply(M.PICK_BASE + M.EMPEROR)
    # "must place his building crew on a cathedral site": no pass.
    assert st.legal_actions() == [M.CREW_BASE, M.CREW_BASE + 1, M.CREW_BASE + 2]
    st.apply(M.CREW_BASE + 1)
    assert st.crews == [0, 1, 0] and st.emp_crew == 0
    st.apply(M.PICK_BASE + M.POPE)
    # "may move a Pope stone": END skips.
    assert M.END in st.legal_actions() and M.POPE_STONE_BASE + 1 in st.legal_actions()
    st.apply(M.POPE_STONE_BASE + 1)  # lust -> petty
    assert st.pope_stones == [0, 2, 1]


def test_petty_sinner_places_two_stones_and_may_visit_free():
    # "must place 2 sin stones in the Den of Petty Sins and may visit the House of
    # Pleasure immediately ... Do not rotate your etched post."
    st = setup(4)
    deal(st, cards=(3, 7, 8, 9))  # room 1: "All others move 5 steps" (+3)
    bid(st, [(6, 1), (2, 0), (3, 0), (1, 0)])
    assert st.current_player() == 0
    st.apply(M.PICK_BASE + M.PETTY)
    assert st.dens[D.DEN_PETTY] == [2, 0, 0, 0] and st.sins[0] == 5
    # Post 6 already: a normal visit to room 1 (+3) would be forbidden, but not for him.
    assert M.VISIT_BASE + 1 in st.legal_actions()
    st.apply(M.VISIT_BASE + 1)
    assert st.post[0] == 6
    # Seat 3 is nearest Hell and moves first (to 5); the others find 5, then 6 taken.
    assert st.pos == [0, 7, 6, 5]
    # "choose one room not already visited this round"
    assert st.rooms[0] == -1 and st.discard[3] == 1


def test_three_players_pope_remains_emperor_gets_both():
    # "If the Pope remains, the Emperor, in addition to his own Preliminary Action
    # (use of builders), gets that of the Pope (placement of Pope stone). He chooses
    # which to perform first."
    st = setup(3)
    deal(st)
    bid(st, [(1, 0), (2, 0), (3, 0)])  # seat 2 first, then 1, then 0
    st.apply(M.PICK_BASE + M.MERCHANT)
    st.apply(M.PICK_BASE + M.PETTY)
    st.apply(M.END)  # no visit
    st.apply(M.PICK_BASE + M.EMPEROR)  # last pick: the Pope remains
    legal = st.legal_actions()
    assert M.END in legal and M.CREW_BASE in legal and M.POPE_STONE_BASE + 1 in legal
    st.apply(M.POPE_STONE_BASE + 5)  # petty -> greed first
    assert st.legal_actions() == [M.CREW_BASE, M.CREW_BASE + 1, M.CREW_BASE + 2]
    st.apply(M.CREW_BASE)
    assert st.stack[-1][0] == M.T_TURN and st.current_player() == 0  # the Emperor starts


def test_three_players_emperor_remains_pope_builds_after_the_picks():
    # "If the Emperor remains, the Pope ... gets that of the Emperor (use of builders)"
    st = setup(3)
    deal(st)
    bid(st, [(1, 0), (2, 0), (3, 0)])
    st.apply(M.PICK_BASE + M.POPE)  # seat 2, first: nobody knows yet what remains
    st.apply(M.END)
    st.apply(M.PICK_BASE + M.MERCHANT)
    st.apply(M.PICK_BASE + M.PETTY)
    st.apply(M.END)
    assert st.current_player() == 2
    assert st.legal_actions() == [M.CREW_BASE, M.CREW_BASE + 1, M.CREW_BASE + 2]


def test_three_players_merchant_remains_nearest_hell_takes():
    # "If the Merchant remains, his Privilege is performed by the player whose poor
    # soul lies closest to Hell at the end of his turn."
    st = setup(3)
    deal(st)
    bid(st, [(1, 0), (2, 0), (3, 0)])
    st.apply(M.PICK_BASE + M.POPE)  # seat 2
    st.apply(M.END)
    st.apply(M.PICK_BASE + M.EMPEROR)  # seat 1
    st.apply(M.CREW_BASE)
    st.apply(M.PICK_BASE + M.PETTY)  # seat 0
    st.apply(M.END)
    st.pos = [0, 3, 0]  # seat 1 nearest Hell
    assert st.current_player() == 2  # the Pope's turn
    st.apply(M.END)
    assert st.current_player() == 1 and st.stack[-1][0] == M.T_TURN
    st.apply(M.END)
    assert st.stack[-1][0] == M.T_MERCHANT and st.current_player() == 1


def test_second_action_rotates_post_and_differs():
    # "You may, optionally, take a second action on your turn by rotating your etched
    # post one notch higher. This second action cannot be the same as your first."
    st = to_actions(4)
    assert st.current_player() == 0 and st.post[0] == 4
    bag = st.bag[0]
    st.apply(M.BUY_BASE + 0)
    legal = st.legal_actions()
    assert M.BUY_BASE + 1 not in legal and M.BUY_LETTER not in legal
    assert M.SELL_BASE + 0 in legal
    st.apply(M.SELL_BASE + 0)
    assert st.post[0] == 5
    assert st.money[0] == 25 - 2 + 6  # "2 taler for a loaf", "6 taler for a loaf"
    assert st.bag[0] == bag + 1  # "Put one of your goods ... back into the goods bag"
    # "You may not take more than two actions a turn."
    assert st.current_player() == 1


def test_no_second_action_at_six_notches():
    st = to_actions(4, bids=[(6, 0), (2, 0), (3, 0), (4, 0)], picks=[3, 0, 1, 2])
    # Seat 0 bid 6 notches and chose the Petty Sinner.
    assert st.holders[M.PETTY] == 0
    st.apply(M.END)  # Pope (seat 3)
    st.apply(M.END)  # Emperor (seat 2)
    st.apply(M.END)  # Merchant (seat 1) ...
    st.apply(M.MERCHANT_BASE + 0)  # ... takes a loaf
    assert st.current_player() == 0
    st.apply(M.BUY_BASE + 1)
    assert st.legal_actions() == [M.END]


def test_greedy_double_buy_sins():
    # "you may buy two identical goods for the price of one ... you must follow this
    # by placing a sin stone in the Den of Greed."
    st = to_actions(4)
    assert st.market[0] == 2
    st.apply(M.GREEDY_BASE + 0)
    assert st.goods[0][0] == 2 and st.money[0] == 23
    assert st.dens[D.DEN_GREED][0] == 1 and st.sins[0] == 6
    assert M.GREEDY_BASE + 2 not in st.legal_actions()  # only one cloth


def test_letter_purchase():
    # "Pay 4 taler to the bank then take one indulgence stone from the market and swap it
    # for a green or red Letter ... and the stone back in the goods bag."
    st = to_actions(4)
    bag = st.bag[4]
    st.apply(M.BUY_LETTER + 1)
    assert st.letters[0][M.GREEN] == 1 and st.money[0] == 21
    assert st.market[4] == 0 and st.bag[4] == bag + 1
    st.apply(M.END)
    # "If no indulgence stones are available, you cannot buy a Letter."
    assert M.BUY_LETTER not in st.legal_actions()


def test_merchant_takes_a_stone_even_after_passing():
    # "At the end of each of his turns, the Merchant takes any one stone from the
    # market free of charge."
    st = to_actions(4)
    st.apply(M.END)
    st.apply(M.END)
    assert st.holders[M.MERCHANT] == st.current_player() == 2
    st.apply(M.END)
    assert st.stack[-1][0] == M.T_MERCHANT
    st.apply(M.MERCHANT_BASE + 4)  # the indulgence stone, swapped for a red Letter
    assert st.letters[2][M.RED] == 1 and st.market[4] == 0


def test_market_empty_ends_the_phase_at_once():
    # "The Action Phase ends as soon as the last stone (good or indulgence) is taken
    # from the market, regardless of whose turn it is."
    st = to_actions(4, stones=(0, 0, 0, 0, 0, 0, 0))
    st.market = [2, 0, 0, 0, 0]
    assert st.current_player() == 0
    st.apply(M.GREEDY_BASE + 0)
    # No second action, no Merchant: the round is over and the next market is drawn.
    assert st.current_player() == CHANCE and st.round == 2
    assert st.goods[2] == [0, 0, 0, 0]


def test_donations_are_shown_but_compartments_secret():
    # "Show the other players the single good or single coin you wish to donate. Then
    # put it in either of your chest's compartments, without showing the other players
    # which compartment."
    st = to_actions(4)
    st.apply(M.DONATE_BASE + 7)  # a 10-taler coin
    assert st.observers() == (0,)
    shown = st.view(1)["chests"][0][4]
    st.apply(M.COMP_BASE + 1)
    assert st.view(1)["chests"][0][4] == shown + 10
    assert st.chest[0][1][4] == 10 and st.money[0] == 15
    other = None
    stream = Stream(b"c", "x")
    for _ in range(8):
        other = st.resample(1, stream)
        if other is not None and other.chest[0] != st.chest[0]:
            break
    assert other is not None and other.chest[0] != st.chest[0]
    assert other.view(1) == st.view(1)
    assert other.view(0) != st.view(0)
    again = replay(st.game, other.history())
    assert again.chest == other.chest and again.view(1) == other.view(1)


def test_emperor_may_donate_twice():
    # "The Privilege of the Emperor: The Emperor may make two donations"
    st = to_actions(4)
    st.apply(M.END)  # the Pope passes
    emperor = st.holders[M.EMPEROR]
    assert st.current_player() == emperor
    st.apply(M.DONATE_BASE + 6)
    st.apply(M.COMP_BASE)
    assert st.stack[-1][0] == M.T_DONATE2
    st.apply(M.DONATE_BASE + 5)
    st.apply(M.COMP_BASE + 1)
    assert st.chest[emperor][0][4] >= 5 and st.chest[emperor][1][4] >= 2
    assert st.stack[-1][0] == M.T_TURN and st.stack[-1][3] == 1


def test_visit_rooms_rotates_post_and_limit_six():
    # "rotate your etched post as many notches as the card there requires"; "It is
    # forbidden to visit a room ... that causes the etched post to be rotated past the
    # limit of 6 notches."
    st = to_actions(4, cards=(3, 7, 8, 9))  # room 1 costs 3
    st.apply(M.END)  # the Pope passes; the Emperor's turn
    seat = st.current_player()
    assert st.holders[M.EMPEROR] == seat and st.post[seat] == 3
    assert M.VISIT_BASE + 1 in st.legal_actions()
    st.post[seat] = 4
    assert M.VISIT_BASE + 1 not in st.legal_actions()
    assert M.VISIT_BASE + 2 in st.legal_actions()  # "New building crew" +1
    st.apply(M.VISIT_BASE + 2)
    assert st.post[seat] == 5
    assert st.legal_actions() == sorted(st.legal_actions())
    st.apply(M.CREW_BASE + 2)
    assert st.crews[2] == 1


def test_suites():
    # Suite 5: "Place one of your sin stones in the Den of Lust ... Choose one of rooms
    # 1 to 4 and carry out its card's action, without rotating your etched post."
    # Suite 6: "Rotate your etched post two notches higher ... Take the yellow Letter"
    st = to_actions(4, cards=(10, 7, 8, 9))  # room 1: 5 taler (assumed card)
    st.apply(M.END)  # the Pope passes
    seat = st.current_player()
    post = st.post[seat]
    money = st.money[seat]
    st.apply(M.VISIT_BASE + 5)
    assert st.dens[D.DEN_LUST][seat] == 1 and st.suite5 == 0
    assert st.legal_actions() == [
        M.SUITE5_BASE + 1,
        M.SUITE5_BASE + 2,
        M.SUITE5_BASE + 3,
        M.SUITE5_BASE + 4,
    ]
    st.apply(M.SUITE5_BASE + 1)
    assert st.money[seat] == money + 5 and st.post[seat] == post and st.rooms[0] == -1
    st.apply(M.BUY_BASE + 0)
    st.apply(M.END)  # merchant or next...
    while st.current_player() != seat:
        legal = st.legal_actions()
        st.apply(legal[0] if st.stack[-1][0] != M.T_TURN else M.END)
    assert M.VISIT_BASE + 5 not in st.legal_actions()  # Suite 5 is occupied
    st.post[seat] = 4
    st.apply(M.VISIT_BASE + 6)
    assert st.post[seat] == 6 and st.letters[seat][M.YELLOW] == 1 and st.suite6 == 0
    assert st.dens[D.DEN_LUST][seat] == 2


def _pope_turn(die, guess, post=1, card=3):
    st = to_actions(4, cards=(card, 7, 8, 9))
    pope = st.holders[M.POPE]
    assert st.current_player() == pope
    st.post[pope] = post
    st.apply(M.VISIT_POPE)
    assert st.current_player() == pope and st.observers() == (pope,)
    st.apply(M.DIE_BASE + die)
    guesser = st.current_player()
    return st, pope, guesser


def test_pope_incognito_not_caught():
    # "If he is not caught, he needs neither to rotate his etched post higher nor place
    # a sin stone in the Den of Lust."
    st, pope, guesser = _pope_turn(6, 1)
    # "the player whose poor soul lies nearest Hell declares where he believes the Pope"
    assert guesser == st._nearest_hell([s for s in range(4) if s != pope])
    assert "die" not in st.view(guesser)["me"] and st.view(pope)["me"]["die"] == 6
    other = st.resample(guesser, Stream(b"d", "x"))
    assert other is not None and other.view(guesser) == st.view(guesser)
    st.apply(M.GUESS_BASE + 1)
    assert st.post[pope] == 1 and st.dens[D.DEN_LUST][pope] == 0
    assert st.letters[pope][M.YELLOW] == 1 and st.pos[pope] == 0
    assert st.view(guesser)["pope_visit"] == [pope, 6, 1, 0]


def test_pope_incognito_caught():
    # "If he is caught, his poor soul on the Record of Sins moves one step towards Hell."
    st, pope, guesser = _pope_turn(6, 6)
    st.apply(M.GUESS_BASE + 6)
    assert st.pos[pope] == 1
    assert st.post[pope] == 3 and st.dens[D.DEN_LUST][pope] == 1
    news = st.announcements()
    assert news[0]["kind"] == "pope-visit" and news[0]["caught"] and news[0]["pope"] == pope
    assert news[0]["where"] == "suite 6" and news[0]["guessed"] == "suite 6"
    assert st.letters[pope][M.YELLOW] == 1


def test_pope_caught_past_six_notches():
    # "If the Pope accidentally chooses a room or suite whose action would cause his
    # etched post to be rotated to higher than 6 notches, his poor soul moves one step
    # towards Hell, his etched post is set to 6 notches and he does not carry out the
    # action."
    st, pope, guesser = _pope_turn(1, 1, post=5, card=3)  # room 1 costs 3
    st.apply(M.GUESS_BASE + 1)
    assert st.pos[pope] == 2 and st.post[pope] == 6
    assert st.pos[guesser] == 0  # "All others move 5 steps" was not carried out


def test_compare_posts_examples():
    # "Dominik and Gregor have 2 notches showing, Paula 4 and Johanna 5. Johanna's poor
    # soul descends 3 steps towards Hell, passing Paula's on its way."
    st = setup(4)
    st.pos = [1, 2, 4, 3]
    st.post = [2, 5, 4, 2]
    st._compare_posts()
    assert st.pos == [1, 5, 4, 3]
    # "Johanna has 1 notch showing, Gregor, Paula and Dominik each have 5. Dominik's
    # and Gregor's poor souls are closer to Hell than Paula's, so Paula moves hers 4
    # steps towards Hell."
    st = setup(4)
    st.pos = [6, 0, 1, 5]
    st.post = [5, 1, 5, 5]
    st._compare_posts()
    # 1 + 4 = 5 is Gregor's, 6 is Dominik's: "it instead moves to the next free space"
    assert st.pos == [6, 0, 7, 5]


def test_compare_posts_at_the_end_of_the_round():
    st = to_actions(4, stones=(0, 0, 0, 0, 0, 0, 0))
    # posts 4, 3, 2, 1 by seat; "Whoever's post shows the most notches moves his poor soul as
    # many steps towards Hell as that difference."
    st.market = [1, 0, 0, 0, 0]
    st.apply(M.BUY_BASE + 0)
    assert st.round == 2 and st.pos == [3, 0, 0, 0]


def test_movement_rules():
    st = setup(4)
    st.pos = [3, 4, 5, 0]
    # "If a poor soul would ever end its movement in an occupied space, it instead
    # moves to the next free space."
    st.move_hell(3, 3)
    assert st.pos[3] == 6
    # "If a poor soul would ever reach Hell, it doesn't move at all and instead stays
    # where it is."
    st.pos = [38, 40, 5, 0]
    st.move_hell(0, 3)
    assert st.pos[0] == 38
    st.move_hell(0, 2)  # 40 is taken, so the next free space is Hell
    assert st.pos[0] == 38
    st.move_hell(0, 1)
    assert st.pos[0] == 39
    clamp = setup(4, overshoot="clamp")
    clamp.pos = [38, 0, 0, 0]
    clamp.move_hell(0, 5)
    assert clamp.pos[0] == 40


def test_start_order_and_heaven_moves():
    # "The players' poor souls start the game in a random order in space 0 ... they will
    # each be different distances from Heaven and Hell."
    st = setup(4, start=[2, 0, 3, 1])
    assert st._by_hell(range(4)) == [1, 3, 0, 2]
    # "This applies also (when resolving Letters of Indulgence at the end of the game)
    # to the Start Position."
    st.pos = [2, 0, 0, 5]
    st.move_heaven(0, 2)
    assert st.pos[0] == -1
    st.move_heaven(3, 6)
    assert st.pos[3] == -2
    st.move_heaven(3, 100)
    st.move_heaven(0, 100)
    assert st.pos[3] == st.pos[0] == -st.heaven  # Heaven holds more than one soul


def test_den_punishment_example():
    # "Johanna moves a Pope stone. Now, all three Pope stones are above the Den of
    # Greed. ... Paula has 4 sin stones in those two Dens, so her poor soul moves 4 steps
    # towards Hell. Dominik has just one stone between the two, so his poor soul moves
    # 1 step. Gregor moves his poor soul 3 steps. Johanna's sins of lust and petty sins
    # are forgiven. All four players take back all their sin stones from the Den of Lust
    # and the Den of Petty Sins."
    st = setup(4)
    st.pos = [0, 5, 10, 20]
    st.pope_stones = [0, 1, 2]
    st.dens = [[1, 2, 2, 1], [0, 1, 2, 2], [1, 1, 0, 0]]
    st.sins = [5, 3, 3, 4]
    st.stack.append([M.T_PRELIM, JOHANNA, 1])
    st.apply(M.POPE_STONE_BASE + D.DEN_PETTY * 3 + D.DEN_GREED)
    assert st.pos == [1, 5, 14, 23]
    assert st.announcements() == [{"kind": "punishment", "spared": "greed", "steps": [1, 0, 4, 3]}]
    assert st.dens == [[0, 0, 0, 0], [0, 0, 0, 0], [1, 1, 0, 0]]
    assert st.sins == [6, 6, 7, 7]
    # "Finally, the three Pope stones are returned to their starting spaces"
    assert st.pope_stones == [1, 1, 1]


def test_running_out_of_sin_stones():
    # "If a player must place a sin stone but doesn't have any left, he must immediately
    # take back all sin stones from one Den of Sin of his choice, moving his poor soul
    # that many steps towards Hell. He then must place the sin stone(s) that he
    # originally lacked."
    st = to_actions(4)
    st.sins[0] = 0
    st.dens = [[3, 0, 0, 0], [4, 0, 0, 0], [0, 0, 0, 0]]
    st.apply(M.GREEDY_BASE + 0)
    assert st.current_player() == 0
    assert st.legal_actions() == [M.EMPTY_BASE + 0, M.EMPTY_BASE + 1]
    st.apply(M.EMPTY_BASE + 0)
    assert st.pos[0] == 3 and st.dens[D.DEN_GREED][0] == 1 and st.sins[0] == 2


def _finish_first_cathedral(st, seat):
    st.nave[0] = 1
    st.crews[0] = 1
    st.emp_crew = 1
    st.stack.append([M.T_PRELIM, seat, 2])
    st.apply(M.CREW_BASE + 0)


def test_donation_example():
    # "Paula's four loaves of bread are worth the same as Gregor's two bottles of wine.
    # Johanna has donated more, but the largest donation is Dominik's, so he chooses
    # first and takes the red Letter of Indulgence. Then Johanna takes a blue one. Again
    # back to Dominik, who also takes a blue one. Johanna takes the last blue one, leaving
    # Dominik the green. Paula and Gregor get nothing."
    assert B.CATHEDRAL_LETTERS[0][0] == (0, 3, 1, 1)  # 1 red, 3 blue, 1 green
    st = setup(4)
    for s in range(4):
        st.chest[s] = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
        st.letters[s] = [0, 0, 0, 0]
    st.chest[PAULA][0][0] = 4
    st.chest[GREGOR][0][1] = 2
    st.chest[JOHANNA][0][:2] = [1, 2]
    st.chest[DOMINIK][0][1] = 3
    bag = list(st.bag)
    supply = list(st.supply)
    _finish_first_cathedral(st, GREGOR)
    assert st.done[0] == 1 and st.current_player() == DOMINIK
    assert st.view(PAULA)["display"] == [0, DOMINIK, JOHANNA, 0, 3, 1, 1]
    st.apply(M.LETTER_PICK_BASE + M.RED)
    assert st.current_player() == JOHANNA
    st.apply(M.LETTER_PICK_BASE + M.BLUE)
    st.apply(M.LETTER_PICK_BASE + M.BLUE)
    st.apply(M.LETTER_PICK_BASE + M.BLUE)
    assert st.letters[DOMINIK] == [0, 1, 1, 1]
    assert st.letters[JOHANNA] == [0, 2, 0, 0]
    assert st.letters[PAULA] == [0, 0, 0, 0] and st.letters[GREGOR] == [0, 0, 0, 0]
    # "If no one has donated any bread or wine, leave the Letters in the supply."
    assert st.supply == [supply[0], supply[1] - 3, supply[2] - 1, supply[3] - 1]
    # "All players ... now return any goods they donated to the goods bag"
    assert st.bag[0] == bag[0] + 5 and st.bag[1] == bag[1] + 7
    assert st.chest[DOMINIK][0] == [0, 0, 0, 0, 0] and st.evaluated == 1
    assert st.view(PAULA)["evaluations"][0][:2] == [0, 0]


def test_donation_tie_favours_the_soul_nearer_hell():
    # "Had Paula given another loaf, she would have been tied with Johanna. The bigger
    # donor of these two would have been whoever's poor soul lay closer to Hell."
    st = setup(4)
    for s in range(4):
        st.chest[s] = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    st.chest[PAULA][0][0] = 5
    st.chest[JOHANNA][0][:2] = [1, 2]
    st.pos = [0, 3, 4, 0]
    _finish_first_cathedral(st, DOMINIK)
    assert st.stack[-1][2:4] == [PAULA, JOHANNA]
    st2 = setup(4)
    for s in range(4):
        st2.chest[s] = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    st2.chest[PAULA][0][0] = 5
    st2.chest[JOHANNA][0][:2] = [1, 2]
    st2.pos = [0, 4, 3, 0]
    _finish_first_cathedral(st2, DOMINIK)
    assert st2.stack[-1][2:4] == [JOHANNA, PAULA]


def test_two_player_donation_rule():
    # "The biggest donor (in each category) first takes two Letters, then his opponent
    # takes two if any remain. The biggest donor takes any remaining after this."
    st = setup(2)
    st.chest[0] = [[0, 3, 0, 0, 0], [0, 0, 0, 0, 0]]
    st.chest[1] = [[1, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
    st.letters = [[0, 0, 0, 0], [0, 0, 0, 0]]
    _finish_first_cathedral(st, 0)
    order = []
    while st.stack[-1][0] == M.T_EVAL_PICK and st.stack[-1][1] == 0:
        order.append(st.current_player())
        st.apply(st.legal_actions()[-1])
    # Seat 0 picks green, then red; three blue are left and are dealt out in turn.
    assert order == [0, 0]
    assert st.letters[0] == [0, 1, 1, 1] and st.letters[1] == [0, 2, 0, 0]


def test_second_cathedral_ends_the_game():
    # "After the second evaluation of donations the game ends." ... "the etched posts
    # are compared once more ... Next the collected Letters are scored."
    st = to_actions(4)
    st.evaluated = 1
    st.done[1] = 1
    st.post = [1, 1, 1, 3]
    st.letters = [[1, 1, 1, 1], [0, 0, 2, 1], [0, 0, 0, 0], [2, 2, 2, 3]]
    st.chest[2][1][4] = 5
    _finish_first_cathedral(st, 0)
    assert st.current_player() == TERMINAL
    # seat 3: 2 steps towards Hell, then 2 sets (16) + 1 = 17 towards Heaven.
    assert st.pos[3] == -15
    # The sole money donor takes the whole money display (1 of each colour, site A)...
    assert st.letters[2] == [1, 1, 1, 1]
    # ... and, nearer Hell than seat 0 on Start, reaches -8 first; seat 0 goes on to -9.
    assert st.pos[2] == -8 and st.pos[0] == -9 and st.pos[1] == -3
    assert st.returns() == [0, 0, 0, 1]
    assert st.summary()["pos_3"] == -15


def test_final_letters_and_heaven():
    # "For each set of four Letters (one red, one green, one yellow and one blue): 8
    # steps towards Heaven. For each remaining Letter: 1 step towards Heaven."
    # "Whoever has reached Heaven has won. This may be more than one player."
    st = setup(3, heaven=10)
    st.letters = [[2, 2, 2, 2], [1, 1, 1, 1], [3, 3, 3, 3]]
    st.pos = [5, 2, 7]
    st.post = [1, 1, 1]
    st._final()
    assert st.pos == [-10, -6, -10]
    assert st.winners == [0, 2]


def test_house_cards_gifts():
    # "If an opponent has the Emperor card and any Letters of Indulgence, he must give
    # you one of his choice." "If an opponent has the Pope card and one or more yellow
    # Letters of Indulgence, he must give you one of them."
    st = to_actions(4, cards=(0, 1, 7, 9))
    emperor = st.holders[M.EMPEROR]
    pope = st.holders[M.POPE]
    st.letters[emperor] = [0, 1, 2, 0]
    st.letters[pope] = [1, 0, 0, 0]
    st.apply(M.END)  # Pope passes
    st.apply(M.END)  # Emperor passes
    merchant = st.current_player()
    st.apply(M.VISIT_BASE + 1)  # Emperor card
    assert st.current_player() == emperor
    assert st.legal_actions() == [M.GIVE_BASE + M.BLUE, M.GIVE_BASE + M.RED]
    st.apply(M.GIVE_BASE + M.RED)
    assert st.letters[merchant][M.RED] == 1 and st.letters[emperor][M.RED] == 1
    assert st.post[merchant] == 3  # 2 notches bid, +1 for the card
    st.apply(M.BUY_BASE + 0)
    assert st.post[merchant] == 4  # the second action
    st.apply(M.MERCHANT_BASE + 0)
    petty = st.current_player()
    st.post[petty] = 6
    st.apply(M.VISIT_BASE + 2)  # Pope card (+3), free for the Petty Sinner
    assert st.letters[petty][M.YELLOW] == 1 and st.letters[pope][M.YELLOW] == 0


def test_house_cards_sins_for_opponents():
    # "Each opponent places 2 of his sin stones in the Den of Lust."
    st = to_actions(4, cards=(4, 5, 2, 9))
    st.apply(M.END)
    assert st.current_player() == 1 and st.post[1] == 3
    st.apply(M.VISIT_BASE + 1)
    assert st.dens[D.DEN_LUST] == [2, 0, 2, 2] and st.post[1] == 5
    st.apply(M.END)
    # "Each opponent moves his poor soul 3 steps towards Hell."
    st.apply(M.VISIT_BASE + 3)  # the Merchant, seat 2
    assert st.pos == [5, 4, 0, 3]  # seat 3 (nearest Hell) first, then 1, then 0


def test_sophisticated_penitent_reports():
    # "Anyone who commits such a petty sin in MEA CULPA must immediately place a sin
    # stone in the Den of Petty Sins." "He never has to place a sin stone in the Den of
    # Petty Sins for being caught committing a petty sin." (the Petty Sinner)
    st = to_actions(4)
    assert M.REPORT_BASE not in st.legal_actions()
    st = setup(4, penitent=True)
    deal(st)
    bid(st, [(1 + s, 0) for s in range(4)])
    for ch in (0, 1, 2, 3):
        st.apply(M.PICK_BASE + ch)
        while st.stack[-1][0] in (M.T_PRELIM, M.T_PETTY_VISIT):
            legal = st.legal_actions()
            st.apply(M.END if M.END in legal else legal[0])
    petty = st.holders[M.PETTY]
    reports = [a for a in st.legal_actions() if a >= M.REPORT_BASE]
    assert M.REPORT_BASE + petty not in reports and len(reports) == 3
    target = reports[0] - M.REPORT_BASE
    before = st.dens[D.DEN_PETTY][target]
    st.apply(reports[0])
    assert st.dens[D.DEN_PETTY][target] == before + 1
    assert reports[0] not in st.legal_actions()  # once per turn and target


def test_the_codec_names_every_action_and_encode_inverts_it():
    game = M.MeaCulpa(4)
    assert game.decode(M.DONATE_BASE + 6) == {"kind": "donate", "coin": 5}
    assert game.decode(M.GREEDY_BASE + 1) == {"kind": "buy-two", "good": "wine"}
    assert game.decode(M.VISIT_BASE + 5) == {"kind": "visit", "room": 5, "where": "suite 5"}
    assert game.decode(M.CREW_MOVE_BASE + 2) == {"kind": "move-crew", "from": "A", "to": "C"}
    assert game.decode(M.MERCHANT_BASE + 5) == {
        "kind": "merchant",
        "stone": "indulgence",
        "letter": "green",
    }
    assert game.encode({"kind": "compartment", "compartment": 2}) == M.COMP_BASE + 1
    assert game.encode({"kind": "bid", "notches": 3, "taler": 5}) == M.BID_BASE + 43
    seen = 0
    for code in range(0, 1200):
        try:
            data = game.decode(code)
        except IllegalAction:
            continue
        seen += 1
        assert game.encode(data) == code, (code, data)
    assert seen > 150
    for bad in (
        {"kind": "move-crew", "from": "A", "to": "A"},
        {"kind": "donate", "coin": 3},
        {"kind": "visit", "room": 7},
        {"kind": "nothing"},
    ):
        try:
            game.encode(bad)
            raise AssertionError("encoded %r" % (bad,))
        except IllegalAction:
            pass


def test_illegal_and_sorted():
    st = to_actions(4)
    legal = st.legal_actions()
    assert legal == sorted(set(legal))
    try:
        st.apply(M.SELL_BASE)
    except IllegalAction:
        pass
    else:
        raise AssertionError("selling a good not owned was accepted")


def test_random_games_end_with_returns():
    from shared_rules.laptop.driver import play

    for n in (2, 3, 4):
        g = M.MeaCulpa(n)
        st = play(g, b"portable-%d" % n)
        r = st.returns()
        assert st.is_terminal() and sum(r) >= 1 and len(r) == n
        assert st.evaluated == 2 and sum(st.done) == 2
        assert st.move_number() <= g.max_game_length()
        # "Whoever gets their poor soul to Heaven, or comes closest to doing so, wins"
        result = st.view(None)["result"]
        assert result["winners"] == [s for s in range(n) if r[s] == 1]
        in_heaven = [s for s in range(n) if st.pos[s] <= -st.heaven]
        assert result["by"] == ("heaven" if in_heaven else "closest")
        assert st.view(None)["hell_order"][-1] in result["winners"] or in_heaven


def test_resample_is_a_real_alternative_history():
    # A resampled state must be exactly what its edited history replays to, and look
    # the same to the seat it was drawn for.
    from shared_rules import canon
    from shared_rules.laptop.driver import RandomBot, choose, draw_chance

    game = M.MeaCulpa(3)
    chance = Stream(b"resample", b"chance")
    probe = Stream(b"resample", b"probe")
    bots = [RandomBot(game, b"resample", s) for s in range(3)]
    st = game.new_initial_state()
    found = 0
    while not st.is_terminal():
        if st.move_number() % 7 == 0:
            for seat in range(3):
                other = st.resample(seat, probe)
                if other is None:
                    continue
                found += 1
                again = replay(game, other.history())
                for s in range(3):
                    assert canon.dumps(again.view(s)) == canon.dumps(other.view(s))
                assert again.chest == other.chest and again.bid_t == other.bid_t
                assert canon.dumps(other.view(seat)) == canon.dumps(st.view(seat))
        p = st.current_player()
        st.apply(draw_chance(chance, st) if p == CHANCE else choose(bots[p], st, p))
    assert found > 5


# -- readings without a test of their own before (docs/rules/mea-culpa.md) --------------


def test_two_players_privileges_go_with_the_card_in_each_turn():
    # Reading A6: "The Privilege of the Emperor: The Emperor may make two donations";
    # with 2 players the privilege belongs to the player holding the card, in each of his
    # turns: seat 1 holds the Emperor and the Petty Sinner, and donates twice in the
    # Petty Sinner's turn too.
    st = to_actions(2, bids=[(1, 0), (2, 0)], picks=[M.EMPEROR, M.POPE, M.PETTY, M.MERCHANT])
    assert st.holders[M.EMPEROR] == st.holders[M.PETTY] == 1
    assert st.stack[-1][:3] == [M.T_TURN, 0, M.POPE]  # seat 0, without the Emperor
    st.apply(M.DONATE_BASE + 4)
    st.apply(M.COMP_BASE)
    assert M.DONATE_BASE + 4 not in st.legal_actions()  # "cannot be the same as your first"
    while st.stack[-1][:3] != [M.T_TURN, 1, M.PETTY]:  # the Petty Sinner's turn
        legal = st.legal_actions()
        st.apply(M.END if M.END in legal else legal[0])
    st.apply(M.DONATE_BASE + 4)  # a 1-taler coin
    st.apply(M.COMP_BASE)
    assert M.DONATE_BASE + 4 in st.legal_actions()  # the Emperor's second donation


def test_a_house_card_that_cannot_be_carried_out_has_no_effect():
    # Reading A17: "choose one room not already visited this round and enjoy the benefit
    # of its card"; only visited rooms and posts past 6 are forbidden. A "New building
    # crew" card with no crew in the builders' hut may be visited: the post turns, the
    # card is used, nothing is built.
    st = to_actions(4, cards=(7, 7, 8, 9))
    st.hut = 0
    st.apply(M.END)  # the Pope passes
    crews = list(st.crews)
    assert M.VISIT_BASE + 1 in st.legal_actions()
    st.apply(M.VISIT_BASE + 1)
    assert st.crews == crews and st.post[1] == 4  # 3 notches bid, +1 for the card
    assert st.rooms[0] < 0  # the card went to the discard pile


def test_moving_a_crew_onto_a_crew_completes_a_nave_and_finished_sites_take_none():
    # Reading A18: "Two building crews at one site: swap them for a nave" also when the
    # second one is moved there by a House card. Reading A19: a finished cathedral has
    # no site left, so it takes no crew.
    st = to_actions(4, cards=(6, 7, 8, 9))
    assert st.crews == [1, 0, 0]  # the Emperor placed his crew on site A
    st.crews[1] = 1
    st.done[2] = 1
    st.apply(M.END)  # the Pope passes
    st.apply(M.VISIT_BASE + 1)  # "Move a building crew"
    assert st.legal_actions() == [M.CREW_MOVE_BASE + 0 * 3 + 1, M.CREW_MOVE_BASE + 1 * 3 + 0]
    hut = st.hut
    st.apply(M.CREW_MOVE_BASE + 0 * 3 + 1)  # from A onto B's crew
    assert st.crews == [0, 0, 0] and st.nave[1] == 1 and st.hut == hut + 2
    st = setup(4)
    deal(st)
    bid(st, [(1, 0), (2, 0), (3, 0), (4, 0)])
    st.done[2] = 1
    st.apply(M.PICK_BASE + M.EMPEROR)
    assert st.legal_actions() == [M.CREW_BASE, M.CREW_BASE + 1]  # not the finished site C


def test_letters_that_ran_out_cannot_be_bought():
    # Reading A22: "swap it for a green or red Letter of Indulgence taken from the
    # supply": with no red or green Letter left, a Letter cannot be bought; the Merchant
    # may still take the indulgence stone (for nothing).
    st = to_actions(4)
    st.supply[M.RED] = 0
    st.supply[M.GREEN] = 0
    assert st.market[M.INDULGENCE] == 1
    assert M.BUY_LETTER not in st.legal_actions() and M.BUY_LETTER + 1 not in st.legal_actions()
    st.apply(M.END)  # the Pope
    st.apply(M.END)  # the Emperor
    st.apply(M.END)  # the Merchant passes, then takes a stone
    assert M.MERCHANT_BASE + 6 in st.legal_actions()


def test_souls_left_on_the_start_at_the_end():
    # Reading A30: "If a poor soul would ever end its movement in an occupied space, it
    # instead moves to the next free space. This applies also (when resolving Letters of
    # Indulgence at the end of the game) to the Start Position." A soul without Letters
    # does not move and may stay on the Start with others, ranked by the drawn order; one
    # whose move ends on the occupied Start goes on.
    st = setup(3, heaven=10)  # seat 0 drawn closest to Heaven
    st.letters = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 0]]
    st.pos = [0, 0, 1]
    st.post = [1, 1, 1]
    st._final()
    assert st.pos == [0, 0, -1] and st.winners == [2]
    st = setup(3, heaven=10)
    st.letters = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
    st.pos = [0, 0, 0]
    st.post = [1, 1, 1]
    st._final()
    assert st.pos == [0, 0, 0] and st.winners == [0]
