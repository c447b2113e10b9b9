# lockdown.py  Before any prompt: unfinished games ended, the signing key retired, the
# table told; and the question a laptop's REPL request puts to the table.
# MIT licence. Loaded only when needed (guard.py is what stays in RAM). Ending a game
# as abandoned reveals its seed in its signed log, so nothing is left worth reading.

from guard import hold_ctrl_c, seeds_on_flash


def end_game(store, key, game_id, why):
    """Write the end record of an unfinished game from its journal: finished if its
    actions reached the end, else abandoned (`why`). Returns its result seal (or None
    when there was nothing to end); the seed file is gone afterwards."""
    from shared_rules import games
    from shared_rules.commit import VerifyError, verify_actions
    from shared_rules.gamelog import LogError
    from shared_rules.journal import Journal, result_seal

    try:
        data, seed = store.load(game_id)
    except OSError:
        data, seed = None, None
    if not data or seed is None:
        store.forget_seed(game_id)
        return None
    journal = Journal()
    try:
        head, actions, intact = journal.restore(data)
    except LogError:
        store.forget_seed(game_id)
        return None
    if intact < len(data):
        store.truncate(game_id, intact)
    if journal.ended:
        store.forget_seed(game_id)
        return result_seal(journal.end)
    state = None
    try:
        game = games.load(head["game"], head["players"], **head["options"])
        state = verify_actions(game, seed, actions)
    except (VerifyError, ImportError, KeyError, ValueError):
        state = None
    if state is not None and state.is_terminal():
        line = journal.finish(seed, state.returns(), sign=key.sign)
    else:
        line = journal.finish(seed, None, True, sign=key.sign, why=why)
    store.finish(game_id, line)
    return result_seal(journal.end)


def end_all(store, key, why, keep=None):
    """End every game with a seed on flash except `keep`: [(id, result seal)]."""
    import gc

    out = []
    for game_id in seeds_on_flash(store):
        if game_id == keep:
            continue
        gc.collect()
        out.append((game_id, end_game(store, key, game_id, why)))
    return out


WHY_TEXT = {
    "maintenance": "A and C were held at power-on.",
    "repl": "The table let a laptop open it.",
    "ctrl-c": "A laptop pressed Ctrl-C between games.",
    "crash": "The firmware stopped on an error.",
}


def enter_repl(board, store, key, why):
    """Everything that must happen before a prompt: games ended, key retired, the
    table told. Ctrl-C stays held off: main.py allows it as it returns."""
    hold_ctrl_c()  # a second Ctrl-C must not cut this short
    ended = []
    if store is not None:
        try:
            ended = end_all(store, key, "repl" if why == "repl" else "maintenance")
        except Exception:  # noqa: BLE001 - the key is retired whatever happens
            ended = []
    key.retire()
    lines = [WHY_TEXT.get(why, why)]
    for game_id, result in ended:
        lines.append("Game %s abandoned:" % game_id)
        lines.append("  seed in its log, seal %s" % (result or "-"))
    lines += ["Signing key retired: a new one", "is made at the next start.", "Reset to play."]
    try:
        _show(board, "REPL open (maintenance)", lines)
    except Exception:  # noqa: BLE001 - the screen is a courtesy; the REPL must come
        pass
    return ended  # Ctrl-C stays held until main.py's very last line (allow_ctrl_c)


def _show(board, title, lines):
    import asyncio

    from ui import Painter, Screen

    scr = Screen("repl", title, lines=lines[:9])

    async def draw():
        await board.display.init()
        Painter(board.display).draw(scr)
        sim = getattr(board, "sim", None)
        if sim is not None:
            sim.note_screen(scr)
        await board.display.show(True)

    board.leds.only(None, "off")
    board.leds.show()
    asyncio.run(draw())


# ****** a laptop asks for the REPL ******
class ReplGate:
    """The `repl` operation's answer: "open" (main.py is leaving), "asked" (the table
    is being asked), or "refused" (the table said no; a new request asks again)."""

    def __init__(self, app):
        self.app = app
        self.state = "idle"
        app.repl_gate = self  # ask_table and main.py find it there

    def request(self):
        if self.state == "approved":
            return "open"
        if self.state == "asked":
            self._remind()
            return "asked"
        if self.state == "refused":
            self.state = "idle"
            return "refused"
        store = getattr(self.app, "store", None)
        if store is None or not seeds_on_flash(store):
            self.state = "approved"
            self.app.request_exit()
            return "open"
        self.state = "asked"
        self.app.board.buttons._emit("ask", "repl")
        return "asked"

    def _remind(self):
        # the ask event may have been cleared (splash) before the UI saw it
        screen = getattr(self.app, "screen", None)
        buttons = self.app.board.buttons
        if (screen is None or screen.name != "ask-repl") and ("ask", "repl") not in buttons._events:
            buttons._emit("ask", "repl")


QUESTION = (
    "A laptop asks for the REPL. Allowing it ends this game as abandoned and shows "
    "its seed. Hold B to allow, press A to refuse."
)


async def ask_table(app):
    """Show the question and wait for the table: True if it allowed the REPL."""
    from ui import Screen, wrap

    gate = getattr(app, "repl_gate", None)
    if gate is None or gate.state != "asked":
        return False
    previous = app.screen
    await app.show(
        Screen("ask-repl", "Open the REPL?", lines=wrap(QUESTION), keys=("Refuse", "Hold", "")),
        True,
    )
    buttons = app.board.buttons
    while True:
        app.waiting = buttons.pending() == 0
        try:
            kind, name = await buttons.get()
        finally:
            app.waiting = False
        if kind == "long" and name == "B":
            gate.state = "approved"
            app.request_exit()
            return True
        if kind == "press" and name in ("A", "C"):
            gate.state = "refused"
            break
    if previous is not None:
        await app.show(previous, True)
    return False
