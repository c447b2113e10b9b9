# present_newrule.py  The screens of New Rule (Sin) (view format: docs/rules/new-rule.md)
# MIT licence. Built only from the rules' views, their action codec and what they
# announce (docs/device.md, "Writing a presenter"). Every decision is taken in private:
# the hand and the player's own damned cards are secret, and so is the list of sets
# (it would show what those damned cards allow), so the turn is pass-and-peek: the
# pass screen, then the hand (a card, face up or down), then the legal sets the rules
# list, best first. The table then sees what moved: the play, the set, the scores, and
# at the end of a round the God card, the reckoning or total damnation, each player's
# penalty worked out card by card from the announcement.

from present_generic import Presenter
from ui import Screen

_RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
_ROUND_ENDS = {"reckoning": "God card", "damnation": "total damnation", "won": "target"}


def _find(news, kind):
    for item in news:
        if item["kind"] == kind:
            return item
    return None


def _cards(labels):
    return " ".join(labels) or "none"


class NewRulePresenter(Presenter):
    reveal_title = "your hand"
    private_turns = True  # the hand and the sets are secret: every decision behind the gate

    def __init__(self, session):
        Presenter.__init__(self, session)
        self.holder = None  # the seat holding the device since its pass screen
        self.played = None  # the "played" announcement of the turn in progress

    # ****** the turn: pass, hand, sets ******
    async def enter(self, view, legal, seat):
        """The play (a card, face up or down) or the set, chosen in private; None when
        the table abandons the game from the pause menu."""
        while True:
            if self.holder != seat:
                if not await self._pass(view, seat):
                    return None
                self.holder = seat
            self.s.light(seat, "turn")
            if view["phase"] == "play":
                action = await self._hand(view, legal, seat)
            else:
                action = await self._sets(view, legal, seat)
            if action is not None:
                return action
            self.holder = None  # Back: to the pass screen (and its menu)

    async def _pass(self, view, seat):
        s = self.s
        name = self.name(seat)
        what = "see your hand" if view["phase"] == "play" else "form a set"
        while True:
            s.light(seat, "look")
            await s.show(
                Screen(
                    "pass",
                    "Pass to %s" % name,
                    big=name,
                    facts=["Only %s may look." % name],
                    lines=["Press A to %s." % what],
                    keys=("Look", "", "Menu"),
                    corner="#%d" % s.move(),
                )
            )
            if await s.wait_key("AC") == "A":
                return True
            if await s.pause(seat):
                return False

    def _card_item(self, data):
        rank = _RANK_NAMES.get(data["rank"], data["rank"])
        if data["rank"] == "K":
            return "%s  King: God card" % data["card"]
        return "%s  %s of %s" % (data["card"], rank, data["suit"])

    async def _hand(self, view, legal, seat):
        """A card from the hand: A face up, B face down (refused, with the reason, when
        the rules list no face-down play of it)."""
        s = self.s
        by_card = {}  # card label -> [face up action, face down action]
        order = []
        for action in legal:
            data = s.decode(action)
            choice = by_card.get(data["card"])
            if choice is None:
                choice = [None, None, data]
                by_card[data["card"]] = choice
                order.append(data["card"])
            choice[0 if data["face"] == "up" else 1] = action
        items = [self._card_item(by_card[c][2]) for c in order]
        damned = view["damned"]
        mine = "Damned %d/%d: %s" % (len(damned), view["damned_limit"], _cards(damned))
        cursor = 0
        refused = None
        while True:
            facts = [refused] if refused else [mine]
            lines = [mine] if refused else []
            await s.show(
                Screen(
                    "nr-hand",
                    "%s: play a card, round %d" % (self.name(seat), view["round"]),
                    facts=facts,
                    lines=lines,
                    items=items,
                    cursor=cursor,
                    keys=("Face up", "Face down", "Back"),
                    corner="#%d" % s.move(),
                    private=True,
                )
            )
            kind, key = await s.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(items)
                refused = None
            elif key == "DOWN":
                cursor = (cursor + 1) % len(items)
                refused = None
            elif key == "C":
                return None
            elif key in ("A", "B") and kind == "press":
                up, down, data = by_card[order[cursor]]
                if key == "B":
                    if down is not None:
                        return down
                    refused = self._refusal(view)
                elif up is not None:
                    if not self.s.decode(up)["god_card"] or await self._god_confirm(data, seat):
                        return up

    def _refusal(self, view):
        """Why the rules list no face-down play: the view's count against its limit."""
        if len(view["damned"]) >= view["damned_limit"]:
            return "No: %d damned is the limit." % view["damned_limit"]
        return "No: not face down."

    async def _god_confirm(self, data, seat):
        await self.s.show(
            Screen(
                "nr-confirm",
                "%s: a God card" % self.name(seat),
                big="God card",
                facts=["%s face up ends the round." % data["card"]],
                lines=["The reckoning follows at once."],
                keys=("Play it", "", "Back"),
                private=True,
            )
        )
        return await self.s.wait_key("AC") == "A"

    def _where(self, cards, seats, seat):
        parts = []
        for i in range(len(cards)):
            if seats[i] == seat:
                parts.append(cards[i] + " yours")
            else:
                parts.append("%s %s's" % (cards[i], self.name(seats[i])))
        return ", ".join(parts)

    async def _sets(self, view, legal, seat):
        """The legal sets the rules list (best first, with points), or none."""
        s = self.s
        none = None
        for action in legal:
            if s.decode(action)["kind"] == "no_set":
                none = action
        listed = view["legal_sets"]
        items = ["+%d %s" % (e["points"], " ".join(e["cards"])) for e in listed]
        items.append("No set")
        count = view["legal_set_count"]
        cursor = 0
        while True:
            if cursor < len(listed):
                entry = listed[cursor]
                facts = ["%s, %d points" % (entry["type"], entry["points"])]
                lines = [self._where(entry["cards"], entry["seats"], seat)]
            else:
                facts = ["No set this turn."]
                lines = []
            if count > len(listed):
                lines.append("The best %d of %d sets." % (len(listed), count))
            elif not listed:
                facts = ["No set can be formed."]
            await s.show(
                Screen(
                    "nr-sets",
                    "%s: form a set" % self.name(seat),
                    facts=facts,
                    lines=lines,
                    items=items,
                    cursor=cursor,
                    keys=("Take", "", "Back"),
                    corner="%d/%d" % (cursor + 1, len(items)),
                    private=True,
                )
            )
            kind, key = await s.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(items)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(items)
            elif key == "C":
                return None
            elif key == "A" and kind == "press":
                if cursor < len(listed):
                    return listed[cursor]["action"]
                return none

    def reveal(self, seat, action, text):
        return None  # a deal is seen at the seat's turn; a play, the seat entered itself

    def event(self, seat, action, text, news):
        return None  # the table's screens come from the announcements

    def look(self, seat):
        view = self.s.view(seat)
        return [
            "Hand: " + _cards(view["hand"]),
            "Damned %d/%d: %s" % (len(view["damned"]), view["damned_limit"], _cards(view["damned"])),
        ]

    # ****** what the table sees ******
    async def _public(self, scr, full=False):
        self.holder = None  # a public screen: the next decision is passed again
        await self.s.show(scr, full)
        await self.s.wait_key("A")

    def _scores(self, scores):
        return "Scores: " + ", ".join(
            ["%s %d" % (self.name(k), scores[k]) for k in range(len(scores))]
        )

    def _boards(self, view):
        lines = []
        for k in range(len(view["boards"])):
            line = "%s: %s" % (self.name(k), _cards(view["boards"][k]))
            if view["damned_counts"][k]:
                line += ", %d down" % view["damned_counts"][k]
            lines.append(line)
        return lines

    async def announce(self, news):
        for item in news:
            kind = item["kind"]
            if kind == "played":
                self.played = item
            elif kind in ("set_formed", "no_set"):
                await self._move(item, _find(news, "game_over"))
            elif kind == "god_card":
                await self._god(item)
            elif kind == "reckoning":
                await self._reckoning(item)
            elif kind == "total_damnation":
                await self._damnation(item)
            elif kind == "round_dealt":
                await self._round(item)
            elif kind == "reserve_dealt":
                await self._reserve(item)

    def _play_text(self, played):
        if played is None:
            return None
        if played["face"] == "up":
            return "Played %s face up." % played["card"]
        return "Played a card face down (%d damned)." % played["damned"]

    async def _move(self, item, over):
        """The cards moved and the scores: the play, the set, every board."""
        view = self.s.view(None)
        seat = item["seat"]
        name = self.name(seat)
        facts = []
        played = self._play_text(self.played)
        if played:
            facts.append(played)
        self.played = None
        if item["kind"] == "set_formed":
            big = "%s +%d" % (name, item["points"])
            facts.append("%s: %s" % (item["type"], _cards(item["cards"])))
            lines = ["From " + self._where(item["cards"], item["seats"], seat) + "."]
            lines[0] = lines[0].replace(" yours", " own")
        else:
            big = "%s: no set" % name
            lines = []
        if over is not None and over["reason"] == "target":
            lines.append("%s reaches %d and wins." % (name, view["target"]))
        self.s.light(seat, "turn")
        await self._public(
            Screen(
                "nr-move",
                "Round %d: %s's turn" % (view["round"], name),
                big=big,
                facts=facts,
                lines=lines + [self._scores(view["scores"])] + self._boards(view),
                keys=("OK", "", ""),
                corner="#%d" % self.s.move(),
            )
        )

    async def _god(self, item):
        """The God card: its player's LED steady, every other seat flashing."""
        self.played = None
        await self.s.flash("judgment", seat=item["seat"], seat_name="god")
        await self._public(
            Screen(
                "nr-god",
                "The God card",
                big="GOD CARD",
                facts=["%s plays %s face up." % (self.name(item["seat"]), item["card"])],
                lines=["Play stops at once: the reckoning."],
                keys=("OK", "", ""),
            ),
            True,
        )

    def _line(self, ln):
        where = "" if ln["where"] == "board" else "set deck "
        face = " down" if ln["face"] == "down" and ln["where"] == "board" else ""
        text = "%s%s%s: %d" % (where, ln["card"], face, ln["value"])
        if ln["multiplier"] != 1:
            text += " x%d = %d" % (ln["multiplier"], ln["penalty"])
        if ln["why"]:
            text += " (%s)" % ln["why"]
        return text

    async def _penalty(self, screen, title, entry, lines):
        seat = entry["seat"]
        name = self.name(seat)
        self.s.light(seat, "judgment")
        if entry["penalty"]:
            big = "%s -%d" % (name, entry["penalty"])
            lines = lines + ["Penalty %d." % entry["penalty"]]
        else:
            big = "%s: 0" % name
        await self._public(
            Screen(
                screen,
                title,
                big=big,
                facts=["Score now %d." % entry["score"]],
                lines=lines,
                keys=("OK", "", ""),
            )
        )

    async def _reckoning(self, item):
        seats = item["seats"]
        for k in range(len(seats)):
            entry = seats[k]
            status = entry["status"]
            if status == "spared":
                lines = ["Played the God card: spared."]
            elif status == "forgiven":
                lines = ["A face-down God card (%s) forgives the round." % entry["forgiven_by"]]
            else:
                lines = [self._line(ln) for ln in entry["lines"]] or ["An empty board."]
            title = "Reckoning, round %d (%d/%d)" % (item["round"], k + 1, len(seats))
            await self._penalty("nr-reckoning", title, entry, lines)
        self.s.light(None)

    async def _damnation(self, item):
        await self.s.flash("judgment")
        await self._public(
            Screen(
                "nr-damnation",
                "Round %d" % item["round"],
                big="DAMNATION",
                facts=["Every hand is empty and no God card came."],
                lines=["Every card on a board or in a set deck costs its value; no doubling."],
                keys=("OK", "", ""),
            ),
            True,
        )
        seats = item["seats"]
        for k in range(len(seats)):
            entry = seats[k]
            lines = [self._line(ln) for ln in entry["lines"]] or ["No cards."]
            if entry["cancelled"]:
                lines.append("Set points cancelled: %d." % entry["cancelled"])
            title = "Total damnation, round %d (%d/%d)" % (item["round"], k + 1, len(seats))
            await self._penalty("nr-penalty", title, entry, lines)
        self.s.light(None)

    async def _round(self, item):
        view = self.s.view(None)
        first = item["first_player"]
        self.s.light(first, "turn")
        await self._public(
            Screen(
                "nr-round",
                self.s.title,
                big="Round %d" % item["round"],
                facts=["%s starts." % self.name(first)],
                lines=[
                    "%d cards each; the reserve of %d is dealt when every hand is down"
                    " to its last card." % (item["cards_each"], item["reserve"]),
                    self._scores(view["scores"]),
                ],
                keys=("OK", "", ""),
            )
        )

    async def _reserve(self, item):
        lines = []
        if item["set_aside"]:
            lines.append("%d set aside, unseen." % item["set_aside"])
        await self._public(
            Screen(
                "nr-reserve",
                "Round %d" % item["round"],
                big="Reserve dealt",
                facts=["%d more cards each." % item["cards_each"]],
                lines=lines,
                keys=("OK", "", ""),
            )
        )

    # ****** the end ******
    def final_public(self, view):
        result = view["result"]
        if result["reason"] == "target":
            winner = self.name(result["winners"][0])
            lines = ["%s reached %d points." % (winner, view["target"])]
        else:
            lines = ["%d rounds played: the highest score wins." % view["round_limit"]]
        for r in result["rounds"]:
            end = _ROUND_ENDS.get(r["end"], r["end"])
            if r["god_seat"] is not None:
                end += " (%s)" % self.name(r["god_seat"])
            scores = ", ".join(["%s %d" % (self.name(k), r["scores"][k]) for k in range(len(r["scores"]))])
            lines.append("R%d %s: %s" % (r["round"], end, scores))
            lines.append(
                "  sets +%s, penalties -%s"
                % ("/+".join([str(p) for p in r["set_points"]]), "/-".join([str(p) for p in r["penalties"]]))
            )
        return lines

    def ranking(self, view):
        result = view["result"]
        scores = result["scores"]
        order = sorted(range(len(scores)), key=lambda k: (-scores[k], k))
        lines = []
        for k in order:
            won = "  WINNER" if k in result["winners"] else ""
            lines.append("%s %d%s" % (self.name(k), scores[k], won))
        return lines, result["winners"]
