# phone_start.py  Phone mode's start: the seats' tokens, the network and the server
# MIT licence. Imported by session.py when a game with phones starts or resumes and
# unloaded after (with phone_join.py, the join screens' flow, at a new game's start): a
# game in play keeps only phone_mode.py, the provider, the seats and the server
# (docs/phones.md, "Memory").

import json


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
            import phone_join

            await phone_join.network(phones, s)  # phones join the Wi-Fi while it shows
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
