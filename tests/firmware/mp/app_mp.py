"""Firmware units that need no buttons: settings, the game store, screens as text
(run under MicroPython by tests/firmware/test_firmware_units.py)."""

import os

import settings
from store import GameStore
from ui import Screen, wrap


def _tmp(name):
    path = "/tmp/confessor_mp_%s" % name
    try:
        for f in os.listdir(path):
            os.remove(path + "/" + f)
        os.rmdir(path)
    except OSError:
        pass
    return path


def test_settings_wifi_is_a_network_to_join_or_none():
    home = {"ssid": "Home", "password": "12345678"}
    values = settings.validate({"wifi": home})
    assert values["wifi"] == home and values["wifi"] is not home  # a copy, checked
    assert settings.validate({"wifi": None}, values)["wifi"] is None
    longest = {"ssid": "n" * 32, "password": "p" * 63}
    assert settings.validate({"wifi": longest})["wifi"] == longest
    for bad in (
        {"ssid": "Home"},  # no password: open networks are refused
        {"ssid": "Home", "password": "1234567"},  # WPA2: 8 to 63 characters
        {"ssid": "Home", "password": "p" * 64},
        {"ssid": "", "password": "12345678"},
        {"ssid": "n" * 33, "password": "12345678"},
        {"ssid": "Home", "password": "caf\u00e9 au lait"},
        {"ssid": "Home", "password": "12345678", "security": "wpa3"},
        "Home",
    ):
        try:
            settings.validate({"wifi": bad})
        except ValueError as err:
            assert "\n" not in str(err)
        else:
            raise AssertionError("accepted %r" % (bad,))


def test_settings_validate_and_reject_with_one_line():
    values = settings.validate({"brightness": 10, "names": ["Ana", "Bo"]})
    assert values == {"brightness": 10, "names": ["Ana", "Bo"], "phones": False, "wifi": None}
    assert settings.validate({"phones": True}, values)["phones"] is True
    for bad in (
        {"brightness": 256},
        {"brightness": True},
        {"phones": 1},
        {"phones": "yes"},
        {"names": ["x" * 11]},
        {"names": ["caf\u00e9"]},
        {"colour": 1},
        [],
    ):
        try:
            settings.validate(bad)
        except ValueError as err:
            assert "\n" not in str(err)
        else:
            raise AssertionError("accepted %r" % (bad,))


def test_a_phone_games_tokens_live_beside_its_key_and_go_with_it():
    root = _tmp("phones")
    store = GameStore(root)
    store.start("abc124", b"head\n", b"\x02" * 32)
    assert store.load_phones("abc124") is None  # not a phone game
    store.save_phones("abc124", b'{"tokens": []}')
    assert store.load_phones("abc124") == b'{"tokens": []}'
    assert store.open_codes("abc124") is None
    store.save_codes("abc124", b"http://x/s/\n\x15")  # the seats' codes carry the tokens
    with store.open_codes("abc124") as f:
        assert f.read() == b"http://x/s/\n\x15"
    store.finish("abc124", b"end\n")
    assert store.load_phones("abc124") is None and store.load("abc124")[1] is None
    assert store.open_codes("abc124") is None


class _PowerCut(Exception):
    pass


def test_a_power_cut_while_a_games_secrets_go_leaves_its_key_to_find_them():
    # The seed file goes last: a cut before it leaves the key on flash, so the next
    # power-on still finds the game (guard.seeds_on_flash counts .key files only; lockdown
    # ends it and forget_seed runs again). Tokens and codes left without their key would
    # stay readable at a REPL, with Ctrl-C no longer held (docs/security.md).
    import store as store_mod

    real = store_mod.os

    class CutAfter:
        def __init__(self, n):
            self.left = n

        def remove(self, path):
            if self.left == 0:
                raise _PowerCut(path)
            self.left -= 1
            real.remove(path)

    for n in range(3):
        root = _tmp("cut%d" % n)
        store = GameStore(root)
        store.start("abc125", b"head\n", b"\x03" * 32)
        store.save_phones("abc125", b'{"tokens": []}')
        store.save_codes("abc125", b"http://x/s/\n\x15")
        store_mod.os = CutAfter(n)
        try:
            store.forget_seed("abc125")
            raise AssertionError("no cut")
        except _PowerCut:
            pass
        finally:
            store_mod.os = real
        left = [f for f in os.listdir(root) if f.startswith("abc125.") and f != "abc125.log"]
        assert "abc125.key" in left, (n, left)
        store.forget_seed("abc125")  # what lockdown.end_game does at the next power-on
        assert [f for f in os.listdir(root) if f != "current"] == ["abc125.log"]


