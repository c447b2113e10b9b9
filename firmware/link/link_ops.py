# link_ops.py  The serial link's rarer operations: hello, ls, forget, settings, clock, about
# MIT licence. serial_link.py loads it for one request and lets go of it after (the link
# stays in RAM all session, beside the game: RAM is for games); what both use is
# link_common.py's. What they check and refuse is the link's protocol (docs/sync.md,
# docs/security.md).

import hashlib
import os
import sys
import time

from link_common import Refused, _clock, _int_arg, _remember, now

# Settings that change what the table sees: applied only when no game is in progress.
# wifi too: a game keeps the network the table saw at its start, power cuts included
TABLE_SETTINGS = ("names", "phones", "wifi")  # wait for the game in progress to end
PENDING_FILE = "settings.pending.json"
DEVICE_ID_FILE = "device.id"
CLOCK_MIN = 1577836800  # 2020-01-01: anything earlier is a laptop's mistake
CLOCK_MAX = 4102444800  # 2100-01-01


def _version():
    import lifetime

    try:
        return lifetime.once("version").VERSION
    except ImportError:
        return "0.0.0"


def device_id():
    """The device's id (hex text); created at first use if the firmware has not."""
    try:
        with open(DEVICE_ID_FILE) as f:
            text = f.read().strip()
        if text:
            return text
    except OSError:
        pass
    text = "".join(["%02x" % b for b in os.urandom(8)])
    tmp = DEVICE_ID_FILE + ".tmp"
    with open(tmp, "w") as f:
        f.write(text + "\n")
    os.rename(tmp, DEVICE_ID_FILE)
    return text


def file_sha256(path):
    h = hashlib.sha256()
    buf = bytearray(512)
    with open(path, "rb") as f:
        while True:
            n = f.readinto(buf)
            if not n:
                break
            h.update(buf if n == len(buf) else buf[:n])
    return "".join(["%02x" % b for b in h.digest()])


def _micropython_info():
    impl = sys.implementation
    version = ".".join([str(v) for v in impl.version[:3]])
    mpy = getattr(impl, "_mpy", None)
    return version, mpy


def display_faults():
    """How many times the display stopped answering (panel_fault.py's faults.txt)."""
    try:
        with open("faults.txt") as f:
            return len([line for line in f if "BUSY stuck" in line])
    except OSError:
        return 0


def op_hello(server, msg):
    from shared_rules import wire  # loaded by the request's line

    version, mpy = _micropython_info()
    ident = getattr(server.app, "device_id", None)
    key = getattr(server.app, "device_key", None)
    origin = getattr(key, "origin", None)
    return {
        "proto": wire.PROTOCOL,
        "fw": _version(),
        "device": ident if isinstance(ident, str) and ident else device_id(),
        "pub": key.public_hex() if key is not None else None,
        "origin": origin() if origin is not None else None,  # "made" or "met" (devkey.py)
        "chunk": wire.MAX_CHUNK,
        "platform": sys.platform,
        "micropython": version,
        "mpy": mpy,
        "faults": display_faults(),
    }


def _page(server, after, count):
    page = getattr(server.store, "page", None)
    if page is not None:
        return page(after, count)
    names = [n for n in sorted(server.store.finished()) if after is None or n > after]
    return names[:count], len(names) > count


def op_ls(server, msg):
    """Finished games after `after` (a name; paged: `more` says if others follow).
    A heap too full for a whole page (a game's module is loaded) gets a shorter one."""
    from shared_rules import wire  # loaded by the request's line

    after = msg.get("after")
    if after is not None and not isinstance(after, str):
        raise Refused(wire.E_ARG, "after must be a game name")
    names, more = _page(server, after, max(1, wire.LS_PAGE >> (2 * server.short)))
    games = []
    for name in names:
        path = server.store.log_path(name)
        size = os.stat(path)[6]
        known = server._sha.get(name)
        if known is None or known[0] != size:
            known = (size, file_sha256(path))
            _remember(server._sha, name, known)
        _remember(server._done, name, True)
        games.append({"name": name, "size": size, "sha256": known[1]})
    return {"games": games, "more": more}


def op_forget(server, msg):
    """The laptop has stored and verified this log: delete it here. `sha256` must
    be the log's, so only the exact bytes the laptop holds are ever deleted."""
    from shared_rules import wire  # loaded by the request's line

    name = msg.get("name")
    sha = msg.get("sha256")
    if not isinstance(sha, str) or len(sha) != 64:
        raise Refused(wire.E_ARG, "sha256 must be 64 hex digits")
    if isinstance(name, str) and len(name) == 12:
        try:
            os.stat(server.store.log_path(name))
        except OSError:
            return {"name": name, "forgotten": True}  # gone already: idempotent
    name = server._finished_name(msg)
    path = server.store.log_path(name)
    if file_sha256(path) != sha:
        raise Refused(wire.E_VALUE, "%s is not the log with that sha256" % name)
    current = getattr(server.store, "current", None)
    if current is not None and current() == name:
        # the table is still at its last screen, which a power cut brings back
        return {"name": name, "forgotten": False}
    delete = getattr(server.store, "delete", None)
    if delete is not None:
        if not delete(name):
            raise Refused(wire.E_NAME, "no finished game %r" % (name,))
    else:
        os.remove(path)
    server._sha.pop(name, None)
    server._done.pop(name, None)
    return {"name": name, "forgotten": True}


