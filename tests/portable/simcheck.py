"""The generic random-simulation checker every game must pass (after
OpenSpiel's RandomSimTest and TAG's ForwardModelTester).

Portable: runs under CPython (pytest, thousands of seeds) and under the
MicroPython unix port (a sample). For each seeded game it checks, at every node:

- current_player() is a seat, CHANCE or TERMINAL; returns() are zero until the end;
- legal actions are sorted, unique and non-empty, and the quick answers that need no
  list (num_legal_actions, is_legal, iter_legal_actions) agree with them; chance outcomes are sorted,
  positive, and their actions are the legal ones; the drivers' fast draw and
  chance run (from a run's first node) give what weighted draws and apply() give;
- an illegal action is refused with IllegalAction and leaves the state as it was;
- every legal action has a text; the action codec round-trips
  (encode(decode(a)) == a, decode gives plain data with a "kind");
  views and announcements encode canonically; a bad seat is refused;
- clone() is independent of its original, and snapshots stay untouched later;
- view non-interference: a state that differs only in what a seat has not
  observed gives that seat the same view and the same announcements;
- observers(action) against the views: the actions said to be hidden from a seat
  all leave it the same view and announcements, and an action a seat can tell from
  every action it could have been lists that seat (so an action every seat sees
  lists every seat: None);

and at the end: replay(history) gives the same state, the game ended within
max_game_length(), returns() are ints, one per seat, and a game's whole-game loop of
random bots (_play_random, which play() takes) plays the same game, to its end and
to a cap (check_random_play). A game whose rules set no bound (max_game_length() None: New Rule with no round limit) is
checked up to UNBOUNDED_CAP actions, then stopped.
"""

from shared_rules import canon
from shared_rules.game import CHANCE, TERMINAL, IllegalAction, RulesError, replay
from shared_rules.laptop.driver import RandomBot, choose, draw_chance, play
from shared_rules.rng import Stream


class CheckFailure(AssertionError):
    pass


UNBOUNDED_CAP = 1500  # actions checked of a game with no bound (about 20 New Rule rounds)
OBSERVED_ACTIONS = 24  # legal actions compared by check_observers at one node, at most


def _fail(game, seed, state, message):
    raise CheckFailure(
        "%s (%d players, options %s), seed %r, after %d actions %s: %s"
        % (
            game.NAME,
            game.num_players,
            canon.dumps(game.options),
            seed,
            state.move_number(),
            state.history()[-8:],
            message,
        )
    )


def fingerprint(state):
    """Everything observable about a state, as one canonical string."""
    n = state.game.num_players
    parts = [
        state.current_player(),
        state.history(),
        state.returns(),
        state.legal_actions(),
        state.view(None),
        state.announcements(),
    ]
    for seat in range(n):
        parts.append(state.view(seat))
    return canon.dumps(parts)


def check_node(game, seed, state, deep=True):
    """The checks of one node; `deep` adds every action text and every view."""
    n = game.num_players
    p = state.current_player()
    if not (p == CHANCE or p == TERMINAL or 0 <= p < n):
        _fail(game, seed, state, "current_player() is %r" % p)
    legal = state.legal_actions()
    if p != TERMINAL:
        if state.returns() != [0] * n:
            _fail(game, seed, state, "returns %r before the end" % state.returns())
        if not legal:
            _fail(game, seed, state, "no legal actions at a non-terminal node")
    for i in range(1, len(legal)):
        if legal[i - 1] >= legal[i]:
            _fail(game, seed, state, "legal actions not sorted and unique: %r" % legal)
    if p == CHANCE:
        outcomes = state.chance_outcomes()
        if [a for a, w in outcomes] != legal:
            _fail(game, seed, state, "chance outcomes %r differ from legal %r" % (outcomes, legal))
        for a, w in outcomes:
            if not isinstance(w, int) or w <= 0:
                _fail(game, seed, state, "chance weight %r for %r" % (w, a))
        # The drivers' fast draw is exactly a weighted draw from the outcomes.
        for k in range(3):
            label = "draw%d-%d" % (state.move_number(), k)
            fast = state._draw_chance(Stream(seed, label))
            if fast != Stream(seed, label).weighted(outcomes):
                _fail(game, seed, state, "_draw_chance gives %r, not the weighted draw" % fast)
    elif state.chance_outcomes():
        _fail(game, seed, state, "chance outcomes at a player node")
    check_quick_answers(game, seed, state, legal)
    if not deep:
        return
    for a in legal:
        text = state.action_text(a)
        if not isinstance(text, str) or not text:
            _fail(game, seed, state, "action %d has no text" % a)
        data = game.decode(a)
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            _fail(game, seed, state, "decode(%d) is %r, not a dict with a kind" % (a, data))
        canon.dumps(data)
        if game.encode(data) != a:
            _fail(game, seed, state, "encode(decode(%d)) is %r" % (a, game.encode(data)))
    for news in state.announcements():
        if not isinstance(news, dict) or not isinstance(news.get("kind"), str):
            _fail(game, seed, state, "announcement %r is not a dict with a kind" % (news,))
    canon.dumps(state.announcements())
    # Views are plain data; a seat that does not exist is refused.
    canon.dumps(state.view(None))
    for seat in range(n):
        canon.dumps(state.view(seat))
    for bad in (-1, n):
        try:
            state.view(bad)
        except RulesError:
            pass
        else:
            _fail(game, seed, state, "view(%d) was not refused" % bad)