def test_store_start_append_finish_and_truncate():
    root = _tmp("store")
    store = GameStore(root)
    store.start("abc123", b"head\n", b"\x01" * 32)
    assert store.current() == "abc123"
    store.append("abc123", b"one\n")
    data, seed = store.load("abc123")
    assert data == b"head\none\n" and seed == b"\x01" * 32
    store.truncate("abc123", 5)
    assert store.load("abc123")[0] == b"head\n"
    assert store.finished() == []
    store.set_seen("abc123", 3)
    assert store.seen("abc123") == 3
    store.finish("abc123", b"end\n")
    assert store.load("abc123")[1] is None  # the key is gone once the seed is revealed
    store.close("abc123")
    assert store.current() is None and store.seen("abc123") == 0


def test_screen_text_lists_items_and_soft_keys():
    scr = Screen(
        "menu", "New game", lines=["hello"], items=["a", "b"], cursor=1, keys=("<", "", "Go")
    )
    assert scr.text() == "[menu] New game\nhello\n  a\n> b\nA:< C:Go\n"


def test_wrap_keeps_words_and_width():
    lines = wrap("The game ends here with no winner. Its seed is revealed in the log.", 20)
    assert all(len(t) <= 20 for t in lines)
    assert " ".join(lines) == "The game ends here with no winner. Its seed is revealed in the log."


def test_a_module_comes_into_ram_on_a_collected_heap():
    # lifetime.collect_before_imports (the app turns it on): a module not in RAM yet is
    # imported on a collected heap, so its code lands in the lowest free blocks; an
    # import of one already loaded costs no collection
    import builtins
    import gc
    import sys

    import lifetime

    lifetime.collect_before_imports()
    lifetime.collect_before_imports()  # once: not wrapped twice
    try:
        assert len(lifetime._import) == 1
        import sys as again  # a built-in module: never in sys.modules, collected once

        import version  # noqa: F401

        sys.modules.pop("version", None)
        for name in ("shared_rules.rng", "shared_rules"):
            lifetime.drop(name)

        def garbage():
            gc.collect()
            before = gc.mem_alloc()
            [bytearray(100) for _ in range(100)]  # about 14 KB, dropped at once
            return before

        before = garbage()
        import sys as again  # noqa: F811 - built in, seen: no collection, the garbage stays

        assert again is sys and gc.mem_alloc() > before + 10000
        import version  # noqa: F811 - not loaded: collected first

        assert version.VERSION and gc.mem_alloc() < before + 8000
        before = garbage()
        from shared_rules import rng  # a package's module not loaded yet

        assert rng.Stream and gc.mem_alloc() < before + 8000
        before = garbage()
        from shared_rules import rng as same  # now loaded: no collection

        assert same is rng and gc.mem_alloc() > before + 10000
        # a relative import inside a package resolves against that package, not the
        # wrapper's module: as a statement and as a call given the package's globals
        inside = {"__name__": "shared_rules.inside"}
        exec("from .rng import Stream", inside)
        exec("S = __import__('rng', globals(), None, ('Stream',), 1).Stream", inside)
        assert inside["Stream"] is rng.Stream and inside["S"] is rng.Stream
    finally:
        builtins.__import__ = lifetime._import.pop()


def test_a_phase_lets_go_of_what_it_names_and_what_came_since_its_mark():
    import sys

    import lifetime

    lifetime.drop("version", "shared_rules.fingerprint", "session_open")
    import version  # loaded before the mark: a phase given the mark keeps it

    since = lifetime.mark()
    from shared_rules import fingerprint  # noqa: F401

    lifetime.enter("opening", since)  # every module loaded since the mark
    assert "shared_rules.fingerprint" not in sys.modules
    assert not hasattr(sys.modules["shared_rules"], "fingerprint")
    assert "version" in sys.modules
    lifetime.enter("power-on")  # no mark: the modules named go, whenever loaded
    import session_open  # noqa: F401

    since = lifetime.mark()
    lifetime.enter("play", since)  # loaded before the mark: kept
    assert "session_open" in sys.modules
    lifetime.enter("play")
    assert "session_open" not in sys.modules
    # a module for one use: returned (a package's too), never left in sys.modules
    assert lifetime.once("version").VERSION == version.VERSION
    assert "version" not in sys.modules
    assert lifetime.once("shared_rules.fingerprint").fingerprint
    assert "shared_rules.fingerprint" not in sys.modules
