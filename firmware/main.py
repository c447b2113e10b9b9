# main.py  Power-on: Ctrl-C held off, the key checked, maintenance, the application
# MIT licence. The USB serial port speaks only the serial link: Ctrl-C is held off from
# the first line to the last, and main.py never returns, so no prompt is ever reached,
# except in maintenance mode: A and C held at power-on (a person with the board in
# hand). Then lockdown ends any unfinished game as abandoned, retires the signing key,
# says so on the screen, and main.py returns to the REPL, for flashing. Otherwise the UI
# loop, the button poller, the serial link and, on the unix port, the simulator's side
# channel run as asyncio tasks; a crash starts the application again (a game resumes
# from its journal), as a reset would. Nothing is printed: stdout belongs to the link.

import micropython

micropython.kbd_intr(-1)  # before anything else (see above)
import sys  # noqa: E402


def _frozen_first():
    # A firmware image's own modules first: a file on flash cannot stand in for one
    # (MicroPython looks in "" first, so that a file can replace a frozen library;
    # docs/security.md, "Frozen firmware"). Before guard, which is one of them.
    if ".frozen" in sys.path:
        sys.path.remove(".frozen")
        sys.path.insert(0, ".frozen")


try:
    _frozen_first()
    import guard  # noqa: E402

    guard.hold_ctrl_c()  # the unix port's tty too (guard.py)
except KeyboardInterrupt:  # pending from before the first line
    _frozen_first()
    import guard  # noqa: E402

    guard.hold_ctrl_c()
del _frozen_first

import lifetime  # noqa: E402


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


def _watch(app, link):
    """After a game starts, ends or closes: settings that waited for it."""
    store = app.store

    def changed():
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


def _board():
    """The board the application is handed: the real one on the rp2; on the unix port the
    virtual one (firmware/sim/, which a real board's image never holds)."""
    if sys.platform == "rp2":
        import board

        return board.build()
    import sim

    return sim.board()


def main():
    """Returns only in maintenance mode."""
    import asyncio

    import guard as guard_mod
    from devkey import DeviceKey
    from store import GameStore

    # the key checked, or made, now, while the heap is whole (not mid-menu): "made",
    # "met" (a key file this device did not make) or None, for the screen to say
    news = DeviceKey().check()
    del DeviceKey
    lifetime.enter("power-on")  # the key's code goes before the board is built
    board = _board()
    store = GameStore("games", board.sync)
    import startup

    why = startup.prepare(board, store)
    del startup
    lifetime.enter("power-on")
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
        # a key made or met at power-on: said once, after the splash (about.py)
        app.key_news, news = news, None  # pyright: ignore[reportAttributeAccessIssue]
        _watch(app, link)
        lifetime.collect()
        try:
            asyncio.run(_main(board, app))
        except Exception as err:  # noqa: BLE001 - a crash never gives a prompt
            _note_crash(err)
        # the application never returns by itself: whatever ended it, start it again
        # (the game resumes from its journal), as a reset would; a crash that keeps
        # coming back stops the device without a prompt
        guard_mod.hold_ctrl_c()
        app = None
        lifetime.collect()
        crashes += 1
        if crashes > 5:
            guard_mod.halt()


def _run():
    while True:
        try:
            main()
            break  # maintenance mode: the REPL may have the port
        except KeyboardInterrupt:
            # pending from before the first line: start again rather than give a prompt
            micropython.kbd_intr(-1)
        except BaseException as err:  # noqa: BLE001 - never a prompt, whatever failed
            _note_crash(err)
            guard.halt()
    guard.allow_ctrl_c()  # the last line: the REPL may have Ctrl-C


_run()
