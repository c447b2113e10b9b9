# figures.py - the bring-up record's figures (wiring/record.md), measured ON THE BOARD.
#
#   Hold A+C while plugging the board in (maintenance: the firmware steps aside), then
#     .venv/bin/mpremote connect PORT exec "import gc; gc.collect();
#       open('heap.txt', 'w').write(str(gc.mem_free()))" + run wiring/bringup/figures.py
#   (one line: the exec notes MicroPython's free heap before this script is compiled, so
#   the heap figures can be given as the firmware alone would leave them) and copy the
#   lines it prints into wiring/record.md. Afterwards, on the laptop:
#     time .venv/bin/confessor sync --port PORT
#   times the sync of the SYNC_GAMES games this script leaves (see the last step).
#
# It runs the firmware's own code (the Board, the App, the drivers, the rules) on the board's
# own display, LEDs and flash, and presses the buttons itself: a stand-in for the buttons'
# pins plays each press as a finger would (pressed for the driver's debounce and one poll,
# then released), so nothing needs touching and every run presses the same. The games it
# measures live in a scratch folder (SCRATCH), deleted at the end; the device's games and
# key are not touched until the last step. It takes about ten minutes on a Pico 2 W, most
# of it the e-ink refreshing. Every figure is measured as `make bench` measures it on the
# emulated board, so the two can be set side by side (wiring/record.md says where each
# differs). Runs on the unix port too, over the simulated board (tests/device/test_bringup.py).
# MIT.

import gc
import sys

gc.collect()
BARE = gc.mem_free()  # the heap before anything of Confessor's is imported

import asyncio  # noqa: E402
import os  # noqa: E402
import time  # noqa: E402


def _setting(name, default):
    try:
        return int(os.getenv(name))  # pyright: ignore[reportAttributeAccessIssue]
    except (AttributeError, TypeError, ValueError):  # no getenv on the board: the default
        return default


PRESS_LIMIT = _setting("FIGURES_PRESSES", 60)  # presses played in each game
SYNC_GAMES = _setting("FIGURES_SYNC_GAMES", 20)  # games left for the sync (0: none)
SCRATCH = "figures"
SEATS = 6  # the QR codes: one a seat, for the largest table


def ms(t0, t1=None):
    return time.ticks_diff(time.ticks_us() if t1 is None else t1, t0) / 1000


def say(figure, value, unit, note=""):
    print("%s = %s %s%s" % (figure, value, unit, ("  (" + note + ")") if note else ""))


class Finger:
    """The buttons' pins, played by the script: press(name) holds that pin pressed for
    `hold` of the driver's reads, then released for `after` more; `done` once the driver
    has seen both (sim/hw.py's Hold on the simulated board works the same way)."""

    def __init__(self, buttons):
        self.hold = buttons.stable + 1
        self.after = buttons.stable + 1
        self.name = None
        self.reads = 0
        self.t_down = None  # when the pin first read pressed
        buttons._pins = [_Pin(self, n) for n in buttons.names]

    def press(self, name):
        self.name, self.reads, self.t_down = name, 0, None

    @property
    def done(self):
        return self.name is None


class _Pin:
    def __init__(self, finger, name):
        self.finger = finger
        self.name = name

    def value(self):
        f = self.finger
        if f.name != self.name:
            return 0
        f.reads += 1
        if f.reads == 1:
            f.t_down = time.ticks_us()
        if f.reads > f.hold + f.after:
            f.name = None
        return 1 if f.reads <= f.hold else 0


class Watch:
    """On the board's LEDs and display: when the LEDs answer a press (the first write
    while the status LED blinks for it), when a refresh ends, and how long each took."""

    def __init__(self, board):
        self.t_led = self.t_glass = None
        self.kind = None
        self.refreshes = []  # (kind, ms) of each
        leds, display = board.leds, board.display
        led_show, glass_show = leds.show, display.show

        def show_leds():
            led_show()
            if leds.answering and self.t_led is None:
                self.t_led = time.ticks_us()

        async def show_glass(full=True, clean=False):
            t0 = time.ticks_us()
            kind = await glass_show(full, clean)
            self.t_glass = time.ticks_us()
            self.kind = kind
            self.refreshes.append((kind, ms(t0)))
            return kind

        leds.show = show_leds
        display.show = show_glass


