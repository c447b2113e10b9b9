"""Mea Culpa (Kopf & Zoch, Zoch Verlag 2016) for 2 to 4 players.

Rules: the Mea Culpa rulebook (Kopf & Zoch, Zoch Verlag, 2016). The quotes below are
its words; docs/rules/mea-culpa.md names the chapter of each rule and reading
("Preparation VII", "Movement Rules d", "The Dens of Sin", ...). Board data and
every assumption: shared_rules/mea_culpa/data.py, shared_rules/mea_culpa/board.py and
docs/rules/mea-culpa.md.

The engine is a stack of small tasks (lists of ints). The task on top either
needs a decision (a seat, or CHANCE) or is resolved automatically by
_advance(). Completing a cathedral pushes an evaluation on top, so play
"continues where it was interrupted"; the second completion replaces the
whole stack with the game's end.

Secret inputs (referee-able by the device later):
- bids (notches + taler) are one action per seat, observed only by the bidder,
  revealed together once every seat has bid;
- the compartment of a donation is its own action, observed only by the
  donor (the donated good or coin is public), revealed at the next evaluation;
- the Pope die is set by the Pope (observed by him only) and revealed after
  the guess.
resample(seat, stream) redraws those of another seat that are still secret.

Record of Sins: pos 0 is the Start Position, 1..40 lead to Hell, negative
positions lead to Heaven (-heaven is Heaven itself, where souls may share).
Souls sharing the Start keep the random order drawn at setup.

Returns: 1 for each winner (a soul in Heaven, or else the one closest to it),
0 for everyone else.
"""

