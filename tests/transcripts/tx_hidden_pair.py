"""Transcript: Hidden Pair games, printed identically by CPython and MicroPython."""

from hidden_pair import HiddenPair

from shared_rules.laptop import playthrough

for i in range(4):
    for line in playthrough.lines(HiddenPair(ante=1 + i % 2), ("transcript-%d" % i).encode()):
        print(line)
    print("=" * 20)
