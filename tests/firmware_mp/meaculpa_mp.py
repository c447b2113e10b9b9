# The Mea Culpa keeper presenter on MicroPython: what its announcements are computed from.

import present_meaculpa as P

from shared_rules import games
from shared_rules import mea_culpa_keeper as K
from shared_rules.rng import Stream


class _Ctx:
    def __init__(self, game):
        self.game = game


def test_market_says_when_the_discards_were_reshuffled():
    """Rulebook: "If the House of Pleasure deck runs out, shuffle the discarded cards".
    24 cards, 4 a round: round 7 is dealt from the reshuffled discards, and the deck
    runs out before the round's last card (at the round's start), so the market screen
    must compare with the previous market, not with the count before its last card."""
    game = games.load("mea-culpa-keeper", 3)
    pres = P.MeaCulpaPresenter(None, _Ctx(game))
    state = game.new_initial_state()
    stream = Stream(b"r" * 32, b"t")
    shown = []
    while state.round < 9:
        if state.current_player() == -1:
            action = stream.weighted(state.chance_outcomes())
        else:
            legal = state.legal_actions()
            action = K.NEXT_ROUND if K.NEXT_ROUND in legal else legal[stream.below(len(legal))]
        info = pres.before(state, action)
        state.apply(action)
        if info[0] == K.P_CARDS and state.phase != K.P_CARDS:
            shown.append(state.reshuffles > info[1])
    assert shown == [False] * 6 + [True, False], shown
