"""The Mea Culpa keeper (the device's referee mode), checked against the rulebook.

Quotes are from the Mea Culpa rulebook (Kopf & Zoch, Zoch Verlag, 2016; docs/rules/
mea-culpa-keeper.md). Portable: plain functions, run by pytest (CPython) and
tests/helpers/mp_run.py (MicroPython).
"""

import simcheck

from shared_rules.game import CHANCE, IllegalAction, replay
from shared_rules.mea_culpa import data as D
from shared_rules.mea_culpa import keeper as K
from shared_rules.mea_culpa import rules as M
from shared_rules.mea_culpa.keeper_laptop import MeaCulpaKeeperLaptop
from shared_rules.rng import Stream

DOMINIK = 0
JOHANNA = 1
PAULA = 2
GREGOR = 3


def setup(n=4, start=None, bonuses=None, **options):
    """Souls on Start (closest to Heaven first), then the bonuses taken in that order."""
    st = MeaCulpaKeeperLaptop(n, **options).new_initial_state()
    for s in start if start is not None else list(range(n)):
        st.apply(K.START_BASE + s)
    for b in bonuses if bonuses is not None else list(range(n)):
        st.apply(K.BONUS_BASE + b)
    return st


def deal(st, stones=(0, 0, 1, 1, 2, 3, 4), cards=(0, 1, 2, 3)):
    for k in stones:
        st.apply(K.DRAW_BASE + k)
    for c in cards:
        if st.phase != K.P_CARDS:
            break
        st.apply(K.CARD_BASE + c)


def bid(st, bids):
    for notches, taler in bids:
        st.apply(K.BID_BASE + taler * 8 + notches)


def test_codes_agree_with_the_rules_engine():
    assert K.START_BASE == M.START_BASE and K.DRAW_BASE == M.DRAW_BASE
    assert K.CARD_BASE == M.CARD_BASE and K.BONUS_BASE == M.BONUS_BASE
    assert K.DIE_BASE == M.DIE_BASE and K.GUESS_BASE == M.GUESS_BASE
    assert K.PICK_BASE == M.PICK_BASE and K.BID_BASE == M.BID_BASE
    assert K.VISIT_POPE == M.VISIT_POPE and K.ROUNDS == M.MAX_ROUNDS


def test_bidding_example_with_the_hell_order_asked():
    # "Dominik: 4 notches + 7 taler = 11. Johanna: 2 notches + 7 taler = 9. Paula: 3
    # notches + 12 taler = 15. Gregor: 1 notch + 8 taler = 9. Paula chooses a character
    # card first, followed by Dominik. Gregor's poor soul is closer to Hell than
    # Johanna's, so he chooses next. Dominik's etched post shows the most notches, so
    # he keeps his taler."
    st = setup(4, start=[GREGOR, JOHANNA, DOMINIK, PAULA])  # Gregor closest to Heaven
    deal(st)
    bid(st, [(4, 7), (2, 7), (3, 12), (1, 8)])
    # Two bids of 9: the table is asked for the Hell order (souls have moved on the board)
    assert st.phase == K.P_HELL and st.current_player() == K.TABLE
    assert st.view(None)["bids"] == [[4, 7], [2, 7], [3, 12], [1, 8]]
    assert K.HELL_KEEP in st.legal_actions()
    for s in (GREGOR, JOHANNA, PAULA):
        st.apply(K.HELL_BASE + s)
    assert st.hell == [GREGOR, JOHANNA, PAULA, DOMINIK]
    assert st.pick_order == [PAULA, DOMINIK, GREGOR, JOHANNA]
    assert st.keeper == DOMINIK
    # "All other players must pay any taler they bid to the bank."
    assert st.pays() == [0, 7, 12, 8]
    for c in (0, 1, 2, 3):
        st.apply(K.PICK_BASE + c)
    assert st.holders == [PAULA, DOMINIK, GREGOR, JOHANNA]
    assert st.phase == K.P_TABLE


