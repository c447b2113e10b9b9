"""Every number a view shows a person is named (portable: CPython and MicroPython).

The phone page renders view(seat) for a person (docs/phones.md): a card, a sin, a room or
a seat must reach it as its name, not as the code the rules keep. Each game says how in
view_names() (shared_rules/game.py); these tests walk every view of a whole game (every
seat's and the table's, at every move) and check that each number is named as said (a
code inside its names, a list one entry per name or seat, a seat a seat) or is one of
the quantities listed here, by hand, from each game's rules (a count, points, a round).
A new number in a view that nobody named fails here.
"""

from shared_rules import games
from shared_rules.game import CHANCE, SEATS
from shared_rules.rng import Stream

SIN_NAMES = ("Pride", "Greed", "Lust", "Envy", "Wrath", "Sloth", "Gluttony")

# What each game's views count (not codes): a count, a score, a round, a limit.
QUANTITIES = {
    "seven-sins": (
        "abyss_cards",
        "abyss_points",
        "cards",
        "total",
        "types",
        "threshold",
        "to_place",
        "judgments",
        "judgments_of",
        "stones_left",
        "stones",
    )
    + SIN_NAMES,  # scoring: points and cards by sin name
    "siete-pecados": ("cube_pile", "deck", "eliminated", "left"),
    "new-rule": (
        "damned_limit",
        "legal_set_count",
        "points",
        "reserve",
        "round",
        "round_limit",
        "set_aside",
        "target",
    ),
    "mea-culpa-keeper": (
        "bids[]",  # a seat's bid: notches and taler
        "bid_notches",
        "bid_taler",
        "bids_made",
        "deck",
        "reshuffles",
        "round",
        "rounds",
    ),
}


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


class Checker:
    def __init__(self, name, game):
        self.name = name
        self.players = game.num_players
        self.names = game.view_names()
        self.seen = {}  # key -> how it was checked: what the walk met

    def _code(self, key, x):
        names = self.names["codes"][key]
        assert x < 0 or (x < len(names) and names[x] and names[x] != "-"), (self.name, key, x)

    def _seat(self, key, x):
        assert x < self.players, (self.name, key, x)  # negative: nobody

    def _number(self, key, x):
        if key in self.names["codes"]:
            self._code(key, x)
        elif key in self.names["seats"]:
            self._seat(key, x)
        else:
            assert key in QUANTITIES[self.name], "%s: %s = %r is named nowhere" % (
                self.name,
                key,
                x,
            )
        self.seen[key] = True

    def walk(self, value, key=""):
        if key in self.names["skip"] or value is None or isinstance(value, (bool, str)):
            return
        if _is_int(value):
            self._number(key, value)
        elif isinstance(value, dict):
            for k in sorted(value):
                self.walk(value[k], k)
        elif isinstance(value, list) and key in self.names["fields"]:
            # a record: each position read as the key that names it
            fields = self.names["fields"][key]
            assert len(value) in (0, len(fields)), (self.name, key, value)
            for i in range(len(value)):
                self.walk(value[i], fields[i])
            self.seen[key] = self.seen.get(key) or len(value) > 0
        elif isinstance(value, list):
            per = self.names["per"].get(key)
            if per is not None:
                want = self.players if per == SEATS else len(per)
                assert len(value) == want, (self.name, key, value)
                self.seen[key] = True
            for item in value:
                if per is not None and _is_int(item) and key not in self.names["codes"]:
                    if key in self.names["seats"]:
                        self._seat(key, item)
                    continue  # an entry of a per-list: a quantity of that name
                # an entry of a per-list that is a list itself is read as key + "[]"
                self.walk(item, key + "[]" if per is not None and isinstance(item, list) else key)


def play_views(name, players, options, limit):
    """A whole game (or `limit` moves) chosen by a SHA-256 stream, every view walked."""
    game = games.load(name, players, **options)
    check = Checker(name, game)
    state = game.new_initial_state()
    stream = Stream(b"view-names", name)
    moves = 0
    while True:
        check.walk(state.view(None))
        for seat in range(players):
            check.walk(state.view(seat))
        if state.is_terminal() or moves >= limit:
            break
        if state.current_player() == CHANCE:
            action = stream.weighted(state.chance_outcomes())
        else:
            legal = state.legal_actions()
            action = legal[stream.below(len(legal))]
        state.apply(action)
        moves += 1
    return check, state


def test_seven_sins_names_its_cards_sins_and_decks():
    check, state = play_views("seven-sins", 4, {}, 1000)
    assert state.is_terminal()
    names = check.names
    # the rulebook's own words for what the centre and the opening card hold: cards
    assert names["codes"]["opening"][7] == "Last Judgment"
    assert names["codes"]["centre"][8] == "Penance Pride"
    assert names["per"]["decks"] == ("Hell I", "Hell II", "Hell III", "Penance cards")
    for key in ("opening", "centre", "sins", "decks", "winners", "order"):
        assert check.seen.get(key), key


def test_siete_pecados_names_its_lists_by_sin_and_seat():
    check, state = play_views("siete-pecados", 4, {}, 2000)
    assert state.is_terminal()
    assert list(check.names["per"]["centre"]) == state.view(None)["sin_names"]
    for key in ("holder", "centre", "hands", "points", "saints", "winners"):
        assert check.seen.get(key), key


def test_new_rule_names_its_seats_and_keeps_action_codes_off_the_page():
    check, state = play_views("new-rule", 3, {"target": 100}, 600)
    assert "action" in check.names["skip"]
    for key in ("scores", "hand_counts", "to_move", "first_player"):
        assert check.seen.get(key), key


def test_mea_culpa_keeper_names_stones_characters_rooms_and_cards():
    check, state = play_views("mea-culpa-keeper", 4, {"rounds": 2}, 2000)
    assert state.is_terminal()
    names = check.names
    assert names["per"]["bag"] == ("bread", "wine", "cloth", "jewel", "indulgence")
    assert names["per"]["characters"] == ("Pope", "Emperor", "Merchant", "Petty Sinner")
    assert names["codes"]["die"][5] == "suite 5" and names["codes"]["die"][3] == "room 3"
    for key in ("bag", "market", "characters", "rooms", "hell", "die", "open_rooms"):
        assert check.seen.get(key), key
    # the last incognito visit, read position by position (the walk met one)
    assert names["fields"]["pope_visit"] == ("pope", "die", "guess", "caught")
    assert check.seen.get("pope_visit") and check.seen.get("guess") and check.seen.get("caught")


def test_a_record_of_the_wrong_length_is_caught():
    check = Checker("mea-culpa-keeper", games.load("mea-culpa-keeper", 3))
    check.walk({"pope_visit": [0, 3, 3, 1]})
    try:
        check.walk({"pope_visit": [0, 3, 3]})
    except AssertionError:
        return
    raise AssertionError("a short record passed")


def test_a_number_named_nowhere_is_caught():
    # the check itself: a view with a code nobody named fails
    check = Checker("seven-sins", games.load("seven-sins", 2))
    try:
        check.walk({"a_new_code": 3})
    except AssertionError:
        return
    raise AssertionError("an unnamed number passed")
