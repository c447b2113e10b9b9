"""Mea Culpa: referee scenarios written from the rulebook, one rule each.

Independent of tests/portable/test_mea_culpa.py: every scenario is reached by
the real setup actions (chance outcomes chosen by the test), pieces placed
where the scenario needs them (as a table would), and driven through apply().
The expected numbers are worked out by hand from the quoted rule, not read
back from the engine. Quotes are from the Mea Culpa rulebook (Kopf & Zoch, Zoch
Verlag, 2016; docs/rules/mea-culpa.md). Portable: plain functions, CPython and
MicroPython.
"""

from shared_rules.game import CHANCE, TERMINAL, IllegalAction
from shared_rules.mea_culpa import board as B
from shared_rules.mea_culpa import data as D
from shared_rules.mea_culpa import rules as M

BREAD = 0
WINE = 1
CLOTH = 2
JEWEL = 3
STONE = 4
LUST = D.DEN_LUST
PETTY = D.DEN_PETTY
GREED = D.DEN_GREED
TAKE_GOOD_CARD = 9  # "Take 1 Good from the Market" (+2)
NEW_CREW_CARD = 7  # "Place a new building crew" (+1)
POPE_STONE_CARD = 8  # "Move a Pope stone" (+2)
OTHERS_5_CARD = 3  # "All others move 5 steps towards Hell" (+3)
OTHERS_3_CARD = 2  # "All others move 3 steps towards Hell" (+2)
GREED_SINS_CARD = 5  # "Place 2 sin stones in the Den of Greed" (+2)


def new(n=4, **options):
    return M.MeaCulpa(n, **options).new_initial_state()


def started(n=4, start=None, **options):
    """Souls on Start (listed closest to Heaven first), every bonus taken and its
    donation put in compartment I, then every chest and screen cleared so that a
    scenario starts from known holdings: 25 taler, nothing else."""
    st = new(n, **options)
    for s in start if start is not None else range(n):
        st.apply(M.START_BASE + s)
    for b in (3, 2, 1, 0)[:n]:
        st.apply(M.BONUS_BASE + b)
        while st.stack[-1][0] == M.T_COMP:
            st.apply(M.COMP_BASE)
    for s in range(n):
        st.chest[s] = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
        st.letters[s] = [0, 0, 0, 0]
        st.goods[s] = [0, 0, 0, 0]
    st.supply = list(B.LETTERS[0])
    st.supply[M.YELLOW] -= 1  # nothing is in Suite 6 until the round is prepared
    assert st.current_player() == CHANCE
    return st


def deal(st, stones=(0, 0, 1, 2, 3, 4, 4), cards=(7, 8, 9, 6)):
    for k in stones:
        st.apply(M.DRAW_BASE + k)
    for c in cards:
        st.apply(M.CARD_BASE + c)
    assert st.stack[-1][0] == M.T_BIDS


def bid(st, bids):
    for notches, taler in bids:
        st.apply(M.BID_BASE + taler * 8 + notches)


def choose(st, picks):
    """Each picker in turn takes the next character of `picks`; optional
    preliminary actions are skipped, the Emperor builds on the first open site."""
    for ch in picks:
        st.apply(M.PICK_BASE + ch)
        while st.stack[-1][0] in (M.T_PRELIM, M.T_PETTY_VISIT):
            legal = st.legal_actions()
            st.apply(M.END if M.END in legal else legal[0])


def action_phase(n=4, start=None, stones=(0, 0, 1, 2, 3, 4, 4), cards=(7, 8, 9, 6), **options):
    """Seat s bids n-s notches and no taler and the picks go Pope, Emperor,
    Merchant, Petty Sinner: seat 0 Pope (post n), seat 1 Emperor, seat 2
    Merchant, seat 3 Petty Sinner. Returns the state at the Pope's first turn."""
    st = started(n, start, **options)
    deal(st, stones, cards)
    bid(st, [(n - s, 0) for s in range(n)])
    choose(st, [M.POPE, M.EMPEROR, M.MERCHANT, M.PETTY][: max(n, 3)])
    return st


# -- 2. Choosing characters: the auction ------------------------------------------


def test_auction_highest_total_chooses_first_most_notches_keeps_taler():
    # "Your bid equals the sum of the notches showing and any added taler" ... "The
    # highest bidder then takes the character card of his choice ... Then, in
    # descending order of bids, each other player chooses" ... "The player who
    # revealed the most notches keeps any taler he bid. All other players must pay
    # any taler they bid to the bank." ... "If any bids are tied, the bid of the tied
    # player whose poor soul is closer to Hell is considered higher."
    st = started(4, start=[0, 1, 2, 3])  # seat 3 nearest Hell, seat 0 nearest Heaven
    deal(st)
    bid(st, [(6, 1), (1, 9), (3, 4), (2, 5)])  # 7, 10, 7, 7
    assert st.pick_order == [1, 3, 2, 0]
    assert st.keeper == 0
    assert st.money == [25, 16, 21, 20]  # seat 0 keeps his 1 taler
    # "Leave your etched post unchanged ... with the notches you bid showing"
    assert st.post == [6, 1, 3, 2]
    assert st.current_player() == 1
    assert st.legal_actions() == [M.PICK_BASE + c for c in range(4)]


def test_auction_tied_notches_and_tied_totals_go_to_the_soul_nearer_hell():
    # "his bid is considered higher than other tied bids; his notch count is
    # considered higher than etched posts set identically."
    st = started(4, start=[0, 1, 2, 3])
    deal(st)
    st.pos = [5, 0, 2, 0]  # nearest Hell: seat 0, seat 2, seat 3 (Start), seat 1
    bid(st, [(4, 3), (4, 2), (4, 1), (1, 6)])  # totals 7, 6, 5, 7
    assert st.keeper == 0  # three posts show 4 notches: seat 0 is nearest Hell
    assert st.money == [25, 23, 24, 19]
    assert st.pick_order == [0, 3, 1, 2]


