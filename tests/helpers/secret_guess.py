"""Secret Guess: a tiny game of one secret choice, for the search bot's tests.

Seat 0 picks one of `choices` numbers in secret (only seat 0 observes it);
seat 1 then names a number, in the open. Seat 1 wins if it named the secret,
seat 0 otherwise. A search that let seat 1 answer a choice it has not seen
would think seat 0 always loses; the honest value for seat 0 is 1 - 1/choices.
Its secret leaves no public trace, so the generic resampler redraws it.
"""

from shared_rules.game import TERMINAL, Game, Option, State


class SecretGuess(Game):
    NAME = "secret-guess"
    TITLE = "Secret Guess"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    OPTIONS = (Option("choices", 3, low=2, high=200, help="numbers to pick from"),)

    def new_initial_state(self):
        return SecretGuessState(self)

    def max_game_length(self):
        return 2


class SecretGuessState(State):
    def _current_player(self):
        return TERMINAL if len(self._history) == 2 else len(self._history)

    def _legal_actions(self):
        return list(range(self.game.options["choices"]))

    def _apply(self, action):
        pass

    def _observers(self, action=None):
        return (0,) if not self._history else None  # the pick is secret, the guess is not

    def _returns(self):
        guessed = self._history[0] == self._history[1]
        return [0, 1] if guessed else [1, 0]

    def _view(self, seat):
        view = {"moves": len(self._history)}
        if seat == 0 and self._history:
            view["secret"] = self._history[0]
        if len(self._history) == 2:
            view["guess"] = self._history[1]
        return view
