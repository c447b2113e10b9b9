"""New Rule (Sin): the standard-deck game of God cards and reckonings, 2 to 4 players.

The rules are those of "New Rule", a web page tagged "Game Design" (no known
published title, author, publisher or year); the readings chosen where they are
unclear are listed, with the rulebook's words, in docs/rules/new-rule.md.

Seats are numbered in playing order: "play proceeds to the left", so the
player after seat s is seat s + 1 (mod n).

Cards are ints 0..51: rank * 4 + suit, ranks 0..12 = A 2 .. 10 J Q K, suits
0..3 = clubs diamonds hearts spades. Their labels ("7H", "10S", "KC") are what
views and announcements carry. Actions:

    DEAL + card      0..51      chance: the next card dealt is `card`
    UP + card        100..151   play `card` from your hand face up (innocent)
    DOWN + card      200..251   play it face down (damned)
    NO_SET           300        form no set this turn
    SET + index      1000..3994 form the set with this canonical index

A set's index names its cards (every card of the deck is unique, so the cards
say where they come from): a pair is its rank and its two suits, two pair the
two ranks and two suit pairs, three of a kind the rank and the missing suit,
four of a kind the rank, a straight flush its suit and lowest card (start 10
is J-Q-K-A). `set_index(cards)` and `set_cards(index)` convert.
"""

from array import array

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
from shared_rules.new_rule import entry as ENTRY

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("clubs", "diamonds", "hearts", "spades")
SUIT_LETTERS = ("C", "D", "H", "S")
# Every card's label, written out: on MicroPython these are interned constants, so
# views and announcements share them instead of building a string per card shown.
# fmt: off
LABELS = (
    "AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S", "3C", "3D", "3H", "3S", "4C",
    "4D", "4H", "4S", "5C", "5D", "5H", "5S", "6C", "6D", "6H", "6S", "7C", "7D",
    "7H", "7S", "8C", "8D", "8H", "8S", "9C", "9D", "9H", "9S", "10C", "10D", "10H",
    "10S", "JC", "JD", "JH", "JS", "QC", "QD", "QH", "QS", "KC", "KD", "KH", "KS",
)
# fmt: on
NUM_RANKS = 13
NUM_CARDS = 52
ACE = 0
KING = 12  # "The four Kings in the deck are God cards"
# -1 for every card, as signed bytes: usable_owner's starting row (an array("b") of
# 52 is a block of 96 B where a list of 52 ints asked for 512 on a 64-bit heap)
NOBODY_ROW = b"\xff" * NUM_CARDS
# -1 for every card: dealt_at's and played_at's row at a round's start (a slice
# assignment resets them in place)
UNSEEN = (-1,) * NUM_CARDS

HAND_SIZE = 7  # "deal seven cards to each player"
PLAYS_BEFORE_RESERVE = 6  # "able to play six of their seven cards"
DAMNED_LIMIT = 3  # "only three damned cards at a time"
FACE_VALUE = 10  # "All face cards are worth -10"
DAMNED_KING_VALUE = 20  # "Face-down God cards are worth twenty negative points"

# Set types, in the rulebook's order, with their points ("Winning the Game").
PAIR = 0
TWO_PAIR = 1
THREE = 2
FOUR = 3
STRAIGHT = 4
SET_TYPES = ("pair", "two pair", "three of a kind", "four of a kind", "straight flush")
SET_POINTS = (6, 14, 22, 30, 40)

# Action bases.
DEAL = 0
UP = 100
DOWN = 200
NO_SET = 300
SET = 1000

# The canonical set index: one block per type.
SUIT_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
RANK_PAIRS = 78  # 13 * 12 / 2
PAIR_BASE = 0  # + rank * 6 + suit pair
TWO_PAIR_BASE = 78  # + rank pair * 36 + low suit pair * 6 + high suit pair
THREE_BASE = TWO_PAIR_BASE + RANK_PAIRS * 36  # 2886: + rank * 4 + the missing suit
FOUR_BASE = THREE_BASE + 52  # 2938: + rank
STRAIGHT_BASE = FOUR_BASE + 13  # 2951: + suit * 11 + start
STARTS = 11  # starts 0..9: ranks s..s+3 (0 = A-2-3-4); 10: J-Q-K-A
ACE_HIGH_START = 10
NUM_SET_INDICES = STRAIGHT_BASE + 4 * STARTS  # 2995

# The breakdown keeps this many finished rounds, the last ones: a game played to its
# target alone may run to a hundred rounds and more, which a device's heap, its status
# frame (wire.MAX_REPLY) and a game-over screen could not hold round by round.
ROUNDS_KEPT = 10

# The view lists at most this many legal sets, best first: in play there are
# rarely more than 20, but boards nobody clears can offer thousands (every
# set stays formable by its action, or by encode() from its cards).
LISTED_SETS = 30

# Phases.
DEALING = "deal"
PLAY = "play"
FORM = "set"
OVER = "over"

# Round endings.
RECKONING = "reckoning"
DAMNATION = "damnation"
WON = "won"


# -- cards ------------------------------------------------------------------
def rank_of(card):
    return card >> 2


def suit_of(card):
    return card & 3


def label(card):
    """ "7H", "10S", "KC": the card as views and announcements show it."""
    return LABELS[card]


def labels(cards):
    return [label(c) for c in cards]


def parse_card(text):
    """The card code of a label ("7H", "10s", "qd"); raises IllegalAction."""
    if isinstance(text, str) and len(text) >= 2:
        rank = text[:-1].upper()
        suit = text[-1:].upper()
        for r in range(NUM_RANKS):
            if RANKS[r] == rank:
                for s in range(4):
                    if SUIT_LETTERS[s] == suit:
                        return r * 4 + s
    raise IllegalAction("%r is not a card (a rank A 2-10 J Q K and a suit C D H S)" % (text,))


def card_value(card, ace):
    """What a card costs at a reckoning: its number, face cards 10, the Ace `ace`."""
    r = card >> 2
    if r == ACE:
        return ace
    if r >= 10:
        return FACE_VALUE
    return r + 1


def straight_ranks(start):
    """The four ranks of a straight flush from its start (10: J Q K A)."""
    if start == ACE_HIGH_START:
        return (10, 11, 12, ACE)
    return (start, start + 1, start + 2, start + 3)


def straight_starts(ace_straights):
    """The straight-flush starts the option allows (no wrap-around, ever)."""
    starts = list(range(1, 10))
    if ace_straights != "high":
        starts.insert(0, 0)
    if ace_straights != "low":
        starts.append(ACE_HIGH_START)
    return starts


