# sim/builder.py  Builds the simulated board (sim.build): imported for that, then dropped
# MIT licence. Never flashed. Nothing built here keeps a reference to this module, so its
# code leaves the heap the simulator measures once the board exists.

firmware = 0  # bytes the firmware's own wiring kept, measured by build() (read by sim.build)


def build(name, profile, speed=None):
    global firmware
    import lifetime

    import sim.rp2 as rp2
    from sim.env import Urandom, env
    from sim.hw import SimNeoPixel, Supply

    real = (speed or env("CONFESSOR_SIM_SPEED", "real")) == "real"
    world = rp2.new_world(profile.get("mcu", "rp2350"))
    held = env("CONFESSOR_SIM_HOLD", "").split(",")
    pull_up = profile.get("button_pull", "up") == "up"
    released, pressed = (1, 0) if pull_up else (0, 1)
    pins = {}
    for key in sorted(profile["buttons"]):
        pad = world.pad(profile["buttons"][key])
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

        times = dict(panel.REFRESH_MS, power_on=panel.POWER_ON_MS, sw_reset=10) if real else None
        lifetime.drop("panel_ws29")  # read for the times (the driver reads panel_ws29.bin)
        slow = env("CONFESSOR_SIM_BUSY_MS")
        if slow:
            # tests: partial and fast refreshes keep BUSY up this long, whatever the speed
            times = dict(times or {}, partial=int(slow), fast=int(slow))
        model = SSD1680Model(times, on_refresh, track_ghosts=bool(env("CONFESSOR_SIM_GHOSTS")))
    model.stuck = env("CONFESSOR_SIM_PANEL") == "stuck"
    world.attach_spi(disp["spi"], model, disp["cs"], disp["dc"])
    world.pad(disp["rst"]).on_change = model.rst_changed
    if disp.get("busy_level", 1):
        world.pad(disp["busy"]).source = model.busy
    else:
        world.pad(disp["busy"]).source = model.busy_n
    battery = profile.get("battery")
    # VSYS: USB through the Pico's diode unless told otherwise
    supply = Supply(int(env("CONFESSOR_SIM_VSYS_MV", "4700")), battery and battery["divider"])
    if battery is not None:
        world.analog[battery["adc_pin"]] = supply

    def chain(pin, count, timing):
        return SimNeoPixel(pin, count, timing=timing, mcu=world.mcu)

    lp = profile["leds"]
    pio_chain = None
    pio = None  # the rp2 module's PIO (sim/pio.py), for a chain the PIO drives
    if lp.get("driver") == "pio":
        # the LEDs on the data pin, driven by the firmware's own PIO program (imported
        # here: the simulator's share, not the firmware's)
        import sim.pio as pio

        pio_chain = world.pad(lp["pin"]).sink = pio.Ws2812Chain(lp["count"])

    import gc

    lifetime.collect()
    before = gc.mem_alloc()
    import board_wire
    from board import Board

    board = board_wire.wire(Board, name, profile, rp2, chain, None, pio)
    display = board.display
    if not real:
        display.reset_ms = 0
        display.busy_poll_ms = 1
        board.buttons.poll_ms = 4  # tests: same reads per press, less waiting
    timeout = env("CONFESSOR_SIM_BUSY_TIMEOUT_MS")
    if timeout:
        display.busy_timeout_ms = int(timeout)
    long_ms = env("CONFESSOR_SIM_LONG_MS")
    if long_ms:
        board.buttons.long_ms = int(long_ms)
    if channel:
        channel.model = model
        channel.ghosts = getattr(model, "ghost", None) is not None
        channel.supply = supply
        channel.battery = board.battery

    np = pio_chain or getattr(board.leds, "_np", None)
    if np is not None and channel:
        np.on_write = channel.on_leds
    if np is None and channel and board_wire.led_pin(lp) is not None:
        # the Badger's one LED: every show() reported (a blink can leave the pin as it was)
        leds = board.leds
        show = leds.show

        def reported():
            show()
            channel.on_leds(None)

        leds.show = reported
    lifetime.drop("board_wire")  # as board.build() does: wired once, then dropped
    lifetime.collect()
    # the firmware's share of what was built here: its drivers, their buffers and names
    firmware = gc.mem_alloc() - before
    if channel:
        channel.leds = board.leds
    board.urandom = Urandom(env("CONFESSOR_SIM_SEED"))
    board.sim = channel
    board.model = model
    board.world = world
    board.pins = pins
    board.np = np
    board.splash_ms = 1500 if real else 0
    board.effect_ms = 120 if real else 2
    board.answer_ms = 100 if real else 2
    # instant: a move is drawn at once, unless a test or the bench gives the device's wait
    board.settle_ms = int(env("CONFESSOR_SIM_SETTLE_MS", "250" if real else "0"))
    games = env("CONFESSOR_SIM_GAMES")
    if games:
        from shared_rules import games as registry

        for entry in games.split(","):
            gname, module, cls = entry.split(":")
            registry.register(gname, module, cls)
    return board
