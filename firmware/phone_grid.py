# phone_grid.py  Whether a seat's open choice is a grid of its action's fields (a keeper bid)
# MIT licence. Imported by phone_provider.py once a move, when a choice has more options
# than GRID_OVER, and unloaded after: a game in play does not keep this code in RAM. From
# the action codec alone (game.decode, game.encode): no rules arithmetic.


def grid_of(game, legal):
    """(kind, [(field, values)]) when the actions are one kind and exactly every
    combination of two or more fields' values, each combination encoded by the codec
    from those fields alone (a derived field, a bid's total, is left out); else None."""
    kind = None
    values = {}
    for action in legal:
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
        if product == len(legal):
            chosen = [names[i] for i in range(len(names)) if mask >> i & 1]
            if best is None or len(chosen) < len(best):
                best = chosen
    if best is None or len(best) < 2:  # one field: a list, with the rules' texts
        return None
    # every combination names a legal action, each a different one: as many
    # combinations as actions, so the grid is exactly the legal actions
    fields = [values[key] for key in best]
    at = [0] * len(best)
    named = bytearray(len(legal))
    for _ in range(len(legal)):
        picked = {"kind": kind}
        for i in range(len(best)):
            picked[best[i]] = fields[i][at[i]]
        try:
            i = legal.index(game.encode(picked))
        except MemoryError:
            raise  # the device's want, not the choice's shape: answered 503, found again
        except Exception:  # noqa: BLE001 - not legal, or the codec needs another field
            return None
        if named[i]:
            return None
        named[i] = 1
        i = len(at) - 1  # the next combination, the last field fastest
        while i >= 0:
            at[i] += 1
            if at[i] < len(fields[i]):
                break
            at[i] = 0
            i -= 1
    return (kind, [(key, values[key]) for key in best])