def test_the_bidding_example_is_announced_to_the_table():
    # "All etched posts and taler are then revealed simultaneously": the rules announce
    # the bids (tied: the Hell order is asked), then the order and who pays, so no
    # screen works them out from phase changes.
    st = setup(4, start=[GREGOR, JOHANNA, DOMINIK, PAULA])
    deal(st)
    assert st.announcements() == [{"kind": "market", "round": 1, "reshuffled": False}]
    bid(st, [(4, 7), (2, 7), (3, 12)])
    assert st.announcements() == []  # a bid is secret
    bid(st, [(1, 8)])
    bids = [[4, 7], [2, 7], [3, 12], [1, 8]]
    assert st.announcements() == [{"kind": "bids", "bids": bids, "tied": True}]
    for s in (GREGOR, JOHANNA, PAULA):
        st.apply(K.HELL_BASE + s)
    assert st.announcements() == [
        {
            "kind": "pick-order",
            "order": [PAULA, DOMINIK, GREGOR, JOHANNA],
            "keeper": DOMINIK,
            "pays": [0, 7, 12, 8],
        }
    ]


def test_the_codec_names_every_action_and_encode_inverts_it():
    game = MeaCulpaKeeperLaptop(4)
    assert game.decode(K.BID_BASE + 7 * 8 + 4) == {
        "kind": "bid",
        "notches": 4,
        "taler": 7,
        "total": 11,
    }
    assert game.encode({"kind": "bid", "notches": 4, "taler": 7}) == K.BID_BASE + 7 * 8 + 4
    assert game.decode(K.DIE_BASE + 5) == {"kind": "die", "room": 5, "where": "suite 5"}
    assert game.encode({"kind": "die", "room": 5}) == K.DIE_BASE + 5
    assert game.decode(K.RETURN_BASE + 1) == {"kind": "return", "stone": "wine"}
    assert game.decode(K.HELL_BASE + 2) == {"kind": "hell-next", "seat": 2}
    assert game.decode(K.PICK_BASE + 3) == {"kind": "pick", "character": "Petty Sinner"}
    assert game.decode(K.VISIT_BASE + 3) == {"kind": "visited", "room": 3, "where": "room 3"}
    for code in (
        K.START_BASE + 3,
        K.DRAW_BASE + 4,
        K.CARD_BASE + 11,
        K.BONUS_BASE + 3,
        K.VISIT_POPE,
        K.GUESS_BASE + 6,
        K.HELL_KEEP,
        K.NEXT_ROUND,
        K.END_GAME,
    ):
        assert game.encode(game.decode(code)) == code
    for bad in (K.BID_BASE + 7, K.BID_BASE, 999, 306 - 6, K.GUESS_BASE, -1):
        try:
            game.decode(bad)
            raise AssertionError("decoded %d" % bad)
        except IllegalAction:
            pass
    for bad in (
        {"kind": "bid", "notches": 0, "taler": 1},
        {"kind": "die", "room": 5, "where": "room 5"},
        {"kind": "return", "stone": "gold"},
        {"kind": "fly"},
        3,
    ):
        try:
            game.encode(bad)
            raise AssertionError("encoded %r" % (bad,))
        except IllegalAction:
            pass


def test_the_view_names_the_rooms_and_the_pope():
    st = setup(4)
    deal(st, cards=(0, 1, 9, 11))
    v = st.view(None)
    assert v["room_cards"] == [
        "Emperor presents a Letter",
        "Pope presents a yellow Letter",
        "Take 1 good free",
        "Take 10 taler",
    ]
    assert v["room_notches"] == [1, 3, 2, 2]
    assert v["stone_names"] == ["bread", "wine", "cloth", "jewel", "indulgence"]
    assert v["bid_notches"] == [1, 6] and v["bid_taler"] == [0, 40]
    assert v["open_rooms"] == [1, 2, 3, 4, 5, 6] and v["pope"] is None


