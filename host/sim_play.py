"""Play whole games on the simulated device by pressing its buttons (host/sim_client.py).

Decisions come from a policy that looks only at the turn screen (its move number and
choices), so the same game replays identically after a restart: the power-cut test,
`make bench` and the screenshot script all drive the device with it.
"""

from __future__ import annotations

import re

from host.sim_client import SimClient, SimError


def corner_move(screen: dict) -> int:
    match = re.match(r"#(\d+)", screen.get("corner") or "")
    if not match:
        raise SimError(f"no move number on screen {screen['name']}")
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


def step(client: SimClient, policy=sins_policy, check=None) -> str:
    """One decision on whatever screen is up; returns the screen's name.
    `check(client)` may read the screen back (tests compare picture and text)."""
    screen = check(client) if check else client.screen()
    name = screen["name"]
    if name == "turn":
        target, key = policy(screen)
        cursor = screen["cursor"]
        while cursor != target:
            client.press("DOWN")
            cursor = client.screen()["cursor"]
        client.press(key)
    elif name in ("splash", "error"):
        raise SimError("unexpected screen:\n" + client.screen_text())
    else:
        client.press("A")
    return name


def start_game(client: SimClient, players: int, game_rows=None, title="7: The Sins"):
    """From the menu: choose the game by title, set the player count (and any rows),
    then Start; returns the seal screen."""
    screen = client.screen()
    if screen["name"] != "menu":
        raise SimError("not at the menu:\n" + client.screen_text())
    while client.screen()["cursor"] != 0:
        client.press("UP")
    for _ in range(20):
        if client.screen()["items"][0] == "Game: " + title:
            break
        client.press("B")
    else:
        raise SimError(f"no game {title!r} in the menu")
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
    if seal["name"] != "seal":
        raise SimError("no seal after Start:\n" + client.screen_text())
    return seal


def play_to_result(client: SimClient, policy=sins_policy, check=None, limit=2000) -> list[str]:
    names = []
    while client.screen()["name"] != "result":
        names.append(step(client, policy, check))
        if len(names) >= limit:
            raise SimError("the game does not end")
    return names
