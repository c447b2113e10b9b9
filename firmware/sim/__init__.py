# sim  Simulated hardware for the MicroPython unix port (never flashed: FLASH_EXCLUDE)
# MIT licence. build() makes the Board with board.wire(), the code a real board runs, over
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
#   CONFESSOR_SIM_VSYS_MV=<mV> the supply the battery divider reads (default 4700, USB)

import os


def env(name, default=None):
    value = os.getenv(name)
    return default if value is None or value == "" else value


def build(name, profile, speed=None):
    import board as board_mod

    from sim import rp2
    from sim.hw import SimNeoPixel

    real = (speed or env("CONFESSOR_SIM_SPEED", "real")) == "real"
    world = rp2.new_world(profile.get("mcu", "rp2350"))
    held = env("CONFESSOR_SIM_HOLD", "").split(",")
    pull_up = profile.get("button_pull", "up") == "up"
    released, pressed = (1, 0) if pull_up else (0, 1)
    pins = {}
    for key in sorted(profile["buttons"]):
        pad = world.pads[profile["buttons"][key]]
        pad.set_level(pressed if key in held else released)
        pins[key] = pad

    folder = env("CONFESSOR_SIM")
    channel = None
    if folder:
        from sim.channel import Channel

        channel = Channel(folder, pins, released, pressed)

    on_refresh = channel.on_refresh if channel else None
    disp = profile["display"]
    if disp["driver"] == "uc8151":
        from sim.uc8151_model import UC8151Model

        # Pimoroni's UC8151::update_time() at speed 0 (the OTP waveform)
        model = UC8151Model(4500 if real else 0, on_refresh)
    else:
        import panel_ws29 as panel

        from sim.ssd1680_model import SSD1680Model

        times = dict(panel.REFRESH_MS, power_on=panel.POWER_ON_MS) if real else None
        model = SSD1680Model(times, on_refresh, track_ghosts=bool(env("CONFESSOR_SIM_GHOSTS")))
    world.attach_spi(disp["spi"], model, disp["cs"], disp["dc"])
    world.pads[disp["rst"]].on_change = model.rst_changed
    if disp.get("busy_level", 1):
        world.pads[disp["busy"]].source = model.busy
    else:
        world.pads[disp["busy"]].source = lambda: 1 - model.busy()
    battery = profile.get("battery")
    vsys = [int(env("CONFESSOR_SIM_VSYS_MV", "4700"))]  # USB, through the Pico's diode
    if battery is not None:
        divider = battery["divider"]
        world.analog[battery["adc_pin"]] = lambda: vsys[0] // divider

    def chain(pin, count, timing):
        return SimNeoPixel(pin, count, timing=timing, mcu=world.mcu)

    board = board_mod.wire(name, profile, rp2, chain, None)
    display = board.display
    if not real:
        display.reset_ms = 0
        display.busy_poll_ms = 1
        board.buttons.poll_ms = 4  # tests: same reads per press, less waiting
    long_ms = env("CONFESSOR_SIM_LONG_MS")
    if long_ms:
        board.buttons.long_ms = int(long_ms)
    if channel:
        channel.model = model
        channel.vsys = vsys
        channel.battery = board.battery

    np = getattr(board.leds, "_np", None)
    if np is not None and channel:
        np.on_write = channel.on_leds
    lp = profile["leds"]
    if np is None and channel and board_mod.led_pin(lp) is not None:
        world.pads[board_mod.led_pin(lp)].on_change = lambda v: channel.on_leds(None)
    if channel:
        channel.leds = board.leds

    seed = env("CONFESSOR_SIM_SEED")

    def urandom(n):
        if seed and n == 32:
            # the first game gets the fixed seed; later ones a seed derived from it, so
            # a test can play several games without reusing one
            import binascii
            import hashlib

            fixed = binascii.unhexlify(seed)
            try:
                games_before = len([f for f in os.listdir("games") if f.endswith(".log")])
            except OSError:
                games_before = 0
            if games_before:
                return hashlib.sha256(fixed + bytes((games_before & 255,))).digest()
            return fixed
        return os.urandom(n)

    board.urandom = urandom
    board.sim = channel
    board.model = model
    board.world = world
    board.pins = pins
    board.np = np
    board.splash_ms = 1500 if real else 0
    board.effect_ms = 120 if real else 2
    games = env("CONFESSOR_SIM_GAMES")
    if games:
        from shared_rules import games as registry

        for entry in games.split(","):
            gname, module, cls = entry.split(":")
            registry.register(gname, module, cls)
    return board
