"""Mea Culpa: the character auction's order and tie rules, shared by the full
rules engine (shared_rules/mea_culpa/rules.py) and the device's referee mode
(shared_rules/mea_culpa/keeper.py). Small and pure, so the device loads it
without the whole engine.

Rulebook: "The highest bidder then takes the character card of his choice ...
Then, in descending order of bids, each other player chooses"; "The player who
revealed the most notches keeps any taler he bid. All other players must pay
any taler they bid to the bank"; "If any bids are tied, the bid of the tied
player whose poor soul is closer to Hell is considered higher. Tied numbers of
notches are resolved in the same way." Two players: "The highest bidder
chooses first, followed by his opponent, then again the highest bidder and the
last card goes to his opponent."
"""


def bid_order(notches, taler, hell_keys):
    """(pick order, keeper) from per-seat notches, taler and hell keys (larger =
    nearer Hell; distinct). Two seats pick high, low, high, low."""
    n = len(notches)
    order = sorted(range(n), key=lambda s: (-(notches[s] + taler[s]), -hell_keys[s], s))
    keeper = sorted(range(n), key=lambda s: (-notches[s], -hell_keys[s], s))[0]
    if n == 2:
        order = [order[0], order[1], order[0], order[1]]
    return order, keeper


def ties_matter(notches, taler):
    """True when the Hell order decides something: two equal totals, or the most
    notches shown by more than one seat."""
    n = len(notches)
    totals = sorted([notches[s] + taler[s] for s in range(n)])
    for i in range(1, n):
        if totals[i] == totals[i - 1]:
            return True
    top = max(notches)
    return len([k for k in notches if k == top]) > 1
