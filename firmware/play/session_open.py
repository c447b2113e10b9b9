# session_open.py  A game's opening: a new game from the menu, or the game in progress
# resumed from its journal, and phone mode's start (session.py's own, apart)
# MIT licence. app.py loads it when a game starts or resumes and drops it before play:
# a game in play keeps only session.py.

import lifetime
from session import Session

from shared_rules import games
from shared_rules.game import CHANCE


def start(app, config):
    """A new game from the menu's choice: seed drawn, header journaled."""
    VERSION = lifetime.once("version").VERSION  # read once a game

    from shared_rules.commit import commitment
    from shared_rules.journal import Journal, game_id_for

    # the key's code comes and goes before the engine is loaded, not between its blocks
    pub = app.device_key.public_hex()
    lifetime.collect()
    game = games.load_on_board(config["name"], config["players"], **config["options"])
    if "first_player" in game.options:
        config["first"] = 0  # the rules seat the first player themselves
    seed = bytes(app.board.urandom(32))
    game_id = game_id_for(commitment(seed))
    journal = Journal()
    session = Session(app, game_id, game, seed, config["first"], journal)
    extra = {
        "first": config["first"],
        "device": app.device_id,
        "fw": VERSION,
        # who sat in each rules seat, and the game's number on this device:
        # the laptop's `confessor stats` reads them (a table's own history)
        "seats": [session.name(s) for s in range(game.num_players)],
        "number": app.store.count() + 1,
        "pub": pub,  # the key that signs the end record
    }
    head = journal.start(game, seed, game_id, extra)
    if app.store.is_finished(game_id):
        raise RuntimeError("this seed was used before; refusing to reuse it")
    app.store.start(game_id, head, seed)
    return session


def resume(app, game_id):
    """Rebuild the game in progress from its journal: same point, nothing lost. The
    journal is replayed by commit.verify_actions (every action legal, every chance
    action the seed's), each action noted on the way."""
    from shared_rules.commit import unhexlify, verify_actions
    from shared_rules.journal import Journal

    store = app.store
    data, seed = store.load(game_id)
    journal = Journal()
    head, actions, intact = journal.restore(data)
    torn = intact < len(data)
    end = journal.end  # the end record, if the journal has one
    data = None  # the log's bytes go before the engine comes in
    if torn:
        store.truncate(game_id, intact)  # a record torn by the power cut
    abandoned = False
    if end is not None:
        seed = unhexlify(end["seed"])
        abandoned = bool(end.get("abandoned"))
    if seed is None:
        raise RuntimeError("game %s has lost its seed and cannot go on" % game_id)
    game = games.load_on_board(head["game"], head["players"], **head["options"])
    session = Session(app, game_id, game, seed, head.get("first", 0), journal)
    session.ended = journal.ended
    session.abandoned = abandoned
    verify_actions(_Replay(session, store.seen(game_id)), seed, actions)
    session.resumed_news = session._state.announcements()
    lifetime.collect()
    return session


class _Replay:
    """What verify_actions replays on resume: the session's own state, each action
    noted by the session (events, reveals not yet seen) as it is applied."""

    def __init__(self, session, seen):
        self._session = session
        self._state = session._state
        self._seen = seen

    def new_initial_state(self):
        return self

    def apply(self, action):
        state = self._state
        if state.current_player() == CHANCE:
            # verify_actions checks the draw against its own stream; the session's
            # stream must reach the same point to go on drawing after the resume.
            self._session._stream.weighted(state.chance_outcomes())
        self._session.note(action, state.move_number() >= self._seen)

    def __getattr__(self, name):
        return getattr(self._state, name)


async def phones_on(s, new):
    """A new game with the phones setting on, or a resumed one that was started
    with phones (its .phones file), gets its network, tokens and server; a new one
    shows the join screens. If the network or the server cannot start, the table
    is told, and the game goes on with the buttons."""
    store = s.app.store
    if not (s.app.settings["phones"] if new else store.load_phones(s.id)):
        return
    import phone_start

    lifetime.collect()
    try:
        phones = await phone_start.start(s, s._state, new)
        if phones is None:  # the network could not be joined: the table chose buttons
            _unload_start(s)
            return
    except (OSError, ValueError) as err:
        _unload_start(s)
        from ui import Screen, wrap

        lines = wrap("%s: %s. Play on with the buttons." % (type(err).__name__, err))
        await s.show(
            Screen("phones-off", "Phones", big="No phones", lines=lines, keys=("OK", "", ""))
        )
        await s.wait_key("A")
        return
    phone_start = None
    s.unload("phone_start")
    s.phones = phones
    if new:
        import phone_join

        await phone_join.join(phones, s)
    _unload_start(s)


def _unload_start(s):
    """The start's code goes (phone_start.py, phone_join.py and what they loaded): a
    game in play keeps phone_mode.py."""
    lifetime.enter("phones joined")
