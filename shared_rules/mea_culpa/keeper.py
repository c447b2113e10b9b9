"""Mea Culpa keeper: the device referees the secret parts of a game played on the
physical board. Rules: the Mea Culpa rulebook (Kopf & Zoch, Zoch Verlag, 2016),
quoted by chapter; what the device keeps and why: docs/rules/mea-culpa-keeper.md.

The board carries the economy (money, goods, posts, dens, cathedrals, souls);
the device carries what the board cannot keep secret or random:
- the goods bag: the 7 market stones are drawn from it (chance, weighted by the
  stones left), and the table enters every stone that goes back into it;
- the House of Pleasure deck: four cards dealt to rooms 1-4 each round
  (chance), the discards reshuffled when the deck runs out;
- the etched-post bids: one secret action per seat (notches 1..6, taler
  0..max_bid), revealed together; the pick order and who keeps his taler follow
  the tie rules (shared_rules/mea_culpa/auction.py), with the Hell order of the
  souls asked from the table whenever a tie needs it;
- the Pope's incognito visit: the die set in secret, the public guess, the
  verdict.
Rounds go on until the table ends the game (the second cathedral is finished
on the board), at most `rounds` rounds.

The codes that mean the same in the full engine (draws, cards, bonuses, visits,
die, guess, picks, bids) and the characters and rooms come from
shared_rules/mea_culpa/codes.py; screens use decode()/encode(), never codes.
"""

from shared_rules.game import CHANCE, SEATS, TERMINAL, Game, IllegalAction, State, from_entry
from shared_rules.mea_culpa import data as D
from shared_rules.mea_culpa import keeper_entry as ENTRY
from shared_rules.mea_culpa.auction import bid_order, ties_matter
from shared_rules.mea_culpa.codes import (
    BID_BASE,
    BONUS_BASE,
    CARD_BASE,
    CHARACTER_NAMES,
    DIE_BASE,
    DRAW_BASE,
    GUESS_BASE,
    PICK_BASE,
    POPE,
    START_BASE,
    VISIT_BASE,
    VISIT_POPE,
    bid_parts,
    card_types,
    checked,
    decode_shared,
    encode_shared,
    index_of,
    room_name,
    whole,
)

# The keeper's own codes (the shared ones: shared_rules/mea_culpa/codes.py). Here
# VISIT_BASE + r is the table marking room r visited, VISIT_POPE the table saying
# the Pope has "an urgent meeting".
RETURN_BASE = 500  # +stone kind 0..4: the table puts a stone back into the bag
HELL_KEEP = 510  # the Hell order of the souls is still the one the device knows
HELL_BASE = 520  # +seat: the next soul in the new Hell order (nearest Hell first)
NEXT_ROUND = 540  # the market is empty: the next round begins
END_GAME = 541  # the second cathedral is finished: the game is over

TABLE = 0  # the seat that enters the table's decisions (any player presses for the table)
ROUNDS = ENTRY.ROUNDS

P_START = 0
P_BONUS = 1
P_MARKET = 2
P_CARDS = 3
P_BIDS = 4
P_HELL = 5
P_PICKS = 6
P_TABLE = 7
P_DIE = 8
P_GUESS = 9
P_OVER = 10
PHASE_NAMES = (
    "start",
    "bonus",
    "market",
    "cards",
    "bidding",
    "hell order",
    "characters",
    "actions",
    "pope die",
    "pope guess",
    "over",
)

WHY_BIDS = 0  # the Hell order is asked because bids or notches are tied
WHY_POPE = 1  # ... because the guesser is the soul nearest Hell


