# present_siete_pecados_choose.py  The screens of a 7 Pecados decision: the pass gate, the
# hand and its choices level by level, the limbo's favour, "who cancels?"
# MIT licence. Imported by present_siete_pecados.py for a decision the device asks (and
# forgotten after it), so a game whose seats play on their phones does not keep this
# code in RAM. Built only from the rules' views, codec and announcements; `p` is the
# presenter (its session, names and the private look it keeps between decisions).

from ui import Screen, fits, wrap

_PLAY = "Play which card?"


def _sin_at(view, sin):
    names = view["sin_names"]
    for i in range(len(names)):
        if names[i] == sin:
            return i
    return -1


def _favour_title(name):
    text = name.replace("_", " ")
    return text[:1].upper() + text[1:]


def _fit(text, short):
    return text if fits(text) else short


def _owner(p, view, sin, text):
    """`text` and whose sin card it is: "Envy (P3, tempted)", or `text` alone
    where that does not fit a line of medium type."""
    i = _sin_at(view, sin)
    h = view["holder"][i]
    who = "centre" if h is None else p.name(h)
    return _fit("%s (%s%s)" % (text, who, ", tempted" if view["tempted"][i] else ""), text)


def _table(p, view):
    """The public table in small type: deck, limbo, every seat, the centre."""
    if view["last_rounds"]:
        lines = ["LAST ROUNDS: the deck is empty"]
    elif view["mode"] == "infernal":
        lines = ["Deck %d" % view["deck"]]
    else:
        lines = ["Deck %d, limbo %d" % (view["deck"], len(view["limbo"]))]
    for seat in range(len(view["cubes"])):
        lines += wrap(
            "%s%s %d cube(s)%s: %s"
            % (
                p.name(seat),
                p.team(view, seat),
                view["cubes"][seat],
                ", angel" if view["protected"][seat] else "",
                p.held(view, seat) or "saint",
            )
        )
    names = view["sin_names"]
    centre = []
    decks = []
    for i in range(len(names)):
        if view["holder"][i] is None:
            centre.append(names[i] + ("*" if view["tempted"][i] else ""))
        if view["centre"][i]:
            down = view["centre_down"][i]  # turned down by a relapse from a centre draw
            if view["face_down"][i]:
                note = " down"
            elif down:
                note = " (%d down)" % down
            else:
                note = ""
            decks.append("%s %d%s" % (names[i], view["centre"][i], note))
    if centre:
        lines += wrap("Centre: " + " ".join(centre))
    if decks:
        lines += wrap("Centre decks: " + ", ".join(decks))
    lines.append("* tempted")
    return lines


async def enter(p, view, legal, seat):
    """The presenter's enter(): every decision of the game on its own screens."""
    s = p.s
    phase = view["phase"]
    if phase == "cancel":
        return await _cancel(p, view, seat)
    p.answer = None
    if phase == "limbo":  # an Angel/Demon card dealt from the limbo: in public
        p.peek = None
        s.light(seat, "turn")
        title = "%s: the limbo's Angel/Demon" % p.name(seat)
        return await _pick(p, ("favour", title, None, []), view, legal, seat)
    # draw, play, to_limbo: the turn's player, in private
    if p.peek != seat and not await _gate(p, view, seat):
        return None
    me = view["me"]
    big = ", ".join(me["hand"]) or "no cards"
    if not fits(big):
        big = " ".join([c[:4] for c in me["hand"]])
    lines = []
    if me["drawn"]:
        lines.append("You drew %s." % me["drawn"])
    if view["cancelled"]:
        lines.append("Cancelled, face up: " + ", ".join(view["cancelled"]))
    lines.append("%d cube(s). Sins: %s" % (view["cubes"][seat], p.held(view, seat) or "none"))
    if view["last_rounds"]:
        lines.append("Last rounds: no draws.")
    frame = ("hand", "%s only" % p.name(seat), big, lines)
    action = await _pick(p, frame, view, legal, seat)
    p.peek = None if action is None else seat
    return action


async def _gate(p, view, seat):
    """The pass screen: what happened last and the table (UP/DOWN turn its pages),
    then A for the hand; C the menu. False when the table abandons the game."""
    s = p.s
    name = p.name(seat)
    last = s.events[-1] if s.events else ""
    facts = [last] if last and fits(last) else []
    lines = ([] if facts or not last else wrap(last)) + _table(p, view)
    while True:
        s.light(seat, "look")
        await s.show(
            Screen(
                "pass",
                "Pass to %s%s" % (name, p.team(view, seat)),
                big=name,
                facts=facts,
                lines=lines,
                keys=("Look", "", "Menu"),
                corner="#%d" % s.move(),
            )
        )
        if await s.wait_key("AC") == "A":
            return True
        if await s.pause(seat):
            return False


