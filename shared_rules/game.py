"""The game protocol every Confessor game implements (after OpenSpiel).

A `Game` is an immutable configuration: name, number of players, options.
A `State` is one position of a game. Chance (every card drawn, every
shuffle, every die) is an explicit action taken by the CHANCE player, so a
game is fully described by its configuration and its list of actions:
`replay(game, actions)` rebuilds any state, and the list is the save file.

Subclasses implement the `_`-prefixed hooks; the public methods here add the
checks that every game needs (legality, history, invalid seats).
"""

CHANCE = -1  # current_player() while chance decides
TERMINAL = -4  # current_player() once the game is over


class RulesError(ValueError):
    """Base of every error the rules core raises on bad input."""


class IllegalAction(RulesError):
    """apply() was given an action that is not legal in this state."""


class BadOption(RulesError):
    """An unknown option, a bad option value or an unsupported player count."""


_OFF_WORDS = ("off", "no", "none")  # what a CLI may write for an option's off value


class Option:
    """One game option: a name, a default and the values a table may choose.

    `choices` is a tuple of allowed values, or None for any int in
    [low, high]. `off`: the value that turns the option off (a round limit of 0:
    no limit), written "off" by a menu or a CLI, which may also give it as
    "off", "no" or "none". `parse()` turns text from a CLI or a menu into a value.
    """

    def __init__(self, name, default, choices=None, low=None, high=None, help="", off=None):
        self.name = name
        self.default = default
        self.choices = choices
        self.low = low
        self.high = high
        self.help = help
        self.off = off

    def show(self, value):
        """The value as a menu or a CLI writes it ("off" for the off value)."""
        if self.off is not None and value == self.off:
            return "off"
        if value is True:
            return "yes"
        if value is False:
            return "no"
        return str(value)

    def parse(self, value):
        if self.off is not None and isinstance(value, str) and value.lower() in _OFF_WORDS:
            value = self.off
        if isinstance(self.default, bool):
            if isinstance(value, str):
                text = value.lower()
                if text in ("1", "true", "yes", "on"):
                    value = True
                elif text in ("0", "false", "no", "off"):
                    value = False
            if not isinstance(value, bool):
                raise BadOption("option %s takes yes or no, not %r" % (self.name, value))
        elif isinstance(self.default, int) and not isinstance(value, int):
            try:
                value = int(value)
            except (TypeError, ValueError):
                raise BadOption(
                    "option %s takes a whole number%s, not %r"
                    % (self.name, " or off" if self.off is not None else "", value)
                )
        if self.choices is not None and value not in self.choices:
            raise BadOption(
                "option %s must be one of %s, not %r"
                % (self.name, ", ".join([str(c) for c in self.choices]), value)
            )
        if self.low is not None and value < self.low:
            raise BadOption("option %s must be at least %d, not %r" % (self.name, self.low, value))
        if self.high is not None and value > self.high:
            raise BadOption("option %s must be at most %d, not %r" % (self.name, self.high, value))
        return value


SEATS = "seats"  # Game.VIEW_PER: a list with one entry per seat


def from_entry(entry):
    """A Game class's decorator: the class takes its catalogue entry's facts (NAME, TITLE,
    MIN_PLAYERS, MAX_PLAYERS, OPTIONS, BOTS), written once, in the entry the menu and the
    CLI read without the engine (shared_rules/games.py):

        @from_entry(ENTRY)
        class NewRule(Game): ...
    """

    def take(cls):
        for name in ("NAME", "TITLE", "MIN_PLAYERS", "MAX_PLAYERS", "OPTIONS", "BOTS"):
            setattr(cls, name, getattr(entry, name))
        return cls

    return take