@from_entry(ENTRY)
class MeaCulpaKeeper(Game):
    SUMMARY = (
        ("reshuffles", "House of Pleasure reshuffles"),
        ("hell_asked", "times tied bids made the device ask for the Hell order"),
        ("pope_visits", "incognito visits of the Pope"),
        ("pope_caught", "times the Pope was caught"),
    )
    ROUND = "a market, the bids for the characters and their actions, on the board"

    def new_initial_state(self):
        return KeeperState(self)

    def each_bid(self):
        """Every bid the options allow, in order, one at a time, the same at every bid:
        6 x (max_bid + 1), 246 by default. A device counts, checks and lists them
        without their list (State.num_legal_actions, is_legal, iter_legal_actions),
        a 2 KB block its fragmented heap may not have (it was kept for the whole game)."""
        low, high = D.POST_MIN[0], D.POST_MAX[0] + 1
        for t in range(self.options["max_bid"] + 1):
            base = BID_BASE + t * 8
            for k in range(low, high):
                yield base + k

    # -- the action codec -----------------------------------------------------
    def view_names(self):
        """Lists run one entry per stone kind, character, bonus, room or seat; rooms 1-4
        hold House card codes; a die, a guess and the open rooms are room numbers;
        pope_visit, the last incognito visit, is a record: the Pope's seat, the die, the
        guess and whether the Pope was caught."""
        rooms = [room_name(r) for r in range(1, 7)]
        cards = tuple([c[0] for c in D.CARDS])
        return {
            "codes": {
                "rooms": cards,
                "die": ["-"] + rooms,
                "guess": ["-"] + rooms,
                "caught": ("no", "yes"),
                "open_rooms": ["-"] + rooms,
            },
            "per": {
                "bag": D.STONE_NAMES,
                "market": D.STONE_NAMES,
                "characters": CHARACTER_NAMES,
                "bonuses": D.BONUS_NAMES,
                "rooms": rooms[:4],
                "room_cards": rooms[:4],
                "room_notches": rooms[:4],
                "visited": rooms,
                "discard": [c[0] for c in card_types(self.options["extra_cards"])],
                "bid": ("notches", "taler"),
                "bids": SEATS,
                "bid_totals": SEATS,
                "pays": SEATS,
            },
            "seats": [
                "seat",
                "to_move",
                "hell",
                "hell_new",
                "start_order",
                "pick_order",
                "keeper",
                "pope",
                "characters",
                "bonuses",
            ],
            "skip": [],
            "fields": {"pope_visit": ("pope", "die", "guess", "caught")},
        }

    def decode(self, action):
        """Plain data of an action: the shared kinds (start, draw, card, bonus, die,
        guess, pick, bid, pope-visit; shared_rules/mea_culpa/codes.py) and the
        table's: {"kind": "visited", "room": r, "where": "room 3"}, {"kind":
        "return", "stone": "wine"}, {"kind": "hell-keep"}, {"kind": "hell-next",
        "seat": s}, {"kind": "next-round"}, {"kind": "end-game"}."""
        if not isinstance(action, int) or action < 0:
            raise IllegalAction("no Mea Culpa keeper action %r" % (action,))
        if action == END_GAME:
            return {"kind": "end-game"}
        if action == NEXT_ROUND:
            return {"kind": "next-round"}
        if HELL_BASE <= action < HELL_BASE + 4:
            return {"kind": "hell-next", "seat": action - HELL_BASE}
        if action == HELL_KEEP:
            return {"kind": "hell-keep"}
        if RETURN_BASE <= action < RETURN_BASE + 5:
            return {"kind": "return", "stone": D.STONE_NAMES[action - RETURN_BASE]}
        if VISIT_BASE < action < VISIT_POPE:
            r = action - VISIT_BASE
            return {"kind": "visited", "room": r, "where": room_name(r)}
        data = decode_shared(action)
        if data is None:
            raise IllegalAction("no Mea Culpa keeper action %r" % (action,))
        return data

    def encode(self, data):
        if not isinstance(data, dict):
            raise IllegalAction("no Mea Culpa keeper action %r" % (data,))
        kind = data.get("kind")
        code = encode_shared(data)
        if kind == "end-game":
            code = END_GAME
        elif kind == "next-round":
            code = NEXT_ROUND
        elif kind == "hell-next":
            code = HELL_BASE + whole(data, "seat")
        elif kind == "hell-keep":
            code = HELL_KEEP
        elif kind == "return":
            code = RETURN_BASE + index_of(D.STONE_NAMES, data.get("stone"))
        elif kind == "visited":
            code = VISIT_BASE + whole(data, "room")
        return checked(code, data, self.decode)

    def max_game_length(self):
        n = self.num_players
        rounds = self.options["rounds"]
        # Per round: market, rooms, bids, a Hell order, picks, at most 6 rooms
        # marked or visited by the Pope (each with a Hell order, die and guess),
        # next round. Returns never exceed the stones drawn or taken for bonuses.
        per_round = 7 + 4 + n + n + 4 + 6 * (n + 3) + 1
        return 2 * n + rounds * per_round + 3 + 7 * rounds + 1


