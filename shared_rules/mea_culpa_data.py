"""Mea Culpa: the printed data the rules engine needs, as plain data.

Every value is marked SOURCED (stated by the Mea Culpa rulebook, Zoch Verlag
2016: "Components", "Preparation" and the chapters quoted beside it) or ASSUMED
(printed on the board or on cards the text does not give; a guess). A table that owns the game
replaces the ASSUMED values here; docs/rules/mea-culpa.md lists each one with
its reasoning. The device imports this module too: ints, str, tuples only.
"""

SOURCED = "sourced"
ASSUMED = "assumed"

# -- goods ------------------------------------------------------------------
# Goods 0..3; stone kind 4 is the indulgence stone (bag and market only).
GOOD_NAMES = ("bread", "wine", "cloth", "jewel")
STONE_NAMES = ("bread", "wine", "cloth", "jewel", "indulgence")

# (buy price, sell price, mark). Rulebook: "e.g. 2 taler for a loaf of bread",
# "e.g. 6 taler for a loaf of bread". The board prints the others.
PRICES = (
    (2, 6, SOURCED),  # bread
    (3, 8, ASSUMED),  # wine: worth two loaves in donations, so dearer
    (2, 6, ASSUMED),  # cloth: the plain good of its category, like bread
    (3, 8, ASSUMED),  # jewel: worth two rolls of cloth in donations
)
LETTER_PRICE = (4, SOURCED)  # "Pay 4 taler to the bank"

# Stones in the goods bag before the starting bonuses are taken out:
# "10 loaves of bread, 9 bottles of wine, 9 rolls of cloth, 7 jewels", "6 indulgence stones".
BAG = ((10, 9, 9, 7, 6), SOURCED)
MARKET_STONES = (7, SOURCED)  # "Take 7 stones at random from the goods bag"

# -- money, stones, posts -----------------------------------------------------
START_TALER = (25, SOURCED)  # "behind which he places 25 taler"
COINS = ((1, 2, 5, 10), SOURCED)  # coin values; one donation is one coin
SIN_STONES = (7, SOURCED)  # "7 sin stones" per player
POST_MIN = (1, SOURCED)  # etched post faces show 1..6 notches (hexagonal post: no 0 face)
POST_MAX = (6, SOURCED)  # "the limit of 6 notches"
BUILDING_CREWS = (4, SOURCED)
CATHEDRAL_SITES = (3, SOURCED)

# -- the Record of Sins -------------------------------------------------------
HELL = (40, SOURCED)  # "A poor soul may not move beyond the 40th space."
# Steps from the Start Position to Heaven: printed on the board, not in the text.
# A table overrides it with the game option `heaven`.
HEAVEN = (20, ASSUMED)

# -- Letters of Indulgence ------------------------------------------------------
# Colours 0..3. "51 Letters of Indulgence (10 yellow, 11 blue, 15 red, 15 green)".
LETTER_NAMES = ("yellow", "blue", "red", "green")
LETTERS = ((10, 11, 15, 15), SOURCED)
SET_STEPS = (8, SOURCED)  # "each set of four Letters ...: 8 steps towards Heaven"
SINGLE_STEPS = (1, SOURCED)  # "For each remaining Letter: 1 step"

# Letters printed below each cathedral site, per category, as counts of
# (yellow, blue, red, green). Categories: 0 bread+wine, 1 cloth+jewels, 2 money.
# SOURCED data point: the donation example's bread+wine display is one red, three
# blue, one green. Everything else is ASSUMED: five blue per site (so any two
# finished sites need 10 blue, the 11 minus the starting bonus), the rest
# spread over yellow, red and green.
CATHEDRAL_LETTERS = (
    ((0, 3, 1, 1), (1, 1, 1, 1), (1, 1, 1, 1)),  # site A
    ((0, 3, 1, 1), (1, 1, 2, 1), (0, 1, 1, 1)),  # site B
    ((0, 3, 1, 1), (1, 1, 1, 2), (1, 1, 0, 1)),  # site C
)
CATHEDRAL_LETTERS_MARK = ASSUMED  # except the bread+wine display of (0, 3, 1, 1)

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

# Dens of Sin 0..2.
DEN_NAMES = ("lust", "petty", "greed")
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
SUITE6_NOTCHES = (2, SOURCED)  # "Rotate your etched post two notches higher"

# -- starting bonuses -------------------------------------------------------------
# 0: 1 loaf and 1 bottle, 1: 1 jewel, 2: 10 taler, 3: a blue Letter (all SOURCED).
BONUS_NAMES = ("1 loaf and 1 bottle", "1 jewel", "10 taler", "blue Letter of Indulgence")
BONUS_TALER = (10, SOURCED)
