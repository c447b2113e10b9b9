# present_mea_culpa_news.py  The Mea Culpa keeper's screens of what the rules announce: the
# market drawn, the bids revealed, the character order, the Pope's verdict
# MIT licence. Imported by present_mea_culpa.py while an announcement is shown (a few
# times a round) and forgotten after, so a game waiting for a move does not keep this
# code in RAM. Built only from the rules' views and announcements; `p` is the presenter
# (its session and names).

import layout
from ui import Screen


async def announce(p, news):
    for item in news:
        kind = item["kind"]
        if kind == "market":
            await _market(p, item["reshuffled"])
        elif kind == "bids" and item["tied"]:
            await _bids(p, True)
        elif kind == "pick-order":
            await _bids(p, False)
        elif kind == "pope-visit":
            await _verdict(p, item)


async def _ok(p, scr):
    await p.s.show(scr)
    await p.s.wait_key("A")


def _goods(view, counts):
    """A count of each good as symbols: "2<bread> 3<wine>" (layout.tally)."""
    names = view["stone_names"]
    return layout.tally([(counts[k], names[k]) for k in range(len(counts))])


async def _market(p, reshuffled):
    """The market drawn, large in symbols; the rooms' cards below (medium)."""
    p.s.light(None)
    view = p.s.view(None)
    market = view["market"]
    facts = []
    cards = view["room_cards"]
    for r in range(len(cards)):
        facts.append(
            "%s%d %s +%d" % (layout.symbol("room"), r + 1, cards[r], view["room_notches"][r])
        )
    lines = ["Market: " + layout.counted(market, view["stone_names"])]
    deck = "Deck %d left" % view["deck"]
    if reshuffled:
        deck += "; discards reshuffled"
    lines.append(deck)
    await _ok(
        p,
        Screen(
            "market",
            "Round %d: market and rooms" % view["round"],
            big=_goods(view, market) or "Market empty",
            facts=facts,
            lines=lines,
            keys=("Bids", "", ""),
        ),
    )


def _bid_parts(p, view):
    bids = view["bids"]
    return [
        "%s %d+%d=%d" % (p.name(s), bids[s][0], bids[s][1], view["bid_totals"][s])
        for s in range(len(bids))
    ]


async def _bids(p, tied):
    """The bids revealed (tied: the Hell order decides), or the pick order they give,
    large, with who keeps his taler and who pays the bank."""
    view = p.s.view(None)
    lines = ["Bids: notches + taler = total."]
    if tied:
        lines.append("Tied: the Hell order decides.")
        await _ok(
            p,
            Screen(
                "reveal",
                "All bids revealed",
                big="Tied bids",
                facts=layout.packed(_bid_parts(p, view)),
                lines=lines,
                keys=("OK", "", ""),
            ),
        )
        return
    keeper = view["keeper"]
    pays = view["pays"]
    payers = ["%s %d" % (p.name(s), pays[s]) for s in range(len(pays)) if s != keeper]
    order = view["pick_order"]
    facts = [layout.fact("%s keeps his taler" % p.name(keeper), "%s keeps" % p.name(keeper))]
    facts += layout.packed(["Pay:"] + payers)
    facts += layout.packed(_bid_parts(p, view))
    big = layout.headline(p.names(order), "%s first" % p.name(order[0]))
    lines = ["Choose: " + p.names(order), "(most notches keeps his taler)"] + lines
    p.s.light(order[0], "turn")
    await _ok(
        p,
        Screen(
            "order",
            "Bids and character order",
            big=big,
            facts=facts,
            lines=lines,
            keys=("OK", "", ""),
        ),
    )


async def _verdict(p, item):
    pope = item["pope"]
    caught = item["caught"]
    p.s.light(pope, "judgment" if caught else "ok")
    lines = [
        "The Pope (%s) is in %s; the guess was %s." % (p.name(pope), item["where"], item["guessed"])
    ]
    if caught:
        lines.append(
            "His soul moves 1 step towards Hell; he turns his post and places a"
            " Lust stone for a suite as usual."
        )
    else:
        lines.append("He turns no notches and places no sin stone for his visit.")
    lines.append("He carries out the room's card.")
    await _ok(
        p,
        Screen(
            "verdict",
            "The Pope's urgent meeting",
            big="CAUGHT!" if caught else "NOT CAUGHT",
            lines=lines,
            keys=("OK", "", ""),
        ),
    )
