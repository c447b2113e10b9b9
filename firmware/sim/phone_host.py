# sim/phone_host.py  A stand-in device for phone mode on the unix port (never flashed)
# MIT licence. Until the app wires phone mode in (docs/phones.md, phase 2), this plays the
# app's part around the real pieces: a real engine (shared_rules), the real GameProvider,
# Seats, Guard and PhoneServer on loopback, and a small app loop that draws chance from
# the seed's stream, lets bots make the public moves and waits for the phones' secret
# choices through the Inbox, checking each again as the app will. Tests and the bench
# drive it through files in $PHONE_DIR, as the simulator's side channel is driven:
#
#   in/<seq>.cmd   "status" (write status.json), "step N" (allow N more table moves in
#                  step mode), "join SEAT" (draw the seat's join screen on the simulated
#                  panel: join-SEAT.pbm), "end" (the game is closed: tokens die), "stop",
#                  "oom" (the provider's next choose() raises MemoryError, as a full heap would)
#   status.json    {"seq", "move", "over", "etag", "actions", "heap", "server", ...}
#   tokens.json    the seats' tokens and URLs (what the join screens carry)
#
# Environment: PHONE_DIR, PHONE_PORT, PHONE_GAME (seven-sins), PHONE_PLAYERS (5),
# PHONE_OPTIONS (k=v,...), PHONE_SEED (64 hex), PHONE_MIDDLE (table moves played before
# serving: the heap figure's "game in progress"), PHONE_STEP=1 (table moves only on
# "step"), PHONE_BOARD=1 (build the simulated board too: panel RAM, display buffer).

import asyncio
import binascii
import gc
import json
import os
import sys
import time

import lifetime

from shared_rules import games
from shared_rules.game import CHANCE
from shared_rules.rng import Stream


def env(name, default=None):
    value = os.getenv(name)
    return default if value is None or value == "" else value


def _write(path, data):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(data)
    os.rename(tmp, path)


def _write_json(path, data):
    """Streamed by json.dump: no copy of the whole text on the heap being measured."""
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(data, f)
    os.rename(tmp, path)


