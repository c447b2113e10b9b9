"""Shared CLI helpers: choosing a game and its options from the command line."""

from __future__ import annotations

import argparse

from shared_rules import games


def add_game_arguments(parser: argparse.ArgumentParser, default_players: int | None = None):
    parser.add_argument("game", help="game name (see `confessor games`)")
    parser.add_argument(
        "-p",
        "--players",
        type=int,
        default=default_players,
        help="number of players (default: the game's smallest)",
    )
    parser.add_argument(
        "-o",
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option, repeatable (see `confessor games`)",
    )


def load_game(args: argparse.Namespace):
    """The Game the arguments describe; raises BadOption with a clear message."""
    options = {}
    for item in args.option:
        if "=" not in item:
            raise games.BadOption(f"option {item!r} must look like NAME=VALUE")
        key, value = item.split("=", 1)
        options[key.strip().replace("-", "_")] = value.strip()
    return games.load(args.game, args.players, **options)