def test_keeping_the_hell_order_drawn_at_the_start():
    # "If any bids are tied, the bid of the tied player whose poor soul is closer to
    # Hell is considered higher." Start order: seat 3 placed last, nearest Hell.
    st = setup(4, start=[0, 1, 2, 3])
    assert st.hell == [3, 2, 1, 0]
    deal(st)
    bid(st, [(4, 7), (2, 7), (3, 12), (1, 8)])
    st.apply(K.HELL_KEEP)
    assert st.pick_order == [PAULA, DOMINIK, GREGOR, JOHANNA]


def test_tied_notches_favour_the_soul_nearer_hell():
    # "Tied numbers of notches are resolved in the same way."
    st = setup(4, start=[0, 1, 2, 3])
    deal(st)
    bid(st, [(5, 3), (5, 4), (2, 0), (5, 1)])
    st.apply(K.HELL_KEEP)
    assert st.keeper == 3 and st.pays() == [3, 4, 0, 0]
    assert st.pick_order == [1, 0, 3, 2]


def test_no_question_without_a_tie():
    st = setup(3)
    deal(st)
    bid(st, [(1, 0), (2, 0), (3, 5)])
    assert st.phase == K.P_PICKS and st.pick_order == [2, 1, 0] and st.keeper == 2
    # Three players: "One card will remain."
    for c in (0, 1, 2):
        st.apply(K.PICK_BASE + c)
    assert st.phase == K.P_TABLE and st.holders == [2, 1, 0, -1]


def test_two_players_pick_high_low_high_low():
    # "The highest bidder chooses first, followed by his opponent, then again the
    # highest bidder and the last card goes to his opponent."
    st = setup(2)
    deal(st)
    bid(st, [(1, 0), (2, 3)])
    assert st.pick_order == [1, 0, 1, 0]


def test_bids_are_secret_until_all_revealed():
    st = setup(4)
    deal(st)
    bid(st, [(3, 5)])
    assert st.observers() == (1,)
    assert "bids" not in st.view(2) and "bid" not in st.view(2)["me"]
    assert st.view(0)["me"]["bid"] == [3, 5]
    other = st.resample(2, Stream(b"r", "x"))
    assert other is not None and other.history() != st.history()
    assert other.view(2) == st.view(2)
    again = replay(st.game, other.history())
    assert again.view(0) == other.view(0)
    assert st.resample(0, Stream(b"r", "x")) is None  # seat 0 knows every secret so far
    # bids range: notches 1..6, taler 0..max_bid
    legal = st.legal_actions()
    assert min(legal) == K.BID_BASE + 1 and max(legal) == K.BID_BASE + 40 * 8 + 6
    try:
        st.apply(K.BID_BASE + 0)
        raise AssertionError("a bid of 0 notches")
    except IllegalAction:
        pass


def pope_round(st, bids=((1, 0), (2, 0), (3, 0), (4, 0))):
    deal(st)
    bid(st, bids[: st.n])
    for c in range(len(st.pick_order)):
        st.apply(K.PICK_BASE + c)


def test_pope_caught():
    # "If the Pope's room was correctly guessed, he was caught in the act."
    st = setup(4, start=[0, 1, 2, 3])
    pope_round(st)  # pick order 3, 2, 1, 0: seat 3 is the Pope
    assert st.holders[K.POPE] == 3
    st.apply(K.VISIT_POPE)
    st.apply(K.HELL_KEEP)
    assert st.current_player() == 3 and st.observers() == (3,)
    st.apply(K.DIE_BASE + 4)
    assert st.view(3)["me"]["die"] == 4 and "die" not in st.view(2)["me"]
    assert st.view(None)["die_set"]
    # "the player whose poor soul lies nearest Hell declares where he believes the Pope
    # to be visiting": seat 3 is nearest Hell but is the Pope, so seat 2
    assert st.current_player() == 2 and st.observers() is None
    other = st.resample(2, Stream(b"die", "x"))
    assert other is None or other.view(2) == st.view(2)
    st.apply(K.GUESS_BASE + 4)
    assert st.pope_visit == [3, 4, 4, 1]
    assert st.announcements() == [
        {
            "kind": "pope-visit",
            "pope": 3,
            "room": 4,
            "where": "room 4",
            "guess": 4,
            "guessed": "room 4",
            "caught": True,
        }
    ]
    assert st.visited[3] == 1 and 4 not in st.open_rooms()


