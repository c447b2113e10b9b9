# main.py  Power-on: Ctrl-C held off, maintenance check, the application, the serial link
# MIT licence. The first line holds Ctrl-C off until lockdown.py knows whether a game's
# seed is on flash: while one is, no byte on the serial line reaches a prompt. Holding
# A and C at power-on is maintenance: lockdown ends any unfinished game as abandoned,
# retires the signing key, says so on the screen, and main.py returns to the REPL.
# Otherwise the UI loop, the button poller, the serial link and, on the unix port, the
# simulator's side channel run as asyncio tasks. Every way out of main.py (the link's
# `repl`, allowed by the table in a game; Ctrl-C between games; a crash) goes through
# lockdown.enter_repl first. Nothing is printed: stdout belongs to the serial link.

import micropython

micropython.kbd_intr(-1)  # before anything else (see above)
import sys  # noqa: E402

# A firmware image's own modules first: a file on the filesystem cannot stand in for one
# (MicroPython looks in "" first, so that a file can replace a frozen library).
if ".frozen" in sys.path:
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")
try:
    import guard  # noqa: E402

    guard.hold_ctrl_c()  # the unix port's tty too (guard.py)
except KeyboardInterrupt:  # pending from before the first line
    import guard  # noqa: E402

    guard.hold_ctrl_c()

import gc  # noqa: E402

gc.collect()


async def _main(board, app):
    import asyncio

    tasks = [asyncio.create_task(board.buttons.run())]
    if board.sim is not None:
        tasks.append(asyncio.create_task(board.sim.run(app, board.buttons, board.display)))
    if board.probe is not None:
        probe = board.probe.run(app, board.buttons, board.display, board.leds)
        tasks.append(asyncio.create_task(probe))
    try:
        import serial_link  # pyright: ignore[reportMissingImports] - the link branch's
    except ImportError:
        serial_link = None
    if serial_link is not None:
        tasks.append(asyncio.create_task(serial_link.supervise(app)))
    try:
        await app.run()
    finally:
        for task in tasks:
            task.cancel()


def _watch(app, guard, link):
    """After a game starts, ends or closes: Ctrl-C held or allowed, waiting settings."""
    store = app.store

    def changed():
        guard.update()
        if link is not None and not store.current():
            try:
                link.apply_pending(app)
            except MemoryError:  # the ended game still fills the heap: before the menu
                app.settle = changed

    store.on_change = changed
    changed()


def _note_crash(err):
    """The last crash, for whoever looks (nothing is printed: stdout is the link)."""
    try:
        with open("crash.txt", "w") as f:
            sys.print_exception(err, f)  # pyright: ignore[reportAttributeAccessIssue]
    except OSError:
        pass


def main():
    import asyncio

    import board as board_mod
    import guard as guard_mod
    from devkey import DeviceKey
    from store import GameStore

    DeviceKey().public()  # a new key is made now, while the heap is whole, not mid-menu
    del DeviceKey  # startup.py drops the module
    gc.collect()
    board = board_mod.build()
    store = GameStore("games", board.sync)
    guard = guard_mod.Guard(store)
    guard.update()
    import startup

    why = startup.prepare(board, store, guard)
    del startup
    sys.modules.pop("startup", None)  # once at power-on: RAM is for games
    gc.collect()
    if why == "maintenance":
        if board.sim is not None:
            board.sim.exit()
        return why
    from app import App

    try:
        import serial_link as link  # pyright: ignore[reportMissingImports]
    except ImportError:
        link = None
    crashes = 0
    while True:
        app = App(board)
        _watch(app, guard, link)
        gc.collect()
        try:
            asyncio.run(_main(board, app))
            why = "repl"
        except KeyboardInterrupt:
            why = "ctrl-c"
        except Exception as err:  # noqa: BLE001 - a crash never gives a prompt
            _note_crash(err)
            why = "crash"
        gate = getattr(app, "repl_gate", None)  # lockdown.ReplGate, once a laptop asked
        playing = guard_mod.seeds_on_flash(store) and not (gate and gate.state == "approved")
        if why == "crash" or playing:
            # a crash, or a Ctrl-C from before the first line mid-game: start the
            # application again (the game resumes from its journal), as a reset would
            guard_mod.hold_ctrl_c()
            app = None
            gc.collect()
            crashes += 1
            if crashes > 5:
                guard_mod.halt()
            continue
        break
    app.session = None
    gc.collect()
    import lockdown

    lockdown.enter_repl(board, app.store, app.device_key, why)  # pyright: ignore[reportOptionalMemberAccess]
    if board.sim is not None:
        board.sim.exit()
    return "exit"


def _run():
    while True:
        try:
            main()
            break
        except KeyboardInterrupt:
            # pending from before the first line: start again rather than give a prompt
            micropython.kbd_intr(-1)
    import guard

    guard.allow_ctrl_c()  # the last line: the REPL may have Ctrl-C


_run()