class Game:
    """A game's configuration. Subclasses set the class attributes below."""

    NAME = ""
    TITLE = ""
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    OPTIONS = ()  # tuple of Option
    BOTS = ()  # (name, module, class) of bots stronger than "random"
    # The figures a finished state's optional summary() gives (str -> int), in
    # plain words for reports: (key, words); "%d" in a key stands for a seat,
    # and words ending in "?" ask a yes (1) or no (0) question.
    SUMMARY = ()
    # What one round of the game is, in words (State.round_number() counts them), and
    # the unit State.standing() counts in (a winning margin's); "" when a game has none.
    ROUND = ""
    STANDING = ""

    def __init__(self, players=None, **options):
        if players is None:
            players = self.MIN_PLAYERS
        if not isinstance(players, int) or players < self.MIN_PLAYERS or players > self.MAX_PLAYERS:
            raise BadOption(
                "%s is for %d to %d players, not %r"
                % (self.NAME, self.MIN_PLAYERS, self.MAX_PLAYERS, players)
            )
        self.num_players = players
        known = {}
        for opt in self.OPTIONS:
            known[opt.name] = opt
        for key in sorted(options):
            if key not in known:
                raise BadOption(
                    "%s has no option %r (options: %s)"
                    % (self.NAME, key, ", ".join(sorted(known)) or "none")
                )
        values = {}
        for opt in self.OPTIONS:
            values[opt.name] = opt.parse(options[opt.name]) if opt.name in options else opt.default
        self.options = values
        self._check_options()

    def _check_options(self):
        """Hook: cross-option checks that depend on the player count."""

    def teams(self):
        """The team of each seat (a list, teams numbered from 0), or None when every
        seat plays for itself. Teammates win or lose together."""
        return None

    def describe(self):
        """The configuration as plain data, for log headers: rebuildable by load()."""
        return {"game": self.NAME, "players": self.num_players, "options": dict(self.options)}

    # -- the view, read by a person (the phone page: docs/phones.md) ---------
    def view_names(self):
        """How a person reads this game's views, as plain data sent to a page once.
        Numbers in a view are quantities unless named here, by view key at any depth:
        "codes": key -> the names its codes index (the number, or each number of a
        list; a negative one is "none"); "per": key -> the names its list has one entry
        for, in order (SEATS: one per seat); "seats": keys whose numbers are seats
        (negative: none); "skip": keys for the machine alone (an action code beside
        the names it stands for); "fields": key -> the names of a record's positions,
        in order (a list of mixed kinds, each entry read as the key that names it).
        Built when asked: a board keeps no table of it."""
        return {"codes": {}, "per": {}, "seats": [], "skip": [], "fields": {}}

    # -- the action codec ---------------------------------------------------
    def decode(self, action):
        """An action code as plain data: a dict with a "kind" and the fields a
        screen, a page or a log needs (names, not codes). Screens never do
        arithmetic on action codes: they decode, and encode what a seat chose."""
        return {"kind": "action", "code": action}

    def encode(self, data):
        """The action code of decode()'s data (the inverse); raises IllegalAction
        for data that names no action of this game."""
        if isinstance(data, dict) and data.get("kind") == "action":
            code = data.get("code")
            if isinstance(code, int) and not isinstance(code, bool):
                return code
        raise IllegalAction("%s has no action %r" % (self.NAME, data))

    def new_initial_state(self):
        raise NotImplementedError

    def max_game_length(self):
        """An upper bound on the number of actions (chance included) of any game, or
        None when the rules set none (New Rule played to its target alone may go on
        for ever): a driver then stops only where its caller says (driver.play's
        `cap`), and reports such a game as stopped, never as a result."""
        raise NotImplementedError

    def __repr__(self):
        return "<%s players=%d>" % (self.NAME, self.num_players)