def test_pope_not_caught_and_a_new_hell_order():
    st = setup(4, start=[0, 1, 2, 3])
    pope_round(st)
    st.apply(K.VISIT_POPE)
    for s in (1, 3, 0):  # souls moved on the board: seat 1 now nearest Hell
        st.apply(K.HELL_BASE + s)
    st.apply(K.DIE_BASE + 6)
    assert st.current_player() == 1
    st.apply(K.GUESS_BASE + 1)
    assert st.pope_visit == [3, 6, 1, 0]
    news = st.announcements()[0]
    assert not news["caught"] and news["where"] == "suite 6" and news["guessed"] == "room 1"


def test_die_only_on_rooms_not_visited():
    # "choose one room not already visited this round"; Suite 5 needs a room's card
    st = setup(2)
    pope_round(st)
    for r in (1, 2, 3, 4):
        st.apply(K.VISIT_BASE + r)
    st.apply(K.VISIT_POPE)
    st.apply(K.HELL_KEEP)
    assert st.legal_actions() == [K.DIE_BASE + 6]


def test_bag_draws_and_returns():
    # "35 goods ... 10 loaves of bread, 9 bottles of wine, 9 rolls of cloth, 7 jewels";
    # "The remaining goods and indulgence stones are placed in the goods bag."
    st = setup(4, bonuses=[0, 1, 2, 3])
    assert st.bag == [9, 8, 9, 6, 6]  # bonus 1: a loaf and a bottle; bonus 2: a jewel
    assert st.current_player() == CHANCE
    assert st.chance_outcomes() == [(20, 9), (21, 8), (22, 9), (23, 6), (24, 6)]
    deal(st)
    assert st.market == [2, 2, 1, 1, 1] and st.bag == [7, 6, 8, 5, 5]
    bid(st, [(1, 0), (2, 0), (3, 0), (4, 0)])
    for c in range(4):
        st.apply(K.PICK_BASE + c)
    # "Put one of your goods from behind your screen back into the goods bag"
    st.apply(K.RETURN_BASE + 0)
    st.apply(K.RETURN_BASE + 4)  # a Letter bought: "the stone back in the goods bag"
    assert st.bag == [8, 6, 8, 5, 6]
    st.apply(K.NEXT_ROUND)
    assert st.round == 2 and st.market == [0, 0, 0, 0, 0]
    assert sum([w for a, w in st.chance_outcomes()]) == 33


def test_bonuses_nobody_chose_stay_in_the_bag():
    # "Starting bonuses that no one selects are returned to the supply."
    st = setup(2, bonuses=[2, 3])
    assert st.bag == list(D.BAG[0])


def test_a_dry_bag_fills_the_market_with_what_is_left():
    st = setup(2)
    st.bag = [0, 0, 0, 1, 2]
    deal(st, stones=(3, 4, 4))
    assert st.phase == K.P_BIDS and st.market == [0, 0, 0, 1, 2]


def test_house_deck_deals_and_reshuffles():
    # "Remove from Rooms 1-4 any cards remaining from the previous round and place them
    # face up in a discard pile ... If the House of Pleasure deck runs out, shuffle the
    # discarded House of Pleasure cards to form a new one."
    st = setup(2, extra_cards="none")
    assert sum(st.deck) == 19
    rounds = 0
    seen = 0
    while st.reshuffles == 0:
        rounds += 1
        while st.phase == K.P_MARKET:
            st.apply(st.chance_outcomes()[0][0])
        while st.phase == K.P_CARDS:
            st.apply(st.chance_outcomes()[0][0])
            seen += 1
        market = st.announcements()
        bid(st, [(1, 0), (2, 0)])
        for c in range(4):
            st.apply(K.PICK_BASE + c)
        if st.reshuffles:
            break
        for k in range(5):
            while st.out(k) > 0:
                st.apply(K.RETURN_BASE + k)
        st.apply(K.NEXT_ROUND)
    # 19 cards: rounds 1-4 deal 16, round 5 deals 3 then reshuffles the 16 discarded
    assert rounds == 5 and seen == 20
    assert sum(st.deck) == 15 and sum(st.discard) == 0
    assert st.view(None)["reshuffles"] == 1
    # the table is told with the market that the discards were reshuffled
    assert market == [{"kind": "market", "round": 5, "reshuffled": True}]


