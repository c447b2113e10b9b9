"""Play whole games on the simulated device by pressing its buttons (host/sim_client.py).

Decisions come from a policy that looks only at the turn screen (its move number and
choices), so the same game replays identically after a restart: the power-cut test,
`make bench` and the screenshot script all drive the device with it.
"""

from __future__ import annotations

import json
import re
import zlib

from host.sim_client import SimClient, SimError, plain


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


def step(client: SimClient, policy=sins_policy, check=None, quick=False) -> str:
    """One decision on whatever screen is up; returns the screen's name.
    `check(client)` may read the screen back (tests compare picture and text).
    `quick`: a player who knows where to go presses a turn's moves and its choice in one
    run, without waiting to see each move (the device draws the run once)."""
    screen = check(client) if check else client.screen()
    name = screen["name"]
    if name == "turn" and quick:
        target, key = policy(screen)
        for _ in range((target - screen["cursor"]) % len(screen["items"])):
            client.press("DOWN", wait=False)
        client.press(key)
        now = client.screen()
        if now["name"] == "turn" and now["corner"] == screen["corner"]:
            raise SimError("a quick run of presses was not applied:\n" + client.screen_text())
    elif name == "turn":
        target, key = policy(screen)
        cursor = screen["cursor"]
        for _ in range(len(screen["items"]) + 1):
            if cursor == target:
                break
            client.press("DOWN")
            now = client.screen()
            if now["name"] != "turn":  # an error screen cannot be stepped through
                raise SimError("left the turn screen:\n" + client.screen_text())
            cursor = now["cursor"]
        else:
            raise SimError(_stale("DOWN never reached item %d" % target, client))
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
    _press_until(client, "UP", lambda: client.screen()["cursor"] == 0, 40, "the top row")
    for _ in range(20):
        items = client.screen()["items"]
        if not items:
            raise SimError("the menu went away:\n" + client.screen_text())
        if items[0] == "Game: " + title:
            break
        client.press("B")
    else:
        raise SimError(f"no game {title!r} in the menu")
    client.press("DOWN")

    def players_shown():
        if client.screen()["name"] != "menu":
            raise SimError("the menu went away:\n" + client.screen_text())
        return f"Players: {players}" in (client.screen()["items"] or ["", ""])[1]

    _press_until(client, "B", players_shown, 12, f"{players} players")
    for row, presses in game_rows or ():
        _press_until(client, "DOWN", lambda r=row: client.screen()["cursor"] == r, 40, "a row")
        for key in presses:
            client.press(key)
    client.press("C")
    seal = client.screen()
    if seal["name"] != "seal":
        raise SimError("no seal after Start:\n" + client.screen_text())
    return seal


def _stale(what: str, client: SimClient) -> str:
    return "the device stopped answering its buttons (%s); last screen:\n%s" % (
        what,
        client.screen_text(),
    )


def _press_until(client: SimClient, key: str, done, limit: int, what: str) -> None:
    """Press `key` until `done()`; SimError after `limit` presses (a stale screen: the
    side channel or the device has stopped, and pressing on would never end)."""
    for _ in range(limit):
        if done():
            return
        client.press(key)
    if not done():
        raise SimError(_stale("%d presses of %s did not reach %s" % (limit, key, what), client))


def play_to_result(
    client: SimClient, policy=sins_policy, check=None, limit=2000, quick=False
) -> list[str]:
    names = []
    while client.screen()["name"] != "result":
        names.append(step(client, policy, check, quick))
        if len(names) >= limit:
            raise SimError("the game does not end")
    return names


# ****** the Mea Culpa keeper: one press at a time ******
KEEPER_TITLE = "Mea Culpa keeper"


def keeper_bid(move: int) -> tuple[int, int]:
    """The (notches, taler) a seat bids when the game is at `move`: small, often tied."""
    return 1 + (move * 2) % 5, (move * 3) % 4


