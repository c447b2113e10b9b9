# present_sins.py  The screens of 7: The Sins (view format: docs/rules/seven-sins.md)
# MIT licence. Built only from the rules core's public view, its action codes and
# helpers, so the device can show nothing the rules would hide: face-down cards never
# show their type, and the opening card is seen once, at the deal, behind the gate.

import asyncio

from present_generic import Presenter
from ui import Screen, clip, wrap

from shared_rules import seven_sins as rules


def _counts(codes, names):
    """'2 Envy, 1 Wrath' from a list of card codes (sorted by code, so stable)."""
    out = []
    last = None
    n = 0
    for c in codes + [None]:
        if c == last:
            n += 1
            continue
        if last is not None:
            out.append("%d %s" % (n, names[last]))
        last = c
        n = 1
    return ", ".join(out)


class SinsPresenter(Presenter):
    reveal_title = "your opening card"

    def __init__(self, app, ctx):
        Presenter.__init__(self, app, ctx)
        self.recent = ""  # the last take and what was revealed after it
        self.revealed = []
        self.penance_sin = ctx.game.options.get("penance_cards") == rules.PENANCE_AS_SIN

    def short(self, seat):
        return self.name(seat)

    def _take_count(self, view, s):
        n = 0
        for c in view["centre"]:
            if c == s or (self.penance_sin and c == rules.PENANCE + s):
                n += 1
        return n

    def _judged(self, view):
        judged = 0
        for c in view["centre"]:
            if c == rules.LAST_JUDGMENT:
                judged += 1
        return judged

    def _status(self, view):
        text = "Abyss %d cards, %d stones left" % (view["abyss_cards"], view["stones_left"])
        if view.get("final_round"):
            text = "FINAL ROUND. " + text
        return clip(text)

    def _per_seat(self, label, values):
        parts = []
        for seat in range(len(values)):
            parts.append("%s %d" % (self.short(seat), values[seat]))
        return clip(label + " ".join(parts))

    # ****** a turn ******
    def turn(self, state, seat):
        view = state.view(None)
        legal = state.legal_actions()
        name = self.name(seat)
        if view["phase"] == rules.STONES:
            return self._stones_turn(state, view, seat, legal)
        lines = [
            self._status(view),
            self._per_seat("Cards  ", view["reserve_cards"]),
            self._per_seat("Stones ", view["stones"]),
        ]
        items = []
        acts = []
        for action in legal:
            kind, s, dest = rules.split(action)
            if kind != "take" or dest != "reserve":
                continue
            n = self._take_count(view, s)
            items.append("%d %s" % (n, rules.SIN_NAMES[s]))
            acts.append((action, rules.ABYSS + s if rules.ABYSS + s in legal else None))
        room = 9 - len(lines) - len(items)
        if self.recent:
            lines += wrap(self.recent)[:room]
        elif room:
            lines.append("Take every card of one type:")
        abyss = "Abyss+stone" if view["stones_left"] else "Abyss"
        title = "%s's turn | Judgment %d/3" % (name, self._judged(view))
        return title, lines, items, acts, ("Reserve", abyss, "Menu")

    def _stones_turn(self, state, view, seat, legal):
        mine = view["scoring"]["seats"][seat]
        lines = [
            "%s: place %d Stone(s) of Forgiveness" % (self.name(seat), mine["to_place"]),
            "The Abyss: %s"
            % ("MOST points wins" if view["scoring"]["most_wins"] else "FEWEST points wins"),
            clip("Reserve: " + self._reserve_text(mine)),
        ]
        items = []
        acts = []
        for action in legal:
            kind, s, _ = rules.split(action)
            items.append(
                "Stone on %s (%d)" % (rules.SIN_NAMES[s], mine["reserve"][rules.SIN_NAMES[s]])
            )
            acts.append((action, None))
        return "%s: stones" % self.name(seat), lines, items, acts, ("Place", "", "Menu")

    def _reserve_text(self, mine):
        parts = []
        for s in range(rules.NUM_SINS):
            n = mine["reserve"].get(rules.SIN_NAMES[s], 0)
            if n:
                parts.append("%d %s" % (n, rules.SIN_NAMES[s]))
        return ", ".join(parts) or "empty"

    # ****** what happened ******
    def event(self, state, action, seat):
        if state.observers() is not None:
            return None
        kind, x, dest = rules.split(action)
        if kind == "take":
            n = self._take_count(state.view(None), x)
            where = "reserve" if dest == "reserve" else "Abyss"
            self.recent = "%s took %d %s to %s" % (self.name(seat), n, rules.SIN_NAMES[x], where)
            self.revealed = []
            return self.recent
        if kind == "card":
            self.revealed.append(rules.CARD_NAMES[x] if x != rules.LAST_JUDGMENT else "JUDGMENT")
            if self.recent:
                head = self.recent.split(". New:")[0]
                self.recent = "%s. New: %s" % (head, ",".join(self.revealed))
            return "revealed " + rules.CARD_NAMES[x]
        if kind == "stone":
            return "%s placed a stone on %s" % (self.name(seat), rules.SIN_NAMES[x])
        return state.action_text(action)

    def reveal(self, state, action, seat):
        kind, code, _ = rules.split(action)
        return [
            "#" + rules.CARD_NAMES[code],
            "Your opening card, face down in",
            "your reserve. Remember it: you may",
            "not look at your reserve again.",
        ]

    def look(self, state, seat):
        return None  # the rulebook: nobody looks at their reserve

    def before(self, state, action):
        """A Last Judgment revealed in play gets its own screen and light."""
        kind, code, _ = rules.split(action)
        if kind != "card" or code != rules.LAST_JUDGMENT:
            return None
        view = state.view(None)
        if view["phase"] != rules.PLAY:
            return None
        judged = 1
        for c in view["centre"]:
            if c == rules.LAST_JUDGMENT:
                judged += 1
        return judged

    async def special(self, judged):
        app = self.app
        leds = app.board.leds
        for _ in range(3):
            leds.all_seats("judgment")
            leds.show()
            await asyncio.sleep_ms(app.board.effect_ms)
            leds.all_seats("off")
            leds.show()
            await asyncio.sleep_ms(app.board.effect_ms)
        leds.all_seats("judgment")
        leds.show()
        if judged >= 3:
            if self.ctx.state.is_terminal():
                lines = ["The third Last Judgment:", "the game ends now."]
            else:
                lines = ["The third Last Judgment: the round", "is played out, then the game ends."]
        else:
            lines = ["Last Judgment %d of 3 is revealed." % judged, "It stays on the table."]
        await app.show(
            Screen(
                "judgment",
                "Last Judgment",
                big="JUDGMENT %d/3" % judged,
                lines=lines,
                keys=("OK", "", ""),
            ),
            True,
        )
        await app.wait_key("A")

    # ****** the end ******
    def _scoring(self, state):
        return state.view(None)["scoring"]

    def final_public(self, state):
        sc = self._scoring(state)
        parts = []
        for s in range(rules.NUM_SINS):
            n = sc["abyss"].get(rules.SIN_NAMES[s], 0)
            if n:
                parts.append("%d %s" % (n, rules.SIN_NAMES[s]))
        lines = wrap("The Abyss of Souls: " + (", ".join(parts) or "empty"))
        lines.append("Abyss points: %d" % sc["abyss_points"])
        if sc["most_wins"]:
            lines.append("More than 7: MOST points wins.")
        else:
            lines.append("7 or less: FEWEST points wins.")
        lines.append("Each player now sees their score.")
        return lines

    def final_private(self, state, seat):
        mine = self._scoring(state)["seats"][seat]
        lines = wrap("Reserve: " + self._reserve_text(mine))
        placed = mine["placed"]
        if placed:
            lines += wrap("Best use of %d stone(s): on %s" % (mine["stones"], ", ".join(placed)))
        else:
            lines.append("Stones: %d (none placed)" % mine["stones"])
        pts = []
        for s in range(rules.NUM_SINS):
            name = rules.SIN_NAMES[s]
            if mine["reserve"].get(name, 0) or name in placed:
                pts.append("%s %d" % (name, mine["points"][name]))
        lines += wrap("Points: " + ", ".join(pts))
        lines.append("Total: %d points, %d cards" % (mine["total"], mine["cards"]))
        return lines

    def ranking(self, state):
        sc = self._scoring(state)
        seats = sc["seats"]
        most = sc["most_wins"]
        order = sorted(
            range(len(seats)),
            key=lambda s: (
                0 if seats[s]["winner"] else 1,
                -seats[s]["total"] if most else seats[s]["total"],
                -seats[s]["cards"],
                -seats[s]["types"],
                s,
            ),
        )
        lines = ["%s points wins." % ("Most" if most else "Fewest")]
        for s in order:
            row = seats[s]
            lines.append(
                "%s %d pts %d cards%s"
                % (self.name(s), row["total"], row["cards"], "  WINNER" if row["winner"] else "")
            )
        return lines, [s for s in order if seats[s]["winner"]]
