# about.py  About this device: its id, its signing key's fingerprint, the firmware
# MIT licence. Loaded for the menu's "About this device", for a laptop that asks the
# table to compare the key (the serial link's `about`, at a first sync or a changed key)
# and for the notice after power-on made a key or met one it did not make; dropped after.
# The fingerprint is what the owner confirms on the laptop (docs/security.md, promise 2).

from ui import Screen, wrap

ORIGIN = {
    "made": "Key made on this device.",
    "met": "Key NOT made on this device: a key file was written to it over USB.",
}


def _groups(fp):
    """The fingerprint in two lines of medium type (five groups do not fit one)."""
    return [fp[:14], fp[15:]]


def screen(app, asked=False):
    from version import VERSION

    key = app.device_key
    lines = wrap(ORIGIN.get(key.origin(), "Key files do not agree: restart the device."))
    lines += ["Device %s" % app.device_id, "Firmware %s" % VERSION]
    if asked:
        lines += wrap("A laptop asks you to compare this key with the one it shows.")
    return Screen(
        "about",
        "About this device",
        big="Signing key",
        facts=_groups(key.fingerprint()),  # what a person compares with the laptop's
        lines=lines,  # on further pages as needed (UP/DOWN)
        keys=("Back", "", ""),
    )


async def show(app, asked=False):
    """The About screen until A is pressed; the screen before it comes back."""
    previous = app.screen
    await app.show(screen(app, asked), True)
    await app.wait_key("A")
    if previous is not None and asked:
        await app.show(previous, True)  # the menu's loop waits for a press: draw it again


NEWS = {
    "made": "Made now, on this device (its first start, or after maintenance mode). A laptop"
    " that knew its old key asks you to confirm this one: compare them.",
    "met": "NOT made by this device: a key file was written to it over USB. Confirm it on a"
    " laptop only if you wrote it yourself.",
}


async def news(app, how):
    """After power-on made a key, or met one it did not make: its fingerprint, a while."""
    import asyncio

    board = app.board
    await app.show(
        Screen(
            "newkey",
            "New signing key",
            big="New key",
            facts=_groups(app.device_key.fingerprint()),
            lines=wrap(NEWS[how]),
        ),
        True,
    )
    if board.splash_ms:
        await asyncio.sleep_ms(board.splash_ms * 4)  # pyright: ignore[reportAttributeAccessIssue]
    board.buttons.clear()
