# present_mea_culpa.py  The screens of the Mea Culpa keeper (docs/rules/mea-culpa-keeper.md)
# MIT licence. The board carries the economy; the device shows the market it drew, the
# rooms' cards, takes each seat's etched-post bid and the Pope's die in private (pass
# screen, secret screens with the status LED red, a full refresh after), and shows the
# table what the rules announce: the market, the bids, the character order and the
# Pope's verdict. Built only from the rules' views, codec and announcements. What a game
# in play needs only now and then is in modules of its own, in RAM only while used: the
# secret screens (present_mea_culpa_secret.py: while the device asks a secret, which a seat
# on its phone never needs), the announcements' screens (present_mea_culpa_news.py: the
# market, the bids, the verdict) and the first and last screens (present_mea_culpa_ends.py:
# the starting bonuses, the game over).

import layout
from present_generic import Presenter

# Decisions the table enters together (any player presses): their event is the rules' text.
_TABLE = ("visited", "pope-visit", "return", "next-round", "end-game", "hell-keep", "hell-next")


def _marked(name, text, gap=" "):
    """A choice with its symbol in front where the good or place has one (clipped to
    one line of medium type)."""
    mark = layout.symbol(name)
    return layout.fact(mark + gap + text if mark else text)


def _capital(text):
    return text[:1].upper() + text[1:]


class MeaCulpaPresenter(Presenter):
    reveal_title = "your secret"
    lazy_legal = True  # bids and the die: enter() asks for the die's legal list only

    def names(self, seats):
        return " ".join([self.name(s) for s in seats])

    # ****** secrets: entered by one seat behind the gate ******
    async def enter(self, view, legal, seat):
        """A bid or the Pope's die, entered in private; None when the table abandons
        the game from the pause menu. Its screens (present_mea_culpa_secret.py) are in
        RAM only while the device asks: a seat playing on its phone never needs them."""
        import present_mea_culpa_secret

        try:
            return await present_mea_culpa_secret.enter(self, view, seat)
        finally:
            self.s.unload("present_mea_culpa_secret")

    def reveal(self, seat, action, text):
        return None  # the seat entered it itself, behind the gate

    # ****** public decisions ******
    # Each returns (title, lines, items, choices, keys) with a first line "#...": the
    # big fact (table.turn); the other lines go on the pages after the list.
    def turn(self, view, legal, seat):
        phase = view["phase"]
        keys = ("Enter", "", "Menu")
        choices = [(a, None) for a in legal]
        decode = self.s.decode
        name = self.name(seat)
        if phase == "bonus":
            return self._ends("bonus_turn", legal, name, choices, keys)
        if phase == "hell order":
            return self._hell_turn(view, legal, keys)
        if phase == "characters":
            lines = [
                "#" + layout.headline("%s chooses" % name, name),
                "Order: " + self.names(view["pick_order"]),
                "Keeps his taler: %s" % self.name(view["keeper"]),
            ]
            items = [decode(a)["character"] for a in legal]
            return "Choose a character", lines, items, choices, keys
        if phase == "pope guess":
            lines = [
                "#" + layout.headline("%s guesses" % name, name),
                "The Pope (%s) has set his die. Advised by the table, %s guesses where he is."
                % (self.name(view["pope"]), name),
            ]
            cards = view["room_cards"]  # in full: a long card is cut short in the list
            lines += ["%d %s" % (r + 1, cards[r]) for r in range(len(cards))]
            items = [self.room_choice(view, decode(a)["room"]) for a in legal]
            return "Where is the Pope?", lines, items, choices, ("Guess", "", "Menu")
        return self._table_turn(view, legal, keys)

    def room_choice(self, view, r):
        """A room or suite as a public choice: its symbol, number and card."""
        cards = view["room_cards"]
        if r <= len(cards):
            text = "%d %s" % (r, cards[r - 1])
        else:
            text = "Suite %d (%s)" % (r, "a room's card" if r == 5 else "yellow Letter")
        return _marked("room", text, "")

    def _hell_turn(self, view, legal, keys):
        self.s.light_table("turn")  # the table answers together
        if view["asked_for"] == "bids":
            why = "Tied bids: ties go to the soul nearest Hell."
        else:
            why = "Pope visit: the guesser is the soul nearest Hell."
        so_far = view["hell_new"]
        if so_far:
            big = layout.headline("Next after " + self.name(so_far[-1]), "Next?")
        else:
            big = layout.headline("Nearest Hell?", "Nearest?")
        lines = ["#" + big, why + " Enter the souls nearest Hell first."]
        items = []
        for a in legal:
            data = self.s.decode(a)
            if data["kind"] == "hell-keep":
                items.append(
                    layout.fact("Keep: " + self.names(view["hell"]), "Keep the known order")
                )
            else:
                items.append("%s is next" % self.name(data["seat"]))
        lines.append("Known order: " + self.names(view["hell"]))
        if so_far:
            lines.append("So far: " + self.names(so_far))
        return "The table: Hell order", lines, items, [(a, None) for a in legal], keys

    def _table_turn(self, view, legal, keys):
        self.s.light_table("turn")  # the table enters what happened on the board
        pope = view["pope"]
        open_rooms = [str(r) for r in view["open_rooms"]]
        lines = [
            "#"
            + (
                layout.headline("Open: " + " ".join(open_rooms), "Open rooms")
                if open_rooms
                else "No room open"
            ),
            "Pope: %s, open: %s"
            % (self.name(pope) if pope is not None else "none", ",".join(open_rooms)),
        ]
        lines += layout.packed(
            ["Bag:"] + layout.counted(view["bag"], view["stone_names"]).split(", ")
        )
        for text in self.s.events[-1:]:
            lines.append("Last: " + text)
        items = []
        for a in legal:
            data = self.s.decode(a)
            kind = data["kind"]
            if kind == "pope-visit":
                items.append("Pope's urgent meeting")
            elif kind == "next-round":
                items.append("Market empty: next round")
            elif kind == "end-game":
                items.append(layout.fact("Game over (2nd cathedral)", "Game over"))
            elif kind == "return":
                items.append(_marked(data["stone"], "Return %s to bag" % data["stone"]))
            else:
                items.append(_marked("room", "%s visited" % _capital(data["where"])))
        title = "Round %d: the table" % view["round"]
        return title, lines, items, [(a, None) for a in legal], keys

    # ****** what happened ******
    def event(self, seat, action, text, news):
        if seat < 0:
            return text
        data = self.s.decode(action)
        if data["kind"] in _TABLE:
            return text
        if data["kind"] == "guess":
            verdict = news[0]  # the rules announce the Pope's visit with the guess
            return "%s guessed %s: %s" % (
                self.name(seat),
                verdict["guessed"],
                "caught" if verdict["caught"] else "not caught",
            )
        return "%s: %s" % (self.name(seat), text)

    async def announce(self, news):
        """The screens of what the rules announce (present_mea_culpa_news.py, in RAM only
        while they are shown: a few times a round)."""
        import present_mea_culpa_news

        try:
            await present_mea_culpa_news.announce(self, news)
        finally:
            self.s.unload("present_mea_culpa_news")

    # ****** the first and last screens (present_mea_culpa_ends.py, loaded for them) ******
    def _ends(self, what, *args):
        import present_mea_culpa_ends

        try:
            return getattr(present_mea_culpa_ends, what)(self, *args)
        finally:
            self.s.unload("present_mea_culpa_ends")

    def final_public(self, view):
        return self._ends("final_public", view)

    def ranking(self, view):
        return self._ends("ranking", view)
