"""The game protocol, registry, driver, commit-reveal and canonical encoder,
proved on the small Hidden Pair test game (portable)."""

import simcheck
from hidden_pair import BET, PASS, HiddenPair

from shared_rules import canon, games
from shared_rules.commit import (
    VerifyError,
    check_commitment,
    commitment,
    seal,
    verify_actions,
)
from shared_rules.game import CHANCE, TERMINAL, BadOption, Game, IllegalAction, from_entry, replay
from shared_rules.laptop.driver import play

games.register("hidden-pair", "hidden_pair", "HiddenPair")


def _raises(exc, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc as err:
        return str(err)
    raise AssertionError("%s was not raised" % exc.__name__)


def test_registry_loads_with_options():
    g = games.load("hidden-pair", players=2, ante=2)
    assert g.num_players == 2 and g.options["ante"] == 2
    assert games.load("hidden-pair", ante="3").options["ante"] == 3
    assert "hidden-pair" in games.names()


def test_registry_errors_are_clear():
    msg = _raises(games.UnknownGame, games.load, "chess")
    assert "no game called 'chess'" in msg
    msg = _raises(BadOption, games.load, "hidden-pair", players=3)
    assert "2 to 2 players" in msg
    msg = _raises(BadOption, games.load, "hidden-pair", colour="red")
    assert "no option 'colour'" in msg
    msg = _raises(BadOption, games.load, "hidden-pair", ante=9)
    assert "at most 5" in msg
    msg = _raises(BadOption, games.load, "hidden-pair", ante="lots")
    assert "whole number" in msg


def test_a_game_class_takes_its_entrys_facts():
    class Entry:
        NAME = "facts"
        TITLE = "Facts"
        MIN_PLAYERS = 3
        MAX_PLAYERS = 5
        OPTIONS = ()
        BOTS = (("good", "m", "C"),)
        ENGINE = ("m", "Facts")  # not a fact of the class

    @from_entry(Entry)
    class Facts(Game):
        ROUND = "its own"

    assert (Facts.NAME, Facts.TITLE, Facts.MIN_PLAYERS, Facts.MAX_PLAYERS) == (
        "facts",
        "Facts",
        3,
        5,
    )
    assert Facts.BOTS is Entry.BOTS and Facts.OPTIONS is Entry.OPTIONS
    assert Facts.ROUND == "its own" and not hasattr(Facts, "ENGINE")
    assert Facts(4).num_players == 4
    assert "3 to 5 players" in _raises(BadOption, Facts, 2)


def test_every_game_is_its_entry_and_the_laptop_loads_its_laptop_engine():
    for name in games.catalogue():
        if not games.entry_module_name(name):
            continue  # a test game
        entry = games.entry(name)
        cls = games.game_class(name)
        for fact in ("NAME", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "OPTIONS", "BOTS"):
            assert getattr(cls, fact) is getattr(entry, fact), (name, fact)
        laptop = getattr(entry, "LAPTOP_ENGINE", None)
        engine = __import__(entry.ENGINE[0], None, None, [entry.ENGINE[1]])
        # the laptop's engine, where there is one, adds to the device's and changes nothing
        assert games.engine_of(name) == (laptop or entry.ENGINE), name
        assert issubclass(cls, getattr(engine, entry.ENGINE[1])), name
        # the firmware's load_on_board() plays the device's engine, never the laptop's
        board = games.load_on_board(name, entry.MIN_PLAYERS)
        assert type(board) is getattr(engine, entry.ENGINE[1]), name


def test_describe_round_trips():
    g = games.load("hidden-pair", ante=4)
    again = games.load_described(g.describe())
    assert again.describe() == g.describe()


def test_chance_is_explicit_and_play_is_checked():
    s = HiddenPair().new_initial_state()
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(11, 1), (12, 1), (13, 1)]
    s.apply(13)
    assert s.chance_outcomes() == [(11, 1), (12, 1)]
    _raises(IllegalAction, s.apply, 13)
    s.apply(11)
    assert s.current_player() == 0
    assert s.legal_actions() == [PASS, BET]
    _raises(IllegalAction, s.apply, 7)
    _raises(IllegalAction, s.apply, True)
    s.apply(BET)
    s.apply(BET)
    assert s.current_player() == TERMINAL and s.is_terminal()
    assert s.returns() == [2, -2]
    assert s.legal_actions() == []
    _raises(IllegalAction, s.apply, PASS)


def test_views_hide_the_other_hand():
    s = replay(HiddenPair(), [12, 13])
    assert s.view(0)["my_card"] == 2
    assert s.view(1)["my_card"] == 3
    assert "my_card" not in s.view(None)
    assert "showdown" not in s.view(0)
    _raises(games.BadOption.__bases__[0], s.view, 2)


def test_clone_is_independent():
    s = replay(HiddenPair(), [12, 13])
    c = s.clone()
    c.apply(BET)
    assert s.history() == [12, 13] and c.history() == [12, 13, BET]


