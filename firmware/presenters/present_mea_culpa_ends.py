# present_mea_culpa_ends.py  The Mea Culpa keeper's first and last screens: the starting
# bonuses, the game over
# MIT licence. Imported by present_mea_culpa.py for each of these screens and forgotten
# after: a game in play never shows them. Built only from the rules' views and codec;
# `p` is the presenter (its session and names).

import layout

# the symbols of the starting bonuses (decode(a)["bonus"]: 1..4, in the rules' order)
_BONUS_SYMBOLS = ("bread wine", "jewel", "taler", "indulgence")


def bonus_turn(p, legal, name, choices, keys):
    """The table enters the starting bonus each soul took, closest to Heaven first."""
    items = []
    for a in legal:
        data = p.s.decode(a)
        marks = "".join([layout.symbol(g) for g in _BONUS_SYMBOLS[data["bonus"] - 1].split()])
        items.append(layout.fact(marks + " " + data["name"], data["name"]))
    lines = [
        "#" + layout.headline("%s's bonus" % name, name),
        "Closest to Heaven chooses first: which starting bonus did %s take?" % name,
    ]
    return "Starting bonus", lines, items, choices, keys


def final_public(p, view):
    return [
        "The table ended the game in round %d." % view["round"],
        "Souls and Letters are scored on the board: the board decides the winner.",
        "Bag: " + layout.counted(view["bag"], view["stone_names"]),
    ]


def ranking(p, view):
    return ["#On the board", "The winner is decided on the board."], []