def test_souls_sharing_start_are_ranked_by_the_drawn_order():
    # "The players' poor souls start the game in a random order in space 0 ...
    # Therefore, they will each be different distances from Heaven and Hell."
    st = started(4, start=[2, 0, 3, 1])  # seat 1 placed last: nearest Hell
    deal(st)
    bid(st, [(2, 0), (2, 0), (2, 0), (2, 0)])
    assert st.pick_order == [1, 3, 0, 2]
    assert st.keeper == 1


def test_bid_is_one_to_six_notches_plus_taler_held():
    # Etched post faces show 1..6 notches; taler come from behind the screen.
    st = started(4)
    deal(st)
    legal = st.legal_actions()
    assert len(legal) == 6 * 26
    assert M.BID_BASE + 0 * 8 + 1 in legal and M.BID_BASE + 25 * 8 + 6 in legal
    for bad in (M.BID_BASE, M.BID_BASE + 7, M.BID_BASE + 26 * 8 + 1):
        assert bad not in legal
        try:
            st.apply(bad)
        except IllegalAction:
            pass
        else:
            raise AssertionError("bid %d accepted" % bad)


def test_two_players_pick_high_low_high_low():
    # "The highest bidder chooses first, followed by his opponent, then again the
    # highest bidder and the last card goes to his opponent."
    st = started(2, start=[0, 1])
    deal(st)
    bid(st, [(1, 3), (3, 0)])  # totals 4 and 3; seat 1 keeps nothing to keep
    assert st.pick_order == [0, 1, 0, 1]
    assert st.keeper == 1 and st.money == [22, 25]
    st.apply(M.PICK_BASE + M.MERCHANT)
    st.apply(M.PICK_BASE + M.EMPEROR)
    st.apply(M.CREW_BASE + 2)  # "must place his building crew"
    st.apply(M.PICK_BASE + M.POPE)
    st.apply(M.END)
    assert st.legal_actions() == [M.PICK_BASE + M.PETTY]
    st.apply(M.PICK_BASE + M.PETTY)
    assert st.holders == [0, 1, 0, 1]


# -- 3. The Action Phase -----------------------------------------------------------


def test_turn_order_pope_emperor_merchant_petty_sinner():
    # "The Pope (1) starts the round, followed by the Emperor (2), then the Merchant
    # (3) and then the Petty Sinner (4). Then again in the same order"
    st = started(4)
    deal(st)
    bid(st, [(1, 0), (2, 0), (3, 0), (4, 0)])  # seat 3 picks first
    choose(st, [M.PETTY, M.MERCHANT, M.POPE, M.EMPEROR])
    assert st.holders == [1, 0, 2, 3]
    seen = []
    for _ in range(4):
        seen.append(st.current_player())
        st.apply(M.END)
        if st.stack[-1][0] == M.T_MERCHANT:
            st.apply(M.MERCHANT_BASE + BREAD)
    assert seen == [1, 0, 2, 3]
    assert st.current_player() == 1


def test_second_action_turns_the_post_and_must_differ():
    # "You may, optionally, take a second action on your turn by rotating your etched
    # post one notch higher. This second action cannot be the same as your first."
    st = action_phase()
    assert st.post[0] == 4
    st.apply(M.BUY_BASE + CLOTH)
    legal = st.legal_actions()
    for a in (M.BUY_BASE + BREAD, M.GREEDY_BASE + BREAD, M.BUY_LETTER, M.BUY_LETTER + 1):
        assert a not in legal
    assert st.post[0] == 4  # the first action turns nothing
    st.apply(M.SELL_BASE + CLOTH)
    assert st.post[0] == 5
    # "You may not take more than two actions a turn."
    assert st.current_player() == 1


def test_second_action_visit_must_fit_under_six_after_the_extra_notch():
    # "It is forbidden to visit a room ... that causes the etched post to be rotated
    # past the limit of 6 notches." The second action itself turns the post first.
    st = action_phase(cards=(NEW_CREW_CARD, POPE_STONE_CARD, TAKE_GOOD_CARD, 6))
    st.apply(M.END)  # the Pope
    assert st.current_player() == 1
    st.post[1] = 4
    st.apply(M.BUY_BASE + BREAD)
    legal = st.legal_actions()
    assert M.VISIT_BASE + 1 in legal  # 4 + 1 + 1 = 6
    assert M.VISIT_BASE + 2 not in legal and M.VISIT_BASE + 3 not in legal  # 4 + 1 + 2
    assert M.VISIT_BASE + 6 not in legal  # Suite 6: 4 + 1 + 2
    assert M.VISIT_BASE + 5 in legal  # Suite 5 turns nothing
    st.apply(M.VISIT_BASE + 1)
    assert st.post[1] == 6


def test_no_second_action_with_six_notches_showing():
    st = action_phase()
    st.post[0] = 6
    st.apply(M.BUY_BASE + BREAD)
    assert st.legal_actions() == [M.END]


def test_greedy_buy_two_identical_goods_for_one_price_and_a_greed_stone():
    # "If the market contains two or more goods of a single type when you perform a
    # Buy Action, you may buy two identical goods for the price of one. ... you must
    # follow this by placing a sin stone in the Den of Greed."
    st = action_phase()  # market: 2 bread, 1 wine, 1 cloth, 1 jewel, 2 indulgence
    legal = st.legal_actions()
    assert M.GREEDY_BASE + BREAD in legal
    assert M.GREEDY_BASE + WINE not in legal and M.GREEDY_BASE + CLOTH not in legal
    st.apply(M.GREEDY_BASE + BREAD)
    assert st.goods[0] == [2, 0, 0, 0] and st.money[0] == 25 - B.PRICES[BREAD][0]
    assert st.market == [0, 1, 1, 1, 2]
    assert st.dens[GREED] == [1, 0, 0, 0] and st.sins[0] == 6


def test_letter_purchase_four_taler_stone_back_to_bag():
    # "Pay 4 taler to the bank then take one indulgence stone from the market and
    # swap it for a green or red Letter ... Put the Letter behind your screen and the
    # stone back in the goods bag."
    st = action_phase()
    bag = st.bag[STONE]
    st.apply(M.BUY_LETTER)  # red
    assert st.letters[0] == [0, 0, 1, 0] and st.money[0] == 21
    assert st.market[STONE] == 1 and st.bag[STONE] == bag + 1
    assert st.supply[M.RED] == B.LETTERS[0][M.RED] - 1


