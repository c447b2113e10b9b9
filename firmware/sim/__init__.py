# sim  Simulated hardware for the MicroPython unix port (virtual board only: firmware/manifest.py)
# MIT licence. build() makes the Board with board_wire.wire(), the code a real board runs, over
# the simulated rp2 (sim/rp2.py) with the display controller, LED chain and battery
# divider modelled on its pads and bus (sim/builder.py); the environment it reads is
# sim/env.py's. The package imports its parts only in build(), and none of them imports it.


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

    firmware = builder.firmware  # bytes the firmware's own wiring kept
    lifetime.drop("sim.builder")
    lifetime.collect()
    if board.sim is not None:
        board.sim.share = gc.mem_alloc() - before - firmware
    return board
