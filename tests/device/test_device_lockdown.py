"""Before any prompt the device ends unfinished games and retires its key; a game
starts only with room on flash; seat names wait for the game to end (the real
firmware on the unix port, driven through the simulator's side channel)."""

from __future__ import annotations

from device_helpers import PORTABLE, check_picture, log_of, start_device
from linkkit import ROOT  # noqa: F401 - (tests/ on the path for the helpers)

from host import authentic
from host.sim_play import start_game
from shared_rules import games

HIDDEN_PAIR = "hidden-pair:hidden_pair:HiddenPair"
games.register("hidden-pair", "hidden_pair", "HiddenPair")


def _game_under_way(tmp_path):
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    start_game(dev.client, 2, title="Hidden Pair")
    dev.client.press("A")  # past the seal: the deal is journaled, seats still to look
    return dev


def test_maintenance_mid_game_ends_it_visibly_and_retires_the_key(tmp_path):
    flash = tmp_path / "flash"
    dev = _game_under_way(tmp_path)
    try:
        current = (flash / "games" / "current").read_text().strip()
        pub = (flash / "device.pub").read_bytes()
        assert (flash / "games" / (current + ".key")).exists()
        dev.env["CONFESSOR_SIM_HOLD"] = "A,C"  # held at the next power-on
        dev.restart()
        screen = check_picture(dev.client)
        assert screen["name"] == "repl" and "A and C were held at power-on." in screen["lines"]
        assert "Game %s abandoned:" % current in screen["lines"]
        report = authentic.verify(log_of(flash), key=pub)
        assert report["abandoned"] and report["why"] == "maintenance"
        assert report["result_seal"] in " ".join(screen["lines"])
        assert not (flash / "games" / (current + ".key")).exists()
        assert not (flash / "device.key").exists() and not (flash / "device.pub").exists()
        # the next start shows the table what happened, with a new key
        del dev.env["CONFESSOR_SIM_HOLD"]
        dev.restart()
        screen = check_picture(dev.client)
        assert screen["name"] == "abandoned" and screen["corner"] == report["result_seal"]
        assert (flash / "device.pub").read_bytes() != pub
    finally:
        dev.stop()


def test_a_seed_left_by_a_closed_game_is_ended_at_the_next_start(tmp_path):
    flash = tmp_path / "flash"
    dev = _game_under_way(tmp_path)
    try:
        current = (flash / "games" / "current").read_text().strip()
        pub = (flash / "device.pub").read_bytes()
        old = dev.client.status()["boot"]
        dev.power_cut()
        (flash / "games" / "current").unlink()  # as the error screen's "Close game" leaves it
        dev.boot(old)
        assert dev.client.screen()["name"] == "menu"
        assert not (flash / "games" / (current + ".key")).exists()
        report = authentic.verify(log_of(flash), key=pub)
        assert report["abandoned"] and report["why"] == "orphaned"
    finally:
        dev.stop()


def test_no_game_starts_without_room_for_its_journal(tmp_path):
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE])
    try:
        old = dev.client.status()["boot"]
        dev.power_cut()
        dev.env["CONFESSOR_FLASH_FREE"] = str(20 * 1024)
        dev.boot(old)
        c = dev.client
        from host.sim_client import SimError

        try:
            start_game(c, 2, title="Hidden Pair")
        except SimError:
            pass
        screen = check_picture(c)
        assert screen["name"] == "error"
        text = " ".join(screen["lines"])
        assert "20 KB of flash free" in text and "Sync the games" in text
        assert not list((tmp_path / "flash" / "games").glob("*.log"))
        assert not list((tmp_path / "flash" / "games").glob("*.key"))
    finally:
        dev.stop()


# Wraps the flashed app so that it crashes once, outside its own error screen: the
# next event raises, and so does the error screen that would show it (as a MemoryError
# while drawing could). Only main.py is left to catch it.
CRASH_ONCE = """
import os

from app_real import App


def _armed():
    try:
        os.stat("crash.once")
        return True
    except OSError:
        return False


_next_event = App.next_event
_error = App.error


async def next_event(self):
    if _armed():
        raise RuntimeError("injected fault")
    return await _next_event(self)


async def error(self, err):
    if _armed():
        os.remove("crash.once")
        raise RuntimeError("injected crash past the error screen")
    return await _error(self, err)


App.next_event = next_event
App.error = error
"""


def test_a_crash_mid_game_restarts_the_game_never_a_prompt(tmp_path):
    """main.py catches what the app could not: the crash is kept in crash.txt, the
    application starts again in the same process and the game resumes from its journal;
    no prompt, no traceback and no seed reach the serial line (the process's stdout)."""
    flash = tmp_path / "flash"
    dev = start_device(tmp_path, games=HIDDEN_PAIR, extra_path=[PORTABLE], mpy=True)
    try:
        old = dev.client.status()["boot"]
        dev.power_cut()
        (flash / "app.mpy").rename(flash / "app_real.mpy")
        (flash / "app.py").write_text(CRASH_ONCE)
        dev.boot(old)
        start_game(dev.client, 2, title="Hidden Pair")
        dev.client.press("A")  # past the seal: the deal is journaled
        current = (flash / "games" / "current").read_text().strip()
        seed = (flash / "games" / (current + ".key")).read_bytes()
        move = dev.client.status()["move"]
        boot = dev.client.status()["boot"]
        (flash / "crash.once").write_bytes(b"")
        dev.client.press("A")  # the next event crashes the app
        dev.client.wait_idle()
        assert "injected crash past the error screen" in (flash / "crash.txt").read_text()
        assert not (flash / "crash.once").exists()
        st = dev.client.status()
        assert dev.proc is not None and dev.proc.poll() is None  # the same process
        assert st["boot"] == boot and st["move"] == move
        assert dev.client.screen()["name"] not in ("error", "repl")
        assert (flash / "games" / "current").read_text().strip() == current
        assert (flash / "games" / (current + ".key")).read_bytes() == seed  # still secret
        out = (flash / "stderr.txt").read_bytes()
        assert b">>>" not in out and b"Traceback" not in out and seed.hex().encode() not in out
    finally:
        dev.stop()