def test_sell_at_the_sale_price_goods_back_to_the_bag():
    # "Put one of your goods from behind your screen back into the goods bag and take
    # from the bank its sale price (e.g. 6 taler for a loaf of bread)."
    st = action_phase()
    st.goods[0][BREAD] = 1
    bag = st.bag[BREAD]
    st.apply(M.SELL_BASE + BREAD)
    assert st.money[0] == 31 and st.goods[0][BREAD] == 0 and st.bag[BREAD] == bag + 1
    # "Goods already donated and Letters of Indulgence cannot be sold."
    assert [a for a in st.legal_actions() if M.SELL_BASE <= a < M.VISIT_BASE] == []


def test_merchant_takes_a_stone_at_the_end_of_each_turn_indulgence_for_a_letter():
    # "At the end of each of his turns, the Merchant takes any one stone from the
    # market free of charge. ... If he takes an indulgence stone, he swaps it for a
    # red or green Letter of Indulgence, putting the Letter behind his screen and the
    # stone back in the goods bag."
    st = action_phase()
    st.apply(M.END)
    st.apply(M.END)
    assert st.current_player() == 2
    st.apply(M.BUY_BASE + BREAD)
    st.apply(M.END)
    assert st.stack[-1][0] == M.T_MERCHANT and M.END not in st.legal_actions()
    bag = st.bag[STONE]
    st.apply(M.MERCHANT_BASE + 5)  # green
    assert st.letters[2] == [0, 0, 0, 1] and st.money[2] == 23
    assert st.market == [1, 1, 1, 1, 1] and st.bag[STONE] == bag + 1
    assert st.current_player() == 3


def test_market_emptied_by_the_merchant_ends_the_phase_before_the_next_turn():
    # "The Action Phase ends as soon as the last stone (good or indulgence) is taken
    # from the market, regardless of whose turn it is." Then "4. Compare the Etched
    # Posts": posts 4, 3, 2, 1 -> seat 0 moves 3 steps.
    st = action_phase()
    st.market = [0, 0, 0, 1, 0]
    st.apply(M.END)
    st.apply(M.END)
    st.apply(M.END)
    st.apply(M.MERCHANT_BASE + JEWEL)
    assert st.goods[2] == [0, 0, 0, 1]
    assert st.round == 2 and st.current_player() == CHANCE
    assert st.pos == [3, 0, 0, 0]


def test_last_stone_taken_by_a_first_action_ends_the_turn_at_once():
    st = action_phase()
    st.market = [0, 0, 0, 0, 1]
    st.goods[0][BREAD] = 1
    st.apply(M.BUY_LETTER + 1)
    # No second action (the bread is not sold), no further turn.
    assert st.goods[0][BREAD] == 1 and st.round == 2
    assert st.current_player() == CHANCE


def test_donation_shown_compartment_secret_and_emperor_donates_twice():
    # "Show the other players the single good or single coin you wish to donate. Then
    # put it in either of your chest's compartments" ... "The Emperor may make two
    # donations, of one or two types, and may divide them between his chest's
    # compartments as he likes."
    st = action_phase()
    st.apply(M.END)  # the Pope
    st.goods[1][WINE] = 1
    st.apply(M.DONATE_BASE + WINE)
    assert st.observers() == (1,)
    st.apply(M.COMP_BASE)
    assert st.stack[-1][0] == M.T_DONATE2 and M.END in st.legal_actions()
    st.apply(M.DONATE_BASE + 4 + 3)  # a 10-taler coin
    st.apply(M.COMP_BASE + 1)
    assert st.chest[1] == [[0, 1, 0, 0, 0], [0, 0, 0, 0, 10]]
    assert st.money[1] == 15 and st.goods[1][WINE] == 0
    # Both donations were one action: a second (other) action is still possible.
    assert st.stack[-1][0] == M.T_TURN and st.stack[-1][3] == 1
    assert [a for a in st.legal_actions() if M.DONATE_BASE <= a < M.BUY_LETTER] == []


# -- the House of Pleasure ------------------------------------------------------------


def test_room_rotates_post_and_is_used_up_for_the_round():
    # "rotate your etched post as many notches as the card there requires ... Carry
    # out the card's action. Place the card face up in the discard pile"
    st = action_phase(cards=(TAKE_GOOD_CARD, 7, 8, 6))
    st.apply(M.END)  # the Pope
    st.post[1] = 2
    st.apply(M.VISIT_BASE + 1)
    assert st.post[1] == 4
    # "Take 1 Good from the Market": goods only (reading A11), not the indulgence stones.
    assert st.legal_actions() == [M.TAKE_BASE + g for g in range(4)]
    st.apply(M.TAKE_BASE + JEWEL)
    assert st.goods[1][JEWEL] == 1 and st.market[JEWEL] == 0 and st.money[1] == 25
    assert st.rooms[0] == -1 and st.discard[TAKE_GOOD_CARD] == 1
    st.apply(M.END)
    # "choose one room not already visited this round"
    assert M.VISIT_BASE + 1 not in st.legal_actions()
    assert M.VISIT_BASE + 2 in st.legal_actions()


def test_suite_5_lust_stone_borrowed_card_without_rotation():
    # "Visit Suite 5: Place one of your sin stones in the Den of Lust ... Flip the card
    # in Suite 5 to its "occupied" side. Choose one of rooms 1 to 4 and carry out its
    # card's action, without rotating your etched post."
    st = action_phase(cards=(OTHERS_3_CARD, 7, 8, 6))
    st.apply(M.END)  # the Pope
    st.apply(M.VISIT_BASE + 5)  # the Emperor, seat 1
    assert st.dens[LUST] == [0, 1, 0, 0] and st.suite5 == 0
    assert st.legal_actions() == [M.SUITE5_BASE + r for r in (1, 2, 3, 4)]
    st.apply(M.SUITE5_BASE + 1)
    assert st.post[1] == 3
    assert st.pos == [5, 0, 4, 3]  # seat 3 nearest Hell moves first, then 2, then 0
    assert st.rooms[0] == -1 and st.discard[OTHERS_3_CARD] == 1
    st.apply(M.END)
    st.apply(M.END)  # the Merchant
    st.apply(M.MERCHANT_BASE + BREAD)
    # The Petty Sinner: no rotation, but the Lust stone all the same; Suite 5 is taken.
    assert M.VISIT_BASE + 5 not in st.legal_actions()