# -- the canonical set index --------------------------------------------------
def _rank_pair(r1, r2):
    """Index of ranks r1 < r2 among the 78 pairs of ranks."""
    return r1 * (25 - r1) // 2 + (r2 - r1 - 1)


# The lower rank of each rank pair, by its index (_rank_pair): set_cards() decodes a
# two pair without a search.
LOW_RANK = bytes([r1 for r1 in range(NUM_RANKS) for r2 in range(r1 + 1, NUM_RANKS)])


def _suit_pair(a, b):
    for i in range(6):
        if SUIT_PAIRS[i][0] == a and SUIT_PAIRS[i][1] == b:
            return i
    return -1


def set_index(cards):
    """The canonical index of the set these cards form, or -1 if they form none.

    Order does not matter; a card given twice forms nothing. A straight
    flush is recognised whatever the options say (see straight_starts)."""
    cs = sorted(cards)
    k = len(cs)
    for i in range(1, k):
        if cs[i] == cs[i - 1]:
            return -1
    ranks = [c >> 2 for c in cs]
    suits = [c & 3 for c in cs]
    if k == 2 and ranks[0] == ranks[1]:
        return PAIR_BASE + ranks[0] * 6 + _suit_pair(suits[0], suits[1])
    if k == 3 and ranks[0] == ranks[2]:
        missing = 6 - suits[0] - suits[1] - suits[2]
        return THREE_BASE + ranks[0] * 4 + missing
    if k != 4:
        return -1
    if ranks[0] == ranks[3]:
        return FOUR_BASE + ranks[0]
    if ranks[0] == ranks[1] and ranks[2] == ranks[3]:
        return (
            TWO_PAIR_BASE
            + _rank_pair(ranks[0], ranks[2]) * 36
            + _suit_pair(suits[0], suits[1]) * 6
            + _suit_pair(suits[2], suits[3])
        )
    if suits[0] == suits[1] == suits[2] == suits[3]:
        for start in range(STARTS):
            want = sorted(straight_ranks(start))
            if want == ranks:
                return STRAIGHT_BASE + suits[0] * STARTS + start
    return -1


def set_cards(index):
    """(type, cards) of a set index; the cards in display order (a straight
    flush low to high, J-Q-K-A with the Ace last). Raises IllegalAction."""
    if not isinstance(index, int) or index < 0 or index >= NUM_SET_INDICES:
        raise IllegalAction("%r is not a set" % (index,))
    if index < TWO_PAIR_BASE:
        r, sp = divmod(index - PAIR_BASE, 6)
        a, b = SUIT_PAIRS[sp]
        return PAIR, [r * 4 + a, r * 4 + b]
    if index < THREE_BASE:
        rp, rest = divmod(index - TWO_PAIR_BASE, 36)
        sp1, sp2 = divmod(rest, 6)
        r1 = LOW_RANK[rp]
        r2 = rp - _rank_pair(r1, r1 + 1) + r1 + 1
        a, b = SUIT_PAIRS[sp1]
        c, d = SUIT_PAIRS[sp2]
        return TWO_PAIR, [r1 * 4 + a, r1 * 4 + b, r2 * 4 + c, r2 * 4 + d]
    if index < FOUR_BASE:
        r, missing = divmod(index - THREE_BASE, 4)
        return THREE, [r * 4 + s for s in range(4) if s != missing]
    if index < STRAIGHT_BASE:
        r = index - FOUR_BASE
        return FOUR, [r * 4 + s for s in range(4)]
    suit, start = divmod(index - STRAIGHT_BASE, STARTS)
    return STRAIGHT, [r * 4 + suit for r in straight_ranks(start)]


# -- finding the legal sets fast ---------------------------------------------
# A mover's usable cards as 13-bit rank masks, one per suit (bit r: the card of rank r
# of that suit): `mine` on the mover's own board (face up or damned), `other` face up on
# another's. The ranks of a straight flush from `start`: 15 << start, or J Q K A.
JQKA = 7169  # bits 0, 10, 11, 12
# The suit pairs (index in SUIT_PAIRS, the pair's two suit bits) a rank's usable suits
# (a 4-bit mask) hold, in SUIT_PAIRS order; how many bits each 4-bit mask has.
# fmt: off
PAIRS_OF = (
    (), (), (), ((0, 3),), (), ((1, 5),), ((3, 6),), ((0, 3), (1, 5), (3, 6)), (),
    ((2, 9),), ((4, 10),), ((0, 3), (2, 9), (4, 10)), ((5, 12),),
    ((1, 5), (2, 9), (5, 12)), ((3, 6), (4, 10), (5, 12)),
    ((0, 3), (1, 5), (2, 9), (3, 6), (4, 10), (5, 12)),
)
# fmt: on
# The rank of a one-bit rank mask, by the mask mod 37 (the powers of two up to 2**12 are
# all different mod 37): add_sets walks the ranks a mask holds without a loop a rank.
RANK_OF_BIT = b"\x00\x00\x01\x00\x02\x00\x00\x00\x03\x00\x00\x00\x00\x0b\x00\x00\x04\x07\x00\x00\x00\x00\x00\x00\x00\n\x0c\x06\x00\x00\x00\t\x05\x00\x08\x00\x00"
BITS = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"


