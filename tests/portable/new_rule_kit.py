"""Helpers for the New Rule (Sin) tests: deal chosen hands, play by card label,
form a set by its cards, and an independent reckoning scorer (portable)."""

from shared_rules import games
from shared_rules.game import CHANCE
from shared_rules.new_rule.rules import DEAL, DOWN, KING, NO_SET, SET, UP, parse_card, set_index
from shared_rules.rng import Stream


def raises(exc, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc as err:
        return str(err)
    raise AssertionError("%s was not raised" % exc.__name__)


def deal(state, hands):
    """Deal the round's hands: `hands[seat]` is a list of labels. Cards go
    round the table from the round's first player, as a dealer deals."""
    n = state.game.num_players
    first = state.first
    size = len(hands[0])
    for i in range(size):
        for j in range(n):
            seat = (first + j) % n
            assert state.current_player() == CHANCE
            assert state.observers() == (seat,)
            state.apply(DEAL + parse_card(hands[seat][i]))
    return state


def start(players, hands, **options):
    """A new game of `players` after the first deal of `hands`."""
    game = games.load("new-rule", players, **options)
    return deal(game.new_initial_state(), hands)


def play(state, text, face="up"):
    card = parse_card(text)
    state.apply((UP if face == "up" else DOWN) + card)
    return state


def form(state, *texts):
    state.apply(SET + set_index([parse_card(t) for t in texts]))
    return state


def no_set(state):
    state.apply(NO_SET)
    return state


def set_action(*texts):
    return SET + set_index([parse_card(t) for t in texts])


def news(state, kind):
    """The announcements of `kind` made by the last action."""
    return [a for a in state.announcements() if a["kind"] == kind]


# -- an independent scorer ------------------------------------------------------
# Written from the rulebook's words without the engine's helpers: a card's value
# is read from its label; "match ... in value" compares the rank part of labels.

FACE = ("J", "Q", "K")


def value_of(text, ace=1):
    rank = text[:-1]
    if rank == "A":
        return ace
    if rank in FACE:
        return 10
    return int(rank)


def reckon(up, down, set_deck, ace=1, match="rank", unmatched="value"):
    """One player's reckoning: (penalty, forgiven), all cards as labels. `match`:
    "rank" compares the rank part of labels, "value" their values; `unmatched`
    "free": with sets, a face-up card that matches nothing costs nothing."""
    for t in down:
        if t[:-1] == "K":
            return 0, True

    def key(t):
        return t[:-1] if match == "rank" else value_of(t, ace)

    keys = [key(t) for t in set_deck]
    plain = 0 if (set_deck and unmatched == "free") else 1
    total = 0
    for t in up:
        total += value_of(t, ace) * (2 if key(t) in keys else plain)
    for t in down:
        total += value_of(t, ace) * (4 if key(t) in keys else 2)
    return total, False


def damn(up, down, set_deck, ace=1):
    """One player's total damnation penalty, all cards as labels."""
    total = 0
    for t in up + set_deck:
        total += value_of(t, ace)
    for t in down:
        total += 20 if t[:-1] == "K" else value_of(t, ace)
    return total


class KingsDownBot:
    """Plays its Kings face down (never face up while it can help it), other
    cards face up at random, and forms a random set: rounds that end in total
    damnation, with set decks and face-down Kings to count."""

    def __init__(self, game, seed, seat):
        self.stream = Stream(seed, "kings%d" % seat)

    def choose(self, view, legal):
        if view["phase"] == "set":
            return legal[self.stream.below(len(legal))]
        down = [a for a in legal if a >= DOWN and ((a - DOWN) >> 2) == KING]
        if down:
            return down[0]
        calm = [a for a in legal if a < DOWN and ((a - UP) >> 2) != KING]
        return (calm or legal)[self.stream.below(len(calm or legal))]