def test_petty_sinner_free_visit_counts_and_suite_still_costs_a_lust_stone():
    # "must place 2 sin stones in the Den of Petty Sins and may visit the House of
    # Pleasure immediately" ... "Do not rotate your etched post." Suite 6: "Place one
    # of your sin stones in the Den of Lust (except an undiscovered Pope)."
    st = started(4)
    deal(st)
    bid(st, [(6, 0), (1, 0), (1, 0), (1, 0)])
    st.apply(M.PICK_BASE + M.PETTY)
    assert st.dens[PETTY] == [2, 0, 0, 0]
    assert st.current_player() == 0 and M.VISIT_BASE + 6 in st.legal_actions()
    st.apply(M.VISIT_BASE + 6)
    assert st.post[0] == 6 and st.letters[0][M.YELLOW] == 1
    assert st.dens[LUST] == [1, 0, 0, 0] and st.sins[0] == 4
    assert st.suite6 == 0


def test_suite_6_needs_a_yellow_letter_and_one_is_put_back_next_round():
    # "Visit Suite 6 (only if a yellow Letter of Indulgence is present)" ... "If there
    # is no yellow Letter of Indulgence in Suite 6, place one there."
    st = action_phase()
    st.apply(M.END)  # the Pope
    st.post[1] = 1
    st.apply(M.VISIT_BASE + 6)
    assert st.post[1] == 3 and st.letters[1][M.YELLOW] == 1 and st.dens[LUST][1] == 1
    st.apply(M.END)
    assert M.VISIT_BASE + 6 not in st.legal_actions()
    yellow = st.supply[M.YELLOW]
    st.market = [0, 0, 0, 0, 1]
    st.apply(M.BUY_LETTER)
    assert st.round == 2 and st.suite6 == 1 and st.supply[M.YELLOW] == yellow - 1


def test_others_move_to_hell_nearest_hell_first():
    # "Each opponent moves his poor soul 5 steps towards Hell." ... "If more than one
    # poor soul must move towards Hell at the same time: first move the poor soul that
    # is closest to Hell, followed by the others in order of increasing distance"
    st = action_phase(cards=(OTHERS_5_CARD, 7, 8, 6))
    st.apply(M.END)  # the Pope
    st.pos = [3, 1, 8, 0]
    st.post[1] = 3
    st.apply(M.VISIT_BASE + 1)  # the Emperor
    # seat 2: 8 -> 13; seat 0: 3 -> 8 (free again); seat 3: 0 -> 5.
    assert st.pos == [8, 1, 13, 5]
    assert st.post[1] == 6


def test_others_place_sin_stones_running_out_is_their_choice():
    # "Each opponent places 2 of his sin stones in the Den of Greed." ... "If a player
    # must place a sin stone but doesn't have any left, he must immediately take back
    # all sin stones from one Den of Sin of his choice, moving his poor soul that many
    # steps towards Hell. He then must place the sin stone(s) that he originally lacked."
    st = action_phase(cards=(GREED_SINS_CARD, 7, 8, 6))
    st.sins[2] = 1
    st.dens[LUST][2] = 4
    st.dens[PETTY][2] = 2
    st.sins[3] = 5  # the Petty Sinner's two stones are in the Den of Petty Sins
    st.apply(M.END)  # the Pope
    st.post[1] = 1
    st.apply(M.VISIT_BASE + 1)  # the Emperor
    # Seats 3, 2, 0 (nearest Hell first) place two each; seat 2 has one stone, then
    # must choose a den.
    assert st.current_player() == 2 and st.dens[GREED] == [0, 0, 1, 2]
    assert st.legal_actions() == [M.EMPTY_BASE + LUST, M.EMPTY_BASE + PETTY, M.EMPTY_BASE + GREED]
    st.apply(M.EMPTY_BASE + LUST)
    assert st.pos[2] == 4 and st.dens[LUST][2] == 0
    assert st.dens[GREED] == [2, 0, 2, 2] and st.sins[2] == 3
    assert st.current_player() == 1 and st.stack[-1][0] == M.T_TURN


def _greed_card_with_one_stone(**options):
    """Seat 2 must place 2 stones in the Den of Greed (a House card) with 1 left."""
    st = action_phase(cards=(GREED_SINS_CARD, 7, 8, 6), **options)
    st.sins[2] = 1
    st.dens[LUST][2] = 4
    st.dens[PETTY][2] = 2
    st.sins[3] = 5
    st.apply(M.END)  # the Pope
    st.post[1] = 1
    st.apply(M.VISIT_BASE + 1)  # the Emperor
    return st


def test_running_out_one_at_a_time_the_stone_just_placed_counts():
    # Default reading (out_of_stones=one_at_a_time): he places the stone he has, then
    # lacks one; the den he empties may be the Den of Greed, so the stone placed a
    # moment ago comes back and counts as a step.
    st = _greed_card_with_one_stone()
    assert st.dens[GREED][2] == 1 and st.sins[2] == 0
    st.apply(M.EMPTY_BASE + GREED)
    assert st.pos[2] == 1 and st.dens[GREED][2] == 1 and st.sins[2] == 0


def test_running_out_empty_first_then_place_them_all():
    # The other reading (out_of_stones=empty_first): "he must immediately take back all
    # sin stones from one Den of Sin of his choice ... He then must place the sin
    # stone(s) that he originally lacked": he empties a den before placing any, so the
    # Den of Greed (none of his stones yet) is not a choice.
    st = _greed_card_with_one_stone(out_of_stones="empty_first")
    assert st.current_player() == 2 and st.dens[GREED][2] == 0 and st.sins[2] == 1
    assert st.legal_actions() == [M.EMPTY_BASE + LUST, M.EMPTY_BASE + PETTY]
    st.apply(M.EMPTY_BASE + PETTY)
    assert st.pos[2] == 2 and st.dens[GREED][2] == 2 and st.sins[2] == 1


