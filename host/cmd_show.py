"""`confessor show`: a game's timeline and result."""

from host.errors import CliError
from host.logtools import add_db_argument, load_log, result_lines, seat_names, timeline

HELP = "print a synced game's timeline and result (GAME id or a log FILE)"


def add_arguments(parser):
    parser.add_argument("log", metavar="GAME", help="a GAME id (or prefix) or a log FILE")
    add_db_argument(parser)


def run(args):
    from shared_rules import gamelog, games
    from shared_rules.game import RulesError

    label, data = load_log(args, args.log)
    try:
        report = gamelog.verify(data, games.load_described)
    except RulesError as err:
        raise CliError("%s does not verify, so it is not shown: %s" % (label, err)) from None
    except (KeyError, TypeError, ValueError) as err:
        raise CliError("%s is a malformed log, so it is not shown (%s)" % (label, err)) from None
    head = report["head"]
    game = report["game"]
    names = seat_names(head, game.num_players)
    options = ", ".join("%s=%s" % (k, head["options"][k]) for k in sorted(head["options"]))
    print(
        "game %s: %s, %d players%s"
        % (head["id"], head["game"], head["players"], " (%s)" % options if options else "")
    )
    print("seal %s   commitment %s" % (head.get("seal"), head["commit"]))
    for key in sorted(head):
        if key in ("t", "v", "id", "game", "players", "options", "commit", "seal", "seats"):
            continue
        print("%s: %s" % (key, head[key]))
    print("seats: %s" % ", ".join(names))
    print()
    for line in timeline(report):
        print(line)
    print()
    if report["abandoned"]:
        print("abandoned after %d actions" % len(report["actions"]))
    result = None if report["abandoned"] else report["state"].view(None).get("result")
    if isinstance(result, dict):
        for line in result_lines(result, names):
            print(line)
        print()
    returns = report["state"].returns()
    best = max(returns)
    for seat, value in enumerate(returns):
        mark = "  <- winner" if value == best and not report["abandoned"] else ""
        print("%-12s %+d%s" % (names[seat], value, mark))
    print("verified: seed matches the commitment, every action legal and every draw the seed's")
    return 0
