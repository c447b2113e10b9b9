"""Helpers for the device tests: read the simulated panel back, drive games by buttons.

The panel picture is checked against the screen's description by reading every text
the firmware says it drew, glyph by glyph, with MicroPython's own 8x8 font (dumped
once from the unix port): the picture and the words must agree pixel for pixel.
"""

from __future__ import annotations

import functools
import re
import subprocess

from interpreters import ROOT

from host.sim_client import SimClient, SimDevice, micropython, pixel

FONT_DUMP = """
import framebuf
b = bytearray(8)
f = framebuf.FrameBuffer(b, 8, 8, framebuf.MONO_HLSB)
for c in range(32, 127):
    f.fill(0)
    f.text(chr(c), 0, 0, 1)
    print(c, bytes(b).hex())
"""

SEED = "5eed" * 16
PORTABLE = ROOT / "tests" / "portable"


@functools.lru_cache(maxsize=1)
def glyphs() -> dict[str, list[int]]:
    out = subprocess.run(
        [micropython(), "-c", FONT_DUMP], capture_output=True, text=True, check=True
    ).stdout
    table = {}
    for line in out.split("\n"):
        if line.strip():
            code, hexed = line.split()
            table[chr(int(code))] = list(bytes.fromhex(hexed))
    return table


def read_glyph(image, x, y, scale, inverted) -> list[int]:
    rows = []
    for j in range(8):
        row = 0
        for i in range(8):
            px = x + i * scale
            py = y + j * scale
            bit = pixel(image, px, py) if 0 <= px < 296 and 0 <= py < 128 else 0
            if inverted:
                bit ^= 1
            row |= bit << (7 - i)
        rows.append(row)
    return rows


def check_picture(client: SimClient) -> dict:
    """Every text of the screen description is in the picture where it says."""
    screen = client.screen()
    image = client.screen_image()
    table = glyphs()
    assert screen["texts"], "a screen with no text"
    for x, y, text, scale, inverted in screen["texts"]:
        for n, ch in enumerate(text):
            got = read_glyph(image, x + 8 * scale * n, y, scale, inverted)
            assert got == table[ch], f"{screen['name']}: {text!r} char {n} {ch!r} at ({x},{y})"
    return screen


def corner_move(screen: dict) -> int:
    match = re.match(r"#(\d+)", screen.get("corner") or "")
    assert match, screen
    return int(match.group(1))


def sins_policy(screen: dict) -> tuple[int, str]:
    """A deterministic choice from what the turn screen shows: (item, key)."""
    move = corner_move(screen)
    items = screen["items"]
    index = (move * 7) % len(items)
    key = "B" if (move // 3) % 3 == 0 and screen["keys"][1] else "A"
    return index, key


def next_press(screen: dict, policy=sins_policy) -> str:
    """The button step() presses first on this screen."""
    if screen["name"] == "turn":
        target, key = policy(screen)
        return key if screen["cursor"] == target else "DOWN"
    return "A"


def step(client: SimClient, policy=sins_policy, check=True) -> str:
    """One decision on whatever screen is up; returns the screen's name."""
    screen = check_picture(client) if check else client.screen()
    name = screen["name"]
    if name == "turn":
        target, key = policy(screen)
        cursor = screen["cursor"]
        while cursor != target:
            client.press("DOWN")
            cursor = client.screen()["cursor"]
        client.press(key)
    elif name in ("splash", "error"):
        raise AssertionError("unexpected screen:\n" + client.screen_text())
    else:
        client.press("A")
    return name


def start_game(client: SimClient, players: int, game_rows=None):
    """From the menu: set the player count (and any rows), then Start and pass the seal."""
    screen = client.screen()
    assert screen["name"] == "menu", client.screen_text()
    client.press("DOWN")
    while f"Players: {players}" not in client.screen()["items"][1]:
        client.press("B")
    for row, presses in game_rows or ():
        while client.screen()["cursor"] != row:
            client.press("DOWN")
        for key in presses:
            client.press(key)
    client.press("C")
    seal = client.screen()
    assert seal["name"] == "seal", client.screen_text()
    return seal


def play_to_result(client: SimClient, policy=sins_policy, check=True, limit=2000) -> list[str]:
    names = []
    while client.screen()["name"] != "result":
        names.append(step(client, policy, check))
        assert len(names) < limit, "the game does not end"
    return names


def log_of(flash) -> bytes:
    logs = sorted((flash / "games").glob("*.log"))
    assert len(logs) == 1, logs
    return logs[0].read_bytes()


def start_device(tmp_path, **kw) -> SimDevice:
    return SimDevice.start(tmp_path / "flash", seed=kw.pop("seed", SEED), **kw)
