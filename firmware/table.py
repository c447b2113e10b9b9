# table.py  The screens every game shares: seal, pass-and-look gate, turn, pause, the end
# MIT licence. Anything only one seat may see is shown after a "pass to ..." screen,
# with that seat's LED lit, on a private screen (the privacy policy lights the status
# LED and wipes it with a full refresh). A game's own screens come from its presenter
# (docs/device.md, "Writing a presenter"); these frame them.

from ui import Screen, wrap


async def seal_screen(s):
    """The shuffle seal: noted by the table now, checked against the seed at the end."""
    facts = ["%s, %d players" % (s.title, s.players)]
    lines = wrap(
        "Note this seal: the seed it seals is shown at the end, so anyone can check the shuffle was fair."
    )
    await s.show(
        Screen("seal", "Shuffle seal", big=s.seal, facts=facts, lines=lines, keys=("OK", "", "")),
        True,
    )
    await s.wait_key("A")


def pass_screen(name, lines, keys=("Look", "", "")):
    """The public "pass to <name>" screen that comes before anything only `name` may see."""
    return Screen(
        "pass",
        "Pass to %s" % name,
        big=name,
        facts=["Only %s may look." % name],
        lines=lines,
        keys=keys,
    )


async def gate(s, seat, what, lines, title=None):
    """Pass the device to one seat, show it a secret, wipe it."""
    name = s.name(seat)
    s.light(seat, "look")
    await s.show(pass_screen(name, ["Press A to see %s." % what]))
    await s.wait_key("A")
    big = None
    if lines and lines[0].startswith("#"):
        big, lines = lines[0][1:], lines[1:]  # a presenter's headline, drawn large
    await s.show(
        Screen(
            "secret",
            title or ("%s only" % name),
            big=big,
            lines=lines,
            keys=("Done", "", ""),
            private=True,
        )
    )
    await s.wait_key("A")


async def reveals(s):
    """The next seat's private reveals (consecutive ones together), behind the gate,
    or on the seat's page in a phone game."""
    pending = s.pending
    index, seat, lines = pending[0]
    count = 1
    while count < len(pending) and pending[count][1] == seat:
        lines = lines + pending[count][2]
        index = pending[count][0]
        count += 1
    phones = s.phones
    if phones is None or not phones.uses_phone(seat) or not await phones.reveal(s, seat, lines):
        await gate(s, seat, s.presenter.reveal_title, lines)  # else seen on the seat's page
    del pending[:count]
    s.app.store.set_seen(s.id, index + 1)


async def turn(s, seat):
    """The seat chooses an action with the buttons; None: the game is abandoned."""
    pres = s.presenter
    phones = s.phones
    if phones is not None and phones.asks(s, seat):
        action = await phones.turn(s, seat)  # the seat's secret, from its phone
        if action is not False:
            return action  # else the seat went back to the buttons: pass-and-peek below
    if s.secret() or pres.enters(seat):
        # entered behind the gate, or on the game's own screens: a secret decision, or
        # a game whose decisions need the seat's own view (New Rule: the sets a hand's
        # damned cards allow). A presenter with private turns asks for the legal list
        # itself when it needs it: it can be long (every set New Rule allows), and is
        # not held here (a presenter with lazy_legal too: the keeper's 246 bids are a
        # 2 KB block a fragmented heap may not have).
        lazy = pres.private_turns or pres.lazy_legal
        action = await pres.enter(s.view(seat), None if lazy else s.legal(), seat)
        if action is not False:
            return action
    legal = s.legal()
    # Nothing changes while the seat chooses: the screen is made once, the presses
    # only move the cursor (and again after the pause menu, which lights other LEDs).
    view = s.view(None)
    cursor = 0
    s.light(seat, "turn")
    title, lines, items, choices, keys = pres.turn(view, legal, seat)
    while True:
        big = None
        if lines and lines[0].startswith("#"):
            big = lines[0][1:]  # the presenter's headline, drawn large
        scr = Screen(
            "turn",
            title,
            big=big,
            lines=lines[1:] if big is not None else lines,
            items=items,
            cursor=cursor,
            keys=keys,
            corner="#%d" % s.move(),
        )
        await s.show(scr)
        kind, key = await s.next_event()
        if key == "UP":  # through the items, then the pages of details after them
            cursor = (cursor - 1) % scr.stops()
        elif key == "DOWN":
            cursor = (cursor + 1) % scr.stops()
        elif key in ("A", "B") and kind == "press" and cursor < len(items):
            action = choices[cursor][0 if key == "A" else 1]
            if action is not None:
                return action
        elif key == "C":
            if await pause(s, seat):
                return None
            s.light(seat, "turn")
            title, lines, items, choices, keys = pres.turn(view, legal, seat)