class Rig:
    """The App on `root`, running as main.py runs it beside the board's buttons and the
    serial link's state (its module and server, not its stream: mpremote has the port),
    the script at the buttons."""

    def __init__(self, board, watch, root):
        import guard  # noqa: F401 - resident, as main.py has it
        import serial_link
        from app import App

        if root:
            try:
                os.mkdir(root[:-1])
            except OSError:
                pass
        self.board = board
        self.watch = watch
        self.finger = Finger(board.buttons)
        self.app = App(board, root)
        self.app.settings["phones"] = False  # (for this run only: never saved)
        self.link = serial_link.Server(self.app, self.app.store)

    def start(self):
        self.task = asyncio.create_task(self.app.run())
        self.buttons = asyncio.create_task(self.board.buttons.run())

    async def stop(self):
        for task in (self.task, self.buttons):
            task.cancel()
            try:
                await task
            except asyncio.CancelledError:  # pyright: ignore[reportAttributeAccessIssue]
                pass

    def idle(self):
        app = self.app
        return (
            self.finger.done
            and app.waiting
            and self.board.buttons.pending() == 0
            and not self.board.display.busy
        )

    async def until_idle(self, limit_s=120):
        t0 = time.ticks_ms()
        while not self.idle():
            if time.ticks_diff(time.ticks_ms(), t0) > limit_s * 1000:
                raise RuntimeError("the device did not settle (screen %s)" % self.name())
            await asyncio.sleep_ms(5)

    async def press(self, key):
        self.watch.t_led = self.watch.t_glass = None
        self.finger.press(key)
        await self.until_idle()

    def screen(self):
        return self.app.screen

    def name(self):
        scr = self.app.screen
        return scr.name if scr is not None else None


def free():
    gc.collect()
    return gc.mem_free()


async def boot(board, watch, root):
    rig = Rig(board, watch, root)
    rig.start()
    await rig.until_idle()
    return rig


async def press_times(rig):
    """Three DOWN presses on the menu: to the LEDs' answer, and to the glass (a moved
    cursor is drawn once the presses pause: board.settle_ms)."""
    led, glass = [], []
    watch = rig.watch
    for _ in range(3):
        await rig.press("DOWN")
        down = rig.finger.t_down
        led.append(ms(down, watch.t_led))
        glass.append(ms(down, watch.t_glass))
    for _ in range(3):
        await rig.press("UP")
    return led, glass, watch.kind


def corner_move(scr, default):
    corner = scr.corner or ""
    if corner.startswith("#") and corner[1:].isdigit():
        return int(corner[1:])
    return default


async def next_key(rig, presses):
    """The policy `make bench` plays 7: The Sins with (host/sim_play.py sins_policy), for
    any screen with a list: the item (move * 7) mod its length, then A; A elsewhere."""
    scr = rig.screen()
    if scr.items and scr.name != "menu":
        target = (corner_move(scr, presses) * 7) % len(scr.items)
        return "A" if scr.cursor == target else "DOWN"
    return "A"


async def menu_games(rig):
    """(title, largest player count) of every game the menu offers, read from the menu."""
    out = []
    while rig.screen().cursor != 0:
        await rig.press("UP")
    first = rig.screen().items[0]
    while True:
        title = rig.screen().items[0][len("Game: ") :]
        await rig.press("DOWN")
        most = 0
        for _ in range(12):
            players = int(rig.screen().items[1].split(": ")[1].split()[0])
            if players <= most:
                break
            most = players
            await rig.press("B")
        out.append((title, most))
        await rig.press("UP")
        await rig.press("B")
        if rig.screen().items[0] == first:
            return out


async def start_game(rig, title, players):
    """From the menu, as host/sim_play.py start_game: the game, its players, Start."""
    while rig.screen().cursor != 0:
        await rig.press("UP")
    for _ in range(20):
        if rig.screen().items[0] == "Game: " + title:
            break
        await rig.press("B")
    await rig.press("DOWN")
    for _ in range(12):
        if ("Players: %d" % players) in rig.screen().items[1]:
            break
        await rig.press("B")
    await rig.press("C")
    if rig.name() != "seal":
        raise RuntimeError("no seal after Start: %s" % rig.name())


async def game_heap(board, watch, root, title, players):
    """The lowest free heap at idle over the first PRESS_LIMIT presses of a game."""
    rig = await boot(board, watch, root)
    await start_game(rig, title, players)
    lowest = free()
    presses = 0
    while presses < PRESS_LIMIT and rig.name() not in ("result", "abandoned"):
        await rig.press(await next_key(rig, presses))
        presses += 1
        lowest = min(lowest, free())
    await rig.stop()
    return lowest, presses, rig.name()