def add_sets(mine, other, starts, base, out):
    """Append base + the index of every set of the mover's cards `mine` and the others'
    cards `other` (rank masks per suit) to `out`, in index order: pairs, two pairs,
    threes, fours, straight flushes, each by rank (or suit) first. Each set needs a
    card of each kind: 0 < own cards < the set's size."""
    m0, m1, m2, m3 = mine
    o0, o1, o2, o3 = other
    own_ranks = m0 | m1 | m2 | m3
    other_ranks = o0 | o1 | o2 | o3
    if not own_ranks or not other_ranks:
        return  # no card of one kind: no set (the commonest case, so asked first)
    u0 = m0 | o0
    u1 = m1 | o1
    u2 = m2 | o2
    u3 = m3 | o3
    # The ranks with two usable cards or more make the pairs, threes and fours. Such a
    # rank with cards of both kinds makes a pair of one of each (and every two pair);
    # without one, a two pair needs a rank of the mover's cards and one of others'.
    ranks = (u0 & (u1 | u2 | u3)) | (u1 & (u2 | u3)) | (u2 & u3)
    if ranks & own_ranks & other_ranks or (ranks & own_ranks and ranks & other_ranks):
        pairs = []  # (rank, [(suit pair, own cards)]) of the ranks with two cards or more
        threes = []  # after the two pairs in index order,
        fours = []  # and the fours after the threes
        rest = ranks
        while rest:  # each rank with two usable cards or more, lowest first
            bit = rest & -rest
            rest ^= bit
            r = RANK_OF_BIT[bit % 37]
            # the rank's suits: of the mover's cards (mn), of the usable ones (us)
            mn = (1 if m0 & bit else 0) | (2 if m1 & bit else 0)
            mn |= (4 if m2 & bit else 0) | (8 if m3 & bit else 0)
            us = (1 if u0 & bit else 0) | (2 if u1 & bit else 0)
            us |= (4 if u2 & bit else 0) | (8 if u3 & bit else 0)
            rank_pairs = []
            at = base + PAIR_BASE + r * 6
            for sp, mask in PAIRS_OF[us]:  # in SUIT_PAIRS order
                own = BITS[mn & mask]
                rank_pairs.append((sp, own))
                if own == 1:
                    out.append(at + sp)
            pairs.append((r, rank_pairs))
            own = BITS[mn]
            if us == 15:
                for skip in range(4):
                    if 0 < own - ((mn >> skip) & 1) < 3:
                        threes.append(base + THREE_BASE + r * 4 + skip)
                if 0 < own < 4:
                    fours.append(base + FOUR_BASE + r)
            elif len(rank_pairs) == 3 and 0 < own < 3:  # three cards: three pairs
                missing = 0
                while (us >> missing) & 1:
                    missing += 1
                threes.append(base + THREE_BASE + r * 4 + missing)
        for i in range(len(pairs) - 1):  # two pairs: two ranks, the lower first
            r1, pairs1 = pairs[i]
            for j in range(i + 1, len(pairs)):
                r2, pairs2 = pairs[j]
                at = base + TWO_PAIR_BASE + (r1 * (25 - r1) // 2 + (r2 - r1 - 1)) * 36  # _rank_pair
                for sp1, own1 in pairs1:
                    for sp2, own2 in pairs2:
                        if 0 < own1 + own2 < 4:
                            out.append(at + sp1 * 6 + sp2)
        out.extend(threes)
        out.extend(fours)
    # a straight flush: four ranks in a row (or J Q K A) in a suit that holds cards of
    # both kinds (asked first, without arithmetic)
    if not (
        (m0 and o0 and (u0 & (u0 >> 1) & (u0 >> 2) & (u0 >> 3) or (u0 & JQKA) == JQKA))
        or (m1 and o1 and (u1 & (u1 >> 1) & (u1 >> 2) & (u1 >> 3) or (u1 & JQKA) == JQKA))
        or (m2 and o2 and (u2 & (u2 >> 1) & (u2 >> 2) & (u2 >> 3) or (u2 & JQKA) == JQKA))
        or (m3 and o3 and (u3 & (u3 >> 1) & (u3 >> 2) & (u3 >> 3) or (u3 & JQKA) == JQKA))
    ):
        return
    for suit in range(4):
        m = mine[suit]
        u = m | other[suit]
        if not (u & (u >> 1) & (u >> 2) & (u >> 3)) and (u & JQKA) != JQKA:
            continue  # no four ranks in a row in this suit: no straight flush
        at = base + STRAIGHT_BASE + suit * STARTS
        for start in starts:
            mask = JQKA if start == ACE_HIGH_START else 15 << start
            if u & mask == mask and m & mask and (u & ~m) & mask:
                out.append(at + start)


def _may_have_sets(m0, m1, m2, m3, o0, o1, o2, o3):
    """False when add_sets() of these masks surely finds no set: a quick test of the
    commonest case. A set needs a rank with a card of each kind (a pair), or a rank
    with two of the mover's cards and one with two of the others' (a two pair), or
    four ranks in a row of one suit (a straight flush)."""
    own = m0 | m1 | m2 | m3
    other = o0 | o1 | o2 | o3
    if not own or not other:
        return False
    if own & other:
        return True
    if (m0 & (m1 | m2 | m3)) | (m1 & (m2 | m3)) | (m2 & m3):
        if (o0 & (o1 | o2 | o3)) | (o1 & (o2 | o3)) | (o2 & o3):
            return True
    for u in (m0 | o0, m1 | o1, m2 | o2, m3 | o3):
        if u & (u >> 1) & (u >> 2) & (u >> 3) or (u & JQKA) == JQKA:
            return True
    return False


def set_allowed(index, owner, mover, starts):
    """Whether find_sets(owner, mover, starts) lists set `index`: every card usable,
    at least one from the mover's board and one from another's, a straight flush
    from an allowed start."""
    if index >= STRAIGHT_BASE and (index - STRAIGHT_BASE) % STARTS not in starts:
        return False
    own = other = 0
    for c in set_cards(index)[1]:
        if owner[c] < 0:
            return False
        if owner[c] == mover:
            own += 1
        else:
            other += 1
    return own > 0 and other > 0


# -- reckonings ---------------------------------------------------------------
# A penalty line: (card, where, face, value, multiplier, penalty, why), a tuple and not
# a dict, as a total damnation of four full boards announces some fifty of them.
# Why a card costs what it costs, by code: bit 1 damned, bit 2 matches a set card;
# 4: a card matching no set card, free with unmatched=free.
_WHY = ("", "damned", "matches a set card", "damned, matches a set card", "matches no set card")
_MULTIPLIER = (1, 2, 2, 4, 0)
FREE = 4


def match_key(card, ace, match):
    """What "match ... in value" compares (option `match`): the card's rank, or the
    value a reckoning charges for it (10, J, Q and K all 10; the Ace `ace`)."""
    if match == "rank":
        return card >> 2
    return card_value(card, ace)


def set_keys(set_deck, ace, match):
    """The match keys of a set deck's cards, each once (empty: no sets)."""
    keys = []
    for c in set_deck:
        key = match_key(c, ace, match)
        if key not in keys:
            keys.append(key)
    return keys


def reckoning_lines(up, down, keys, ace, match="rank", unmatched="value"):
    """The penalty lines of one player's board at a reckoning.

    `keys`: the match keys of the player's set deck (set_keys(); empty without sets).
    "each of their cards is worth its value in negative points"; a board card
    matching a set-deck card "in value" costs twice; a damned card costs double,
    "quadruple if they also happen to match". With sets and unmatched=free, an
    innocent card that matches nothing costs nothing (only matching cards cost).
    Returns ([(card, "board", face, value, multiplier, penalty, why)], total)."""
    lines = []
    total = 0
    free = unmatched == "free" and len(keys) > 0
    by_rank = match == "rank"
    for face, cards in (("up", up), ("down", down)):
        damned = 1 if face == "down" else 0
        for c in sorted(cards):
            r = c >> 2  # card_value() and match_key(), written out (a reckoning's loop)
            value = ace if r == ACE else FACE_VALUE if r >= 10 else r + 1
            why = damned
            if (r if by_rank else value) in keys:
                why += 2
            elif why == 0 and free:
                why = FREE
            mult = _MULTIPLIER[why]
            penalty = value * mult
            total += penalty
            lines.append((LABELS[c], "board", face, value, mult, penalty, _WHY[why]))
    return lines, total


def damnation_lines(up, down, set_deck, ace):
    """Total damnation: "every card a player holds either in their board or in
    their set deck is worth its value in negative points", "Face-down God
    cards are worth twenty", no multipliers. Returns (lines, total), lines as
    reckoning_lines gives them."""
    lines = []
    total = 0
    places = (("board", "up", up), ("board", "down", down), ("set deck", "up", set_deck))
    for where, face, cards in places:
        for c in sorted(cards):
            if face == "down" and (c >> 2) == KING:
                value = DAMNED_KING_VALUE
                why = "face-down God card"
            else:
                value = card_value(c, ace)
                why = ""
            total += value
            lines.append((LABELS[c], where, face, value, 1, value, why))
    return lines, total


def reserve_split(n):
    """(cards each player is dealt from the reserve, cards set aside): the reserve is
    what the first deal leaves, NUM_CARDS - HAND_SIZE * n, whenever it is dealt."""
    return divmod(NUM_CARDS - HAND_SIZE * n, n)


def winners_of(scores):
    best = max(scores)
    return [s for s in range(len(scores)) if scores[s] == best]


@from_entry(ENTRY)
class NewRule(Game):
    SUMMARY = (
        ("score%d", "final score"),
        ("reckonings", "rounds ended by a God card (a reckoning)"),
        ("damnations", "rounds ended in Total Damnation"),
        ("target_reached", "did a player reach the target score?"),
        ("sets_pair", "pairs formed"),
        ("sets_two_pair", "two pairs formed"),
        ("sets_three_of_a_kind", "three of a kinds formed"),
        ("sets_four_of_a_kind", "four of a kinds formed"),
        ("sets_straight_flush", "straight flushes formed"),
    )
    ROUND = "a deal, played until a God card's reckoning or Total Damnation"
    STANDING = "points"

    def _check_options(self):
        n = self.num_players
        if self.options["first_player"] >= n:
            raise BadOption(
                "first_player must be a seat from 0 to %d, not %d"
                % (n - 1, self.options["first_player"])
            )
        self.starts = straight_starts(self.options["ace_straights"])

    def new_initial_state(self):
        return NewRuleState(self)

    def max_game_length(self):
        # a round deals at most 52 cards, each played once, each play followed
        # by at most one set decision; with no round limit (the rulebook's game,
        # "The first player to reach two hundred points is the winner") there is no
        # bound: a table that never reaches the target plays on
        limit = self.options["round_limit"]
        return limit * 3 * NUM_CARDS if limit else None

    # -- the action codec ----------------------------------------------------
    def view_names(self):
        """Cards are named in the view already ("QH"); its lists run one entry per
        seat; a legal set's action code is the page's to send, not to show."""
        return {
            "codes": {},
            "per": {
                "damned_counts": SEATS,
                "hand_counts": SEATS,
                "round_points": SEATS,
                "scores": SEATS,
                "boards": SEATS,
                "set_decks": SEATS,
                "set_points": SEATS,
                "penalties": SEATS,
            },
            "seats": ["seat", "seats", "to_move", "first_player", "god_seat", "winners"],
            "skip": ["action"],
            "fields": {},
        }

    def decode(self, action):
        if not isinstance(action, int) or isinstance(action, bool):
            raise IllegalAction("%r is not a New Rule action" % (action,))
        if DEAL <= action < DEAL + NUM_CARDS:
            return _card_fields({"kind": "deal"}, action - DEAL)
        if UP <= action < UP + NUM_CARDS or DOWN <= action < DOWN + NUM_CARDS:
            up = action < DOWN
            c = action - (UP if up else DOWN)
            god = up and (c >> 2) == KING
            data = {"kind": "play", "face": "up" if up else "down", "god_card": god}
            return _card_fields(data, c)
        if action == NO_SET:
            return {"kind": "no_set"}
        if SET <= action < SET + NUM_SET_INDICES:
            kind, cards = set_cards(action - SET)
            if kind == STRAIGHT and (action - SET - STRAIGHT_BASE) % STARTS not in self.starts:
                raise IllegalAction("this straight flush is not allowed (ace_straights)")
            return {
                "kind": "set",
                "type": SET_TYPES[kind],
                "points": SET_POINTS[kind],
                "cards": labels(cards),
            }
        raise IllegalAction("%r is not a New Rule action" % (action,))

    def encode(self, data):
        if not isinstance(data, dict):
            raise IllegalAction("New Rule has no action %r" % (data,))
        kind = data.get("kind")
        if kind == "deal":
            return DEAL + _card_of(data)
        if kind == "play":
            face = data.get("face")
            if face not in ("up", "down"):
                raise IllegalAction("a card is played face up or face down, not %r" % (face,))
            return (UP if face == "up" else DOWN) + _card_of(data)
        if kind == "no_set":
            return NO_SET
        if kind == "set":
            cards = data.get("cards")
            if not isinstance(cards, (list, tuple)):
                raise IllegalAction("a set names its cards")
            index = set_index([parse_card(c) for c in cards])
            if index < 0:
                raise IllegalAction("%s is not a set" % " ".join([str(c) for c in cards]))
            action = SET + index
            named = data.get("type")
            if named is not None and self.decode(action)["type"] != named:
                raise IllegalAction("%s is not a %s" % (" ".join([str(c) for c in cards]), named))
            self.decode(action)  # refuses straights the options do not allow
            return action
        raise IllegalAction("New Rule has no action %r" % (data,))


def _card_fields(data, card):
    data["card"] = label(card)
    data["rank"] = RANKS[card >> 2]
    data["suit"] = SUITS[card & 3]
    return data


def _card_of(data):
    if "card" in data:
        return parse_card(data["card"])
    rank = data.get("rank")
    suit = data.get("suit")
    for s in range(4):
        if SUITS[s] == suit and isinstance(rank, str):
            return parse_card(rank + SUIT_LETTERS[s])
    raise IllegalAction("no card named in %r" % (data,))


class NewRuleState(State):
    def __init__(self, game):
        State.__init__(self, game)
        n = game.num_players
        self.n = n
        self.scores = [0] * n
        self.rounds = []  # the breakdown of the last ROUNDS_KEPT finished rounds
        self.round = 0
        self.first = game.options["first_player"]
        self.winners = []
        self.reason = None
        self.reckonings = 0
        self.damnations = 0
        self.sets_by_type = [0] * len(SET_TYPES)
        self._new_round()

    def _new_round(self):
        n = self.n
        self.round += 1
        if self.round == 1:
            self.deck = list(range(NUM_CARDS))  # the undealt cards (the reserve), in order
            self.hands = [[] for _ in range(n)]
            self.up = [[] for _ in range(n)]  # innocent cards on each board
            self.down = [[] for _ in range(n)]  # damned cards on each board
            self.set_decks = [[] for _ in range(n)]  # [[set index, [seat of each card]], ...]
            self.round_points = [0] * n
            self.dealt_at = [-1] * NUM_CARDS  # history index of each card's deal, this round
            self.played_at = [-1] * NUM_CARDS  # history index of its play
            # The boards as rank masks per suit (add_sets), kept up to date card by card
            # so that a set decision need not read every board: the face-up cards of all
            # boards, then per seat (8 a seat) its face-up cards and its damned ones.
            self.up_ranks = [0, 0, 0, 0]
            self.own_ranks = [0] * (8 * n)
        else:
            # the same lists again: a long game on the board keeps its heap in one piece
            del self.deck[:]
            self.deck.extend(range(NUM_CARDS))  # the list keeps its room: no new block
            self.dealt_at[:] = UNSEEN  # in place, without a loop
            self.played_at[:] = UNSEEN
            for s in range(n):
                del self.hands[s][:]
                del self.up[s][:]
                del self.down[s][:]
                del self.set_decks[s][:]
                self.round_points[s] = 0
            self._clear_masks()
        self.reserve_dealt = False
        self.phase = DEALING
        self.to_deal = HAND_SIZE * n
        self.deal_seat = self.first
        self.turn = self.first

    # -- protocol -----------------------------------------------------------
    def _current_player(self):
        phase = self.phase
        if phase == DEALING:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.turn

    def _chance_outcomes(self):
        return [(DEAL + c, 1) for c in self.deck]

    def _draw_chance(self, stream):
        # every undealt card weighs 1: weighted() picks the below(total)-th of them
        return DEAL + self.deck[stream.below(len(self.deck))]

    def _play_chance(self, stream):
        # A whole deal in one loop (half the game's nodes): each card _draw_chance()
        # would draw, dealt as _deal() deals it, the hands put in order once at the
        # end, as nothing sees them in between (simcheck's check_chance_run proves the
        # two agree). The last card of the deal is _deal()'s, with its announcement.
        history = self._history
        deck = self.deck
        hands = self.hands
        dealt_at = self.dealt_at
        n = self.n
        seat = self.deal_seat
        left = len(deck)
        count = self.to_deal - 1
        if self._news:
            self._news = []
        at = len(history)
        for k in range(count):  # the k-th card: from `left - k` undealt, history at + k
            card = deck.pop(stream.below(left - k))
            hands[seat].append(card)
            dealt_at[card] = at + k
            history.append(DEAL + card)
            seat += 1
            if seat == n:
                seat = 0
        left -= count
        for hand in hands:
            hand.sort()
        self.deal_seat = seat
        self.to_deal = 1
        card = deck[stream.below(left)]
        self._deal(card)
        history.append(DEAL + card)

    def _play_random(self, chance, streams, stop):
        """driver.play()'s game when every seat is a plain random bot (`streams`: each
        seat's) and nobody watches each action: the same draws, the same state, with a
        turn written out in one loop: no legal list for a card play (legal_actions() is
        UP + each card of the hand, then DOWN + each, so the pick's index names the
        card), none for most set decisions (only [NO_SET]), no call per action. Stops
        at the end, or where a turn might run past `stop` actions (None: no stop): the
        driver's loop plays on from there. simcheck's check_random_play proves it
        equal to apply() one action at a time."""
        history = self._history
        hands = self.hands
        ups = self.up
        downs = self.down
        own = self.own_ranks
        up_ranks = self.up_ranks
        played_at = self.played_at
        starts = self.game.starts
        n = self.n
        # A turn takes two actions at most: the loop plays whole turns (and runs of
        # chance) while they fit before `stop`, and leaves the rest to the driver.
        last_start = (1 << 29) if stop is None else stop - 2
        # Only the last action's announcements are left for the driver to find, so a
        # play and a "no set" keep theirs only where the loop may stop: `quiet` is the
        # seat of a "no set" that kept none (-1: the last action kept its own).
        quiet = -1
        while len(history) <= last_start:
            phase = self.phase
            if phase == DEALING:
                quiet = -1
                self._play_chance(chance)
                continue
            if phase != PLAY:
                return  # the end
            quiet = -1
            # -- the card play: as _apply() and _lay() play it
            seat = self.turn
            hand = hands[seat]
            damned = downs[seat]
            k = len(hand)
            count = 2 * k if len(damned) < DAMNED_LIMIT else k
            stream = streams[seat]
            i = stream.below(count) if count > 1 else 0
            up = i < k
            card = hand.pop(i if up else i - k)
            bit = 1 << (card >> 2)
            suit = card & 3
            at = 8 * seat
            if up:
                if card >> 2 == KING:  # a God card: the reckoning, as _lay() plays it
                    self._news = []
                    self._lay(seat, card, True)
                    history.append(UP + card)
                    continue
                board = ups[seat]
                own[at + suit] |= bit
                up_ranks[suit] |= bit
                action = UP + card
            else:
                board = damned
                own[at + suit + 4] |= bit
                action = DOWN + card
            if board and card < board[-1]:
                board.append(card)
                board.sort()  # the board stays in card order
            else:
                board.append(card)
            played_at[card] = len(history)
            history.append(action)
            # -- the set decision: legal_sets() from the same masks, add_sets() only
            # when a set may be formed
            f0, f1, f2, f3, d0, d1, d2, d3 = own[at : at + 8]  # face up, damned
            a0, a1, a2, a3 = up_ranks
            m0 = f0 | d0
            m1 = f1 | d1
            m2 = f2 | d2
            m3 = f3 | d3
            o0 = a0 & ~f0
            o1 = a1 & ~f1
            o2 = a2 & ~f2
            o3 = a3 & ~f3
            # _may_have_sets() written out: a set needs a rank with a card of each kind,
            # or two ranks with two cards (one of each kind), or four ranks in a row
            action = NO_SET
            mine = m0 | m1 | m2 | m3
            other = o0 | o1 | o2 | o3
            if mine and other:
                maybe = mine & other
                if not maybe and (m0 & (m1 | m2 | m3)) | (m1 & (m2 | m3)) | (m2 & m3):
                    maybe = (o0 & (o1 | o2 | o3)) | (o1 & (o2 | o3)) | (o2 & o3)
                # four in a row in a suit, which must hold cards of both kinds (asked
                # first, without arithmetic: most turns end here)
                if not maybe and m0 and o0:
                    u = m0 | o0
                    maybe = u & (u >> 1) & (u >> 2) & (u >> 3) or (u & JQKA) == JQKA
                if not maybe and m1 and o1:
                    u = m1 | o1
                    maybe = u & (u >> 1) & (u >> 2) & (u >> 3) or (u & JQKA) == JQKA
                if not maybe and m2 and o2:
                    u = m2 | o2
                    maybe = u & (u >> 1) & (u >> 2) & (u >> 3) or (u & JQKA) == JQKA
                if not maybe and m3 and o3:
                    u = m3 | o3
                    maybe = u & (u >> 1) & (u >> 2) & (u >> 3) or (u & JQKA) == JQKA
                if maybe:
                    legal = [NO_SET]
                    add_sets((m0, m1, m2, m3), (o0, o1, o2, o3), starts, SET, legal)
                    count = len(legal)
                    if count > 1:
                        action = legal[stream.below(count)]
            if action != NO_SET:
                self._news = []
                self._form(action - SET)
                history.append(action)
                continue
            if len(hand) > 1:  # _end_turn()'s common case: the next seat plays
                self.turn = seat + 1 if seat + 1 < n else 0
                quiet = seat
            else:  # the last card or two of a hand: _end_turn() decides
                self._news = []
                self._news.append(("no_set", seat))
                self._end_turn()
            history.append(NO_SET)
        if quiet >= 0:  # stopped after a "no set" that kept no announcement: its own
            self._news = []
            self._news.append(("no_set", quiet))

    def _legal_actions(self):
        seat = self.turn
        if self.phase == PLAY:
            hand = self.hands[seat]
            out = [UP + c for c in hand]
            if len(self.down[seat]) < DAMNED_LIMIT:
                out += [DOWN + c for c in hand]
            return out
        return self.legal_sets(SET, [NO_SET])

    def _is_legal(self, action):
        # a set is checked by its cards, without listing every legal set
        if self.phase != FORM or action == NO_SET:
            return action in self._legal_actions()
        index = action - SET
        if not 0 <= index < NUM_SET_INDICES:
            return False
        return set_allowed(index, self.usable_owner(self.turn), self.turn, self.game.starts)

    def _observers(self, action):
        if self.phase == DEALING:
            return (self.deal_seat,)  # a card is dealt to one player's hand
        if self.phase == PLAY:
            # a card played face up ("innocent") lies on the board for every seat to
            # see; which card goes face down ("damned") only its player knows, so the
            # choice itself is made in private
            if action is not None and UP <= action < DOWN:
                return None
            return (self.turn,)
        return None

    def usable_owner(self, seat):
        """owner[card]: the seat whose board holds `card` where `seat` may use it, else -1."""
        owner = array("b", NOBODY_ROW)
        for s in range(self.n):
            for c in self.up[s]:
                owner[c] = s
        for c in self.down[seat]:
            owner[c] = seat
        return owner

    def legal_sets(self, base=0, out=None):
        """The set indices the player to move may form now (phase "set"), each plus
        `base`, appended to `out`: add_sets() from the rank masks kept card by card, the
        same sets as find_sets(usable_owner(turn), turn, starts)."""
        if out is None:
            out = []
        if self.phase != FORM:
            return out
        own = self.own_ranks
        up = self.up_ranks
        at = 8 * self.turn  # the mover's face-up cards, then its damned ones
        f0 = own[at]
        f1 = own[at + 1]
        f2 = own[at + 2]
        f3 = own[at + 3]
        m0 = f0 | own[at + 4]
        m1 = f1 | own[at + 5]
        m2 = f2 | own[at + 6]
        m3 = f3 | own[at + 7]
        o0 = up[0] & ~f0
        o1 = up[1] & ~f1
        o2 = up[2] & ~f2
        o3 = up[3] & ~f3
        if not _may_have_sets(m0, m1, m2, m3, o0, o1, o2, o3):
            return out  # most turns: no set (add_sets() would find none)
        add_sets((m0, m1, m2, m3), (o0, o1, o2, o3), self.game.starts, base, out)
        return out

    def _mark(self, seat, card, face_up, there):
        """Keep the rank masks: `card` now lies (there) or no longer lies on seat's board,
        face up (usable by every seat) or damned (by seat alone)."""
        bit = 1 << (card >> 2)
        suit = card & 3
        at = 8 * seat + suit + (0 if face_up else 4)
        if there:
            self.own_ranks[at] |= bit
            if face_up:
                self.up_ranks[suit] |= bit
        else:
            self.own_ranks[at] &= ~bit
            if face_up:
                self.up_ranks[suit] &= ~bit

    def _clear_masks(self):
        up_ranks = self.up_ranks
        own = self.own_ranks
        for k in range(4):
            up_ranks[k] = 0
        for k in range(8 * self.n):
            own[k] = 0

    # -- applying actions -----------------------------------------------------
    def _apply(self, action):
        phase = self.phase
        if phase == PLAY:
            # a card played, the commonest move, written out here: no call
            seat = self.turn
            up = action < DOWN
            card = action - (UP if up else DOWN)
            self.hands[seat].remove(card)
            self._lay(seat, card, up)
        elif phase == DEALING:
            self._deal(action - DEAL)
        elif action == NO_SET:
            self._news.append(("no_set", self.turn))  # a tuple: see announcements()
            self._end_turn()
        else:
            self._form(action - SET)

    def _deal(self, card):
        seat = self.deal_seat
        self.deck.remove(card)
        hand = self.hands[seat]
        hand.append(card)
        if len(hand) > 1 and card < hand[-2]:
            hand.sort()  # the hand stays in card order
        self.dealt_at[card] = len(self._history)
        self.deal_seat = (seat + 1) % self.n
        self.to_deal -= 1
        if self.to_deal:
            return
        self.phase = PLAY
        if self.reserve_dealt:
            each, aside = reserve_split(self.n)
            self._announce("reserve_dealt", round=self.round, cards_each=each, set_aside=aside)
        else:
            self._announce(
                "round_dealt",
                round=self.round,
                first_player=self.first,
                cards_each=HAND_SIZE,
                reserve=len(self.deck),
            )

    def _lay(self, seat, card, up):
        """`card`, just taken from seat's hand, goes on its board face up or damned."""
        self.played_at[card] = len(self._history)
        bit = 1 << (card >> 2)  # the rank masks, as _mark(seat, card, up, True)
        suit = card & 3
        if up:
            board = self.up[seat]
            self.own_ranks[8 * seat + suit] |= bit
            self.up_ranks[suit] |= bit
        else:
            board = self.down[seat]
            self.own_ranks[8 * seat + suit + 4] |= bit
        board.append(card)
        if len(board) > 1 and card < board[-2]:
            board.sort()
        # Announced as a tuple, made a dict only if announcements() is asked for: a play
        # is announced at every turn, and a driver with nobody watching drops it unread.
        self._news.append(("played", seat, card, up, len(self.down[seat])))
        if up and (card >> 2) == KING:
            # "playing one face-up immediately stops play and initiates the reckoning"
            self._announce("god_card", seat=seat, card=label(card))
            self._reckoning(seat)
            return
        self.phase = FORM

    def announcements(self):
        out = []
        for item in self._news:
            if type(item) is tuple:  # kept as a tuple by _apply(), _lay() or _form()
                tag = item[0]
                if tag == "no_set":
                    item = {"seat": item[1], "kind": "no_set"}
                elif tag == "played":
                    _, seat, card, up, damned = item
                    item = {  # the keys in the order _announce() gave them
                        "seat": seat,
                        "face": "up" if up else "down",
                        "card": LABELS[card] if up else None,
                        "damned": damned,
                        "kind": "played",
                    }
                else:
                    _, seat, index, froms, score = item
                    kind, cards = set_cards(index)
                    item = {
                        "seat": seat,
                        "type": SET_TYPES[kind],
                        "points": SET_POINTS[kind],
                        "cards": labels(cards),
                        "seats": list(froms),
                        "score": score,
                        "kind": "set_formed",
                    }
            out.append(item)
        return out

    def _form(self, index):
        seat = self.turn
        kind, cards = set_cards(index)
        froms = []
        up_ranks = self.up_ranks
        own = self.own_ranks
        for c in cards:
            bit = 1 << (c >> 2)
            suit = c & 3
            if up_ranks[suit] & bit:  # face up on a board: the rank masks say whose
                at = suit
                while not own[at] & bit:
                    at += 8  # the next seat's face-up cards of this suit
                owner = at >> 3
                self.up[owner].remove(c)
                own[at] &= ~bit  # as _mark(owner, c, True, False)
                up_ranks[suit] &= ~bit
            else:  # damned, on the mover's board
                owner = seat
                self.down[seat].remove(c)
                own[8 * seat + suit + 4] &= ~bit
            froms.append(owner)
        self.set_decks[seat].append([index, froms])
        points = SET_POINTS[kind]
        self.scores[seat] += points
        self.round_points[seat] += points
        self.sets_by_type[kind] += 1
        # announced as a tuple (see announcements()); froms is never changed after this
        self._news.append(("set_formed", seat, index, froms, self.scores[seat]))
        target = self.game.options["target"]
        if self.scores[seat] >= target:
            # "The first player to reach two hundred points is the winner."
            self._close_round(WON, None, [0] * self.n)
            self._finish([seat], "target")
            return
        self._end_turn()

    def _end_turn(self):
        n = self.n
        last = len(self.hands[self.turn])
        self.turn = (self.turn + 1) % n
        self.phase = PLAY
        # Every player plays one card a turn, in turn, from equal hands: the one to play
        # next holds the most cards, the one who just played the fewest (and every hand
        # one of the two), so these two sizes are the largest and the smallest.
        most = len(self.hands[self.turn])
        if most == 0:
            self._damnation()
        elif not self.reserve_dealt and most == 1 and last == 1:
            # "If players are able to play six of their seven cards before a God
            # card is played, the game is paused while the reserve pile is dealt
            # out equally to all players (set aside any remainders out of play)."
            each = reserve_split(n)[0]
            self.reserve_dealt = True
            self.phase = DEALING
            self.to_deal = each * n
            self.deal_seat = self.first
            if not self.to_deal:
                self.phase = PLAY

    # -- the end of a round ----------------------------------------------------
    def set_deck_cards(self, seat):
        cards = []
        for index, _ in self.set_decks[seat]:
            cards += set_cards(index)[1]
        cards.sort()
        return cards

    def _reckoning(self, god_seat):
        options = self.game.options
        ace = options["ace"]
        match = options["match"]
        spare = options["king_player"] == "spared"
        seats = []
        penalties = [0] * self.n
        for s in range(self.n):
            down = self.down[s]
            status = "reckoned"
            forgiven_by = None
            lines = []
            total = 0
            if spare and s == god_seat:
                status = "spared"  # "a reckoning for all the other players' sins"
            elif down and (down[-1] >> 2) == KING:  # the board is in card order: Kings last
                # "If the player has a God card face-down on their board, they are
                # forgiven and receive no negative points for the round."
                status = "forgiven"
                k = len(down) - 1
                while k and (down[k - 1] >> 2) == KING:
                    k -= 1
                forgiven_by = LABELS[down[k]]  # the first of its Kings
            else:
                keys = set_keys(self.set_deck_cards(s), ace, match) if self.set_decks[s] else []
                lines, total = reckoning_lines(
                    self.up[s], down, keys, ace, match, options["unmatched"]
                )
                penalties[s] = total
                self.scores[s] -= total
            seats.append(
                {  # the keys in the order the table has always seen them
                    "seat": s,
                    "status": status,
                    "forgiven_by": forgiven_by,
                    "lines": lines,
                    "penalty": total,
                    "score": self.scores[s],
                }
            )
        self.reckonings += 1
        # "The player who played the God card will go first in the new round."
        nxt = god_seat if self._more_rounds() else None
        self._announce(
            "reckoning",
            round=self.round,
            god_seat=god_seat,
            seats=seats,
            next_first=nxt,
        )
        self._close_round(RECKONING, god_seat, penalties)
        self._next_round(nxt)

    def _damnation(self):
        ace = self.game.options["ace"]
        cancel = self.game.options["damnation_sets"] == "cancel"
        seats = []
        penalties = [0] * self.n
        for s in range(self.n):
            lines, total = damnation_lines(self.up[s], self.down[s], self.set_deck_cards(s), ace)
            cancelled = self.round_points[s] if cancel else 0
            total += cancelled
            penalties[s] = total
            self.scores[s] -= total
            seats.append(
                {
                    "seat": s,
                    "lines": lines,
                    "cancelled": cancelled,
                    "penalty": total,
                    "score": self.scores[s],
                }
            )
        self.damnations += 1
        nxt = self.first
        if self.game.options["damnation_start"] == "next":
            nxt = (self.first + 1) % self.n
        if not self._more_rounds():
            nxt = None
        self._announce("total_damnation", round=self.round, seats=seats, next_first=nxt)
        self._close_round(DAMNATION, None, penalties)
        self._next_round(nxt)

    def _close_round(self, end, god_seat, penalties):
        # kept compact (a list, not a dict): a long game holds dozens of these
        row = [self.round, self.first, end, god_seat]
        if len(self.rounds) == ROUNDS_KEPT:
            self.rounds.pop(0)
        self.rounds.append(row + [list(self.round_points), penalties, list(self.scores)])

    def round_record(self, i):
        """Kept finished round i (0-based, among the last ROUNDS_KEPT) as the table
        sees it."""
        row = self.rounds[i]
        return {
            "round": row[0],
            "first_player": row[1],
            "end": row[2],
            "god_seat": row[3],
            "set_points": list(row[4]),
            "penalties": list(row[5]),
            "scores": list(row[6]),
        }

    def _more_rounds(self):
        limit = self.game.options["round_limit"]  # 0: off, the rulebook's game
        return limit == 0 or self.round < limit

    def _next_round(self, first):
        if not self._more_rounds():
            self._finish(winners_of(self.scores), "round_limit")
            return
        self.first = first
        self._new_round()

    def _finish(self, winners, reason):
        self.winners = winners
        self.reason = reason
        self.phase = OVER
        self._announce(
            "game_over",
            reason=reason,
            winners=list(winners),
            scores=list(self.scores),
            round=self.round,
        )

    def _returns(self):
        return [1 if s in self.winners else 0 for s in range(self.n)]

    def rounds_played(self):
        """Finished rounds, all of them (the breakdown keeps the last ROUNDS_KEPT): each
        ended by a reckoning, a total damnation or a set reaching the target."""
        return self.reckonings + self.damnations + (1 if self.reason == "target" else 0)

    def _set_aside(self):
        """The reserve's remainder set aside out of play: none until it is dealt."""
        return reserve_split(self.n)[1] if self.reserve_dealt else 0

    def round_number(self):
        """The round (ROUND), from 1."""
        return self.round

    def standing(self):
        """The scores (STANDING)."""
        return list(self.scores)

    # -- what the table sees ---------------------------------------------------
    def set_entry(self, index, seat, owner=None):
        """A legal set as the device lists it: decode()'s fields, where each card
        lies, the action that forms it."""
        kind, cards = set_cards(index)
        if owner is None:
            owner = self.usable_owner(seat)
        return {
            "action": SET + index,
            "type": SET_TYPES[kind],
            "points": SET_POINTS[kind],
            "cards": labels(cards),
            "seats": [owner[c] for c in cards],
        }

    def ranked_sets(self):
        """(the best LISTED_SETS legal sets of the player to move, how many
        there are): most points first, then the most penalty taken off their
        own board (damned cards count double), then the canonical order."""
        if self.phase != FORM:
            return [], 0
        seat = self.turn
        ace = self.game.options["ace"]
        owner = self.usable_owner(seat)
        # the best few kept in order as the sets come (no key list of every set:
        # boards nobody clears allow thousands, and a device has little room)
        best = []
        found = self.legal_sets()
        for index in found:
            kind, cards = set_cards(index)
            relief = 0
            for c in cards:
                if owner[c] == seat:
                    relief += card_value(c, ace) * (2 if c in self.down[seat] else 1)
            key = (-SET_POINTS[kind], -relief, index)
            if len(best) == LISTED_SETS:
                if key >= best[-1]:
                    continue
                best.pop()
            at = len(best)
            while at and best[at - 1] > key:
                at -= 1
            best.insert(at, key)
        count = len(found)
        found = None
        return [self.set_entry(k[2], seat, owner) for k in best], count

    def result(self):
        if self.phase != OVER:
            return None
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": list(self.scores),
            "rounds_played": self.rounds_played(),
            "rounds": [self.round_record(i) for i in range(len(self.rounds))],
        }

    def _view(self, seat):
        p = self._current_player()
        n = self.n
        set_decks = []
        for s in range(n):
            sets = []
            for index, froms in self.set_decks[s]:
                kind, cards = set_cards(index)
                sets.append(
                    {
                        "type": SET_TYPES[kind],
                        "points": SET_POINTS[kind],
                        "cards": labels(cards),
                        "seats": list(froms),
                    }
                )
            set_decks.append(sets)
        view = {
            "phase": self.phase,
            "seat": seat,
            "round": self.round,
            "round_limit": self.game.options["round_limit"] or None,
            "target": self.game.options["target"],
            "first_player": self.first,
            "to_move": p if p >= 0 else None,
            "scores": list(self.scores),
            "round_points": list(self.round_points),
            "hand_counts": [len(h) for h in self.hands],
            "boards": [labels(b) for b in self.up],
            "damned_counts": [len(d) for d in self.down],
            "damned_limit": DAMNED_LIMIT,
            "set_decks": set_decks,
            "reserve": len(self.deck) - self._set_aside(),
            "reserve_dealt": self.reserve_dealt,
            "set_aside": self._set_aside(),
            "hand": None,
            "damned": None,
            "legal_sets": [],
            "legal_set_count": 0,
            "last_round": self.round_record(len(self.rounds) - 1) if self.rounds else None,
            "result": self.result(),
        }
        if seat is not None:
            view["hand"] = labels(self.hands[seat])
            view["damned"] = labels(self.down[seat])
            if self.phase == FORM and seat == self.turn:
                view["legal_sets"], view["legal_set_count"] = self.ranked_sets()
        return view

    def _action_text(self, action):
        data = self.game.decode(action)
        kind = data["kind"]
        if kind == "deal":
            where = "from the reserve " if self.reserve_dealt else ""
            return "deal %s %sto seat %d, secretly" % (data["card"], where, self.deal_seat)
        if kind == "play":
            if data["face"] == "down":
                return "seat %d plays %s face down (damned)" % (self.turn, data["card"])
            if data["god_card"]:
                return "seat %d plays %s face up: a God card, the reckoning" % (
                    self.turn,
                    data["card"],
                )
            return "seat %d plays %s face up (innocent)" % (self.turn, data["card"])
        if kind == "no_set":
            return "seat %d forms no set" % self.turn
        entry = self.set_entry(action - SET, self.turn)
        parts = []
        for i in range(len(entry["cards"])):
            parts.append("%s(%d)" % (entry["cards"][i], entry["seats"][i]))
        return "seat %d forms %s %s: %d points" % (
            self.turn,
            entry["type"],
            " ".join(parts),
            entry["points"],
        )
