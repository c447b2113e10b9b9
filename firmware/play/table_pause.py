# table_pause.py  The pause menu of a game in play (session.py loads it when C is pressed)
# MIT licence. session.py loads it when C is pressed and lets go of it after. Back to the
# game, a look at one's own hand behind the gate, a seat moved between its phone and the
# buttons (its join code again: session.py, once this menu's code is gone), or the game
# abandoned, confirmed first.

from table import gate
from ui import Screen, wrap


async def pause(s, seat):
    """The in-game menu; True when the table abandons the game, "rejoin" when the
    seat goes back to its phone (session.py shows its code once this module is gone)."""
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
                return "rejoin"  # session.py, once this menu's code is gone
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
