# phone_grid.py  Whether a seat's open choice is a grid of its action's fields (a keeper bid)
# MIT licence. Imported by phone_provider.py once a move, when a choice has more options
# than GRID_OVER, and unloaded after: a game in play does not keep this code in RAM. From
# the action codec alone (game.decode, game.encode) and the state's quick answers
# (num_legal_actions, iter_legal_actions, is_legal): no rules arithmetic, and no list of
# the legal actions (a keeper bid's 246 are a 2 KB block a fragmented heap may not have).


def grid_of(game, state):
    """(kind, [(field, values)]) when the state's legal actions are one kind and exactly
    every combination of two or more fields' values, each combination encoded by the
    codec from those fields alone (a derived field, a bid's total, is left out); else None."""
    count = state.num_legal_actions()
    kind = None
    values = {}
    for action in state.iter_legal_actions():
        data = game.decode(action)
        if kind is None:
            kind = data.get("kind")
        elif data.get("kind") != kind:
            return None
        for key in data:
            v = data[key]
            if key == "kind" or isinstance(v, (list, dict)):
                continue
            seen = values.get(key)
            if seen is None:
                values[key] = [v]
            elif v not in seen:
                seen.append(v)
    names = sorted(values)
    best = None
    for mask in range(1, 1 << len(names)):  # the fewest fields whose product fits
        product = 1
        for i in range(len(names)):
            if mask >> i & 1:
                product *= len(values[names[i]])
        if product == count:
            chosen = [names[i] for i in range(len(names)) if mask >> i & 1]
            if best is None or len(chosen) < len(best):
                best = chosen
    if best is None or len(best) < 2:  # one field: a list, with the rules' texts
        return None
    # every combination names a legal action, and decoding it gives the combination
    # back, so two combinations never name the same action: as many combinations as
    # actions, so the grid is exactly the legal actions
    fields = [values[key] for key in best]
    at = [0] * len(best)
    for _ in range(count):
        picked = {"kind": kind}
        for i in range(len(best)):
            picked[best[i]] = fields[i][at[i]]
        try:
            action = game.encode(picked)
        except MemoryError:
            raise  # the device's want, not the choice's shape: answered 503, found again
        except Exception:  # noqa: BLE001 - no action, or the codec needs another field
            return None
        if not state.is_legal(action):
            return None
        back = game.decode(action)
        for key in best:
            if back.get(key) != picked[key]:
                return None
        i = len(at) - 1  # the next combination, the last field fastest
        while i >= 0:
            at[i] += 1
            if at[i] < len(fields[i]):
                break
            at[i] = 0
            i -= 1
    return (kind, [(key, values[key]) for key in best])