async def pause(s, seat):
    """The in-game menu; True when the table abandons the game."""
    pres = s.presenter
    choices = ["Back to the game"]
    if pres.look(seat) is not None:
        choices.append("Look at my hand")
    phones = s.phones
    if phones is not None:
        if phones.uses_phone(seat):
            choices.append("Play here, not on my phone")
        else:
            choices.append("Use my phone again")
    choices.append("Abandon the game")
    cursor = 0
    while True:
        scr = Screen(
            "pause",
            "%s: seal %s" % (s.title, s.seal),
            big="Paused",
            items=choices,
            corner="#%d" % s.move(),
            cursor=cursor,
            keys=("Select", "", "Back"),
        )
        await s.show(scr)
        kind, key = await s.next_event()
        if key == "UP":
            cursor = (cursor - 1) % len(choices)
        elif key == "DOWN":
            cursor = (cursor + 1) % len(choices)
        elif key == "C":
            return False
        elif key == "A":
            choice = choices[cursor]
            if choice.startswith("Back"):
                return False
            if choice.startswith("Look"):
                await gate(s, seat, "your hand", pres.look(seat))
                return False
            if choice.startswith("Play here"):
                phones.use_phone(seat, False)  # pyright: ignore[reportOptionalMemberAccess]
                return False
            if choice.startswith("Use my phone"):
                await phones.rejoin(s, seat)  # pyright: ignore[reportOptionalMemberAccess]
                return False
            lines = wrap("The game ends here with no winner. Its seed is revealed in the log.")
            await s.show(
                Screen(
                    "confirm",
                    "%s: paused" % s.title,
                    big="Abandon?",
                    lines=lines,
                    keys=("Abandon", "", "Back"),
                )
            )
            if await s.wait_key("AC") == "A":
                return True


async def final(s):
    """The end: public summary, each seat's private score, the result, the seed."""
    from shared_rules.commit import hexlify

    pres = s.presenter
    seed = hexlify(s.seed)
    seed_lines = ["Seal %s. Seed:" % s.seal, seed[:32], seed[32:]]
    sealed = s.result_seal()  # the signed log's result seal, top right
    if s.abandoned:
        s.light(None)
        await s.show(
            Screen(
                "abandoned",
                s.title,
                big="Abandoned",
                lines=seed_lines,
                keys=("Menu", "", ""),
                corner=sealed,
            ),
            True,
        )
        await s.wait_key("A")
        return
    # The final view is made for each use and not held: a long game's view (set
    # decks, the rounds) is large, and the seats' gates come in between.
    await s.show(
        Screen(
            "over",
            s.title,
            big="Game over",
            lines=pres.final_public(s.view(None)),
            keys=("Scores", "", ""),
        ),
        True,
    )
    await s.wait_key("A")
    for seat in range(s.players):
        await _final_seat(s, seat, pres.final_seat(seat))
        lines = pres.final_private(seat)
        if lines is not None:
            await gate(s, seat, "your score", lines)
    lines, winners = pres.ranking(s.view(None))
    big = _winners(s, winners)
    if lines and lines[0].startswith("#"):
        big, lines = lines[0][1:], lines[1:]  # the presenter's headline, drawn large
    leds = s.app.board.leds
    for seat in range(s.players):
        leds.seat(s.table_seat(seat), "winner" if seat in winners else "off")
    leds.show()
    await s.show(
        Screen(
            "result",
            "%s: result" % s.title,
            big=big,
            lines=lines + seed_lines,
            keys=("New game", "", ""),
            corner=sealed,
        ),
        True,
    )
    await s.wait_key("A")
    s.light(None)


async def _final_seat(s, seat, lines):
    """A seat's result, public: on the table's screen, its LED lit, no pass gate."""
    if lines is None:
        return
    big = None
    if lines and lines[0].startswith("#"):
        big, lines = lines[0][1:], lines[1:]
    s.light(seat, "turn")
    await s.show(
        Screen(
            "score", "%s: %s" % (s.title, s.name(seat)), big=big, lines=lines, keys=("Next", "", "")
        )
    )
    await s.wait_key("A")


def _winners(s, winners):
    """The result's headline: who won (None when the device does not know)."""
    if not winners:
        return None
    names = [s.name(seat) for seat in winners]
    if len(names) == 1:
        return "%s wins" % names[0]
    return "%s win" % " & ".join(names)
