"""The games the generic tests check (tests/rules/): every game of the catalogue and the
kernel's own test game. Games other test files register for their own use (the coin flips
of the statistics tests, Secret Guess of the search bot's) are theirs: what a generic test
checks must not depend on which test files were collected before it."""

from shared_rules import games

games.register("hidden-pair", "hidden_pair", "HiddenPair")
TEST_GAMES = ("hidden-pair",)


def names():
    """The names, sorted."""
    return [
        n
        for n in games.names()
        if n in TEST_GAMES or games.engine_of(n)[0].startswith("shared_rules.")
    ]
