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
