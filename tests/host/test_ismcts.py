"""The search bot (ISMCTS): it cannot peek, it is reproducible, and it plays.

Non-interference, after tests/portable/simcheck.py: at a search seat's turn, a
second state that differs only in what that seat has not seen (a resampled
opening card, bid, compartment or Pope die) must give the same determinized
positions and the same choice, with the game's search guide (rollouts, cut-off
evaluation, the order of a wide node's moves) at work. A bot that reads the
true state fails the same check, so the check can fail.

The tree is keyed per observer: a seat that moves after a secret cannot answer
it (Secret Guess, tests/helpers/secret_guess.py).
"""

from __future__ import annotations

import pytest
from simcheck import fingerprint, resample

from host.bots import make_bot
from host.ismcts import OPEN_FIRST, SearchBot, guide_for, ln_fixed, win_shares
from shared_rules import games
from shared_rules.game import CHANCE, BadOption
from shared_rules.laptop.driver import INFORMATION_SET, RandomBot, choose, draw_chance, play
from shared_rules.laptop.infoset import InformationSet
from shared_rules.laptop.search_guide import Guide, win_chances
from shared_rules.rng import Stream

games.register("hidden-pair", "hidden_pair", "HiddenPair")
games.register("secret-guess", "secret_guess", "SecretGuess")


def _twins(game, seed, budget_moves=400):
    """(state, seat, other) at search seats' turns: `other` differs from `state`
    only in what `seat` has not seen."""
    chance = Stream(seed, b"chance")
    probe = Stream(seed, b"probe")
    bots = [RandomBot(game, seed, s) for s in range(game.num_players)]
    state = game.new_initial_state()
    record = []
    while not state.is_terminal() and state.move_number() < budget_moves:
        p = state.current_player()
        if p != CHANCE and len(state.legal_actions()) > 1:
            other = resample(state, p, record, probe)
            if other is not None:
                yield state, p, other
        record.append((p, state.observers()))
        state.apply(draw_chance(chance, state) if p == CHANCE else choose(bots[p], state, p))


def _choice(game, state, seat, iterations=12):
    bot = SearchBot(game, b"same-seed", seat, iterations)
    return bot.choose(InformationSet(state, seat), state.legal_actions())


# Every game at its smallest table (a new game is checked without a line here),
# and a larger table with a variant.
REAL = [n for n in games.names() if games.engine_of(n)[0].startswith("shared_rules.")]
# New Rule plays to its target alone by default, which random rollouts may never reach:
# the search asks for a round limit (host/bots.py).
OPTIONS = {"new-rule": {"round_limit": 20}}
CASES = [
    (name, games.game_class(name).MIN_PLAYERS, OPTIONS.get(name, {}), 3)
    for name in REAL + ["hidden-pair"]
] + [
    ("seven-sins", 4, {"penance": True}, 2),
    ("mea-culpa-keeper", 3, {}, 2),
]


@pytest.mark.parametrize(
    "name,players,options,seeds", CASES, ids=[c[0] + "-%dp" % c[1] for c in CASES]
)
def test_search_cannot_tell_states_its_seat_cannot_tell(name, players, options, seeds):
    game = games.load(name, players, **options)
    checked = 0
    for i in range(seeds):
        for state, seat, other in _twins(game, b"twins-%d" % i):
            if checked >= 6:
                break
            assert fingerprint(state) != fingerprint(other)  # they do differ
            a = InformationSet(state, seat)
            b = InformationSet(other, seat)
            for k in range(3):  # the same positions are drawn from both
                da = a.determinize(Stream(b"draw", "%d" % k))
                db = b.determinize(Stream(b"draw", "%d" % k))
                assert fingerprint(da) == fingerprint(db)
            assert _choice(game, state, seat) == _choice(game, other, seat)
            checked += 1
    assert checked > 0, "no hidden information was ever resampled"


class PeekingBot:
    """A cheat: plays Hidden Pair by the opponent's card it should not see."""

    sees = INFORMATION_SET

    def choose(self, info, legal):
        truth = info._draw.__closure__  # reaches past the capability
        state = [c.cell_contents for c in truth if hasattr(c.cell_contents, "cards")][0]
        return legal[state.cards[1 - info.seat] % len(legal)]


