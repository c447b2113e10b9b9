# present_siete_pecados_end.py  The end of a game of 7 Pecados: why it ended, points, teams
# MIT licence. Imported by present_siete_pecados.py only when the game is over, so its code
# is not in RAM during play. Every fact comes from view["result"] (the rules decide
# winners, tie-breaks and the team result; docs/rules/siete-pecados.md, R8-R10, R17-R19).

from ui import wrap


def _why(p, result, infernal):
    by = result["decided_by"]
    if by == "saints":
        return "Saints (no sin) win"
    if by == "supreme_sinner":
        return "%s holds all 7 sins" % p.name(result["supreme_sinner"])
    if by == "shared":
        return "A tie without sins: shared"
    most = "Most" if infernal else "Fewest"
    if by == "points":
        return "%s sin points wins" % most
    tie = result["tiebreak"]
    return "Tie on points: the %s sins win (%s: %s)" % (
        "gravest" if infernal else "least grave",
        tie["rule"],
        " vs ".join(tie["compared"]),
    )


def final_public(p, view):
    """The "Game over" lines: why it ended, each seat's points and sins, the teams."""
    result = view["result"]
    lines = wrap(_why(p, result, view["mode"] == "infernal"))
    for seat in range(len(result["points"])):
        lines += wrap(
            "%s%s %d pts: %s"
            % (
                p.name(seat),
                p.team(view, seat),
                result["points"][seat],
                p.held(view, seat) or "saint",
            )
        )
    teams = result["teams"]
    if teams is not None:
        for t in range(len(teams["members"])):
            lines.append(
                "Team %s %d pts%s"
                % ("AB"[t], teams["points"][t], "  WINS" if t in teams["winners"] else "")
            )
    return lines


def ranking(p, view):
    """(lines, winning seats): with teams, every member of a winning team."""
    result = view["result"]
    teams = result["teams"]
    lines = wrap(_why(p, result, view["mode"] == "infernal"))
    winners = list(result["winners"])
    if teams is not None:
        winners = []
        for t in teams["winners"]:
            winners += teams["members"][t]
            lines.append(
                "Team %s wins: %s" % ("AB"[t], " ".join([p.name(m) for m in teams["members"][t]]))
            )
        if teams["rule"] == "total":
            lines.append("By team totals: %s" % teams["decided_by"])
    for seat in range(len(result["points"])):
        lines.append(
            "%s%s %d pts%s"
            % (
                p.name(seat),
                p.team(view, seat),
                result["points"][seat],
                "  WINNER" if seat in winners else "",
            )
        )
    return lines, sorted(winners)
