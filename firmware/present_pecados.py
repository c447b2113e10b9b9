# present_pecados.py  The screens of 7 Pecados (view and codec: docs/rules/siete-pecados.md)
# MIT licence. Pass and peek: each turn the device goes to the player, who looks at the
# hand (two cards and the draw) on a private screen and chooses the draw and the play
# there; leaving it takes a full refresh (privacy.py). A card dealt from the limbo is
# shown to the table and its Angel/Demon favour chosen in public; an Infernal cancel is
# one public "who cancels?" screen, answered for the whole cancel window at once. Built
# only from the rules' views, codec and announcements (docs/device.md).
#
# Written for the heap: it does not derive from present_generic (whose code would stay
# in RAM beside it), a list screen holds only the answers of the level on show, and the
# end screens are in present_pecados_end.py, imported when the game is over.

from ui import Screen, fits, wrap

_PLAY = "Play which card?"
_QUIET = ("draw", "last_rounds")  # news that leaves the player's private look open
# What the table is told of each announcement (docs/rules/siete-pecados.md, "Announcements")
_NEWS = {
    "tempt": "%(seat)s tempted %(sin)s",
    "sin": "%(seat)s SINNED: %(sin)s",
    "relapse": "%(seat)s relapsed: %(sin)s",
    "forgive": "%(seat)s forgave %(sin)s",
    "flagellate": "%(seat)s took %(sin)s",
    "draw": "%(seat)s drew %(sin)s from the centre",
    "freed": "%(seat)s is freed of %(sin)s",
    "limbo": "%(seat)s sent a card to the limbo (%(cards)d)",
    "limbo_deal": "Limbo deal: %(cards)d cards",
    "eliminate": "%(seat)s eliminated an Angel/Demon",
    "protect": "%(seat)s protects %(target)s",
    "unprotect": "%(seat)s unprotects %(target)s",
    "send": "%(seat)s sent %(sin)s to %(target)s",
    "angel_leaves": "%(seat)s's angel leaves",
    "face_down": "%(sin)s's centre deck face down",
    "back_to_hand": "%(seat)s takes back %(cards)s",
    "supreme_sinner": "%(seat)s is the SUPREME SINNER",
}


def _sin_at(view, sin):
    names = view["sin_names"]
    for i in range(len(names)):
        if names[i] == sin:
            return i
    return -1


def _favour_title(name):
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


def _fit(text, short):
    return text if fits(text) else short