def test_the_check_catches_a_bot_that_peeks():
    game = games.load("hidden-pair", 2)
    caught = 0
    for i in range(10):
        for state, seat, other in _twins(game, b"peek-%d" % i):
            bot = PeekingBot()
            a = bot.choose(InformationSet(state, seat), state.legal_actions())
            b = bot.choose(InformationSet(other, seat), other.legal_actions())
            caught += a != b
    assert caught > 0


def test_search_is_reproducible():
    game = games.load("seven-sins", 3)

    def one():
        bots = [make_bot(game, "ismcts:20", b"again", 0)] + [
            make_bot(game, "greedy", b"again", s) for s in (1, 2)
        ]
        return play(game, b"again", bots).history()

    assert one() == one()


def test_search_beats_random_play():
    game = games.load("seven-sins", 2)
    won = 0.0
    for i in range(8):
        seat = i % 2
        seed = b"strong-%d" % i
        bots = [make_bot(game, "ismcts:40" if s == seat else "random", seed, s) for s in range(2)]
        shares = win_shares(play(game, seed, bots).returns(), 2)
        won += shares[seat] / 2
    assert won >= 6, won  # random play would win about 4 of 8


def test_bot_names_and_budgets():
    game = games.load("seven-sins", 2)
    assert make_bot(game, "ismcts", b"s", 0).iterations == 200
    assert make_bot(game, "ismcts:7", b"s", 1).iterations == 7
    assert make_bot(game, "ismcts:time=1s", b"s", 0).seconds == 1
    assert make_bot(game, "ismcts:time=1.5s", b"s", 0).seconds == 1.5
    assert make_bot(game, "ismcts:time=250ms", b"s", 0).seconds == 0.25
    assert make_bot(game, "ismcts:time=250ms", b"s", 0).name == "ismcts:time=0.25s"
    for bad in (
        "ismcts:0",
        "ismcts:x",
        "cheater",
        "ismcts:time=",
        "ismcts:time=1",
        "ismcts:time=0s",
        "ismcts:time=-1s",
        "ismcts:time=1e3s",
        "ismcts:time=1..5s",
        "ismcts:time=9999s",
    ):
        with pytest.raises(BadOption) as err:
            make_bot(game, bad, b"s", 0)
        assert "ismcts" in str(err.value)


def test_a_time_budget_answers_in_time():
    import time

    game = games.load("seven-sins", 2)
    bot = make_bot(game, "ismcts:time=50ms", b"s", 0)
    state = game.new_initial_state()
    chance = Stream(b"s", b"chance")
    while state.is_chance_node():
        state.apply(draw_chance(chance, state))
    started = time.process_time()
    assert bot.choose(InformationSet(state, 0), state.legal_actions()) in state.legal_actions()
    assert bot.last_iterations >= 1
    assert (
        time.process_time() - started < 5
    )  # generous: the budget is 0.05 s, checked each iteration


def _node_keys(bot, seat):
    return [key for key in bot.last_tree if key[0] == seat]


def test_a_seat_cannot_answer_a_secret_it_has_not_seen():
    game = games.load("secret-guess", 2)
    state = game.new_initial_state()
    bot = SearchBot(game, b"guess", 0, 600)
    bot.choose(InformationSet(state, 0), state.legal_actions())
    # Seat 1 decides once, whatever seat 0 picked: one node for it, not one per secret.
    assert len(_node_keys(bot, 1)) == 1
    root = bot.last_tree[(0, 0)]
    assert sorted(root.edges) == [0, 1, 2]
    # So seat 0 expects to win (a peeking tree: never, once seat 1 has tried its guesses).
    assert bot.last_value >= 550, bot.last_value
    # Seat 1 after the secret: it knows nothing of it, so one guess is as good as another.
    state.apply(2)
    bot1 = SearchBot(game, b"guess", 1, 300)
    bot1.choose(InformationSet(state, 1), state.legal_actions())
    assert 200 <= bot1.last_value <= 480, bot1.last_value


class _Ranked(Guide):
    """Ranks Secret Guess's numbers from the highest down."""

    def rank(self, state, legal):
        return sorted(legal, reverse=True)


