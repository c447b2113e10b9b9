"""Play a game to the end: chance from the seeded stream, moves from bots.

The chance stream is labelled b"chance"; a verifier redraws it the same way
(see shared_rules.commit), so a game is its seed plus its action list.
"""

from shared_rules.game import CHANCE, BadOption
from shared_rules.rng import Stream


def draw_chance(stream, state):
    """The chance action the stream gives at this chance node."""
    return stream.weighted(state.chance_outcomes())


class RandomBot:
    """Picks uniformly among the legal actions, from its own labelled stream.

    Every bot has this shape: built with (game, seed, seat), and asked to
    choose(view, legal) with only what its seat may know.
    """

    name = "random"

    def __init__(self, game, seed, seat):
        self.stream = Stream(seed, "bot%d" % seat)

    def choose(self, view, legal):
        return legal[self.stream.below(len(legal))]


def make_bot(game, name, seed, seat):
    """A bot by name: "random", or one the game lists in its BOTS."""
    if name == "random":
        return RandomBot(game, seed, seat)
    for bot_name, module_name, class_name in game.BOTS:
        if bot_name == name:
            module = __import__(module_name)
            for part in module_name.split(".")[1:]:
                module = getattr(module, part)
            return getattr(module, class_name)(game, seed, seat)
    raise BadOption(
        "no bot %r for %s (bots: %s)"
        % (name, game.NAME, ", ".join(["random"] + [b[0] for b in game.BOTS]))
    )


def choose(bot, state, seat):
    """Ask a bot for its move, showing it only its own view."""
    return bot.choose(state.view(seat), state.legal_actions())


def play(game, seed, bots=None, observer=None):
    """Play one game; returns the terminal state (its history() is the log).

    `bots` is one bot per seat (default: random bots seeded from `seed`).
    `observer(state, action)` is called before each action is applied.
    """
    if bots is None:
        bots = [RandomBot(game, seed, seat) for seat in range(game.num_players)]
    chance = Stream(seed, b"chance")
    state = game.new_initial_state()
    limit = game.max_game_length()
    while not state.is_terminal():
        if state.move_number() > limit:
            raise AssertionError("%s ran past its bound of %d actions" % (game.NAME, limit))
        seat = state.current_player()
        if seat == CHANCE:
            action = draw_chance(chance, state)
        else:
            action = choose(bots[seat], state, seat)
        if observer is not None:
            observer(state, action)
        state.apply(action)
    return state