def card_counts(extra):
    return [c[2] for c in card_types(extra)]


class KeeperState(State):
    def __init__(self, game):
        State.__init__(self, game)
        n = game.num_players
        self.n = n
        self.phase = P_START
        self.index = 0  # the bonus, room, bidder, pick or Hell entry being made
        self.placed = []  # the start order, closest to Heaven first
        self.hell = []  # the Hell order the device knows, nearest Hell first
        self.hell_new = []
        self.why = WHY_BIDS
        self.bonus = [-1, -1, -1, -1]
        self.bag = list(D.BAG[0])
        self.market = [0, 0, 0, 0, 0]
        self.left = 0  # market stones still to draw
        self.deck = card_counts(game.options["extra_cards"])
        self.discard = [0] * len(self.deck)
        self.rooms = [-1, -1, -1, -1]
        self.reshuffles = 0
        self.market_reshuffles = 0  # reshuffles when the last market was announced
        self.round = 0
        self.bid_n = [0] * n
        self.bid_t = [0] * n
        self.bids_shown = False
        self.keeper = -1
        self.pick_order = []
        self.holders = [-1, -1, -1, -1]
        self.visited = [0, 0, 0, 0, 0, 0]
        self.die = -1
        self.pope_visit = []  # [pope, die, guess, caught] of the last incognito visit
        self.visits = 0  # Pope visits this round
        self.secret = []  # [history index, seat] of actions not yet revealed
        self.asked = 0  # for summary(): Hell orders asked after tied bids
        self.pope_visits = 0
        self.caught = 0

    # -- helpers ---------------------------------------------------------------
    def out(self, k):
        """Stones of kind k outside the bag (market, screens, chests)."""
        return D.BAG[0][k] - self.bag[k]

    def hell_keys(self):
        keys = [0] * self.n
        for i in range(self.n):
            keys[self.hell[i]] = self.n - i
        return keys

    def open_rooms(self):
        """Rooms the Pope may set his die to: not visited this round; Suite 5 needs a
        card left in rooms 1-4 (docs/rules/mea-culpa.md A8)."""
        rooms = [r for r in range(1, 5) if not self.visited[r - 1] and self.rooms[r - 1] >= 0]
        if rooms and not self.visited[4]:
            rooms.append(5)
        if not self.visited[5]:
            rooms.append(6)
        return rooms

    def guesser(self):
        pope = self.holders[POPE]
        for s in self.hell:
            if s != pope:
                return s
        return -1

    def _start_round(self):
        self.round += 1
        for r in range(4):
            if self.rooms[r] >= 0:
                self.discard[self.rooms[r]] += 1
                self.rooms[r] = -1
        self.market = [0, 0, 0, 0, 0]
        self.holders = [-1, -1, -1, -1]
        self.visited = [0, 0, 0, 0, 0, 0]
        self.bids_shown = False
        self.keeper = -1
        self.pick_order = []
        self.pope_visit = []
        self.visits = 0
        self.left = D.MARKET_STONES[0]
        self.phase = P_MARKET
        self._advance()

    def _advance(self):
        """Resolve the steps that need no decision."""
        if self.phase == P_MARKET and (self.left == 0 or sum(self.bag) == 0):
            self.left = 0
            self.phase = P_CARDS
            self.index = 0
        if self.phase == P_CARDS:
            if self.index >= 4:
                self.phase = P_BIDS
                self.index = 0
                # The market and the rooms are out. The deck is reshuffled before a
                # card it lacks (during this deal or at the round's start), so the
                # table is told whether that happened since the last market.
                reshuffled = self.reshuffles > self.market_reshuffles
                self.market_reshuffles = self.reshuffles
                self._announce("market", round=self.round, reshuffled=reshuffled)
            elif sum(self.deck) == 0:
                # 1. Prepare the round: "If the House of Pleasure deck runs out, shuffle
                # the discarded cards"
                self.deck = self.discard
                self.discard = [0] * len(self.deck)
                self.reshuffles += 1
        if self.phase == P_BIDS and self.index >= self.n:
            self.bids_shown = True
            self.secret = []
            # 2. Choosing characters: "All etched posts and taler are then revealed
            # simultaneously."
            tied = ties_matter(self.bid_n, self.bid_t)
            self._announce("bids", bids=self._bids(), tied=tied)
            if tied:
                self.asked += 1
                self._ask_hell(WHY_BIDS)
            else:
                self._reveal()

    def _ask_hell(self, why):
        self.phase = P_HELL
        self.why = why
        self.hell_new = []

    def _reveal(self):
        order, keeper = bid_order(self.bid_n, self.bid_t, self.hell_keys())
        self.pick_order = order
        self.keeper = keeper
        self.phase = P_PICKS
        self.index = 0
        self._announce("pick-order", order=list(order), keeper=keeper, pays=self.pays())

    def _bids(self):
        return [[self.bid_n[s], self.bid_t[s]] for s in range(self.n)]

    def pays(self):
        """Taler each seat pays to the bank: all but the keeper pay their bid taler."""
        return [0 if s == self.keeper else self.bid_t[s] for s in range(self.n)]

    # -- protocol ----------------------------------------------------------------
    def _current_player(self):
        ph = self.phase
        if ph == P_OVER:
            return TERMINAL
        if ph == P_START or ph == P_MARKET or ph == P_CARDS:
            return CHANCE
        if ph == P_BONUS:
            return self.placed[self.index]
        if ph == P_BIDS:
            return self.index
        if ph == P_PICKS:
            return self.pick_order[self.index]
        if ph == P_DIE:
            return self.holders[POPE]
        if ph == P_GUESS:
            return self.guesser()
        return TABLE

    def _observers(self, action):
        if self.phase == P_BIDS or self.phase == P_DIE:
            if action is not None and self.phase == P_BIDS and self.index == self.n - 1:
                # the last bid reveals every bid at once: "All etched posts and taler
                # are then revealed simultaneously" (it is still entered in private)
                return None
            return (self._current_player(),)
        return None

    def _chance_outcomes(self):
        if self.phase == P_START:
            return [(START_BASE + s, 1) for s in range(self.n) if s not in self.placed]
        if self.phase == P_MARKET:
            return [(DRAW_BASE + k, self.bag[k]) for k in range(5) if self.bag[k] > 0]
        return [(CARD_BASE + c, self.deck[c]) for c in range(len(self.deck)) if self.deck[c] > 0]

    def _is_legal(self, action):
        if self.phase == P_BIDS:
            # every bid of each_bid(), without making them (apply() asks after a bid
            # entered on the device, when the heap has no 2 KB block to spare)
            a = action - BID_BASE
            k = a & 7
            return (
                0 <= a
                and a >> 3 <= self.game.options["max_bid"]
                and D.POST_MIN[0] <= k <= D.POST_MAX[0]
            )
        return action in self._legal_actions()

    def num_legal_actions(self):
        if self.phase == P_BIDS:
            return (self.game.options["max_bid"] + 1) * (D.POST_MAX[0] - D.POST_MIN[0] + 1)
        return State.num_legal_actions(self)

    def iter_legal_actions(self):
        if self.phase == P_BIDS:
            return self.game.each_bid()
        return State.iter_legal_actions(self)

    def _legal_actions(self):
        ph = self.phase
        if ph == P_BONUS:
            return [BONUS_BASE + b for b in range(4) if self.bonus[b] < 0]
        if ph == P_BIDS:  # made at its size, in one block
            bids = [0] * self.num_legal_actions()
            i = 0
            for a in self.game.each_bid():
                bids[i] = a
                i += 1
            return bids
        if ph == P_HELL:
            out = [HELL_KEEP] if not self.hell_new else []
            return out + [HELL_BASE + s for s in range(self.n) if s not in self.hell_new]
        if ph == P_PICKS:
            return [PICK_BASE + c for c in range(4) if self.holders[c] < 0]
        if ph == P_DIE:
            return [DIE_BASE + r for r in self.open_rooms()]
        if ph == P_GUESS:
            return [GUESS_BASE + r for r in self.open_rooms()]
        # the table, in the action phase
        out = [VISIT_BASE + r for r in range(1, 7) if not self.visited[r - 1]]
        if self.holders[POPE] >= 0 and self.open_rooms():
            out.append(VISIT_POPE)
        out += [RETURN_BASE + k for k in range(5) if self.out(k) > 0]
        if self.round < self.game.options["rounds"]:
            out.append(NEXT_ROUND)
        out.append(END_GAME)
        return sorted(out)

    def _apply(self, action):
        ph = self.phase
        n = self.n
        if ph == P_START:
            self.placed.append(action - START_BASE)
            if len(self.placed) == n:
                self.hell = [self.placed[n - 1 - i] for i in range(n)]
                self.phase = P_BONUS
                self.index = 0
        elif ph == P_BONUS:
            b = action - BONUS_BASE
            self.bonus[b] = self.placed[self.index]
            if b == 0:  # 1 loaf and 1 bottle
                self.bag[0] -= 1
                self.bag[1] -= 1
            elif b == 1:  # 1 jewel
                self.bag[3] -= 1
            self.index += 1
            if self.index == n:
                self._start_round()
        elif ph == P_MARKET:
            k = action - DRAW_BASE
            self.bag[k] -= 1
            self.market[k] += 1
            self.left -= 1
        elif ph == P_CARDS:
            c = action - CARD_BASE
            self.deck[c] -= 1
            self.rooms[self.index] = c
            self.index += 1
        elif ph == P_BIDS:
            v = action - BID_BASE
            self.bid_n[self.index] = v % 8
            self.bid_t[self.index] = v // 8
            self.secret.append([len(self._history), self.index])
            self.index += 1
        elif ph == P_HELL:
            if action == HELL_KEEP:
                self._hell_done()
            else:
                self.hell_new.append(action - HELL_BASE)
                if len(self.hell_new) == n - 1:
                    for s in range(n):
                        if s not in self.hell_new:
                            self.hell_new.append(s)
                    self.hell = self.hell_new
                    self.hell_new = []
                    self._hell_done()
        elif ph == P_PICKS:
            self.holders[action - PICK_BASE] = self.pick_order[self.index]
            self.index += 1
            if self.index == len(self.pick_order):
                self.phase = P_TABLE
        elif ph == P_DIE:
            self.die = action - DIE_BASE
            self.secret = [[len(self._history), self.holders[POPE]]]
            self.phase = P_GUESS
        elif ph == P_GUESS:
            guess = action - GUESS_BASE
            caught = guess == self.die
            self.pope_visit = [self.holders[POPE], self.die, guess, 1 if caught else 0]
            # Visit the House of Pleasure: "If the Pope's room was correctly guessed, he
            # was caught in the act."
            self._announce(
                "pope-visit",
                pope=self.holders[POPE],
                room=self.die,
                where=room_name(self.die),
                guess=guess,
                guessed=room_name(guess),
                caught=caught,
            )
            self.pope_visits += 1
            self.caught += 1 if caught else 0
            self.visited[self.die - 1] = 1  # "The Pope then ... visits the chosen room"
            self.die = -1
            self.secret = []
            self.phase = P_TABLE
        else:
            self._table(action)
        self._advance()

    def _hell_done(self):
        if self.why == WHY_BIDS:
            self._reveal()
        else:
            self.phase = P_DIE

    def _table(self, action):
        if action == END_GAME:
            self.phase = P_OVER
        elif action == NEXT_ROUND:
            self._start_round()
        elif action == VISIT_POPE:
            self.visits += 1
            self._ask_hell(WHY_POPE)
        elif action >= RETURN_BASE:
            self.bag[action - RETURN_BASE] += 1
        else:
            self.visited[action - VISIT_BASE - 1] = 1

    def _returns(self):
        return [0] * self.n  # the board decides the winner

    # -- for statistics: summary() and resample() are the laptop's subclass's
    # (shared_rules/mea_culpa/keeper_laptop.py), which a board never has --
    def round_number(self):
        """The round of the board game the keeper follows (its Game's ROUND)."""
        return max(1, self.round)

    def _view(self, seat):
        # The keys depend on the phase: the dict is made at its final size and filled
        # (MicroPython grows a dict by copying its table into a larger one, both alive
        # at once, and sizes a literal to its entries: a literal of 22 then additions
        # held tables of 384 + 480 B at once, one of 448-480 B now, on the 64-bit unix
        # port). Same keys, values and order.
        size = 22
        if self.phase == P_BIDS:
            size += 3
        if self.phase == P_HELL:
            size += 2
        if self.bids_shown:
            size += 5 if self.keeper >= 0 else 2
        if seat is not None:
            size += 1
        v = _sized_dict(size)
        v["round"] = self.round
        v["rounds"] = self.game.options["rounds"]
        v["phase"] = PHASE_NAMES[self.phase]
        v["to_move"] = self._current_player()
        v["start_order"] = list(self.placed)
        v["hell"] = list(self.hell)
        v["bonuses"] = list(self.bonus)
        v["bag"] = list(self.bag)
        v["market"] = list(self.market)
        v["rooms"] = list(self.rooms)
        v["deck"] = sum(self.deck)
        v["discard"] = list(self.discard)
        v["reshuffles"] = self.reshuffles
        v["characters"] = list(self.holders)
        v["visited"] = list(self.visited)
        v["pope_visit"] = list(self.pope_visit)
        v["die_set"] = self.die >= 0
        # Names and facts a screen shows, so that none recomputes them:
        v["stone_names"] = list(D.STONE_NAMES)
        v["room_cards"] = [self._card(c, 0) for c in self.rooms]
        v["room_notches"] = [self._card(c, 1) for c in self.rooms]
        v["open_rooms"] = self.open_rooms()
        v["pope"] = self.holders[POPE] if self.holders[POPE] >= 0 else None
        if self.phase == P_BIDS:
            v["bids_made"] = self.index
            # 2. Choosing characters: "Rotate your etched post so that your desired number
            # of notches faces up. You may add to this number by placing any amount of
            # taler on top"
            v["bid_notches"] = [D.POST_MIN[0], D.POST_MAX[0]]
            v["bid_taler"] = [0, self.game.options["max_bid"]]
        if self.phase == P_HELL:
            v["hell_new"] = list(self.hell_new)
            v["asked_for"] = "bids" if self.why == WHY_BIDS else "pope"
        if self.bids_shown:
            v["bids"] = self._bids()
            v["bid_totals"] = [self.bid_n[s] + self.bid_t[s] for s in range(self.n)]
            if self.keeper >= 0:
                v["keeper"] = self.keeper
                v["pick_order"] = list(self.pick_order)
                v["pays"] = self.pays()
        if seat is not None:
            me = {"seat": seat}
            if self.phase == P_BIDS and seat < self.index:
                me["bid"] = [self.bid_n[seat], self.bid_t[seat]]
            if self.die >= 0 and self.holders[POPE] == seat:
                me["die"] = self.die
            v["me"] = me
        return v

    def _card(self, c, field):
        """A field of the House card in a room (0 name, 1 etched post +N), None if empty."""
        return D.CARDS[c][field] if c >= 0 else None

    def _action_text(self, action):
        return action_text(action)


