# low_battery.py  The low-battery warning (app.py loads it when needed, then drops it)
# MIT licence. Shown once, on the first public screen after the charge is seen below
# battery.LOW_PERCENT, which leaves over an hour: enough to finish the game.

from ui import Screen, wrap


def warning():
    return Screen(
        "battery",
        "Battery low",
        big="Battery low",
        facts=["Enough to finish this game."],
        lines=wrap(
            "Then change the batteries or plug in USB. Nothing is lost if it runs out:"
            " the game resumes where it was."
        ),
        keys=("OK", "", ""),
    )


async def warn(app):
    """The warning on the glass until A is pressed."""
    await app.privacy.show(warning())
    await app.wait_key("A")
