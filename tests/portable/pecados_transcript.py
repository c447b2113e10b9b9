"""The 7 Pecados transcripts (tests/transcripts/tx_siete_pecados_*.py): one
seeded game, every action with its codec data and announcements, and the
views (public and each seat's) after the deal, when the last rounds begin and
at the end. CPython and MicroPython must print the same bytes."""

from shared_rules import canon
from shared_rules.game import CHANCE
from shared_rules.laptop.driver import choose, draw_chance, make_bot
from shared_rules.rng import Stream


def _views(state):
    print("view public: " + canon.dumps(state.view(None)))
    for seat in range(state.game.num_players):
        print("view %d: %s" % (seat, canon.dumps(state.view(seat))))


def transcript(game, seed, bot_names):
    print("game: " + canon.dumps(game.describe()))
    print("bots: " + ",".join(bot_names))
    bots = [make_bot(game, bot_names[s], seed, s) for s in range(game.num_players)]
    chance = Stream(seed, b"chance")
    state = game.new_initial_state()
    dealt = False
    while not state.is_terminal():
        if not dealt and state.view(None)["phase"] != "deal":
            dealt = True
            print("after the deal")
            _views(state)
        p = state.current_player()
        legal = state.legal_actions()
        action = draw_chance(chance, state) if p == CHANCE else choose(bots[p], state, p)
        line = "%d %s %d/%d %s | %s" % (
            state.move_number(),
            "c" if p == CHANCE else p,
            action,
            len(legal),
            state.action_text(action),
            canon.dumps(game.decode(action)),
        )
        state.apply(action)
        print(line)
        for news in state.announcements():
            print("  " + canon.dumps(news))
        if [a for a in state.announcements() if a["kind"] == "last_rounds"]:
            _views(state)
    print("the end")
    _views(state)
    print("returns: " + canon.dumps(state.returns()))
    print("summary: " + canon.dumps(state.summary()))
