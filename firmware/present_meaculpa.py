# present_meaculpa.py  The screens of the Mea Culpa keeper (docs/rules/mea-culpa-keeper.md)
# MIT licence. The board carries the economy; the device shows the market it drew, the
# rooms' cards, takes each seat's etched-post bid and the Pope's die in private (pass
# screen, secret screens with the status LED red, a full refresh after), and shows the
# table what the rules announce: the market, the bids, the character order and the
# Pope's verdict. Built only from the rules' views, codec and announcements.

from present_generic import Presenter
from ui import Screen, clip, wrap

# Decisions the table enters together (any player presses): their event is the rules' text.
_TABLE = ("visited", "pope-visit", "return", "next-round", "end-game", "hell-keep", "hell-next")


def _stones(view, counts):
    names = view["stone_names"]
    parts = []
    for k in range(len(counts)):
        if counts[k]:
            parts.append("%d %s" % (counts[k], names[k]))
    return ", ".join(parts) or "none"


def _wrap_list(head, text):
    """A comma list wrapped between its items ("4 jewel" never split over two lines),
    the lines after the first indented (so "  1 wine" is not read as room 1)."""
    out = []
    line = head
    for part in text.split(", "):
        if line == head:
            line += part
        elif len(line) + 2 + len(part) <= 36:
            line += ", " + part
        else:
            out.append(line + ",")
            line = "  " + part
    out.append(line)
    return [clip(t) for t in out]


def _fit(text, short):
    """`text` where it fits the screen's 36 columns, else `short` (long seat names)."""
    return text if len(text) <= 36 else clip(short)


def _capital(text):
    return text[:1].upper() + text[1:]


