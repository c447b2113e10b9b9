# phone_join.py  Joining phones: each seat's code behind the pass gate
# MIT licence. Imported by session_open.py while phones join at a game's start, and by
# phone_mode.py while a seat rejoins from the pause menu; let go of after, with the join
# screen: a game in play keeps none of this code in RAM (docs/phones.md, "Memory"). The
# QR encoder runs only before the server is loaded (phone_start.py): every seat's code is
# encoded then and kept on flash beside the tokens (store.py, games/<id>.codes), and the
# join screens and a rejoin draw it from there.

from table import pass_screen
from ui import Screen


def url(phones, seat):
    """A seat's page address, as its QR code carries it."""
    return "%s%s" % (phones.address, phones.seats.token(seat))


def _code_screen(scr, code):
    import join_screen

    scr.paint = lambda display: join_screen.draw(display, scr, code)
    return scr


def _code_of(phones, s, seat):
    """The seat's code from flash (phone_start.py kept them), or None: none kept, or for
    another address. One code's bytes are read, a few small blocks: a heap cut up by
    the game may have no big one."""
    f = s.app.store.open_codes(phones.game_id)
    if f is None:
        return None
    with f:
        head = phones.address.encode() + b"\n"
        if f.read(len(head)) != head:
            return None
        for _ in range(seat + 1):
            head = f.read(3)  # size, version, level
            if len(head) != 3:
                return None
            bits = f.read((head[0] * head[0] + 7) // 8)
    import join_screen

    return join_screen.Picture(head[0], bits, head[1], chr(head[2]))


async def join(phones, s):
    """Behind the pass gate, each seat's own code; a seat may say it has no phone
    (it plays with the buttons, as without phone mode)."""
    for seat in range(s.players):
        await join_seat(phones, s, seat)
    s.light(None)


async def rejoin(s, seat):
    """The pause menu's "Use my phone again" (phone_mode.py): the seat's code again, read
    from flash: no QR encoder beside the server. This module and the join screen are let
    go of after."""
    try:
        await join_seat(s.phones, s, seat)
    finally:  # a cancelled or failed rejoin leaves no code behind either
        import lifetime

        lifetime.enter("phones joined")


async def join_seat(phones, s, seat):
    name = s.name(seat)
    s.light(seat, "look")
    lines = ["Press A to see your phone's code.", "B: no phone, play here."]
    await s.show(pass_screen(name, lines, ("Look", "No phone", "")))
    key = await s.wait_key("AB")
    if key == "A":
        await s.show(_seat_screen(phones, s, seat, name))
        key = await s.wait_key("AB")
    phones.use_phone(seat, key != "B")


def _seat_screen(phones, s, seat, name):
    """The seat's join screen with its code from flash; where there is none (a resume
    that had no room to encode them) or the heap has no room to draw it, the same
    address to type instead."""
    address = url(phones, seat)
    try:
        code = _code_of(phones, s, seat)
        if code is not None:
            import join_screen

            scr, code = join_screen.seat_screen(name, address, code)
            return _code_screen(scr, code)
    except MemoryError:
        unload(s)
    shown = address[7:]  # without http://
    lines = ["No room for the code now.", "Open this address on your phone:"]
    lines += [shown[i : i + 32] for i in range(0, len(shown), 32)]
    return Screen("join-seat", name, lines=lines, keys=("done", "no phone", ""), private=True)


def unload(s):
    # the join screens' code goes once the last code is off the glass (the next screen
    # drops the last reference): a game needs it again only if a seat rejoins
    for module in ("join_screen", "qr"):
        s.unload(module)
