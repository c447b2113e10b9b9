# present_generic.py  Screens for any game of the protocol, and the presenter protocol itself
# MIT licence. A game without its own presenter is still playable: its public view is
# listed as "key: value" lines, its legal actions as a list (the rules' action texts),
# what a seat alone may know (view(seat) less view(None)) only behind the pass-and-look
# gate, and what the rules announce on a screen of its own.
#
# A presenter sees the game only through its session (firmware/play/session.py): views, the
# legal actions, the codec, the announcements, seat names and lights, screens and
# buttons. It never touches the rules state, never imports a game's engine and does no
# arithmetic on action codes (tests/firmware/test_presenters.py). docs/device.md, "Writing a
# presenter", lists the methods below and what each returns.

import layout
from ui import Screen, clip


def fmt(value):
    """Plain data as short text, deterministic (dict keys sorted)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "-"
    if isinstance(value, (list, tuple)):
        return ",".join([fmt(v) for v in value]) or "none"
    if isinstance(value, dict):
        return " ".join(["%s=%s" % (k, fmt(value[k])) for k in sorted(value)])
    return str(value)


class Presenter:
    reveal_title = "your secret"  # "Press A to see <reveal_title>." on a reveal's gate
    # True: enter() is asked for every decision, not only secrets (enters()), with no
    # legal list (legal None: it asks the session for one when it needs it)
    private_turns = False
    lazy_legal = False  # True: enter() gets no legal list for a secret either

    def __init__(self, session):
        self.s = session

    def name(self, seat):
        return self.s.name(seat)

    # ****** API: a turn ******
    def turn(self, view, legal, seat):
        """The turn screen of `seat`, from the public view and the legal actions:
        (title, lines, items, choices, soft keys), choices[i] = (action on A, action
        on B or None) for items[i]. A first line "#..." is the screen's big fact
        (layout.headline); details that would squeeze the list go on pages after it. Made once per decision (and again after the pause
        menu): the presses only move the cursor."""
        name = self.name(seat)
        lines = ["#" + layout.headline("%s's turn" % name, name)]  # "#": the big fact
        for text in self.s.events[-1:]:
            lines.append("Last: " + text)
        for key in sorted(view):
            lines.append("%s: %s" % (key, fmt(view[key])))
        items = [layout.fact(self.s.text(a)) for a in legal]
        choices = [(a, None) for a in legal]
        title = "%s: %s to play" % (self.s.title, name)
        return title, lines, items, choices, ("Play", "", "Menu")

    def enters(self, seat):
        """True when this presenter enters a decision the rules make public on its
        own screens (enter()): a choice whose list would show the seat's hand, or
        one the table answers on a screen of the game's own. A presenter with
        private turns enters them all."""
        return self.private_turns

    def in_private(self, seat):
        """True when the seat makes this decision looking at what only it may see,
        though the rules make the decision itself public: a seat playing with its
        phone makes it there (phone_mode.asks). By default `private_turns`."""
        return self.private_turns

    async def enter(self, view, legal, seat):
        """A decision only `seat` may see (a bid, a die), or one enters() claims,
        entered on the presenter's own screens (view: the seat's): the action, None
        when the table abandons the game, or False to use turn()."""
        return False

    # ****** API: what happened ******
    def event(self, seat, action, text, news):
        """The public text of an action just applied (seat: who took it, CHANCE for
        chance; text: the rules' action text; news: its announcements), or None."""
        who = "chance" if seat < 0 else self.name(seat)
        return "%s: %s" % (who, text)

    def reveal(self, seat, action, text):
        """Lines `seat` alone sees of an action it observes (before it is applied),
        or None when there is nothing to show (the seat entered it itself)."""
        return [clip(text)]

    async def announce(self, news):
        """Show what the rules announced (state.announcements()) after the action
        was journaled: here every announcement as "kind: field=value" lines."""
        lines = []
        for item in news:
            rest = {}
            for key in item:
                if key != "kind":
                    rest[key] = item[key]
            lines.append(clip("%s: %s" % (item["kind"], fmt(rest))))
        await self.s.show(Screen("news", self.s.title, lines=lines[:8], keys=("OK", "", "")))
        await self.s.wait_key("A")

    def look(self, seat):
        """Lines of what only `seat` knows (the pause menu's look), or None."""
        mine = self.s.view(seat)
        public = self.s.view(None)
        lines = []
        for key in sorted(mine):
            if key not in public or public[key] != mine[key]:
                lines.append(clip("%s: %s" % (key, fmt(mine[key]))))
        return lines or None

    # ****** API: the end ******
    def final_public(self, view):
        """The lines of the "Game over" screen, from the final public view."""
        lines = []
        for key in sorted(view):
            lines.append(clip("%s: %s" % (key, fmt(view[key]))))
        return lines[:8]

    def final_seat(self, seat):
        """A seat's own result at the end, public (from view(None)): shown to the
        whole table seat by seat, with no gate; None: nothing per seat."""
        return None

    def final_private(self, seat):
        """What `seat` alone may see at the end, behind the gate, or None (no game
        has any: once a game is over its view(None) holds everything)."""
        return None

    def ranking(self, view):
        """(lines, winning seats) of the result screen."""
        returns = self.s.returns()
        order = sorted(range(len(returns)), key=lambda s: (-returns[s], s))
        best = returns[order[0]]
        lines = []
        for s in order:
            lines.append(
                "%s %+d%s" % (self.name(s), returns[s], "  winner" if returns[s] == best else "")
            )
        return lines, [s for s in order if returns[s] == best]
