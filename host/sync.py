"""Pull finished games from a device into the log database, then let it forget them.

Each log is read in chunks by offset; the bytes so far are saved after every
window, so after any interruption (unplugged, reset, Ctrl-C, crash) the next
sync asks only for the rest. A log is stored once it is complete and its
sha256 matches what the device listed; a game already stored is never read
again. First the device's signing key (from `hello`) must be the one pinned for
its id (host/logdb.py): a key this laptop has not pinned (a new device, or a
known one showing another key) stops the sync before anything is read, unless
`confirm` (a person comparing fingerprints, cmd_sync.py) pins it. A log stored
and verified here is then deleted on the device (`forget`, by name and
sha256), so its flash never fills; a log that does not verify stays there.
"""

from __future__ import annotations

import hashlib
import math
import time

from host.link import DeviceError, Link, LinkError, NoAnswer
from host.logdb import LogDB
from shared_rules import wire

WINDOW = 4  # read requests in flight at once, at least
WINDOW_BYTES = 8192  # bytes asked for at once: small reads on a noisy line keep as many
MIN_CHUNK = 256  # the smallest read on a noisy line


class SyncError(LinkError):
    pass


class Pace:
    """The read size, from how often frames arrive damaged (kept for a whole sync).

    A frame of n bytes survives a line that damages a fraction e of bytes with
    probability (1 - e)^n; a read of c bytes is a frame of about 4/3 c + 90 bytes.
    The read size with the most log bytes per byte sent is chosen from the damage
    seen so far: 2048 on a clean line, 256 at 0.04% damaged (issue 10's figure)."""

    SIZES = (256, 512, 1024, 2048)

    def __init__(self, biggest: int):
        self.biggest = biggest
        self.chunk = biggest
        self.rate = 0.0  # damaged frames per byte sent, smoothed

    def update(self, frame_bytes: int, damaged: int) -> None:
        if frame_bytes <= 0:
            return
        self.rate = 0.7 * self.rate + 0.3 * (damaged / frame_bytes)
        best = None
        for size in self.SIZES:
            if size > self.biggest:
                continue
            frame = size * 4 // 3 + 90
            value = size / frame * math.exp(-self.rate * frame)
            if best is None or value > best[0]:
                best = (value, size)
        self.chunk = best[1] if best else self.biggest

    def worse(self) -> None:
        self.chunk = max(MIN_CHUNK, self.chunk // 4)
        self.rate = max(self.rate, 1.0 / (self.chunk * 4 // 3 + 90))


def pull_log(link: Link, db: LogDB, device: str, entry: dict, chunk, progress=None) -> bytes:
    """One log's bytes, read by offset. `chunk`: a Pace (or the largest read)."""
    name, size, sha = entry["name"], entry["size"], entry["sha256"]
    pace = chunk if isinstance(chunk, Pace) else Pace(int(chunk))
    data = bytearray(db.partial(device, name, sha, size))
    short = 0  # reads the device could not answer for want of memory
    while len(data) < size:
        chunk = pace.chunk
        start = len(data)
        offsets = []
        off = start
        window = max(WINDOW, WINDOW_BYTES // chunk)
        while off < size and len(offsets) < window:
            offsets.append(off)
            off += chunk  # (chunk may shrink below: offsets are rebuilt each window)
        resends = link.stats["resends"]
        try:
            replies = link.pipeline(
                [("read", {"name": name, "off": o, "len": min(chunk, size - o)}) for o in offsets]
            )
        except NoAnswer as err:
            if not err.noisy or chunk <= MIN_CHUNK:
                raise
            pace.worse()  # too noisy for this size: much smaller reads
            continue
        except DeviceError as err:
            # the device ran short of memory mid-game (its heap is the game's first):
            # smaller reads, a moment to collect, and a few more tries
            if err.code != wire.E_INTERNAL or "MemoryError" not in err.text or short > 8:
                raise
            short += 1
            pace.worse()
            time.sleep(0.05 * short)
            continue
        sent = 0
        for o, reply in zip(offsets, replies, strict=True):
            piece = wire.unb64(reply["data"])
            if reply.get("off") != o or reply.get("size") != size:
                raise SyncError("the device sent %s at the wrong offset or size" % name)
            if not piece or len(piece) != min(chunk, size - o):
                raise SyncError("the device sent a short chunk of %s at %d" % (name, o))
            data.extend(piece)
            sent += len(piece) * 4 // 3 + 90
        # a noisy line: smaller reads get through more often; a clean one: grow back
        pace.update(sent, link.stats["resends"] - resends)
        db.save_partial(device, name, sha, size, bytes(data))
        if progress:
            progress(name, len(data), size)
    if hashlib.sha256(data).hexdigest() != sha:
        db.drop_partial(device, name)
        raise SyncError("%s arrived with a different sha256 than listed; run sync again" % name)
    return bytes(data)


def check_hello(hello: dict) -> tuple[str, str | None]:
    """(device id, public key hex) of a hello; SyncError if it is not a device we know."""
    if hello.get("proto") != wire.PROTOCOL:
        raise SyncError(
            "the device speaks link protocol %r, this tool %d: flash the firmware again"
            % (hello.get("proto"), wire.PROTOCOL)
        )
    device = hello.get("device")
    pub = hello.get("pub")
    if not isinstance(device, str) or not device:
        raise SyncError("the device did not say its id")
    if pub is not None and (not isinstance(pub, str) or len(pub) != 64):
        raise SyncError("the device's public key %r is not 64 hex digits" % (pub,))
    return device, pub


class UntrustedKey(SyncError):
    """The device's key is not the one pinned for its id, and nobody confirmed it."""

    def __init__(self, message: str, key: dict):
        super().__init__(message)
        self.key = key


def untrusted_text(key: dict) -> str:
    """One line: why nothing was synced, and the command that pins the key."""
    device, fp = key["device"], key["fingerprint"]
    command = "`confessor devices trust %s %s`" % (device, fp)
    if key["state"] == "new":
        return (
            "device %s is new to this laptop: its key %s is not confirmed; nothing was synced."
            " If the device's screen (Menu > About) shows the same, run %s" % (device, fp, command)
        )
    return (
        "device %s shows another signing key, %s, not the one pinned here (%s); nothing was"
        " synced. A device makes a new key only in maintenance mode: if you did that, and its"
        " screen (Menu > About) shows %s, run %s; if not, another board is using its id or its"
        " key was replaced" % (device, fp, key["pinned_fingerprint"], fp, command)
    )


def check_key(link: Link, db: LogDB, hello: dict, confirm=None) -> dict:
    """The device's key against the pin for its id: {device, pub, fingerprint, state
    ("pinned", "new", "changed"), pinned, pinned_fingerprint, retired, origin, shown,
    confirmed}. A key not pinned is shown on the device (`about`) and put to
    `confirm(key) -> bool` (a person comparing fingerprints); UntrustedKey unless
    they confirm it, and then it is pinned."""
    from shared_rules.fingerprint import fingerprint

    device, pub = check_hello(hello)
    if pub is None:
        raise SyncError("device %s did not give its signing key: flash the firmware again" % device)
    key: dict = {"device": device, "pub": pub, "fingerprint": fingerprint(bytes.fromhex(pub))}
    key.update(db.observe_key(device, pub))
    key["pinned_fingerprint"] = fingerprint(bytes.fromhex(key["pinned"])) if key["pinned"] else None
    key["origin"] = hello.get("origin")  # the device's own word on where its key came from
    key["confirmed"] = False
    if key["state"] == "pinned":
        return key
    key["shown"] = show_key(link)
    if confirm is None or not confirm(key):
        raise UntrustedKey(untrusted_text(key), key)
    db.trust(device, pub)
    key["confirmed"] = True
    return key


def show_key(link: Link) -> bool:
    """Ask the device to show its key's fingerprint for a person to compare (only
    between games: in a game its screen is the table's). True if it does."""
    try:
        return bool(link.request("about").get("shown"))
    except DeviceError:
        return False  # firmware without the about screen, or it could not show it now


def sync(link: Link, db: LogDB, progress=None, forget: bool = True, confirm=None) -> dict:
    """Sync every finished game: returns {device, key, new: [summaries], known: N,
    forgotten: N, kept: [ids still on the device, unverified]}. A device whose key is
    not pinned here is synced only if `confirm(key)` pins it (check_key).

    The listing is taken a page at a time and each page's games are pulled (and, once
    stored and verified, forgotten by the device) before the next page is asked for:
    a session cut short still keeps what it got, and neither side holds the whole list."""
    hello = link.hello()
    key = check_key(link, db, hello, confirm)
    device = key["device"]
    pace = Pace(min(int(hello.get("chunk") or wire.MAX_CHUNK), wire.MAX_CHUNK))
    new = []
    known = 0
    kept = []
    forgotten = 0
    after = None
    while True:
        page = link.request("ls", **({"after": after} if after is not None else {}))
        for entry in page["games"]:
            stored = db.has(device, entry["name"])
            if stored is not None:
                if stored != entry["sha256"]:
                    raise SyncError(
                        "game %s on the device differs from the copy already synced" % entry["name"]
                    )
                known += 1
            else:
                data = pull_log(link, db, device, entry, pace, progress)
                summary = db.add(device, entry["name"], data)
                summary["id"] = entry["name"]
                summary["size"] = len(data)
                new.append(summary)
            if not db.verified(device, entry["name"]):
                kept.append(entry["name"])
            elif forget:
                reply = link.request("forget", name=entry["name"], sha256=entry["sha256"])
                forgotten += 1 if reply.get("forgotten") else 0
        if not page.get("more") or not page["games"]:
            break
        after = page["games"][-1]["name"]
    return {
        "device": device,
        "key": key,
        "new": new,
        "known": known,
        "forgotten": forgotten,
        "kept": kept,
        "firmware": hello.get("fw"),
        "faults": hello.get("faults") or 0,  # display faults the device recorded
    }
