"""7: The Sins (David Spada, GateOnGames 2019), for 2 to 5 players.

Rules: the 7: The Sins rulebook (GateOnGames, 2019); each quote below names the
section it is from (Setup, Turn Sequence, End of the Game, Game Variant: Penance).
The readings chosen where the rulebook is unclear: docs/rules/seven-sins.md.

Seats are numbered in counter-clockwise order, so the next player is always
seat + 1 (mod n), and "the player to the left of the first player" (who plays
last in every round) is seat first - 1 (mod n).

Cards are small ints ("codes"): 0..6 the seven sins in SIN_NAMES order, 7 a
Last Judgment, 8 + s the Penance card of sin s. Actions:

    RESERVE + s   (0..6)    take every card of sin s from the centre to your reserve
    ABYSS + s     (10..16)  take them onto the Abyss of Souls (and a Stone, if any remain)
    STONE + s     (20..26)  manual stones: place one Stone of Forgiveness on sin s
    CARD + code   (40..54)  chance: the next card dealt or revealed is `code`
    CHOOSE + s    (60..66)  chance: sin s is one of the types in play

Screens and logs never see these numbers: SevenSins.decode(action) gives plain
data ({"kind": "take", "sin": "Envy", "to": "abyss"}) and encode() the code back;
view() carries the facts a table derives (what each take collects, Last
Judgments out of 3, the Abyss threshold, the result and its tie-break), and the
rules announce a take, a Last Judgment, the reckoning and the result.
"""

from shared_rules.game import (
    CHANCE,
    SEATS,
    TERMINAL,
    BadOption,
    Game,
    IllegalAction,
    State,
    from_entry,
)
from shared_rules.seven_sins import entry as ENTRY

SIN_NAMES = ("Pride", "Greed", "Lust", "Envy", "Wrath", "Sloth", "Gluttony")
NUM_SINS = 7
SIN_RANGE = tuple(range(NUM_SINS))  # iterated at every node: built once
LAST_JUDGMENT = 7  # card code
PENANCE = 8  # card code PENANCE + s is the Penance card of sin s
NUM_CODES = 15
CARD_NAMES = SIN_NAMES + ("Last Judgment",) + tuple(["Penance " + n for n in SIN_NAMES])

# Setup: "| Number of players | Deadly Sin card types |": 2 -> 4, 3 -> 5, 4 -> 6, 5 -> 7
TYPES_BY_PLAYERS = {2: 4, 3: 5, 4: 6, 5: 7}
# Setup: "| Number of players | Number of Stones of Forgiveness |": 2 -> 4 ... 5 -> 10
STONES_BY_PLAYERS = {2: 4, 3: 6, 4: 8, 5: 10}
# Contents: "6 of each in the Hell I deck, 3 in Hell II and 2 in Hell III"
SPLIT = (6, 3, 2)
CARDS_PER_SIN = 11
CENTRE_SIZE = 5
OPENING_REVEAL = 5
LAST_JUDGMENTS = 3
# Points for 0..6 cards of a type; 7 or more score 10.
POINTS = (0, 1, 3, 6, -1, -3, -6)
SEVEN_PLUS = 10
ABYSS_THRESHOLD = 7  # End of the Game: "greater than 7": most points wins; else fewest

DECK_NAMES = ("I", "II", "III", "penance")  # top of the pile first

# Action bases.
RESERVE = 0
ABYSS = 10
STONE = 20
CARD = 40
CHOOSE = 60

# Phases.
SETUP = "setup"
PLAY = "play"
STONES = "stones"
OVER = "over"

# Option values.
PENANCE_AS_SIN = ENTRY.PENANCE_AS_SIN
PENANCE_BLANK = ENTRY.PENANCE_BLANK


def points(count):
    """Points for `count` cards (stones included) of one type."""
    if count >= 7:
        return SEVEN_PLUS
    return POINTS[count]


# points(count) for every count one type can reach (its 11 cards, its Penance card and
# a Stone: 13), for the scoring loops of every game's end: indexing costs less than a call.
POINTS_BY_COUNT = tuple([points(count) for count in range(CARDS_PER_SIN + 3)])


def score_counts(counts, placement=()):
    """Total points of per-type counts with a stone on each type in `placement`."""
    total = 0
    for s in range(len(counts)):
        total += POINTS_BY_COUNT[counts[s] + (1 if s in placement else 0)]
    return total