def check_quick_answers(game, seed, state, legal):
    """The answers a device asks instead of the list (a keeper's hundreds of bids) are
    the list's: its length, membership (the legal actions, their neighbours, a few that
    are no action) and its actions one at a time, in order, at every node."""
    count = state.num_legal_actions()
    if count != len(legal):
        _fail(game, seed, state, "num_legal_actions() is %r, not %d" % (count, len(legal)))
    member = set(legal)
    # each legal action and its neighbours, once (a run of bids shares them), and a few
    # that are no action; is_legal() asks apply()'s own hook (_is_legal) at player nodes
    probes = set(member)
    for a in legal:
        probes.add(a - 1)
        probes.add(a + 1)
    probes.add(-1)
    probes.add(10**6)
    for b in sorted(probes):
        if state.is_legal(b) != (b in member):
            _fail(game, seed, state, "is_legal(%d) disagrees with the list" % b)
    for bad in (True, False, None, "1", [0]):
        if state.is_legal(bad):
            _fail(game, seed, state, "is_legal(%r) is true" % (bad,))
    each = []
    for a in state.iter_legal_actions():
        each.append(a)
        if len(each) > len(legal):
            break
    if each != legal:
        _fail(game, seed, state, "iter_legal_actions() gives %r, not the list" % (each[:8],))


def check_chance_run(game, seed, state):
    """The drivers' chance run (_play_chance) is the weighted draws applied one by one."""
    label = "run%d" % state.move_number()
    run = state.clone()
    run._play_chance(Stream(seed, label))
    one_by_one = state.clone()
    stream = Stream(seed, label)
    while one_by_one.current_player() == CHANCE:
        one_by_one.apply(draw_chance(stream, one_by_one))
    if fingerprint(run) != fingerprint(one_by_one):
        _fail(game, seed, state, "_play_chance differs from the draws applied one by one")


def check_random_play(game, seed, stops=3):
    """A game's whole-game loop of random bots (_play_random, which driver.play() runs
    when every seat is a plain random bot and nobody watches) is the driver's draws
    applied one by one through apply(): at each seat's turn legal[below(count)] from
    the seat's bot stream (no draw for a forced move), at a chance node a run of
    weighted draws to its end; the same state at the end and wherever a cap stops it
    (a cap ends play at the first node past it, a run of chance played whole)."""
    if getattr(game.new_initial_state(), "_play_random", None) is None:
        return
    bound = game.max_game_length()
    limit = UNBOUNDED_CAP if bound is None else bound
    streams = [RandomBot(game, seed, seat).stream for seat in range(game.num_players)]
    chance = Stream(seed, b"chance")
    probe = Stream(seed, b"stops")
    state = game.new_initial_state()
    pending = None  # the next cap checked
    prints = {}  # cap -> the fingerprint where play(cap=cap) stops
    while True:
        moves = state.move_number()
        if pending is not None and moves >= pending:
            prints[pending] = fingerprint(state)
            pending = None
        if state.is_terminal() or moves >= limit:
            break
        if pending is None and len(prints) < stops:
            # a cap a little ahead: after a play, a set decision or a run of chance
            pending = moves + 1 + probe.below(97)
        p = state.current_player()
        if p == CHANCE:
            while state.current_player() == CHANCE:
                state.apply(draw_chance(chance, state))
            continue
        legal = state.legal_actions()
        count = len(legal)
        state.apply(legal[streams[p].below(count)] if count > 1 else legal[0])
    if fingerprint(play(game, seed, cap=None if bound else limit)) != fingerprint(state):
        _fail(game, seed, state, "play() of random bots differs from apply() one by one")
    for cap in sorted(prints):
        if fingerprint(play(game, seed, cap=cap)) != prints[cap]:
            _fail(game, seed, state, "play() stopped at %d differs from apply() one by one" % cap)


