"""Tiny games with known answers, for the statistics' own tests.

Coin Flip: chance flips a fair coin, then each seat in turn says "done"; the
coin's seat wins. Every seat's win rate is 1/n and no seat has an advantage.
Rigged Coin: the same with the coin weighted 3 to 1 for seat 0 (2 players).
Even Split (3 players): a fair die of four faces: seat 0, 1 or 2 wins, or
seats 0 and 1 share the win.
"""

from shared_rules import games
from shared_rules.game import CHANCE, TERMINAL, Game, State

DONE = 0
FLIP = 10  # chance: FLIP + seat, that seat's coin; FLIP + 9: the two share


class CoinFlip(Game):
    NAME = "coin-flip"
    TITLE = "Coin Flip"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 4
    SUMMARY = (("winner", "the seat whose coin came up"),)
    WEIGHTS = None  # seat -> weight (None: fair)

    def new_initial_state(self):
        return CoinState(self)

    def max_game_length(self):
        return 1 + self.num_players


class RiggedCoin(CoinFlip):
    NAME = "rigged-coin"
    TITLE = "Rigged Coin"
    MAX_PLAYERS = 2
    WEIGHTS = (3, 1)


class EvenSplit(CoinFlip):
    NAME = "even-split"
    TITLE = "Even Split"
    MIN_PLAYERS = 3
    MAX_PLAYERS = 3
    SHARE = True


class CoinState(State):
    def __init__(self, game):
        State.__init__(self, game)
        self.coin = -1
        self.said = 0

    def _current_player(self):
        if self.coin < 0:
            return CHANCE
        if self.said < self.game.num_players:
            return self.said
        return TERMINAL

    def _chance_outcomes(self):
        n = self.game.num_players
        weights = self.game.WEIGHTS or (1,) * n
        out = [(FLIP + s, weights[s]) for s in range(n)]
        if getattr(self.game, "SHARE", False):
            out.append((FLIP + 9, 1))
        return out

    def _legal_actions(self):
        return [DONE]

    def _apply(self, action):
        if self.coin < 0:
            self.coin = action - FLIP
        else:
            self.said += 1

    def _returns(self):
        if self.coin == 9:
            return [1, 1] + [0] * (self.game.num_players - 2)
        return [1 if s == self.coin else 0 for s in range(self.game.num_players)]

    def _view(self, seat):
        return {"coin": self.coin, "said": self.said}

    def summary(self):
        return {"winner": self.coin}


def register():
    games.register("coin-flip", "stat_games", "CoinFlip")
    games.register("rigged-coin", "stat_games", "RiggedCoin")
    games.register("even-split", "stat_games", "EvenSplit")
