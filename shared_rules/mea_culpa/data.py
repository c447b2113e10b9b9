"""Mea Culpa: the printed data both the rules engine and the device's keeper need, as
plain data: the goods bag, the market, the etched posts, the House of Pleasure cards,
the starting bonuses. The rest of the board's data (prices, money, Letters, the
Record of Sins, the cathedrals) is in mea_culpa_board.py, which only the full engine
(laptop-only) imports: the device loads this module with the keeper, ints, str and
tuples only.

Every value is marked SOURCED (stated by the Mea Culpa rulebook, Zoch Verlag
2016: "Components", "Preparation" and the chapters quoted beside it) or ASSUMED
(printed on the board or on cards the text does not give; a guess). A table that owns the game
replaces the ASSUMED values here and in mea_culpa_board.py; docs/rules/mea-culpa.md lists
each one with its reasoning.
"""

SOURCED = "sourced"
ASSUMED = "assumed"

# -- goods ------------------------------------------------------------------
# Goods 0..3 (mea_culpa_board.GOOD_NAMES); stone kind 4 is the indulgence stone (bag and
# market only).
STONE_NAMES = ("bread", "wine", "cloth", "jewel", "indulgence")

# Stones in the goods bag before the starting bonuses are taken out:
# "10 loaves of bread, 9 bottles of wine, 9 rolls of cloth, 7 jewels", "6 indulgence stones".
BAG = ((10, 9, 9, 7, 6), SOURCED)
MARKET_STONES = (7, SOURCED)  # "Take 7 stones at random from the goods bag"

# -- etched posts -----------------------------------------------------------
POST_MIN = (1, SOURCED)  # etched post faces show 1..6 notches (hexagonal post: no 0 face)
POST_MAX = (6, SOURCED)  # "the limit of 6 notches"


# -- House of Pleasure ----------------------------------------------------------
# Card effects (ints the engine switches on).
EFFECT_EMPEROR_LETTER = 0  # an opponent holding the Emperor gives you a Letter of his choice
EFFECT_POPE_YELLOW = 1  # an opponent holding the Pope gives you a yellow Letter
EFFECT_OTHERS_HELL = 2  # each opponent moves `amount` steps towards Hell
EFFECT_OTHERS_SIN = 3  # each opponent places `amount` sin stones in den `den`
EFFECT_MOVE_CREW = 4  # move a building crew from one site to another
EFFECT_NEW_CREW = 5  # a crew from the builders' hut onto a site
EFFECT_MOVE_POPE = 6  # move a Pope stone from one Den of Sin to another
EFFECT_TAKE_GOOD = 7  # take 1 good from the market without paying
EFFECT_TALER = 8  # take `amount` taler from the bank

# Dens of Sin 0..2 (their names: mea_culpa_board.DEN_NAMES).
DEN_LUST = 0
DEN_PETTY = 1
DEN_GREED = 2

# (name, etched post +N, copies, effect, amount, den, mark). The rulebook lists
# 19 cards of the 24; a review (poeppelkiste.de) says some cards "just give some
# money". The five money cards below are ASSUMED; the option extra_cards="none"
# plays with the 19 listed cards only.
CARDS = (
    ("Emperor presents a Letter", 1, 2, EFFECT_EMPEROR_LETTER, 0, -1, SOURCED),
    ("Pope presents a yellow Letter", 3, 1, EFFECT_POPE_YELLOW, 0, -1, SOURCED),
    ("All others 3 towards Hell", 2, 1, EFFECT_OTHERS_HELL, 3, -1, SOURCED),
    ("All others 5 towards Hell", 3, 1, EFFECT_OTHERS_HELL, 5, -1, SOURCED),
    ("Others 2 sins in Lust", 2, 2, EFFECT_OTHERS_SIN, 2, DEN_LUST, SOURCED),
    ("Others 2 sins in Greed", 2, 2, EFFECT_OTHERS_SIN, 2, DEN_GREED, SOURCED),
    ("Move a building crew", 2, 2, EFFECT_MOVE_CREW, 0, -1, SOURCED),
    ("New building crew", 1, 3, EFFECT_NEW_CREW, 0, -1, SOURCED),
    ("Move a Pope stone", 2, 3, EFFECT_MOVE_POPE, 0, -1, SOURCED),
    ("Take 1 good free", 2, 2, EFFECT_TAKE_GOOD, 0, -1, SOURCED),
    ("Take 5 taler", 1, 3, EFFECT_TALER, 5, -1, ASSUMED),
    ("Take 10 taler", 2, 2, EFFECT_TALER, 10, -1, ASSUMED),
)
LISTED_CARD_TYPES = 10  # CARDS[:10] are the rulebook's list (19 cards)

# -- starting bonuses -------------------------------------------------------------
# 0: 1 loaf and 1 bottle, 1: 1 jewel, 2: 10 taler, 3: a blue Letter (all SOURCED;
# the taler: mea_culpa_board.BONUS_TALER).
BONUS_NAMES = ("1 loaf and 1 bottle", "1 jewel", "10 taler", "blue Letter of Indulgence")
