# present_siete_pecados.py  The screens of 7 Pecados (view and codec: docs/rules/siete-pecados.md)
# MIT licence. Pass and peek: each turn the device goes to the player, who looks at the
# hand (two cards and the draw) on a private screen and chooses the draw and the play
# there; leaving it takes a full refresh (privacy.py). A card dealt from the limbo is
# shown to the table and its Angel/Demon favour chosen in public; an Infernal cancel is
# one public "who cancels?" screen, answered for the whole cancel window at once. Built
# only from the rules' views, codec and announcements (docs/device.md).
#
# Written for the heap: it does not derive from present_generic (whose code would stay
# in RAM beside it), a list screen holds only the answers of the level on show, the
# decisions' screens are in present_siete_pecados_choose.py, imported while the device asks
# one (a seat on its phone never does), and the end screens in present_siete_pecados_end.py,
# imported when the game is over.

from ui import Screen, fits, wrap

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
    "turned_down": "%(sin)s: the %(cards)d cards go face down",
    "back_to_hand": "%(seat)s takes back %(cards)s",
    "supreme_sinner": "%(seat)s is the SUPREME SINNER",
}


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

    # ****** decisions: all entered on this game's own screens ******
    async def enter(self, view, legal, seat):
        # the screens of a decision (present_siete_pecados_choose.py) are in RAM only while
        # the device asks one: a seat playing on its phone never needs them
        import present_siete_pecados_choose

        try:
            return await present_siete_pecados_choose.enter(self, view, legal, seat)
        finally:
            self.s.unload("present_siete_pecados_choose")

    def enters(self, seat):
        return True  # the hand, the limbo's favours, "who cancels?": all its own screens

    def in_private(self, seat):
        # draw, play, to_limbo: the hand; the limbo's favour and "who cancels?": public
        return self.s.view(None)["phase"] not in ("limbo", "cancel")

    def turn(self, view, legal, seat):
        """Not used: enters() claims every decision. The rules' texts, for completeness."""
        items = [self.s.text(a) for a in legal]
        return self.s.title, [], items, [(a, None) for a in legal], ("Play", "", "Menu")

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

    # ****** the end (present_siete_pecados_end.py, loaded only then) ******
    def final_public(self, view):
        from present_siete_pecados_end import final_public

        return final_public(self, view)

    def final_seat(self, seat):
        return None  # every seat's result is on the result screen

    def final_private(self, seat):
        return None  # nothing stays secret at the end

    def ranking(self, view):
        from present_siete_pecados_end import ranking

        return ranking(self, view)