def test_the_table_ends_the_game_and_rounds_are_capped():
    st = setup(2, rounds=1)
    pope_round(st)
    assert K.NEXT_ROUND not in st.legal_actions() and K.END_GAME in st.legal_actions()
    st.apply(K.END_GAME)
    assert st.is_terminal() and st.returns() == [0, 0]


def test_action_texts():
    assert K.action_text(K.BID_BASE + 7 * 8 + 4) == "bid 4 notches + 7 taler"
    assert K.action_text(K.RETURN_BASE + 1) == "a wine stone back into the bag"
    assert K.action_text(K.HELL_BASE + 2) == "seat 2 is next nearest Hell"
    assert K.action_text(K.VISIT_BASE + 5) == "suite 5 was visited"


def test_the_market_says_when_the_discards_were_reshuffled():
    """ "If the House of Pleasure deck runs out, shuffle the discarded cards" (1. Prepare
    the round). 24 cards, 4 a round: round 7 is dealt from the reshuffled discards,
    and the deck runs out before the round's last card (at the round's start), so the
    market announcement compares with the previous market, not with the count before
    its last card."""
    game = MeaCulpaKeeperLaptop(3)
    state = game.new_initial_state()
    stream = Stream(b"r" * 32, b"t")
    shown = []
    while state.round < 9:
        if state.current_player() == CHANCE:
            action = stream.weighted(state.chance_outcomes())
        else:
            legal = state.legal_actions()
            action = K.NEXT_ROUND if K.NEXT_ROUND in legal else legal[stream.below(len(legal))]
        state.apply(action)
        shown += [n["reshuffled"] for n in state.announcements() if n["kind"] == "market"]
    assert shown == [False] * 6 + [True, False], shown


def _lists(obj, size):
    """The attributes of obj that are lists of `size` items."""
    return [
        k for k in obj.__dict__ if type(obj.__dict__[k]) is list and len(obj.__dict__[k]) == size
    ]


def test_a_bid_is_counted_checked_and_listed_without_the_list():
    # 6 notches by 41 taler: 246 bids, a 2 KB list on a 64-bit port, which a device
    # counts, checks and goes through without (State.num_legal_actions, is_legal,
    # iter_legal_actions), and which neither the game nor the state keeps
    st = setup(3)
    deal(st)
    assert st.current_player() == 0 and st.observers() == (0,)
    assert st.num_legal_actions() == 246
    assert not _lists(st.game, 246) and not _lists(st, 246)
    legal = st.legal_actions()
    assert len(legal) == 246 and legal[0] == K.BID_BASE + 1 and legal[-1] == K.BID_BASE + 40 * 8 + 6
    assert list(st.iter_legal_actions()) == legal
    assert st.is_legal(K.BID_BASE + 40 * 8 + 6) and not st.is_legal(K.BID_BASE + 41 * 8 + 1)
    assert not st.is_legal(K.BID_BASE) and not st.is_legal(K.BID_BASE + 7)
    assert not st.is_legal(K.END_GAME) and not st.is_legal(True)
    small = setup(2, max_bid=0)
    deal(small)
    assert small.num_legal_actions() == 6
    assert list(small.iter_legal_actions()) == [K.BID_BASE + k for k in range(1, 7)]


def test_the_generic_checker_passes_the_keeper():
    # the quick answers (is_legal, num_legal_actions, iter_legal_actions) at every
    # node, under both interpreters (tests/rules/test_all_games.py runs many more seeds)
    for n in (2, 3, 4):
        game = MeaCulpaKeeperLaptop(n, rounds=2)
        total = simcheck.check_many(game, [("kq-%d-%d" % (n, i)).encode() for i in range(2)])
        assert total["games"] == 2
