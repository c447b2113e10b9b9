"""Mea Culpa: what the full rules engine (mea_culpa.py) and the device's keeper
(mea_culpa_keeper.py) share: the action codes that mean the same in both, the
characters, the rooms of the House of Pleasure, and the codec of those codes.

Rules: the Mea Culpa rulebook (Kopf & Zoch, Zoch Verlag, 2016); the codes are
listed in docs/rules/mea-culpa.md ("Action encoding"). Small and pure: the
device loads it with the keeper, without the full engine.
"""

from shared_rules.game import IllegalAction
from shared_rules.mea_culpa import data as D

# -- action codes shared by both games ------------------------------------------
START_BASE = 10  # chance: +seat, the next soul placed on Start (closest to Heaven first)
DRAW_BASE = 20  # chance: +stone kind 0..4, a stone drawn from the bag to the market
CARD_BASE = 30  # chance: +card type, a House of Pleasure card into the next room
BONUS_BASE = 50  # +bonus 0..3: a starting bonus taken
VISIT_BASE = 300  # +1..6: room 1-4 or suite 5/6 visited
VISIT_POPE = 307  # the Pope's "urgent meeting" (then the secret die)
DIE_BASE = 320  # +1..6: the Pope sets his die (secret)
GUESS_BASE = 330  # +1..6: the soul nearest Hell guesses the Pope's room
PICK_BASE = 430  # +character: a character card chosen
BID_BASE = 1000  # +taler*8+notches (notches 1..6): the secret bid

# -- the characters ------------------------------------------------------------------
POPE = 0
EMPEROR = 1
MERCHANT = 2
PETTY = 3
CHARACTER_NAMES = ("Pope", "Emperor", "Merchant", "Petty Sinner")

# "2 cathedrals x 4 crews + 3 spare placements; the Emperor places one a round": the
# second cathedral is finished by round 11 at the latest (docs/rules/mea-culpa.md).
MAX_ROUNDS = 11

ROOMS = 6  # rooms 1-4 hold a House card; suites 5 and 6


def room_name(r):
    """'room 3' or 'suite 5', as the board names them."""
    return "room %d" % r if r <= 4 else "suite %d" % r


def bid_code(notches, taler):
    return BID_BASE + taler * 8 + notches


def bid_parts(action):
    """(notches, taler) of a bid code."""
    v = action - BID_BASE
    return v % 8, v // 8


def card_types(extra):
    """The House card types in play: the rulebook's 19 cards, plus the 5 assumed
    money cards unless extra_cards is "none"."""
    return D.CARDS if extra == "money" else D.CARDS[: D.LISTED_CARD_TYPES]


# -- the codec of the shared codes ---------------------------------------------------
def decode_shared(action):
    """Plain data of a code both games share, or None."""
    if action >= BID_BASE:
        notches, taler = bid_parts(action)
        if D.POST_MIN[0] <= notches <= D.POST_MAX[0]:
            # "Your bid equals the sum of the notches showing and any added taler"
            return {"kind": "bid", "notches": notches, "taler": taler, "total": notches + taler}
        return None
    if PICK_BASE <= action < PICK_BASE + 4:
        return {"kind": "pick", "character": CHARACTER_NAMES[action - PICK_BASE]}
    if GUESS_BASE < action <= GUESS_BASE + ROOMS:
        r = action - GUESS_BASE
        return {"kind": "guess", "room": r, "where": room_name(r)}
    if DIE_BASE < action <= DIE_BASE + ROOMS:
        r = action - DIE_BASE
        return {"kind": "die", "room": r, "where": room_name(r)}
    if action == VISIT_POPE:
        return {"kind": "pope-visit"}
    if BONUS_BASE <= action < BONUS_BASE + 4:
        b = action - BONUS_BASE
        return {"kind": "bonus", "bonus": b + 1, "name": D.BONUS_NAMES[b]}
    if CARD_BASE <= action < CARD_BASE + len(D.CARDS):
        card = D.CARDS[action - CARD_BASE]
        return {"kind": "card", "card": card[0], "notches": card[1]}
    if DRAW_BASE <= action < DRAW_BASE + 5:
        return {"kind": "draw", "stone": D.STONE_NAMES[action - DRAW_BASE]}
    if START_BASE <= action < START_BASE + 4:
        return {"kind": "start", "seat": action - START_BASE}
    return None


def index_of(names, name):
    """The index of `name` in a tuple of names; raises IllegalAction."""
    for i in range(len(names)):
        if names[i] == name:
            return i
    raise IllegalAction("no %r (one of %s)" % (name, ", ".join([str(n) for n in names])))


def whole(data, key):
    """An int field of action data; raises IllegalAction."""
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise IllegalAction("action data needs a whole number %r, not %r" % (key, value))
    return value


def encode_shared(data):
    """The code of shared action data, or None when its kind is not a shared one."""
    kind = data.get("kind")
    if kind == "bid":
        return bid_code(whole(data, "notches"), whole(data, "taler"))
    if kind == "pick":
        return PICK_BASE + index_of(CHARACTER_NAMES, data.get("character"))
    if kind == "guess":
        return GUESS_BASE + whole(data, "room")
    if kind == "die":
        return DIE_BASE + whole(data, "room")
    if kind == "pope-visit":
        return VISIT_POPE
    if kind == "bonus":
        return BONUS_BASE + whole(data, "bonus") - 1
    if kind == "card":
        names = tuple([c[0] for c in D.CARDS])
        return CARD_BASE + index_of(names, data.get("card"))
    if kind == "draw":
        return DRAW_BASE + index_of(D.STONE_NAMES, data.get("stone"))
    if kind == "start":
        return START_BASE + whole(data, "seat")
    return None


def checked(code, data, decode):
    """`code` if decode(code) agrees with every field of `data`; else IllegalAction.
    So encode() takes the fields that name an action (extra fields must match)."""
    got = decode(code) if isinstance(code, int) and code >= 0 else None
    if got is None:
        raise IllegalAction("no action %r" % (data,))
    for key in data:
        if got.get(key) != data[key]:
            raise IllegalAction("no action %r" % (data,))
    return code
