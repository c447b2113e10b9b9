"""What a game may tell the laptop's search bot (host/ismcts.py): the protocol.

A game's entry names its guide in SEARCH_GUIDE = (module, class), a subclass
of Guide kept in the game's bot module (laptop-only, like the bots). The search
asks it four things about a position it has sampled (a determinization, never
the real state):

- stage(state): how far the game has come (a round, say), never decreasing;
  a rollout stops `horizon` stages after the position it started from (0:
  play to the end);
- evaluate(state): each seat's chance of winning from there, in thousandths,
  where a rollout stops short of the end;
- rollout_action(state, legal, stream): the move a rollout plays;
- rank(state, legal): the legal moves best first, so that a wide node (more
  than `wide` moves: Mea Culpa's hundred-odd bids) opens the likely ones first,
  a few more as it is visited more; None for no order.

This base class knows nothing: random rollouts to the end, no order. Laptop
only (the device never searches), but kept portable like the rest.
"""

PERMILLE = 1000  # evaluate(): a seat's chance of winning, in thousandths


class Guide:
    horizon = 0  # stages a rollout plays before it is judged; 0: to the end
    wide = 16  # a node with more moves than this opens them in rank()'s order

    def __init__(self, game):
        self.game = game

    def stage(self, state):
        """How far the game has come: never decreases as play goes on."""
        return 0

    def evaluate(self, state):
        """Each seat's chance of winning from `state`, in thousandths."""
        n = self.game.num_players
        return [PERMILLE // n] * n

    def rollout_action(self, state, legal, stream):
        """The move a rollout plays for the seat to move (`legal` has two or more)."""
        return legal[stream.below(len(legal))]

    def rank(self, state, legal):
        """The legal moves, best first, or None when no order is known."""
        return None


def win_chances(margins, spread):
    """Each seat's chance of winning, in thousandths, from how far it leads
    (`margins`, larger is better) and how much the lead may still change
    (`spread`, in the same units; > 0): a seat `spread` ahead of the best of
    the others wins about three times in four. Integer arithmetic only."""
    n = len(margins)
    out = []
    for s in range(n):
        best_other = None
        for o in range(n):
            if o != s and (best_other is None or margins[o] > best_other):
                best_other = margins[o]
        lead = margins[s] - best_other
        # a logistic curve in thousandths: 500 at an even lead, 750 at lead = spread
        x = lead * 1000 // spread  # the lead in thousandths of the spread
        out.append(_logistic(x))
    total = sum(out)
    if total <= 0:
        return [PERMILLE // n] * n
    return [v * PERMILLE // total for v in out]


def _logistic(x):
    """1000 / (1 + 3 ** (-x / 1000)), by a table with linear steps: 500 at 0,
    750 at 1000, 900 at 2000, close to 1000 beyond."""
    sign = 1
    if x < 0:
        sign = -1
        x = -x
    table = (500, 750, 900, 964, 988, 996, 999, 1000)
    i = x // 1000
    if i >= len(table) - 1:
        v = 1000
    else:
        v = table[i] + (table[i + 1] - table[i]) * (x - i * 1000) // 1000
    return v if sign > 0 else 1000 - v
