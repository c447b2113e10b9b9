"""The test drivers give up, with a clear error, on a device that stops answering
(issue 10: with a dead side channel a press loop ran to 9,341 presses)."""

import pytest

from host import sim_play
from host.sim_client import SimError


class StaleClient:
    """A side channel whose screen never changes, whatever is pressed."""

    def __init__(self, screen):
        self._screen = screen
        self.presses = 0

    def screen(self):
        return self._screen

    def screen_text(self):
        return "[%s] (stale)" % self._screen["name"]

    def press(self, key, long=False, wait=True):
        self.presses += 1


def test_start_game_gives_up_on_a_stale_menu():
    client = StaleClient({"name": "menu", "cursor": 3, "items": ["Game: x"] * 5})
    with pytest.raises(SimError, match="stopped answering"):
        sim_play.start_game(client, 3)
    assert client.presses <= 40


def test_a_turn_gives_up_on_a_stale_cursor():
    screen = {"name": "turn", "cursor": 0, "items": ["a", "b", "c"], "corner": "#4",
              "keys": ["Play", "", "Menu"]}  # fmt: skip
    client = StaleClient(screen)
    with pytest.raises(SimError, match="stopped answering"):
        sim_play.step(client, policy=lambda s: (2, "A"))
    assert client.presses <= 4
