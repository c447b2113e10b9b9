# phone_provider.py  What the phone server may know of the game, and the way choices come back
# MIT licence. The server never touches the game: it asks a provider, and this one answers
# from the rules core's protocol alone (shared_rules/game.py): view(seat) and view(None),
# the action codec (game.decode / game.encode), action_text() and observers(), which says
# when an action is a seat's secret (a bid, the Pope's die). Nothing here does rules
# arithmetic or reads State attributes. A choice made on a phone is checked, then handed to
# the UI task through an Inbox; the UI task checks it again against the state it holds and
# applies it through its own journaled path, so the phone can never act on its own.
#
# The provider interface (what phone_server.py calls):
#   version()           -> int   changes whenever anything a page shows may have changed
#   status()            -> dict  public facts only (an onlooker's)
#   public_view()       -> dict  state.view(None)
#   seat_view(seat)     -> dict  state.view(seat)
#   view_names()        -> dict  game.view_names(): how the page names the view's codes
#   news()              -> [[move, announcements]...]: the rules' announcements of the
#                          last few actions that made any (public by contract)
#   pending(seat)       -> None, or {"move": n, "count": k}: the seat's secret choice is open
#   grid(seat)          -> None, or (kind, [(field, [values])]): the k options are every
#                          combination of these fields' values (a keeper bid: 6 notches
#                          by 41 taler), so the page builds them, not the answer
#   options(seat)       -> the k options one at a time: {"action": decoded, "text": str}
#                          (a generator, for choices that are no grid)
#   sent(seat)          -> bool  this seat's choice for the current move is in the inbox
#   uses_phone(seat)    -> bool  False once the seat has gone back to pass-and-peek
#   choose(seat, move, data) -> "sent" | "stale" | "twice" | "bad" | "busy"
#
# Beside the rules' secrets, the app may open two things on a seat's page: ask(seat),
# a decision the rules make public but the seat makes looking at its own secrets (its
# hand: the device would take it behind the gate), and show(seat, text), a private
# reveal (an opening card) the page answers with SEEN, as a gate is answered with A.

import asyncio

SENT = "sent"  # in the inbox for the UI task
STALE = "stale"  # the move has passed, or the seat has nothing to choose
TWICE = "twice"  # this seat already sent a choice for this move
BAD = "bad"  # not one of the seat's options
BUSY = "busy"  # the inbox is full (the UI task is behind)
SEEN = {"kind": "seen"}  # a page's answer to a reveal (show()): no action of any game
SEEN_ACTION = -1  # what the inbox carries for it (action codes are never negative)
# More options than this go to the page as a grid when they are one (a keeper bid: 246,
# 25 KB of JSON each answer as a list); fewer keep their list and the rules' own texts
# (New Rule's plays: "seat 0 plays AC face up (innocent)")
GRID_OVER = 64
NEWS_KEPT = 4  # actions' announcements kept for the pages (a poll every 1.5 s)


class Inbox:
    """Choices from the phones, oldest first, for the UI task: (seat, move, action)."""

    def __init__(self, size=8):
        self.size = size
        self._items = []
        self._event = asyncio.Event()

    def put(self, item):
        if len(self._items) >= self.size:
            return False
        self._items.append(item)
        self._event.set()
        return True

    def take(self):
        """The oldest choice, or None."""
        if not self._items:
            self._event.clear()
            return None
        return self._items.pop(0)

    async def wait(self):
        """Until a choice is waiting (the UI task awaits this beside its buttons)."""
        while not self._items:
            self._event.clear()
            await self._event.wait()

    def clear(self):
        self._items = []
        self._event.clear()

    def __len__(self):
        return len(self._items)