def test_driver_and_verifier_agree():
    seed = bytes(range(32))
    g = HiddenPair()
    end = play(g, seed)
    assert end.is_terminal()
    again = verify_actions(g, seed, end.history())
    assert again.returns() == end.returns()


class _ViewReader:
    """A bot that records what it was shown and plays its first legal action."""

    name = "reader"

    def __init__(self, answer=None):
        self.views = []
        self.answer = answer

    def choose(self, view, legal):
        self.views.append(view)
        return legal[0] if self.answer is None else self.answer


def test_fast_driver_plays_what_the_checked_path_plays():
    # play() skips apply()'s re-check of a list it has just computed: the game
    # it plays must be the one the checked path (apply(), views for all) plays.
    from shared_rules.laptop.driver import RandomBot, choose, draw_chance
    from shared_rules.rng import Stream

    for i in range(12):
        seed = b"fast-%d" % i
        g = HiddenPair()
        fast = play(g, seed)
        bots = [RandomBot(g, seed, s) for s in range(2)]
        chance = Stream(seed, b"chance")
        slow = g.new_initial_state()
        while not slow.is_terminal():
            p = slow.current_player()
            slow.apply(draw_chance(chance, slow) if p == CHANCE else choose(bots[p], slow, p))
        assert fast.history() == slow.history() and fast.returns() == slow.returns()


def test_fast_driver_shows_views_only_to_bots_that_read_them():
    from shared_rules.laptop.driver import RandomBot

    g = HiddenPair()
    reader = _ViewReader()
    play(g, b"views", [reader, RandomBot(g, b"views", 1)])
    assert reader.views and reader.views[0]["my_card"] in (1, 2, 3)
    assert RandomBot.sees == "nothing"


def test_fast_driver_refuses_a_bots_illegal_answer():
    g = HiddenPair()
    for bad in (7, True, "1"):
        msg = _raises(IllegalAction, play, g, b"bad", [_ViewReader(bad), _ViewReader()])
        assert "not a legal action" in msg, msg


def test_verifier_finds_a_forged_deal():
    seed = bytes(range(32))
    g = HiddenPair()
    actions = play(g, seed).history()
    forged = list(actions)
    forged[0] = [a for a in (11, 12, 13) if a != actions[0]][0]
    if forged[1] == forged[0]:
        forged[1] = actions[0]
    msg = _raises(VerifyError, verify_actions, g, seed, forged)
    assert msg.startswith("action 0 is chance"), msg
    msg = _raises(VerifyError, verify_actions, g, seed, actions + [PASS])
    assert "already ended" in msg
    msg = _raises(VerifyError, verify_actions, g, seed, actions[:2] + [5])
    assert msg.startswith("action 2:"), msg


def test_commitment_and_seal():
    seed = bytes(range(32))
    c = commitment(seed)
    check_commitment(seed, c)
    _raises(VerifyError, check_commitment, bytes(32), c)
    _raises(VerifyError, check_commitment, seed[:31], c)
    code = seal(c)
    assert len(code) == 6 and code == seal(commitment(seed))


def test_canon_is_sorted_and_compact():
    assert (
        canon.dumps({"b": [1, None], "a": True, "c": 'x"y'})
        == '{"a":true,"b":[1,null],"c":"x\\"y"}'
    )
    assert canon.dumps("é") == '"\\u00e9"'
    _raises(TypeError, canon.dumps, {1: 2})


def test_generic_checker_passes_hidden_pair():
    g = HiddenPair()
    total = simcheck.check_many(g, [("hp-%d" % i).encode() for i in range(60)], thorough=True)
    assert total["games"] == 60
    assert total["resampled"] > 0  # non-interference was really exercised


def test_generic_checker_catches_a_leaky_view():
    class Leaky(HiddenPair):
        def new_initial_state(self):
            s = HiddenPair.new_initial_state(self)
            s._view = lambda seat: {"cards": list(s.cards)}
            return s

    try:
        simcheck.check_many(Leaky(), [b"leak-%d" % i for i in range(10)], thorough=True)
    except simcheck.CheckFailure as err:
        assert "can tell apart" in str(err)
        return
    raise AssertionError("the checker missed a view that shows the other hand")


def test_generic_checker_catches_wrong_observers():
    """observers() is proven against the views: a bet is public (both seats see it),
    so hiding both bets, or a bet alone, from the other seat fails the checker."""

    def hides(which):
        class Hiding(HiddenPair):
            def new_initial_state(self):
                s = HiddenPair.new_initial_state(self)
                right = s._observers

                def wrong(action):
                    if len(s.cards) == 2 and action in which:
                        return (len(s.bets) % 2,)
                    return right(action)

                s._observers = wrong
                return s

        return Hiding()

    wanted = {(PASS, BET): "can tell them apart", (BET,): "yet observers() leaves it out"}
    for which in wanted:
        try:
            simcheck.check_many(hides(which), [b"obs-%d" % i for i in range(10)], thorough=True)
        except simcheck.CheckFailure as err:
            assert wanted[which] in str(err), str(err)
            continue
        raise AssertionError("the checker missed observers() hiding %r" % (which,))
