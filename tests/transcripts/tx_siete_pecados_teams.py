"""Transcript: 7 Pecados, the team variant, 3 vs 3 in Infernal mode, team totals; printed identically by CPython and MicroPython."""

from pecados_transcript import transcript

from shared_rules import games

transcript(
    games.load("siete-pecados", 6, **{"mode": "infernal", "teams": True, "team_win": "total"}),
    b"tx-siete-pecados-teams",
    "greedy,random,greedy,random,greedy,random".split(","),
)