def _path(p, view, data):
    """The questions that lead to an action, one (question, answer) per level."""
    kind = data["kind"]
    sin = data.get("sin")
    if kind == "draw":
        if sin is None:
            return (("Draw from?", "The deck"),)
        cost = ", a cube" if view["mode"] == "infernal" else ""
        i = _sin_at(view, sin)
        count = view["centre"][i] - view["centre_down"][i]  # the cards face up
        return (("Draw from?", "Centre %s (%d%s)" % (sin, count, cost)),)
    if kind == "tempt":
        return ((_PLAY, _owner(p, view, sin, sin)),)
    if kind == "to_limbo":
        return ((_PLAY, "To the limbo (a cube)"),)
    if kind == "limbo_card":
        return (("Which card to the limbo?", data["card"]),)
    path = [] if view["phase"] == "limbo" else [(_PLAY, "Angel/Demon")]
    if kind == "eliminate":
        return path + [("Which favour?", "Eliminate it: a cube")]
    path.append(("Which favour?", _favour_title(data["favour"])))
    if sin is not None:
        path.append(("Which sin?", _owner(p, view, sin, sin)))
    if data["target"] is not None:
        path.append(("Who?", p.name(data["target"])))
    return path


def _level(p, view, legal, chosen):
    """(answers, question, action) one level down the path `chosen`: the action
    once a single one is left at the end of its path, else None."""
    depth = len(chosen)
    labels = []
    question = None
    for a in legal:
        path = _path(p, view, p.s.decode(a))
        if [q[1] for q in path[:depth]] != chosen:
            continue
        if len(path) == depth:
            return [], None, a
        question = path[depth][0]
        if path[depth][1] not in labels:
            labels.append(path[depth][1])
    return labels, question, None


async def _pick(p, frame, view, legal, seat):
    """Narrow the legal actions level by level (A: choose, B: back); the action,
    or None when the table abandons the game. A private frame (the hand, with a
    big fact) has no menu; a public one asks its question large, C the menu."""
    name, title, big, lines = frame
    chosen = []
    while True:
        labels, question, action = _level(p, view, legal, chosen)
        if action is not None:  # (compared with None only: an action is a token)
            return action
        if big is None:
            scr = Screen(name, title, big=question, items=labels)
        else:
            scr = Screen(name, title, big=big, lines=[question] + lines, items=labels)
            scr.private = True
        keys = ("Choose", "Back" if chosen else "", "" if big else "Menu")
        index = await _list(p, scr, keys, seat)
        if index is None:
            return None
        if index < 0:
            chosen.pop()
        else:
            chosen.append(labels[index])


async def _list(p, scr, keys, seat):
    """The cursor on a list screen: the index chosen (A), -1 back (B, when the
    keys offer it), None when the table abandons the game from the menu (C)."""
    s = p.s
    scr.keys = keys
    while True:
        scr.corner = "#%d" % s.move()
        await s.show(scr)
        kind, key = await s.next_event()
        if key == "UP":
            scr.cursor = (scr.cursor - 1) % len(scr.items)
        elif key == "DOWN":
            scr.cursor = (scr.cursor + 1) % len(scr.items)
        elif key == "A" and kind == "press":
            return scr.cursor
        elif key == "B" and keys[1]:
            return -1
        elif key == "C" and keys[2]:
            if await s.pause(seat):
                return None
            s.light(seat, "turn")


async def _cancel(p, view, seat):
    """Infernal: one public question per chance to cancel, "who cancels?"; the
    answer is given for each seat of the window in turn (pass ... cancel)."""
    if p.answer is None:
        window = view["cancel_window"]
        declared = view["declared"]
        player = p.name(declared["seat"])
        play = declared.get("sin") or ""
        if declared["kind"] == "favour":
            play = _favour_title(declared["favour"]).split(" ")[0] + " " + play
            if declared["target"] is not None:
                play += " " + p.name(declared["target"])
            play = play.strip()
        items = ["Nobody"] + [_fit("%s pays a cube" % p.name(k), p.name(k)) for k in window]
        if fits(play, "large"):
            scr = Screen("cancel", "%s plays: who cancels?" % player, big=play, items=items)
        else:
            scr = Screen("cancel", "%s: %s" % (player, play), big="Who cancels?", items=items)
        p.s.light(declared["seat"], "turn")
        index = await _list(p, scr, ("OK", "", "Menu"), seat)
        if index is None:
            return None
        p.answer = window[index - 1] if index else -1
    return p.s.encode({"kind": "cancel" if seat == p.answer else "pass"})
