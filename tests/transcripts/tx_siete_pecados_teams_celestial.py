"""Transcript: 7 Pecados, the team variant, 2 vs 2 in Celestial mode; printed identically by CPython and MicroPython."""

from pecados_transcript import transcript

from shared_rules import games

transcript(
    games.load("siete-pecados", 4, **{"teams": True}),
    b"tx-siete-pecados-teams_celestial",
    "random,greedy,random,greedy".split(","),
)
