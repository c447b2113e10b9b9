"""A search bot for every game: information-set Monte Carlo tree search.

Each iteration draws one position the seat cannot tell from the real one
(InformationSet.determinize, which uses the game's own resample), walks a tree
in that position, plays on with a rollout policy, and credits every seat with
its value at the end. The move played is the one most iterations chose: every
sampled position votes with its visits.

The tree is keyed per observer (after Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2), 2012, the
multiple-observer kind): a decision's statistics are filed under the mover and
what the mover has observed since the root, with an action the mover did not
see (a secret bid, a face-down card, a chest compartment) filed as "hidden".
So a seat that bids after another cannot answer a bid it has not seen, and the
search seat's own later choices do not depend on its opponents' secrets. Chance
is played through (open loop): a node stands for every deal the mover cannot
foresee. A child's availability count stands for its parent's visits in UCB.

What the search knows of a game comes from the game's search guide (the
entry's SEARCH_GUIDE, a class in its bot module; shared_rules/laptop/search_guide.py
says what it answers): a rollout policy, an evaluation at a cut-off (`horizon`
stages on, a stage being a round or the like), and an order of the moves, best
first, that lets a wide node (more than the guide's `wide` moves, Mea Culpa's
hundred-odd bids) open its moves a few at a time, more as it is visited more
(progressive widening). A game without a guide gets random rollouts to the end. Guides read
the sampled position only.

It sees only its InformationSet (driver.INFORMATION_SET), never the State, and
tests prove its choice does not change between two states that differ only in
what its seat has not seen. The budget is a number of iterations or CPU
seconds a decision (`seconds`, which makes play depend on the machine). Every
figure is an integer (values scaled to whole numbers, a fixed-point logarithm,
math.isqrt), so with a budget of iterations a seed gives the same moves on
every machine.
"""

from __future__ import annotations

import math
import time

from shared_rules import games
from shared_rules.game import CHANCE, TERMINAL
from shared_rules.laptop.driver import INFORMATION_SET
from shared_rules.laptop.search_guide import PERMILLE, Guide
from shared_rules.rng import Stream

DEFAULT_ITERATIONS = 200
FIXED = 1 << 16  # fixed-point unit of UCB values
EXPLORE = (7, 10)  # UCB exploration constant 0.7, as a fraction (rewards in [0, 1])
OPEN_FIRST = 4  # moves a wide node opens at first; one more for each step of isqrt(visits)
ROLLOUT_LIMIT = 4000  # moves a rollout plays at most before it is judged (a guide's safety net)
HIDDEN = -1  # stands for an action the observer did not see


def guide_for(game) -> Guide:
    """The game's search guide (its entry's SEARCH_GUIDE), or the plain one."""
    spec = getattr(games.entry(game.NAME), "SEARCH_GUIDE", None)
    if spec is None:
        return Guide(game)
    module_name, class_name = spec
    module = __import__(module_name)
    for part in module_name.split(".")[1:]:
        module = getattr(module, part)
    return getattr(module, class_name)(game)


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
    """One decision as its mover knows it: the statistics of each move tried."""

    __slots__ = ("visits", "edges")

    def __init__(self):
        self.visits = 0
        self.edges: dict[int, list[int]] = {}  # action -> [visits, availability, reward]


def _observe(keys: list[int], player: int, action: int, observers) -> None:
    """Each seat's key after `player` takes `action`, seen by `observers` (None: all)."""
    for s in range(len(keys)):
        if s == player or observers is None or s in observers:
            keys[s] = hash((keys[s], player, action))
        else:
            keys[s] = hash((keys[s], player, HIDDEN))


