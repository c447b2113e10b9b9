"""`confessor run`: the main job of `make run`."""

HELP = "the main job of `make run`"


def add_arguments(parser):
    pass


def run(args):
    from host.simulate import simulate
    from shared_rules import games

    for name in games.names():
        game = games.load(name)
        stats = simulate(game, ["random"] * game.num_players, 200, "make-run")
        print(f"{name}: 200 random games, mean length {stats['mean_length']:.1f} actions")
    return 0
