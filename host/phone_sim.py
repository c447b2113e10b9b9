"""Drive the phone-mode stand-in device (firmware/sim/phone_host.py) on the unix port.

The tests and the bench start it in a folder, send it commands through files (as the
simulator's side channel is driven) and talk HTTP to its server on loopback:

    with PhoneHost.start(folder, game="mea-culpa-keeper", players=3) as host:
        host.tokens(); host.get("/api/<token>/state"); host.command("step", 5)
"""

from __future__ import annotations

import http.client
import itertools
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from host.manifest import source_path
from host.sim_client import FIRMWARE, ROOT, flash_image, micropython


class PhoneHostError(RuntimeError):
    """The stand-in device did not answer as expected."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PhoneHttp:
    """A phone's side of the server on loopback: plain HTTP, as the page speaks it."""

    def __init__(self, port: int):
        self.port = port

    def request(
        self, method: str, path: str, body: bytes | None = None, headers=None, timeout=10.0
    ):
        """(status, headers dict with lower-case names, body bytes)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            res = conn.getresponse()
            data = res.read()
            return res.status, {k.lower(): v for k, v in res.getheaders()}, data
        finally:
            conn.close()

    def get(self, path: str, headers=None):
        return self.request("GET", path, headers=headers)

    def state(self, token: str) -> dict:
        code, _, body = self.get(f"/api/{token}/state")
        if code != 200:
            raise PhoneHostError(f"state for a token: HTTP {code} {body[:80]!r}")
        return json.loads(body)

    def choose(self, token: str, move: int, action) -> tuple[int, dict]:
        body = json.dumps({"move": move, "action": action}).encode()
        code, _, data = self.request(
            "POST", f"/api/{token}/choose", body, {"Content-Type": "application/json"}
        )
        try:
            return code, json.loads(data)
        except ValueError:
            return code, {}


class PhoneHost(PhoneHttp):
    def __init__(self, folder: Path, port: int, proc: subprocess.Popen):
        super().__init__(port)
        self.dir = folder
        self.proc = proc
        self.seq = 0
        self.cmds = 0

    @classmethod
    def start(
        cls,
        folder,
        game: str = "seven-sins",
        players: int = 5,
        seed: str = "5e" * 32,
        middle: int = 0,
        step: bool = False,
        board: bool = False,
        heap: str | None = "128wK",
        mpy: bool = False,
        options: str = "",
        build: str = "unix64",
    ) -> PhoneHost:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith(("PHONE_", "CONFESSOR_"))}
        env.update(
            PHONE_DIR=str(folder / "phone"),
            PHONE_PORT=str(port),
            PHONE_GAME=game,
            PHONE_PLAYERS=str(players),
            PHONE_SEED=seed,
            PHONE_MIDDLE=str(middle),
            PHONE_STEP="1" if step else "0",
            PHONE_BOARD="1" if board else "0",
            PHONE_OPTIONS=options,
            CONFESSOR_SIM=str(folder / "sim"),
            CONFESSOR_SIM_SPEED="instant",
        )
        if build == "unix32":
            # the 32-bit build of `make firmware`: the firmware, the page and this
            # stand-in frozen in, bytes as on a 32-bit board (docs/device.md, "Memory")
            flash = folder / "flash"
            flash.mkdir(exist_ok=True)
            env["MICROPYPATH"] = ".frozen"
            cmd = [micropython("unix32"), "-m", "sim.phone_host"]
            cwd = flash
        elif mpy:
            flash = folder / "flash"
            flash_image(flash)  # the manifest's files, phone_page.html included
            env["MICROPYPATH"] = ".frozen:."
            cmd = [micropython(), "-m", "sim.phone_host"]
            cwd = flash
        else:
            env["MICROPYPATH"] = ":".join([".frozen", *map(str, source_path()), str(ROOT)])
            cmd = [micropython(), str(FIRMWARE / "sim" / "phone_host.py")]
            cwd = folder
        if heap:
            cmd[1:1] = ["-X", f"heapsize={heap}"]
        log = open(folder / "host.log", "ab")
        proc = subprocess.Popen(
            cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=log, stderr=log
        )
        log.close()
        host = cls(folder / "phone", port, proc)
        try:
            host._until(lambda: (host.dir / "tokens.json").exists() and host._listening(), "start")
        except BaseException:
            host.kill()
            raise
        return host

    # ****** process ******
    def _listening(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5):
                return True
        except OSError:
            return False

    def _until(self, cond, what: str, timeout: float = 30.0):
        deadline = time.monotonic() + timeout
        delay = 0.002
        while True:
            if cond():
                return
            if self.proc.poll() is not None:
                raise PhoneHostError(
                    f"the phone host exited ({self.proc.returncode}) waiting for {what}:\n{self.log()}"
                )
            if time.monotonic() > deadline:
                raise PhoneHostError(f"timed out waiting for {what}:\n{self.log()}")
            time.sleep(delay)  # a wait for a condition, not a guess
            delay = min(delay * 2, 0.02)

    def log(self) -> str:
        try:
            return (self.dir.parent / "host.log").read_text()[-3000:]
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                self.command("stop", wait=False)
                self.proc.wait(timeout=5)
            except (subprocess.TimeoutExpired, OSError):
                self.kill()

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    # ****** commands ******
    def command(self, *words, wait: bool = True) -> dict:
        self.cmds += 1
        inbox = self.dir / "in"
        tmp = inbox / f"{self.cmds:08d}.tmp"
        tmp.write_text(" ".join(str(w) for w in words))
        os.replace(tmp, inbox / f"{self.cmds:08d}.cmd")
        if not wait:
            return {}
        want = self.cmds
        self._until(lambda: self._status().get("seq", -1) >= want, f"command {words}")
        return self._status()

    def _status(self) -> dict:
        try:
            return json.loads((self.dir / "status.json").read_text())
        except (OSError, ValueError):
            return {}

    def status(self) -> dict:
        return self.command("status")

    def tokens(self) -> list[str]:
        return json.loads((self.dir / "tokens.json").read_text())["tokens"]

    def urls(self) -> list[str]:
        return json.loads((self.dir / "tokens.json").read_text())["urls"]

    def wait_for(self, cond, what: str, timeout: float = 30.0) -> dict:
        """Until cond(status) holds (status is asked for again each time)."""
        found = {}

        def check():
            found["st"] = self.status()
            return cond(found["st"])

        self._until(check, what, timeout)
        return found["st"]


def replay_views(game_name: str, players: int, actions: list[int], options: dict | None = None):
    """The rules core's own answer on the laptop: (state, [view(seat)...], view(None))."""
    sys.path.insert(0, str(ROOT))
    from shared_rules import games
    from shared_rules.game import replay

    game = games.load(game_name, players, **(options or {}))
    state = replay(game, actions)
    return state, [state.view(s) for s in range(players)], state.view(None)


def choice_actions(choice: dict) -> list[dict]:
    """The actions an open choice offers, as the page builds them: its options' actions,
    or every combination of its grid's fields ({"kind": ..., field: value, ...}), the
    first field varying slowest."""
    grid = choice.get("grid")
    if grid is None:
        return [o["action"] for o in choice["options"]]
    names = [f[0] for f in grid["fields"]]
    combos = itertools.product(*[f[1] for f in grid["fields"]])
    return [{"kind": grid["kind"], **dict(zip(names, values, strict=True))} for values in combos]
