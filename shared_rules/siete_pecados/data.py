"""7 Pecados: the printed data, with where each value comes from.

Sources: the 7 Pecados rulebook (Hugo Jimenez, Venatus Ediciones, 2017), sections
"Contents", "Game Setup", "Faith Cubes", "Angel/Demon Cards" and "Expert Game
Variant: Infernal Mode"; the sin scores are not printed in the rulebook text,
see SIN_NAMES below.
"""

# The seven sins in the order of their scores, least grave first. The rulebook
# fixes Lust 1, Envy 6 and Pride 7 ("whoever has Lust (score of 1) or Envy
# (score of 6)") and orders sins by "the order of Dante's purgatory"; the rest
# follow Dante's terraces and the designer's own description (Hugo Jimenez,
# consolaytablero.com, March 2017: "avarice was worse than gluttony and lust,
# sloth surpassed them all; wrath was more dangerous still, but not as much as
# envy and pride"). Sin s scores s + 1.
SIN_NAMES = ("Lust", "Gluttony", "Greed", "Sloth", "Wrath", "Envy", "Pride")
NUM_SINS = 7

# "55 cards: 42 temptation cards. 6 angel/demon cards. 7 sin cards."
# "The temptation cards are copies of the sin cards (there are 6 temptation
# cards per sin)."
TEMPTATIONS_PER_SIN = 6
ANGEL_DEMONS = 6
DECK_SIZE = NUM_SINS * TEMPTATIONS_PER_SIN + ANGEL_DEMONS  # 48

# "12 red cubes." "Deal 2 temptation cards and 2 red cubes (faith) to each
# player." "Players may store up to a maximum of 2 faith cubes".
CUBES = 12
START_CUBES = 2
MAX_CUBES = 2
HAND = 2

# The divine favours printed on every angel/demon card: (name, title, side).
# "In the top section the cards show the four divine favors (2 angel and 2
# demon) available in the beginner game variant (Celestial Mode). In the
# bottom section they show the four divine favors available in the advanced
# game variant (Infernal Mode)."
CELESTIAL_FAVOURS = (
    ("protect_yourself", "Protect Yourself", "angel"),
    ("cleanse_your_soul", "Cleanse Your Soul", "angel"),
    ("influence_others", "Influence Others", "demon"),
    ("unprotect_others", "Unprotect Others", "demon"),
)
INFERNAL_FAVOURS = (
    ("protect_others", "Protect Others", "angel"),
    ("forgive", "Forgive", "angel"),
    ("flagellate_yourself", "Flagellate Yourself", "demon"),
    ("unprotect_yourself", "Unprotect Yourself", "demon"),
)
