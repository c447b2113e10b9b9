"""7 Pecados: the end of a game (the result, the tie-breaks, the teams' result), in a
module of its own that shared_rules/siete_pecados/rules.py imports when a game ends, so the
device does not keep this code in RAM during play (docs/rules/siete-pecados.md,
R8-R10, R17-R19). It imports nothing of the engine: the state it is given is the game.
"""

from shared_rules.siete_pecados.data import SIN_NAMES


def finish(state, supreme):
    """The game is over (`supreme`: the seat holding every sin, or -1; the engine has
    set its phase): its result and the "game_over" announcement."""
    n = state.n
    opts = state.game.options
    points = [state.points(seat) for seat in range(n)]
    sins = [state.holds(seat) for seat in range(n)]
    saints = [seat for seat in range(n) if not sins[seat]]
    result = {
        "points": points,
        "saints": saints if not state.infernal else [],
        "supreme_sinner": supreme if supreme >= 0 else None,
        "tiebreak": None,
        "teams": None,
    }
    if supreme >= 0:
        winners, decided, tie = [supreme], "supreme_sinner", None
    elif not state.infernal and saints:
        # "The player or players that end the game without any sin cards ... (saints) win."
        winners, decided, tie = saints, "saints", None
    else:
        winners, decided, tie = best_of(
            list(range(n)), points, sins, state.infernal, opts["tiebreak"]
        )
    result["winners"] = winners
    result["decided_by"] = decided
    result["tiebreak"] = tie
    if opts["teams"]:
        result["teams"] = _team_result(state, winners, decided, points, sins)
    state.result = result
    teams = result["teams"]
    state._announce(
        "game_over",
        winners=list(winners),
        decided_by=decided,
        saints=list(result["saints"]),
        team_winners=list(teams["winners"]) if teams is not None else None,
    )


def _team_result(state, winners, decided, points, sins):
    opts = state.game.options
    members = [[s for s in range(state.n) if s % 2 == t] for t in (0, 1)]
    totals = [sum([points[s] for s in members[t]]) for t in (0, 1)]
    out = {"rule": opts["team_win"], "members": members, "points": totals, "tiebreak": None}
    if opts["team_win"] == "member" or decided == "supreme_sinner":
        # The rules are those of the mode: the teams of the winning players win.
        out["winners"] = sorted(set([w % 2 for w in winners]))
        out["decided_by"] = decided
        return out
    team_sins = [sorted([x for s in members[t] for x in sins[s]]) for t in (0, 1)]
    won, decided, tie = best_of([0, 1], totals, team_sins, state.infernal, opts["tiebreak"])
    out["winners"] = won
    out["decided_by"] = decided
    out["tiebreak"] = tie
    return out


def best_of(contenders, points, sins, most_wins, rule):
    """(winners, decided_by, tiebreak) among `contenders` by points, then the sins.

    Celestial (most_wins False): fewest points; "If there is a tie, whoever has
    succumbed to the least grave sins (the sins with the lowest sin score) wins."
    Infernal (most_wins True): most points; "whoever has succumbed to the
    gravest sins (the sins with the highest sin scores) wins." rule "highest"
    compares each tied contender's gravest sin, "lowest" its least grave one.
    No two contenders hold the same sin card, so this decides every tie
    between contenders that hold sins; contenders without sins share.
    """
    best = None
    for c in contenders:
        key = points[c] if most_wins else -points[c]
        if best is None or key > best:
            best = key
    tied = [c for c in contenders if (points[c] if most_wins else -points[c]) == best]
    if len(tied) == 1:
        return tied, "points", None
    compared = []
    for c in tied:
        held = sins[c]
        if not held:
            compared.append(None)
        else:
            compared.append(held[-1] if rule == "highest" else held[0])
    if None in compared:
        return tied, "shared", None
    pick = 0
    for i in range(1, len(tied)):
        if (compared[i] > compared[pick]) == most_wins:
            pick = i
    tie = {"rule": rule, "tied": tied, "compared": [SIN_NAMES[x] for x in compared]}
    return [tied[pick]], "tiebreak", tie
