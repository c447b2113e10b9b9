# present_generic.py  Screens for any game of the protocol (legal_actions, action_text, view)
# MIT licence. A game without its own presenter is still playable: its public view is
# listed as "key: value" lines, its legal actions as a list, and what a seat alone may
# know (view(seat) less view(None)) only behind the pass-and-look gate.

from ui import clip


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
    reveal_title = "your secret"

    def __init__(self, app, ctx):
        self.app = app
        self.ctx = ctx

    def name(self, seat):
        return self.app.seat_name(self.ctx, seat)

    # ****** a turn ******
    def turn(self, state, seat):
        """(title, lines, items, actions per item (A, B), soft keys)."""
        lines = []
        view = state.view(None)
        for key in sorted(view):
            lines.append(clip("%s: %s" % (key, fmt(view[key]))))
        lines = lines[:3]
        for text in self.ctx.events[-1:]:
            lines.append(clip("Last: " + text))
        legal = state.legal_actions()
        items = [clip(state.action_text(a), 34) for a in legal]
        acts = [(a, None) for a in legal]
        title = "%s: %s to play" % (self.ctx.game.TITLE, self.name(seat))
        return title, lines, items, acts, ("Play", "", "Menu")

    # ****** what happened ******
    def event(self, state, action, seat):
        """The public text of an action (None for one the table does not see)."""
        if state.observers() is not None:
            return None
        who = "chance" if seat < 0 else self.name(seat)
        return "%s: %s" % (who, state.action_text(action))

    def reveal(self, state, action, seat):
        return [clip(state.action_text(action))]

    def before(self, state, action):
        return None

    async def special(self, info):
        pass

    def look(self, state, seat):
        """Lines of what only `seat` knows, or None when nothing is private."""
        mine = state.view(seat)
        public = state.view(None)
        lines = []
        for key in sorted(mine):
            if key not in public or public[key] != mine[key]:
                lines.append(clip("%s: %s" % (key, fmt(mine[key]))))
        return lines or None

    # ****** the end ******
    def final_public(self, state):
        lines = []
        view = state.view(None)
        for key in sorted(view):
            lines.append(clip("%s: %s" % (key, fmt(view[key]))))
        return lines[:8]

    def final_private(self, state, seat):
        return None

    def ranking(self, state):
        """(lines, winning seats)."""
        returns = state.returns()
        order = sorted(range(len(returns)), key=lambda s: (-returns[s], s))
        best = returns[order[0]]
        lines = []
        for s in order:
            lines.append(
                "%s %+d%s" % (self.name(s), returns[s], "  winner" if returns[s] == best else "")
            )
        return lines, [s for s in order if returns[s] == best]
