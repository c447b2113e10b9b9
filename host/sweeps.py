"""The large sweeps behind docs/security.md's numbers (too slow for `make test`,
whose tests run smaller versions of each):

    .venv/bin/python -m host.sweeps                 # all three, full size
    .venv/bin/python -m host.sweeps fuzz --lines 10000
    .venv/bin/python -m host.sweeps sync --syncs 500 --games 200
    .venv/bin/python -m host.sweeps forge

fuzz:  a game in progress on the virtual board (the real firmware); fuzzed lines with
       nesting up to 1,000, huge numbers, every byte; counts the secrets that reached
       the port (seed, device key, a prompt) and device restarts.
sync:  the real firmware at -X heapsize=128wK holding 200 finished games, every one
       a different game (a different seed); faulted syncs (dropped and corrupted bytes,
       split writes, stalls; nine in ten cut short at a random moment after their first
       log bytes arrived, by an unplug or a power cut, the next resuming), the device
       refilled with 200 new games whenever it has forgotten them all; counts the log
       bytes each session moved (a session that moved none is a failure), link deaths
       (no answer after a session) and MemoryErrors.
forge: every edit of a long 5-player 7: The Sins log (host/forgery.py); counts the
       forgeries verify accepts.
Each prints one line per figure; exit 1 if a figure that must be 0 is not.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _kit():
    for p in (ROOT / "tests" / "helpers", ROOT / "tests" / "portable"):
        if str(p) not in sys.path:
            sys.path.insert(0, str(p))
    import importlib

    return importlib.import_module("linkkit")


def fuzz(lines: int = 10000, depth: int = 1000) -> dict:
    from host import attacks, boardrun
    from host.link import Link
    from host.sim_play import start_game

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        board, client = boardrun.start(
            tmp / "flash", speed="instant", sim_dir=tmp / "sim", quiet=True
        )
        try:
            start_game(client, 3)
            client.press("A")
            flash_dir = tmp / "flash"
            current = (flash_dir / "games" / "current").read_text().strip()
            seed = (flash_dir / "games" / (current + ".key")).read_bytes().hex()
            rng = random.Random(2026)
            started = time.perf_counter()
            pid = board.pid
            sent = 0
            replies = 0
            leaks = 0
            while sent < lines:
                batch = attacks.fuzz_lines(rng, min(1000, lines - sent), depth)
                try:
                    replies += attacks.fuzz_mid_game(board, flash_dir, seed, batch)
                except AssertionError:
                    leaks += 1
                sent += len(batch)
            with Link.open(board.url) as link:
                alive = link.status().get("playing") is True
            restarts = int(board.pid != pid)
        finally:
            board.stop()
    return {
        "fuzzed lines sent mid-game": sent,
        "replies": replies,
        "secrets or prompts reached": leaks,
        "device restarts": restarts,
        "link answering after": int(alive),
        "seconds": time.perf_counter() - started,
    }


def held_bytes(db) -> int:
    """Log bytes the laptop holds: stored games and transfers in progress."""
    games = db.db.execute("SELECT COALESCE(SUM(size), 0) FROM games").fetchone()[0]
    partial = db.db.execute("SELECT COALESCE(SUM(LENGTH(data)), 0) FROM partial").fetchone()[0]
    return games + partial


def _cut_short(timer: list, delay: float, action):
    """A sync's progress callback that starts `action` `delay` seconds after the first
    log bytes arrive (the timer kept in `timer`, for the caller to cancel)."""
    import threading

    def arriving(name, done, size):
        if not timer:
            timer.append(threading.Timer(delay, action))
            timer[0].start()

    return arriving


def sync(syncs: int = 500, games: int = 200, verbose: bool = False, heap: str = "128wK") -> dict:
    from host import attacks, boardrun
    from host.link import Link, LinkError
    from host.logdb import LogDB
    from host.sync import sync as do_sync
    from host.virtual_board import Faults

    kit = _kit()
    made = [0]

    def refill(flash_dir):
        (flash_dir / "device.id").write_text(kit.DEVICE)
        (flash_dir / "device.key").write_bytes(kit.KEY_SEED)  # the stand-in's: logs signed so
        (flash_dir / "games").mkdir(exist_ok=True)
        for _ in range(games):
            gid, data = kit.game_log(kit.seed(5000 + made[0]))  # a new game every time
            made[0] += 1
            (flash_dir / "games" / (gid + ".log")).write_bytes(data)

    started = time.perf_counter()
    deaths = 0
    memory_errors = 0
    synced = 0
    failures = 0
    moved = 0
    idle = 0  # sessions that moved no log bytes
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        board, client = boardrun.start(
            tmp / "flash",
            speed="instant",
            sim_dir=tmp / "sim",
            quiet=True,
            heap=heap,
            prepare=refill,
        )
        flash_dir = tmp / "flash"
        try:
            with LogDB(tmp / "db.sqlite") as db:
                # the laptop's owner compared the fingerprint once (docs/security.md)
                db.trust(kit.DEVICE, kit.public_key().hex())
                for i in range(syncs):
                    if not list((flash_dir / "games").glob("*.log")):
                        refill(flash_dir)
                    rng = random.Random(i)
                    board.faults = Faults(
                        drop=0.0002, corrupt=0.0002, split=True, stall=0.02, seed=i
                    )
                    timer = []
                    arriving = None
                    if i % 10 != 9:
                        # cut short at a random moment once log bytes are arriving:
                        # unplugged, or a power cut (every tenth runs to the end)
                        action = board.hard_reset if i % 2 else board.unplug
                        arriving = _cut_short(timer, rng.uniform(0.05, 2.0), action)
                    at = attacks.output_mark(board)
                    before = held_bytes(db)
                    try:
                        with Link.open(board.url, timeout=0.5, reconnect=2.0) as link:
                            result = do_sync(link, db, progress=arriving)
                            synced += len(result["new"])
                    except LinkError as err:
                        failures += 1  # an interrupted session: the next one resumes
                        if verbose:
                            print("  session %d cut short: %s" % (i, err), flush=True)
                    finally:
                        if timer:
                            timer[0].cancel()
                        board.replug()
                    board.faults = None
                    got = held_bytes(db) - before
                    moved += max(0, got)
                    idle += got <= 0
                    memory_errors += attacks.since(board, at).count(b"MemoryError")
                    if (i + 1) % 25 == 0:
                        print(
                            "  after %d syncs: %d games synced, %d KB moved, %d link deaths,"
                            " %d MemoryErrors, %.0f s"
                            % (
                                i + 1,
                                synced,
                                moved // 1024,
                                deaths,
                                memory_errors,
                                time.perf_counter() - started,
                            ),
                            flush=True,
                        )
                    # the link must answer again (a power cut restarts the device on purpose)
                    try:
                        with Link.open(board.url, timeout=0.5, reconnect=5.0) as link:
                            link.hello()
                    except LinkError as err:
                        deaths += 1
                        if verbose:
                            print("  session %d: no answer after: %s" % (i, err), flush=True)
        finally:
            board.stop()
    return {
        "faulted syncs": syncs,
        "different games made": made[0],
        "games synced, verified and forgotten": synced,
        "log bytes moved": moved,
        "sessions that moved no log bytes": idle,
        "sessions cut short (resumed by the next)": failures,
        "link deaths": deaths,
        "MemoryErrors": memory_errors,
        "seconds": time.perf_counter() - started,
    }


def long_log() -> bytes:
    """A finished 5-player 7: The Sins log, signed with the stand-in device key."""
    from shared_rules import games
    from shared_rules.commit import commitment
    from shared_rules.journal import Journal, game_id_for
    from shared_rules.laptop.driver import play

    kit = _kit()
    game = games.load("seven-sins", 5)
    s = kit.seed(77)
    end = play(game, s)
    journal = Journal()
    extra = {"first": 0, "device": kit.DEVICE, "fw": "0.1.0", "pub": kit.public_key().hex()}
    data = journal.start(game, s, game_id_for(commitment(s)), extra)
    for action in end.history():
        data += journal.action(action)
    return data + journal.finish(s, end.returns(), sign=kit.signing_key().sign)


def forge() -> dict:
    from host import authentic, forgery
    from shared_rules.commit import VerifyError

    kit = _kit()
    data = long_log()
    attacker = kit.signing_key(bytes(range(200, 232)))
    started = time.perf_counter()
    tried = 0
    accepted = 0
    for _what, forged in forgery.forgeries(
        data, attacker.sign, kit.public_key(bytes(range(200, 232))).hex()
    ):
        if forged == data:
            continue
        tried += 1
        try:
            authentic.verify(forged, key=kit.public_key())
        except (VerifyError, KeyError, TypeError, ValueError):
            continue
        accepted += 1
    return {
        "log": "5-player 7: The Sins, %d bytes, %d records" % (len(data), data.count(b"\n")),
        "forgeries tried": tried,
        "forgeries accepted": accepted,
        "seconds": time.perf_counter() - started,
    }


MUST_BE_ZERO = (
    "secrets or prompts reached",
    "sessions that moved no log bytes",
    "device restarts",
    "link deaths",
    "MemoryErrors",
    "forgeries accepted",
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m host.sweeps", description=__doc__)
    parser.add_argument("which", nargs="*", choices=("fuzz", "sync", "forge"), default=[])
    parser.add_argument("--lines", type=int, default=10000)
    parser.add_argument("--depth", type=int, default=1000)
    parser.add_argument("--syncs", type=int, default=500)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("-v", "--verbose", action="store_true", help="say what each session met")
    args = parser.parse_args(argv)
    which = args.which or ["forge", "fuzz", "sync"]
    bad = 0
    for name in which:
        if name == "fuzz":
            result = fuzz(args.lines, args.depth)
        elif name == "sync":
            result = sync(args.syncs, args.games, args.verbose)
        else:
            result = forge()
        print("[%s]" % name, flush=True)
        for key, value in result.items():
            shown = "%.1f" % value if isinstance(value, float) else value
            print("  %-44s %s" % (key, shown), flush=True)
            if key in MUST_BE_ZERO and value:
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
