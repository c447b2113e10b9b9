# present_meaculpa.py  The screens of the Mea Culpa keeper (docs/rules/mea-culpa-keeper.md)
# MIT licence. The board carries the economy; the device shows the market it drew, the
# rooms' cards, takes each seat's etched-post bid and the Pope's die in private (pass
# screen, secret screens with the status LED red, a full refresh after), and announces
# the reveal, the character order and the Pope's verdict to the table.

from present_generic import Presenter
from ui import Screen, clip, wrap

from shared_rules import mea_culpa_data as D
from shared_rules import mea_culpa_keeper as K


def _stones(counts):
    parts = []
    for k in range(5):
        if counts[k]:
            parts.append("%d %s" % (counts[k], D.STONE_NAMES[k]))
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


def _card(c):
    return "%s (+%d)" % (D.CARDS[c][0], D.CARDS[c][1])


class MeaCulpaPresenter(Presenter):
    reveal_title = "your secret"

    def __init__(self, app, ctx):
        Presenter.__init__(self, app, ctx)
        self.max_bid = ctx.game.options["max_bid"]
        self.dealt_reshuffles = 0  # reshuffles of the deck when the last market was shown

    def names(self, seats):
        return " ".join([self.name(s) for s in seats])

    def _room_item(self, state, r):
        if r <= 4:
            return clip("Room %d: %s" % (r, D.CARDS[state.rooms[r - 1]][0]), 34)
        if r == 5:
            return "Suite 5 (a room's card)"
        return "Suite 6 (yellow Letter)"

    # ****** secrets: entered by one seat behind the gate ******
    async def enter(self, state, seat):
        """A bid or the Pope's die, entered in private; False for a public decision,
        None when the table abandons the game from the pause menu."""
        if state.observers() is None:
            return False
        app = self.app
        ctx = self.ctx
        name = self.name(seat)
        bidding = state.phase == K.P_BIDS
        while True:
            app.lights(app.phys(ctx, seat), "look")
            what = "enter your bid" if bidding else "set the Pope die"
            await app.show(
                Screen(
                    "pass",
                    "Pass to %s" % name,
                    big=name,
                    facts=["Only %s may look." % name],
                    lines=["Press A to %s." % what],
                    keys=("Look", "", "Menu"),
                )
            )
            key = await app.wait_key("AC")
            if key == "A":
                break
            if await app.pause(ctx, seat):
                return None
        if bidding:
            return await self._bid(name)
        return await self._die(state, name)

    async def _bid(self, name):
        app = self.app
        value = [D.POST_MIN[0], 0]  # notches, taler
        low = (D.POST_MIN[0], 0)
        high = (D.POST_MAX[0], self.max_bid)
        field = 0
        while True:
            total = value[0] + value[1]
            items = ["Notches: %d" % value[0], "Taler: %d" % value[1]]
            await app.show(
                Screen(
                    "bid",
                    "%s: your secret bid" % name,
                    big="%d + %d = %d" % (value[0], value[1], total),
                    lines=["UP/DOWN field, A/B -/+ (long: 5)"],
                    items=items,
                    cursor=field,
                    keys=("-", "+", "Bid"),
                    private=True,
                )
            )
            kind, key = await app.next_event()
            step = 5 if kind == "long" else 1
            if key in ("UP", "DOWN"):
                field = 1 - field
            elif key == "A":
                value[field] = max(low[field], value[field] - step)
            elif key == "B":
                value[field] = min(high[field], value[field] + step)
            elif key == "C":
                await app.show(
                    Screen(
                        "bid",
                        "%s: your secret bid" % name,
                        big="%d + %d = %d" % (value[0], value[1], total),
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
                if await app.wait_key("AC") == "A":
                    return K.BID_BASE + value[1] * 8 + value[0]

    async def _die(self, state, name):
        app = self.app
        rooms = state.open_rooms()
        cursor = 0
        while True:
            await app.show(
                Screen(
                    "die",
                    "%s: set the Pope die" % name,
                    lines=["Where is your urgent meeting?"],
                    items=[self._room_item(state, r) for r in rooms],
                    cursor=cursor,
                    keys=("Set", "", ""),
                    private=True,
                )
            )
            kind, key = await app.next_event()
            if key == "UP":
                cursor = (cursor - 1) % len(rooms)
            elif key == "DOWN":
                cursor = (cursor + 1) % len(rooms)
            elif key == "A" and kind == "press":
                return K.DIE_BASE + rooms[cursor]

    def reveal(self, state, action, seat):
        return None  # the seat entered it itself, behind the gate

    # ****** public decisions ******
    def turn(self, state, seat):
        ph = state.phase
        legal = state.legal_actions()
        keys = ("Enter", "", "Menu")
        if ph == K.P_BONUS:
            items = [D.BONUS_NAMES[a - K.BONUS_BASE] for a in legal]
            lines = ["Closest to Heaven chooses first.", "Which starting bonus did you take?"]
            title = "%s: starting bonus" % self.name(seat)
            return title, lines, items, [(a, None) for a in legal], keys
        if ph == K.P_HELL:
            return self._hell_turn(state, legal, keys)
        if ph == K.P_PICKS:
            lines = wrap("Order: " + self.names(state.pick_order)) + [
                "Keeps his taler: %s" % self.name(state.keeper),
            ]
            items = [K.CHARACTER_NAMES[a - K.PICK_BASE] for a in legal]
            title = "%s chooses a character" % self.name(seat)
            return title, lines, items, [(a, None) for a in legal], keys
        if ph == K.P_GUESS:
            pope = state.holders[K.POPE]
            lines = wrap(
                "The Pope (%s) has set his die. Advised by the table, %s guesses where he is:"
                % (self.name(pope), self.name(seat))
            )
            items = [self._room_item(state, a - K.GUESS_BASE) for a in legal]
            title = "%s: where is the Pope?" % self.name(seat)
            return title, lines, items, [(a, None) for a in legal], ("Guess", "", "Menu")
        return self._table_turn(state, legal, keys)

    def _hell_turn(self, state, legal, keys):
        self.app.lights(None)
        if state.why == K.WHY_BIDS:
            head = "Tied bids: ties go to the soul"
        else:
            head = "Pope visit: the guesser is the"
        lines = [head, "nearest Hell. Nearest Hell first:"]
        items = []
        acts = []
        for a in legal:
            if a == K.HELL_KEEP:
                keep = "Keep: " + self.names(state.hell)
                items.append(keep if len(keep) <= 35 else "Keep the known order")
                if len(keep) > 35:
                    lines += wrap("Known: " + self.names(state.hell))
            else:
                items.append("%s is next" % self.name(a - K.HELL_BASE))
            acts.append((a, None))
        if state.hell_new:
            lines += wrap("So far: " + self.names(state.hell_new))
        return "The table: Hell order", lines, items, acts, keys

    def _table_turn(self, state, legal, keys):
        self.app.lights(None)
        pope = state.holders[K.POPE]
        open_rooms = [str(r) for r in state.open_rooms()]
        lines = _wrap_list("Bag: ", _stones(state.bag)) + [
            clip(
                "Pope: %s, open: %s"
                % (self.name(pope) if pope >= 0 else "none", ",".join(open_rooms))
            ),
        ]
        for text in self.ctx.events[-1:]:
            lines += wrap("Last: " + text)[:2]
        items = []
        acts = []
        for a in legal:
            if a == K.POPE_VISIT:
                items.append("Pope's urgent meeting")
            elif a == K.NEXT_ROUND:
                items.append("Market empty: next round")
            elif a == K.END_GAME:
                items.append("Game over (2nd cathedral)")
            elif a >= K.RETURN_BASE:
                items.append("Return %s to bag" % D.STONE_NAMES[a - K.RETURN_BASE])
            else:
                r = a - K.VISITED_BASE
                items.append("%s %d visited" % ("Room" if r <= 4 else "Suite", r))
            acts.append((a, None))
        return "Round %d: the table" % state.round, lines, items, acts, keys

    # ****** what happened ******
    def event(self, state, action, seat):
        if state.observers() is not None:
            return None
        if seat < 0:
            return K.action_text(action)
        if state.phase in (K.P_TABLE, K.P_HELL):
            return K.action_text(action)
        if state.phase == K.P_GUESS:
            guess = action - K.GUESS_BASE
            return "%s guessed %s: %s" % (
                self.name(seat),
                K.room_name(guess),
                "caught" if guess == state.die else "not caught",
            )
        return "%s: %s" % (self.name(seat), K.action_text(action))

    def before(self, state, action):
        # The deck is reshuffled before the last room's card is dealt (when it runs out
        # during the deal, or at the round's start), so the market screen compares with
        # the count at the previous market, not the count before its own last card.
        info = (state.phase, self.dealt_reshuffles)
        if state.phase == K.P_CARDS and state.index == 3:
            self.dealt_reshuffles = state.reshuffles
        return info

    async def special(self, info):
        phase, reshuffles = info
        state = self.ctx.state
        now = state.phase
        if phase == K.P_CARDS and now != K.P_CARDS:
            await self._market(state, state.reshuffles > reshuffles)
        elif phase == K.P_BIDS and now == K.P_HELL:
            await self._bids(state, True)
        elif phase in (K.P_BIDS, K.P_HELL) and now == K.P_PICKS:
            await self._bids(state, False)
        elif phase == K.P_GUESS:
            await self._verdict(state)

    async def _ok(self, scr):
        await self.app.show(scr)
        await self.app.wait_key("A")

    async def _market(self, state, reshuffled):
        self.app.lights(None)
        lines = _wrap_list("Market: ", _stones(state.market))
        for r in range(4):
            lines.append(clip("%d %s" % (r + 1, _card(state.rooms[r]))))
        deck = "Deck %d left" % sum(state.deck)
        if reshuffled:
            deck += "; discards reshuffled"
        lines.append(deck)
        await self._ok(
            Screen(
                "market",
                "Round %d: market and rooms" % state.round,
                lines=lines,
                keys=("Bids", "", ""),
            )
        )

    async def _bids(self, state, tied):
        lines = []
        for s in range(state.n):
            n, t = state.bid_n[s], state.bid_t[s]
            name = self.name(s)
            lines.append(
                _fit(
                    "%s %d notches + %d taler = %d" % (name, n, t, n + t),
                    "%s %d notch. + %d taler = %d" % (name, n, t, n + t),
                )
            )
        if tied:
            lines.append("Tied: the Hell order decides.")
            await self._ok(Screen("reveal", "All bids revealed", lines=lines, keys=("OK", "", "")))
            return
        pays = state.pays()
        payers = ["%s %d" % (self.name(s), pays[s]) for s in range(state.n) if s != state.keeper]
        lines += wrap("Choose: " + self.names(state.pick_order))
        keeper = self.name(state.keeper)
        lines.append(
            _fit("%s keeps his taler (most notches)" % keeper, "%s keeps his taler" % keeper)
        )
        lines += _wrap_list("Pay the bank: ", ", ".join(payers))
        self.app.lights(self.app.phys(self.ctx, state.pick_order[0]), "turn")
        await self._ok(
            Screen("order", "Bids and character order", lines=lines, keys=("OK", "", ""))
        )

    async def _verdict(self, state):
        pope, die, guess, caught = state.pope_visit
        app = self.app
        app.lights(app.phys(self.ctx, pope), "judgment" if caught else "ok")
        lines = wrap(
            "The Pope (%s) is in %s; the guess was %s."
            % (self.name(pope), K.room_name(die), K.room_name(guess))
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
    def final_public(self, state):
        return [
            "The table ended the game in round %d." % state.round,
            "Souls and Letters are scored on the",
            "board: the board decides the winner.",
        ] + _wrap_list("Bag: ", _stones(state.bag))

    def ranking(self, state):
        return ["The winner is decided on the board."], []
