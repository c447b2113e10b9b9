# sim  Simulated hardware for the MicroPython unix port (virtual board only: firmware/manifest.py)
# MIT licence. build() makes the Board with board_wire.wire(), the code a real board runs, over
# the simulated rp2 (sim/rp2.py) with the display controller, LED chain and battery
# divider modelled on its pads and bus.
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


def board(name=None):
    """The virtual board of the profile board.profile() chooses (CONFESSOR_PROFILE, or
    the default): what main.py builds on the unix port, where a real board gets
    board.build(). Built through this module's build(), with positional arguments only, so
    a wrapper put there from outside (host/sim_client.py's heap probe) sees it."""
    import board as board_mod

    return build(*board_mod.profile(name))


def build(name, profile, speed=None):
    """The simulated board. Its channel learns the simulator's share of the heap: what
    the models, the side channel and the simulator's code take (a real board has none
    of it), measured here, without the firmware's drivers built in between."""
    import gc

    import lifetime

    lifetime.collect()
    before = gc.mem_alloc()
    from sim import builder

    board = builder.build(name, profile, speed)
    # the radio's stand-in (a board's `network` module is in its firmware, not its
    # heap): imported now, with the other models, so a phone game's share counts it too
    from sim import wlan  # noqa: F401

    lifetime.drop("sim.builder")
    lifetime.collect()
    if board.sim is not None:
        board.sim.share = gc.mem_alloc() - before - builder_firmware[0]
    return board


builder_firmware = [0]  # bytes the firmware's own wiring kept (sim/builder.py)


class Supply:
    """The virtual board's VSYS (mV) as the battery divider's ADC pin sees it."""

    def __init__(self, mv, divider):
        self.mv = mv
        self.divider = divider or 1

    def __call__(self):
        return self.mv // self.divider


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
