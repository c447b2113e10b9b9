# phone_join.py  Phone mode's start: tokens, network, server, and each seat's join code
# MIT licence. Imported by session.py when a game with phones starts or resumes, and by
# phone_mode.py while a seat rejoins from the pause menu; unloaded after, with the QR
# encoder and the join screens: a game in play keeps none of this code in RAM
# (docs/phones.md, "Memory").

import json

from table import pass_screen
from ui import Screen


async def start(s, state, new):
    """The parts of phone mode for the game (phone_mode.PhoneMode): tokens dealt (a new
    game) or restored (a resumed one, from its .phones file), the access point up with
    the same name and password, a new game's network screen (its seats' codes encoded
    after it), the server listening. OSError or ValueError: no phones (the parts made
    so far stopped again)."""
    import binascii
    import time

    import phone_mode
    import phone_provider
    import phone_seats

    app = s.app
    board = app.board
    inbox = phone_provider.Inbox()
    boot = binascii.hexlify(board.urandom(3)).decode()
    phones = phone_mode.PhoneMode(
        app,
        inbox,
        phone_provider.GameProvider(inbox, boot=boot),
        phone_seats.Seats(board.urandom),
        phone_seats.Guard(time),
    )
    try:
        ssid = password = None
        off = ()
        if new:
            phones.seats.deal(s.players)
        else:
            saved = json.loads(app.store.load_phones(s.id))
            phones.seats.restore(saved["tokens"])
            ssid, password, off = saved["ssid"], saved["password"], saved.get("off", ())
            saved = None
        port = _access_point(phones, s, ssid, password)
        phones.game_id = s.id
        names = [s.name(seat) for seat in range(s.players)]
        phones.provider.attach(s.game, state, names)
        for seat in off:
            phones.provider.phone(seat, False)  # went back to the buttons before the cut
        if new:
            phones.save()
            await network(phones, s)  # phones join the Wi-Fi while it shows
        await _listen(phones, port)
    except (OSError, ValueError):
        phones.stop()
        raise
    return phones


def _access_point(phones, s, ssid, password):
    """The access point up (wifi.py, unloaded after: a game in play keeps only its
    WLAN object, its name and password, and the seats' address); the server's port."""
    import wifi

    board = s.app.board
    if board.sim is not None:  # the unix port: sim/wlan.py answers on loopback
        from sim import env
        from sim import wlan as network

        port = int(env("CONFESSOR_SIM_PHONE_PORT", "8080"))
        phones.host = "127.0.0.1"
    else:
        import network  # pyright: ignore[reportMissingImports] - the board's

        port = 80
        phones.host = "0.0.0.0"
    w = wifi.Wifi(network, board.urandom)
    phones.ssid, phones.password = w.start_ap(ssid, password)
    phones.wlan = w.wlan
    phones.address = w.url("", port)
    w = network = wifi = None
    s.unload("wifi")
    return port


async def _listen(phones, port):
    """The server, imported after the QR encoder (network()): the encoder, low in
    the heap, goes after the join screens and leaves one hole, not many."""
    import phone_server

    here = phone_server.__file__
    page = here[: here.rfind("/") + 1] + phone_server.PAGE  # beside the modules
    phones.server = phone_server.PhoneServer(phones.provider, phones.seats, phones.guard, page)
    await phones.server.start(phones.host, port)


def url(phones, seat):
    """A seat's page address, as its QR code carries it."""
    return "%s%s" % (phones.address, phones.seats.token(seat))


def _code_screen(scr, code):
    import join_screen

    scr.paint = lambda display: join_screen.draw(display, scr, code)
    return scr


async def network(phones, s):
    """The table's network: its name and password, and the Wi-Fi QR code. Then every
    seat's code is encoded, before the server comes in: the encoder's working space is
    the heap's peak, and it is lower while microdot is not there."""
    import join_screen

    scr, code = join_screen.network_screen(phones.ssid, phones.password)
    await s.show(_code_screen(scr, code), True)
    scr = code = join_screen = None
    await s.wait_key("A")
    import join_screen
    import qr

    codes = []
    for seat in range(s.players):
        codes.append(join_screen.Picture(qr.encode(url(phones, seat))))
    phones.codes = codes
    qr = join_screen = None
    s.unload("qr")  # the encoder's code, before the server's comes in (a rejoin loads it again)


async def join(phones, s):
    """Behind the pass gate, each seat's own code; a seat may say it has no phone
    (it plays with the buttons, as without phone mode)."""
    for seat in range(s.players):
        await join_seat(phones, s, seat)
    s.light(None)


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
    """The seat's join screen; where the heap has no room for the QR encoder (a
    rejoin mid-game, beside the server), the same address to type instead."""
    address = url(phones, seat)
    codes = phones.codes
    try:
        import join_screen

        code = codes[seat] if codes else None
        scr, code = join_screen.seat_screen(name, address, code)
        return _code_screen(scr, code)
    except MemoryError:
        unload(s)
        shown = address[7:]  # without http://
        lines = ["No room for the code now.", "Open this address on your phone:"]
        lines += [shown[i : i + 32] for i in range(0, len(shown), 32)]
        return Screen("join-seat", name, lines=lines, keys=("done", "no phone", ""), private=True)
    finally:
        if codes:
            codes[seat] = None


def unload(s):
    # the QR encoder's code goes once the last code is off the glass (the next screen
    # drops the last reference): a game needs it again only if a seat rejoins
    for module in ("join_screen", "qr"):
        s.unload(module)
