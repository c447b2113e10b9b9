# app_start.py  The application's power-on: the device's id, the splash screen
# MIT licence. app.py loads it for each and drops it: a game in play does not keep it.

from ui import Screen


def device_id(app):
    """The device's id (hex text, device.id), made at the first power-on."""
    from store import read, write_atomic

    path = app.root + "device.id"
    try:
        return read(path).decode().strip()
    except OSError:
        import binascii

        ident = binascii.hexlify(app.board.urandom(8)).decode()
        write_atomic(path, ident.encode())
        return ident


async def splash(app):
    """The first screen (a full refresh, from the display's hardware reset: it wipes
    whatever a power cut left on the panel), the game to resume if there is one, and the
    firmware's version."""
    import asyncio

    import lifetime

    VERSION = lifetime.once("version").VERSION
    board = app.board
    app.lights(None)
    current = app.store.current()
    await app.show(
        Screen(
            "splash",
            big="CONFESSOR",
            facts=["dealer and secret-keeper"],
            lines=(["resuming game %s" % current] if current else []) + ["firmware %s" % VERSION],
        ),
        full=True,
    )
    if board.splash_ms:
        await asyncio.sleep_ms(board.splash_ms)  # pyright: ignore[reportAttributeAccessIssue]
    board.buttons.clear()