class MeaCulpaPresenter(Presenter):
    reveal_title = "your secret"
    private_turns = True  # bids and the die: enter() asks for the die's legal list only

    def names(self, seats):
        return " ".join([self.name(s) for s in seats])

    def _room_item(self, view, r):
        cards = view["room_cards"]
        if r <= len(cards):
            return clip("Room %d: %s" % (r, cards[r - 1]), 34)
        if r == 5:
            return "Suite 5 (a room's card)"
        return "Suite 6 (yellow Letter)"

    # ****** secrets: entered by one seat behind the gate ******
    async def enter(self, view, legal, seat):
        """A bid or the Pope's die, entered in private; None when the table abandons
        the game from the pause menu."""
        s = self.s
        name = self.name(seat)
        bidding = view["phase"] == "bidding"
        while True:
            s.light(seat, "look")
            what = "enter your bid" if bidding else "set the Pope die"
            await s.show(
                Screen(
                    "pass",
                    "Pass to %s" % name,
                    big=name,
                    facts=["Only %s may look." % name],
                    lines=["Press A to %s." % what],
                    keys=("Look", "", "Menu"),
                )
            )
            key = await s.wait_key("AC")
            if key == "A":
                break
            if await s.pause(seat):
                return None
        if bidding:
            return await self._bid(view, name)
        return await self._die(view, name)

    async def _bid(self, view, name):
        s = self.s
        low = (view["bid_notches"][0], view["bid_taler"][0])
        high = (view["bid_notches"][1], view["bid_taler"][1])
        value = [low[0], low[1]]  # notches, taler
        field = 0
        while True:
            bid = s.decode(s.encode({"kind": "bid", "notches": value[0], "taler": value[1]}))
            big = "%d + %d = %d" % (bid["notches"], bid["taler"], bid["total"])
            await s.show(
                Screen(
                    "bid",
                    "%s: your secret bid" % name,
                    big=big,
                    lines=["UP/DOWN field, A/B -/+ (long: 5)"],
                    items=["Notches: %d" % value[0], "Taler: %d" % value[1]],
                    cursor=field,
                    keys=("-", "+", "Bid"),
                    private=True,
                )
            )
            kind, key = await s.next_event()
            step = 5 if kind == "long" else 1
            if key in ("UP", "DOWN"):
                field = 1 - field
            elif key == "A":
                value[field] = max(low[field], value[field] - step)
            elif key == "B":
                value[field] = min(high[field], value[field] + step)
            elif key == "C":
                await s.show(
                    Screen(
                        "bid",
                        "%s: your secret bid" % name,
                        big=big,
                        lines=[
                            "%d notches, %d taler." % (value[0], value[1]),
                            "Set your etched post to %d notches" % value[0],
                            "and put %d taler on it, hidden." % value[1],
                            "Confirm this bid?",
                        ],
                        keys=("Confirm", "", "Back"),
                        private=True,
                    )
                )
                if await s.wait_key("AC") == "A":
                    return s.encode(bid)

    async def _die(self, view, name):
        s = self.s
        legal = s.legal()
        items = [self._room_item(view, s.decode(a)["room"]) for a in legal]
        cursor = 0
        while True:
            await s.show(
                Screen(
                    "die",
                    "%s: set the Pope die" % name,
                    lines=["Where is your urgent meeting?"],
                    items=items,
                    cursor=cursor,
                    keys=("Set", "", ""),
                    private=True,
                )
            )
            kind, key = await s.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(items)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(items)
            elif key == "A" and kind == "press":
                return legal[cursor]

    def reveal(self, seat, action, text):
        return None  # the seat entered it itself, behind the gate

    # ****** public decisions ******
    def turn(self, view, legal, seat):
        phase = view["phase"]
        keys = ("Enter", "", "Menu")
        choices = [(a, None) for a in legal]
        decode = self.s.decode
        if phase == "bonus":
            items = [decode(a)["name"] for a in legal]
            lines = ["Closest to Heaven chooses first.", "Which starting bonus did you take?"]
            return "%s: starting bonus" % self.name(seat), lines, items, choices, keys
        if phase == "hell order":
            return self._hell_turn(view, legal, keys)
        if phase == "characters":
            lines = wrap("Order: " + self.names(view["pick_order"])) + [
                "Keeps his taler: %s" % self.name(view["keeper"]),
            ]
            items = [decode(a)["character"] for a in legal]
            title = "%s chooses a character" % self.name(seat)
            return title, lines, items, choices, keys
        if phase == "pope guess":
            lines = wrap(
                "The Pope (%s) has set his die. Advised by the table, %s guesses where he is:"
                % (self.name(view["pope"]), self.name(seat))
            )
            items = [self._room_item(view, decode(a)["room"]) for a in legal]
            title = "%s: where is the Pope?" % self.name(seat)
            return title, lines, items, choices, ("Guess", "", "Menu")
        return self._table_turn(view, legal, keys)

    def _hell_turn(self, view, legal, keys):
        self.s.light(None)
        if view["asked_for"] == "bids":
            head = "Tied bids: ties go to the soul"
        else:
            head = "Pope visit: the guesser is the"
        lines = [head, "nearest Hell. Nearest Hell first:"]
        items = []
        for a in legal:
            data = self.s.decode(a)
            if data["kind"] == "hell-keep":
                keep = "Keep: " + self.names(view["hell"])
                items.append(keep if len(keep) <= 35 else "Keep the known order")
                if len(keep) > 35:
                    lines += wrap("Known: " + self.names(view["hell"]))
            else:
                items.append("%s is next" % self.name(data["seat"]))
        if view["hell_new"]:
            lines += wrap("So far: " + self.names(view["hell_new"]))
        return "The table: Hell order", lines, items, [(a, None) for a in legal], keys

    def _table_turn(self, view, legal, keys):
        self.s.light(None)
        pope = view["pope"]
        open_rooms = [str(r) for r in view["open_rooms"]]
        lines = _wrap_list("Bag: ", _stones(view, view["bag"])) + [
            clip(
                "Pope: %s, open: %s"
                % (self.name(pope) if pope is not None else "none", ",".join(open_rooms))
            ),
        ]
        for text in self.s.events[-1:]:
            lines += wrap("Last: " + text)[:2]
        items = []
        for a in legal:
            data = self.s.decode(a)
            kind = data["kind"]
            if kind == "pope-visit":
                items.append("Pope's urgent meeting")
            elif kind == "next-round":
                items.append("Market empty: next round")
            elif kind == "end-game":
                items.append("Game over (2nd cathedral)")
            elif kind == "return":
                items.append("Return %s to bag" % data["stone"])
            else:
                items.append("%s visited" % _capital(data["where"]))
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
        self.s.light(None)
        view = self.s.view(None)
        lines = _wrap_list("Market: ", _stones(view, view["market"]))
        cards = view["room_cards"]
        for r in range(len(cards)):
            lines.append(clip("%d %s (+%d)" % (r + 1, cards[r], view["room_notches"][r])))
        deck = "Deck %d left" % view["deck"]
        if reshuffled:
            deck += "; discards reshuffled"
        lines.append(deck)
        await self._ok(
            Screen(
                "market",
                "Round %d: market and rooms" % view["round"],
                lines=lines,
                keys=("Bids", "", ""),
            )
        )

    async def _bids(self, tied):
        view = self.s.view(None)
        lines = []
        bids = view["bids"]
        for s in range(len(bids)):
            n, t = bids[s]
            total = view["bid_totals"][s]
            name = self.name(s)
            lines.append(
                _fit(
                    "%s %d notches + %d taler = %d" % (name, n, t, total),
                    "%s %d notch. + %d taler = %d" % (name, n, t, total),
                )
            )
        if tied:
            lines.append("Tied: the Hell order decides.")
            await self._ok(Screen("reveal", "All bids revealed", lines=lines, keys=("OK", "", "")))
            return
        keeper = view["keeper"]
        pays = view["pays"]
        payers = ["%s %d" % (self.name(s), pays[s]) for s in range(len(pays)) if s != keeper]
        lines += wrap("Choose: " + self.names(view["pick_order"]))
        name = self.name(keeper)
        lines.append(_fit("%s keeps his taler (most notches)" % name, "%s keeps his taler" % name))
        lines += _wrap_list("Pay the bank: ", ", ".join(payers))
        self.s.light(view["pick_order"][0], "turn")
        await self._ok(
            Screen("order", "Bids and character order", lines=lines, keys=("OK", "", ""))
        )

    async def _verdict(self, item):
        pope = item["pope"]
        caught = item["caught"]
        self.s.light(pope, "judgment" if caught else "ok")
        lines = wrap(
            "The Pope (%s) is in %s; the guess was %s."
            % (self.name(pope), item["where"], item["guessed"])
        )
        if caught:
            lines += [
                "His soul moves 1 step towards Hell;",
                "he turns his post and places a",
                "Lust stone for a suite as usual.",
            ]
        else:
            lines += ["He turns no notches and places", "no sin stone for his visit."]
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
            "Souls and Letters are scored on the",
            "board: the board decides the winner.",
        ] + _wrap_list("Bag: ", _stones(view, view["bag"]))

    def ranking(self, view):
        return ["The winner is decided on the board."], []
