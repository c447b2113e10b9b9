# present_meaculpa.py  The screens of the Mea Culpa keeper (docs/rules/mea-culpa-keeper.md)
# MIT licence. The board carries the economy; the device shows the market it drew, the
# rooms' cards, takes each seat's etched-post bid and the Pope's die in private (pass
# screen, secret screens with the status LED red, a full refresh after), and shows the
# table what the rules announce: the market, the bids, the character order and the
# Pope's verdict. Built only from the rules' views, codec and announcements. The secret
# screens are in present_meaculpa_secret.py, loaded while the device asks a secret (a
# seat on its phone never does).

import layout
from present_generic import Presenter
from ui import Screen

# Decisions the table enters together (any player presses): their event is the rules' text.
_TABLE = ("visited", "pope-visit", "return", "next-round", "end-game", "hell-keep", "hell-next")


def _stones(view, counts):
    names = view["stone_names"]
    parts = []
    for k in range(len(counts)):
        if counts[k]:
            parts.append("%d %s" % (counts[k], names[k]))
    return ", ".join(parts) or "none"


# the symbols of the starting bonuses (decode(a)["bonus"]: 1..4, in the rules' order)
_BONUS_SYMBOLS = ("bread wine", "jewel", "taler", "indulgence")


def _goods(view, counts):
    """A count of each good as symbols: "2<bread> 3<wine>" (layout.tally)."""
    names = view["stone_names"]
    return layout.tally([(counts[k], names[k]) for k in range(len(counts))])


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
        the game from the pause menu. Its screens (present_meaculpa_secret.py) are in
        RAM only while the device asks: a seat playing on its phone never needs them."""
        import present_meaculpa_secret

        try:
            return await present_meaculpa_secret.enter(self, view, seat)
        finally:
            self.s.unload("present_meaculpa_secret")

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
            items = []
            for a in legal:
                data = decode(a)
                marks = "".join(
                    [layout.symbol(g) for g in _BONUS_SYMBOLS[data["bonus"] - 1].split()]
                )
                items.append(layout.fact(marks + " " + data["name"], data["name"]))
            lines = [
                "#" + layout.headline("%s's bonus" % name, name),
                "Closest to Heaven chooses first: which starting bonus did %s take?" % name,
            ]
            return "Starting bonus", lines, items, choices, keys
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
        lines += layout.packed(["Bag:"] + _stones(view, view["bag"]).split(", "))
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
        for item in news:
            kind = item["kind"]
            if kind == "market":
                await self._market(item["reshuffled"])
            elif kind == "bids" and item["tied"]:
                await self._bids(True)
            elif kind == "pick-order":
                await self._bids(False)
            elif kind == "pope-visit":
                await self._verdict(item)

    async def _ok(self, scr):
        await self.s.show(scr)
        await self.s.wait_key("A")

    async def _market(self, reshuffled):
        """The market drawn, large in symbols; the rooms' cards below (medium)."""
        self.s.light(None)
        view = self.s.view(None)
        market = view["market"]
        facts = []
        cards = view["room_cards"]
        for r in range(len(cards)):
            facts.append(
                "%s%d %s +%d" % (layout.symbol("room"), r + 1, cards[r], view["room_notches"][r])
            )
        lines = ["Market: " + _stones(view, market)]
        deck = "Deck %d left" % view["deck"]
        if reshuffled:
            deck += "; discards reshuffled"
        lines.append(deck)
        await self._ok(
            Screen(
                "market",
                "Round %d: market and rooms" % view["round"],
                big=_goods(view, market) or "Market empty",
                facts=facts,
                lines=lines,
                keys=("Bids", "", ""),
            )
        )

    def _bid_parts(self, view):
        bids = view["bids"]
        return [
            "%s %d+%d=%d" % (self.name(s), bids[s][0], bids[s][1], view["bid_totals"][s])
            for s in range(len(bids))
        ]

    async def _bids(self, tied):
        """The bids revealed (tied: the Hell order decides), or the pick order they give,
        large, with who keeps his taler and who pays the bank."""
        view = self.s.view(None)
        lines = ["Bids: notches + taler = total."]
        if tied:
            lines.append("Tied: the Hell order decides.")
            await self._ok(
                Screen(
                    "reveal",
                    "All bids revealed",
                    big="Tied bids",
                    facts=layout.packed(self._bid_parts(view)),
                    lines=lines,
                    keys=("OK", "", ""),
                )
            )
            return
        keeper = view["keeper"]
        pays = view["pays"]
        payers = ["%s %d" % (self.name(s), pays[s]) for s in range(len(pays)) if s != keeper]
        order = view["pick_order"]
        facts = [
            layout.fact("%s keeps his taler" % self.name(keeper), "%s keeps" % self.name(keeper))
        ]
        facts += layout.packed(["Pay:"] + payers)
        facts += layout.packed(self._bid_parts(view))
        big = layout.headline(self.names(order), "%s first" % self.name(order[0]))
        lines = ["Choose: " + self.names(order), "(most notches keeps his taler)"] + lines
        self.s.light(order[0], "turn")
        await self._ok(
            Screen(
                "order",
                "Bids and character order",
                big=big,
                facts=facts,
                lines=lines,
                keys=("OK", "", ""),
            )
        )

    async def _verdict(self, item):
        pope = item["pope"]
        caught = item["caught"]
        self.s.light(pope, "judgment" if caught else "ok")
        lines = [
            "The Pope (%s) is in %s; the guess was %s."
            % (self.name(pope), item["where"], item["guessed"])
        ]
        if caught:
            lines.append(
                "His soul moves 1 step towards Hell; he turns his post and places a"
                " Lust stone for a suite as usual."
            )
        else:
            lines.append("He turns no notches and places no sin stone for his visit.")
        lines.append("He carries out the room's card.")
        await self._ok(
            Screen(
                "verdict",
                "The Pope's urgent meeting",
                big="CAUGHT!" if caught else "NOT CAUGHT",
                lines=lines,
                keys=("OK", "", ""),
            )
        )

    # ****** the end ******
    def final_public(self, view):
        return [
            "The table ended the game in round %d." % view["round"],
            "Souls and Letters are scored on the board: the board decides the winner.",
            "Bag: " + _stones(view, view["bag"]),
        ]

    def ranking(self, view):
        return ["#On the board", "The winner is decided on the board."], []