def best_stone_placement(counts_by_type, stones, most_wins):
    """The best legal placement of `stones` Stones of Forgiveness, and its score.

    counts_by_type: cards of each type in a reserve (a list indexed by type).
    A stone goes only on a type with at least one card, at most one per type,
    and min(stones, owned types) stones must be placed ("Excess stones are
    ignored"). most_wins: True to maximise the score, False to minimise it.

    Stones act independently (one per type), so the best placement takes the
    types whose stone changes the score most in the wanted direction; equal
    changes go to the lower type index first, so the answer is unique.
    Returns (sorted list of type indices, score).
    """
    owned = []
    base = 0
    for s in range(len(counts_by_type)):
        c = counts_by_type[s]
        if c > 0:  # no card scores 0
            now = POINTS_BY_COUNT[c]
            base += now
            gain = POINTS_BY_COUNT[c + 1] - now
            owned.append((-gain if most_wins else gain, s))
    owned.sort()
    chosen = []
    score = base
    for i in range(min(stones, len(owned))):
        key, s = owned[i]
        chosen.append(s)
        score += -key if most_wins else key
    chosen.sort()
    return chosen, score


def winners(scores, cards, types, most_wins):
    """Seats that win: best score in the direction, then most cards, then most
    types; whoever is still tied shares the win. Returns a sorted list."""
    return ranking(scores, cards, types, most_wins)[1]


TIE_BREAKS = ("points", "cards", "types")


def ranking(scores, cards, types, most_wins):
    """(order, winners, decided_by) of the end. "In case of a tie, the player with
    the most cards wins the game. If the tie persists, the player who has the most
    different types of Sins wins. If there is still a tie, the players concerned
    share the victory" (End of the Game).

    order: every seat, best first (ties in seat order); winners: sorted; decided_by:
    "points", "cards" or "types" (the first key that left one seat alone on top),
    or "shared"."""
    keys = []  # per seat, smaller is better: the three keys negated, then the seat
    for seat in range(len(scores)):
        better = scores[seat] if most_wins else -scores[seat]
        keys.append((-better, -cards[seat], -types[seat], seat))
    ranked = sorted(keys)  # best first, ties in seat order (the seat is the last key)
    order = []
    for k in ranked:
        order.append(k[3])
    best = ranked[0]
    tied = keys  # the seats level with the best on the keys so far, in seat order
    decided_by = "shared"
    for level in range(3):
        level_with_best = []
        for k in tied:
            if k[level] == best[level]:
                level_with_best.append(k)
        tied = level_with_best
        if len(tied) == 1:
            decided_by = TIE_BREAKS[level]
            break
    won = []
    for k in tied:
        won.append(k[3])
    return order, won, decided_by


def split(action):
    """(kind, index, destination) of an action code, inside this module:
    ("take", sin, "reserve"), ("take", sin, "abyss"), ("stone", sin, None),
    ("card", card code, None) or ("choose", sin, None).
    """
    if RESERVE <= action < RESERVE + NUM_SINS:
        return ("take", action - RESERVE, "reserve")
    if ABYSS <= action < ABYSS + NUM_SINS:
        return ("take", action - ABYSS, "abyss")
    if STONE <= action < STONE + NUM_SINS:
        return ("stone", action - STONE, None)
    if CARD <= action < CARD + NUM_CODES:
        return ("card", action - CARD, None)
    if CHOOSE <= action < CHOOSE + NUM_SINS:
        return ("choose", action - CHOOSE, None)
    raise IllegalAction("%r is not a 7: The Sins action" % (action,))


def sin_index(name):
    """The index of a sin from its name (any case); raises BadOption."""
    key = name.strip().lower()
    for s in range(NUM_SINS):
        if SIN_NAMES[s].lower() == key:
            return s
    raise BadOption("no sin called %r (sins: %s)" % (name, ", ".join(SIN_NAMES)))


def parse_sins(text, players):
    """The sorted sin indices a table chose ("Pride,Envy,..."), checked against
    the player count; None for "random"."""
    if text.strip().lower() == "random":
        return None
    wanted = TYPES_BY_PLAYERS[players]
    chosen = []
    for part in text.split(","):
        if not part.strip():
            continue
        s = sin_index(part)
        if s in chosen:
            raise BadOption("sin %s is chosen twice" % SIN_NAMES[s])
        chosen.append(s)
    if len(chosen) != wanted:
        raise BadOption(
            "%d players play with %d types of sin, not %d" % (players, wanted, len(chosen))
        )
    chosen.sort()
    return chosen


