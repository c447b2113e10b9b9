"""Memory on the device: the firmware frozen into the 32-bit MicroPython (make firmware),
given an RP2040's heap (host.sim_client.device_heap: 240 KB, plus the simulator's own share,
its models' RAMs and side channel, which a board does not have).

- Every game offered on the device plays a whole session at its largest player count and
  leaves MIN_FREE (96 KB) free at every idle moment (a few seeds here; `make bench` plays 20,
  and measures the emulated RP2040 beside it). Phone mode is held to the same heap by the
  phone tests.
- The menu holds one catalogue entry at a time and no engine, so the free heap at the
  menu with five games installed is no lower than with one."""

import pytest
from device_helpers import log_of, start_device

from host.benches.device import menu_heap
from host.sim_client import MIN_FREE, device_heap, simulator_share
from host.sim_play import play_session
from shared_rules import games
from shared_rules.laptop import logcheck

SEEDS = ("a1", "b2")


def device_games():
    """(name, title, largest player count) of every game the device offers."""
    out = []
    for name in games.catalogue():
        if not games.entry_module_name(name):
            continue  # a test game
        entry = games.entry(name)
        if entry.ON_DEVICE:
            out.append((name, entry.TITLE, entry.MAX_PLAYERS))
    return out


def lowest_free_at_idle(dev, play) -> int:
    """The lowest free heap at the idle moments of `play()` (after a collection there)."""
    low = [dev.heap_at_idle()["free"]]
    press = dev.client.press

    def watched(name, long=False, wait=True):
        out = press(name, long, wait)
        if wait:
            low[0] = min(low[0], dev.heap_at_idle()["free"])
        return out

    dev.client.press = watched  # type: ignore[method-assign]
    try:
        play()
    finally:
        dev.client.press = press  # type: ignore[method-assign]
    return low[0]


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name,title,players", device_games(), ids=[g[0] for g in device_games()])
def test_a_whole_session_leaves_96KB_free(tmp_path, name, title, players, seed):
    dev = start_device(tmp_path, heap=device_heap(), port="unix32", seed=seed * 32, blocks=1)
    try:
        low = lowest_free_at_idle(dev, lambda: play_session(dev.client, title, players, rounds=2))
        assert low >= MIN_FREE, "%s: %d bytes free at an idle moment" % (title, low)
        summary = logcheck.verify(log_of(tmp_path / "flash"), games.load_described)
        assert summary["head"]["game"] == name and summary["head"]["players"] == players
    finally:
        dev.stop()


def test_the_budget_can_fail(tmp_path):
    """The same measure, on a heap 110 KB smaller, finds less than MIN_FREE."""
    heap = str(int(device_heap()) - 110 * 1024)
    dev = start_device(tmp_path, heap=heap, port="unix32", seed="a1" * 32, blocks=1)
    try:
        low = lowest_free_at_idle(dev, lambda: play_session(dev.client, "7: The Sins", 2))
        assert low < MIN_FREE, low
    finally:
        dev.stop()


# The SSD1680 model's three frame RAMs (black/white, red, the glass): 296 x 128 bits each
MODEL_RAMS = 3 * 296 * 128 // 8


def test_the_simulators_share_is_only_the_simulator():
    # The allowance is measured, not chosen: it holds at least the models' RAMs, and a
    # firmware allocation moved into the measured window would show as a jump here.
    share = simulator_share("unix32")
    assert MODEL_RAMS < share < 32 * 1024, share


# What MicroPython never gives back: the names (qstrs) a module interns when it is
# first imported. Showing the other three games' entries once may cost that much, and
# nothing else: an engine is 18-34 KB (64-bit), an entry's names a few hundred bytes.
ENTRY_NAMES = 2048


def test_the_menu_does_not_grow_with_the_games_installed(tmp_path):
    # folders of one length: the simulator's paths are strings on the heap too
    boot1, after1, one = menu_heap(tmp_path / "g1", four=False)
    boot4, after4, four = menu_heap(tmp_path / "g4", four=True)
    assert one == ["Game: 7: The Sins"]
    assert four == [
        "Game: 7 Pecados",
        "Game: 7: The Sins",
        "Game: Fake A",
        "Game: Fake B",
        "Game: Mea Culpa keeper",
        "Game: New Rule (Sin)",
    ]
    assert boot4 >= boot1, (boot4, boot1)
    assert after4 >= after1 - ENTRY_NAMES, (after4, after1)