def test_running_out_may_empty_a_second_den():
    # "If he still does not have enough, he must empty another Den of Sin in the
    # same way."
    st = started(4)
    deal(st)
    st.sins[0] = 0
    st.dens[LUST][0] = 1
    st.dens[GREED][0] = 6
    bid(st, [(6, 0), (1, 0), (1, 0), (1, 0)])
    st.apply(M.PICK_BASE + M.PETTY)  # two stones into the Den of Petty Sins
    assert st.legal_actions() == [M.EMPTY_BASE + LUST, M.EMPTY_BASE + GREED]
    st.apply(M.EMPTY_BASE + LUST)
    assert st.pos[0] == 1 and st.dens[PETTY][0] == 1 and st.sins[0] == 0
    assert st.legal_actions() == [M.EMPTY_BASE + PETTY, M.EMPTY_BASE + GREED]
    st.apply(M.EMPTY_BASE + GREED)
    assert st.pos[0] == 7 and st.dens[PETTY][0] == 2 and st.sins[0] == 5
    assert st.stack[-1][0] == M.T_PETTY_VISIT


# -- the Pope's incognito visit ----------------------------------------------------------


def _pope_sets_die(die, post=1, cards=(OTHERS_5_CARD, 7, 8, 6), **options):
    st = action_phase(cards=cards, **options)
    st.post[0] = post
    legal = st.legal_actions()
    # "The Pope visits the House of Pleasure incognito and doesn't say which room"
    assert M.VISIT_POPE in legal
    assert [a for a in legal if M.VISIT_BASE < a < M.VISIT_POPE] == []
    st.apply(M.VISIT_POPE)
    st.apply(M.DIE_BASE + die)
    return st


def test_pope_not_caught_no_rotation_no_lust_stone():
    # "If he is not caught, he needs neither to rotate his etched post higher nor place
    # a sin stone in the Den of Lust."
    st = _pope_sets_die(6, post=5)
    st.apply(M.GUESS_BASE + 5)
    assert st.pos[0] == 0 and st.post[0] == 5
    assert st.dens[LUST][0] == 0 and st.letters[0][M.YELLOW] == 1
    assert st.pope_visit == [0, 6, 5, 0]


def test_pope_not_caught_may_visit_a_room_beyond_six():
    # Uncaught he turns nothing, so the room's notches never count.
    st = _pope_sets_die(1, post=6)
    st.apply(M.GUESS_BASE + 2)
    assert st.post[0] == 6 and st.pos == [0, 7, 6, 5]


def test_pope_caught_moves_one_step_and_pays_like_anyone():
    # "If the Pope's room was correctly guessed, he was caught in the act. If he is
    # caught, his poor soul on the Record of Sins moves one step towards Hell."
    st = _pope_sets_die(6, post=3)
    st.apply(M.GUESS_BASE + 6)
    assert st.pos[0] == 1 and st.post[0] == 5
    assert st.dens[LUST][0] == 1 and st.letters[0][M.YELLOW] == 1


def test_pope_caught_beyond_six_does_not_carry_out_the_action():
    # "Note: If the Pope accidentally chooses a room or suite whose action would cause
    # his etched post to be rotated to higher than 6 notches, his poor soul moves one
    # step towards Hell, his etched post is set to 6 notches and he does not carry out
    # the action." Reading A7: one step for being caught, one for the Note.
    st = _pope_sets_die(1, post=4)  # room 1 costs 3
    st.apply(M.GUESS_BASE + 1)
    assert st.pos == [2, 0, 0, 0] and st.post[0] == 6
    assert st.rooms[0] == OTHERS_5_CARD  # not visited


def test_pope_note_replacing_the_caught_step_moves_him_one_step():
    # The other reading of the Note (option pope_note=replaces): being caught past 6
    # is one offence, so the Note's "moves one step" is the whole penalty.
    st = _pope_sets_die(1, post=4, pope_note="replaces")  # room 1 costs 3
    st.apply(M.GUESS_BASE + 1)
    assert st.pos == [1, 0, 0, 0] and st.post[0] == 6
    assert st.rooms[0] == OTHERS_5_CARD  # "he does not carry out the action"


def test_pope_note_always_applies_to_an_uncaught_pope_too():
    # Option pope_note=always: "If the Pope accidentally chooses a room ... whose action
    # would cause his etched post to be rotated to higher than 6 notches" read without
    # "caught": he moves one step, his post is set to 6, and the card is not carried
    # out (so the others do not move 5 steps).
    st = _pope_sets_die(1, post=4, pope_note="always")
    st.apply(M.GUESS_BASE + 2)
    assert st.pos == [1, 0, 0, 0] and st.post[0] == 6
    assert st.rooms[0] == OTHERS_5_CARD
    # caught, it is the default's two steps
    st = _pope_sets_die(1, post=4, pope_note="always")
    st.apply(M.GUESS_BASE + 1)
    assert st.pos == [2, 0, 0, 0] and st.post[0] == 6


def test_pope_guesser_is_the_other_soul_nearest_hell():
    # "advised by the other players, the player whose poor soul lies nearest Hell
    # declares where he believes the Pope to be visiting."
    st = action_phase()
    st.pos = [9, 2, 4, 0]  # the Pope is nearest Hell himself
    st.apply(M.VISIT_POPE)
    st.apply(M.DIE_BASE + 2)
    assert st.current_player() == 2
    assert st.observers() is None
    assert st.view(2)["die_set"] and "die" not in st.view(2)["me"]


# -- the Dens of Sin and the Pope stones ------------------------------------------------