async def abandon_one(rig):
    """A game started and abandoned from its first turn: a finished, signed log."""
    await rig.press("C")  # Start, with the menu as it is
    for _ in range(40):
        if rig.name() == "turn":
            break
        await rig.press("A")
    await rig.press("C")  # the pause menu
    await rig.press("UP")  # its last row: Abandon the game
    await rig.press("A")
    await rig.press("A")  # confirmed
    if rig.name() != "abandoned":
        raise RuntimeError("not abandoned: %s" % rig.name())
    await rig.press("A")  # back to the menu


def remove(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        full = path + "/" + name
        try:
            os.remove(full)
        except OSError:
            remove(full)
    os.rmdir(path)


def alone():
    """MicroPython's free heap before this script was compiled (the exec before `run`
    writes it), or None."""
    try:
        with open("heap.txt") as f:
            value = int(f.read())
        os.remove("heap.txt")
        return value
    except (OSError, ValueError):
        return None


def heap(figure, value, note=""):
    """A heap figure as the firmware alone would leave it: this script's own code and
    objects given back (ALONE - BARE), when ALONE is known."""
    if ALONE is None:
        say(figure, value, "bytes", "this script's code in it" + ("; " + note if note else ""))
    else:
        say(figure, value + ALONE - BARE, "bytes", note)


async def main():
    t0 = time.ticks_us()
    if sys.platform == "rp2":
        import board as board_mod

        board = board_mod.build()
    else:
        import sim  # the virtual board (the unix port)

        board = sim.board()
    watch = Watch(board)
    say("board", board.name, "", sys.implementation._machine)  # pyright: ignore
    if ALONE is not None:
        say("free heap, MicroPython alone", ALONE, "bytes", "this script takes %d" % (ALONE - BARE))
    remove(SCRATCH)
    os.mkdir(SCRATCH)
    rig = await boot(board, watch, SCRATCH + "/0/")
    say("boot to the menu", ms(t0), "ms", "the splash's %d ms wait in it" % board.splash_ms)
    heap("free heap at the menu", free())
    kind, first = watch.refreshes[0]
    say("the first refresh", first, "ms", kind)
    led, glass, kind = await press_times(rig)
    say("press to the LED", max(led), "ms", "3 presses: " + ", ".join("%.1f" % v for v in led))
    say(
        "press to the glass",
        max(glass),
        "ms",
        "a cursor move, %s refresh, after the %d ms settle" % (kind, board.settle_ms),
    )
    games = await menu_games(rig)
    await rig.stop()
    for i in range(len(games)):
        title, players = games[i]
        root = "%s/%d/" % (SCRATCH, i + 1)
        lowest, presses, where = await game_heap(board, watch, root, title, players)
        heap(
            "free heap at idle, %s, %d players" % (title, players),
            lowest,
            "the lowest of %d presses, to %s" % (presses, where),
        )
    await signature()
    await codes()
    remove(SCRATCH)
    if SYNC_GAMES:
        rig = await boot(board, watch, "")
        for _ in range(SYNC_GAMES):
            await abandon_one(rig)
        await rig.stop()
        say("finished games left for the sync", SYNC_GAMES, "", "time `confessor sync` now")


async def signature():
    import devkey

    key = devkey.DeviceKey(SCRATCH + "/")
    t0 = time.ticks_us()
    key.public()
    say("signing key made", ms(t0), "ms")
    times = []
    for i in range(3):
        t0 = time.ticks_us()
        key.sign(bytes([i]) * 32)
        times.append(ms(t0))
    say("a signature", min(times), "ms", "Ed25519, the best of 3")


async def codes():
    import join_network
    import join_screen
    import qr

    t0 = time.ticks_us()
    join_screen.picture(qr.encode(join_network.wifi_text("Confessor-ab12", "abcd2345efgh")))
    wifi = ms(t0)
    t0 = time.ticks_us()
    for seat in range(SEATS):
        url = "http://192.168.4.1/s/%s" % ("abcdefghijklmnopqrs" + "234567"[seat])
        join_screen.picture(qr.encode(url)).packed()
    say(
        "the QR codes", ms(t0), "ms", "%d seats' join codes; the Wi-Fi code %.0f ms" % (SEATS, wifi)
    )


ALONE = alone()
asyncio.run(main())