def keeper_press(screen: dict, move: int, rounds: int = 3) -> str:
    """The next button for a keeper session decided by the screen and the move number
    alone (status()["move"]), so a session replays the same after a power cut, even
    from the middle of a bid entry: the device forgets a half-entered bid, and this
    enters it again from the start. The table ends the game in round `rounds`."""
    name = screen["name"]
    if name == "bid":
        if screen["keys"][0] == "Confirm":
            return "A"
        want = keeper_bid(move)
        have = [int(v) for v in screen["big"].split(" = ")[0].split(" + ")]
        field = screen["cursor"]
        if have[field] != want[field]:
            return "B" if have[field] < want[field] else "A"
        if have[1 - field] != want[1 - field]:
            return "DOWN"
        return "C"
    if name in ("die", "turn"):
        items = screen["items"]
        target = (move * 7) % len(items)
        title = screen["title"]
        if title.lower().endswith("where is the pope?"):
            # the die was set at the move before; the guess is right when an even
            # number of rooms is open (one fewer at each visit)
            target = ((move - 1) * 7 + len(items) % 2) % len(items)
        if title.endswith(": the table"):
            target = _keeper_table(screen, move, int(title.split()[1].rstrip(":")) >= rounds)
        return "A" if screen["cursor"] == target else "DOWN"
    if name == "result":
        raise SimError("the session is over")
    if name in ("splash", "error", "pause", "confirm"):
        raise SimError("unexpected screen:\n" + json.dumps(screen))
    return "A"  # seal, pass, market, reveal, order, verdict, over


def _keeper_table(screen: dict, move: int, last: bool) -> int:
    """The table's entry: the Pope's meeting, goods returned, rooms visited, in a turn
    set by the move number, until half the rooms are visited; then the next round, or
    in the last round the end."""
    items = screen["items"]

    def first(prefix):
        for i, item in enumerate(items):
            if plain(item).startswith(prefix):
                return i
        return -1

    open_rooms = 0
    for line in screen["lines"]:
        if ", open: " in line:
            open_rooms = len([r for r in line.split(", open: ")[1].split(",") if r])
    if open_rooms <= 3:
        return first("Game over") if last else first("Market empty")
    wishes = ("Pope's", "Return", "Pope's", "Room")
    for k in range(len(wishes)):
        found = first(wishes[(move + k) % len(wishes)])
        if found >= 0:
            return found
    return first("Game over") if last else first("Market empty")


def keeper_step(client: SimClient, rounds: int = 3) -> str:
    """One press of a keeper session; returns the name of the screen it was made on."""
    screen = client.screen()
    client.press(keeper_press(screen, client.status().get("move") or 0, rounds))
    return screen["name"]


def play_keeper(client: SimClient, rounds: int = 3, limit: int = 5000) -> int:
    """From the seal to the result screen; returns the presses made."""
    presses = 0
    while client.screen()["name"] != "result":
        keeper_step(client, rounds)
        presses += 1
        if presses >= limit:
            raise SimError("the keeper session does not end")
    return presses


# ****** 7 Pecados: one press at a time ******
PECADOS_TITLE = "7 Pecados"
PECADOS_LISTS = ("hand", "favour", "cancel")  # its screens that choose from a list


def pecados_target(screen: dict) -> int:
    """The item a 7 Pecados list screen chooses, from the screen alone, so a session
    replays the same after a power cut. A hand or favour choice goes by the move
    number; "who cancels?" by the declared play: nobody, or one time in three the last
    seat asked (still the last when the device asks again after a cut that came
    between the answers of the seats before it)."""
    items = screen["items"]
    if screen["name"] == "cancel":
        play = zlib.crc32((screen["title"] + (screen["big"] or "")).encode())
        return len(items) - 1 if play % 3 == 0 else 0
    return (corner_move(screen) * 7 + len(items) * 3) % len(items)


def pecados_press(screen: dict) -> str:
    name = screen["name"]
    if name in PECADOS_LISTS:
        return "A" if screen["cursor"] == pecados_target(screen) else "DOWN"
    if name in ("splash", "error", "pause", "confirm", "menu", "result"):
        raise SimError("unexpected screen:\n" + json.dumps(screen))
    return "A"  # seal, pass, limbo, cancelled, over


def pecados_step(client: SimClient, check=None) -> str:
    """One press of a 7 Pecados session; returns the name of the screen it was made on."""
    screen = check(client) if check else client.screen()
    client.press(pecados_press(screen))
    return screen["name"]


def play_pecados(client: SimClient, check=None, limit: int = 6000) -> list[str]:
    """From the seal to the result screen; the names of the screens pressed on."""
    names = []
    while client.screen()["name"] != "result":
        names.append(pecados_step(client, check))
        if len(names) >= limit:
            raise SimError("the 7 Pecados session does not end")
    return names


# ****** New Rule (Sin): one press at a time ******
NEW_RULE_TITLE = "New Rule (Sin)"


