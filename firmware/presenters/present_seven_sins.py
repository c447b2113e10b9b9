# present_seven_sins.py  The screens of 7: The Sins (view format: docs/rules/seven-sins.md)
# MIT licence. Built only from the rules' views, their action codec and what they
# announce (docs/device.md, "Writing a presenter"): what a take collects, the Last
# Judgments out of 3, the Abyss threshold and the result's tie-break all come from the
# rules. Face-down cards never show their type, and the opening card is seen once, at
# the deal, behind the gate.

import layout
from present_generic import Presenter
from ui import Screen, wrap

_TIE_BREAK = {
    "cards": "tie: most cards wins",
    "types": "tie: most types wins",
    "shared": "tie: a shared win",
}


def _find(news, kind):
    for item in news:
        if item["kind"] == kind:
            return item
    return None


class SinsPresenter(Presenter):
    reveal_title = "your opening card"

    def __init__(self, session):
        Presenter.__init__(self, session)
        self.recent = ""  # the last take and what was revealed after it
        self.revealed = []

    def _reserve_text(self, view, mine):
        parts = []
        for name in view["sin_names"]:
            n = mine["reserve"].get(name, 0)
            if n:
                parts.append("%d %s" % (n, name))
        return ", ".join(parts) or "empty"

    # ****** a turn ******
    def turn(self, view, legal, seat):
        """Whose turn, large; the types on offer with their symbols and counts, medium;
        the Judgments and the Abyss in the title bar; the last take, cards and stones
        of every seat on the pages after the list (DOWN past the last type)."""
        if view["phase"] == "stones":
            return self._stones_turn(view, legal, seat)
        name = self.name(seat)
        items = []
        choices = []
        by_sin = {}  # sin name -> its choice: [to the reserve (A), onto the Abyss (B)]
        for action in legal:
            take = self.s.decode(action)
            sin = take["sin"]
            choice = by_sin.get(sin)
            if choice is None:
                choice = [None, None]
                by_sin[sin] = choice
                items.append("%s %d %s" % (layout.symbol(sin.lower()), view["takes"][sin], sin))
                choices.append(choice)
            choice[0 if take["to"] == "reserve" else 1] = action
        lines = []
        if self.recent:
            lines.append(self.recent + ".")
        lines += layout.packed(["Cards:"] + self._per_seat(view["reserve_cards"]))
        lines += layout.packed(["Stones:"] + self._per_seat(view["stones"]))
        lines.append("Stones of Forgiveness left: %d" % view["stones_left"])
        abyss = "Abyss+stone" if view["stones_left"] else "Abyss"
        title = "%s, Abyss %d cards" % (
            "LAST ROUND"
            if view["final_round"]
            else "Judgment %d/%d" % (view["judgments"], view["judgments_of"]),
            view["abyss_cards"],
        )
        lines.insert(0, "#" + layout.headline("%s's turn" % name, name))
        return title, lines, items, choices, ("Reserve", abyss, "Menu")

    def _per_seat(self, values):
        return ["%s %d" % (self.name(seat), values[seat]) for seat in range(len(values))]

    def _stones_turn(self, view, legal, seat):
        mine = view["scoring"]["seats"][seat]
        most = view["scoring"]["most_wins"]
        name = self.name(seat)
        lines = [
            "The Abyss: %s." % ("MOST points wins" if most else "FEWEST points wins"),
            "Reserve: " + self._reserve_text(view, mine),
        ]
        items = []
        choices = []
        for action in legal:
            sin = self.s.decode(action)["sin"]
            items.append(
                "%s Stone on %s (%d)" % (layout.symbol(sin.lower()), sin, mine["reserve"][sin])
            )
            choices.append((action, None))
        lines.insert(
            0,
            "#"
            + layout.headline(
                "%s: %d stone%s" % (name, mine["to_place"], "" if mine["to_place"] == 1 else "s"),
                name,
            ),
        )
        title = "%s places Stones of Forgiveness" % name
        return title, lines, items, choices, ("Place", "", "Menu")

    # ****** what happened ******
    def event(self, seat, action, text, news):
        data = self.s.decode(action)
        kind = data["kind"]
        if kind == "take":
            took = _find(news, "take")  # the rules announce what a take collected
            if took is None:
                return text
            where = "reserve" if took["to"] == "reserve" else "Abyss"
            self.recent = "%s took %d %s to %s" % (
                self.name(seat),
                took["cards"],
                took["sin"],
                where,
            )
            self.revealed = []
            return self.recent
        if kind == "card":
            judgment = _find(news, "last-judgment") is not None
            self.revealed.append("JUDGMENT" if judgment else data["card"])
            if self.recent:
                head = self.recent.split(". New:")[0]
                self.recent = "%s. New: %s" % (head, ",".join(self.revealed))
            return "revealed " + data["card"]
        if kind == "stone":
            return "%s placed a stone on %s" % (self.name(seat), data["sin"])
        return text

    def reveal(self, seat, action, text):
        return [
            "#" + self.s.decode(action)["card"],
            "Your opening card, face down in",
            "your reserve. Remember it: you may",
            "not look at your reserve again.",
        ]

    def look(self, seat):
        return None  # the rulebook: nobody looks at their reserve

    async def announce(self, news):
        """A Last Judgment revealed gets its own screen and light."""
        for item in news:
            if item["kind"] == "last-judgment":
                await self._judgment(item)

    async def _judgment(self, item):
        number = item["number"]
        await self.s.flash("judgment")
        if number >= item["of"]:
            if item["play_ends"]:
                lines = ["The third Last Judgment:", "the game ends now."]
            else:
                lines = ["The third Last Judgment: the round", "is played out, then the game ends."]
        else:
            lines = ["Last Judgment %d of %d is revealed." % (number, item["of"])]
            lines.append("It stays on the table.")
        await self.s.show(
            Screen(
                "judgment",
                "Last Judgment",
                big="JUDGMENT %d/%d" % (number, item["of"]),
                lines=lines,
                keys=("OK", "", ""),
            ),
            True,
        )
        await self.s.wait_key("A")

    # ****** the end ******
    def final_public(self, view):
        sc = view["scoring"]
        parts = []
        for name in view["sin_names"]:
            n = sc["abyss"].get(name, 0)
            if n:
                parts.append("%d %s" % (n, name))
        lines = wrap("The Abyss of Souls: " + (", ".join(parts) or "empty"))
        lines.append("Abyss points: %d" % sc["abyss_points"])
        if sc["most_wins"]:
            lines.append("More than %d: MOST points wins." % sc["threshold"])
        else:
            lines.append("%d or less: FEWEST points wins." % sc["threshold"])
        lines.append("Next: each player's score.")
        return lines

    def final_seat(self, seat):
        # public: the rules put every seat's scoring in view(None) once play is over
        view = self.s.view(None)
        mine = view["scoring"]["seats"][seat]
        lines = ["#%s: %d points" % (self.name(seat), mine["total"])]
        lines += wrap("Reserve: " + self._reserve_text(view, mine))
        placed = mine["placed"]
        if placed:
            lines += wrap("Best use of %d stone(s): on %s" % (mine["stones"], ", ".join(placed)))
        else:
            lines.append("Stones: %d (none placed)" % mine["stones"])
        pts = []
        for name in view["sin_names"]:
            if mine["reserve"].get(name, 0) or name in placed:
                pts.append("%s %d" % (name, mine["points"][name]))
        lines += wrap("Points: " + ", ".join(pts))
        lines.append("Cards in the reserve: %d" % mine["cards"])
        return lines

    def ranking(self, view):
        seats = view["scoring"]["seats"]
        result = view["result"]
        most = "Most" if view["scoring"]["most_wins"] else "Fewest"
        reason = _TIE_BREAK.get(result["decided_by"])
        lines = ["%s points; %s" % (most, reason) if reason else "%s points wins." % most]
        for s in result["order"]:
            row = seats[s]
            lines.append(
                "%s %d pts %d cards%s"
                % (self.name(s), row["total"], row["cards"], "  WINNER" if row["winner"] else "")
            )
        return lines, result["winners"]
