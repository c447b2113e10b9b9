"""Helpers for the 7 Pecados tests: build states through the public API only.

Every state is reached by applying actions (chance included: the test
chooses every card dealt and drawn), so nothing here reaches into the state.
"""

from shared_rules import games
from shared_rules.siete_pecados.rules import (
    CANCELLING,
    CARD,
    DRAW,
    DRAW_DECK,
    DRAWING,
    PASS,
)

# Card codes: the temptation cards in score order, then the angel/demon card.
L, G, A, S, W, E, P, AD = range(8)  # Lust, Gluttony, Greed (Avarice), Sloth, Wrath, Envy, Pride


def game(players=2, **options):
    return games.load("siete-pecados", players, **options)


def dealt(g, hands):
    """A state right after the opening deal; hands[seat] = [first card, second card]
    (dealt one at a time to seats 0, 1, ..., twice round)."""
    state = g.new_initial_state()
    n = g.num_players
    for k in range(2 * n):
        state.apply(CARD + hands[k % n][k // n])
    return state


def draw(state, card):
    """The turn's player draws `card` from the deck (choosing the deck if asked)."""
    if state.phase == DRAW:
        state.apply(DRAW_DECK)
    assert state.phase == DRAWING, state.phase
    state.apply(CARD + card)


def pass_all(state):
    """Nobody cancels (Infernal): every seat in the window passes."""
    while state.phase == CANCELLING:
        state.apply(PASS)


def turn(state, card, play, passes=True):
    """One ordinary turn: draw `card`, then `play` (an action); returns the
    announcements of the play (and of the passes that let it stand)."""
    draw(state, card)
    state.apply(play)
    news = state.announcements()
    if passes and state.phase == CANCELLING:
        while state.phase == CANCELLING:
            state.apply(PASS)
        news = news + state.announcements()
    return news


def script(state, plays):
    """Turns in table order: each draws the very card it plays (an angel/demon
    card for a favour or an elimination), so the dealt hands stay as dealt."""
    out = []
    for action in plays:
        card = action - 20 if 20 <= action < 27 else AD
        out.append(turn(state, card, action))
    return out


def kinds(news):
    return [a["kind"] for a in news]


def only(news, kind):
    return [a for a in news if a["kind"] == kind]


def raises(exc, fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except exc as err:
        return str(err)
    raise AssertionError("%s was not raised" % exc.__name__)
