# lockdown.py  Before maintenance mode's prompt: unfinished games ended, the signing key
# retired, the table told; and the games a power-on finds orphaned, ended.
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
        game = games.load_on_board(head["game"], head["players"], **head["options"])
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
    import lifetime

    out = []
    for game_id in seeds_on_flash(store):
        if game_id == keep:
            continue
        lifetime.collect()  # each game's replay on the heap the last one left
        out.append((game_id, end_game(store, key, game_id, why)))
    return out


def enter_repl(board, store, key, why="maintenance"):
    """Everything that must happen before maintenance mode's prompt (A and C held at
    power-on, the only way to it): games ended, key retired, the table told. Ctrl-C
    stays held off: main.py allows it as it returns."""
    hold_ctrl_c()
    ended = []
    if store is not None:
        try:
            ended = end_all(store, key, why)
        except Exception:  # noqa: BLE001 - the key is retired whatever happens
            ended = []
    key.retire()
    lines = ["A and C were held at power-on."]
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