def test_a_wide_node_opens_its_moves_in_the_guides_order():
    import math

    game = games.load("secret-guess", 2, choices=120)
    state = game.new_initial_state()
    bot = SearchBot(game, b"wide", 0, 100, guide=_Ranked(game))
    bot.choose(InformationSet(state, 0), state.legal_actions())
    opened = sorted(bot.last_tree[(0, 0)].edges)
    assert opened == list(range(120 - len(opened), 120))  # the best first, none skipped
    assert len(opened) <= OPEN_FIRST + math.isqrt(100)
    # Without an order, every move is open to it.
    plain = SearchBot(game, b"wide", 0, 300)
    plain.choose(InformationSet(state, 0), state.legal_actions())
    assert len(plain.last_tree[(0, 0)].edges) > 100


class _Judge(Guide):
    """Stops every rollout at once and says seat 1 wins, whatever happened."""

    horizon = 1

    def __init__(self, game):
        Guide.__init__(self, game)
        self.judged = 0

    def stage(self, state):
        return len(state.history())

    def evaluate(self, state):
        self.judged += 1
        return [0, 1000]


def test_rollouts_stop_at_the_horizon_and_take_the_guides_evaluation():
    game = games.load("secret-guess", 2, choices=50)
    state = game.new_initial_state()
    guide = _Judge(game)
    bot = SearchBot(game, b"judge", 0, 40, guide=guide)  # each iteration opens a new move
    bot.choose(InformationSet(state, 0), state.legal_actions())
    assert guide.judged == 40  # every rollout judged after the secret, none played to the end
    assert bot.last_value == 0


def test_every_game_has_a_guide_the_search_can_use():
    for name in REAL:
        game = games.load(name, games.game_class(name).MIN_PLAYERS)
        guide = guide_for(game)
        state = game.new_initial_state()
        stream = Stream(b"guide", name)
        while not state.is_terminal() and state.move_number() < 300:
            before = guide.stage(state)
            p = state.current_player()
            if p == CHANCE:
                state.apply(draw_chance(stream, state))
            else:
                legal = state.legal_actions()
                if len(legal) > 1:
                    chances = guide.evaluate(state)
                    assert len(chances) == game.num_players
                    assert all(0 <= c <= 1000 for c in chances) and 900 <= sum(chances) <= 1000
                    ranked = guide.rank(state, legal)
                    assert ranked is None or sorted(ranked) == legal
                    state.apply(guide.rollout_action(state, legal, stream))
                else:
                    state.apply(legal[0])
            assert guide.stage(state) >= before


def test_win_chances():
    assert win_chances([10, 10], 5) == [500, 500]
    assert win_chances([15, 10], 5) == [750, 250]
    assert win_chances([0, 100], 5) == [0, 1000]
    four = win_chances([30, 10, 10, 0], 10)
    assert four[0] > four[1] == four[2] > four[3] and sum(four) <= 1000


def test_integer_arithmetic_is_exact_enough():
    import math

    for x in (1, 2, 3, 10, 77, 1000, 65535):
        assert abs(ln_fixed(x) / 65536 - math.log(x)) < 1e-3
    assert win_shares([1, 0, 1], 6) == [3, 0, 3]
    assert win_shares([0, 0, 0], 6) == [2, 2, 2]


def test_new_rule_rollouts_stop_at_the_end_of_the_round_in_a_long_game():
    # New Rule keeps only its last rounds (ROUNDS_KEPT) in its breakdown; the guide's
    # stage must still count every round, or rollouts after them would never stop.
    from shared_rules.new_rule.rules import ROUNDS_KEPT

    game = games.load("new-rule", 2)
    guide = guide_for(game)
    seed = b"long"
    bots = [make_bot(game, "greedy", seed, s) for s in range(2)]
    state = game.new_initial_state()
    stream = Stream(seed, b"chance")
    while state.round <= ROUNDS_KEPT + 2 and not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply(draw_chance(stream, state))
        else:
            assert guide.stage(state) == state.round - 1  # finished rounds
            state.apply(choose(bots[p], state, p))
    assert state.round > ROUNDS_KEPT + 2


def test_the_search_plays_new_rule_to_its_target():
    # No round limit: the rulebook's game, which random rollouts might never finish,
    # but the guide's rollouts stop at the end of the round.
    game = games.load("new-rule", 2)
    assert game.max_game_length() is None
    state = game.new_initial_state()
    stream = Stream(b"to-200", b"chance")
    while state.is_chance_node():
        state.apply(draw_chance(stream, state))
    seat = state.current_player()
    bot = make_bot(game, "ismcts:5", b"to-200", seat)
    legal = state.legal_actions()
    assert bot.choose(InformationSet(state, seat), legal) in legal