class Host:
    def __init__(self):
        self.dir = env("PHONE_DIR", "phone")
        for d in (self.dir, self.dir + "/in"):
            try:
                os.mkdir(d)
            except OSError:
                pass
        self.port = int(env("PHONE_PORT", "8080"))
        self.step_mode = env("PHONE_STEP") == "1"
        self.steps = 0
        options = {}
        for pair in env("PHONE_OPTIONS", "").split(","):
            if "=" in pair:
                k, v = pair.split("=", 1)
                options[k] = v
        self.game = games.load_on_board(
            env("PHONE_GAME", "seven-sins"), int(env("PHONE_PLAYERS", "5")), **options
        )
        seed = binascii.unhexlify(env("PHONE_SEED", "5e" * 32))
        self.chance = Stream(seed, b"chance")
        # Random table moves, each seat from its own labelled stream as the host's
        # RandomBot draws them (shared_rules/laptop/driver.py is host-only: not on the flash).
        self.bots = [Stream(seed, "bot%d" % s) for s in range(self.game.num_players)]
        self.state = self.game.new_initial_state()
        self.names = ["P%d" % (s + 1) for s in range(self.game.num_players)]
        self.board = None
        if env("PHONE_BOARD") == "1":
            import sim

            self.board = sim.board()
        self.heap_game_only = None
        self.seq = 0
        self.rejected = 0  # inbox choices the app loop refused on its second check
        self.late_max = 0
        self.late_over_50 = 0
        self.stop = False
        self.peak = 0

    def setup_server(self):
        # imported only now, so heap_game_only is the game's share without them
        import phone_provider
        import phone_seats
        import phone_server

        self.inbox = phone_provider.Inbox()
        boot = binascii.hexlify(os.urandom(3)).decode()
        self.provider = phone_provider.GameProvider(self.inbox, boot=boot)
        self.seats = phone_seats.Seats()
        self.guard = phone_seats.Guard(time)
        # the page as the device finds it: frozen, or beside the modules (blobs.py)
        self.server = phone_server.PhoneServer(self.provider, self.seats, self.guard)

    def url(self, seat):
        return "http://127.0.0.1:%d/s/%s" % (self.port, self.seats.token(seat))

    def start_game(self):
        from phone_start import deal

        self.seats.use(deal(os.urandom, self.game.num_players))
        self.provider.attach(self.game, self.state, self.names)
        _write(
            self.dir + "/tokens.json",
            json.dumps(
                {
                    "tokens": self.seats.tokens(),
                    "urls": [self.url(s) for s in range(self.game.num_players)],
                }
            ),
        )

    def table_move(self):
        st = self.state
        p = st.current_player()
        if p == CHANCE:
            return self.chance.weighted(st.chance_outcomes())  # as the device's session draws
        legal = st.legal_actions()
        return legal[self.bots[p].below(len(legal))]

    def apply(self, action):
        self.state.apply(action)
        self.provider.changed()

    async def play(self):
        while not self.stop:
            st = self.state
            if st.is_terminal():
                await asyncio.sleep_ms(20)
                continue
            p = st.current_player()
            if p >= 0 and self.provider.pending(p) is not None:
                await self.inbox.wait()
                item = self.inbox.take()
                if item is None:
                    continue
                seat, move, action = item
                # the app's own check: the same seat, the same move, still legal
                if seat != p or move != st.move_number() or not st.is_legal(action):
                    self.rejected += 1
                    continue
                self.apply(action)
                continue
            if self.step_mode:
                if self.steps <= 0:
                    await asyncio.sleep_ms(5)
                    continue
                self.steps -= 1
            self.apply(self.table_move())
            await asyncio.sleep_ms(0)

    async def heartbeat(self):
        # how late the loop wakes a task that asked for 10 ms: what a UI task would feel
        while not self.stop:
            t = time.ticks_ms()
            await asyncio.sleep_ms(10)
            late = time.ticks_diff(time.ticks_ms(), t) - 10
            if late > self.late_max:
                self.late_max = late
            if late > 50:
                self.late_over_50 += 1
            used = gc.mem_alloc()
            if used > self.peak:
                self.peak = used

    async def commands(self):
        inbox = self.dir + "/in"
        while not self.stop:
            names = [n for n in os.listdir(inbox) if n.endswith(".cmd")]
            names.sort()
            for name in names:
                path = inbox + "/" + name
                with open(path) as f:
                    words = f.read().split()
                os.remove(path)
                try:
                    await self.command(words)
                except Exception as err:  # noqa: BLE001 - keep reading commands: log it
                    sys.print_exception(err)  # to host.log, which PhoneHost reports
            await asyncio.sleep_ms(5)

    async def command(self, words):
        op = words[0] if words else ""
        if op == "step":
            self.steps += int(words[1]) if len(words) > 1 else 1
        elif op == "join":
            await self.join_picture(int(words[1]))
        elif op == "end":
            self.seats.end()
            self.guard.reset()
            self.provider.detach()
        elif op == "stop":
            self.stop = True
            self.server.close()
        elif op == "gc":
            lifetime.collect()
        elif op == "oom":
            _short_of_memory_once(self.provider)
        self.seq += 1
        self.status()

    async def join_picture(self, seat):
        import join_screen

        scr, code = join_screen.seat_screen(self.names[seat], self.url(seat))
        join_screen.draw(self.board.display, scr, code)
        self.board.sim.note_screen(scr)
        await self.board.display.show(full=True)
        os.rename(self.board.sim.dir + "/screen.pbm", self.dir + "/join-%d.pbm" % seat)

    def status(self):
        lifetime.collect()
        data = {
            "seq": self.seq,
            "move": self.state.move_number(),
            "over": self.state.is_terminal(),
            "etag": self.provider.etag(),
            "actions": self.state.history(),
            "pending": [
                s for s in range(self.game.num_players) if self.provider.pending(s) is not None
            ],
            "rejected": self.rejected,
            "heap": {
                "live": gc.mem_alloc(),
                "free": gc.mem_free(),
                "game_only": self.heap_game_only,
                "peak_seen": self.peak,
            },
            "server": self.server.stats,
            "last_error": self.server.last_error,
            "open": self.server.open_connections(),
            "guard": {"refused": self.guard.refused, "failures": self.guard.failures},
            "late_max_ms": self.late_max,
            "late_over_50": self.late_over_50,
            "inbox": len(self.inbox),
        }
        _write_json(self.dir + "/status.json", data)


def _short_of_memory_once(provider):
    real = provider.choose

    def choose(seat, move, data):
        provider.choose = real
        raise MemoryError("memory allocation failed (simulated)")

    provider.choose = choose


async def main(host):
    middle = int(env("PHONE_MIDDLE", "0"))
    st = host.state
    while middle > 0 and not st.is_terminal():
        p = st.current_player()
        obs = st.observers()
        if p >= 0 and obs is not None and tuple(obs) == (p,):
            break  # a seat's secret choice: that is for a phone
        st.apply(host.table_move())
        middle -= 1
    lifetime.collect()
    host.heap_game_only = gc.mem_alloc()
    host.setup_server()
    host.start_game()
    tasks = [
        asyncio.create_task(host.play()),
        asyncio.create_task(host.heartbeat()),
        asyncio.create_task(host.commands()),
    ]
    host.status()
    try:
        await host.server.serve("127.0.0.1", host.port)
    finally:
        host.stop = True
        for t in tasks:
            t.cancel()
        host.status()


asyncio.run(main(Host()))
