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

_END = "present_newrule_end"  # the round's end and the game's: loaded when needed
_RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


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
        playing = view["phase"] == "play"
        if playing:
            mine = (view["round"], view["damned"], view["damned_limit"], self.s.legal())
        else:
            # not the legal list (every set allowed: hundreds on full boards): the sets
            # the view lists, and "no set" from the codec
            none = self.s.encode({"kind": "no_set"})
            mine = (view["legal_sets"], view["legal_set_count"], none)
        view = None  # the rest is garbage while the seat decides
        while True:
            if self.holder != seat:
                if not await self._pass(playing, seat):
                    return None
                self.holder = seat
            self.s.light(seat, "turn")
            if playing:
                action = await self._hand(mine, seat)
            else:
                action = await self._sets(mine, seat)
            if action is not None:
                return action
            self.holder = None  # Back: to the pass screen (and its menu)

    async def _pass(self, playing, seat):
        s = self.s
        name = self.name(seat)
        what = "see your hand" if playing else "form a set"
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

    async def _hand(self, mine, seat):
        """A card from the hand: A face up, B face down (refused, with the reason, when
        the rules list no face-down play of it)."""
        s = self.s
        rnd, damned, limit, legal = mine
        faces = {}  # card label -> [face up action, face down action]
        order = []
        items = []
        for action in legal:
            data = s.decode(action)
            card = data["card"]
            choice = faces.get(card)
            if choice is None:
                choice = [None, None]
                faces[card] = choice
                order.append(card)
                rank = data["rank"]
                if rank == "K":
                    items.append(card + "  King: God card")
                else:
                    name = _RANK_NAMES.get(rank, rank)
                    items.append("%s  %s of %s" % (card, name, data["suit"]))
            choice[0 if data["face"] == "up" else 1] = action
        data = None
        held = "Damned %d/%d: %s" % (len(damned), limit, _cards(damned))
        cursor = 0
        refused = None
        while True:
            await s.show(
                Screen(
                    "nr-hand",
                    "%s: play a card, round %d" % (self.name(seat), rnd),
                    facts=[refused or held],
                    lines=[held] if refused else (),
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
                card = order[cursor]
                up, down = faces[card]
                if key == "B":
                    if down is not None:
                        return down
                    refused = self._refusal(damned, limit)
                elif up is not None:
                    if not s.decode(up)["god_card"] or await self._god_confirm(card, seat):
                        return up

    def _refusal(self, damned, limit):
        """Why the rules list no face-down play: the seat's damned cards and the limit
        the view gives."""
        if len(damned) >= limit:
            return "No: %d damned is the limit." % limit
        return "No: not face down."

    async def _god_confirm(self, card, seat):
        await self.s.show(
            Screen(
                "nr-confirm",
                "%s: a God card" % self.name(seat),
                big="God card",
                facts=["%s face up ends the round." % card],
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

    async def _sets(self, mine, seat):
        """The legal sets the rules list (best first, with points), or none."""
        s = self.s
        listed, count, none = mine
        items = ["+%d %s" % (e["points"], " ".join(e["cards"])) for e in listed]
        items.append("No set")
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
            "Damned %d/%d: %s"
            % (len(view["damned"]), view["damned_limit"], _cards(view["damned"])),
        ]

    # ****** what the table sees ******
    async def public(self, scr, full=False):
        self.holder = None  # a public screen: the next decision is passed again
        await self.s.show(scr, full)
        await self.s.wait_key("A")

    def scores_line(self, scores):
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
        end = None  # present_newrule_end, while a round's end is shown
        for item in news:
            kind = item["kind"]
            if kind == "played":
                self.played = item
            elif kind in ("set_formed", "no_set"):
                # after total damnation the rules are in the next round already: the
                # boards and scores of this one are in the damnation's own screens
                ended = _find(news, "total_damnation") is not None
                await self._move(item, _find(news, "game_over"), ended)
            elif kind != "game_over":
                if end is None:
                    end = self._end()
                await getattr(end, kind)(self, item)
        if end is not None:
            end = None
            self.s.unload(_END)

    def _end(self):
        import present_newrule_end

        return present_newrule_end

    def _play_text(self, played):
        if played is None:
            return None
        if played["face"] == "up":
            return "Played %s face up." % played["card"]
        return "Played a card face down (%d damned)." % played["damned"]

    async def _move(self, item, over, ended):
        """The cards moved and the scores: the play, the set, every board (the last
        turn of a round: the play and the set)."""
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
        if item["kind"] == "set_formed":
            lines.append("%s's score: %d." % (name, item["score"]))
        if over is not None and over["reason"] == "target":
            lines.append("%s reaches the target and wins." % name)
        if ended:
            lines.append("Every hand is empty.")
        else:
            view = self.s.view(None)
            lines.append(self.scores_line(view["scores"]))
            lines += self._boards(view)
            view = None
        self.s.light(seat, "turn")
        await self.public(
            Screen(
                "nr-move",
                "%s's turn" % name,
                big=big,
                facts=facts,
                lines=lines,
                keys=("OK", "", ""),
                corner="#%d" % self.s.move(),
            )
        )

    # ****** the end ******
    def final_public(self, view):
        return self._end().final_public(self, view)

    def ranking(self, view):
        return self._end().ranking(self, view)
