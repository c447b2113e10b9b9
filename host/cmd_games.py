"""`confessor games`: the games, their player counts and options."""

from shared_rules import games

HELP = "list the games, their player counts and options"


def add_arguments(parser):
    pass


def run(args):
    for name in games.names():
        cls = games.game_class(name)
        print(f"{name}: {cls.TITLE}, {cls.MIN_PLAYERS}-{cls.MAX_PLAYERS} players")
        for opt in cls.OPTIONS:
            allowed = ""
            if opt.choices is not None:
                allowed = " (" + ", ".join(str(c) for c in opt.choices) + ")"
            elif opt.low is not None and opt.off == opt.low:
                allowed = f" (off, {opt.low + 1}..{opt.high})"
            elif opt.low is not None:
                allowed = f" ({opt.low}..{opt.high})"
            print(f"  -o {opt.name}={opt.show(opt.default)}{allowed}  {opt.help}")
    return 0
