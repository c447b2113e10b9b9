"""The device's security pieces on the MicroPython unix port (run by
tests/firmware/test_firmware_units.py): the Ed25519 signer against RFC 8032's vectors, the
device key made, used and retired, the store's bounded listing, the link's
supervisor, and the flash-space check."""

import binascii
import os

import devkey
import ed25519
import flashspace
from store import GameStore

# RFC 8032 section 7.1, TEST 1 and TEST 2 (tests/firmware/test_signing.py checks them too)
VECTORS = [
    (
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e3970"
        "1cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613"
        "d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
]


def _hex(data):
    return binascii.hexlify(data).decode()


def _tmp(name):
    path = "/tmp/confessor_mp_%s" % name
    try:
        for f in os.listdir(path):
            os.remove(path + "/" + f)
        os.rmdir(path)
    except OSError:
        pass
    os.mkdir(path)
    return path


def test_rfc_8032_vectors_on_micropython():
    for secret, pub, message, sig in VECTORS:
        key = ed25519.SigningKey(binascii.unhexlify(secret))
        assert _hex(key.public) == pub
        assert _hex(key.sign(binascii.unhexlify(message))) == sig


def test_sha512_written_out():
    assert _hex(ed25519.sha512_plain(b"abc"))[:32] == "ddaf35a193617abacc417349ae204131"
    assert len(ed25519.sha512_plain(b"x" * 300)) == 64


def test_device_key_is_made_kept_and_retired():
    root = _tmp("key") + "/"
    draws = []

    def urandom(n):
        draws.append(n)
        return bytes(range(n))

    key = devkey.DeviceKey(root, urandom)
    assert not key.exists()
    pub = key.public()
    assert draws == [32] and key.exists() and len(pub) == 32
    assert key.public() == pub and draws == [32]  # made once
    assert devkey.DeviceKey(root).public_hex() == _hex(pub)
    sig = key.sign(b"m" * 32)
    assert sig == ed25519.SigningKey(bytes(range(32))).sign(b"m" * 32)
    key.retire()
    assert not key.exists()
    for name in os.listdir(root):
        assert not name.startswith("device."), name
    assert devkey.DeviceKey(root, urandom).public() != pub or draws == [32, 32]


def test_the_key_check_at_power_on_names_a_key_it_did_not_make():
    """devkey.DeviceKey.check: "made" once, then nothing new; a key file written from
    outside is "met" (its public key derived, the meeting recorded), once; a public key
    that does not go with the key is derived again; signing reads device.pub."""
    root = _tmp("check") + "/"
    key = devkey.DeviceKey(root, lambda n: bytes(range(n)))
    assert key.check() == "made" and key.origin() == "made"
    pub = key.public()
    assert pub == ed25519.SigningKey(bytes(range(32))).public
    assert key.check() is None and key.public() == pub
    with open(root + "device.key", "wb") as f:  # written over the REPL
        f.write(bytes(range(9, 41)))
    assert key.check() == "met" and key.origin() == "met"
    assert key.public() == ed25519.SigningKey(bytes(range(9, 41))).public
    assert key.check() is None  # said once; the origin stays "met"
    with open(root + "device.pub", "wb") as f:  # a public key that is not the key's
        f.write(bytes(32))
    assert key.origin() is None and key.check() == "met"
    assert key.public() == ed25519.SigningKey(bytes(range(9, 41))).public
    sig = key.sign(b"m" * 32)
    assert sig == ed25519.SigningKey(bytes(range(9, 41))).sign(b"m" * 32)


def test_listing_pages_in_bounded_memory():
    root = _tmp("ls")
    store = GameStore(root)
    ids = []
    for i in range(40):
        gid = "%012x" % (i * 7919)
        ids.append(gid)
        with open(store.log_path(gid), "wb") as f:
            f.write(b"x" * 700 + b"\n" + b'19 {"t":"end","x":1} 00000000\n')
    # a broken end record and an unfinished log are never listed
    with open(store.log_path("ffffffffffff"), "wb") as f:
        f.write(b'10 {"t":"a"} 0\n')
    import binascii as b

    def line(payload):
        return b"%d %s %08x\n" % (len(payload), payload, b.crc32(payload) & 0xFFFFFFFF)

    for gid in ids:
        with open(store.log_path(gid), "wb") as f:
            f.write(b"x" * 700 + b"\n" + line(b'{"t":"end"}'))
    got = []
    after = None
    while True:
        page, more = store.page(after, 16)
        assert len(page) <= 16
        got += page
        if not more or not page:
            break
        after = page[-1]
    assert got == sorted(ids)
    assert store.delete(ids[0]) and not store.delete(ids[0]) and not store.delete("../x")


def test_a_heap_too_full_for_a_page_gets_a_shorter_one():
    """ls on a heap a game has filled: the link collects and answers a shorter page
    (the laptop follows `more`), rather than an error on every try."""
    import serial_link

    from shared_rules import wire

    class Tight(GameStore):
        def page(self, after=None, count=16):
            if count > 4:
                raise MemoryError("no room for a page of %d" % count)
            return GameStore.page(self, after, count)

    class App:
        pass

    root = _tmp("tight")
    store = Tight(root)
    for i in range(10):
        with open(store.log_path("%012x" % i), "wb") as f:
            f.write(b'11 {"t":"end"} %08x\n' % (__import__("binascii").crc32(b'{"t":"end"}')))
    server = serial_link.Server(App(), store=store)
    reply = wire.decode(server.handle(wire.request(3, "ls")[:-1]))
    assert reply["id"] == 3 and len(reply["ok"]["games"]) == 4 and reply["ok"]["more"] is True
    assert server.short == 1
    # the next request starts at a whole page again
    reply = wire.decode(server.handle(wire.request(4, "ls", {"after": "%012x" % 3})[:-1]))
    assert len(reply["ok"]["games"]) == 4 and server.short == 1


def test_flash_space_check_says_what_to_do():
    os.putenv("CONFESSOR_FLASH_FREE", "1000")
    try:
        try:
            flashspace.check("")
        except flashspace.FlashFull as err:
            assert "Sync the games to the laptop" in str(err) and "0 KB" in str(err)
        else:
            raise AssertionError("a full flash let a game start")
    finally:
        os.putenv("CONFESSOR_FLASH_FREE", "")
    assert flashspace.check("") > flashspace.GAME_NEEDS


def test_the_link_supervisor_restarts_a_failed_link():
    import asyncio

    import serial_link

    calls = []

    async def flaky(app, store, stream_in, stream_out, server):
        calls.append(server)
        if len(calls) <= 2:
            raise OSError(5, "EIO")  # the stream failed under the link
        if len(calls) == 3:
            raise MemoryError()
        return server

    class App:
        pass

    real = serial_link.serve
    serial_link.serve = flaky
    try:
        server = asyncio.run(serial_link.supervise(App(), store=object()))
    finally:
        serial_link.serve = real
    assert server.restarts == 3 and len(calls) == 4
    assert calls[0] is calls[3]  # the same server: its retry cache survives


def test_a_request_that_breaks_the_handler_gets_a_reply():
    import serial_link

    from shared_rules import wire

    class App:
        def status(self):
            raise MemoryError("no room")

    server = serial_link.Server(App(), store=object())
    reply = wire.decode(server.handle(wire.request(5, "status")[:-1]))
    assert reply["id"] == 5 and reply["err"] == wire.E_INTERNAL and "MemoryError" in reply["msg"]
    deep = b'{"id":6,"op":"status","x":' + b"[" * 400 + b"]" * 400 + b"}"
    reply = wire.decode(server.handle(b"#" + deep + b" " + wire.crc_hex(deep).encode()))
    assert reply["err"] == wire.E_FRAME and "nests deeper" in reply["msg"]


def test_seat_names_wait_for_the_game_to_end():
    import serial_link
    import settings

    from shared_rules import wire

    here = os.getcwd()
    os.chdir(_tmp("names"))
    try:

        class Store:
            game = "abc123abc123"

            def current(self):
                return self.game

        class App:
            def __init__(self):
                self.store = Store()
                self.settings = settings.validate({})

            def apply_settings(self, changes):
                self.settings = settings.validate(changes, self.settings)

        app = App()
        server = serial_link.Server(app, store=app.store)
        line = wire.request(1, "settings", {"values": {"names": ["Ann", "Bo"], "brightness": 7}})
        reply = wire.decode(server.handle(line[:-1]))["ok"]
        assert reply["settings"]["names"] == [] and reply["settings"]["brightness"] == 7
        assert reply["pending"] == {"names": ["Ann", "Bo"]} and "ends" in reply["note"]
        bad = wire.request(2, "settings", {"values": {"names": ["x" * 30]}})
        assert wire.decode(server.handle(bad[:-1]))["err"] == wire.E_VALUE
        serial_link.apply_pending(app)  # what main.py does when a game closes
        assert app.settings["names"] == ["Ann", "Bo"]
        assert serial_link.load_pending() == {}
        app.store.game = None  # between games: at once
        line = wire.request(3, "settings", {"values": {"names": ["Cy"]}})
        assert wire.decode(server.handle(line[:-1]))["ok"]["settings"]["names"] == ["Cy"]
    finally:
        os.chdir(here)
