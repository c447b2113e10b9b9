"""Transcript: 7 Pecados, Infernal mode, 4 players (cancels, centre draws paid with cubes); printed identically by CPython and MicroPython."""

from pecados_transcript import transcript

from shared_rules import games

transcript(
    games.load("siete-pecados", 4, **{"mode": "infernal"}),
    b"tx-siete-pecados-infernal",
    "greedy,random,greedy,random".split(","),
)