from shared_rules.game import CHANCE, TERMINAL, Game, IllegalAction, State, from_entry
from shared_rules.mea_culpa import board as B
from shared_rules.mea_culpa import data as D
from shared_rules.mea_culpa import entry as ENTRY
from shared_rules.mea_culpa.auction import bid_order
from shared_rules.mea_culpa.codes import (
    BID_BASE,
    BONUS_BASE,
    CARD_BASE,
    CHARACTER_NAMES,
    DIE_BASE,
    DRAW_BASE,
    EMPEROR,
    GUESS_BASE,
    MAX_ROUNDS,
    MERCHANT,
    PETTY,
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

# -- action encoding (documented in docs/rules/mea-culpa.md) -------------------
# The codes shared with the keeper (start, draw, card, bonus, visit, die, guess,
# pick, bid) are in shared_rules/mea_culpa/codes.py; these are the engine's own.
END = 0  # pass / end the turn / skip an optional action
COMP_BASE = 60  # +0 compartment I, +1 compartment II (secret: only the donor sees it)
DONATE_BASE = 100  # +0..3 a good, +4..7 a coin of 1, 2, 5, 10 taler
BUY_LETTER = 200  # +0 red, +1 green: buy a Letter of Indulgence (4 taler)
BUY_BASE = 210  # +good: buy one good
GREEDY_BASE = 220  # +good: greedily buy two goods of that kind for one price
SELL_BASE = 230  # +good: sell one good
SUITE5_BASE = 310  # +1..4: in Suite 5, carry out the card of this room
GIVE_BASE = 350  # +colour: the Emperor gives this Letter (House card)
EMPTY_BASE = 360  # +den: out of sin stones, take back all stones from this den
CREW_MOVE_BASE = 370  # +from*3+to: move a building crew (House card)
CREW_BASE = 380  # +site: place a building crew
POPE_STONE_BASE = 390  # +from*3+to: move a Pope stone
TAKE_BASE = 400  # +good: take a good from the market free (House card)
MERCHANT_BASE = 410  # +0..3 a good; +4 indulgence for red, +5 for green, +6 none left
LETTER_PICK_BASE = 420  # +colour: take a Letter from a cathedral's display
REPORT_BASE = 440  # +seat: report a petty sin (Sophisticated Penitent variant)

YELLOW = 0
BLUE = 1
RED = 2
GREEN = 3

INDULGENCE = 4  # stone kind

# Values of the options for the two readings (docs/rules/mea-culpa.md, A7 and A27).
NOTE_ADDS = ENTRY.NOTE_ADDS  # a caught Pope past 6: one step for being caught, one for the Note
NOTE_REPLACES = ENTRY.NOTE_REPLACES  # ... the Note's step instead of the caught step
NOTE_ALWAYS = ENTRY.NOTE_ALWAYS  # the Note applies whether he is caught or not
ONE_AT_A_TIME = ENTRY.ONE_AT_A_TIME  # short of stones: place, empty a den when one is lacking
EMPTY_FIRST = ENTRY.EMPTY_FIRST  # short of stones: empty a den, then place them all

BUY = 0
SELL = 1
DONATE = 2
VISIT = 3

# The board's figures a turn's legal list reads, without their provenance marks
# (mea_culpa_board.py), looked up once here rather than at every turn.
POST_MAX = D.POST_MAX[0]
BUY_PRICES = tuple([B.PRICES[g][0] for g in range(4)])
LETTER_PRICE = B.LETTER_PRICE[0]
COIN_VALUES = B.COINS[0]
SUITE6_NOTCHES = B.SUITE6_NOTCHES[0]
CARD_NOTCHES = tuple([c[1] for c in D.CARDS])  # a room's visit cost, by its card
NO_NOTCHES = tuple([0 for c in D.CARDS])  # the Petty Sinner's
ACTION_TYPE_NAMES = ("buy", "sell", "donate", "visit")

# Tasks: kind first, then ints.
T_START = 0  # chance
T_BONUS = 1  # [i]
T_COMP = 2  # [seat, slot, amount]
T_ROUND = 3
T_MARKET = 4  # [left], chance
T_CARDS = 5  # [room], chance
T_BIDS = 6  # [i]
T_PICKS = 7  # [i]
T_PRELIM = 8  # [seat, flags 1 pope, 2 emperor]
T_PETTY_VISIT = 9  # [seat]
T_ACTIONS = 10  # [next character]
T_TURN = 11  # [seat, character, actions taken, first type, reported mask]
T_DONATE2 = 12  # [seat]
T_SUITE5 = 13  # [seat]
T_DIE = 14  # [seat]
T_GUESS = 15  # [guesser, pope]
T_EFFECT = 16  # [seat, card]
T_GIVE = 17  # [giver, receiver]
T_SIN = 18  # [seat, den, count]
T_EVAL_CAT = 19  # [site, comp, category]
T_EVAL_PICK = 20  # [category, d1, d2, picks done, y, b, r, g]
T_EVAL_END = 21  # [comp]
T_MERCHANT = 22  # [seat]
T_COMPARE = 23
T_FINAL = 24

PHASE_NAMES = (
    "start",
    "bonus",
    "compartment",
    "round",
    "market",
    "cards",
    "bidding",
    "characters",
    "preliminary",
    "petty visit",
    "actions",
    "turn",
    "emperor donation",
    "suite 5",
    "pope die",
    "pope guess",
    "house card",
    "give letter",
    "sin stones",
    "evaluation",
    "evaluation",
    "evaluation",
    "merchant",
    "compare posts",
    "final",
)

# Secrets still unrevealed: [history index, seat, kind, slot, amount]
K_BID = 0
K_COMP = 1
K_DIE = 2


SITE_NAMES = ("A", "B", "C")
MERCHANT_LETTERS = ("red", "green", None)  # MERCHANT_BASE + 4, 5, 6


def _decode_own(action):
    """Plain data of an engine-only code, or None."""
    goods = B.GOOD_NAMES
    if action == END:
        return {"kind": "end"}
    if REPORT_BASE <= action < REPORT_BASE + 4:
        return {"kind": "report", "seat": action - REPORT_BASE}
    if LETTER_PICK_BASE <= action < LETTER_PICK_BASE + 4:
        return {"kind": "take-letter", "colour": B.LETTER_NAMES[action - LETTER_PICK_BASE]}
    if MERCHANT_BASE <= action < MERCHANT_BASE + 7:
        k = action - MERCHANT_BASE
        if k < 4:
            return {"kind": "merchant", "stone": goods[k]}
        return {"kind": "merchant", "stone": "indulgence", "letter": MERCHANT_LETTERS[k - 4]}
    if TAKE_BASE <= action < TAKE_BASE + 4:
        return {"kind": "take-good", "good": goods[action - TAKE_BASE]}
    for base, kind, names in (
        (POPE_STONE_BASE, "move-pope-stone", B.DEN_NAMES),
        (CREW_MOVE_BASE, "move-crew", SITE_NAMES),
    ):
        if base <= action < base + 9 and (action - base) // 3 != (action - base) % 3:
            v = action - base
            return {"kind": kind, "from": names[v // 3], "to": names[v % 3]}
    if CREW_BASE <= action < CREW_BASE + 3:
        return {"kind": "place-crew", "site": SITE_NAMES[action - CREW_BASE]}
    if EMPTY_BASE <= action < EMPTY_BASE + 3:
        return {"kind": "empty-den", "den": B.DEN_NAMES[action - EMPTY_BASE]}
    if GIVE_BASE <= action < GIVE_BASE + 4:
        return {"kind": "give-letter", "colour": B.LETTER_NAMES[action - GIVE_BASE]}
    if SUITE5_BASE < action <= SUITE5_BASE + 4:
        return {"kind": "suite5-card", "room": action - SUITE5_BASE}
    if VISIT_BASE < action < VISIT_POPE:
        r = action - VISIT_BASE
        return {"kind": "visit", "room": r, "where": room_name(r)}
    for base, kind in ((SELL_BASE, "sell"), (GREEDY_BASE, "buy-two"), (BUY_BASE, "buy")):
        if base <= action < base + 4:
            return {"kind": kind, "good": goods[action - base]}
    if action == BUY_LETTER or action == BUY_LETTER + 1:
        return {"kind": "buy-letter", "colour": "red" if action == BUY_LETTER else "green"}
    if DONATE_BASE <= action < DONATE_BASE + 8:
        w = action - DONATE_BASE
        if w < 4:
            return {"kind": "donate", "good": goods[w]}
        return {"kind": "donate", "coin": B.COINS[0][w - 4]}
    if action == COMP_BASE or action == COMP_BASE + 1:
        return {"kind": "compartment", "compartment": action - COMP_BASE + 1}
    return None


def _encode_own(data):
    """The code of engine-only action data (unchecked), or None."""
    kind = data.get("kind")
    goods = B.GOOD_NAMES
    if kind == "end":
        return END
    if kind == "report":
        return REPORT_BASE + whole(data, "seat")
    if kind == "take-letter":
        return LETTER_PICK_BASE + index_of(B.LETTER_NAMES, data.get("colour"))
    if kind == "merchant":
        if data.get("stone") == "indulgence":
            return MERCHANT_BASE + 4 + index_of(MERCHANT_LETTERS, data.get("letter"))
        return MERCHANT_BASE + index_of(goods, data.get("stone"))
    if kind == "take-good":
        return TAKE_BASE + index_of(goods, data.get("good"))
    if kind == "move-pope-stone" or kind == "move-crew":
        names = B.DEN_NAMES if kind == "move-pope-stone" else SITE_NAMES
        base = POPE_STONE_BASE if kind == "move-pope-stone" else CREW_MOVE_BASE
        return base + index_of(names, data.get("from")) * 3 + index_of(names, data.get("to"))
    if kind == "place-crew":
        return CREW_BASE + index_of(SITE_NAMES, data.get("site"))
    if kind == "empty-den":
        return EMPTY_BASE + index_of(B.DEN_NAMES, data.get("den"))
    if kind == "give-letter":
        return GIVE_BASE + index_of(B.LETTER_NAMES, data.get("colour"))
    if kind == "suite5-card":
        return SUITE5_BASE + whole(data, "room")
    if kind == "visit":
        return VISIT_BASE + whole(data, "room")
    if kind in ("sell", "buy-two", "buy"):
        base = SELL_BASE if kind == "sell" else GREEDY_BASE if kind == "buy-two" else BUY_BASE
        return base + index_of(goods, data.get("good"))
    if kind == "buy-letter":
        return BUY_LETTER + index_of(("red", "green"), data.get("colour"))
    if kind == "donate":
        if "coin" in data:
            return DONATE_BASE + 4 + index_of(B.COINS[0], data.get("coin"))
        return DONATE_BASE + index_of(goods, data.get("good"))
    if kind == "compartment":
        return COMP_BASE + whole(data, "compartment") - 1
    return None


@from_entry(ENTRY)
class MeaCulpa(Game):
    SUMMARY = (
        ("pos_%d", "final space of the soul (0 Start, negative towards Heaven)"),
        ("letters_%d", "Letters of Indulgence at the end"),
        ("heaven", "souls that reached Heaven"),
    )
    ROUND = "a market, the bids for the characters and their actions"
    STANDING = "steps towards Heaven"

    def new_initial_state(self):
        return MeaCulpaState(self)

    # -- the action codec -----------------------------------------------------
    def decode(self, action):
        """Plain data of an action: the shared kinds (start, draw, card, bonus, die,
        guess, pick, bid, pope-visit; shared_rules/mea_culpa/codes.py) and the
        engine's own (end, compartment, donate, buy-letter, buy, buy-two, sell,
        visit, suite5-card, give-letter, empty-den, move-crew, place-crew,
        move-pope-stone, take-good, merchant, take-letter, report)."""
        data = None
        if isinstance(action, int) and action >= 0:
            data = _decode_own(action)
            if data is None:
                data = decode_shared(action)
        if data is None:
            raise IllegalAction("no Mea Culpa action %r" % (action,))
        return data

    def encode(self, data):
        if not isinstance(data, dict):
            raise IllegalAction("no Mea Culpa action %r" % (data,))
        code = _encode_own(data)
        if code is None:
            code = encode_shared(data)
        return checked(code, data, self.decode)

    def max_game_length(self):
        n = self.num_players
        # Turns: in 2/4 players the Merchant takes a stone every cycle (<= 8 cycles a
        # round); with 3 players a cycle without a stone needs a move towards Hell.
        cycles = MAX_ROUNDS * (D.MARKET_STONES[0] + 1) + n * (B.HELL[0] + 1)
        per_turn = 2 * 40 + 2 + n  # two actions with all their sub-steps, end, merchant, reports
        per_round = 7 + 4 + n + 4 + 60
        return 4 * n + MAX_ROUNDS * per_round + cycles * 4 * per_turn + 200


class MeaCulpaState(State):
    # Calls made at nearly every action go through the class (MeaCulpaState._advance(self)):
    # a state has more attributes than CPython caches a method's lookup through (30).
    def __init__(self, game):
        State.__init__(self, game)
        n = game.num_players
        self.n = n
        self.heaven = game.options["heaven"]
        self.penitent = game.options["penitent"]  # asked at every turn
        self.stack = [[T_START]]
        self.pos = [0] * n
        self.rank = [-1] * n  # 0 = closest to Heaven on Start
        self.placed = []
        self.money = [B.START_TALER[0]] * n
        self.goods = [[0, 0, 0, 0] for _ in range(n)]
        self.letters = [[0, 0, 0, 0] for _ in range(n)]
        self.chest = [[[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]] for _ in range(n)]
        self.sins = [B.SIN_STONES[0]] * n
        self.dens = [[0] * n for _ in range(3)]
        self.pope_stones = [1, 1, 1]
        self.post = [0] * n
        self.bid_n = [0] * n
        self.bid_t = [0] * n
        self.bids_shown = False
        self.keeper = -1
        self.pick_order = []
        self.extra_given = False
        self.holders = [-1, -1, -1, -1]
        self.market = [0, 0, 0, 0, 0]
        self.bag = list(D.BAG[0])
        self.supply = list(B.LETTERS[0])
        counts = [c[2] for c in card_types(game.options["extra_cards"])]
        self.deck = list(counts)
        self.discard = [0] * len(counts)
        self.rooms = [-1, -1, -1, -1]
        self.suite5 = 1
        self.suite6 = 0
        self.crews = [0, 0, 0]
        self.nave = [0, 0, 0]
        self.done = [0, 0, 0]
        self.hut = B.BUILDING_CREWS[0]
        self.emp_crew = 0
        self.evaluated = 0
        self.evals = []
        self.round = 0
        self.bonus = [-1, -1, -1, -1]
        self.die = -1
        self.pope_visit = []  # [pope, die, guess, caught] of the last incognito visit
        self.secret = []
        self.over = False
        self.winners = []
        self.won_by = None
        self._advance()

    # -- the Record of Sins ---------------------------------------------------
    def hell_key(self, s):
        """Larger = nearer Hell; souls sharing Start keep their drawn order."""
        p = self.pos[s]
        return p * 8 + (self.rank[s] if p == 0 else 0)

    def _by_hell(self, seats):
        """Seats ordered nearest Hell first (keys are unique but in Heaven)."""
        return sorted(seats, key=lambda s: (-self.hell_key(s), s))

    def _occupied(self, space, seat):
        for s in range(self.n):
            if s != seat and self.pos[s] == space:
                return True
        return False

    def move_hell(self, seat, steps):
        """Movement rules c) and d): next free space; never into Hell."""
        if steps <= 0:
            return
        hell = B.HELL[0]
        target = self.pos[seat] + steps
        if target > hell:
            if self.game.options["overshoot"] == "stay":
                return
            target = hell
        while target <= hell and self._occupied(target, seat):
            target += 1
        if target > hell:
            return
        self.pos[seat] = target

    def move_heaven(self, seat, steps):
        if steps <= 0:
            return
        top = -self.heaven
        target = self.pos[seat] - steps
        while target > top and self._occupied(target, seat):
            target -= 1
        if target < top:
            target = top
        self.pos[seat] = target

    def _nearest_hell(self, seats):
        # hell_key() written out (asked at the end of a turn when nobody holds the
        # Merchant): the first seat of the largest key.
        pos = self.pos
        rank = self.rank
        best = -1
        best_key = 0
        for s in seats:
            p = pos[s]
            key = p * 8 + (rank[s] if p == 0 else 0)
            if best < 0 or key > best_key:
                best = s
                best_key = key
        return best

    # -- sin stones, Pope stones, crews ----------------------------------------
    def move_pope_stone(self, seat, a, b):
        self.pope_stones[a] -= 1
        self.pope_stones[b] += 1
        if self.pope_stones[b] == 3:
            self._punish(b, seat)

    def _punish(self, spared, mover):
        counts = [0] * self.n
        for d in range(3):
            if d == spared:
                continue
            for s in range(self.n):
                counts[s] += self.dens[d][s]
                self.sins[s] += self.dens[d][s]
                self.dens[d][s] = 0
        for s in self._by_hell(range(self.n)):
            if s != mover:
                self.move_hell(s, counts[s])
            else:
                counts[s] = 0  # "don't move your poor soul"
        self.pope_stones = [1, 1, 1]
        self._announce("punishment", spared=B.DEN_NAMES[spared], steps=counts)

    def _place_crew(self, site):
        self.crews[site] += 1
        if self.crews[site] < 2:
            return
        self.crews[site] = 0
        self.hut += 2
        if not self.nave[site]:
            self.nave[site] = 1
            return
        self.done[site] = 1
        self._cathedral_finished(site)

    def _cathedral_finished(self, site):
        comp = self.evaluated
        # The compartment is emptied and shown: its contents become public.
        record = [site, comp]
        for s in range(self.n):
            record.extend(self.chest[s][comp])
        self.evals.append(record)
        self._announce("cathedral", site=SITE_NAMES[site], compartment=comp + 1, last=comp == 1)
        self.secret = [e for e in self.secret if e[2] != K_COMP]
        tasks = [[T_EVAL_END, comp]]
        for cat in (2, 1, 0):
            tasks.append([T_EVAL_CAT, site, comp, cat])
        if comp == 0:
            self.stack.extend(tasks)
        else:
            self.stack = [[T_FINAL]] + tasks

    def open_sites(self):
        return [s for s in range(3) if not self.done[s]]

    # -- the House of Pleasure -------------------------------------------------
    def available_rooms(self):
        rooms = [r + 1 for r in range(4) if self.rooms[r] >= 0]
        if self.suite5 and rooms:
            rooms.append(5)
        if self.suite6:
            rooms.append(6)
        return rooms

    def visit_cost(self, seat, room):
        if self.holders[PETTY] == seat:
            return 0
        if room <= 4:
            return D.CARDS[self.rooms[room - 1]][1]
        if room == 5:
            return 0
        return B.SUITE6_NOTCHES[0]

    def _visit(self, seat, room, incognito, caught):
        exempt = incognito and not caught
        # "Note: If the Pope accidentally chooses a room or suite whose action would
        # cause his etched post to be rotated to higher than 6 notches, his poor soul
        # moves one step towards Hell, his etched post is set to 6 notches and he does
        # not carry out the action." Option pope_note: when and how the Note applies.
        note = incognito and self.post[seat] + self.visit_cost(seat, room) > D.POST_MAX[0]
        reading = self.game.options["pope_note"]
        if note and not caught and reading != NOTE_ALWAYS:
            note = False  # "If he is not caught, he needs neither to rotate ..."
        if incognito and caught and not (note and reading == NOTE_REPLACES):
            self.move_hell(seat, 1)  # "If he is caught, his poor soul ... moves one step"
        if note:
            self.move_hell(seat, 1)
            self.post[seat] = D.POST_MAX[0]
            return
        cost = 0 if exempt else self.visit_cost(seat, room)
        self.post[seat] += cost
        if room <= 4:
            card = self.rooms[room - 1]
            self.rooms[room - 1] = -1
            self.discard[card] += 1
            self.stack.append([T_EFFECT, seat, card])
        elif room == 5:
            self.suite5 = 0
            self.stack.append([T_SUITE5, seat])
        else:
            self.suite6 = 0
            self.letters[seat][YELLOW] += 1
        if not exempt and room >= 5:
            self.stack.append([T_SIN, seat, D.DEN_LUST, 1])

    def _effect_options(self, seat, card):
        effect = D.CARDS[card][3]
        out = []
        if effect == D.EFFECT_MOVE_CREW:
            sites = self.open_sites()
            for a in sites:
                if self.crews[a] > 0:
                    for b in sites:
                        if b != a:
                            out.append(CREW_MOVE_BASE + a * 3 + b)
        elif effect == D.EFFECT_NEW_CREW:
            if self.hut > 0:
                out = [CREW_BASE + s for s in self.open_sites()]
        elif effect == D.EFFECT_MOVE_POPE:
            out = self._pope_moves([])
        elif effect == D.EFFECT_TAKE_GOOD:
            out = [TAKE_BASE + g for g in range(4) if self.market[g] > 0]
        return out

    def _pope_moves(self, out):
        """`out` with the Pope stone moves appended, in order."""
        for a in range(3):
            if self.pope_stones[a] > 0:
                for b in range(3):
                    if b != a:
                        out.append(POPE_STONE_BASE + a * 3 + b)
        return out

    def _step_effect(self, task):
        """A House card: carried out at once, unless its visitor has a choice to make."""
        seat = task[1]
        card = task[2]
        carry_out = self._EFFECTS[D.CARDS[card][3]]
        if carry_out is not None:
            self.stack.pop()
            carry_out(self, seat, card)
            return True
        if not self._effect_options(seat, card):
            self.stack.pop()  # nothing to move or take: the visit is spent
            return True
        return False

    def _effect_emperor_letter(self, seat, card):
        h = self.holders[EMPEROR]
        if h < 0 or h == seat:
            return
        colours = [c for c in range(4) if self.letters[h][c] > 0]
        if len(colours) == 1:
            self._give(h, seat, colours[0])
        elif colours:
            self.stack.append([T_GIVE, h, seat])

    def _effect_pope_yellow(self, seat, card):
        h = self.holders[POPE]
        if h >= 0 and h != seat and self.letters[h][YELLOW] > 0:
            self._give(h, seat, YELLOW)

    def _effect_others_hell(self, seat, card):
        for s in self._by_hell(range(self.n)):
            if s != seat:
                self.move_hell(s, D.CARDS[card][4])

    def _effect_others_sin(self, seat, card):
        order = [s for s in self._by_hell(range(self.n)) if s != seat]
        for s in reversed(order):  # nearest Hell on top: places first
            self.stack.append([T_SIN, s, D.CARDS[card][5], D.CARDS[card][4]])

    def _effect_taler(self, seat, card):
        self.money[seat] += D.CARDS[card][4]

    # By D.EFFECT_*: the effects carried out without a choice (None: the visitor chooses).
    _EFFECTS = (
        _effect_emperor_letter,
        _effect_pope_yellow,
        _effect_others_hell,
        _effect_others_sin,
        None,  # move a building crew
        None,  # a new building crew
        None,  # move a Pope stone
        None,  # take a good
        _effect_taler,
    )

    def _give(self, giver, receiver, colour):
        self.letters[giver][colour] -= 1
        self.letters[receiver][colour] += 1

    # -- evaluation of donations ----------------------------------------------
    def _score(self, s, comp, cat):
        c = self.chest[s][comp]
        if cat == 0:
            return c[0] + 2 * c[1]
        if cat == 1:
            return c[2] + 2 * c[3]
        return c[4]

    def _picker(self, task):
        d1 = task[2]
        d2 = task[3]
        k = task[4]
        if d2 < 0:
            return d1
        if self.n == 2:
            return d1 if (k < 2 or k >= 4) else d2
        return d1 if k % 2 == 0 else d2

    def _single_taker(self, task, left):
        """The seat that takes every remaining Letter (`left` of them), or -1 if picks
        alternate."""
        d1 = task[2]
        if task[3] < 0 or (self.n == 2 and task[4] >= 4):
            return d1
        if left == 1:
            return self._picker(task)
        return -1

    # -- the task machine ---------------------------------------------------------
    def _advance(self):
        """Resolve the tasks on top that need no decision, until one does."""
        steps = MeaCulpaState._STEPS
        while self.stack:
            task = self.stack[-1]
            if not steps[task[0]](self, task):
                return
        if not self.over:
            raise AssertionError("mea-culpa: empty task stack before the end")

    # Each step resolves its task if no decision is needed (True: look at the new top
    # of the stack) or returns False at a decision. _STEPS, below, lists them by kind.
    def _decision(self, task):
        """A task that is always a decision (a seat chooses)."""
        return False

    def _step_start(self, task):
        """Souls on Start, then the starting bonuses."""
        if len(self.placed) < self.n:
            return False
        self.stack.pop()
        self.stack.append([T_BONUS, 0])
        return True

    def _step_bonus(self, task):
        """Every seat has its bonus: the first round."""
        if task[1] < self.n:
            return False
        self.stack.pop()
        # "The remaining goods and indulgence stones are placed in the goods bag":
        # the goods of bonuses nobody chose were never taken out of it.
        self.stack.append([T_ROUND])
        return True

    def _step_comp(self, task):
        """Compartment I is closed after the first evaluation: no secret choice."""
        if self.evaluated == 0:
            return False
        self.stack.pop()
        self.chest[task[1]][1][task[2]] += task[3]
        return True

    def _step_round(self, task):
        self._start_round()
        return True

    def _step_market(self, task):
        """Chance draws the market until 7 stones are out or the bag is empty."""
        if task[1] > 0 and sum(self.bag) > 0:
            return False
        self.stack.pop()
        return True

    def _step_cards(self, task):
        """Chance deals a card to each of rooms 1-4."""
        if task[1] > 4:
            self.stack.pop()
            return True
        if sum(self.deck) == 0:
            # "If the House of Pleasure deck runs out, shuffle the discarded cards"
            self.deck = self.discard
            self.discard = [0] * len(self.deck)
        return False

    def _step_bids(self, task):
        """Every seat has bid: reveal them together."""
        if task[1] < self.n:
            return False
        self.stack.pop()
        self._reveal_bids()
        return True

    def _step_picks(self, task):
        if task[1] < len(self.pick_order):
            return False
        self.stack.pop()
        self._after_picks()
        return True

    def _step_prelim(self, task):
        """Preliminary actions: the Emperor's crew is gone if he already placed it."""
        if task[2] & 2 and not self.emp_crew:
            task[2] &= 1
        if task[2] == 0:
            self.stack.pop()
            return True
        return False

    def _step_actions(self, task):
        """The next character's turn, Pope first, until the market is empty."""
        if sum(self.market) == 0:
            self.stack.pop()
            return True
        ch = task[1]
        while self.holders[ch] < 0:
            ch = (ch + 1) % 4
        task[1] = (ch + 1) % 4
        self.stack.append([T_TURN, self.holders[ch], ch, 0, -1, 0])
        # A decision: what _step_turn() would say of this new turn (no action taken
        # yet, stones in the market), without going round _advance()'s loop again.
        return False

    def _step_turn(self, task):
        if sum(self.market) == 0:
            # "ends as soon as the last stone ... is taken ..., regardless of whose turn"
            self.stack.pop()
            return True
        if task[3] >= 2:
            MeaCulpaState._end_turn(self, task)
            return True
        return False

    def _step_donate2(self, task):
        """The Emperor's second donation, if he has anything left to give."""
        if not self._donations(task[1], []):
            self.stack.pop()
            return True
        return False

    def _step_sin(self, task):
        """Place sin stones; a decision only when the player runs out."""
        seat = task[1]
        if self.sins[seat] < task[3] and self.game.options["out_of_stones"] == EMPTY_FIRST:
            return False  # a den is emptied before any stone of this placement is placed
        k = min(task[3], self.sins[seat])  # as many as are asked and left, at once
        if k > 0:
            self.sins[seat] -= k
            self.dens[task[2]][seat] += k
            task[3] -= k
        if task[3] == 0:
            self.stack.pop()
            return True
        return False

    def _step_eval_cat(self, task):
        self.stack.pop()
        self._eval_category(task[1], task[2], task[3])
        return True

    def _step_eval_pick(self, task):
        """Letters of a display: handed out without asking when nobody has a choice."""
        left = task[5] + task[6] + task[7] + task[8]
        if left == 0:
            self.stack.pop()
            return True
        taker = MeaCulpaState._single_taker(self, task, left)
        if taker >= 0:
            for c in range(4):
                self.letters[taker][c] += task[5 + c]
                task[5 + c] = 0
            return True
        colour = -1
        for c in range(4):
            if task[5 + c] > 0:
                if colour >= 0:
                    return False  # two colours or more: the picker chooses
                colour = c
        self.letters[MeaCulpaState._picker(self, task)][colour] += 1
        task[5 + colour] -= 1
        task[4] += 1
        return True

    def _step_eval_end(self, task):
        """The evaluated compartment's goods go back into the bag."""
        self.stack.pop()
        comp = task[1]
        for s in range(self.n):
            c = self.chest[s][comp]
            for g in range(4):
                self.bag[g] += c[g]
            self.chest[s][comp] = [0, 0, 0, 0, 0]
        self.evaluated += 1
        return True

    def _step_merchant(self, task):
        if sum(self.market) == 0:
            self.stack.pop()
            return True
        return False

    def _step_compare(self, task):
        self.stack.pop()
        self._compare_posts()
        return True

    def _step_final(self, task):
        self.stack.pop()
        self._final()
        return True

    # By task kind (T_START = 0 ... T_FINAL = 24): the step that resolves it.
    _STEPS = (
        _step_start,
        _step_bonus,
        _step_comp,
        _step_round,
        _step_market,
        _step_cards,
        _step_bids,
        _step_picks,
        _step_prelim,
        _decision,  # T_PETTY_VISIT
        _step_actions,
        _step_turn,
        _step_donate2,
        _decision,  # T_SUITE5
        _decision,  # T_DIE
        _decision,  # T_GUESS
        _step_effect,
        _decision,  # T_GIVE
        _step_sin,
        _step_eval_cat,
        _step_eval_pick,
        _step_eval_end,
        _step_merchant,
        _step_compare,
        _step_final,
    )

    def _start_round(self):
        self.stack.pop()
        self.round += 1
        self.holders = [-1, -1, -1, -1]
        self.die = -1
        self.pope_visit = []
        self.bids_shown = False
        self.keeper = -1
        self.extra_given = False
        if self.hut > 0:
            self.hut -= 1
            self.emp_crew = 1
        if not self.suite6 and self.supply[YELLOW] > 0:
            self.supply[YELLOW] -= 1
            self.suite6 = 1
        self.suite5 = 1
        for r in range(4):
            if self.rooms[r] >= 0:
                self.discard[self.rooms[r]] += 1
                self.rooms[r] = -1
        self.stack.append([T_ROUND])
        self.stack.append([T_COMPARE])
        self.stack.append([T_ACTIONS, POPE])
        self.stack.append([T_BIDS, 0])
        self.stack.append([T_CARDS, 1])
        self.stack.append([T_MARKET, D.MARKET_STONES[0]])

    def _reveal_bids(self):
        n = self.n
        keys = [self.hell_key(s) for s in range(n)]
        order, keeper = bid_order(self.bid_n, self.bid_t, keys)
        for s in range(n):
            if s != keeper:
                self.money[s] -= self.bid_t[s]
            self.post[s] = self.bid_n[s]
        self.keeper = keeper
        self.bids_shown = True
        # The bids are the last n secrets (every seat has just bid, one after another):
        # dropped without going through the compartments kept before them.
        del self.secret[len(self.secret) - n :]
        self.pick_order = order
        bids = [[self.bid_n[s], self.bid_t[s]] for s in range(n)]
        self._announce("bids", bids=bids, order=list(order), keeper=keeper)
        self.stack.append([T_PICKS, 0])

    def _after_picks(self):
        # Three players: the card nobody chose lends its Preliminary Action.
        if self.n != 3 or self.extra_given:
            return
        if self.holders[POPE] < 0 and self.holders[EMPEROR] >= 0:
            self.stack.append([T_PRELIM, self.holders[EMPEROR], 1])
        elif self.holders[EMPEROR] < 0 and self.holders[POPE] >= 0:
            self.stack.append([T_PRELIM, self.holders[POPE], 2])

    def _end_turn(self, task):
        self.stack.pop()
        if sum(self.market) == 0:
            return
        seat = task[1]
        if task[2] == MERCHANT:
            self.stack.append([T_MERCHANT, seat])
        elif self.holders[MERCHANT] < 0:
            nearest = MeaCulpaState._nearest_hell(self, range(self.n))
            if self.game.options["merchant3"] == "every":
                self.stack.append([T_MERCHANT, nearest])
            elif nearest == seat:
                self.stack.append([T_MERCHANT, seat])

    def _eval_category(self, site, comp, cat):
        donors = [s for s in range(self.n) if self._score(s, comp, cat) > 0]
        if not donors:
            return  # "leave the Letters in the supply"
        donors = sorted(donors, key=lambda s: (-self._score(s, comp, cat), -self.hell_key(s), s))
        printed = B.CATHEDRAL_LETTERS[site][cat]
        display = [0, 0, 0, 0]
        for c in range(4):
            display[c] = min(printed[c], self.supply[c])
            self.supply[c] -= display[c]
        d2 = donors[1] if len(donors) > 1 else -1
        self.stack.append([T_EVAL_PICK, cat, donors[0], d2, 0] + display)

    def _compare_posts(self):
        hi = max(self.post)
        lo = min(self.post)
        if hi == lo:
            return
        tied = [s for s in range(self.n) if self.post[s] == hi]
        # "Only the tied player furthest away from Hell moves towards Hell."
        mover = self._by_hell(tied)[-1]
        self.move_hell(mover, hi - lo)
        self._announce("posts-compared", seat=mover, steps=hi - lo)

    def _final(self):
        self._compare_posts()
        for s in self._by_hell(range(self.n)):
            lt = self.letters[s]
            sets = min(lt)
            rest = sum(lt) - 4 * sets
            self.move_heaven(s, sets * B.SET_STEPS[0] + rest * B.SINGLE_STEPS[0])
        top = -self.heaven
        winners = [s for s in range(self.n) if self.pos[s] <= top]
        # "Whoever gets their poor soul to Heaven, or comes closest to doing so, wins"
        self.won_by = "heaven"
        if not winners:
            best = self._by_hell(range(self.n))[-1]
            winners = [best]
            self.won_by = "closest"
        self.winners = winners
        self.over = True
        self._announce("result", winners=list(winners), by=self.won_by)

    # -- legal actions --------------------------------------------------------
    # A turn's list is asked at nearly every action, so it is written out good by good
    # (no loop, no sort), built in order: donations 100-107 < letters 200-201 < buys 210-213
    # < greedy buys 220-223 < sells 230-233 < visits 301-307 < reports 440-443; the helpers
    # append to the caller's list.
    def _donations(self, seat, out):
        """`out` with the donations `seat` may make appended (goods, then coins)."""
        g0, g1, g2, g3 = self.goods[seat]
        if g0 > 0:
            out.append(DONATE_BASE)
        if g1 > 0:
            out.append(DONATE_BASE + 1)
        if g2 > 0:
            out.append(DONATE_BASE + 2)
        if g3 > 0:
            out.append(DONATE_BASE + 3)
        money = self.money[seat]
        c0, c1, c2, c3 = COIN_VALUES  # in rising value
        if money >= c0:
            out.append(DONATE_BASE + 4)
        if money >= c1:
            out.append(DONATE_BASE + 5)
        if money >= c2:
            out.append(DONATE_BASE + 6)
        if money >= c3:
            out.append(DONATE_BASE + 7)
        return out

    def _visits(self, seat, extra, free, out):
        """`out` with the visits allowed to `seat` appended, `extra` notches already
        added: the rooms of available_rooms() it may afford by visit_cost()."""
        r1, r2, r3, r4 = self.rooms  # their cards, -1 for none
        # (compared in an if: CPython's fast compare is for a test that jumps)
        if r1 >= 0 or r2 >= 0 or r3 >= 0 or r4 >= 0:
            any_card = True
        elif self.suite6:
            any_card = False
        else:
            return out  # no room is open
        if self.holders[POPE] == seat:
            out.append(VISIT_POPE)
            return out
        if free:
            for r in self.available_rooms():
                out.append(VISIT_BASE + r)
            return out
        limit = POST_MAX - self.post[seat] - extra
        if self.holders[PETTY] == seat:  # visits for nothing: every open room, if any
            if limit < 0:
                return out
            cost = NO_NOTCHES
            suite6 = 0
        else:
            cost = CARD_NOTCHES
            suite6 = SUITE6_NOTCHES
        if r1 >= 0 and cost[r1] <= limit:
            out.append(VISIT_BASE + 1)
        if r2 >= 0 and cost[r2] <= limit:
            out.append(VISIT_BASE + 2)
        if r3 >= 0 and cost[r3] <= limit:
            out.append(VISIT_BASE + 3)
        if r4 >= 0 and cost[r4] <= limit:
            out.append(VISIT_BASE + 4)
        if self.suite5 and any_card and 0 <= limit:
            out.append(VISIT_BASE + 5)
        if self.suite6 and suite6 <= limit:
            out.append(VISIT_BASE + 6)
        return out

    def _turn_actions(self, task):
        seat = task[1]
        out = [END]
        count = task[3]
        if count < 2 and (count == 0 or self.post[seat] < POST_MAX):
            first = task[4]
            if first != DONATE:
                MeaCulpaState._donations(self, seat, out)
            if first != BUY:
                money = self.money[seat]
                m0, m1, m2, m3, mi = self.market
                if mi > 0 and money >= LETTER_PRICE:
                    if self.supply[RED] > 0:
                        out.append(BUY_LETTER)
                    if self.supply[GREEN] > 0:
                        out.append(BUY_LETTER + 1)
                p0, p1, p2, p3 = BUY_PRICES  # a greedy two cost the price of one
                if m0 > 0 and money >= p0:
                    out.append(BUY_BASE)
                if m1 > 0 and money >= p1:
                    out.append(BUY_BASE + 1)
                if m2 > 0 and money >= p2:
                    out.append(BUY_BASE + 2)
                if m3 > 0 and money >= p3:
                    out.append(BUY_BASE + 3)
                if m0 >= 2 and money >= p0:
                    out.append(GREEDY_BASE)
                if m1 >= 2 and money >= p1:
                    out.append(GREEDY_BASE + 1)
                if m2 >= 2 and money >= p2:
                    out.append(GREEDY_BASE + 2)
                if m3 >= 2 and money >= p3:
                    out.append(GREEDY_BASE + 3)
            if first != SELL:
                g0, g1, g2, g3 = self.goods[seat]
                if g0 > 0:
                    out.append(SELL_BASE)
                if g1 > 0:
                    out.append(SELL_BASE + 1)
                if g2 > 0:
                    out.append(SELL_BASE + 2)
                if g3 > 0:
                    out.append(SELL_BASE + 3)
            if first != VISIT:
                MeaCulpaState._visits(self, seat, count, False, out)
        if self.penitent:
            for t in range(self.n):
                if self.holders[PETTY] != t and not task[5] & (1 << t):
                    out.append(REPORT_BASE + t)
        return out

    def _legal_actions(self):
        task = self.stack[-1]
        kind = task[0]
        if kind == T_TURN:  # by how often each is asked, the commonest first
            return MeaCulpaState._turn_actions(self, task)
        if kind == T_COMP:
            return [COMP_BASE, COMP_BASE + 1]
        if kind == T_PICKS:
            holders = self.holders
            out = []
            for c in range(4):
                if holders[c] < 0:
                    out.append(PICK_BASE + c)
            return out
        if kind == T_MERCHANT:
            m = self.market
            out = []
            for g in range(4):
                if m[g] > 0:
                    out.append(MERCHANT_BASE + g)
            if m[INDULGENCE] > 0:
                if self.supply[RED] > 0:
                    out.append(MERCHANT_BASE + 4)
                if self.supply[GREEN] > 0:
                    out.append(MERCHANT_BASE + 5)
                if self.supply[RED] == 0 and self.supply[GREEN] == 0:
                    out.append(MERCHANT_BASE + 6)
            return out
        if kind == T_EVAL_PICK:
            out = []
            for c in range(4):
                if task[5 + c] > 0:
                    out.append(LETTER_PICK_BASE + c)
            return out
        if kind == T_PRELIM:  # in order: END, crews 380-382, Pope stones 390-398
            out = [END] if task[2] & 1 else []
            if task[2] & 2:
                for s in range(3):
                    if not self.done[s]:
                        out.append(CREW_BASE + s)
            if task[2] & 1:
                MeaCulpaState._pope_moves(self, out)
            return out
        if kind == T_EFFECT:
            return sorted(MeaCulpaState._effect_options(self, task[1], task[2]))
        if kind == T_PETTY_VISIT:
            return MeaCulpaState._visits(self, task[1], 0, True, [END])
        if kind == T_DONATE2:
            return MeaCulpaState._donations(self, task[1], [END])
        if kind == T_SUITE5:
            return [SUITE5_BASE + r + 1 for r in range(4) if self.rooms[r] >= 0]
        if kind == T_SIN:
            return [EMPTY_BASE + d for d in range(3) if self.dens[d][task[1]] > 0]
        if kind == T_DIE:
            return [DIE_BASE + r for r in self.available_rooms()]
        if kind == T_GUESS:
            return [GUESS_BASE + r for r in self.available_rooms()]
        if kind == T_BIDS:
            return bid_actions(self.money[task[1]])
        if kind == T_GIVE:
            return [GIVE_BASE + c for c in range(4) if self.letters[task[1]][c] > 0]
        if kind == T_BONUS:
            return [BONUS_BASE + b for b in range(4) if self.bonus[b] < 0]
        raise AssertionError("no decision at task %r" % (task,))

    def _chance_outcomes(self):
        task = self.stack[-1]
        kind = task[0]
        if kind == T_START:
            return [(START_BASE + s, 1) for s in range(self.n) if self.rank[s] < 0]
        if kind == T_MARKET:
            return [(DRAW_BASE + k, self.bag[k]) for k in range(5) if self.bag[k] > 0]
        return [(CARD_BASE + c, self.deck[c]) for c in range(len(self.deck)) if self.deck[c] > 0]

    def _draw_chance(self, stream):
        # stream.weighted(_chance_outcomes()) without building the list: the market's
        # stones and the House cards are drawn by their counts, the Start order as is
        kind = self.stack[-1][0]
        if kind == T_MARKET:
            return DRAW_BASE + _pick(self.bag, stream)
        if kind == T_CARDS:
            return CARD_BASE + _pick(self.deck, stream)
        return stream.weighted(self._chance_outcomes())

    def _play_chance(self, stream):
        # The market's stones and the House cards (most of the chance nodes) in one
        # loop each: the stone or card _draw_chance() would draw, put down as _apply()
        # puts it, and the task machine asked once at the end instead of after every
        # draw, as _step_market() and _step_cards() decide nothing until the run is
        # over (simcheck's check_chance_run proves the two agree).
        history = self._history
        stack = self.stack
        while not self.over:
            task = stack[-1]
            kind = task[0]
            if kind == T_MARKET:
                bag = self.bag
                market = self.market
                while task[1] > 0 and sum(bag) > 0:
                    k = _pick(bag, stream)
                    if self._news:
                        self._news = []
                    bag[k] -= 1
                    market[k] += 1
                    task[1] -= 1
                    history.append(DRAW_BASE + k)
            elif kind == T_CARDS and sum(self.deck) > 0:
                rooms = self.rooms
                while task[1] <= 4 and sum(self.deck) > 0:
                    deck = self.deck
                    c = _pick(deck, stream)
                    if self._news:
                        self._news = []
                    deck[c] -= 1
                    rooms[task[1] - 1] = c
                    task[1] += 1
                    history.append(CARD_BASE + c)
                    if task[1] <= 4 and sum(deck) == 0:
                        break  # the deck is reshuffled by _step_cards()
            else:  # the Start order, or a deck with no card left to draw
                State._play_chance(self, stream)
                return
            self._advance()

    def _play_random(self, chance, streams, stop):
        # driver.play()'s whole game when every seat is a plain random bot (streams[seat]
        # its stream) and nobody watches: the picks the driver makes (nothing drawn for a
        # forced move) and the chance runs of _play_chance(), without the driver's calls
        # at every action; a bid is picked by its index in bid_actions(), without the
        # list. simcheck proves the game the one apply() plays action by action.
        if stop is not None and stop < self.game.max_game_length():
            return  # a caller's cap, short of the rules' bound: the driver's loop stops there
        history = self._history
        per = POST_MAX - D.POST_MIN[0] + 1  # bids per taler
        low = BID_BASE + D.POST_MIN[0]
        # The methods asked at every action, looked up once: a state has too many
        # attributes for CPython to cache a method's lookup through it.
        turn_actions = self._turn_actions
        turn = self._turn
        advance = self._advance
        apply = self._apply
        legal_actions = self._legal_actions
        while not self.over:
            task = self.stack[-1]  # not kept aside: the game's end replaces the stack
            kind = task[0]
            if kind == T_TURN:  # the commonest: played here, as _apply() would
                legal = turn_actions(task)
                count = len(legal)
                action = legal[streams[task[1]].below(count)] if count > 1 else legal[0]
                if self._news:
                    self._news = []
                turn(task, action)
                advance()
                history.append(action)
                continue
            if kind == T_COMP:  # [COMP_BASE, COMP_BASE + 1]
                action = COMP_BASE + streams[task[1]].below(2)
            elif kind == T_BIDS:
                seat = task[1]
                i = streams[seat].below(per * (self.money[seat] + 1))
                action = low + (i // per) * 8 + i % per
            elif kind == T_MARKET or kind == T_CARDS or kind == T_START:
                self._play_chance(chance)
                continue
            else:
                legal = legal_actions()
                count = len(legal)
                if count > 1:
                    # the seat _current_player() names at these tasks
                    if kind == T_PICKS:
                        seat = self.pick_order[task[1]]
                    elif kind == T_EVAL_PICK:
                        seat = MeaCulpaState._picker(self, task)
                    elif kind == T_BONUS:
                        seat = self.placed[task[1]]
                    else:
                        seat = task[1]
                    action = legal[streams[seat].below(count)]
                else:
                    action = legal[0]
            if self._news:
                self._news = []
            apply(action)
            history.append(action)

    def _current_player(self):
        if self.over:
            return TERMINAL
        task = self.stack[-1]
        kind = task[0]
        if kind == T_TURN:  # the commonest, so asked first
            return task[1]
        if kind == T_PICKS:
            return self.pick_order[task[1]]
        if kind == T_EVAL_PICK:
            return MeaCulpaState._picker(self, task)
        if kind == T_START or kind == T_MARKET or kind == T_CARDS:
            return CHANCE
        if kind == T_BONUS:
            return self.placed[task[1]]
        return task[1]  # every other task names its seat first (a guess: the guesser)

    def _observers(self, action):
        task = self.stack[-1] if self.stack else None
        if task is None:
            return None
        kind = task[0]
        if kind == T_BIDS and action is not None and task[1] == self.n - 1:
            # the last bid reveals every bid at once ("revealed simultaneously"), though
            # it is still entered in private
            return None
        if kind == T_BIDS or kind == T_COMP or kind == T_DIE:
            return (self._current_player(),)
        return None

    # -- applying an action ------------------------------------------------------
    def _apply(self, action):
        task = self.stack[-1]
        kind = task[0]
        if kind == T_TURN:  # by how often each is asked, the commonest first
            self._turn(task, action)
        elif kind == T_COMP:
            self.stack.pop()
            comp = action - COMP_BASE
            self.chest[task[1]][comp][task[2]] += task[3]
            self.secret.append([len(self._history), task[1], K_COMP, task[2], task[3]])
        elif kind == T_BIDS:
            seat = task[1]
            v = action - BID_BASE
            self.bid_n[seat] = v % 8
            self.bid_t[seat] = v // 8
            self.secret.append([len(self._history), seat, K_BID, 0, 0])
            task[1] += 1
        elif kind == T_PICKS:
            MeaCulpaState._pick(self, task, action - PICK_BASE)
        elif kind == T_MERCHANT:
            self.stack.pop()
            MeaCulpaState._merchant_take(self, task[1], action - MERCHANT_BASE)
        elif kind == T_EVAL_PICK:
            c = action - LETTER_PICK_BASE
            self.letters[MeaCulpaState._picker(self, task)][c] += 1
            task[5 + c] -= 1
            task[4] += 1
        elif kind == T_PRELIM:
            MeaCulpaState._prelim(self, task, action)
        elif kind == T_EFFECT:
            self.stack.pop()
            MeaCulpaState._effect_choice(self, task[1], action)
        elif kind == T_PETTY_VISIT:
            self.stack.pop()
            if action != END:
                MeaCulpaState._start_visit(self, task[1], action)
        elif kind == T_DONATE2:
            self.stack.pop()
            if action != END:
                MeaCulpaState._donate(self, task[1], action - DONATE_BASE)
        elif kind == T_SUITE5:
            self.stack.pop()
            r = action - SUITE5_BASE - 1
            card = self.rooms[r]
            self.rooms[r] = -1
            self.discard[card] += 1
            self.stack.append([T_EFFECT, task[1], card])
        elif kind == T_SIN:
            d = action - EMPTY_BASE
            seat = task[1]
            k = self.dens[d][seat]
            self.dens[d][seat] = 0
            self.sins[seat] += k
            # "moving his poor soul that many steps towards Hell"
            self.move_hell(seat, k)
            self._announce("den-emptied", seat=seat, den=B.DEN_NAMES[d], steps=k)
        elif kind == T_DIE:
            self.stack.pop()
            self.die = action - DIE_BASE
            self.secret.append([len(self._history), task[1], K_DIE, 0, 0])
            guesser = self._nearest_hell([s for s in range(self.n) if s != task[1]])
            self.stack.append([T_GUESS, guesser, task[1]])
        elif kind == T_GUESS:
            self.stack.pop()
            pope = task[2]
            guess = action - GUESS_BASE
            caught = guess == self.die
            self.pope_visit = [pope, self.die, guess, 1 if caught else 0]
            self._announce(
                "pope-visit",
                pope=pope,
                room=self.die,
                where=room_name(self.die),
                guess=guess,
                guessed=room_name(guess),
                caught=caught,
            )
            self.secret = [e for e in self.secret if e[2] != K_DIE]
            room = self.die
            self.die = -1
            MeaCulpaState._visit(self, pope, room, True, caught)
        elif kind == T_GIVE:
            self.stack.pop()
            self._give(task[1], task[2], action - GIVE_BASE)
        elif kind == T_BONUS:
            self._take_bonus(self.placed[task[1]], action - BONUS_BASE)
            task[1] += 1
            self._push_bonus_donations(self.placed[task[1] - 1], action - BONUS_BASE)
        elif kind == T_START:
            s = action - START_BASE
            self.rank[s] = len(self.placed)
            self.placed.append(s)
        elif kind == T_MARKET:
            k = action - DRAW_BASE
            self.bag[k] -= 1
            self.market[k] += 1
            task[1] -= 1
        elif kind == T_CARDS:
            c = action - CARD_BASE
            self.deck[c] -= 1
            self.rooms[task[1] - 1] = c
            task[1] += 1
        else:
            raise AssertionError("no decision at task %r" % (task,))
        MeaCulpaState._advance(self)

    def _take_bonus(self, seat, b):
        self.bonus[b] = seat
        if b == 0:
            self.bag[0] -= 1
            self.bag[1] -= 1
        elif b == 1:
            self.bag[3] -= 1
        elif b == 3:
            self.supply[BLUE] -= 1
            self.letters[seat][BLUE] += 1

    def _push_bonus_donations(self, seat, b):
        # Pushed in reverse: the loaf is placed before the bottle.
        if b == 0:
            self.stack.append([T_COMP, seat, 1, 1])
            self.stack.append([T_COMP, seat, 0, 1])
        elif b == 1:
            self.stack.append([T_COMP, seat, 3, 1])
        elif b == 2:
            self.stack.append([T_COMP, seat, 4, B.BONUS_TALER[0]])

    def _pick(self, task, ch):
        seat = self.pick_order[task[1]]
        last = task[1] == len(self.pick_order) - 1
        task[1] += 1
        self.holders[ch] = seat
        if ch == POPE:
            flags = 1
            if self.n == 3 and last and self.holders[EMPEROR] < 0:
                flags |= 2
                self.extra_given = True
            self.stack.append([T_PRELIM, seat, flags])
        elif ch == EMPEROR:
            flags = 2
            if self.n == 3 and last and self.holders[POPE] < 0:
                flags |= 1
                self.extra_given = True
            self.stack.append([T_PRELIM, seat, flags])
        elif ch == PETTY:
            self.stack.append([T_PETTY_VISIT, seat])
            self.stack.append([T_SIN, seat, D.DEN_PETTY, 2])

    def _prelim(self, task, action):
        seat = task[1]
        if action == END:
            task[2] &= 2
        elif action >= POPE_STONE_BASE:
            task[2] &= 2
            v = action - POPE_STONE_BASE
            self.move_pope_stone(seat, v // 3, v % 3)
        else:
            task[2] &= 1
            self.emp_crew = 0
            self._place_crew(action - CREW_BASE)

    def _start_visit(self, seat, action):
        if action == VISIT_POPE:
            self.stack.append([T_DIE, seat])
        else:
            self._visit(seat, action - VISIT_BASE, False, False)

    def _turn(self, task, action):
        seat = task[1]
        if action == END:
            MeaCulpaState._end_turn(self, task)
            return
        if action >= REPORT_BASE:  # the only codes this high a turn offers
            t = action - REPORT_BASE
            task[5] |= 1 << t
            self.stack.append([T_SIN, t, D.DEN_PETTY, 1])
            return
        if task[3] == 1:
            self.post[seat] += 1  # a second action: rotate the post one notch higher
        task[3] += 1
        if action < BUY_LETTER:
            task[4] = DONATE
            MeaCulpaState._donate(self, seat, action - DONATE_BASE)
            if self.holders[EMPEROR] == seat:
                # The Emperor's privilege: a second donation, pushed under the first.
                self.stack.insert(len(self.stack) - 1, [T_DONATE2, seat])
        elif action < SELL_BASE:
            task[4] = BUY
            MeaCulpaState._buy(self, seat, action)
        elif action < VISIT_BASE:
            task[4] = SELL
            g = action - SELL_BASE
            self.goods[seat][g] -= 1
            self.bag[g] += 1
            self.money[seat] += B.PRICES[g][1]
        else:
            task[4] = VISIT
            MeaCulpaState._start_visit(self, seat, action)

    def _donate(self, seat, what):
        if what < 4:
            self.goods[seat][what] -= 1
            self.stack.append([T_COMP, seat, what, 1])
        else:
            value = B.COINS[0][what - 4]
            self.money[seat] -= value
            self.stack.append([T_COMP, seat, 4, value])

    def _buy(self, seat, action):
        m = self.market
        if action < BUY_BASE:
            self.money[seat] -= B.LETTER_PRICE[0]
            m[INDULGENCE] -= 1
            self.bag[INDULGENCE] += 1
            c = RED if action == BUY_LETTER else GREEN
            self.supply[c] -= 1
            self.letters[seat][c] += 1
        elif action < GREEDY_BASE:
            g = action - BUY_BASE
            self.money[seat] -= B.PRICES[g][0]
            m[g] -= 1
            self.goods[seat][g] += 1
        else:
            g = action - GREEDY_BASE
            self.money[seat] -= B.PRICES[g][0]
            m[g] -= 2
            self.goods[seat][g] += 2
            self.stack.append([T_SIN, seat, D.DEN_GREED, 1])

    def _effect_choice(self, seat, action):
        if action >= TAKE_BASE:
            g = action - TAKE_BASE
            self.market[g] -= 1
            self.goods[seat][g] += 1
        elif action >= POPE_STONE_BASE:
            v = action - POPE_STONE_BASE
            self.move_pope_stone(seat, v // 3, v % 3)
        elif action >= CREW_BASE:
            self.hut -= 1
            self._place_crew(action - CREW_BASE)
        else:
            v = action - CREW_MOVE_BASE
            self.crews[v // 3] -= 1
            self._place_crew(v % 3)

    def _merchant_take(self, seat, k):
        if k < 4:
            self.market[k] -= 1
            self.goods[seat][k] += 1
            return
        self.market[INDULGENCE] -= 1
        self.bag[INDULGENCE] += 1
        if k == 4:
            self.supply[RED] -= 1
            self.letters[seat][RED] += 1
        elif k == 5:
            self.supply[GREEN] -= 1
            self.letters[seat][GREEN] += 1

    # -- outcome ----------------------------------------------------------------
    def _returns(self):
        return [1 if s in self.winners else 0 for s in range(self.n)]

    def round_number(self):
        """The round (ROUND); the starting bonuses are chosen in the first."""
        return max(1, self.round)

    def standing(self):
        """Steps towards Heaven (STANDING): during play, where each soul would be
        if its Letters were counted now (8 steps a set of four colours, 1 a Letter
        left over, spaces taken aside); at the end, the final spaces."""
        if self.over:
            return [-p for p in self.pos]
        out = []
        for s in range(self.n):
            lt = self.letters[s]
            sets = min(lt)
            rest = sum(lt) - 4 * sets
            out.append(-self.pos[s] + sets * B.SET_STEPS[0] + rest * B.SINGLE_STEPS[0])
        return out

    def summary(self):
        """Final positions and Letters, for host statistics (str -> int)."""
        out = {"heaven": len([p for p in self.pos if p <= -self.heaven])}
        for s in range(self.n):
            out["pos_%d" % s] = self.pos[s]
            out["letters_%d" % s] = sum(self.letters[s])
        return out

    # -- hidden information -------------------------------------------------------
    def resample(self, seat, stream):
        """A state differing from this one only in secrets `seat` has not seen yet:
        other seats' unrevealed bids, compartments and Pope die, drawn once from
        `stream` and never from the secrets themselves (a search bot samples what
        it cannot see with this); None if there is none, or the draw gave back
        this very state."""
        others = [e for e in self.secret if e[1] != seat]
        if not others:
            return None
        other = self.clone()
        changed = False
        for e in others:
            index = e[0]
            s = e[1]
            old = other._history[index]
            if e[2] == K_BID:
                notches = D.POST_MIN[0] + stream.below(D.POST_MAX[0] - D.POST_MIN[0] + 1)
                taler = stream.below(other.money[s] + 1)
                other.bid_n[s] = notches
                other.bid_t[s] = taler
                new = BID_BASE + taler * 8 + notches
            elif e[2] == K_COMP:
                was = old - COMP_BASE
                comp = stream.below(2)
                other.chest[s][was][e[3]] -= e[4]
                other.chest[s][comp][e[3]] += e[4]
                new = COMP_BASE + comp
            else:
                rooms = other.available_rooms()
                other.die = rooms[stream.below(len(rooms))]
                new = DIE_BASE + other.die
            if new != old:
                changed = True
            other._history[index] = new
        return other if changed else None

    def _view(self, seat):
        n = self.n
        p = self._current_player()
        task = self.stack[-1] if self.stack else [T_FINAL]
        v = {
            "round": self.round,
            "phase": "over" if self.over else PHASE_NAMES[task[0]],
            "to_move": p,
            "souls": list(self.pos),
            "start_order": list(self.placed),
            "heaven": self.heaven,
            "posts": list(self.post),
            "characters": list(self.holders),
            "bonuses": list(self.bonus),
            "market": list(self.market),
            "letter_supply": list(self.supply),
            "rooms": list(self.rooms),
            "suite5": self.suite5,
            "suite6": self.suite6,
            "deck": sum(self.deck),
            "discard": list(self.discard),
            "pope_stones": list(self.pope_stones),
            "dens": [list(d) for d in self.dens],
            "sin_stones": list(self.sins),
            "sites": [[self.crews[i], self.nave[i], self.done[i]] for i in range(3)],
            "hut": self.hut,
            "emperor_crew": self.emp_crew,
            "evaluated": self.evaluated,
            "evaluations": [list(e) for e in self.evals],
            "pope_visit": list(self.pope_visit),
            "die_set": self.die >= 0,
            # Facts the table derives, given by the rules so no screen recomputes them:
            "hell_order": self._by_hell(range(n)),  # nearest Hell first (ties: Start order)
            "rooms_open": self.available_rooms(),
            "result": {"winners": list(self.winners), "by": self.won_by} if self.over else None,
        }
        # Donations are shown before they go in: what each chest holds, not where.
        v["chests"] = [
            [self.chest[s][0][i] + self.chest[s][1][i] for i in range(5)] for s in range(n)
        ]
        if self.bids_shown:
            v["bids"] = [[self.bid_n[s], self.bid_t[s]] for s in range(n)]
            v["keeper"] = self.keeper
            v["pick_order"] = list(self.pick_order)
        elif task[0] == T_BIDS:
            v["bids_made"] = task[1]
        if task[0] == T_TURN:
            v["turn"] = [task[1], task[2], task[3], task[4], task[5]]
        if task[0] == T_EVAL_PICK:
            v["display"] = [task[1], task[2], task[3]] + task[5:9]
        if seat is not None:
            me = {
                "seat": seat,
                "money": self.money[seat],
                "goods": list(self.goods[seat]),
                "letters": list(self.letters[seat]),
                "chest": [list(self.chest[seat][0]), list(self.chest[seat][1])],
            }
            if task[0] == T_BIDS and seat < task[1]:
                me["bid"] = [self.bid_n[seat], self.bid_t[seat]]
            if self.die >= 0 and self.holders[POPE] == seat:
                me["die"] = self.die
            v["me"] = me
        if self.over:
            v["screens"] = [
                [self.money[s]] + list(self.goods[s]) + list(self.letters[s]) for s in range(n)
            ]
            v["winners"] = list(self.winners)
        return v

    # -- text ------------------------------------------------------------------
    def _action_text(self, action):
        return action_text(action, self.n)


def _pick(counts, stream):
    """The index stream.weighted() picks among counts[i] copies of each i (zeros
    skipped): the below(total)-th copy, counted in index order."""
    r = stream.below(sum(counts))
    i = 0
    for c in counts:
        if r < c:
            return i
        r -= c
        i += 1
    raise AssertionError("below(total) gave %d past the last copy" % r)


# Every bid with up to BID_TABLE_TALER taler, in order: a bid's legal list is a slice.
BID_TABLE_TALER = 127
_BIDS = tuple(
    [
        BID_BASE + t * 8 + k
        for t in range(BID_TABLE_TALER + 1)
        for k in range(D.POST_MIN[0], D.POST_MAX[0] + 1)
    ]
)


def bid_actions(money):
    """The bids of a seat holding `money` taler: notches 1..6 plus 0..money taler."""
    per = D.POST_MAX[0] - D.POST_MIN[0] + 1
    if money <= BID_TABLE_TALER:
        return list(_BIDS[: per * (money + 1)])
    return [
        BID_BASE + t * 8 + k
        for t in range(money + 1)
        for k in range(D.POST_MIN[0], D.POST_MAX[0] + 1)
    ]


def action_text(action, players=4):
    """A short description of an action code, independent of the state."""
    goods = B.GOOD_NAMES
    if action == END:
        return "pass / done"
    if action >= BID_BASE:
        return "bid %d notches + %d taler" % bid_parts(action)
    if action >= REPORT_BASE:
        return "report a petty sin by seat %d" % (action - REPORT_BASE)
    if action >= PICK_BASE:
        return "choose the %s" % CHARACTER_NAMES[action - PICK_BASE]
    if action >= LETTER_PICK_BASE:
        return "take a %s Letter" % B.LETTER_NAMES[action - LETTER_PICK_BASE]
    if action >= MERCHANT_BASE:
        k = action - MERCHANT_BASE
        if k < 4:
            return "Merchant takes a %s" % goods[k]
        if k == 6:
            return "Merchant takes an indulgence stone (no Letter left)"
        return "Merchant takes an indulgence stone for a %s Letter" % B.LETTER_NAMES[k - 2]
    if action >= TAKE_BASE:
        return "take a %s free" % goods[action - TAKE_BASE]
    if action >= POPE_STONE_BASE:
        v = action - POPE_STONE_BASE
        return "move a Pope stone from the den of %s to %s" % (
            B.DEN_NAMES[v // 3],
            B.DEN_NAMES[v % 3],
        )
    if action >= CREW_BASE:
        return "place a building crew on site %s" % "ABC"[action - CREW_BASE]
    if action >= CREW_MOVE_BASE:
        v = action - CREW_MOVE_BASE
        return "move a building crew from site %s to %s" % ("ABC"[v // 3], "ABC"[v % 3])
    if action >= EMPTY_BASE:
        return "take back all sin stones from the den of %s" % B.DEN_NAMES[action - EMPTY_BASE]
    if action >= GIVE_BASE:
        return "give a %s Letter" % B.LETTER_NAMES[action - GIVE_BASE]
    if action >= GUESS_BASE:
        return "guess the Pope is in %s" % room_name(action - GUESS_BASE)
    if action >= DIE_BASE:
        return "set the Pope die to %s" % room_name(action - DIE_BASE)
    if action >= SUITE5_BASE:
        return "in Suite 5, use the card of room %d" % (action - SUITE5_BASE)
    if action == VISIT_POPE:
        return "the Pope has an urgent meeting"
    if action >= VISIT_BASE:
        return "visit %s" % room_name(action - VISIT_BASE)
    if action >= SELL_BASE:
        return "sell a %s" % goods[action - SELL_BASE]
    if action >= GREEDY_BASE:
        return "greedily buy two %s" % goods[action - GREEDY_BASE]
    if action >= BUY_BASE:
        return "buy a %s" % goods[action - BUY_BASE]
    if action >= BUY_LETTER:
        return "buy a %s Letter" % ("red" if action == BUY_LETTER else "green")
    if action >= DONATE_BASE:
        what = action - DONATE_BASE
        if what < 4:
            return "donate a %s" % goods[what]
        return "donate a %d-taler coin" % B.COINS[0][what - 4]
    if action >= COMP_BASE:
        return "into compartment %s" % ("I" if action == COMP_BASE else "II")
    if action >= BONUS_BASE:
        return "take starting bonus %d: %s" % (
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
