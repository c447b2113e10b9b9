# present_new_rule.py  The screens of New Rule (Sin) (view format: docs/rules/new-rule.md)
# MIT licence. Built only from the rules' views, their action codec and what they
# announce (docs/device.md, "Writing a presenter"). Every decision is taken in private:
# the hand and the player's own damned cards are secret, and so is the list of sets
# (it would show what those damned cards allow), so the turn is pass-and-peek: the
# pass screen, then the hand (a card, face up or down), then the legal sets the rules
# list, best first. The table then sees what moved: the play, the set, the scores, and
# at the end of a round the God card, the reckoning or total damnation, each player's
# penalty worked out card by card from the announcement. The turn's screens are in
# present_new_rule_choose.py, loaded while the device asks a decision (a seat playing on
# its phone never does), the round's end in present_new_rule_end.py.

from present_generic import Presenter
from ui import Screen

_END = "present_new_rule_end"  # the round's end and the game's: loaded when needed


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
        self.looking = None  # the seat holding the device since its pass screen
        self.played = None  # the "played" announcement of the turn in progress

    # ****** the turn: pass, hand, sets (present_new_rule_choose.py) ******
    async def enter(self, view, legal, seat):
        """The play (a card, face up or down) or the set, chosen in private; None when
        the table abandons the game from the pause menu. Its screens
        (present_new_rule_choose.py) are in RAM only while the device asks: a seat
        playing on its phone never needs them."""
        import present_new_rule_choose

        turn = present_new_rule_choose.enter(self, view, seat)
        view = None  # the rest is garbage while the seat decides
        try:
            return await turn
        finally:
            turn = None
            self.s.unload("present_new_rule_choose")

    def where(self, cards, seats, seat):
        """Each card of a set and whose board it is on ("7H yours, 7S P2's")."""
        parts = []
        for i in range(len(cards)):
            if seats[i] == seat:
                parts.append(cards[i] + " yours")
            else:
                parts.append("%s %s's" % (cards[i], self.name(seats[i])))
        return ", ".join(parts)

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
        self.looking = None  # a public screen: the next decision is passed again
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
        end = None  # present_new_rule_end, while a round's end is shown
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
        import present_new_rule_end

        return present_new_rule_end

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
            lines = ["From " + self.where(item["cards"], item["seats"], seat) + "."]
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
