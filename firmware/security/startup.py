# startup.py  What main.py does once at power-on, before the application: maintenance
# mode, orphaned games ended. Loaded once and dropped again (main.py is compiled from
# source and stays in RAM all session: what runs once lives here).


def prepare(board, store):
    """ "maintenance" when the device was started in maintenance mode (the games ended,
    the key retired: main.py returns to the REPL), else None."""
    from devkey import DeviceKey

    key = DeviceKey()
    if board.buttons.raw("A") and board.buttons.raw("C"):
        # held since power-on, before any debouncing task exists: a person with the
        # board in hand asks for the REPL (maintenance mode)
        import lockdown

        lockdown.enter_repl(board, store, key, "maintenance")
        return "maintenance"
    current = store.current()
    import guard

    if [g for g in guard.seeds_on_flash(store) if g != current]:
        # a seed whose game is no longer in progress (closed after an error) has no use
        import lockdown

        lockdown.end_all(store, key, "orphaned", keep=current)
    return None  # main.py lets go of this module, the key's and lockdown's (lifetime.py)
