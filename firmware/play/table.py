# table.py  The screens every game shares while it is played: pass-and-look gate, turn
# MIT licence. Anything only one seat may see is shown after a "pass to ..." screen,
# with that seat's LED lit, on a private screen (the privacy policy lights the status
# LED and wipes it with a full refresh). A game's own screens come from its presenter
# (docs/device.md, "Writing a presenter"); these frame them. The screens of a game's two
# ends (the seal, the end: table_ends.py) and the pause menu (table_pause.py, which the
# session loads) are loaded when they are shown and let go of after: a game in play does
# not keep them.

import lifetime
from ui import Screen


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
    lifetime.enter("turn")
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
            if await s.pause(seat):
                return None
            s.light(seat, "turn")
            title, lines, items, choices, keys = pres.turn(view, legal, seat)