def test_third_pope_stone_punishes_the_other_two_dens():
    # "For each sin stone in the two Dens of Sin without Pope stones, that sin stone's
    # owner moves his poor soul one step towards Hell, beginning with the poor soul
    # closest to Hell. The sins of the player who placed that third Pope stone are
    # forgiven ... All players take back their sin stones from the two punished Dens
    # ... The Den of Sin in which the third Pope stone was placed is spared ...
    # Finally, the three Pope stones are returned to their starting spaces"
    st = started(4)
    deal(st)
    st.pos = [10, 8, 0, 0]
    st.dens = [[1, 1, 0, 1], [1, 1, 0, 0], [0, 0, 1, 2]]
    st.sins = [5, 5, 6, 4]
    st.pope_stones = [1, 0, 2]
    bid(st, [(1, 0), (1, 0), (1, 0), (6, 0)])
    st.apply(M.PICK_BASE + M.POPE)  # seat 3
    st.apply(M.POPE_STONE_BASE + LUST * 3 + GREED)
    # seat 0 (10, nearest Hell) -> 12, then seat 1: 8 -> 10, now free.
    assert st.pos == [12, 10, 0, 0]
    assert st.dens == [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 1, 2]]
    assert st.sins == [7, 7, 6, 5]
    assert st.pope_stones == [1, 1, 1]


def test_pope_stone_card_punishes_and_forgives_the_visitor():
    # House card "Move a Pope stone" (+2): the visitor places the third stone.
    st = action_phase(cards=(POPE_STONE_CARD, 7, 8, 6))
    st.apply(M.END)  # the Pope
    st.pope_stones = [0, 2, 1]
    st.dens[GREED] = [1, 2, 0, 0]
    st.dens[LUST] = [0, 0, 1, 0]
    st.sins = [6, 5, 6, 5]
    st.post[1] = 1
    st.apply(M.VISIT_BASE + 1)
    st.apply(M.POPE_STONE_BASE + GREED * 3 + PETTY)
    # Petty Sins spared (it holds the Petty Sinner's 2 stones); Lust and Greed punished:
    # seat 2 (nearer Hell on Start) 0 -> 1, then seat 0 finds 1 taken -> 2; the
    # visitor's two Greed stones come back without a step.
    assert st.pos == [2, 0, 1, 0]
    assert st.dens[PETTY] == [0, 0, 0, 2] and st.dens[GREED] == [0, 0, 0, 0]
    assert st.dens[LUST] == [0, 0, 0, 0] and st.sins == [7, 7, 7, 5]
    assert st.pope_stones == [1, 1, 1] and st.post[1] == 3


# -- cathedrals and the evaluation of donations ----------------------------------------


def _emperor_completes_site(st, site=0):
    """Seat 1 takes the Emperor and places his crew on `site` (nave + 1 crew)."""
    st.nave[site] = 1
    st.crews[site] = 1
    bid(st, [(1, 0), (6, 0), (1, 0), (1, 0)][: st.n])
    st.apply(M.PICK_BASE + M.EMPEROR)
    st.apply(M.CREW_BASE + site)


def test_first_cathedral_evaluates_compartment_one_only():
    # "When the first cathedral is finished ... Each player empties his chest's
    # compartment I. Compartment II remains closed." Bread+wine: "counting each loaf as
    # one point and each bottle as two" ... "The biggest donor ... takes one Letter of
    # his choice ... Next, the second biggest ... these two players alternate picking"
    # ... "If there is only one donor ... he takes all the Letters in the display. If
    # no one has donated any ... leave the Letters in the supply." Ties: "the tied
    # player whose poor soul is closer to Hell is considered the bigger donor."
    st = started(4)
    deal(st)
    st.pos = [0, 2, 0, 0]
    st.chest[0][0] = [4, 0, 0, 0, 0]  # 4 points
    st.chest[1][0] = [0, 2, 0, 0, 0]  # 4 points, nearer Hell: biggest
    st.chest[2][0] = [1, 1, 0, 0, 0]  # 3 points: third, nothing
    st.chest[2][1] = [0, 0, 0, 0, 10]  # compartment II stays closed
    st.chest[3][0] = [0, 0, 0, 1, 0]  # the only cloth+jewel donor
    st.chest[3][1] = [0, 5, 0, 0, 0]
    supply = list(st.supply)
    bag = list(st.bag)
    _emperor_completes_site(st, 0)
    assert st.done[0] == 1 and st.nave[0] == 1 and st.crews[0] == 0
    assert B.CATHEDRAL_LETTERS[0][0] == (0, 3, 1, 1)  # the rulebook example's display
    assert st.current_player() == 1
    st.apply(M.LETTER_PICK_BASE + M.RED)
    assert st.current_player() == 0
    st.apply(M.LETTER_PICK_BASE + M.GREEN)
    # Three blue are left: no choice, they go seat 1, seat 0, seat 1.
    assert st.letters[1] == [0, 2, 1, 0] and st.letters[0] == [0, 1, 0, 1]
    assert st.letters[2] == [0, 0, 0, 0]
    cj = B.CATHEDRAL_LETTERS[0][1]
    assert st.letters[3] == list(cj)
    # Money: nobody gave any in compartment I: those Letters stay in the supply.
    for c in range(4):
        assert st.supply[c] == supply[c] - B.CATHEDRAL_LETTERS[0][0][c] - cj[c]
    # "return any goods they donated to the goods bag and any money ... to the bank"
    assert st.bag == [bag[0] + 5, bag[1] + 3, bag[2], bag[3] + 1, bag[4]]
    for s in range(4):
        assert st.chest[s][0] == [0, 0, 0, 0, 0]
    assert st.chest[2][1] == [0, 0, 0, 0, 10] and st.chest[3][1] == [0, 5, 0, 0, 0]
    assert st.evaluated == 1
    # "play continues where it was interrupted": the next picker.
    assert st.stack[-1][0] == M.T_PICKS and st.current_player() == 3


