# present_mea_culpa_secret.py  The Mea Culpa keeper's secret screens: the pass screen,
# a seat's etched-post bid, the Pope's die
# MIT licence. Imported by present_mea_culpa.py for a secret the device asks (and
# forgotten after it), so a game whose seats bid on their phones does not keep this
# code in RAM. Built only from the rules' views, codec and legal list; `p` is the
# presenter (its session and names).

from ui import Screen


async def enter(p, view, seat):
    """A bid or the Pope's die, entered in private; None when the table abandons
    the game from the pause menu."""
    s = p.s
    name = p.name(seat)
    bidding = view["phase"] == "bidding"
    while True:
        s.light(seat, "look")
        what = "enter your bid" if bidding else "set the Pope die"
        await s.show(
            Screen(
                "pass",
                "Pass to %s" % name,
                big=name,
                facts=["Only %s may look." % name],
                lines=["Press A to %s." % what],
                keys=("Look", "", "Menu"),
            )
        )
        key = await s.wait_key("AC")
        if key == "A":
            break
        if await s.pause(seat):
            return None
    if bidding:
        return await _bid(p, view, name)
    return await _die(p, view, name)


async def _bid(p, view, name):
    s = p.s
    low = (view["bid_notches"][0], view["bid_taler"][0])
    high = (view["bid_notches"][1], view["bid_taler"][1])
    value = [low[0], low[1]]  # notches, taler
    field = 0
    while True:
        bid = s.decode(s.encode({"kind": "bid", "notches": value[0], "taler": value[1]}))
        big = "%d + %d = %d" % (bid["notches"], bid["taler"], bid["total"])
        await s.show(
            Screen(
                "bid",
                "%s: your secret bid" % name,
                big=big,
                lines=["UP/DOWN field, A/B -/+ (long: 5)"],
                items=["Notches: %d" % value[0], "Taler: %d" % value[1]],
                cursor=field,
                keys=("-", "+", "Bid"),
                private=True,
            )
        )
        kind, key = await s.next_event()
        step = 5 if kind == "long" else 1
        if key in ("UP", "DOWN"):
            field = 1 - field
        elif key == "A":
            value[field] = max(low[field], value[field] - step)
        elif key == "B":
            value[field] = min(high[field], value[field] + step)
        elif key == "C":
            await s.show(
                Screen(
                    "bid",
                    "%s: your secret bid" % name,
                    big=big,
                    lines=[
                        "%d notches, %d taler." % (value[0], value[1]),
                        "Set your etched post to %d notches" % value[0],
                        "and put %d taler on it, hidden." % value[1],
                        "Confirm this bid?",
                    ],
                    keys=("Confirm", "", "Back"),
                    private=True,
                )
            )
            if await s.wait_key("AC") == "A":
                return s.encode(bid)


async def _die(p, view, name):
    s = p.s
    legal = s.legal()
    items = [p.room_choice(view, s.decode(a)["room"]) for a in legal]
    cards = view["room_cards"]  # in full: a long card is cut short in the list
    cards = ["%d %s" % (r + 1, cards[r]) for r in range(len(cards))]
    cursor = 0
    while True:
        await s.show(
            Screen(
                "die",
                "%s: set the Pope die" % name,
                lines=["Where is your urgent meeting?"] + cards,
                items=items,
                cursor=cursor,
                keys=("Set", "", ""),
                private=True,
            )
        )
        kind, key = await s.next_event()
        if key == "UP":
            cursor = (cursor - 1) % len(items)
        elif key == "DOWN":
            cursor = (cursor + 1) % len(items)
        elif key == "A" and kind == "press":
            return legal[cursor]
