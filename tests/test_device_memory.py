"""Memory on the device, with the firmware installed from the manifest as .mpy files
(as `confessor flash` installs it) under the device's heap budget, `-X heapsize=128wK`: about 128 KB on a 32-bit board
(this 64-bit build scales it); an RP2040 has about 180 KB free at boot. The simulator's
own share (its models' RAMs, its side channel, its code and names: a real board runs
none of it) is measured at power-on and added (host.sim_client.budget_heap); all the
rest counts, the names the firmware's modules intern and their pools included.

- Every game offered on the device plays a whole session at its largest player count
  (a few seeds here; `make bench` plays 20 and prints the lowest free heap).
- The menu holds one catalogue entry at a time and no engine, so the free heap at the
  menu with five games installed is no lower than with one."""

import pytest
from device_helpers import log_of, start_device

from host.benches.device import menu_heap
from host.sim_client import budget_heap, simulator_share
from host.sim_play import play_session
from shared_rules import gamelog, games

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


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("name,title,players", device_games(), ids=[g[0] for g in device_games()])
def test_a_whole_session_fits_128wK(tmp_path, name, title, players, seed):
    dev = start_device(tmp_path, heap=budget_heap(), mpy=True, seed=seed * 32)
    try:
        play_session(dev.client, title, players, rounds=2)
        summary = gamelog.verify(log_of(tmp_path / "flash"), games.load_described)
        assert summary["head"]["game"] == name and summary["head"]["players"] == players
    finally:
        dev.stop()


# The SSD1680 model's three frame RAMs (black/white, red, the glass): 296 x 128 bits each
MODEL_RAMS = 3 * 296 * 128 // 8


def test_the_simulators_share_is_only_the_simulator():
    # The allowance is measured, not chosen: it holds at least the models' RAMs, and a
    # firmware allocation moved into the measured window would show as a jump here.
    share = simulator_share()
    assert MODEL_RAMS < share < 64 * 1024, share


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
