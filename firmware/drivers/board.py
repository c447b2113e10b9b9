# board.py  The Board, built from a board profile (boards.py) at power-on
# MIT licence. board_wire.wire() makes the hardware objects from a `machine` module: the
# real one here (build()), the simulated rp2 (sim/rp2.py) on the unix port (sim.board()), so
# both run this same code in this same order; it is imported for that and dropped after.
# main.py chooses which board to build and hands it to the application, which sees only a
# Board: display, buttons, leds, battery, urandom, sync. Nothing here knows the simulator.

import os
import sys


class Board:
    splash_ms = 1500
    effect_ms = 120  # LED animation step
    answer_ms = 100  # the status LED's blink answering a press
    # A moved cursor waits this long for the next press before the glass shows it, so a
    # player who knows where to go and presses in a quick run waits for one refresh at the
    # end, not one per press (the LEDs answer each press at once). Confessor's choice.
    settle_ms = 250

    def __init__(self, name, profile, display, buttons, leds, urandom, battery=None):
        self.name = name
        self.profile = profile
        self.display = display
        self.buttons = buttons
        self.leds = leds
        self.battery = battery  # battery.Battery, or None where the board cannot read it
        self.urandom = urandom  # the seed source: os.urandom (the RP2350's TRNG)
        self.sim = None
        self.probe = None  # the emulated RP2040's test probe (probe.py), on its image only

    def sync(self):
        # littlefs commits on flush(); os.sync() matters only for FAT, and is absent
        # on the unix port.
        if hasattr(os, "sync"):
            os.sync()


def profile(name=None):
    import lifetime

    # only the chosen profile is kept (by the Board): the other profiles and the module
    # go back to the heap
    boards = lifetime.once("boards")
    if name is None:
        name = boards.DEFAULT
        if sys.platform != "rp2":
            name = os.getenv("CONFESSOR_PROFILE") or name
    if name not in boards.PROFILES:
        raise ValueError("no board profile %r" % name)
    return name, boards.PROFILES[name]


def build(name=None):
    """The real board of profile `name` (default: profile()'s), over the rp2 port's
    `machine`. The unix port builds the virtual one instead: sim.board()."""
    name, prof = profile(name)
    import lifetime
    import machine

    board_wire = lifetime.once("board_wire")  # wire() runs once: its module is not kept
    board = board_wire.wire(Board, name, prof, machine, board_wire.neopixel_chain, os.urandom)
    board.probe = _probe(machine)
    return board


def _probe(machine):
    """The test probe when this image has it frozen in (the emulator's), else None. Looked
    for in the image only: a file on the filesystem cannot put one on a board."""
    path = sys.path
    sys.path = [".frozen"]
    try:
        import probe
    except ImportError:
        return None
    finally:
        sys.path = path
    return probe.attach(machine)
