"""Bots by name, for the laptop: the game's own bots plus the search bot.

`random` and the bots a game lists (shared_rules.laptop.driver.make_bot), and
`ismcts` (host/ismcts.py) for every game, with its budget a decision in
iterations as `ismcts:N` (default DEFAULT_ITERATIONS), or in CPU seconds as
`ismcts:time=1s` (or `time=250ms`).
"""

from __future__ import annotations

from host.ismcts import DEFAULT_ITERATIONS, SearchBot
from shared_rules.game import BadOption
from shared_rules.laptop import driver

SEARCH = "ismcts"
MAX_ITERATIONS = 1_000_000  # a decision of minutes: more is a typo, not a plan
MAX_SECONDS = 600  # ten minutes a decision: more is a typo, not a plan


def bot_names(game) -> list[str]:
    """Every bot name this game accepts (ismcts:N aside)."""
    return ["random"] + [b[0] for b in game.BOTS] + [SEARCH]


def check_bot_name(game, name: str) -> None:
    """Raise BadOption with a clear line for a name no bot answers to."""
    make_bot(game, name, b"check", 0)


def _seconds(name: str, text: str) -> float:
    """The CPU seconds of `time=1s`, `time=1.5s` or `time=250ms`."""
    number, unit = (text[:-2], 1e-3) if text.endswith("ms") else (text[:-1], 1.0)
    digits = number.replace(".", "", 1)
    if not (text.endswith("s") and digits.isascii() and digits.isdigit() and len(digits) <= 9):
        raise BadOption(
            f"bot {name!r}: the search time is CPU time a decision, as in ismcts:time=1s "
            "or ismcts:time=250ms"
        )
    seconds = float(number) * unit
    if seconds <= 0 or seconds > MAX_SECONDS:
        raise BadOption(
            f"bot {name!r}: the search time is more than 0 and at most {MAX_SECONDS} s a decision"
        )
    return seconds


def _search(game, name: str, seed: bytes, bot: SearchBot) -> SearchBot:
    """The search bot, if its rollouts end: a guide that cuts them off (New Rule's,
    at the end of a round) always ends them; rollouts to the end need a game that
    always ends."""
    if bot.guide.horizon == 0 and game.max_game_length() is None:
        raise BadOption(
            f"bot {name!r} needs a game that always ends, and {game.NAME} with these"
            " options may never end (give it a round limit)"
        )
    return bot


def make_bot(game, name: str, seed: bytes, seat: int):
    if name == SEARCH or name.startswith(SEARCH + ":"):
        budget = name[len(SEARCH) + 1 :] if ":" in name else str(DEFAULT_ITERATIONS)
        if budget.startswith("time="):
            bot = SearchBot(game, seed, seat, None, seconds=_seconds(name, budget[5:]))
            return _search(game, name, seed, bot)
        if not (budget.isascii() and budget.isdigit()) or int(budget) < 1:
            raise BadOption(
                f"bot {name!r}: the search budget is a whole number of iterations, as in "
                "ismcts:200, or CPU time, as in ismcts:time=1s"
            )
        if len(budget) > 7 or int(budget) > MAX_ITERATIONS:
            raise BadOption(
                f"bot {name!r}: the search budget is at most {MAX_ITERATIONS} iterations a decision"
            )
        return _search(game, name, seed, SearchBot(game, seed, seat, int(budget)))
    try:
        return driver.make_bot(game, name, seed, seat)
    except BadOption:
        raise BadOption(
            f"no bot {name!r} for {game.NAME} (bots: {', '.join(bot_names(game))}, "
            f"or ismcts:N for a search of N iterations, ismcts:time=1s for one of 1 s a move)"
        ) from None
