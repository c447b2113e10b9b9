# guard.py  Ctrl-C held off while a game's seed is on flash; the REPL only with consent
# MIT licence. The USB serial port carries the REPL. Whoever reaches a prompt can read
# the flash: a game's seed (games/<id>.key) and the device's signing key. So:
#
# * While a seed is on flash (a game is unfinished), Ctrl-C does not interrupt: on the
#   board micropython.kbd_intr(-1) makes 0x03 an ordinary byte; on the unix port
#   (the virtual board) the pty's ISIG is turned off as well, because there the tty
#   turns 0x03 into SIGINT and kbd_intr(-1) would leave SIGINT's default: death.
# * The serial link's `repl` operation asks the table (lockdown.ReplGate, ask_table):
#   the e-ink asks, a button must be held to allow it; refused, the game goes on.
# * Every way to a prompt goes through lockdown.enter_repl first (main.py).
# This module stays in RAM all game, so it is small; lockdown.py is loaded when needed.

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
    """Ctrl-C interrupts again (no secret on flash; mpremote can break in)."""
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


class Guard:
    """Holds Ctrl-C off exactly while a seed is on flash; GameStore calls update()."""

    def __init__(self, store):
        self.store = store

    def update(self):
        if seeds_on_flash(self.store):
            if not held():
                hold_ctrl_c()
        elif _held[0] != 2:
            allow_ctrl_c()


def halt():
    """Stop for good without a prompt (a crash that keeps coming back mid-game): the
    board restarts, which resumes the game; the unix port waits for a power cut."""
    hold_ctrl_c()
    if sys.platform == "rp2":
        import machine

        machine.reset()
    import time

    while True:
        time.sleep(1)