def _sized_dict(size) -> dict:
    """An empty dict whose table already has room for `size` keys (dict.fromkeys sizes
    it to its argument; a removed key leaves its slot for the next one)."""
    out = dict.fromkeys(range(size))
    for k in range(size):
        del out[k]
    return out


def action_text(action):
    """A short description of an action code, independent of the state."""
    if action >= BID_BASE:
        return "bid %d notches + %d taler" % bid_parts(action)
    if action == END_GAME:
        return "the game is over"
    if action == NEXT_ROUND:
        return "the market is empty: next round"
    if action >= HELL_BASE:
        return "seat %d is next nearest Hell" % (action - HELL_BASE)
    if action == HELL_KEEP:
        return "the Hell order is unchanged"
    if action >= RETURN_BASE:
        return "a %s stone back into the bag" % D.STONE_NAMES[action - RETURN_BASE]
    if action >= PICK_BASE:
        return "take the %s" % CHARACTER_NAMES[action - PICK_BASE]
    if action >= GUESS_BASE:
        return "guess the Pope is in %s" % room_name(action - GUESS_BASE)
    if action >= DIE_BASE:
        return "set the Pope die to %s" % room_name(action - DIE_BASE)
    if action == VISIT_POPE:
        return "the Pope has an urgent meeting"
    if action >= VISIT_BASE:
        return "%s was visited" % room_name(action - VISIT_BASE)
    if action >= BONUS_BASE:
        return "took starting bonus %d: %s" % (
            action - BONUS_BASE + 1,
            D.BONUS_NAMES[action - BONUS_BASE],
        )
    if action >= CARD_BASE:
        return "House card: %s" % D.CARDS[action - CARD_BASE][0]
    if action >= DRAW_BASE:
        return "draw a %s stone" % D.STONE_NAMES[action - DRAW_BASE]
    if action >= START_BASE:
        return "seat %d's soul on Start" % (action - START_BASE)
    return "action %d" % action
