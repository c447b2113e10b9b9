"""Transcript: 7 Pecados, Celestial mode, 3 players, greedy bots in seats 0 and 2; printed identically by CPython and MicroPython."""

from pecados_transcript import transcript

from shared_rules import games

transcript(
    games.load("siete-pecados", 3, **{}),
    b"tx-siete-pecados-celestial",
    "greedy,random,greedy".split(","),
)
