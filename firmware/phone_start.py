# phone_start.py  Phone mode's start: the seats' tokens, the network and the server
# MIT licence. Imported by session.py when a game with phones starts or resumes and
# unloaded after (with phone_join.py, the join screens' flow, at a new game's start): a
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
        import phone_join

        if new:
            await phone_join.network(phones, s)  # phones join the Wi-Fi while it shows
        elif not phone_join.codes_saved(phones, s):  # none kept, or another address
            try:
                phone_join.save_codes(phones, s)
            except MemoryError:  # a rejoin shows the address to type instead
                s.unload("qr")
        phone_join = None
        await _listen(phones, port)
    except (OSError, ValueError):
        phones.stop()
        raise
    return phones


def _address(phones, board):
    """Where the server listens (phones.host) and its port: on the unix port sim/wlan.py
    answers on loopback."""
    if board.sim is not None:
        from sim import env

        phones.host = "127.0.0.1"
        return int(env("CONFESSOR_SIM_PHONE_PORT", "8080"))
    phones.host = "0.0.0.0"
    return 80


async def _listen(phones, port):
    """The server, imported after the QR encoder (network()): the encoder, low in
    the heap, goes after the join screens and leaves one hole, not many."""
    import phone_server

    here = phone_server.__file__
    page = here[: here.rfind("/") + 1] + phone_server.PAGE  # beside the modules
    phones.server = phone_server.PhoneServer(phones.provider, phones.seats, phones.guard, page)
    await phones.server.start(phones.host, port)
