"""Transcript: Hidden Pair games, printed identically by CPython and MicroPython."""

from hidden_pair import HiddenPair

from shared_rules import playthrough

for i in range(4):
    playthrough.write(HiddenPair(ante=1 + i % 2), ("transcript-%d" % i).encode())
    print("=" * 20)