class PecadosPresenter:
    # not a present_generic.Presenter (its code would be RAM for nothing): the
    # same API, every decision on this game's own screens, with the legal list
    reveal_title = "your hand"
    private_turns = False
    lazy_legal = False

    def __init__(self, session):
        self.s = session
        self.peek = None  # the seat whose private look is on the panel now
        self.answer = None  # the table's "who cancels?" answer for this window
        self.dealt = 0  # limbo cards dealt in this deal, shown to the table

    def name(self, seat):
        return self.s.name(seat)

    # ****** facts from the view, as text ******
    def team(self, view, seat):
        teams = view["teams"]
        return "" if teams is None else " [%s]" % "AB"[teams[seat]]

    def held(self, view, seat):
        """The sins a seat holds, a tempted one starred: "Lust Envy*"."""
        names = view["sin_names"]
        return " ".join(
            [
                names[i] + ("*" if view["tempted"][i] else "")
                for i in range(len(names))
                if view["holder"][i] == seat
            ]
        )

    def _owner(self, view, sin, text):
        """`text` and whose sin card it is: "Envy (P3, tempted)", or `text` alone
        where that does not fit a line of medium type."""
        i = _sin_at(view, sin)
        h = view["holder"][i]
        who = "centre" if h is None else self.name(h)
        return _fit("%s (%s%s)" % (text, who, ", tempted" if view["tempted"][i] else ""), text)

    def _table(self, view):
        """The public table in small type: deck, limbo, every seat, the centre."""
        if view["last_rounds"]:
            lines = ["LAST ROUNDS: the deck is empty"]
        elif view["mode"] == "infernal":
            lines = ["Deck %d" % view["deck"]]
        else:
            lines = ["Deck %d, limbo %d" % (view["deck"], len(view["limbo"]))]
        for seat in range(len(view["cubes"])):
            lines += wrap(
                "%s%s %d cube(s)%s: %s"
                % (
                    self.name(seat),
                    self.team(view, seat),
                    view["cubes"][seat],
                    ", angel" if view["protected"][seat] else "",
                    self.held(view, seat) or "saint",
                )
            )
        names = view["sin_names"]
        centre = []
        decks = []
        for i in range(len(names)):
            if view["holder"][i] is None:
                centre.append(names[i] + ("*" if view["tempted"][i] else ""))
            if view["centre"][i]:
                decks.append(
                    "%s %d%s"
                    % (names[i], view["centre"][i], " down" if view["face_down"][i] else "")
                )
        if centre:
            lines += wrap("Centre: " + " ".join(centre))
        if decks:
            lines += wrap("Centre decks: " + ", ".join(decks))
        lines.append("* tempted")
        return lines

    # ****** decisions: all entered on this game's own screens ******
    def enters(self, seat):
        return True  # the hand, the limbo's favours, "who cancels?": all its own screens

    def in_private(self, seat):
        # draw, play, to_limbo: the hand; the limbo's favour and "who cancels?": public
        return self.s.view(None)["phase"] not in ("limbo", "cancel")

    def turn(self, view, legal, seat):
        """Not used: enters() claims every decision. The rules' texts, for completeness."""
        items = [self.s.text(a) for a in legal]
        return self.s.title, [], items, [(a, None) for a in legal], ("Play", "", "Menu")

    async def enter(self, view, legal, seat):
        s = self.s
        phase = view["phase"]
        if phase == "cancel":
            return await self._cancel(view, seat)
        self.answer = None
        if phase == "limbo":  # an Angel/Demon card dealt from the limbo: in public
            self.peek = None
            s.light(seat, "turn")
            title = "%s: the limbo's Angel/Demon" % self.name(seat)
            return await self._pick(("favour", title, None, []), view, legal, seat)
        # draw, play, to_limbo: the turn's player, in private
        if self.peek != seat and not await self._gate(view, seat):
            return None
        me = view["me"]
        big = ", ".join(me["hand"]) or "no cards"
        if not fits(big):
            big = " ".join([c[:4] for c in me["hand"]])
        lines = []
        if me["drawn"]:
            lines.append("You drew %s." % me["drawn"])
        if view["cancelled"]:
            lines.append("Cancelled, face up: " + ", ".join(view["cancelled"]))
        lines.append(
            "%d cube(s). Sins: %s" % (view["cubes"][seat], self.held(view, seat) or "none")
        )
        if view["last_rounds"]:
            lines.append("Last rounds: no draws.")
        frame = ("hand", "%s only" % self.name(seat), big, lines)
        action = await self._pick(frame, view, legal, seat)
        self.peek = None if action is None else seat
        return action

    async def _gate(self, view, seat):
        """The pass screen: what happened last and the table (UP/DOWN turn its pages),
        then A for the hand; C the menu. False when the table abandons the game."""
        s = self.s
        name = self.name(seat)
        last = s.events[-1] if s.events else ""
        facts = [last] if last and fits(last) else []
        lines = ([] if facts or not last else wrap(last)) + self._table(view)
        while True:
            s.light(seat, "look")
            await s.show(
                Screen(
                    "pass",
                    "Pass to %s%s" % (name, self.team(view, seat)),
                    big=name,
                    facts=facts,
                    lines=lines,
                    keys=("Look", "", "Menu"),
                    corner="#%d" % s.move(),
                )
            )
            if await s.wait_key("AC") == "A":
                return True
            if await s.pause(seat):
                return False

    def _path(self, view, data):
        """The questions that lead to an action, one (question, answer) per level."""
        kind = data["kind"]
        sin = data.get("sin")
        if kind == "draw":
            if sin is None:
                return (("Draw from?", "The deck"),)
            cost = ", a cube" if view["mode"] == "infernal" else ""
            count = view["centre"][_sin_at(view, sin)]
            return (("Draw from?", "Centre %s (%d%s)" % (sin, count, cost)),)
        if kind == "tempt":
            return ((_PLAY, self._owner(view, sin, sin)),)
        if kind == "to_limbo":
            return ((_PLAY, "To the limbo (a cube)"),)
        if kind == "limbo_card":
            return (("Which card to the limbo?", data["card"]),)
        path = [] if view["phase"] == "limbo" else [(_PLAY, "Angel/Demon")]
        if kind == "eliminate":
            return path + [("Which favour?", "Eliminate it: a cube")]
        path.append(("Which favour?", _favour_title(data["favour"])))
        if sin is not None:
            path.append(("Which sin?", self._owner(view, sin, sin)))
        if data["target"] is not None:
            path.append(("Who?", self.name(data["target"])))
        return path

    def _level(self, view, legal, chosen):
        """(answers, question, action) one level down the path `chosen`: the action
        once a single one is left at the end of its path, else None."""
        depth = len(chosen)
        labels = []
        question = None
        for a in legal:
            path = self._path(view, self.s.decode(a))
            if [q[1] for q in path[:depth]] != chosen:
                continue
            if len(path) == depth:
                return [], None, a
            question = path[depth][0]
            if path[depth][1] not in labels:
                labels.append(path[depth][1])
        return labels, question, None

    async def _pick(self, frame, view, legal, seat):
        """Narrow the legal actions level by level (A: choose, B: back); the action,
        or None when the table abandons the game. A private frame (the hand, with a
        big fact) has no menu; a public one asks its question large, C the menu."""
        name, title, big, lines = frame
        chosen = []
        while True:
            labels, question, action = self._level(view, legal, chosen)
            if action is not None:  # (compared with None only: an action is a token)
                return action
            if big is None:
                scr = Screen(name, title, big=question, items=labels)
            else:
                scr = Screen(name, title, big=big, lines=[question] + lines, items=labels)
                scr.private = True
            keys = ("Choose", "Back" if chosen else "", "" if big else "Menu")
            index = await self._list(scr, keys, seat)
            if index is None:
                return None
            if index < 0:
                chosen.pop()
            else:
                chosen.append(labels[index])

    async def _list(self, scr, keys, seat):
        """The cursor on a list screen: the index chosen (A), -1 back (B, when the
        keys offer it), None when the table abandons the game from the menu (C)."""
        s = self.s
        scr.keys = keys
        while True:
            scr.corner = "#%d" % s.move()
            await s.show(scr)
            kind, key = await s.next_event()
            if key == "UP":
                scr.cursor = (scr.cursor - 1) % len(scr.items)
            elif key == "DOWN":
                scr.cursor = (scr.cursor + 1) % len(scr.items)
            elif key == "A" and kind == "press":
                return scr.cursor
            elif key == "B" and keys[1]:
                return -1
            elif key == "C" and keys[2]:
                if await s.pause(seat):
                    return None
                s.light(seat, "turn")

    async def _cancel(self, view, seat):
        """Infernal: one public question per chance to cancel, "who cancels?"; the
        answer is given for each seat of the window in turn (pass ... cancel)."""
        if self.answer is None:
            window = view["cancel_window"]
            declared = view["declared"]
            player = self.name(declared["seat"])
            play = declared.get("sin") or ""
            if declared["kind"] == "favour":
                play = _favour_title(declared["favour"]).split(" ")[0] + " " + play
                if declared["target"] is not None:
                    play += " " + self.name(declared["target"])
                play = play.strip()
            items = ["Nobody"] + [
                _fit("%s pays a cube" % self.name(k), self.name(k)) for k in window
            ]
            if fits(play, "large"):
                scr = Screen("cancel", "%s plays: who cancels?" % player, big=play, items=items)
            else:
                scr = Screen("cancel", "%s: %s" % (player, play), big="Who cancels?", items=items)
            self.s.light(declared["seat"], "turn")
            index = await self._list(scr, ("OK", "", "Menu"), seat)
            if index is None:
                return None
            self.answer = window[index - 1] if index else -1
        return self.s.encode({"kind": "cancel" if seat == self.answer else "pass"})

    # ****** what happened ******
    def reveal(self, seat, action, text):
        return None  # each player sees their hand on their own turn, behind the gate

    def event(self, seat, action, text, news):
        """The public summary of an action, from what the rules announced."""
        data = self.s.decode(action)
        kind = data["kind"]
        if kind == "cancel":
            return None  # shown on a screen of its own (announce)
        if kind == "draw" and data["sin"] is None:
            return "%s drew from the deck" % self.name(seat)
        if kind == "to_limbo":
            return "%s pays a cube for the limbo" % self.name(seat)
        out = [t for t in [self._news_text(item) for item in news] if t]
        return ". ".join(out) if out else None

    def _news_text(self, item):
        """One announcement as public text (None: nothing to say), from _NEWS."""
        text = _NEWS.get(item["kind"])
        if text is None or item.get("source") == "deck":
            return None
        fields = {}
        for key in item:
            value = item[key]
            if key in ("seat", "target", "player") and value is not None:
                value = self.name(value)
            elif key == "cards" and isinstance(value, list):
                value = ", ".join(value)
            fields[key] = value
        return text % fields

    async def announce(self, news):
        """Limbo cards dealt and cancelled cards are shown to the table."""
        for item in news:
            if item["kind"] not in _QUIET:
                self.peek = None  # the play is made: the private look is over
        k = 0
        while k < len(news):
            item = news[k]
            k += 1
            kind = item["kind"]
            if kind == "limbo_deal":
                self.dealt = 0
            elif kind == "cancel":
                player = self.name(item["player"])
                self.s.light(item["player"], "turn")
                scr = Screen(
                    "cancelled",
                    "%s's play is cancelled" % player,
                    big=item["card"],
                    facts=[_fit("%s paid a cube" % self.name(item["seat"]), "A cube paid")],
                    lines=wrap(
                        "The card stays face up until %s plays another, then goes back to the hand."
                        % player
                    ),
                )
                await self._ok(scr)
            elif kind == "limbo_card":
                effects = []
                while k < len(news) and news[k]["kind"] != "limbo_card":
                    said = self._news_text(news[k])
                    if said:
                        effects.append(said)
                    k += 1
                seat = item["seat"]
                if item["card"] == "Angel/Demon" and not effects:
                    effects = ["%s chooses its favour" % self.name(seat)]
                text = ". ".join(effects)
                facts = [text] if fits(text) else []
                self.dealt += 1
                self.s.light(seat, "turn")
                scr = Screen(
                    "limbo",
                    "Limbo card %d for %s" % (self.dealt, self.name(seat)),
                    big=item["card"],
                    facts=facts,
                    lines=([] if facts else wrap(text))
                    + ["Sent by %s." % self.name(item["placed_by"])],
                )
                await self._ok(scr)

    async def _ok(self, scr):
        scr.keys = ("OK", "", "")
        await self.s.show(scr)
        await self.s.wait_key("A")

    def look(self, seat):
        hand = self.s.view(seat)["me"]["hand"]
        return ["#" + (", ".join(hand) or "no cards")]

    # ****** the end (present_pecados_end.py, loaded only then) ******
    def final_public(self, view):
        from present_pecados_end import final_public

        return final_public(self, view)

    def final_seat(self, seat):
        return None  # every seat's result is on the result screen

    def final_private(self, seat):
        return None  # nothing stays secret at the end

    def ranking(self, view):
        from present_pecados_end import ranking

        return ranking(self, view)
