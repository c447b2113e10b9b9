"""Play a game to the end: chance from the seeded stream, moves from bots.

The chance stream is labelled b"chance"; a verifier redraws it the same way
(see shared_rules.commit), so a game is its seed plus its action list.
"""

from shared_rules.game import TERMINAL, BadOption, IllegalAction
from shared_rules.rng import Stream

# What a bot is shown at its turn (its `sees` attribute).
VIEW = "view"
NOTHING = "nothing"
INFORMATION_SET = "information set"


def draw_chance(stream, state):
    """The chance action the stream gives at this chance node."""
    return stream.weighted(state.chance_outcomes())


class RandomBot:
    """Picks uniformly among the legal actions, from its own labelled stream.

    Every bot has this shape: built with (game, seed, seat), and asked to
    choose(seen, legal) with only what its seat may know. What `seen` is, the
    bot says in its `sees` attribute: VIEW (the default) for view(seat),
    NOTHING for None, INFORMATION_SET for a shared_rules.laptop.infoset.InformationSet
    (a search bot's narrow window: the view, the legal actions, and positions
    drawn from what the seat cannot tell apart).
    """

    name = "random"
    sees = NOTHING  # play() skips building a view it would never read

    def __init__(self, game, seed, seat):
        self.stream = Stream(seed, b"bot%d" % seat)

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


def seen_by(bot, state, seat):
    """What `bot` is shown at its turn: its view, nothing, or its information set."""
    sees = getattr(bot, "sees", VIEW)
    if sees == VIEW:
        return state.view(seat)
    if sees == NOTHING:
        return None
    if sees == INFORMATION_SET:
        from shared_rules.laptop.infoset import InformationSet

        return InformationSet(state, seat)
    raise BadOption("bot %r sees %r, not a kind of knowledge" % (getattr(bot, "name", "?"), sees))


def choose(bot, state, seat):
    """Ask a bot for its move, showing it only what its seat may know."""
    return bot.choose(seen_by(bot, state, seat), state.legal_actions())


def play(game, seed, bots=None, observer=None, cap=None):
    """Play one game; returns the terminal state (its history() is the log).

    `bots` is one bot per seat (default: random bots seeded from `seed`).
    `observer(state, action)` is called before each action is applied.
    `cap`: a safety cap, in actions (chance included): a game still going after
    that many is stopped and returned unfinished (not terminal), for the caller to
    report as stopped, never as a result. Without one, a game plays until it ends:
    past max_game_length() is an error, and a game whose rules set no bound
    (max_game_length() None: New Rule with no round limit) may never end.

    The trusted fast path: the driver asks for the legal actions once and plays
    only an action taken from that very list (at a chance node, the game's
    _draw_chance(), which the generic checker proves equal to a weighted draw
    from the chance outcomes), so it calls the game's hooks directly instead of
    apply(), which would compute them again to check. A bot's answer is still
    checked against the list. With no observer, a run of chance actions is the
    game's _play_chance() (the same draws, without a call per action). Views are
    built only for bots that read them. With no observer and every seat a plain
    RandomBot, a game that has a _play_random(chance, streams, stop) plays there as
    far as it can (the same draws, proved equal to apply() one action at a time by
    simcheck's check_random_play), and this loop ends the game. The full checks stay
    where a test or a log needs them: State.apply(), simcheck and logcheck.verify().
    """
    if bots is None:
        bots = [RandomBot(game, seed, seat) for seat in range(game.num_players)]
    bound = game.max_game_length()
    stop = bound if cap is None else cap if bound is None else min(bound, cap)  # None: neither
    chance = Stream(seed, b"chance")
    state = game.new_initial_state()
    fast = getattr(state, "_play_random", None)  # a game's own loop for plain random bots
    if fast is not None and observer is None and all(type(b) is RandomBot for b in bots):
        fast(chance, [bot.stream for bot in bots], stop)  # as far as it goes; the loop ends it
        if bound is not None and len(state._history) > bound:
            raise AssertionError("%s ran past its bound of %d actions" % (game.NAME, bound))
    history = state._history
    current = state._current_player
    legal_actions = state._legal_actions
    apply_hook = state._apply
    draw = state._draw_chance
    play_chance = state._play_chance
    plain = [getattr(bot, "sees", VIEW) for bot in bots]  # the common cases inline
    # A random bot's pick is made here, as its choose() makes it, without the call.
    random_streams = [bot.stream if type(bot) is RandomBot else None for bot in bots]
    while stop is None or len(history) < stop:
        seat = current()
        if seat < 0:  # CHANCE or TERMINAL
            if seat == TERMINAL:
                return state
            if observer is None:  # nobody to show each action: the whole run at once
                play_chance(chance)
                continue
            action = draw(chance)
        else:
            legal = legal_actions()
            stream = random_streams[seat]
            if stream is not None:
                count = len(legal)
                # a forced move (New Rule's "no set" most turns) draws nothing: below(1)
                # is 0 and takes no byte of the stream
                action = legal[stream.below(count)] if count > 1 else legal[0]
            else:
                kind = plain[seat]
                if kind == NOTHING:
                    seen = None
                elif kind == VIEW:
                    seen = state.view(seat)
                else:
                    seen = seen_by(bots[seat], state, seat)
                action = bots[seat].choose(seen, legal)
                if type(action) is not int or action not in legal:
                    raise IllegalAction(
                        "bot %r of seat %d chose %r, not a legal action (move %d)"
                        % (getattr(bots[seat], "name", "?"), seat, action, len(history))
                    )
        if observer is not None:
            observer(state, action)
        if state._news:
            state._news = []
        apply_hook(action)
        history.append(action)
    if current() == TERMINAL or (cap is not None and len(history) >= cap):
        return state  # ended, or stopped by the caller's cap
    raise AssertionError("%s ran past its bound of %d actions" % (game.NAME, bound))