class State:
    """One position of a game. Subclasses implement the hooks:

    _current_player, _legal_actions, _chance_outcomes, _apply, _returns,
    _view, _action_text; optionally _observers(action), and, for long legal lists, the
    answers that need no list: _is_legal, num_legal_actions, iter_legal_actions.
    """

    def __init__(self, game):
        self.game = game
        self._history = []
        self._forgotten = 0  # actions dropped from _history by forget_history()
        self._news = []  # what the last action announced to the table

    # -- whose turn -------------------------------------------------------
    def current_player(self):
        """A seat (0..n-1), CHANCE or TERMINAL."""
        return self._current_player()

    def is_chance_node(self):
        return self._current_player() == CHANCE

    def is_terminal(self):
        return self._current_player() == TERMINAL

    # -- moves ------------------------------------------------------------
    def legal_actions(self):
        """Sorted, unique ints. At a chance node, the possible outcomes."""
        p = self._current_player()
        if p == TERMINAL:
            return []
        if p == CHANCE:
            return [a for a, w in self.chance_outcomes()]
        return self._legal_actions()

    # What a device asks instead of the list when it may be long (a keeper's 246 bids
    # are a 2 KB list, a block a fragmented heap may not have). A game with long lists
    # overrides num_legal_actions and iter_legal_actions (and _is_legal) to answer
    # without building one; the generic checker proves they agree with the list.
    def num_legal_actions(self):
        """len(legal_actions()); 0 at the end."""
        return len(self.legal_actions())

    def is_legal(self, action):
        """`action in legal_actions()`: at a seat's turn the game's _is_legal, which
        may answer without the list. False for anything but a whole number."""
        if not isinstance(action, int) or isinstance(action, bool):
            return False
        p = self._current_player()
        if p == TERMINAL:
            return False
        return self._is_legal(action) if p != CHANCE else action in self.legal_actions()

    def iter_legal_actions(self):
        """legal_actions() one at a time, in order; valid until the state changes."""
        return iter(self.legal_actions())

    def chance_outcomes(self):
        """[(action, integer weight > 0), ...] sorted by action; [] off chance nodes."""
        if self._current_player() != CHANCE:
            return []
        return self._chance_outcomes()

    def apply(self, action):
        """Play `action`; raises IllegalAction (state unchanged) if it is not legal."""
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction("an action is a whole number, not %r" % (action,))
        p = self._current_player()
        if p == TERMINAL:
            raise IllegalAction("the game is over; no action %d" % action)
        if not self.is_legal(action):
            who = "chance" if p == CHANCE else "seat %d" % p
            raise IllegalAction(
                "action %d is not legal for %s here (move %d)" % (action, who, self.move_number())
            )
        self._news = []
        self._apply(action)
        self._history.append(action)

    def announcements(self):
        """What the last action announced to the whole table, as plain data:
        [{"kind": ..., ...}] (a Last Judgment revealed, a Pope caught, a
        reckoning). Public by contract, like view(None): screens show these
        instead of inferring events from changes of phase."""
        return list(self._news)

    def forget_announcements(self):
        """Drop the last action's announcements once the table has seen them (a
        device frees them before the next decision; announcements() is [] until the
        next action). Changes nothing the game can see."""
        self._news = []

    def _announce(self, kind, **fields):
        """Hook helper: called by _apply to announce something public."""
        fields["kind"] = kind
        self._news.append(fields)

    def observers(self, action=None):
        """Who sees which action is taken here: None for everyone, else a tuple of
        seats. The actor always knows its own action.

        Given `action` (a legal action), who sees it when it is the one taken: a New
        Rule card played face up is seen by every seat, a card played face down by its
        player alone. Without one, the node's answer: a tuple when some action here
        would be secret, so that the decision itself is made in private. The generic
        checker proves both against the views (tests/portable/simcheck.py)."""
        return self._observers(action)

    def _observers(self, action):
        return None

    def history(self):
        """Every action so far, chance included: with the game, the save file (on a
        device that forgot some, those since: see forget_history())."""
        return list(self._history)

    def move_number(self):
        """Actions taken so far, chance included (forgotten ones too)."""
        return self._forgotten + len(self._history)

    def forget_history(self):
        """Drop the actions kept so far; move_number() still counts them. A device
        journals every action to its flash as it is taken, so it needs none of them in
        RAM: forgetting them when its reserved room is full (reserve_history) keeps a
        game that may go on for hundreds of rounds (New Rule to its target) in that
        one block, where a growing list would ask a fragmented heap for ever larger
        ones. Only a device forgets: history(), replay and resampling then start from
        the first action kept. Changes nothing the game can see."""
        self._forgotten += len(self._history)
        del self._history[:]  # the list keeps its room

    def reserve_history(self, actions):
        """Make room now for `actions` more actions in the history. On MicroPython a
        list keeps its room when items are deleted, so a device reserves a long game's
        history while its heap is still in one piece, instead of asking later, when
        the heap is fragmented, for an ever larger contiguous block. Changes nothing
        the game can see."""
        history = self._history
        n = len(history)
        room = [0] * (n + actions)  # one block, the list's room from now on
        room[:n] = history
        del room[n:]
        self._history = room

    # -- outcome ----------------------------------------------------------
    def returns(self):
        """One int per seat; all zero until the game is over."""
        if self._current_player() != TERMINAL:
            return [0] * self.game.num_players
        return self._returns()

    # -- what a seat may know ---------------------------------------------
    def view(self, seat=None):
        """Everything `seat` may know now, and nothing else, as plain data
        (dicts with str keys, lists, ints, str, bool, None). None: an onlooker."""
        if seat is not None:
            if not isinstance(seat, int) or seat < 0 or seat >= self.game.num_players:
                raise RulesError("no seat %r in a %d-player game" % (seat, self.game.num_players))
        return self._view(seat)

    def action_text(self, action):
        """A short human description of `action` played in this state."""
        return self._action_text(action)

    # -- for statistics (the laptop's; a device never asks) -------------------
    def round_number(self):
        """The round being played, from 1 (at the end: the last round played), as the
        game's ROUND says what a round is; None for a game without rounds."""
        return None

    def standing(self):
        """Who is ahead now, by the game's own measure (its STANDING): one whole
        number per seat, more is better, so that the seats with the most would win if
        the game were scored now (at the end: as it was scored); a team stands as its
        best seat. None when the game has no such measure."""
        return None

    # -- copying ----------------------------------------------------------
    def clone(self):
        """An independent copy: changing one never changes the other."""
        other = object.__new__(self.__class__)
        for key in self.__dict__:
            value = self.__dict__[key]
            setattr(other, key, value if key == "game" else deep_copy(value))
        return other

    # -- hooks ------------------------------------------------------------
    def _current_player(self):
        raise NotImplementedError

    def _legal_actions(self):
        raise NotImplementedError

    def _chance_outcomes(self):
        raise NotImplementedError

    def _is_legal(self, action):
        """Whether a seat may play `action` now: `action in _legal_actions()`. A game
        whose lists are long (hundreds of bids, every set of a board) may answer
        without building one, so that apply() needs no large block of a small heap;
        the generic checker proves both agree. apply() and is_legal() ask it at player
        nodes only, with a whole number."""
        return action in self._legal_actions()

    def _draw_chance(self, stream):
        """The chance action `stream` gives here: always stream.weighted() of the
        chance outcomes. A game may draw it faster without building the list
        (the drivers' fast path); the generic checker proves both agree."""
        return stream.weighted(self._chance_outcomes())

    def _play_chance(self, stream):
        """Play chance actions drawn from `stream` until a seat is to move or the game
        is over: the drivers' fast path when nobody watches each action. The same
        actions, history and last announcements as _draw_chance() and apply(), one
        by one; a game may play its commonest chance runs in one loop, without the
        calls of each node (the generic checker proves both agree)."""
        history = self._history
        while self._current_player() == CHANCE:
            action = self._draw_chance(stream)
            if self._news:
                self._news = []
            self._apply(action)
            history.append(action)

    def _apply(self, action):
        raise NotImplementedError

    def _returns(self):
        raise NotImplementedError

    def _view(self, seat):
        raise NotImplementedError

    def _action_text(self, action):
        return str(action)


def deep_copy(value):
    """Copy nested lists and dicts; other values (ints, str, tuples) are shared."""
    t = type(value)
    if t is list:
        return [deep_copy(v) for v in value]
    if t is dict:
        out = {}
        for k in value:
            out[k] = deep_copy(value[k])
        return out
    if t is bytearray:
        return bytearray(value)
    return value


def replay(game, actions):
    """Rebuild the state reached by playing `actions` from the start."""
    state = game.new_initial_state()
    for action in actions:
        state.apply(action)
    return state