def check_illegal_refused(game, seed, state):
    legal = state.legal_actions()
    before = fingerprint(state)
    candidates = [-1, (legal[-1] + 1) if legal else 0, 10**6]
    for i in range(1, len(legal)):
        if legal[i] - legal[i - 1] > 1:
            candidates.append(legal[i - 1] + 1)
            break
    for bad in candidates:
        try:
            state.apply(bad)
        except IllegalAction:
            pass
        else:
            _fail(game, seed, state, "illegal action %d was accepted" % bad)
        if fingerprint(state) != before:
            _fail(game, seed, state, "a refused action %d changed the state" % bad)


def check_clone(game, seed, state, stream):
    before = fingerprint(state)
    copy = state.clone()
    if fingerprint(copy) != before:
        _fail(game, seed, state, "clone differs from its original")
    steps = 0
    while not copy.is_terminal() and steps < 3:
        legal = copy.legal_actions()
        copy.apply(legal[stream.below(len(legal))])
        steps += 1
    if fingerprint(state) != before:
        _fail(game, seed, state, "playing on a clone changed the original")


def resample(state, seat, record, stream, tries=8):
    """A state that differs from `state` only in actions `seat` did not observe.

    `record[i]` is (actor, observers) of history action i. Returns None when
    no different, consistent history was found. A State may provide its own
    `resample(seat, stream)` when hidden actions are revealed later: one draw
    from the stream, None when nothing is hidden or the draw is this state.
    """
    own = getattr(state, "resample", None)
    if own is not None:
        # A game's resample draws once (a search bot's sample must not depend on
        # the secret it replaces); the checker draws again for a state that differs.
        for _ in range(tries):
            other = own(seat, stream)
            if other is not None:
                return other
        return None
    history = state.history()
    hidden = []
    for i in range(len(history)):
        actor, observers = record[i]
        if actor != seat and observers is not None and seat not in observers:
            hidden.append(i)
    if not hidden:
        return None
    for _ in range(tries):
        other = state.game.new_initial_state()
        changed = False
        ok = True
        for i in range(len(history)):
            action = history[i]
            if i in hidden:
                if other.is_chance_node():
                    action = stream.weighted(other.chance_outcomes())
                else:
                    legal = other.legal_actions()
                    action = legal[stream.below(len(legal))]
                changed = changed or action != history[i]
            try:
                other.apply(action)
            except IllegalAction:
                ok = False
                break
        if ok and changed:
            return other
    return None


def _looks(state, action):
    """What each seat sees once `action` is taken: its view and the announcements."""
    after = state.clone()
    after.apply(action)
    news = canon.dumps(after.announcements())
    return [canon.dumps(after.view(seat)) + news for seat in range(state.game.num_players)]