def test_donations_after_the_first_evaluation_go_to_compartment_two():
    st = started(4)
    deal(st)
    _emperor_completes_site(st, 0)  # nobody donated: every Letter stays
    assert st.evaluated == 1 and st.stack[-1][0] == M.T_PICKS
    choose(st, [M.POPE, M.MERCHANT, M.PETTY])
    assert st.holders == [3, 1, 2, 0]
    st.apply(M.DONATE_BASE + 4 + 2)  # the Pope gives a 5-taler coin
    assert st.chest[3] == [[0, 0, 0, 0, 0], [0, 0, 0, 0, 5]]
    assert st.stack[-1][0] == M.T_TURN


def test_cloth_and_jewels_and_money_categories():
    # "counting each roll of cloth as one point and each jewel as two" ... "Finally
    # determine the two biggest donors of money."
    st = started(4)
    deal(st)
    st.chest[0][0] = [0, 0, 3, 0, 11]  # cloth 3, money 11
    st.chest[2][0] = [0, 0, 0, 2, 10]  # jewels 4, money 10
    st.chest[3][0] = [5, 0, 0, 0, 12]  # money 12
    _emperor_completes_site(st, 1)
    picks = []
    while st.stack[-1][0] == M.T_EVAL_PICK:
        task = st.stack[-1]
        picks.append((task[1], st.current_player()))
        st.apply(st.legal_actions()[0])
    # Bread+wine: seat 3 alone takes all without picking; cloth+jewels: seat 2 then
    # seat 0 alternate; money: seat 3 then seat 0 alternate.
    cats = [c for c, _ in picks]
    assert 0 not in cats
    cj = [p for c, p in picks if c == 1]
    money = [p for c, p in picks if c == 2]
    assert cj[0] == 2 and money[0] == 3
    for i in range(len(cj)):
        assert cj[i] == (2 if i % 2 == 0 else 0)
    for i in range(len(money)):
        assert money[i] == (3 if i % 2 == 0 else 0)
    bw = B.CATHEDRAL_LETTERS[1][0]
    c_cj = B.CATHEDRAL_LETTERS[1][1]
    c_m = B.CATHEDRAL_LETTERS[1][2]
    assert sum(st.letters[2]) == (sum(c_cj) + 1) // 2
    assert sum(st.letters[0]) == sum(c_cj) // 2 + sum(c_m) // 2
    assert sum(st.letters[3]) == sum(bw) + (sum(c_m) + 1) // 2
    assert st.letters[1] == [0, 0, 0, 0]


def test_two_players_biggest_donor_takes_two_then_two_then_the_rest():
    # "The biggest donor (in each category) first takes two Letters, then his opponent
    # takes two if any remain. The biggest donor takes any remaining after this."
    st = started(2)
    deal(st)
    st.chest[0][0] = [2, 1, 0, 0, 0]  # 4 points
    st.chest[1][0] = [0, 2, 0, 0, 0]  # 4 points; seat 1 placed last: nearer Hell
    _emperor_completes_site(st, 0)
    order = []
    while st.stack[-1][0] == M.T_EVAL_PICK and st.stack[-1][1] == 0:
        order.append(st.current_player())
        st.apply(st.legal_actions()[0])  # blue while there is one
    # Seat 1 takes two blue; seat 0 two of blue, red, green; seat 1 the last (green).
    assert order == [1, 1, 0, 0]
    assert st.letters[1] == [0, 2, 0, 1] and st.letters[0] == [0, 1, 1, 0]


# -- the game end and final scoring -------------------------------------------------------


def test_second_cathedral_compares_posts_then_scores_letters_nearest_hell_first():
    # "When the second cathedral is finished and the second evaluation of donations has
    # been conducted (empty the second chest compartment), the etched posts are
    # compared once more ... Next the collected Letters are scored." ... "For each set
    # of four Letters ...: 8 steps towards Heaven. For each remaining Letter: 1 step"
    # ... "If a poor soul would ever end its movement in an occupied space, it instead
    # moves to the next free space. This applies also ... to the Start Position."
    st = started(4, start=[0, 1, 2, 3])
    deal(st)
    st.done[2] = 1
    st.nave[2] = 1
    st.evaluated = 1
    st.pos = [3, 12, 0, 0]
    st.letters = [[0, 0, 3, 0], [1, 1, 2, 1], [0, 0, 0, 0], [0, 0, 0, 1]]
    # posts after the bids: seat 1 (Emperor) 6 notches -> moves 6 - 1 = 5 first.
    _emperor_completes_site(st, 0)
    assert st.current_player() == TERMINAL
    # Posts: seat 1 12 -> 17. Letters, nearest Hell first:
    #   seat 1: 1 set + 1 = 9 -> 8; seat 0: 3 -> 0, Start taken -> -1;
    #   seat 3: 1 -> -1 taken -> -2; seat 2: nothing, stays on Start.
    assert st.pos == [-1, 8, 0, -2]
    assert st.returns() == [0, 0, 0, 1]
    assert st.view(0)["winners"] == [3]


def test_every_soul_in_heaven_wins():
    # "Whoever has reached Heaven has won. This may be more than one player."
    st = started(3, heaven=10)
    deal(st, cards=(7, 8, 9, 6))
    st.done[2] = 1
    st.evaluated = 1
    st.pos = [4, 1, 0]
    st.letters = [[2, 2, 2, 2], [1, 1, 1, 1], [0, 0, 1, 3]]
    _emperor_completes_site(st, 0)
    # posts 1, 6, 1: seat 1 moves 5 (1 -> 6). Letters: seat 1 first (8 -> -2),
    # seat 0 (16 -> Heaven), seat 2 (4 -> -4).
    assert st.current_player() == TERMINAL
    assert st.pos == [-10, -2, -4]
    assert st.returns() == [1, 0, 0]
    st2 = started(3, heaven=10)
    deal(st2, cards=(7, 8, 9, 6))
    st2.done[2] = 1
    st2.evaluated = 1
    st2.pos = [4, 1, 0]
    st2.letters = [[2, 2, 2, 2], [3, 3, 3, 3], [0, 0, 1, 3]]
    _emperor_completes_site(st2, 0)
    assert st2.pos[0] == st2.pos[1] == -10
    assert st2.returns() == [1, 1, 0]


