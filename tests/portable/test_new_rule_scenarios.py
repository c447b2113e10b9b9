"""New Rule (Sin): whole games checked against an independent scorer, hidden
information, and the resampling an information-set search relies on
(portable: CPython and MicroPython).

The scorer in new_rule_kit.py is written from the rulebook's words ("The God
Card" and "Total Damnation" sections of "New Rule", a web page tagged "Game
Design"; docs/rules/new-rule.md) without the engine's helpers; every reckoning and total damnation of these games
must agree with it, line total by line total.
"""

import simcheck
from new_rule_kit import KingsDownBot, damn, reckon

from shared_rules import canon, games
from shared_rules.game import CHANCE, replay
from shared_rules.laptop.driver import RandomBot, make_bot
from shared_rules.new_rule.rules import DOWN, KING, SET, UP, label, labels, set_cards
from shared_rules.rng import Stream


def _snapshot(state):
    """Every player's board and set deck as labels, read before a round ends."""
    out = []
    for s in range(state.game.num_players):
        out.append((labels(state.up[s]), labels(state.down[s]), labels(state.set_deck_cards(s))))
    return out


def _games(configs):
    for players, options, bots, seed in configs:
        game = games.load("new-rule", players, **options)
        names = bots.split(",")
        out = []
        for s in range(players):
            name = names[s % len(names)]
            if name == "kings":
                out.append(KingsDownBot(game, seed, s))
            else:
                out.append(make_bot(game, name, seed, s))
        yield game, out, seed


CONFIGS = [
    (2, {"round_limit": 5}, "random", b"score-a"),
    (3, {"round_limit": 5, "ace": 11}, "greedy,random", b"score-b"),
    (4, {"round_limit": 5, "king_player": "reckoned"}, "random", b"score-c"),
    (2, {"round_limit": 3, "damnation_sets": "cancel"}, "kings", b"score-d"),
    (3, {"round_limit": 3, "ace_straights": "high", "ace": 11}, "kings", b"score-e"),
    (4, {"round_limit": 3}, "kings,greedy", b"score-f"),
    (3, {"round_limit": 5, "match": "value"}, "greedy,random", b"score-g"),
    (2, {"round_limit": 5, "unmatched": "free"}, "greedy", b"score-h"),
    (4, {"round_limit": 4, "match": "value", "unmatched": "free", "ace": 11}, "random", b"score-i"),
]


def test_every_round_end_agrees_with_an_independent_scorer():
    reckonings = 0
    damnations = 0
    for game, bots, seed in _games(CONFIGS):
        n = game.num_players
        ace = game.options["ace"]
        spared = game.options["king_player"] == "spared"
        cancel = game.options["damnation_sets"] == "cancel"
        chance = Stream(seed, b"chance")
        state = game.new_initial_state()
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply(chance.weighted(state.chance_outcomes()))
                continue
            action = bots[p].choose(state.view(p), state.legal_actions())
            before = _snapshot(state)
            scores = list(state.scores)
            points = list(state.round_points)
            god = UP <= action < DOWN and ((action - UP) >> 2) == KING
            state.apply(action)
            news = state.announcements()
            kinds = [a["kind"] for a in news]
            if god:
                up, down, deck = before[p]
                before[p] = (up + [label(action - UP)], down, deck)
                reck = news[kinds.index("reckoning")]
                reckonings += 1
                for s in range(n):
                    entry = reck["seats"][s]
                    if spared and s == p:
                        assert entry["status"] == "spared" and entry["penalty"] == 0
                        continue
                    penalty, forgiven = reckon(
                        before[s][0],
                        before[s][1],
                        before[s][2],
                        ace,
                        game.options["match"],
                        game.options["unmatched"],
                    )
                    assert entry["penalty"] == penalty, (entry, before[s])
                    assert (entry["status"] == "forgiven") == forgiven
                    assert entry["score"] == scores[s] - penalty
            elif "total_damnation" in kinds:
                if action >= SET:
                    # the last turn's set moved its cards to the player's set deck
                    cards = labels(set_cards(action - SET)[1])
                    for s in range(n):
                        up, down, deck = before[s]
                        up = [c for c in up if c not in cards]
                        down = [c for c in down if c not in cards]
                        before[s] = (up, down, deck + (cards if s == p else []))
                    points[p] += news[kinds.index("set_formed")]["points"]
                    scores[p] += news[kinds.index("set_formed")]["points"]
                tally = news[kinds.index("total_damnation")]
                damnations += 1
                for s in range(n):
                    penalty = damn(before[s][0], before[s][1], before[s][2], ace)
                    lost = penalty + (points[s] if cancel else 0)
                    assert tally["seats"][s]["penalty"] == lost
                    assert tally["seats"][s]["score"] == scores[s] - lost
        result = state.view(None)["result"]
        total = [0] * n
        for row in result["rounds"]:
            for s in range(n):
                total[s] += row["set_points"][s] - row["penalties"][s]
            assert row["scores"] == total
        assert total == result["scores"] == state.scores
    assert reckonings >= 10 and damnations >= 3


def test_nobody_sees_another_players_hand_or_damned_cards():
    """ "Face-down cards are "damned" cards and may only be used by the player who
    played them": a damned card is known only to its owner, hands to theirs."""
    game = games.load("new-rule", 3, round_limit=3)
    seed = b"secrets"
    bots = [RandomBot(game, seed, s) for s in range(3)]
    chance = Stream(seed, b"chance")
    state = game.new_initial_state()
    checked = 0
    while not state.is_terminal():
        for seat in (0, 1, 2, None):
            text = canon.dumps(state.view(seat)) + canon.dumps(state.announcements())
            for other in range(3):
                if other == seat:
                    continue
                for c in state.hands[other] + state.down[other]:
                    assert '"%s"' % label(c) not in text, (seat, label(c))
                    checked += 1
        p = state.current_player()
        if p == CHANCE:
            state.apply(chance.weighted(state.chance_outcomes()))
        else:
            state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    assert checked > 1000


def test_resampled_states_are_real_games_the_seat_cannot_tell_apart():
    """resample(seat) deals again what `seat` has not seen: the other hands, the
    other damned cards and the undealt cards. The result must be a state the
    rules reach by its own history, and look the same to `seat`."""
    game = games.load("new-rule", 4, round_limit=2)
    seed = b"resample"
    bots = [RandomBot(game, seed, s) for s in range(4)]
    chance = Stream(seed, b"chance")
    probe = Stream(seed, b"probe")
    state = game.new_initial_state()
    found = 0
    step = 0
    while not state.is_terminal():
        step += 1
        if step % 7 == 0:
            for seat in range(4):
                other = state.resample(seat, probe)
                if other is None:
                    continue
                found += 1
                again = replay(game, other.history())
                assert simcheck.fingerprint(again) == simcheck.fingerprint(other)
                assert canon.dumps(other.view(seat)) == canon.dumps(state.view(seat))
                assert other.history() != state.history()
        p = state.current_player()
        if p == CHANCE:
            state.apply(chance.weighted(state.chance_outcomes()))
        else:
            state.apply(bots[p].choose(state.view(p), state.legal_actions()))
    assert found > 20


def test_generic_checker_on_short_games():
    for players in (2, 3, 4):
        game = games.load("new-rule", players, round_limit=2)
        total = simcheck.check_many(game, [b"nr-check-%d" % players], thorough=False)
        assert total["games"] == 1 and total["resampled"] > 0
