# battery.py  VSYS through the battery divider on an ADC pin (reference build: GP26, /2)
# MIT licence. Takes a machine.ADC (or anything with read_u16), like the other drivers.
#
# What the reading means depends on the supply (wiring/README.md, "Power and safety"):
# - USB: VSYS is VBUS through the Pico's Schottky diode, about 4.7 V; a LiPo behind a 5 V
#   boost and a 1N5817 gives about the same until the cell is nearly flat. Above
#   EXTERNAL_MV the charge cannot be read: the source is "usb" (or a boost) and no percent.
# - 3 x AAA alkaline through the 1N5817: VSYS follows the cells, 4.2 V fresh (3 x 1.5 V
#   less about 0.3 V) to 3.0 V flat (3 x 1.1 V less 0.3 V), where the LEDs have long
#   dimmed. The percent is linear between those, a rough guide (alkaline cells sag late).
# `low` is set below LOW_PERCENT: at the build's worst case (about 0.1 A) that still
# leaves over an hour, enough to finish a game.

from micropython import const

VREF_MV = const(3300)
FULL_MV = const(4200)
EMPTY_MV = const(3000)
EXTERNAL_MV = const(4400)
LOW_PERCENT = const(15)


class Battery:
    samples = 8  # readings averaged: the divider's 100 nF keeps the input steady

    def __init__(self, adc, divider=2):
        self._adc = adc
        self._divider = divider
        self.low = False  # at the last status()
        self._warned = False

    def millivolts(self):
        """VSYS in mV."""
        total = 0
        for _ in range(self.samples):
            total += self._adc.read_u16()
        return total * VREF_MV * self._divider // (65535 * self.samples)

    def level(self):
        """{"mv": VSYS, "source": "usb" or "battery", "percent": 0-100 or None, "low": bool}
        (the serial link's and the simulator's status)."""
        mv = self.millivolts()
        percent = _percent(mv)
        if percent is None:
            return {"mv": mv, "source": "usb", "percent": None, "low": False}
        return {"mv": mv, "source": "battery", "percent": percent, "low": percent < LOW_PERCENT}

    def status(self):
        """(percent, low) for the status line after a new reading; (None, False) on USB.
        The charge is shown to the nearest ten: the voltage is a rough guide to it."""
        percent = _percent(self.millivolts())  # (no dict: this runs at every screen)
        self.low = percent is not None and percent < LOW_PERCENT
        if not self.low and (percent is None or percent >= LOW_PERCENT + 5):
            self._warned = False  # fresh cells or USB: the next low warns again
        return None if percent is None else (percent + 5) // 10 * 10, self.low

    def warn(self):
        """True the first time the charge is seen low after status(): the app warns once."""
        if self.low and not self._warned:
            self._warned = True
            return True
        return False


def _percent(mv):
    """The charge (0-100) at VSYS `mv`, None on USB: linear between EMPTY_MV and FULL_MV."""
    if mv >= EXTERNAL_MV:
        return None
    return max(0, min(100, (mv - EMPTY_MV) * 100 // (FULL_MV - EMPTY_MV)))