class GameProvider:
    """The provider over one game in progress: attach() when it starts or resumes,
    changed() after every action the app applies, detach() when it is closed."""

    def __init__(self, inbox, boot=""):
        self.inbox = inbox
        self.boot = boot  # tells a page's old version apart after a restart
        self._version = 0
        self.game = None
        self.state = None
        self.names = []
        self._sent = {}  # seat -> move of the choice in the inbox
        self._off = []  # seats that chose pass-and-peek instead
        self._count = None  # (move, num_legal_actions()) while a move lasts
        self._grid = None  # (move, grid or None) while a move lasts
        self._asked = None  # (move, seat): a public decision the seat makes on its phone
        self._shown = None  # (move, seat, text): a reveal waiting for the page's SEEN
        self._news = []  # [move, announcements] of the last few actions that made any

    # ****** the app's side ******
    def attach(self, game, state, names):
        self.game = game
        self.state = state
        self.names = list(names)
        self._sent = {}
        self._off = []
        self._count = self._grid = None
        self._asked = self._shown = None
        self._news = []
        self.inbox.clear()
        self._version += 1

    def changed(self):
        """After every action applied: pages see a new version; old sent marks go."""
        move = self.state.move_number() if self.state is not None else -1
        for seat in list(self._sent):
            if self._sent[seat] != move:
                del self._sent[seat]
        self._count = self._grid = None
        # the rules' announcements, kept for the pages before the app forgets them (the
        # last NEWS_KEPT actions that made any: what happened since a page last looked)
        news = self.state.announcements() if self.state is not None else None
        if news:
            self._news.append([move, news])
            if len(self._news) > NEWS_KEPT:
                self._news.pop(0)
        self._version += 1

    def ask(self, seat):
        """The seat's decision now is made on its phone though the rules do not hide
        it (it needs the seat's own view: 7 Pecados' hand, New Rule's)."""
        st = self.state
        self._asked = None if st is None else (st.move_number(), seat)
        self._version += 1

    def show(self, seat, text=None):
        """A private reveal on the seat's page until it answers SEEN; None: none."""
        if self._shown is not None:
            self._sent.pop(self._shown[1], None)
        st = self.state
        self._shown = None if seat is None or st is None else (st.move_number(), seat, text)
        self._version += 1

    def _reveal(self, seat):
        shown = self._shown
        st = self.state
        if shown is None or st is None or shown[1] != seat or shown[0] != st.move_number():
            return None
        return shown[2]

    def detach(self):
        self.game = None
        self.state = None
        self._sent = {}
        self._count = self._grid = None
        self._asked = self._shown = None
        self._news = []
        self.inbox.clear()
        self._version += 1

    def phone(self, seat, on):
        """A seat switches between its phone and pass-and-peek (at any time)."""
        if on and seat in self._off:
            self._off.remove(seat)
        elif not on and seat not in self._off:
            self._off.append(seat)
        self._version += 1

    def uses_phone(self, seat):
        return self.state is not None and seat not in self._off

    # ****** the server's side ******
    def version(self):
        return self._version

    def etag(self):
        return "%s-%d" % (self.boot, self._version)

    def status(self):
        st = self.state
        game = self.game
        if st is None or game is None:
            return {"game": None, "over": True}
        p = st.current_player()
        return {
            "game": game.NAME,
            "title": game.TITLE,
            "players": game.num_players,
            "names": self.names,
            "move": st.move_number(),
            "over": st.is_terminal(),
            "to_move": p if p >= 0 else None,
            "secret_turn": p >= 0 and self._private(p),
        }

    def view_names(self):
        """How a person reads the game's view (its codes' names: Game.view_names()),
        built when a page asks, once a page; None without a game."""
        return self.game.view_names() if self.game is not None else None

    def news(self):
        return self._news

    def public_view(self):
        return self.state.view(None) if self.state is not None else None

    def seat_view(self, seat):
        return self.state.view(seat) if self.state is not None else None

    def _private(self, seat):
        # observers() is (seat,) where only that seat may know which action is taken
        if self.state is None:
            return False
        if self._asked == (self.state.move_number(), seat):
            return True
        obs = self.state.observers()
        return obs is not None and len(obs) == 1 and obs[0] == seat

    def _num_legal(self, st):
        # Counted once a move for every poll of every phone, by the rules without the
        # list where they can: a keeper bid's 246 options are a 2 KB list, a block a
        # fragmented heap may not have (held for a whole bid, it cut the heap up); a
        # game whose count needs its list builds it once a move, for a moment.
        move = st.move_number()
        if self._count is None or self._count[0] != move:
            self._count = (move, st.num_legal_actions())
        return self._count[1]

    def is_legal(self, action):
        """Whether `action` is legal in the move in progress, asked of the rules without
        their list where they can (State.is_legal)."""
        return self.state is not None and self.state.is_legal(action)

    def pending(self, seat):
        st = self.state
        if st is None or st.is_terminal() or seat in self._off:
            return None
        if self._reveal(seat) is not None:
            return {"move": st.move_number(), "count": 1}
        if st.current_player() != seat or not self._private(seat):
            return None
        return {"move": st.move_number(), "count": self._num_legal(st)}

    def grid(self, seat):
        """The open choice as a grid of its action's fields, when it is one: found once
        a move from the codec alone (phone_grid.py), going through the legal actions one
        at a time (no list), by the UI task as the seat's turn begins (phone_mode.py) or
        else by the first page that asks; kept for the move (a few small lists)."""
        st = self.state
        if st is None or self._reveal(seat) is not None:
            return None
        pending = self.pending(seat)
        if pending is None or pending["count"] <= GRID_OVER:
            return None
        move = pending["move"]
        if self._grid is None or self._grid[0] != move:
            self._grid = None
            import lifetime  # phone_grid.py, found once a move: its code is not kept in RAM

            self._grid = (move, lifetime.once("phone_grid").grid_of(self.game, st))
        return self._grid[1]

    def options(self, seat):
        st = self.state
        game = self.game
        if st is None or game is None or self.pending(seat) is None:
            return
        text = self._reveal(seat)
        if text is not None:
            yield {"action": SEEN, "text": text}
            return
        # one at a time: a choice with few options (a grid's are never listed) is made
        # into its list for the answer alone, not kept for the move
        for action in st.iter_legal_actions():
            yield {"action": game.decode(action), "text": st.action_text(action)}

    def sent(self, seat):
        st = self.state
        return st is not None and self._sent.get(seat) == st.move_number()

    def choose(self, seat, move, data):
        """A seat's choice from its phone: checked here, applied by the UI task."""
        st = self.state
        game = self.game
        if st is None or game is None or self.pending(seat) is None or move != st.move_number():
            return STALE
        if self._sent.get(seat) == move:
            return TWICE
        if self._reveal(seat) is not None:
            if data != SEEN:
                return BAD
            return self._put(seat, move, SEEN_ACTION)
        try:
            action = game.encode(data)
        except Exception:  # noqa: BLE001 - whatever a phone sent, it names no action
            return BAD
        if not st.is_legal(action):
            return BAD
        return self._put(seat, move, action)

    def _put(self, seat, move, action):
        if not self.inbox.put((seat, move, action)):
            return BUSY
        self._sent[seat] = move
        self._version += 1
        return SENT
