# sim  Simulated hardware for the MicroPython unix port (never flashed: FLASH_EXCLUDE)
# MIT licence. build() makes the same Board object board.py makes on the rp2, from the
# same profile, with pins, bus, display controller and LED chain simulated.
#
# Environment (read here only, so none of it can reach a real board):
#   CONFESSOR_SIM=<dir>        side channel folder (sim/channel.py); none: no channel
#   CONFESSOR_SIM_SPEED=instant|real   e-ink refresh times (default real: 2 s / 0.3 s)
#   CONFESSOR_SIM_SEED=<64 hex>        test only: the seed every new game draws
#   CONFESSOR_SIM_HOLD=A,C     buttons held down from power-on
#   CONFESSOR_SIM_LONG_MS=<ms> long-press time (default the driver's)
#   CONFESSOR_SIM_GAMES=name:module:Class,...  extra games to register (test games)
#   CONFESSOR_SIM_KEEP=1       keep every frame in <dir>/frames (screenshots)

import os


def env(name, default=None):
    value = os.getenv(name)
    return default if value is None or value == "" else value


def build(name, profile):
    import machine
    from board import Board
    from buttons import Buttons
    from leds import SeatLeds, WhiteLed

    from sim.hw import FuncPin, SimNeoPixel, SimPin

    real = env("CONFESSOR_SIM_SPEED", "real") == "real"
    held = env("CONFESSOR_SIM_HOLD", "").split(",")
    pull_up = profile.get("button_pull", "up") == "up"
    released, pressed = (1, 0) if pull_up else (0, 1)
    pins = {}
    signals = {}
    for key in sorted(profile["buttons"]):
        pin = SimPin(profile["buttons"][key], pressed if key in held else released)
        pins[key] = pin
        signals[key] = machine.Signal(pin, invert=pull_up)
    buttons = Buttons(signals)
    long_ms = env("CONFESSOR_SIM_LONG_MS")
    if long_ms:
        buttons.long_ms = int(long_ms)

    folder = env("CONFESSOR_SIM")
    channel = None
    if folder:
        from sim.channel import Channel

        channel = Channel(folder, pins, released, pressed)

    on_refresh = channel.on_refresh if channel else None
    disp = profile["display"]
    cs, dc = SimPin(disp["cs"], 1), SimPin(disp["dc"], 1)
    if disp["driver"] == "uc8151":
        from uc8151 import UC8151

        from sim.uc8151_model import UC8151Model

        model = UC8151Model(4500 if real else 0, on_refresh)
        busy = FuncPin(disp["busy"], lambda: 1 - model.busy())
        driver = UC8151
    else:
        from ssd1680 import SSD1680

        from sim.ssd1680_model import SSD1680Model

        model = SSD1680Model(2000 if real else 0, 300 if real else 0, on_refresh)
        busy = FuncPin(disp["busy"], model.busy)
        driver = SSD1680
    rst = SimPin(disp["rst"], 1, model.rst_changed)
    from sim.hw import SimSPI

    spi = SimSPI(model, cs, dc)
    display = driver(spi, cs, dc, rst, busy)
    if not real:
        display.reset_ms = 0
        display.busy_poll_ms = 1
        buttons.poll_ms = 4  # tests: same reads per press, less waiting
    if channel:
        channel.model = model

    from board import is_chain, led_pin

    lp = profile["leds"]
    if is_chain(lp):
        np = SimNeoPixel(lp["count"], channel.on_leds if channel else None)
        leds = SeatLeds(np, lp["seats"], lp.get("status"), lp.get("max_brightness", 40))
    else:
        np = None
        pin = led_pin(lp)
        hook = (lambda p, v: channel.on_leds(None)) if channel else None
        leds = WhiteLed(SimPin(pin, 0, hook) if pin is not None else None)
    if channel:
        channel.leds = leds

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

    board = Board(name, profile, display, buttons, leds, urandom)
    board.sim = channel
    board.model = model
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
