"""Transcript: 7 Pecados, Dante's Purgatory, 4 players, seat 3 first; printed identically by CPython and MicroPython."""

from pecados_transcript import transcript

from shared_rules import games

transcript(
    games.load("siete-pecados", 4, **{"dante": True, "first_player": 3}),
    b"tx-siete-pecados-dante",
    "random,greedy,random,greedy".split(","),
)
