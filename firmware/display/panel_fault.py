# panel_fault.py  A display that stops answering: recorded, the status LED blinks, a message
# MIT licence. privacy.py loads it for one fault (lifetime.once) when a refresh was given up
# because BUSY never fell (the drivers' busy_timeout_ms: GxEPD2's 10 s).
#
# Until the panel answers again the app waits here, trying it again (a hardware reset and a
# full refresh) every RETRY_MS: the status LED blinks "fault", the serial link goes on
# working (a sync loses nothing), nothing the table cannot see is decided. A panel that never
# answers leaves the LED as the only sign. Each fault, and the panel answering again, is a
# line in faults.txt on flash (the newest KEEP bytes), which wiring/selftest.py prints and a
# maker reads with `mpremote fs cat :faults.txt` (wiring/BRINGUP.md). When the panel
# answers, it says what happened until A is pressed, then shows the screen the app asked
# for; the presses made meanwhile, with nothing to see, are dropped.

import asyncio
import time

from ui import Screen, wrap

FILE = "faults.txt"
KEEP = 1024
BLINK_MS = 250
RETRY_MS = 1000


def words(display):
    """The display's fault in words: "BUSY stuck for 10 s in a full refresh"."""
    return "BUSY stuck for %d s in a %s refresh" % (display.busy_timeout_ms // 1000, display.fault)


def note(text):
    """A line in faults.txt: seconds since power-on, what happened."""
    now = time.ticks_ms() // 1000  # pyright: ignore[reportOperatorIssue]
    line = "%d s after power-on: %s\n" % (now, text)
    try:
        try:
            with open(FILE) as f:
                old = f.read()
        except OSError:
            old = ""
        if len(old) + len(line) > KEEP:
            old = old[len(old) + len(line) - KEEP :]
            old = old[old.find("\n") + 1 :]  # whole lines only
        with open(FILE, "w") as f:
            f.write(old)
            f.write(line)
    except OSError:
        pass  # a full flash: the LED still tells


def message(fault):
    return Screen(
        "panel-fault",
        "Display fault",
        big="Display reset",
        lines=wrap(
            "It stopped answering: %s. It was reset. Nothing is lost. If this happens"
            " again, check its connector (wiring/BRINGUP.md)." % fault
        ),
        keys=("OK", "", ""),
    )


def alarm(leds, on):
    """Half a blink of the status LED: "fault" while on (the Badger's white LED the other
    way from its state), its state while off; the LEDs' state (names()) is untouched.
    Done here, from the LED classes' fields: this module is in RAM only for a fault."""
    leds.alarming = on  # (the simulator's events say so)
    np = getattr(leds, "_np", None)
    if np is None:
        leds._on = leds._status_on != on
    elif leds._status is not None and leds._status < np.n:
        np[leds._status] = leds._rgb("fault" if on else leds._status_name)


async def _blink(leds, display):
    on = False
    while display.fault is not None:
        on = not on
        alarm(leds, on)
        leds.show()
        await asyncio.sleep_ms(BLINK_MS)
    alarm(leds, False)
    leds.show()


async def _press_a(policy, buttons):
    """Until A is pressed. A laptop's request made meanwhile (the link's `about`, a posted
    event) is queued again once A is pressed: the app shows it when its screen is back."""
    asked = []
    policy.waiting = True
    try:
        while True:
            kind, name = await buttons.get()
            if kind == "press":
                if name == "A":
                    break
            elif (kind, name) not in asked:
                asked.append((kind, name))
    finally:
        policy.waiting = False
    for kind, name in asked:
        buttons.post(kind, name)


def _draw(policy, scr):
    """`scr` into the framebuffer, as privacy.py draws it."""
    paint = getattr(scr, "paint", None)  # a screen with a drawing of its own (a QR code)
    if paint is not None:
        paint(policy.board.display)
    else:
        policy.painter.draw(scr)
    sim = policy.board.sim
    if sim is not None:
        sim.note_screen(scr)


async def recover(policy, scr):
    """After a refresh given up: until the panel shows `scr` (then True). A laptop's
    request made meanwhile stays queued for the app (buttons.clear keeps it)."""
    board = policy.board
    display = board.display
    buttons = board.buttons
    while True:
        fault = words(display)
        note(fault)
        asyncio.create_task(_blink(board.leds, display))
        tries = 1
        while display.fault is not None:
            await asyncio.sleep_ms(RETRY_MS)
            tries += 1
            _draw(policy, message(fault))
            await display.show(True, True)
            buttons.clear()  # presses made before the message was on the glass
        note("the display answered again, try %d" % tries)
        await _press_a(policy, buttons)
        _draw(policy, scr)
        await display.show(True, True)
        if display.fault is None:
            buttons.clear()
            return True
