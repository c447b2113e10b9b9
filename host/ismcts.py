"""A search bot for every game: information-set Monte Carlo tree search.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte
Carlo Tree Search", IEEE TCIAIG 4(2), 2012). Each iteration draws one position
the seat cannot tell from the real one (InformationSet.determinize, which uses
the game's own resample), walks the tree with UCB over the actions legal in
that position (a child's availability count standing for its parent's visits),
adds one node, plays the rest at random, and credits every seat with its share
of the win. The move played is the one most iterations chose: every sampled
position votes with its visits.

It sees only its InformationSet (driver.INFORMATION_SET), never the State, and
tests prove its choice does not change between two states that differ only in
what its seat has not seen. The budget is a number of iterations, and every
figure is an integer (win shares scaled to whole numbers, a fixed-point
logarithm, math.isqrt), so a seed gives the same moves on every machine.

Chance nodes are played through (open loop): the tree keys a node's children
by (player, action), so it plans against the chance it cannot foresee.
"""

from __future__ import annotations

import math

from shared_rules.driver import INFORMATION_SET
from shared_rules.game import CHANCE, TERMINAL
from shared_rules.rng import Stream

DEFAULT_ITERATIONS = 200
FIXED = 1 << 16  # fixed-point unit of UCB values
EXPLORE = (7, 10)  # UCB exploration constant 0.7, as a fraction (rewards in [0, 1])


def win_shares(returns: list[int], scale: int) -> list[int]:
    """Each seat's share of the win, times `scale`: the seats with the highest
    return share it equally (every seat, when all returns are equal)."""
    best = max(returns)
    winners = [s for s in range(len(returns)) if returns[s] == best]
    share = scale // len(winners)
    return [share if returns[s] == best else 0 for s in range(len(returns))]


_LN_CACHE: dict[int, int] = {}


def ln_fixed(x: int) -> int:
    """ln(x) * 2**16 for an integer x >= 1, by integer arithmetic only
    (binary logarithm bit by bit, then times ln 2): the same on every machine."""
    cached = _LN_CACHE.get(x)
    if cached is not None:
        return cached
    e = x.bit_length() - 1
    y = (x << 32) >> e  # x / 2**e in [1, 2), 32 fraction bits
    frac = 0
    for i in range(16):
        y = (y * y) >> 32
        if y >= 2 << 32:
            y >>= 1
            frac |= 1 << (15 - i)
    value = ((e << 16) + frac) * 45426 >> 16  # ln 2 = 45426 / 2**16
    _LN_CACHE[x] = value
    return value


class _Node:
    __slots__ = ("visits", "avail", "reward", "children")

    def __init__(self, players: int):
        self.visits = 0
        self.avail = 0
        self.reward = [0] * players
        self.children: dict[int, _Node] = {}


def _key(player: int, action: int) -> int:
    return action * 64 + player


class SearchBot:
    """ISMCTS with a fixed budget of iterations (see the module docstring)."""

    name = "ismcts"
    sees = INFORMATION_SET

    def __init__(self, game, seed, seat, iterations: int = DEFAULT_ITERATIONS):
        if iterations < 1:
            raise ValueError("a search needs at least one iteration")
        self.seat = seat
        self.iterations = iterations
        self.players = game.num_players
        self.scale = math.lcm(*range(1, game.num_players + 1))
        self.stream = Stream(seed, "bot%d" % seat)
        self.name = "ismcts" if iterations == DEFAULT_ITERATIONS else "ismcts:%d" % iterations

    def choose(self, info, legal):
        if len(legal) == 1:
            return legal[0]
        root = _Node(self.players)
        for _ in range(self.iterations):
            self._iterate(root, info.determinize(self.stream))
        best = None
        best_key = None
        for action in legal:  # most visits, then most reward, then the lowest action
            child = root.children.get(_key(self.seat, action))
            if child is None:
                continue
            key = (child.visits, child.reward[self.seat])
            if best_key is None or key > best_key:
                best = action
                best_key = key
        return legal[0] if best is None else best

    def _iterate(self, root: _Node, state) -> None:
        stream = self.stream
        history = state._history
        current = state._current_player
        apply_hook = state._apply
        node = root
        path = [root]
        # Selection and expansion: walk the tree in this sampled position.
        while True:
            player = current()
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = state._draw_chance(stream)
            else:
                legal = state._legal_actions()
                children = node.children
                untried = []
                best = None
                best_score = -1
                for a in legal:
                    child = children.get(_key(player, a))
                    if child is None:
                        untried.append(a)
                        continue
                    child.avail += 1
                    if not untried:
                        score = self._ucb(child, player)
                        if score > best_score:
                            best_score = score
                            best = (a, child)
                if untried:
                    action = untried[stream.below(len(untried))]
                    child = _Node(self.players)
                    child.avail = 1
                    children[_key(player, action)] = child
                    path.append(child)
                    if state._news:
                        state._news = []
                    apply_hook(action)
                    history.append(action)
                    break
                assert best is not None
                action, node = best
                path.append(node)
            if state._news:
                state._news = []
            apply_hook(action)
            history.append(action)
        # Rollout: the rest of the game at random.
        while True:
            player = current()
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = state._draw_chance(stream)
            else:
                legal = state._legal_actions()
                action = legal[stream.below(len(legal))]
            if state._news:
                state._news = []
            apply_hook(action)
            history.append(action)
        shares = win_shares(state.returns(), self.scale)
        for n in path:
            n.visits += 1
            reward = n.reward
            for s in range(self.players):
                reward[s] += shares[s]

    def _ucb(self, child: _Node, player: int) -> int:
        n = child.visits
        mean = child.reward[player] * FIXED // (n * self.scale)
        spread = math.isqrt(ln_fixed(child.avail) * FIXED // n)
        return mean + spread * EXPLORE[0] // EXPLORE[1]
