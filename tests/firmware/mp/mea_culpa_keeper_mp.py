# The Mea Culpa keeper's presenter on MicroPython, driven by a stand-in session that
# offers only what a presenter may use (views, legal actions, codec, announcements,
# names, lights, screens): its screens come from what the rules announce.

import asyncio

import present_mea_culpa as P

from shared_rules.mea_culpa import keeper as K
from shared_rules.rng import Stream


class FakeSession:
    def __init__(self, game):
        self.game = game
        self._state = game.new_initial_state()
        self.events = []
        self.shown = []
        self.lit = []
        self.unloaded = []
        self.title = game.TITLE
        self.players = game.num_players
        self.options = game.options

    def unload(self, module):  # as session.Session's: a helper module forgotten
        import sys

        sys.modules.pop(module, None)
        self.unloaded.append(module)

    def view(self, seat=None):
        return self._state.view(seat)

    def legal(self):
        return self._state.legal_actions()

    def decode(self, action):
        return self.game.decode(action)

    def encode(self, data):
        return self.game.encode(data)

    def name(self, seat):
        return "P%d" % (seat + 1)

    def light(self, seat=None, name="turn"):
        self.lit.append((seat, name))

    def light_table(self, name="turn"):
        self.lit.append(("table", name))

    async def show(self, scr, full=False):
        self.shown.append(scr)

    async def wait_key(self, keys="A"):
        return keys[0]

    def play(self, action):
        self._state.apply(action)
        return self._state.announcements()


def test_market_screen_says_when_the_discards_were_reshuffled():
    """The market screen is drawn from the view and the rules' market announcement:
    round 7 of a 3-player game is dealt from the reshuffled discards."""
    s = FakeSession(K.MeaCulpaKeeper(3))
    pres = P.MeaCulpaPresenter(s)
    stream = Stream(b"r" * 32, b"t")
    notes = []
    shown = 0
    while s.view()["round"] < 9:
        legal = s.legal()
        if s._state.current_player() == -1:
            action = stream.weighted(s._state.chance_outcomes())
        elif K.NEXT_ROUND in legal:
            action = K.NEXT_ROUND
        else:
            action = legal[stream.below(len(legal))]
        news = s.play(action)
        if news:
            s.shown = []
            asyncio.run(pres.announce(news))
            shown += 1
            for scr in s.shown:
                if scr.name == "market":
                    notes.append(scr.lines[-1].endswith("discards reshuffled"))
                    assert scr.lines[-1].startswith("Deck %d left" % s.view()["deck"])
    assert notes == [False] * 6 + [True, False], notes
    # the announcements' screens are in RAM only while they are shown
    import sys

    assert s.unloaded == ["present_mea_culpa_news"] * shown
    assert "present_mea_culpa_news" not in sys.modules


def test_a_bid_entered_is_encoded_by_the_codec():
    s = FakeSession(K.MeaCulpaKeeper(2, max_bid=3))
    pres = P.MeaCulpaPresenter(s)
    keys = ["A", "DOWN", "B", "B", "UP", "B", "C", "A"]  # Look; taler 2; notches 2; Bid; Confirm

    async def next_event():
        return ("press", keys.pop(0))

    async def wait_key(which="A"):
        return keys.pop(0)

    s.next_event = next_event
    s.wait_key = wait_key
    stream = Stream(b"b" * 32, b"t")
    while s.view()["phase"] != "bidding":
        legal = s.legal()
        s.play(
            stream.weighted(s._state.chance_outcomes())
            if s._state.current_player() == -1
            else legal[0]
        )
    action = asyncio.run(pres.enter(s.view(0), s.legal(), 0))
    assert s.decode(action) == {"kind": "bid", "notches": 2, "taler": 2, "total": 4}
    # the pass screen, the entry after each of 6 presses, the confirmation
    assert [scr.name for scr in s.shown] == ["pass"] + ["bid"] * 7
    assert s.shown[-1].big == "2 + 2 = 4"
    assert s.shown[-1].private and s.shown[-1].keys[0] == "Confirm"
    # the secret's screens are in RAM only while the device asks
    assert s.unloaded == ["present_mea_culpa_secret"]
