"""Hidden Pair: a tiny game with chance and hidden hands, to prove the kernel.

Kuhn poker by another name. A deck of three cards (1, 2, 3); each of two
players antes one chip and is dealt one card in secret. Seat 0 checks or
bets one chip; seat 1 answers; a check-bet gives seat 0 the last word.
The higher card wins the pot at a showdown; a fold loses what was put in.
"""

from shared_rules.game import CHANCE, TERMINAL, Game, Option, State

PASS = 0
BET = 1
CARD_BASE = 10  # chance action 10 + c deals card c


class HiddenPair(Game):
    NAME = "hidden-pair"
    TITLE = "Hidden Pair"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    OPTIONS = (Option("ante", 1, low=1, high=5, help="chips each player antes"),)

    def new_initial_state(self):
        return HiddenPairState(self)

    def max_game_length(self):
        return 5


class HiddenPairState(State):
    def __init__(self, game):
        State.__init__(self, game)
        self.cards = []  # cards[seat], dealt in seat order
        self.bets = []  # PASS/BET in turn order

    def _current_player(self):
        if len(self.cards) < 2:
            return CHANCE
        if self._finished():
            return TERMINAL
        return len(self.bets) % 2

    def _finished(self):
        b = self.bets
        return (
            b == [PASS, PASS]
            or b == [BET, BET]
            or b == [BET, PASS]
            or b == [PASS, BET, PASS]
            or b == [PASS, BET, BET]
        )

    def _chance_outcomes(self):
        return [(CARD_BASE + c, 1) for c in (1, 2, 3) if c not in self.cards]

    def _legal_actions(self):
        return [PASS, BET]

    def _apply(self, action):
        if len(self.cards) < 2:
            self.cards.append(action - CARD_BASE)
        else:
            self.bets.append(action)

    def _observers(self, action):
        # A card is dealt face down: only its receiver sees it.
        if len(self.cards) < 2:
            return (len(self.cards),)
        return None

    def _returns(self):
        ante = self.game.options["ante"]
        b = self.bets
        if b == [BET, PASS]:
            return [ante, -ante]
        if b == [PASS, BET, PASS]:
            return [-ante, ante]
        stake = ante + (1 if BET in b else 0)
        winner = 0 if self.cards[0] > self.cards[1] else 1
        return [stake, -stake] if winner == 0 else [-stake, stake]

    def _view(self, seat):
        view = {"bets": list(self.bets), "dealt": len(self.cards)}
        if seat is not None and seat < len(self.cards):
            view["my_card"] = self.cards[seat]
        folded = self.bets in ([BET, PASS], [PASS, BET, PASS])
        if self._current_player() == TERMINAL and not folded:
            view["showdown"] = list(self.cards)
        return view

    def _action_text(self, action):
        if len(self.cards) < 2:
            return "deal card %d to seat %d" % (action - CARD_BASE, len(self.cards))
        return "bet" if action == BET else "pass"
