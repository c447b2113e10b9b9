# present_new_rule_choose.py  The screens of a New Rule (Sin) turn: the pass screen, the
# hand (a card face up or down), the sets the rules list
# MIT licence. Imported by present_new_rule.py for a decision the device asks (and
# forgotten after it), so a game whose seats play on their phones does not keep this
# code in RAM. Built only from the rules' views, codec and legal list; `p` is the
# presenter (its session, names and `looking`: the seat holding the device).

from ui import Screen

_RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def _cards(labels):
    return " ".join(labels) or "none"


async def enter(p, view, seat):
    """The play (a card, face up or down) or the set, chosen in private; None when
    the table abandons the game from the pause menu."""
    playing = view["phase"] == "play"
    if playing:
        mine = (view["round"], view["damned"], view["damned_limit"], p.s.legal())
    else:
        # not the legal list (every set allowed: hundreds on full boards): the sets
        # the view lists, and "no set" from the codec
        none = p.s.encode({"kind": "no_set"})
        mine = (view["legal_sets"], view["legal_set_count"], none)
    view = None  # the rest is garbage while the seat decides
    while True:
        if p.looking != seat:
            if not await _pass(p, playing, seat):
                return None
            p.looking = seat
        p.s.light(seat, "turn")
        if playing:
            action = await _hand(p, mine, seat)
        else:
            action = await _sets(p, mine, seat)
        if action is not None:
            return action
        p.looking = None  # Back: to the pass screen (and its menu)


async def _pass(p, playing, seat):
    s = p.s
    name = p.name(seat)
    what = "see your hand" if playing else "form a set"
    while True:
        s.light(seat, "look")
        await s.show(
            Screen(
                "pass",
                "Pass to %s" % name,
                big=name,
                facts=["Only %s may look." % name],
                lines=["Press A to %s." % what],
                keys=("Look", "", "Menu"),
                corner="#%d" % s.move(),
            )
        )
        if await s.wait_key("AC") == "A":
            return True
        if await s.pause(seat):
            return False


async def _hand(p, mine, seat):
    """A card from the hand: A face up, B face down (refused, with the reason, when
    the rules list no face-down play of it)."""
    s = p.s
    rnd, damned, limit, legal = mine
    faces = {}  # card label -> [face up action, face down action]
    order = []
    items = []
    for action in legal:
        data = s.decode(action)
        card = data["card"]
        choice = faces.get(card)
        if choice is None:
            choice = [None, None]
            faces[card] = choice
            order.append(card)
            rank = data["rank"]
            if rank == "K":
                items.append(card + "  King: God card")
            else:
                name = _RANK_NAMES.get(rank, rank)
                items.append("%s  %s of %s" % (card, name, data["suit"]))
        choice[0 if data["face"] == "up" else 1] = action
    data = None
    held = "Damned %d/%d: %s" % (len(damned), limit, _cards(damned))
    cursor = 0
    refused = None
    while True:
        await s.show(
            Screen(
                "nr-hand",
                "%s: play a card, round %d" % (p.name(seat), rnd),
                facts=[refused or held],
                lines=[held] if refused else (),
                items=items,
                cursor=cursor,
                keys=("Face up", "Face down", "Back"),
                corner="#%d" % s.move(),
                private=True,
            )
        )
        kind, key = await s.next_event()
        if key == "UP":
            cursor = (cursor - 1) % len(items)
            refused = None
        elif key == "DOWN":
            cursor = (cursor + 1) % len(items)
            refused = None
        elif key == "C":
            return None
        elif key in ("A", "B") and kind == "press":
            card = order[cursor]
            up, down = faces[card]
            if key == "B":
                if down is not None:
                    return down
                refused = _refusal(p, damned, limit)
            elif up is not None:
                if not s.decode(up)["god_card"] or await _god_confirm(p, card, seat):
                    return up


def _refusal(p, damned, limit):
    """Why the rules list no face-down play: the seat's damned cards and the limit
    the view gives."""
    if len(damned) >= limit:
        return "No: %d damned is the limit." % limit
    return "No: not face down."


async def _god_confirm(p, card, seat):
    await p.s.show(
        Screen(
            "nr-confirm",
            "%s: a God card" % p.name(seat),
            big="God card",
            facts=["%s face up ends the round." % card],
            lines=["The reckoning follows at once."],
            keys=("Play it", "", "Back"),
            private=True,
        )
    )
    return await p.s.wait_key("AC") == "A"


async def _sets(p, mine, seat):
    """The legal sets the rules list (best first, with points), or none."""
    s = p.s
    listed, count, none = mine
    items = ["+%d %s" % (e["points"], " ".join(e["cards"])) for e in listed]
    items.append("No set")
    cursor = 0
    while True:
        if cursor < len(listed):
            entry = listed[cursor]
            facts = ["%s, %d points" % (entry["type"], entry["points"])]
            lines = [p.where(entry["cards"], entry["seats"], seat)]
        else:
            facts = ["No set this turn."]
            lines = []
        if count > len(listed):
            lines.append("The best %d of %d sets." % (len(listed), count))
        elif not listed:
            facts = ["No set can be formed."]
        await s.show(
            Screen(
                "nr-sets",
                "%s: form a set" % p.name(seat),
                facts=facts,
                lines=lines,
                items=items,
                cursor=cursor,
                keys=("Take", "", "Back"),
                corner="%d/%d" % (cursor + 1, len(items)),
                private=True,
            )
        )
        kind, key = await s.next_event()
        if key == "UP":
            cursor = (cursor - 1) % len(items)
        elif key == "DOWN":
            cursor = (cursor + 1) % len(items)
        elif key == "C":
            return None
        elif key == "A" and kind == "press":
            if cursor < len(listed):
                return listed[cursor]["action"]
            return none