def _spread(legal, limit):
    """At most about `limit` of the legal actions, spread over the list."""
    if len(legal) <= limit:
        return legal
    return legal[:: len(legal) // limit + 1] + [legal[-1]]


def check_observers(game, seed, state, record, stream, limit=OBSERVED_ACTIONS):
    """observers(action) against the views, for every seat but the actor.

    A seat may not tell apart the actions said to be hidden from it: they all leave
    it the same view and announcements. And an action it can tell from every action
    it could have been must list it: every other legal action here, and those of
    positions it cannot tell from this one (resampled), leave it another view. So an
    action every seat sees, such as a card played face up, lists every seat (None).
    Where the seat's knowledge has no other position (it has deduced every secret),
    nothing is asked: what it deduces it does not observe. That a seat said to see an
    action finds it in its view is not asked: a public action may tell the table
    what it needs by itself, through the codec (a Mea Culpa sale).

    Compared on at most `limit` legal actions, spread over the list: a failure among
    them is a failure of the whole."""
    legal = _spread(state.legal_actions(), limit)
    if len(legal) < 2:
        return
    actor = state.current_player()
    looks = [_looks(state, a) for a in legal]
    for seat in range(game.num_players):
        if seat == actor:
            continue
        hidden = []  # indices of the actions said to be hidden from the seat
        for i in range(len(legal)):
            who = state.observers(legal[i])
            if who is not None and seat not in who:
                hidden.append(i)
        for i in hidden[1:]:
            if looks[i][seat] != looks[hidden[0]][seat]:
                _fail(
                    game,
                    seed,
                    state,
                    "observers() hides actions %d and %d from seat %d, but it can tell them"
                    " apart by its view or the announcements" % (legal[hidden[0]], legal[i], seat),
                )
        if len(hidden) == 1:
            _check_seen(game, seed, state, record, stream, seat, legal, looks, hidden[0])


def _check_seen(game, seed, state, record, stream, seat, legal, looks, i):
    """The one action hidden from `seat` here must look, to it, like some other action
    of this position or of one it cannot tell from this one."""
    look = looks[i][seat]
    for j in range(len(legal)):
        if j != i and looks[j][seat] == look:
            return
    others = 0
    for _ in range(4):
        other = resample(state, seat, record, stream)
        if other is None:
            break
        others += 1
        for b in _spread(other.legal_actions(), OBSERVED_ACTIONS):
            if b != legal[i] and _looks(other, b)[seat] == look:
                return
    if others:
        _fail(
            game,
            seed,
            state,
            "seat %d tells action %d from every action it could have been (its view after"
            " each differs), yet observers() leaves it out" % (seat, legal[i]),
        )


def check_non_interference(game, seed, state, record, stream):
    found = 0
    for seat in range(game.num_players):
        other = resample(state, seat, record, stream)
        if other is None:
            continue
        found += 1
        if canon.dumps(other.announcements()) != canon.dumps(state.announcements()):
            _fail(
                game,
                seed,
                state,
                "seat %d can tell apart two states by their announcements:\n  %s\n  %s"
                % (seat, canon.dumps(state.announcements()), canon.dumps(other.announcements())),
            )
        if canon.dumps(other.view(seat)) != canon.dumps(state.view(seat)):
            _fail(
                game,
                seed,
                state,
                "seat %d can tell apart two states that differ only in what it has not seen:\n"
                "  %s\n  %s\n  (other history %r)"
                % (
                    seat,
                    canon.dumps(state.view(seat)),
                    canon.dumps(other.view(seat)),
                    other.history(),
                ),
            )
    return found


def check_game(game, seed, bots=None, thorough=True):
    """Play one seeded game with every check; returns (terminal state, stats)."""
    n = game.num_players
    if bots is None:
        bots = [RandomBot(game, seed, seat) for seat in range(n)]
    chance = Stream(seed, b"chance")
    probe = Stream(seed, b"check")
    state = game.new_initial_state()
    limit = game.max_game_length()
    bounded = limit is not None
    if not bounded:
        limit = UNBOUNDED_CAP
    record = []
    snapshots = []
    stats = {"nodes": 0, "resampled": 0}
    p = None
    while True:
        # Thorough runs check everything at every node; quick runs check the
        # cheap invariants everywhere and the costly ones at one node in eight.
        sampled = thorough or probe.below(8) == 0
        check_node(game, seed, state, deep=sampled or state.is_terminal())
        if state.is_terminal():
            break
        if state.move_number() >= limit:
            if not bounded:
                break  # a game with no bound, checked this far
            _fail(game, seed, state, "no end within max_game_length() = %d" % limit)
        stats["nodes"] += 1
        if sampled:
            if p != CHANCE and state.current_player() == CHANCE:  # a run of chance starts
                check_chance_run(game, seed, state)
            check_illegal_refused(game, seed, state)
            check_clone(game, seed, state, probe)
            check_observers(game, seed, state, record, probe)
            # Resampling replays the whole history: in quick runs, at one
            # node in 32, so long games stay linear-ish in cost.
            if thorough or probe.below(4) == 0:
                stats["resampled"] += check_non_interference(game, seed, state, record, probe)
            if probe.below(4) == 0:
                snapshots.append((state.clone(), fingerprint(state)))
        p = state.current_player()
        if p == CHANCE:
            action = draw_chance(chance, state)
        else:
            action = choose(bots[p], state, p)
        record.append((p, state.observers(action)))
        state.apply(action)
    for snap, print_ in snapshots:
        if fingerprint(snap) != print_:
            _fail(game, seed, state, "an earlier snapshot changed as play went on")
    check_random_play(game, seed)
    again = replay(game, state.history())
    if fingerprint(again) != fingerprint(state):
        _fail(game, seed, state, "replaying the history gives a different state")
    returns = state.returns()
    if not state.is_terminal() and bounded:
        _fail(game, seed, state, "the game stopped before its end")
    if len(returns) != n or [r for r in returns if not isinstance(r, int)]:
        _fail(game, seed, state, "returns %r are not one int per seat" % (returns,))
    return state, stats


def check_many(game, seeds, thorough=False):
    """Run check_game over many seeds; returns summed stats."""
    total = {"games": 0, "nodes": 0, "resampled": 0}
    for seed in seeds:
        _, stats = check_game(game, seed, thorough=thorough)
        total["games"] += 1
        total["nodes"] += stats["nodes"]
        total["resampled"] += stats["resampled"]
    return total
