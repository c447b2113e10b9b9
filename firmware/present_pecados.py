# present_pecados.py  The screens of 7 Pecados (view and codec: docs/rules/siete-pecados.md)
# MIT licence. Pass and peek: each turn the device goes to the player, who looks at the
# hand (two cards and the draw) on a private screen and chooses the draw and the play
# there; leaving it takes a full refresh (privacy.py). A card dealt from the limbo is
# shown to the table and its Angel/Demon favour chosen in public; an Infernal cancel is
# one public "who cancels?" screen, answered for the whole cancel window at once. Built
# only from the rules' views, codec and announcements (docs/device.md).

from present_generic import Presenter
from ui import Screen, fits, wrap

_PLAY = "Play which card?"
_QUIET = ("draw", "last_rounds")  # news that leaves the player's private look open


def _find(news, kind):
    for item in news:
        if item["kind"] == kind:
            return item
    return None


def _sin_at(view, sin):
    names = view["sin_names"]
    for i in range(len(names)):
        if names[i] == sin:
            return i
    return -1


def _favour_title(name):
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


def _fit(text, short, size="medium"):
    return text if fits(text, size) else short


class PecadosPresenter(Presenter):
    reveal_title = "your hand"

    def __init__(self, session):
        Presenter.__init__(self, session)
        self.peek = None  # the seat whose private look is on the panel now
        self.answer = None  # the table's "who cancels?" answer for this window
        self.dealt = 0  # limbo cards dealt in this deal, shown to the table

    # ****** facts from the view, as text ******
    def _team(self, view, seat):
        teams = view["teams"]
        return "" if teams is None else " [%s]" % "AB"[teams[seat]]

    def _owner(self, view, sin):
        """Whose sin card it is and whether it is tempted: "(P3, tempted)"."""
        i = _sin_at(view, sin)
        h = view["holder"][i]
        who = "centre" if h is None else self.name(h)
        return "(%s%s)" % (who, ", tempted" if view["tempted"][i] else "")

    def _sins(self, view, seat):
        parts = []
        names = view["sin_names"]
        for i in range(len(names)):
            if view["holder"][i] == seat:
                parts.append(names[i] + ("*" if view["tempted"][i] else ""))
        return " ".join(parts)

    def _table(self, view):
        """The public table in small type: deck, limbo, every seat, the centre."""
        if view["last_rounds"]:
            head = "LAST ROUNDS: the deck is empty"
        else:
            head = "Deck %d" % view["deck"]
            if view["mode"] != "infernal":
                head += ", limbo %d" % len(view["limbo"])
        lines = [head]
        for seat in range(len(view["cubes"])):
            cubes = view["cubes"][seat]
            text = "%s%s %d cube%s%s: %s" % (
                self.name(seat),
                self._team(view, seat),
                cubes,
                "" if cubes == 1 else "s",
                ", angel" if view["protected"][seat] else "",
                self._sins(view, seat) or "saint",
            )
            lines += wrap(text)
        centre = [
            "%s%s" % (view["sin_names"][i], "*" if view["tempted"][i] else "")
            for i in range(len(view["holder"]))
            if view["holder"][i] is None
        ]
        if centre:
            lines += wrap("Centre: " + " ".join(centre))
        decks = [
            "%s %d%s"
            % (view["sin_names"][i], view["centre"][i], " down" if view["face_down"][i] else "")
            for i in range(len(view["centre"]))
            if view["centre"][i]
        ]
        if decks:
            lines += wrap("Centre decks: " + ", ".join(decks))
        lines.append("* tempted")
        return lines

    def _play_text(self, data):
        """A declared play, short: "Envy", "Forgive Envy", "Protect P3"."""
        if data["kind"] == "tempt":
            return data["sin"]
        text = _favour_title(data["favour"]).split(" ")[0]
        if data["sin"] is not None:
            text += " " + data["sin"]
        if data["target"] is not None:
            text += " " + self.name(data["target"])
        return text

    # ****** decisions: all entered on this game's own screens ******
    def enters(self, view, seat):
        return True

    async def enter(self, view, legal, seat):
        phase = view["phase"]
        if phase != "cancel":
            self.answer = None
        if phase == "cancel":
            return await self._cancel(view, seat)
        if phase == "limbo":
            self.peek = None
            return await self._limbo_favour(view, legal, seat)
        # draw, play, to_limbo: the turn's player, in private
        if self.peek != seat:
            if not await self._gate(view, seat):
                return None
        action = await self._hand(view, legal, seat)
        self.peek = seat if action is not None else None
        return action

    async def _gate(self, view, seat):
        """The pass screen: the table as it is, then A for the hand (C: the menu)."""
        s = self.s
        name = self.name(seat)
        facts = []
        lines = []
        if s.events:  # what the last player did: medium type when it fits one line
            last = s.events[-1]
            if fits(last):
                facts = [last]
            else:
                lines = wrap(last)
        lines += self._table(view)
        while True:
            s.light(seat, "look")
            await s.show(
                Screen(
                    "pass",
                    "Pass to %s%s" % (name, self._team(view, seat)),
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

    async def _hand(self, view, legal, seat):
        me = view["me"]
        hand = me["hand"]
        big = ", ".join(hand) or "no cards"
        if not fits(big, "medium"):
            big = " ".join([c[:4] for c in hand])
        lines = []
        if me["drawn"]:
            lines.append("You drew %s." % me["drawn"])
        if view["cancelled"]:
            lines.append("Cancelled, face up: " + ", ".join(view["cancelled"]))
        mine = self._sins(view, seat)
        lines.append("%d cubes. Sins: %s" % (view["cubes"][seat], mine or "none (saint)"))
        if view["last_rounds"]:
            lines.append("Last rounds: no draws.")
        options = [(self._path(view, self.s.decode(a)), a) for a in legal]
        frame = ("hand", "%s only" % self.name(seat), big, lines, True, False)
        return await self._pick(frame, options, seat)

    def _path(self, view, data):
        """The questions that lead to an action, one (question, answer) per level."""
        kind = data["kind"]
        if kind == "draw":
            if data["source"] == "deck":
                return (("Draw from?", "The deck"),)
            sin = data["sin"]
            cost = ", a cube" if view["mode"] == "infernal" else ""
            count = view["centre"][_sin_at(view, sin)]
            return (("Draw from?", "Centre %s (%d%s)" % (sin, count, cost)),)
        if kind == "tempt":
            sin = data["sin"]
            return ((_PLAY, _fit("%s %s" % (sin, self._owner(view, sin)), sin)),)
        if kind == "to_limbo":
            return ((_PLAY, "To the limbo (a cube)"),)
        if kind == "limbo_card":
            return (("Which card to the limbo?", data["card"]),)
        path = [] if view["phase"] == "limbo" else [(_PLAY, "Angel/Demon")]
        if kind == "eliminate":
            path.append(("Which favour?", "Eliminate it: a cube"))
            return path
        path.append(("Which favour?", _favour_title(data["favour"])))
        if data["sin"] is not None:
            sin = data["sin"]
            path.append(("Which sin?", _fit("%s %s" % (sin, self._owner(view, sin)), sin)))
        if data["target"] is not None:
            path.append(("Who?", self.name(data["target"])))
        return path

    async def _pick(self, frame, options, seat):
        """Narrow the legal actions level by level (A: choose, B: back); the action,
        or None when the table abandons the game from the menu (C, public screens)."""
        name, title, big, lines, private, menu = frame
        s = self.s
        chosen = []
        cursor = 0
        while True:
            depth = len(chosen)
            here = [o for o in options if [q[1] for q in o[0][:depth]] == chosen]
            if len(here) == 1 and len(here[0][0]) == depth:
                return here[0][1]
            labels = []
            for path, _ in here:
                if path[depth][1] not in labels:
                    labels.append(path[depth][1])
            question = here[0][0][depth][0]
            scr = Screen(
                name,
                title,
                big=big if big is not None else question,
                lines=([question] if big is not None else []) + lines,
                items=labels,
                cursor=cursor,
                keys=("Choose", "Back" if depth else "", "Menu" if menu else ""),
                corner="#%d" % s.move(),
                private=private,
            )
            await s.show(scr)
            kind, key = await s.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(labels)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(labels)
            elif key == "A" and kind == "press":
                chosen.append(labels[cursor])
                cursor = 0
            elif key == "B" and depth:
                cursor = 0
                chosen.pop()
            elif key == "C" and menu:
                if await s.pause(seat):
                    return None
                s.light(seat, "turn")

    async def _limbo_favour(self, view, legal, seat):
        """An Angel/Demon card dealt from the limbo: its receiver chooses in public."""
        self.s.light(seat, "turn")
        options = [(self._path(view, self.s.decode(a)), a) for a in legal]
        title = "%s: the limbo's Angel/Demon" % self.name(seat)
        return await self._pick(("favour", title, None, [], False, True), options, seat)

    async def _cancel(self, view, seat):
        """Infernal: one public question per chance to cancel, "who cancels?"; the
        answer is given for each seat of the window in turn (pass ... cancel)."""
        s = self.s
        if self.answer is None:
            window = view["cancel_window"]
            declared = view["declared"]
            player = self.name(declared["seat"])
            play = self._play_text(declared)
            items = ["Nobody"] + [
                _fit("%s pays a cube" % self.name(k), self.name(k)) for k in window
            ]
            if fits(play, "large"):
                title, big = "%s plays: who cancels?" % player, play
            else:
                title, big = "%s: %s" % (player, play), "Who cancels?"
            s.light(declared["seat"], "turn")
            cursor = 0
            while self.answer is None:
                await s.show(
                    Screen(
                        "cancel",
                        title,
                        big=big,
                        items=items,
                        cursor=cursor,
                        keys=("OK", "", "Menu"),
                        corner="#%d" % s.move(),
                    )
                )
                kind, key = await s.next_event()
                if key == "UP":
                    cursor = (cursor - 1) % len(items)
                elif key == "DOWN":
                    cursor = (cursor + 1) % len(items)
                elif key == "A" and kind == "press":
                    self.answer = window[cursor - 1] if cursor else -1
                elif key == "C" and await s.pause(seat):
                    return None
        return s.encode({"kind": "cancel" if seat == self.answer else "pass"})

    # ****** what happened ******
    def reveal(self, seat, action, text):
        return None  # each player sees their hand on their own turn, behind the gate

    def event(self, seat, action, text, news):
        """The public summary of an action, from what the rules announced."""
        data = self.s.decode(action)
        kind = data["kind"]
        if kind == "cancel":
            return None  # shown on a screen of its own (announce)
        who = self.name(seat)
        if kind == "draw" and data["source"] == "deck":
            return "%s drew from the deck" % who
        if kind == "to_limbo":
            return "%s pays a cube for the limbo" % who
        out = []
        for item in news:
            said = self._news_text(item)
            if said:
                out.append(said)
        return ". ".join(out) if out else None

    def _news_text(self, item):
        k = item["kind"]
        if k in ("tempt", "sin", "relapse", "forgive", "flagellate"):
            who = self.name(item["seat"])
            verb = {
                "tempt": "tempted",
                "sin": "SINNED:",
                "relapse": "relapsed:",
                "forgive": "forgave",
                "flagellate": "took",
            }[k]
            return "%s %s %s" % (who, verb, item["sin"])
        if k == "draw" and item["source"] == "centre":
            return "%s drew %s from the centre" % (self.name(item["seat"]), item["sin"])
        if k == "freed":
            return "%s freed%s" % (self.name(item["seat"]), " +cube" if item["cube"] else "")
        if k == "limbo":
            return "%s sent a card to the limbo (%d)" % (self.name(item["seat"]), item["cards"])
        if k == "limbo_deal":
            return "Limbo deal: %d cards" % item["cards"]
        if k == "eliminate":
            return "%s eliminated an Angel/Demon" % self.name(item["seat"])
        if k == "protect":
            return "%s protects %s" % (self.name(item["seat"]), self.name(item["target"]))
        if k == "unprotect":
            return "%s unprotects %s" % (self.name(item["seat"]), self.name(item["target"]))
        if k == "send":
            return "%s sent %s to %s" % (
                self.name(item["seat"]),
                item["sin"],
                self.name(item["target"]),
            )
        if k == "angel_leaves":
            return "%s's angel leaves" % self.name(item["seat"])
        if k == "face_down":
            return "%s's centre deck face down" % item["sin"]
        if k == "back_to_hand":
            return "%s takes back %s" % (self.name(item["seat"]), ", ".join(item["cards"]))
        if k == "supreme_sinner":
            return "%s is the SUPREME SINNER" % self.name(item["seat"])
        return None

    async def announce(self, news):
        """Limbo cards dealt and cancelled cards are shown to the table."""
        for item in news:
            if item["kind"] not in _QUIET:
                self.peek = None  # the play is made: the private look is over
            if item["kind"] == "play":
                self.answer = None
        k = 0
        while k < len(news):
            item = news[k]
            k += 1
            kind = item["kind"]
            if kind == "limbo_deal":
                self.dealt = 0
            elif kind == "cancel":
                await self._cancelled(item)
            elif kind == "limbo_card":
                effects = []
                while k < len(news) and news[k]["kind"] != "limbo_card":
                    said = self._news_text(news[k])
                    if said:
                        effects.append(said)
                    k += 1
                await self._limbo_card(item, effects)

    async def _ok(self, scr):
        await self.s.show(scr)
        await self.s.wait_key("A")

    async def _cancelled(self, item):
        self.s.light(item["player"], "turn")
        await self._ok(
            Screen(
                "cancelled",
                "%s's play is cancelled" % self.name(item["player"]),
                big=item["card"],
                facts=[_fit("%s paid a cube" % self.name(item["seat"]), "A cube paid")],
                lines=wrap(
                    "The card stays face up until %s plays another, then goes back to the hand."
                    % self.name(item["player"])
                ),
                keys=("OK", "", ""),
            )
        )

    async def _limbo_card(self, item, effects):
        self.dealt += 1
        seat = item["seat"]
        self.s.light(seat, "turn")
        if item["card"] == "Angel/Demon" and not effects:
            effects = ["%s chooses its favour" % self.name(seat)]
        text = ". ".join(effects) or "Played"
        facts = [text] if fits(text) else []
        await self._ok(
            Screen(
                "limbo",
                "Limbo card %d for %s" % (self.dealt, self.name(seat)),
                big=item["card"],
                facts=facts,
                lines=([] if facts else wrap(text))
                + ["Sent by %s." % self.name(item["placed_by"])],
                keys=("OK", "", ""),
            )
        )

    def look(self, seat):
        me = self.s.view(seat)["me"]
        return ["#" + (", ".join(me["hand"]) or "no cards")] + self._table(self.s.view(None))[:3]

    # ****** the end ******
    def _why(self, result, infernal):
        by = result["decided_by"]
        if by == "saints":
            return "Saints (no sin) win"
        if by == "supreme_sinner":
            return "%s holds all 7 sins" % self.name(result["supreme_sinner"])
        if by == "shared":
            return "A tie without sins: shared"
        most = "Most" if infernal else "Fewest"
        if by == "points":
            return "%s sin points wins" % most
        tie = result["tiebreak"]
        grave = "gravest" if infernal else "least grave"
        return "Tie on points: the %s sins win (%s: %s)" % (
            grave,
            tie["rule"],
            " vs ".join(tie["compared"]),
        )

    def final_public(self, view):
        result = view["result"]
        infernal = view["mode"] == "infernal"
        lines = wrap(self._why(result, infernal))
        for seat in range(len(result["points"])):
            lines += wrap(
                "%s%s %d pts: %s"
                % (
                    self.name(seat),
                    self._team(view, seat),
                    result["points"][seat],
                    self._sins(view, seat) or "saint",
                )
            )
        teams = result["teams"]
        if teams is not None:
            for t in range(len(teams["members"])):
                lines.append(
                    "Team %s %d pts%s"
                    % ("AB"[t], teams["points"][t], "  WINS" if t in teams["winners"] else "")
                )
        return lines

    def final_private(self, seat):
        return None  # nothing stays secret at the end

    def ranking(self, view):
        result = view["result"]
        infernal = view["mode"] == "infernal"
        teams = result["teams"]
        lines = wrap(self._why(result, infernal))
        winners = list(result["winners"])
        if teams is not None:
            winners = []
            for t in teams["winners"]:
                winners += teams["members"][t]
                lines.append(
                    "Team %s wins: %s"
                    % ("AB"[t], " ".join([self.name(m) for m in teams["members"][t]]))
                )
            if teams["rule"] == "total":
                lines.append("By team totals: %s" % teams["decided_by"])
        for seat in range(len(result["points"])):
            lines.append(
                "%s%s %d pts%s"
                % (
                    self.name(seat),
                    self._team(view, seat),
                    result["points"][seat],
                    "  WINNER" if seat in winners else "",
                )
            )
        return lines, sorted(winners)