def new_rule_choice(cards: list[str], damned: int, limit: int, move: int) -> tuple[int, str]:
    """The card a seat plays (index in its hand, "up" or "down") decided by its hand's
    labels, its damned count and the move number alone: the same on the screen and in
    a CPython game (tests/device/test_device_new_rule.py chooses its seeds with it). Now and
    then a King face up (a God card, the reckoning); Kings otherwise face down while
    there is room (they forgive the round); every fifth move a card face down, even at
    the limit (the device refuses it, and the seat plays it face up)."""
    kings = [i for i, c in enumerate(cards) if c.startswith("K")]
    others = [i for i, c in enumerate(cards) if not c.startswith("K")]
    if kings and (move % 9 == 4 or not others):
        return kings[0], "up"
    if kings and damned < limit:
        return kings[0], "down"
    index = others[(move * 7) % len(others)]
    return index, "down" if move % 5 == 0 else "up"


def new_rule_press(screen: dict) -> str:
    """The next button of a New Rule session from the screen alone: the card of
    new_rule_choice (its hand and damned count from the hand screen, the move from its
    corner), the best set the rules list, A elsewhere."""
    name = screen["name"]
    if name == "nr-hand":
        if screen["facts"][0].startswith("No:"):
            return "A"  # the face-down play was refused: face up
        damned = (screen["lines"] or screen["facts"])[0]
        count, limit = damned.split(" ", 2)[1].rstrip(":").split("/")
        cards = [item.split()[0] for item in screen["items"]]
        index, face = new_rule_choice(cards, int(count), int(limit), corner_move(screen))
        if screen["cursor"] != index:
            return "DOWN"
        return "A" if face == "up" else "B"
    if name == "nr-sets":
        return "A" if screen["cursor"] == 0 else "UP"
    if name == "result":
        raise SimError("the session is over")
    if name in ("splash", "error", "pause", "confirm", "turn"):
        raise SimError("unexpected screen:\n" + json.dumps(screen))
    return "A"


def play_new_rule(client: SimClient, limit: int = 20000, check=None) -> int:
    """From the seal to the result screen; returns the presses made."""
    presses = 0
    while True:
        screen = check(client) if check else client.screen()
        if screen["name"] == "result":
            return presses
        client.press(new_rule_press(screen))
        presses += 1
        if presses >= limit:
            raise SimError("the New Rule session does not end")


def new_rule_rows(target: int = 100, rounds: int = 3) -> list[tuple[int, str]]:
    """Menu rows (row, presses) for New Rule: the target (100, 200 or 300, from 200)
    and the round limit (0: off, the default; the menu runs off, 1 .. 99 round again)."""
    steps = {100: "A", 200: "", 300: "B"}[target]
    return [(3, steps), (9, "B" * rounds if rounds <= 50 else "A" * (100 - rounds))]


# ****** any game on the device: a whole session at a given player count ******
def play_session(
    client: SimClient, title: str, players: int, rounds: int = 3, quick: bool = False
) -> int:
    """From the menu to the result screen of one game (the keeper ends in round
    `rounds`, New Rule plays to 100 in at most `rounds`); returns the presses made
    after Start. make bench and the memory tests play every game offered on the device
    with it. `quick`: see step() (not the keeper, whose presses are decided one at a
    time from the screen, nor 7 Pecados and New Rule, played press by press)."""
    rows = new_rule_rows(100, rounds) if title == NEW_RULE_TITLE else None
    start_game(client, players, rows, title=title)
    start = client.seq
    if title == KEEPER_TITLE:
        play_keeper(client, rounds=rounds)
    elif title == PECADOS_TITLE:
        play_pecados(client)
    elif title == NEW_RULE_TITLE:
        play_new_rule(client)
    else:
        play_to_result(client, quick=quick)
    return client.seq - start


def lowest_free(client: SimClient, play) -> tuple[int, int]:
    """(presses, lowest free heap at idle) while `play(step_fn)` runs: the device's
    free heap is read after every press (the simulator collects garbage at idle)."""
    low = [client.status().get("free", 0)]
    press = client.press

    def watched(name, long=False, wait=True):
        out = press(name, long, wait)
        if out:
            low[0] = min(low[0], out.get("free", low[0]))
        return out

    client.press = watched  # type: ignore[method-assign]
    try:
        presses = play()
    finally:
        client.press = press  # type: ignore[method-assign]
    return presses, low[0]
