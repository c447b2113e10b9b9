"""Mea Culpa: the board's printed data only the full rules engine needs (prices, money,
stones, Letters, the Record of Sins, the cathedrals, the dens' names), as plain data.
Laptop-only, like the engine (shared_rules/mea_culpa/rules.py): the device's keeper never
loads it. What the keeper needs too (the bag, the market, the posts, the House of
Pleasure cards, the bonuses) is in mea_culpa_data.py.

Every value is marked SOURCED (stated by the Mea Culpa rulebook, Zoch Verlag
2016: "Components", "Preparation" and the chapters quoted beside it) or ASSUMED
(printed on the board or on cards the text does not give; a guess). A table that owns the game
replaces the ASSUMED values here; docs/rules/mea-culpa.md lists each one with
its reasoning.
"""

from shared_rules.mea_culpa.data import ASSUMED, SOURCED

# -- goods ------------------------------------------------------------------
# Goods 0..3 (the stones: mea_culpa_data.STONE_NAMES, kind 4 the indulgence stone).
GOOD_NAMES = ("bread", "wine", "cloth", "jewel")

# (buy price, sell price, mark). Rulebook: "e.g. 2 taler for a loaf of bread",
# "e.g. 6 taler for a loaf of bread". The board prints the others.
PRICES = (
    (2, 6, SOURCED),  # bread
    (3, 8, ASSUMED),  # wine: worth two loaves in donations, so dearer
    (2, 6, ASSUMED),  # cloth: the plain good of its category, like bread
    (3, 8, ASSUMED),  # jewel: worth two rolls of cloth in donations
)
LETTER_PRICE = (4, SOURCED)  # "Pay 4 taler to the bank"


# -- money, stones, crews -----------------------------------------------------
START_TALER = (25, SOURCED)  # "behind which he places 25 taler"
COINS = ((1, 2, 5, 10), SOURCED)  # coin values; one donation is one coin
SIN_STONES = (7, SOURCED)  # "7 sin stones" per player
BUILDING_CREWS = (4, SOURCED)
CATHEDRAL_SITES = (3, SOURCED)
BONUS_TALER = (10, SOURCED)  # starting bonus 3 (mea_culpa_data.BONUS_NAMES)


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
# Dens of Sin 0..2 (mea_culpa_data.DEN_LUST...).
DEN_NAMES = ("lust", "petty", "greed")
SUITE6_NOTCHES = (2, SOURCED)  # "Rotate your etched post two notches higher"
