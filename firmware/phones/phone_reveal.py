# phone_reveal.py  A private reveal (an opening card) on the seat's phone instead of the gate
# MIT licence. Imported by phone_mode.py for each reveal and unloaded after: a few reveals
# a game (7: The Sins' opening cards), none in most, so a game in play does not keep this
# code in RAM (docs/phones.md, "Memory").

from phone_provider import SEEN_ACTION
from ui import Screen


async def reveal(phones, s, seat, lines):
    """The e-ink says whose phone has the secret and waits for the page's "Seen". True:
    seen there; False: the seat goes back to the buttons (B) and sees it behind the
    gate. `lines` are the gate's (a first "#" line: its headline)."""
    name = s.name(seat)
    text = " ".join([line[1:] + "." if line[:1] == "#" else line for line in lines])
    phones.provider.show(seat, text)
    scr = Screen(
        "phone",
        "%s: for %s" % (s.title, name),
        big=name,
        facts=["%s: look at your phone." % name],
        lines=["A secret for you is on your phone.", "B: see it here instead."],
        keys=("", "Here", ""),
        corner="#%d" % s.move(),
    )
    move = s.move()
    try:
        seen = await phones._wait(
            s, seat, scr, "look", lambda item: _seen(item, seat, move), menu=False
        )
    finally:
        phones.provider.show(None)
    return seen is True


def _seen(item, seat, move):
    who, when, action = item
    return True if (who, when, action) == (seat, move, SEEN_ACTION) else None
