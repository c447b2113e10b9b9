"""The search bot's window (shared_rules.laptop.infoset): the seat's view, its legal
actions, and positions drawn from what it cannot tell apart, the same drawn
from two states that differ only in what it has not seen."""

from hidden_pair import CARD_BASE, HiddenPair

from shared_rules import canon, games
from shared_rules.game import replay
from shared_rules.laptop.driver import INFORMATION_SET, choose, seen_by
from shared_rules.laptop.infoset import InformationSet
from shared_rules.rng import Stream


def _drawn(info, label):
    state = info.determinize(Stream(b"draw", label))
    return canon.dumps([state.history(), state.view(None), state.view(0), state.view(1)])


def test_a_game_without_resample_is_redrawn_by_replay():
    g = HiddenPair()
    a = replay(g, [CARD_BASE + 1, CARD_BASE + 3])
    b = replay(g, [CARD_BASE + 1, CARD_BASE + 2])  # seat 0 cannot tell a from b
    ia = InformationSet(a, 0)
    ib = InformationSet(b, 0)
    assert ia.view() == a.view(0) and ia.legal_actions() == a.legal_actions()
    seen = []
    for k in range(6):
        label = "k%d" % k
        assert _drawn(ia, label) == _drawn(ib, label)
        drawn = ia.determinize(Stream(b"draw", label))
        assert drawn.view(0) == a.view(0)  # seat 0's own card is kept
        seen.append(drawn.history()[1])
    assert sorted(set(seen)) == [CARD_BASE + 2, CARD_BASE + 3]  # the hidden card varies


def test_a_game_with_resample_uses_it():
    g = games.load("seven-sins", 3, sins="Pride,Greed,Lust,Envy,Wrath")
    state = g.new_initial_state()
    for _ in range(3):  # deal the three opening cards
        state.apply(state.legal_actions()[0])
    other = state.resample(0, Stream(b"other", b"x"))
    while other is None or other.history() == state.history():
        other = state.resample(0, Stream(b"other", b"y%d" % len(state.history())))
    ia = InformationSet(state, 0)
    ib = InformationSet(other, 0)
    for k in range(4):
        assert _drawn(ia, "s%d" % k) == _drawn(ib, "s%d" % k)


class _Searcher:
    sees = INFORMATION_SET

    def __init__(self):
        self.seen = None

    def choose(self, info, legal):
        self.seen = info
        return legal[0]


def test_the_driver_hands_a_search_bot_its_information_set():
    g = HiddenPair()
    state = replay(g, [CARD_BASE + 1, CARD_BASE + 3])
    bot = _Searcher()
    choose(bot, state, 0)
    assert isinstance(bot.seen, InformationSet) and bot.seen.seat == 0
    assert isinstance(seen_by(bot, state, 0), InformationSet)
