# phone_start.py  Phone mode's start: the seats' tokens, the network, the codes and the server
# MIT licence. Imported by session.py when a game with phones starts or resumes and
# unloaded after (with the QR encoder and join_network.py, the network's screen): a
# game in play keeps only phone_mode.py, the provider, the seats and the server
# (docs/phones.md, "Memory").

import json

TOKEN_BYTES = 12  # 96 bits
_B32 = "abcdefghijklmnopqrstuvwxyz234567"  # RFC 4648 base32, lower case: URL-safe
TOKEN_CHARS = (TOKEN_BYTES * 8 + 4) // 5  # 20: phone_seats.TOKEN_CHARS


def token_text(raw):
    """Bytes as unpadded lower-case base32 (what the URL and the QR code carry)."""
    out = ""
    acc = 0
    bits = 0
    for b in raw:
        acc = (acc << 8) | b
        bits += 8
        while bits >= 5:
            bits -= 5
            out += _B32[(acc >> bits) & 31]
        acc &= (1 << bits) - 1
    if bits:
        out += _B32[(acc << (5 - bits)) & 31]
    return out


def deal(urandom, players):
    """New tokens for every seat of a new game, 96 bits each from `urandom` (the
    RP2350's TRNG on the board), drawn anew for every game."""
    return [token_text(urandom(TOKEN_BYTES)) for _ in range(players)]


def restored(tokens):
    """A resumed game's tokens (after a power cut), each checked."""
    for t in tokens:
        if not _well_formed(t):
            raise ValueError("not a seat token")
    return tokens


def _well_formed(text):
    if not isinstance(text, str) or len(text) != TOKEN_CHARS:
        return False
    for ch in text:
        if ch not in _B32:
            return False
    return True


async def start(s, state, new):
    """The parts of phone mode for the game (phone_mode.PhoneMode): tokens dealt (a new
    game) or restored (a resumed one, from its .phones file), the network up
    (phone_net.py: the one set over the link, else the access point, with the same name
    and password on a resume), a new game's network screen (its seats' codes encoded
    after it; a resumed game's again only if none are kept for its address), the server
    listening. None: the table chose the buttons only (a network that could not be
    joined). OSError or ValueError: no phones (the parts made so far stopped again)."""
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
        phone_seats.Seats(),
        phone_seats.Guard(time),
    )
    try:
        saved = None
        off = ()
        if new:
            phones.seats.use(deal(board.urandom, s.players))
        else:
            saved = json.loads(app.store.load_phones(s.id))
            phones.seats.use(restored(saved["tokens"]))
            off = saved.get("off", ())
        port = _address(phones, board)
        import phone_net

        try:
            joined = await phone_net.up(phones, s, saved, port)
        finally:
            saved = phone_net = None
            s.unload("phone_net")
            s.unload("wifi")
        if not joined:  # a network that could not be joined: the table chose buttons
            phones.stop()
            return None
        phones.game_id = s.id
        names = [s.name(seat) for seat in range(s.players)]
        phones.provider.attach(s.game, state, names)
        for seat in off:
            phones.provider.phone(seat, False)  # went back to the buttons before the cut
        phones.save()  # a resume may have moved to the access point
        if new:
            await _network(phones, s)  # phones join the Wi-Fi while it shows
            await _preparing(s)
            _save_codes(phones, s)
        elif not _codes_saved(phones, s):  # none kept, or for another address
            await _preparing(s)
            try:
                _save_codes(phones, s)
            except MemoryError:  # a rejoin shows the address to type instead
                s.unload("qr")
        await _listen(phones, port)
    except (OSError, ValueError):
        phones.stop()
        raise
    return phones


async def _network(phones, s):
    """The table's network: its name and password, and the Wi-Fi QR code (a network
    joined: its name and the device's address there, never its password)."""
    import join_network

    if phones.station:  # a network set over the link: its name and where the device is
        scr = join_network.station_screen(phones.ssid, phones.address)
    else:
        await _preparing(s)  # the network's own code first
        scr = _painted(*join_network.network_screen(phones.ssid, phones.password))
    join_network = None
    s.unload("join_network")
    await s.show(scr, True)
    scr = None
    await s.wait_key("A")


async def _preparing(s):
    """On the glass while codes are encoded, seconds on a board (`make bench`: the QR
    codes), so the table sees the device at work rather than the last screen."""
    from ui import Screen

    await s.show(
        Screen(
            "phones-codes",
            "Phones",
            big="Preparing codes...",
            lines=["A code for each phone to join by.", "This takes a few seconds."],
        )
    )


def _painted(scr, code):
    import join_screen

    scr.paint = lambda display: join_screen.draw(display, scr, code)
    return scr


def _save_codes(phones, s):
    """Every seat's code, encoded before the server comes in (the encoder's working
    space is the heap's peak, and it is lower while microdot is not there) and kept on
    flash (store.py: beside the tokens, never served over the link, gone with the key):
    the join screens and a rejoin mid-game draw it from there (phone_join.py), so the
    encoder never loads beside the server. The address the codes carry heads the file: a
    resume on another address encodes them again."""
    import join_screen
    import qr

    data = bytearray(phones.address.encode())
    data.append(10)
    for seat in range(s.players):
        url = "%s%s" % (phones.address, phones.seats.token(seat))
        data += join_screen.picture(qr.encode(url)).packed()
    qr = join_screen = None
    s.unload("qr")  # the encoder's code, before the server's comes in
    s.app.store.save_codes(phones.game_id, data)


def _codes_saved(phones, s):
    """The game's codes on flash carry this address (a resume: no need to encode)."""
    f = s.app.store.open_codes(phones.game_id)
    if f is None:
        return False
    with f:
        head = phones.address.encode() + b"\n"
        return f.read(len(head)) == head


def _address(phones, board):
    """Where the server listens (phones.host) and its port: on the unix port sim/wlan.py
    answers on loopback."""
    if board.sim is not None:
        from sim.env import env

        phones.host = "127.0.0.1"
        return int(env("CONFESSOR_SIM_PHONE_PORT", "8080"))
    phones.host = "0.0.0.0"
    return 80


async def _listen(phones, port):
    """The server, imported after the QR encoder (_save_codes()): the encoder, low in
    the heap, goes after the join screens and leaves one hole, not many."""
    import phone_server

    here = phone_server.__file__
    page = here[: here.rfind("/") + 1] + phone_server.PAGE  # beside the modules
    phones.server = phone_server.PhoneServer(phones.provider, phones.seats, phones.guard, page)
    await phones.server.start(phones.host, port)
