# present_new_rule_end.py  New Rule (Sin): the screens of a round's end and the game's
# MIT licence. Loaded by present_new_rule.py when a round ends (the God card, the
# reckoning, total damnation, the next deal) or the game does, and dropped after, so
# its code is not in RAM while the table plays its turns. Each player's penalty is
# worked out card by card from the rules' announcement; nothing is computed here.

from ui import Screen

_ROUND_ENDS = {"reckoning": "God card", "damnation": "total damnation", "won": "target"}


async def god_card(p, item):
    """The God card: its player's LED steady, every other seat flashing."""
    p.played = None
    await p.s.flash("judgment", seat=item["seat"], seat_name="god")
    await p.public(
        Screen(
            "nr-god",
            "The God card",
            big="GOD CARD",
            facts=["%s plays %s face up." % (p.name(item["seat"]), item["card"])],
            lines=["Play stops at once: the reckoning."],
            keys=("OK", "", ""),
        ),
        True,
    )


def _line(ln):
    """A penalty line as the rules announce it: (card, where, face, value, multiplier,
    penalty, why)."""
    card, where, face, value, mult, penalty, why = ln
    text = "%s%s%s: %d" % (
        "" if where == "board" else "set deck ",
        card,
        " down" if face == "down" and where == "board" else "",
        value,
    )
    if mult != 1:
        text += " x%d = %d" % (mult, penalty)
    if why:
        text += " (%s)" % why
    return text


async def _penalty(p, screen, title, entry, lines):
    seat = entry["seat"]
    name = p.name(seat)
    p.s.light(seat, "judgment")
    if entry["penalty"]:
        big = "%s -%d" % (name, entry["penalty"])
        lines = lines + ["Penalty %d." % entry["penalty"]]
    else:
        big = "%s: 0" % name
    await p.public(
        Screen(
            screen,
            title,
            big=big,
            facts=["Score now %d." % entry["score"]],
            lines=lines,
            keys=("OK", "", ""),
        )
    )


async def reckoning(p, item):
    seats = item["seats"]
    for k in range(len(seats)):
        entry = seats[k]
        status = entry["status"]
        if status == "spared":
            lines = ["Played the God card: spared."]
        elif status == "forgiven":
            lines = ["A face-down God card (%s) forgives the round." % entry["forgiven_by"]]
        else:
            lines = [_line(ln) for ln in entry["lines"]] or ["An empty board."]
        title = "Reckoning, round %d (%d/%d)" % (item["round"], k + 1, len(seats))
        await _penalty(p, "nr-reckoning", title, entry, lines)
    p.s.light(None)


async def total_damnation(p, item):
    await p.s.flash("judgment")
    await p.public(
        Screen(
            "nr-damnation",
            "Round %d" % item["round"],
            big="DAMNATION",
            facts=["Every hand is empty and no God card came."],
            lines=["Every card on a board or in a set deck costs its value; no doubling."],
            keys=("OK", "", ""),
        ),
        True,
    )
    seats = item["seats"]
    for k in range(len(seats)):
        entry = seats[k]
        lines = [_line(ln) for ln in entry["lines"]] or ["No cards."]
        if entry["cancelled"]:
            lines.append("Set points cancelled: %d." % entry["cancelled"])
        title = "Total damnation, round %d (%d/%d)" % (item["round"], k + 1, len(seats))
        await _penalty(p, "nr-penalty", title, entry, lines)
    p.s.light(None)


async def round_dealt(p, item):
    view = p.s.view(None)
    first = item["first_player"]
    p.s.light(first, "turn")
    await p.public(
        Screen(
            "nr-round",
            p.s.title,
            big="Round %d" % item["round"],
            facts=["%s starts." % p.name(first)],
            lines=[
                "%d cards each; the reserve of %d is dealt when every hand is down"
                " to its last card." % (item["cards_each"], item["reserve"]),
                p.scores_line(view["scores"]),
            ],
            keys=("OK", "", ""),
        )
    )


async def reserve_dealt(p, item):
    lines = []
    if item["set_aside"]:
        lines.append("%d set aside, unseen." % item["set_aside"])
    await p.public(
        Screen(
            "nr-reserve",
            "Round %d" % item["round"],
            big="Reserve dealt",
            facts=["%d more cards each." % item["cards_each"]],
            lines=lines,
            keys=("OK", "", ""),
        )
    )


def final_public(p, view):
    result = view["result"]
    if result["reason"] == "target":
        winner = p.name(result["winners"][0])
        lines = ["%s reached %d points." % (winner, view["target"])]
    else:
        lines = ["%d rounds played: the highest score wins." % view["round_limit"]]
    shown = result["rounds"]
    if shown and result["rounds_played"] > len(shown):
        # a game played to its target alone keeps only its last rounds round by round
        lines.append("%d rounds played; the last %d:" % (result["rounds_played"], len(shown)))
    for r in shown:
        end = _ROUND_ENDS.get(r["end"], r["end"])
        if r["god_seat"] is not None:
            end += " (%s)" % p.name(r["god_seat"])
        scores = ", ".join(["%s %d" % (p.name(k), r["scores"][k]) for k in range(len(r["scores"]))])
        lines.append("R%d %s: %s" % (r["round"], end, scores))
        lines.append(
            "  sets +%s, penalties -%s"
            % (
                "/+".join([str(p) for p in r["set_points"]]),
                "/-".join([str(p) for p in r["penalties"]]),
            )
        )
    return lines


def ranking(p, view):
    result = view["result"]
    scores = result["scores"]
    order = sorted(range(len(scores)), key=lambda k: (-scores[k], k))
    lines = []
    for k in order:
        won = "  WINNER" if k in result["winners"] else ""
        lines.append("%s %d%s" % (p.name(k), scores[k], won))
    return lines, result["winners"]