class SearchBot:
    """ISMCTS with a budget of iterations or CPU seconds (see the module docstring)."""

    name = "ismcts"
    sees = INFORMATION_SET

    def __init__(
        self,
        game,
        seed,
        seat,
        iterations: int | None = DEFAULT_ITERATIONS,
        seconds: float | None = None,
        guide: Guide | None = None,
    ):
        if seconds is None and (iterations is None or iterations < 1):
            raise ValueError("a search needs at least one iteration")
        if seconds is not None and seconds <= 0:
            raise ValueError("a search needs some time")
        self.seat = seat
        self.iterations = iterations
        self.seconds = seconds
        self.players = game.num_players
        self.unit = math.lcm(*range(1, game.num_players + 1)) * PERMILLE
        self.stream = Stream(seed, "bot%d" % seat)
        self.guide = guide if guide is not None else guide_for(game)
        if seconds is not None:
            self.name = "ismcts:time=%gs" % seconds
        elif iterations == DEFAULT_ITERATIONS:
            self.name = "ismcts"
        else:
            self.name = "ismcts:%d" % iterations
        # The last search, for benches and tests: its iterations, its tree
        # ((mover, key) -> _Node) and the chosen move's mean value in thousandths.
        self.last_iterations = 0
        self.last_tree: dict[tuple[int, int], _Node] = {}
        self.last_value: int | None = None

    def choose(self, info, legal):
        if len(legal) == 1:
            return legal[0]
        nodes: dict[tuple[int, int], _Node] = {}
        count = 0
        if self.seconds is None:
            count = self.iterations or 0
            for _ in range(count):
                self._iterate(nodes, info.determinize(self.stream))
        else:
            deadline = time.process_time() + self.seconds
            while True:
                self._iterate(nodes, info.determinize(self.stream))
                count += 1
                if time.process_time() >= deadline:
                    break
        root = nodes.get((self.seat, 0))
        best = None
        best_key = None
        for action in legal:  # most visits, then most reward, then the lowest action
            edge = None if root is None else root.edges.get(action)
            if edge is None:
                continue
            key = (edge[0], edge[2])
            if best_key is None or key > best_key:
                best = action
                best_key = key
        self.last_iterations = count
        self.last_tree = nodes
        self.last_value = (
            None if best_key is None else best_key[1] * PERMILLE // (best_key[0] * self.unit)
        )
        return legal[0] if best is None else best

    def _candidates(self, node: _Node, state, legal: list[int]) -> tuple[list[int], bool]:
        """The moves open at this node, and whether they are in the guide's order:
        all of them, or at a wide node the first few in the guide's order, more
        as the node is visited more."""
        if len(legal) <= self.guide.wide:
            return legal, False
        ranked = self.guide.rank(state, legal)
        if ranked is None:
            return legal, False
        return ranked[: OPEN_FIRST + math.isqrt(node.visits)], True

    def _iterate(self, nodes: dict, state) -> None:
        stream = self.stream
        guide = self.guide
        history = state._history
        current = state._current_player
        observers = state._observers
        apply_hook = state._apply
        keys = [0] * self.players
        path = []  # (node, edge, mover)
        limit = guide.stage(state) + guide.horizon if guide.horizon else None
        # Selection and expansion: walk the tree in this sampled position.
        expanded = False
        while not expanded:
            player = current()
            if player == TERMINAL:
                break
            if player == CHANCE:
                action = state._draw_chance(stream)
            else:
                legal = state._legal_actions()
                if len(legal) == 1:
                    action = legal[0]
                else:
                    node = nodes.get((player, keys[player]))
                    if node is None:
                        node = nodes[(player, keys[player])] = _Node()
                    edges = node.edges
                    untried = []
                    candidates, ordered = self._candidates(node, state, legal)
                    best = candidates[0]
                    best_score = -1
                    for a in candidates:
                        edge = edges.get(a)
                        if edge is None:
                            untried.append(a)
                            continue
                        edge[1] += 1
                        if not untried:
                            score = self._ucb(edge, player)
                            if score > best_score:
                                best_score = score
                                best = a
                    if untried:
                        # moves are tried in the guide's order, if it gave one, else at random
                        action = untried[0 if ordered else stream.below(len(untried))]
                        edges[action] = [0, 1, 0]
                        expanded = True
                    else:
                        action = best
                    path.append((node, edges[action], player))
                _observe(keys, player, action, observers(action))
            if state._news:
                state._news = []
            apply_hook(action)
            history.append(action)
        values = self._rollout(state, limit)
        for node, edge, mover in path:
            node.visits += 1
            edge[0] += 1
            edge[2] += values[mover]

    def _rollout(self, state, limit: int | None) -> list[int]:
        """Play on with the guide's policy to the end, or to the cut-off and its
        evaluation; each seat's value, in units of self.unit."""
        stream = self.stream
        guide = self.guide
        history = state._history
        current = state._current_player
        apply_hook = state._apply
        legal_actions = state._legal_actions
        policy = guide.rollout_action
        stage = guide.stage
        for _ in range(ROLLOUT_LIMIT):
            player = current()
            if player == TERMINAL:
                return win_shares(state.returns(), self.unit)
            if limit is not None and stage(state) >= limit:
                break
            if player == CHANCE:
                action = state._draw_chance(stream)
            else:
                legal = legal_actions()
                action = legal[0] if len(legal) == 1 else policy(state, legal, stream)
            if state._news:
                state._news = []
            apply_hook(action)
            history.append(action)
        scale = self.unit // PERMILLE
        return [max(0, min(PERMILLE, p)) * scale for p in guide.evaluate(state)]

    def _ucb(self, edge: list[int], player: int) -> int:
        n = edge[0]
        mean = edge[2] * FIXED // (n * self.unit)
        spread = math.isqrt(ln_fixed(edge[1]) * FIXED // n)
        return mean + spread * EXPLORE[0] // EXPLORE[1]