def test_compare_posts_tied_highest_farthest_from_hell_moves():
    # "Whoever's post shows the most notches moves his poor soul as many steps towards
    # Hell as that difference. If tied, only the tied player whose poor soul is farther
    # from Hell moves." Seat 2 moves 6 - 2 = 4 onto seat 0's space: next free space.
    st = action_phase()
    st.pos = [4, 10, 0, 7]
    st.post = [3, 6, 6, 2]
    st.market = [1, 0, 0, 0, 0]
    st.apply(M.BUY_BASE + BREAD)
    assert st.round == 2
    assert st.pos == [4, 10, 5, 7]


def test_compare_posts_all_equal_nobody_moves():
    st = action_phase()
    st.post = [3, 3, 3, 3]
    st.market = [1, 0, 0, 0, 0]
    st.apply(M.BUY_BASE + BREAD)
    assert st.round == 2 and st.pos == [0, 0, 0, 0]


def test_never_into_hell():
    # "A poor soul may not move beyond the 40th space. ... If a poor soul would ever
    # reach Hell, it doesn't move at all and instead stays where it is."
    st = action_phase()
    st.pos = [37, 0, 0, 0]
    st.post = [6, 2, 2, 2]
    st.market = [1, 0, 0, 0, 0]
    st.apply(M.BUY_BASE + BREAD)
    assert st.pos == [37, 0, 0, 0]
    st = started(4)
    st.pos = [38, 39, 40, 35]
    st.move_hell(3, 3)  # 38, 39, 40 all taken: the next free space would be Hell
    assert st.pos[3] == 35
    st.move_hell(3, 2)
    assert st.pos[3] == 37


# -- 2- and 3-player rules, the variant -------------------------------------------------------


def test_three_players_unchosen_bonus_goods_stay_in_the_bag():
    # "Starting bonuses that no one selects are returned to the supply." Bonus 1 (a
    # loaf and a bottle) is left: the bag keeps all 10 loaves and 9 bottles.
    st = started(3)
    assert st.bonus == [-1, 2, 1, 0]
    assert st.bag == [10, 9, 9, 6, 6]


def test_three_players_emperor_left_pope_picking_last_chooses_the_order():
    # "If the Emperor remains, the Pope, in addition to his own Preliminary Action
    # (placement of Pope stone), gets that of the Emperor (use of builders), choosing
    # which to perform first."
    st = started(3)
    deal(st)
    bid(st, [(3, 0), (2, 0), (1, 0)])
    st.apply(M.PICK_BASE + M.MERCHANT)
    st.apply(M.PICK_BASE + M.PETTY)
    st.apply(M.END)
    st.apply(M.PICK_BASE + M.POPE)  # the Emperor is left over
    legal = st.legal_actions()
    assert M.END in legal and M.CREW_BASE + 1 in legal and M.POPE_STONE_BASE + 1 in legal
    st.apply(M.CREW_BASE + 1)  # builders first
    assert st.crews == [0, 1, 0]
    assert M.END in st.legal_actions() and M.CREW_BASE not in st.legal_actions()
    st.apply(M.END)  # the Pope stone stays
    assert st.stack[-1][0] == M.T_TURN and st.current_player() == 2


def test_three_players_merchant_left_nearest_hell_takes_at_the_end_of_his_turn():
    # "If the Merchant remains, his Privilege is performed by the player whose poor
    # soul lies closest to Hell at the end of his turn."
    st = started(3, start=[0, 1, 2])  # seat 2 nearest Hell
    deal(st)
    bid(st, [(3, 0), (2, 0), (1, 0)])
    choose(st, [M.POPE, M.EMPEROR, M.PETTY])
    assert st.holders == [0, 1, -1, 2]
    st.apply(M.END)  # the Pope, seat 0: not nearest Hell
    assert st.stack[-1][0] == M.T_TURN and st.current_player() == 1
    st.apply(M.END)  # the Emperor, seat 1
    assert st.stack[-1][0] == M.T_TURN and st.current_player() == 2
    st.apply(M.END)  # the Petty Sinner, seat 2: nearest Hell
    assert st.stack[-1][0] == M.T_MERCHANT and st.current_player() == 2
    st.apply(M.MERCHANT_BASE + CLOTH)
    assert st.goods[2] == [0, 0, 1, 0] and st.current_player() == 0


def test_three_players_only_two_biggest_donors_share():
    # "The biggest donor of bread and wine takes one Letter ... Next, the second
    # biggest ... If any Letters remain, these two players alternate"
    st = started(3)
    deal(st)
    st.chest[0][0] = [1, 0, 0, 0, 0]
    st.chest[1][0] = [3, 0, 0, 0, 0]
    st.chest[2][0] = [0, 1, 0, 0, 0]
    _emperor_completes_site(st, 0)  # seat 1 builds: bids 1, 6, 1
    assert st.view(0)["display"] == [0, 1, 2, 0, 3, 1, 1]
    st.apply(M.LETTER_PICK_BASE + M.BLUE)
    st.apply(M.LETTER_PICK_BASE + M.BLUE)
    st.apply(M.LETTER_PICK_BASE + M.RED)
    st.apply(M.LETTER_PICK_BASE + M.GREEN)
    assert st.letters[1] == [0, 2, 1, 0] and st.letters[2] == [0, 1, 0, 1]
    assert st.letters[0] == [0, 0, 0, 0]


def test_penitent_variant_one_stone_per_sin_never_the_petty_sinner():
    # "Anyone who commits such a petty sin in MEA CULPA must immediately place a sin
    # stone in the Den of Petty Sins." "He never has to place a sin stone in the Den of
    # Petty Sins for being caught committing a petty sin." (the Petty Sinner)
    st = action_phase(penitent=True)
    reports = [a for a in st.legal_actions() if M.REPORT_BASE <= a < M.REPORT_BASE + 4]
    assert reports == [M.REPORT_BASE, M.REPORT_BASE + 1, M.REPORT_BASE + 2]
    st.apply(M.REPORT_BASE + 1)
    assert st.dens[PETTY] == [0, 1, 0, 2] and st.sins[1] == 6
    assert st.current_player() == 0 and st.stack[-1][0] == M.T_TURN