def _sin(data, key="sin"):
    return sin_index(data.get(key) if isinstance(data.get(key), str) else "?")


@from_entry(ENTRY)
class SevenSins(Game):
    SUMMARY = (
        ("score%d", "final score (with the Stones of Forgiveness placed)"),
        ("cards%d", "cards in the reserve at the end"),
        ("stones%d", "Stones of Forgiveness taken"),
        ("abyss_points", "points of the Abyss of Souls at the end"),
        ("abyss_cards", "cards put on the Abyss of Souls"),
        ("most_wins", "did the Abyss make most points win (over 7)?"),
        ("turns", "turns played (cards taken)"),
    )
    ROUND = "every player takes cards once"
    STANDING = "points"

    def _check_options(self):
        n = self.num_players
        if self.options["first_player"] >= n:
            raise BadOption(
                "first_player must be a seat from 0 to %d, not %d"
                % (n - 1, self.options["first_player"])
            )
        text = self.options["sins"]
        if not isinstance(text, str):
            raise BadOption("option sins takes random or a comma-separated list of sins")
        chosen = parse_sins(text, n)
        if chosen is not None:
            self.options["sins"] = ",".join([SIN_NAMES[s] for s in chosen])
        else:
            self.options["sins"] = "random"
        self.fixed_sins = chosen
        self.num_types = TYPES_BY_PLAYERS[n]
        # Read at every node (legal actions, refills): an attribute, not an option lookup.
        # Penance cards exist only in the Penance variant: without it there is none to count.
        self.takes_penance = self.options["penance"] and (
            self.options["penance_cards"] == PENANCE_AS_SIN
        )

    def new_initial_state(self):
        return SevenSinsState(self)

    def view_names(self):
        """The opening card and the centre are card codes, the sins in play sin codes;
        the decks are the three Hells and the Penance cards, top first."""
        piles = tuple(["Hell " + d for d in DECK_NAMES[:3]]) + ("Penance cards",)
        return {
            "codes": {"opening": CARD_NAMES, "centre": CARD_NAMES, "sins": SIN_NAMES},
            "per": {"decks": piles, "reserve_cards": SEATS, "stones": SEATS, "seats": SEATS},
            "seats": ["seat", "to_move", "first_player", "last_seat", "winners", "order"],
            "skip": [],
            "fields": {},
        }

    # -- the action codec -----------------------------------------------------
    def decode(self, action):
        """{"kind": "take", "sin": "Envy", "to": "reserve" | "abyss"},
        {"kind": "stone", "sin": ...}, {"kind": "card", "card": "Envy" | "Last
        Judgment" | "Penance Envy"} or {"kind": "choose", "sin": ...}."""
        kind, x, dest = split(action)
        if kind == "take":
            return {"kind": "take", "sin": SIN_NAMES[x], "to": dest}
        if kind == "card":
            return {"kind": "card", "card": CARD_NAMES[x]}
        return {"kind": kind, "sin": SIN_NAMES[x]}

    def encode(self, data):
        kind = data.get("kind") if isinstance(data, dict) else None
        try:
            if kind == "take":
                to = data.get("to")
                if to not in ("reserve", "abyss"):
                    raise BadOption(to)
                return (RESERVE if to == "reserve" else ABYSS) + _sin(data)
            if kind == "stone":
                return STONE + _sin(data)
            if kind == "choose":
                return CHOOSE + _sin(data)
            if kind == "card":
                for c in range(NUM_CODES):
                    if CARD_NAMES[c] == data.get("card"):
                        return CARD + c
        except BadOption:
            pass
        raise IllegalAction("7: The Sins has no action %r" % (data,))

    def max_game_length(self):
        t = self.num_types
        penance = self.options["penance"]
        cards = CARDS_PER_SIN * t + LAST_JUDGMENTS + (t if penance else 0)
        takeable = CARDS_PER_SIN * t + (t if penance else 0)
        choose = t if self.fixed_sins is None else 0
        # every card is dealt or revealed at most once; every turn takes at
        # least one card; every stone is placed at most once
        return choose + cards + takeable + STONES_BY_PLAYERS[self.num_players]


