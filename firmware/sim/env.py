# sim/env.py  The simulator's environment: CONFESSOR_SIM_* variables, and the seed they may fix
# MIT licence. Virtual board only (firmware/manifest.py). Imported by the parts that read a
# variable (sim/builder.py, sim/wlan.py, phone mode's address on the unix port); it imports
# nothing of the simulator.
#
# Environment (read here only, so none of it can reach a real board):
#   CONFESSOR_SIM=<dir>        side channel folder (sim/channel.py); none: no channel
#   CONFESSOR_SIM_SPEED=instant|real   e-ink refresh times (default real: the panel's)
#   CONFESSOR_SIM_SEED=<64 hex>        test only: the seed every new game draws
#   CONFESSOR_SIM_HOLD=A,C     buttons held down from power-on
#   CONFESSOR_SIM_LONG_MS=<ms> long-press time (default the driver's)
#   CONFESSOR_SIM_GAMES=name:module:Class,...  extra games to register (test games)
#   CONFESSOR_SIM_KEEP=1       keep every frame in <dir>/frames (screenshots)
#   CONFESSOR_SIM_GHOSTS=1     the SSD1680 model keeps the ghosts of partial refreshes
#   CONFESSOR_SIM_BUSY_MS=<ms> test only: partial and fast refreshes keep BUSY this long
#   CONFESSOR_SIM_PANEL=stuck  test only: the display controller's BUSY stuck from power-on
#                              (the side channel's "panel ok" lets it go)
#   CONFESSOR_SIM_BUSY_TIMEOUT_MS=<ms> test only: the drivers give up on BUSY after this
#                              (default theirs, 10 s)
#   CONFESSOR_SIM_SETTLE_MS=<ms> how long a moved cursor waits for the next press before
#                              it is drawn (default the board's 250 at real speed, 0 instant)
#   CONFESSOR_SIM_VSYS_MV=<mV> the supply the battery divider reads (default 4700, USB)
#   CONFESSOR_SIM_PHONE_PORT=<port>  phone mode's server on loopback (default 8080; the
#                              board's is 80, which the unix port may not bind)
#   CONFESSOR_SIM_WIFI=<json>  the Wi-Fi networks in range, name -> passphrase (sim/wlan.py:
#                              what phone mode's station joins; default none)

import os


def env(name, default=None):
    value = os.getenv(name)
    return default if value is None or value == "" else value


class Urandom:
    """os.urandom, except that with CONFESSOR_SIM_SEED the first game gets that seed and
    later ones a seed derived from it (a test can play several games without reusing one)."""

    def __init__(self, seed):
        self.seed = seed

    def __call__(self, n):
        if self.seed and n == 32:
            import binascii
            import hashlib

            fixed = binascii.unhexlify(self.seed)
            try:
                games_before = len([f for f in os.listdir("games") if f.endswith(".log")])
            except OSError:
                games_before = 0
            if games_before:
                return hashlib.sha256(fixed + bytes((games_before & 255,))).digest()
            return fixed
        return os.urandom(n)