def _in_game(server):
    store = getattr(server.app, "store", None)
    current = getattr(store, "current", None)
    return bool(current()) if current is not None else False


def op_settings(server, msg):
    from shared_rules import wire  # loaded by the request's line

    values = msg.get("values")
    pending = None
    if values is not None:
        if not isinstance(values, dict):
            raise Refused(wire.E_ARG, "values must be an object")
        now = dict(values)
        if _in_game(server):
            later = {}
            for key in TABLE_SETTINGS:
                if key in now:
                    later[key] = now.pop(key)
            if later:
                pending = _defer(server, later)
        try:
            if now or pending is None:
                server.app.apply_settings(now)
        except ValueError as err:
            raise Refused(wire.E_VALUE, err)
    out = {"settings": _shown(server.app.settings)}
    waiting = pending if pending is not None else load_pending()
    if waiting:
        out["pending"] = _shown(waiting)
        out["note"] = "%s change when the game in progress ends" % ", ".join(sorted(waiting))
    return out


def _shown(values):
    """Settings as the link sends them back: the Wi-Fi password is write-only. It is
    the owner's home network's, and a laptop at the table may be anyone's."""
    wifi = values.get("wifi") if isinstance(values, dict) else None
    if not isinstance(wifi, dict):
        return values
    out = dict(values)
    out["wifi"] = {"ssid": wifi.get("ssid")}
    return out


def _defer(server, later):
    """Check the deferred values now (refused at once if bad) and keep them."""
    from shared_rules import wire  # loaded by the request's line

    validate = getattr(server.app, "validate_settings", None)
    try:
        if validate is not None:
            validate(later)
        else:
            import settings  # pyright: ignore[reportMissingImports]

            settings.validate(later, server.app.settings)
    except ValueError as err:
        raise Refused(wire.E_VALUE, err)
    except ImportError:
        pass
    waiting = load_pending()
    waiting.update(later)
    save_pending(waiting)
    return waiting


def op_clock(server, msg):
    seconds = _int_arg(msg, "time", CLOCK_MIN, CLOCK_MAX)
    set_clock(seconds)
    hook = getattr(server.app, "clock_changed", None)
    if hook is not None:
        hook(seconds)
    return {"time": now()}


def op_about(server, msg):
    """Show About this device (the key's fingerprint) for a person to compare with the
    laptop's: between games only, where the menu is (in a game the screen is the
    table's). `shown` says whether it is on the screen now."""
    buttons = getattr(getattr(server.app, "board", None), "buttons", None)
    if buttons is None or _in_game(server):
        return {"shown": False}
    buttons.post("ask", "about")  # app.next_event shows it (about.py)
    return {"shown": True}


def op_repl(server, msg):
    """There is no way from the link to the REPL: say what the way is."""
    from shared_rules import wire  # loaded by the request's line

    raise Refused(
        wire.E_OP,
        "no REPL over the link: hold A and C while powering the device on (maintenance mode)",
    )


def load_pending():
    """Settings waiting for the game in progress to end ({} if none)."""
    try:
        import json

        with open(PENDING_FILE) as f:
            value = json.load(f)
        return value if isinstance(value, dict) else {}
    except (OSError, ValueError):
        return {}


def save_pending(values):
    import json

    from store import write_atomic  # pyright: ignore[reportMissingImports]

    write_atomic(PENDING_FILE, json.dumps(values).encode())


def apply_pending(app):
    """The game has ended: apply the settings that waited for it."""
    waiting = load_pending()
    if not waiting:
        return
    try:
        app.apply_settings(waiting)
    except ValueError:
        pass  # checked when deferred; a later change may have made it moot
    try:
        os.remove(PENDING_FILE)
    except OSError:
        pass


def set_clock(seconds):
    """Set the real-time clock (the board's RTC, or an offset on the unix port)."""
    try:
        import machine

        rtc = machine.RTC()
    except (ImportError, AttributeError):
        _clock["offset"] = seconds - int(time.time())
        return
    t = time.gmtime(seconds)
    rtc.datetime((t[0], t[1], t[2], t[6], t[3], t[4], t[5], 0))
    _clock["offset"] = 0