class SevenSinsState(State):
    def __init__(self, game):
        State.__init__(self, game)
        n = game.num_players
        self.in_play = [0] * NUM_SINS
        # Each deck as its cards' codes in ascending order: the r-th card of a weighted
        # draw over the codes (walked in order) is simply decks[d][r].
        self.decks = [[], [], [], []]
        self.centre = [0] * NUM_CODES
        self.centre_size = 0
        self.reserve = [[0] * NUM_SINS for _ in range(n)]
        self.reserve_cards = [0] * n
        self.abyss = [0] * NUM_SINS
        self.stones = [0] * n
        self.stones_left = STONES_BY_PLAYERS[n]
        self.opening = [-1] * n
        self.phase = SETUP
        self.turn = game.options["first_player"]
        self.refilling = False
        self.judgments = 0
        self.final_round = False
        self.turns = 0
        self.placed = [[0] * NUM_SINS for _ in range(n)]
        self.to_place = [0] * n
        self.place_seat = -1
        self.abyss_points = 0
        self.most_wins = False
        self.scores = None
        self.result = None  # at the end: {"winners", "order", "decided_by"}, as view() shows it
        # The deck the next card comes from (current_deck()), kept up to date where a
        # deck changes, so that a chance node (most of the nodes) need not search.
        self.next_deck = -1
        # Counts that can be derived (types chosen, opening cards dealt, cards on the
        # Abyss, the end's parts) are not kept as attributes of their own: on CPython
        # 3.11 an object with 30 or more stops having its attribute lookups sped up.
        if game.fixed_sins is not None:
            for s in game.fixed_sins:
                self.in_play[s] = 1
            self._build_decks()

    # -- set-up -------------------------------------------------------------
    def _build_decks(self):
        sins = self.sins()
        for d in range(3):
            deck = self.decks[d]
            for s in sins:
                deck += [s] * SPLIT[d]
        self.next_deck = self._first_deck_left()

    def _finish_setup(self):
        # Setup: "Shuffle one Last Judgment card into each deck ... Place the Hell III
        # deck ..., the Hell II deck on top of it, and finally the Hell I cards."
        for d in range(3):
            self.decks[d].append(LAST_JUDGMENT)  # the highest code: the deck stays in order
        if self.game.options["penance"]:
            # Game Variant: Penance: "Take the Penance cards corresponding to the Sins
            # used in the game, shuffle them and place them at the bottom of the Deadly
            # Sins draw pile."
            for s in range(NUM_SINS):
                if self.in_play[s]:
                    self.decks[3].append(PENANCE + s)
        self.next_deck = self._first_deck_left()
        self.phase = PLAY
        self.turn = self.game.options["first_player"]

    def _choosing(self):
        """Whether chance is still choosing the types of sin in play."""
        return sum(self.in_play) < self.game.num_types

    def _dealt(self):
        """How many opening cards have been dealt (one per seat, in seat order)."""
        return len(self.opening) - self.opening.count(-1)

    def sins(self):
        """The sin indices in play, sorted."""
        return [s for s in range(NUM_SINS) if self.in_play[s]]

    def last_seat(self):
        """The player to the left of the first player: last in every round."""
        n = self.game.num_players
        return (self.game.options["first_player"] + n - 1) % n

    def current_deck(self):
        """The deck the next card comes from (0..3), or -1 if the pile is empty."""
        return self.next_deck

    def _first_deck_left(self):
        decks = self.decks
        if decks[0]:
            return 0
        if decks[1]:
            return 1
        if decks[2]:
            return 2
        return 3 if decks[3] else -1

    def _take_count(self, s):
        if self.game.takes_penance:
            return self.centre[s] + self.centre[PENANCE + s]
        return self.centre[s]

    # -- protocol -----------------------------------------------------------
    def _current_player(self):
        if self.refilling:  # a reveal during play: the commonest node first
            return CHANCE
        phase = self.phase
        if phase == PLAY:
            return self.turn
        if phase == SETUP:
            return CHANCE
        if phase == STONES:
            return self.place_seat
        return TERMINAL

    def _chance_outcomes(self):
        if self._choosing():
            return [(CHOOSE + s, 1) for s in range(NUM_SINS) if not self.in_play[s]]
        deck = self.decks[self.current_deck()]
        return [(CARD + c, deck.count(c)) for c in range(NUM_CODES) if c in deck]

    def _draw_chance(self, stream):
        # The driver's fast path: stream.weighted(self._chance_outcomes()) without
        # building the list (the total weight is the deck's size; its codes are in order).
        d = self.next_deck
        if d < 0:  # choosing the types of sin, no deck yet: each one left weighs 1
            r = stream.below(NUM_SINS - sum(self.in_play))
            for s in SIN_RANGE:
                if not self.in_play[s]:
                    if r == 0:
                        return CHOOSE + s
                    r -= 1
            raise AssertionError("unreachable")
        deck = self.decks[d]
        return CARD + deck[stream.below(len(deck))]

    def _legal_actions(self):
        if self.phase == STONES:
            seat = self.place_seat
            own = self.reserve[seat]
            done = self.placed[seat]
            return [STONE + s for s in range(NUM_SINS) if own[s] and not done[s]]
        # The sins with a card to take from the centre, in one plain loop (asked at
        # every turn; a comprehension costs a function call on CPython before 3.12):
        # RESERVE + s is s, then the Abyss's, so the list comes sorted.
        centre = self.centre
        to_reserve = []
        to_abyss = []
        if self.game.takes_penance:
            for s in SIN_RANGE:
                if centre[s] or centre[PENANCE + s]:
                    to_reserve.append(RESERVE + s)
                    to_abyss.append(ABYSS + s)
        else:
            for s in SIN_RANGE:
                if centre[s]:
                    to_reserve.append(RESERVE + s)
                    to_abyss.append(ABYSS + s)
        return to_reserve + to_abyss

    def _observers(self, action):
        # An opening card is drawn and looked at secretly by its receiver.
        if self.phase == SETUP and not self._choosing() and self._dealt() < self.game.num_players:
            return (self._dealt(),)
        return None

    def _apply(self, action):
        if self.refilling:  # a reveal during play, the commonest node
            code = action - CARD
            deck = self.decks[self.next_deck]
            deck.remove(code)  # one card of that code: the deck stays in order
            self._reveal(code, deck)
            return
        if self.phase != PLAY:
            if self.phase == STONES:
                self._place(action - STONE)
            else:
                self._apply_setup(action)
            return
        # A take, the only move of play, written out here: no call.
        seat = self.turn
        s = action % 10
        count = self.centre[s]
        self.centre[s] = 0
        if self.game.takes_penance:
            count += self.centre[PENANCE + s]
            self.centre[PENANCE + s] = 0
        self.centre_size -= count
        stone = False
        if action >= ABYSS:
            self.abyss[s] += count
            if self.stones_left:
                self.stones[seat] += 1
                self.stones_left -= 1
                stone = True
        else:
            self.reserve[seat][s] += count
            self.reserve_cards[seat] += count
        # Announced as a tuple, made a dict only if announcements() is asked for: a take
        # is announced at every turn, and a driver with nobody watching drops it unread.
        self._news.append((seat, s, count, action >= ABYSS, stone))
        self.turns += 1
        if self.final_round and seat == self.last_seat():
            # Penance: "until the player to the left of the first player
            # finishes their turn"; the centre no longer matters.
            self._end_play()
            return
        if self.centre_size < CENTRE_SIZE and self.next_deck >= 0:
            self.refilling = True  # what _refill() would decide, without the call
            return
        self._refill()

    def _play_chance(self, stream):
        # The reveals that refill the centre after a take (most of the game's nodes)
        # in one loop: the card _draw_chance() would draw, played as _reveal() plays it,
        # written out here as a call costs CPython about as much as the reveal itself
        # (simcheck's check_chance_run proves the two agree).
        if not self.refilling:  # the set-up's chance, one node at a time
            State._play_chance(self, stream)
            return
        history = self._history
        centre = self.centre
        while self.refilling:
            deck = self.decks[self.next_deck]
            code = deck.pop(stream.below(len(deck)))
            if self._news:
                self._news = []
            if not deck:
                self.next_deck = self._first_deck_left()
            centre[code] += 1
            self.centre_size += 1
            if code == LAST_JUDGMENT and self._last_judgment():
                history.append(CARD + code)
                return  # play has ended
            if self.centre_size >= CENTRE_SIZE or self.next_deck < 0:
                self._refill()  # the centre is full, or the pile is empty
            history.append(CARD + code)

    def _reveal(self, code, deck):
        """A card of `code`, just taken from `deck`, is revealed into the centre."""
        if not deck:
            self.next_deck = self._first_deck_left()
        self.centre[code] += 1
        self.centre_size += 1
        if code == LAST_JUDGMENT and self._last_judgment():
            return  # play has ended
        if self.centre_size < CENTRE_SIZE and self.next_deck >= 0:
            return  # more to reveal: what _refill() would decide, without the call
        self._refill()

    def _apply_setup(self, action):
        n = self.game.num_players
        if self.next_deck < 0:  # no deck yet: chance is choosing the types of sin
            self.in_play[action - CHOOSE] = 1
            if not self._choosing():
                self._build_decks()
            return
        code = action - CARD
        self._take_from_deck(0, code)
        seat = self._dealt()
        if seat < n:
            # Setup: "Each player draws one card from the Hell I deck, looks at it
            # secretly, and puts it face down in their reserve."
            self.opening[seat] = code
            self.reserve[seat][code] += 1
            self.reserve_cards[seat] += 1
            return
        # Setup: "Reveal the first 5 cards of the Hell I deck"
        self.centre[code] += 1
        self.centre_size += 1
        if self.centre_size == OPENING_REVEAL:
            self._finish_setup()

    def _take_from_deck(self, d, code):
        deck = self.decks[d]
        deck.remove(code)
        if not deck:
            self.next_deck = self._first_deck_left()

    def announcements(self):
        out = []
        for item in self._news:
            if type(item) is tuple:  # a take, as _apply() keeps it
                seat, s, count, to_abyss, stone = item
                item = {  # the keys in the order _announce() gives them
                    "seat": seat,
                    "sin": SIN_NAMES[s],
                    "cards": count,
                    "to": "abyss" if to_abyss else "reserve",
                    "stone": stone,
                    "kind": "take",
                }
            out.append(item)
        return out

    def _last_judgment(self):
        """Count a Last Judgment just revealed; True if it ends play now."""
        self.judgments += 1
        ends = self.judgments == LAST_JUDGMENTS
        # End of the Game: "The game ends immediately as soon as the 3rd Last Judgment
        # card is revealed."
        now = ends and (not self.game.options["penance"] or self.turn == self.last_seat())
        # Game Variant: Penance: "the players' turns continue until the player to the
        # left of the first player finishes their turn"
        self.final_round = ends and not now
        self._announce(
            "last-judgment",
            number=self.judgments,
            of=LAST_JUDGMENTS,
            play_ends=now,
            final_round=self.final_round,
        )
        if now:
            self._end_play()
        return now

    def _refill(self):
        """Reveal until 5 cards lie in the centre; then the next player plays."""
        if self.centre_size < CENTRE_SIZE and self.next_deck >= 0:  # cards left to reveal
            self.refilling = True
            return
        self.refilling = False
        self.turn = (self.turn + 1) % self.game.num_players
        centre = self.centre
        for s in SIN_RANGE:
            if centre[s]:
                return
        if self.game.takes_penance:
            for s in range(NUM_SINS):
                if centre[PENANCE + s]:
                    return
        # Nothing left to take (only once the pile has run out in the Penance
        # variant): nobody can play again, so play ends.
        self._end_play()

    # -- scoring -----------------------------------------------------------
    def _end_play(self):
        self.refilling = False
        # End of the Game: "Do not take into account the Stones of Forgiveness still present."
        self.abyss_points = score_counts(self.abyss)
        self.most_wins = self.abyss_points > ABYSS_THRESHOLD
        self._announce(
            "reckoning",
            abyss_points=self.abyss_points,
            threshold=ABYSS_THRESHOLD,
            most_wins=self.most_wins,
        )
        n = self.game.num_players
        manual = self.game.options["stones"] == "manual"
        for seat in range(n):
            own = self.reserve[seat]
            stones = self.stones[seat]
            self.to_place[seat] = min(stones, NUM_SINS - own.count(0))
            if not manual:
                if stones:  # no stone, nothing to place
                    chosen, _ = best_stone_placement(own, stones, self.most_wins)
                    for s in chosen:
                        self.placed[seat][s] = 1
                self.to_place[seat] = 0
        self.phase = STONES
        self.place_seat = self.game.options["first_player"]
        self._next_placer()

    def _next_placer(self):
        n = self.game.num_players
        for _ in range(n):
            if self.to_place[self.place_seat]:
                return
            self.place_seat = (self.place_seat + 1) % n
        self.place_seat = -1
        self._finish()

    def _place(self, s):
        seat = self.place_seat
        self.placed[seat][s] = 1
        self.to_place[seat] -= 1
        self._next_placer()

    def _finish(self):
        n = self.game.num_players
        scores = []
        cards = []
        types = []
        for seat in range(n):
            own = self.reserve[seat]
            stone = self.placed[seat]
            total = 0
            for s in range(NUM_SINS):
                if own[s]:  # a stone lies only on a type with cards; no card scores 0
                    total += POINTS_BY_COUNT[own[s] + stone[s]]
            scores.append(total)
            cards.append(self.reserve_cards[seat])
            types.append(NUM_SINS - own.count(0))
        self.scores = scores
        order, winners, decided_by = ranking(scores, cards, types, self.most_wins)
        self.result = {"winners": winners, "order": order, "decided_by": decided_by}
        self.phase = OVER
        self._announce("result", winners=list(winners), decided_by=decided_by)

    def winners(self):
        """The seats that won, sorted ([] before the end)."""
        return self.result["winners"] if self.result is not None else []

    def _returns(self):
        winners = self.winners()
        return [1 if seat in winners else 0 for seat in range(self.game.num_players)]

    def scoring(self):
        """The scoring breakdown (plain data) once play has ended, else None."""
        if self.phase not in (STONES, OVER):
            return None
        sins = self.sins()
        seats = []
        for seat in range(self.game.num_players):
            own = self.reserve[seat]
            reserve = {}
            pts = {}
            placed = []
            total = 0
            t = 0
            for s in sins:
                stone = self.placed[seat][s]
                reserve[SIN_NAMES[s]] = own[s]
                p = points(own[s] + stone)
                pts[SIN_NAMES[s]] = p
                total += p
                if stone:
                    placed.append(SIN_NAMES[s])
                if own[s]:
                    t += 1
            seats.append(
                {
                    "reserve": reserve,
                    "stones": self.stones[seat],
                    "placed": placed,
                    "to_place": self.to_place[seat],
                    "points": pts,
                    "total": total,
                    "cards": self.reserve_cards[seat],
                    "types": t,
                    "winner": self.phase == OVER and seat in self.winners(),
                }
            )
        abyss = {}
        for s in sins:
            abyss[SIN_NAMES[s]] = self.abyss[s]
        return {
            "abyss": abyss,
            "abyss_points": self.abyss_points,
            # End of the Game: "If the total of the Abyss of Souls points is greater than
            # 7, the player with the most points wins"; otherwise the fewest.
            "threshold": ABYSS_THRESHOLD,
            "most_wins": self.most_wins,
            "final": self.phase == OVER,
            "seats": seats,
        }

    def summary(self):
        """Per-game figures (str -> int) that host/simulate.py sums."""
        out = {
            "abyss_points": self.abyss_points,
            "abyss_cards": sum(self.abyss),
            "most_wins": 1 if self.most_wins else 0,
            "turns": self.turns,
        }
        for seat in range(self.game.num_players):
            out["score%d" % seat] = self.scores[seat] if self.scores is not None else 0
            out["cards%d" % seat] = self.reserve_cards[seat]
            out["stones%d" % seat] = self.stones[seat]
        return out

    def round_number(self):
        """Rounds of turns (ROUND): the first player's turn starts each one."""
        n = self.game.num_players
        if self.phase == STONES or self.phase == OVER:
            return max(1, (self.turns + n - 1) // n)
        return self.turns // n + 1

    def standing(self):
        """The scores as the end would count them now (STANDING): the Abyss as it is
        decides whether most or fewest points win, and each seat's stones go where
        they serve it best; at the end, the scores counted."""
        n = self.game.num_players
        scores = self.scores
        if self.phase == OVER and scores is not None:
            sign = 1 if self.most_wins else -1
            return [sign * scores[seat] for seat in range(n)]
        most = score_counts(self.abyss) > ABYSS_THRESHOLD
        out = []
        for seat in range(n):
            if self.stones[seat]:
                _, points = best_stone_placement(self.reserve[seat], self.stones[seat], most)
            else:
                points = score_counts(self.reserve[seat])
            out.append(points if most else -points)
        return out

    # -- what the table shows ----------------------------------------------
    def _view(self, seat):
        centre = []
        for c in range(NUM_CODES):
            for _ in range(self.centre[c]):
                centre.append(c)
        p = self._current_player()
        penance = self.game.options["penance"]
        view = {
            "phase": self.phase,
            "seat": seat,
            "sins": [s for s in range(NUM_SINS) if self.in_play[s]],
            "centre": centre,
            "decks": [len(deck) for deck in self.decks],
            "reserve_cards": list(self.reserve_cards),
            "abyss_cards": sum(self.abyss),
            "stones": list(self.stones),
            "stones_left": self.stones_left,
            "first_player": self.game.options["first_player"],
            "last_seat": self.last_seat() if penance else None,
            "to_move": p if p >= 0 else None,
            "final_round": self.final_round,
            "opening": None,
            "scoring": self.scoring() if self.phase == STONES or self.phase == OVER else None,
            # What a table sees at a glance (derived here so no screen recomputes it):
            "sin_names": [SIN_NAMES[s] for s in range(NUM_SINS) if self.in_play[s]],
            "takes": self._takes(),
            "judgments": self.judgments,
            "judgments_of": LAST_JUDGMENTS,
            "result": self._result(),
        }
        if seat is not None and self.phase == SETUP and seat < self._dealt():
            # Seen once, secretly, at the deal; never shown again during play.
            view["opening"] = self.opening[seat]
        return view

    def _takes(self):
        """Sin name -> the cards a take of that type collects now (a Penance card
        counting as its sin with penance_cards=sin); only types that can be taken."""
        out = {}
        if self.phase == PLAY:
            for s in range(NUM_SINS):
                n = self._take_count(s)
                if n:
                    out[SIN_NAMES[s]] = n
        return out

    def _result(self):
        """The end: winners, every seat best first, and what decided (None before)."""
        result = self.result
        if self.phase != OVER or result is None:
            return None
        return {
            "winners": list(result["winners"]),
            "order": list(result["order"]),
            "decided_by": result["decided_by"],
        }

    def _action_text(self, action):
        kind, x, dest = split(action)
        if kind == "choose":
            return "%s is in play" % SIN_NAMES[x]
        if kind == "card":
            dealt = self._dealt()
            if self.phase == SETUP and dealt < self.game.num_players:
                return "deal %s to seat %d, secretly" % (CARD_NAMES[x], dealt)
            d = self.current_deck()
            where = "the Penance cards" if d == 3 else "Hell " + DECK_NAMES[max(0, d)]
            if x == LAST_JUDGMENT:
                return "reveal Last Judgment %d of %d (%s)" % (
                    self.judgments + 1,
                    LAST_JUDGMENTS,
                    where,
                )
            return "reveal %s (%s)" % (CARD_NAMES[x], where)
        if kind == "stone":
            return "seat %d places a Stone on %s" % (self.place_seat, SIN_NAMES[x])
        count = self._take_count(x) if self.phase == PLAY else 0
        cards = "%d %s card%s" % (count, SIN_NAMES[x], "" if count == 1 else "s")
        if dest == "reserve":
            return "seat %d takes %s into their reserve" % (self.turn, cards)
        if self.stones_left:
            return "seat %d puts %s on the Abyss and takes a Stone" % (self.turn, cards)
        return "seat %d puts %s on the Abyss (no Stone left)" % (self.turn, cards)

    # -- non-interference ----------------------------------------------------
    def resample(self, seat, stream):
        """A state that differs only in what `seat` has not seen, or None.

        The only actions hidden from a seat are the other seats' opening
        cards (every reveal and every take is public). Put them back into the
        Hell I pool they came from (what is still in the deck plus the hidden
        cards) and deal them again; the public reveals that followed stay
        possible because the pool keeps its composition. Once play has ended
        everything is revealed, so there is nothing to resample.
        """
        if self.phase != SETUP and self.phase != PLAY:
            return None
        start = 0 if self.game.fixed_sins is not None else self.game.num_types
        hidden = [s for s in range(self._dealt()) if s != seat]
        if not hidden:
            return None
        other = self.clone()
        pool = other.decks[0]
        for s in hidden:
            code = other.opening[s]
            pool.append(code)
            other.reserve[s][code] -= 1
        pool.sort()  # a deck keeps its codes in order
        changed = False
        for s in hidden:
            outcomes = [(c, pool.count(c)) for c in range(NUM_SINS) if c in pool]
            code = stream.weighted(outcomes)
            pool.remove(code)
            other.reserve[s][code] += 1
            other.opening[s] = code
            other._history[start + s] = CARD + code
            changed = changed or code != self.opening[s]
        return other if changed else None
