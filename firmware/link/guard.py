# guard.py  Ctrl-C held off: the USB serial port is the link's, never a prompt's
# MIT licence. The USB serial port carries MicroPython's REPL, and whoever reaches a
# prompt can read and write the flash: a game's seed (games/<id>.key), the device's
# signing key, the firmware itself. So the REPL opens only in maintenance mode, A and C
# held at power-on, a person with the board in hand (lockdown.enter_repl first ends
# every unfinished game and retires the key). Otherwise:
#
# * Ctrl-C never interrupts: on the board micropython.kbd_intr(-1) makes 0x03 an ordinary
#   byte; on the unix port (the virtual board) the pty's ISIG is turned off as well,
#   because there the tty turns 0x03 into SIGINT and kbd_intr(-1) would leave SIGINT's
#   default: death. main.py holds it from its first line to its last.
# * main.py never returns (a crash starts the application again), and the serial link
#   has no operation that leaves it (`repl` is refused with what to do instead).
# This module stays in RAM all session, so it is small.

import os
import sys

_ISIG = 0x0001  # termios.ISIG on Linux (MicroPython's termios module does not name it)
_held = [0]  # 1: Ctrl-C held off; 2: allowed; 0: not set yet


def _tty_isig(on):
    if sys.platform == "rp2":
        return
    try:
        import termios  # pyright: ignore[reportMissingImports]  # the unix port only

        attrs = termios.tcgetattr(0)
        if on:
            attrs[3] |= _ISIG
        else:
            attrs[3] &= ~_ISIG
        termios.tcsetattr(0, termios.TCSANOW, attrs)
    except (ImportError, OSError, AttributeError):
        pass  # stdin is no terminal (a pipe): no byte can become a signal


def hold_ctrl_c():
    """From now on 0x03 on the serial line is data, not an interrupt."""
    import micropython

    _tty_isig(False)  # first: on the unix port a SIGINT after kbd_intr(-1) would kill
    micropython.kbd_intr(-1)
    _held[0] = 1


def allow_ctrl_c():
    """Ctrl-C interrupts again: maintenance mode's REPL, as main.py ends."""
    import micropython

    micropython.kbd_intr(3)  # first: the handler, then the tty may send SIGINT again
    _tty_isig(True)
    _held[0] = 2


def held():
    return _held[0] == 1


def seeds_on_flash(store):
    """Ids of games whose seed file is on flash (unfinished games)."""
    out = []
    try:
        names = os.listdir(store.root)
    except OSError:
        return out
    for name in names:
        if name.endswith(".key"):
            out.append(name[:-4])
    out.sort()
    return out


def halt():
    """Stop for good without a prompt (a crash that keeps coming back): the
    board restarts, which resumes the game; the unix port waits for a power cut."""
    hold_ctrl_c()
    if sys.platform == "rp2":
        import machine

        machine.reset()
    import time

    while True:
        time.sleep(1)
