# table_ends.py  The screens of a game's two ends: the shuffle seal, and the end
# MIT licence. Loaded by app.py for the seal, dropped, and loaded again for the end:
# a game in play keeps none of them (table.py has the screens of play). The end: the
# public summary, each seat's result, the winners lit, the seed and the result seal.

from table import gate
from ui import Screen, wrap


async def seal_screen(s):
    """The shuffle seal: noted by the table now, checked against the seed at the end."""
    facts = ["%s, %d players" % (s.title, s.players)]
    lines = wrap(
        "Note this seal: the seed it seals is shown at the end, so anyone can check the shuffle was fair."
    )
    await s.show(
        Screen("seal", "Shuffle seal", big=s.seal, facts=facts, lines=lines, keys=("OK", "", "")),
        True,
    )
    await s.wait_key("A")


async def final(s):
    """The end: public summary, each seat's private score, the result, the seed."""
    from shared_rules.commit import hexlify

    pres = s.presenter
    seed = hexlify(s.seed)
    seed_lines = ["Seal %s. Seed:" % s.seal, seed[:32], seed[32:]]
    sealed = s.result_seal()  # the signed log's result seal, top right
    if s.abandoned:
        s.light(None)
        await s.show(
            Screen(
                "abandoned",
                s.title,
                big="Abandoned",
                lines=seed_lines,
                keys=("Menu", "", ""),
                corner=sealed,
            ),
            True,
        )
        await s.wait_key("A")
        return
    # The final view is made for each use and not held: a long game's view (set
    # decks, the rounds) is large, and the seats' gates come in between.
    await s.show(
        Screen(
            "over",
            s.title,
            big="Game over",
            lines=pres.final_public(s.view(None)),
            keys=("Scores", "", ""),
        ),
        True,
    )
    await s.wait_key("A")
    for seat in range(s.players):
        await _final_seat(s, seat, pres.final_seat(seat))
        lines = pres.final_private(seat)
        if lines is not None:
            await gate(s, seat, "your score", lines)
    lines, winners = pres.ranking(s.view(None))
    big = _winners(s, winners)
    if lines and lines[0].startswith("#"):
        big, lines = lines[0][1:], lines[1:]  # the presenter's headline, drawn large
    leds = s.app.board.leds
    for seat in range(s.players):
        leds.seat(s.table_seat(seat), "winner" if seat in winners else "off")
    leds.show()
    await s.show(
        Screen(
            "result",
            "%s: result" % s.title,
            big=big,
            lines=lines + seed_lines,
            keys=("New game", "", ""),
            corner=sealed,
        ),
        True,
    )
    await s.wait_key("A")
    s.light(None)


async def _final_seat(s, seat, lines):
    """A seat's result, public: on the table's screen, its LED lit, no pass gate."""
    if lines is None:
        return
    big = None
    if lines and lines[0].startswith("#"):
        big, lines = lines[0][1:], lines[1:]
    s.light(seat, "turn")
    await s.show(
        Screen(
            "score", "%s: %s" % (s.title, s.name(seat)), big=big, lines=lines, keys=("Next", "", "")
        )
    )
    await s.wait_key("A")


def _winners(s, winners):
    """The result's headline: who won (None when the device does not know)."""
    if not winners:
        return None
    names = [s.name(seat) for seat in winners]
    if len(names) == 1:
        return "%s wins" % names[0]
    return "%s win" % " & ".join(names)
