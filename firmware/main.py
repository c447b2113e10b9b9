# main.py  Power-on: maintenance check, the board, the application, the serial link
# MIT licence. Holding A and C at power-on returns at once so mpremote always finds a
# free REPL. Otherwise the UI loop, the button poller, the serial link (if
# serial_link.py is installed) and, on the unix port, the simulator's side channel run
# as asyncio tasks. Nothing is printed: stdout belongs to the serial link.

import gc

gc.collect()


def maintenance(buttons):
    # Raw levels, before any debouncing task exists: a button held since power-on.
    return buttons.raw("A") and buttons.raw("C")


async def _main(board, app):
    import asyncio

    tasks = [asyncio.create_task(board.buttons.run())]
    if board.sim is not None:
        tasks.append(asyncio.create_task(board.sim.run(app, board.buttons, board.display)))
    try:
        import serial_link  # pyright: ignore[reportMissingImports] - the link branch's
    except ImportError:
        serial_link = None
    if serial_link is not None:
        tasks.append(asyncio.create_task(serial_link.serve(app)))
    try:
        await app.run()
    finally:
        for task in tasks:
            task.cancel()
        if board.sim is not None:
            board.sim.exit()


def main():
    import asyncio

    import board as board_mod

    board = board_mod.build()
    if maintenance(board.buttons):
        if board.sim is not None:
            board.sim.exit()
        return "maintenance"
    from app import App

    app = App(board)
    gc.collect()
    asyncio.run(_main(board, app))
    return "exit"


main()
