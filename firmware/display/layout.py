# layout.py  Wordings that fit: what a presenter uses to build a readable Screen
# MIT licence. ui.Screen says what a screen holds, by importance (title, big fact, facts,
# choices, details, soft keys) and ui.Painter places it; these helpers choose the words,
# so no presenter measures pixels and a 10-letter seat name never breaks a line:
#
#   headline(*wordings)   THE fact: the first wording that fits one line of large type
#                          ("Maximilian's turn" fits; give a shorter one after it anyway)
#   fact(*wordings)        the first that fits one line of medium type (facts, choices)
#   packed(parts, size)    short parts ("P1 4", "P2 7") set side by side in lines of a
#                          size, never split inside a part: per-seat facts, tallies
#   tally(pairs)           [(2, "bread"), (3, "wine")] -> "2<bread> 3<wine>" in symbols,
#                          tight enough for one line of large type where it can be
#   symbol(name)           the character of a drawn symbol ("" if none): the seven sins
#                          (lower case), bread wine cloth jewel indulgence, taler, room,
#                          clubs diamonds hearts spades (writer.SYMBOLS lists them)
#
# Where to put things (docs/device.md, "Writing a presenter"): the one fact the table
# looks for in big=; what a player weighs before choosing in items= (with a symbol in
# front where one exists); everything else in lines= (on a list screen the Painter
# moves details that would squeeze the list onto pages after its last item, reached
# with DOWN, in medium type), never in small print on page one.

import writer
from ui import clip_to, fits

symbol = writer.symbol  # symbol(name): its character, "" if none


def headline(*wordings):
    """The first wording that fits one line of large type (else the last: the Painter
    sets a big fact that does not fit in two lines of large type, or in medium)."""
    for text in wordings:
        if fits(text, "large"):
            return text
    return wordings[-1]


def fact(*wordings):
    """The first wording that fits one line of medium type as a fact or a choice
    (else the last, clipped with "~": a list item is never wrapped)."""
    for text in wordings:
        if fits(text, "medium", 288):  # a list item's room: the list is indented
            return text
    return clip_to(wordings[-1], "medium", 288)


def packed(parts, size="medium"):
    """Parts set side by side, two spaces apart, in lines no wider than the screen:
    a part never breaks over two lines (one wider than a line is wrapped by the Painter)."""
    lines = []
    line = ""
    for part in parts:
        candidate = line + "  " + part if line else part
        if line and not fits(candidate, size):
            lines.append(line)
            line = part
        else:
            line = candidate
    if line:
        lines.append(line)
    return lines


def counted(counts, names):
    """Counts in words, "3 Pride, 1 Wrath", zero counts left out; "none" for nothing."""
    parts = []
    for k in range(len(counts)):
        if counts[k]:
            parts.append("%d %s" % (counts[k], names[k]))
    return ", ".join(parts) or "none"


def tally(pairs, size="large"):
    """Counts and their symbols, "2<bread> 3<wine>", zero counts left out: spaced when
    that fits one line in `size`, else set tight."""
    parts = ["%d%s" % (n, symbol(name)) for n, name in pairs if n]
    spaced = " ".join(parts)
    return spaced if fits(spaced, size) else "".join(parts)
