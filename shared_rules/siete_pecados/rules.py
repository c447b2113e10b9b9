"""7 Pecados (Hugo Jimenez, Venatus Ediciones 2017) for 2 to 6 players.

All four ways to play: Celestial mode (default), Dante's Purgatory (Celestial
only), Infernal mode, and the team variant "Let's Sin Together" in either
mode. Every reading chosen where the rulebook is unclear, the action codec,
the view and the announcements are documented in docs/rules/siete-pecados.md.

Seats are numbered clockwise: the next player, and "the player on the left",
is seat + 1 (mod n). Sins are 0..6 in score order (Lust 1 .. Pride 7, sin s
scores s + 1); card codes are 0..6 for the temptation card of sin s and 7 for
an angel/demon card.

Chance is explicit: dealing or drawing a card is a CARD + code action weighted
by the copies left in the deck, observed only by the receiver. A card sent to
the limbo is a public step (TO_LIMBO: a faith cube paid) then a secret one
(LIMBO_CARD + code: which card, observed only by its player).

Units: a card in a hand is [code, origin, known]: origin is the history index
of the chance action that dealt or drew it (so resample() can rewrite the
history of a card another seat has not seen), known is 1 once the whole table
has seen it in that hand (an Infernal cancel). A limbo card is
[code, placer, origin, placed_at].
"""

from shared_rules.game import (
    CHANCE,
    SEATS,
    TERMINAL,
    BadOption,
    Game,
    IllegalAction,
    State,
    from_entry,
)
from shared_rules.siete_pecados import data as D
from shared_rules.siete_pecados import entry as ENTRY

NUM_SINS = D.NUM_SINS
SIN_NAMES = D.SIN_NAMES
ANGEL_DEMON = 7  # card code
NUM_CARDS = 8
CARD_NAMES = SIN_NAMES + ("Angel/Demon",)
NOBODY = -1  # the holder of a sin card in the centre of the table
FACE_DOWN = D.TEMPTATIONS_PER_SIN  # a centre deck of all 6 is turned face down

CELESTIAL = ENTRY.CELESTIAL
INFERNAL = ENTRY.INFERNAL

# -- actions (docs/rules/siete-pecados.md, "Actions") ---------------------------
DRAW_DECK = 0  # draw from the temptation deck (when a centre draw is possible too)
DRAW_CENTRE = 10  # +sin: draw from that sin's centre deck; the card goes on its sin card
TEMPT = 20  # +sin: play a temptation card from the hand
TO_LIMBO = 30  # pay a faith cube to send a card face down to the limbo (Celestial)
LIMBO_CARD = 31  # +card: the card sent (secret: only its player sees it)
ELIMINATE = 40  # eliminate an angel/demon card from the game for a faith cube
PROTECT_YOURSELF = 41  # Celestial angel
UNPROTECT_YOURSELF = 42  # Infernal demon
UNPROTECT_OTHERS = 50  # +target: Celestial demon
PROTECT_OTHERS = 60  # +target: Infernal angel
FORGIVE = 70  # +sin: Infernal angel
FLAGELLATE = 80  # +sin: Infernal demon (Flagellate Yourself)
CLEANSE = 100  # +sin*10+target: Celestial angel (Cleanse Your Soul)
INFLUENCE = 200  # +sin*10+target: Celestial demon (Influence Others)
PASS = 300  # Infernal: let the declared play stand
CANCEL = 301  # Infernal: pay a faith cube to cancel it
CARD = 400  # +card: chance, the card dealt or drawn

# favour name -> (title, side, action base, takes a sin, takes a target)
FAVOURS = {}
for _name, _title, _side in D.CELESTIAL_FAVOURS + D.INFERNAL_FAVOURS:
    FAVOURS[_name] = (_title, _side)
_BASES = (
    ("protect_yourself", PROTECT_YOURSELF, False, False),
    ("unprotect_yourself", UNPROTECT_YOURSELF, False, False),
    ("unprotect_others", UNPROTECT_OTHERS, False, True),
    ("protect_others", PROTECT_OTHERS, False, True),
    ("forgive", FORGIVE, True, False),
    ("flagellate_yourself", FLAGELLATE, True, False),
    ("cleanse_your_soul", CLEANSE, True, True),
    ("influence_others", INFLUENCE, True, True),
)

# -- phases -----------------------------------------------------------------
DEAL = "deal"  # chance: the opening hands
DRAW = "draw"  # the turn's player chooses the deck or a centre deck
DRAWING = "drawing"  # chance: the card drawn from the deck
PLAY = "play"  # the turn's player plays a card (or sends one to the limbo)
CHOOSE_LIMBO = "to_limbo"  # the turn's player chooses the card for the limbo (secret)
LIMBO_PLAY = "limbo"  # an angel/demon card dealt from the limbo awaits its receiver
CANCELLING = "cancel"  # Infernal: the seats in the window may cancel the declared play
OVER = "over"

_MAX_CENTRE_DRAWS = 7 + 2 * D.CUBES + 4 * D.DECK_SIZE  # see max_game_length()
_HISTORY_ROOM = 320  # slots: a 6-player Infernal game driven on the device takes about 200 moves


def score(s):
    """The sin points of sin s (Lust 1 .. Pride 7)."""
    return s + 1


def sin_index(name):
    """The index of a sin named in the codec (exact name); raises IllegalAction."""
    for s in range(NUM_SINS):
        if SIN_NAMES[s] == name:
            return s
    raise IllegalAction("no sin called %r" % (name,))


def adjacent(s, t):
    """Dante's Purgatory: sins scored one apart are neighbours, 7 and 1 too."""
    d = (s - t) % NUM_SINS
    return d == 1 or d == NUM_SINS - 1


def decode(action):
    """An action code as plain data (see docs/rules/siete-pecados.md, "Actions")."""
    if not isinstance(action, int) or isinstance(action, bool):
        raise IllegalAction("%r is not a 7 Pecados action" % (action,))
    if action == DRAW_DECK:
        return {"kind": "draw", "source": "deck", "sin": None}
    if DRAW_CENTRE <= action < DRAW_CENTRE + NUM_SINS:
        return {"kind": "draw", "source": "centre", "sin": SIN_NAMES[action - DRAW_CENTRE]}
    if TEMPT <= action < TEMPT + NUM_SINS:
        return {"kind": "tempt", "sin": SIN_NAMES[action - TEMPT]}
    if action == TO_LIMBO:
        return {"kind": "to_limbo"}
    if LIMBO_CARD <= action < LIMBO_CARD + NUM_CARDS:
        return {"kind": "limbo_card", "card": CARD_NAMES[action - LIMBO_CARD]}
    if action == ELIMINATE:
        return {"kind": "eliminate"}
    if action == PASS:
        return {"kind": "pass"}
    if action == CANCEL:
        return {"kind": "cancel"}
    if CARD <= action < CARD + NUM_CARDS:
        return {"kind": "card", "card": CARD_NAMES[action - CARD]}
    name, s, t = favour_parts(action)
    return {
        "kind": "favour",
        "favour": name,
        "side": FAVOURS[name][1],
        "sin": SIN_NAMES[s] if s >= 0 else None,
        "target": t if t >= 0 else None,
    }


def favour_parts(action):
    """(favour name, sin, target) of a favour action, -1 for a sin or target
    it does not take; raises IllegalAction for any other action."""
    for name, base, takes_sin, takes_target in _BASES:
        if takes_sin and takes_target:
            v = action - base
            if 0 <= v < 100 and v // 10 < NUM_SINS and v % 10 < ENTRY.MAX_PLAYERS:
                return (name, v // 10, v % 10)
        elif takes_sin:
            if base <= action < base + NUM_SINS:
                return (name, action - base, -1)
        elif takes_target:
            if base <= action < base + ENTRY.MAX_PLAYERS:
                return (name, -1, action - base)
        elif action == base:
            return (name, -1, -1)
    raise IllegalAction("%r is not a 7 Pecados action" % (action,))


def favour_action(name, s=-1, t=-1):
    """The action code of a favour (-1: no sin, no target); raises IllegalAction
    for a malformed one."""
    for fav, base, takes_sin, takes_target in _BASES:
        if fav != name:
            continue
        if takes_sin != (s >= 0) or takes_target != (t >= 0):
            raise IllegalAction("favour %s takes %s" % (name, _takes(takes_sin, takes_target)))
        if takes_sin and takes_target:
            return base + s * 10 + t
        return base + max(s, t, 0)
    raise IllegalAction("no favour called %r" % (name,))


def _takes(takes_sin, takes_target):
    if takes_sin and takes_target:
        return "a sin and a target"
    if takes_sin:
        return "a sin and no target"
    if takes_target:
        return "a target and no sin"
    return "neither a sin nor a target"


def _card_index(name):
    for c in range(NUM_CARDS):
        if CARD_NAMES[c] == name:
            return c
    raise IllegalAction("no card called %r" % (name,))


def encode(data, players=ENTRY.MAX_PLAYERS):
    """The inverse of decode(); raises IllegalAction for data naming no action."""
    if not isinstance(data, dict):
        raise IllegalAction("an action is a dict with a kind, not %r" % (data,))
    kind = data.get("kind")
    if kind == "draw":
        if data.get("source") == "deck":
            return DRAW_DECK
        if data.get("source") == "centre":
            return DRAW_CENTRE + sin_index(data.get("sin"))
        raise IllegalAction("a draw's source is deck or centre, not %r" % (data.get("source"),))
    if kind == "tempt":
        return TEMPT + sin_index(data.get("sin"))
    if kind == "to_limbo":
        return TO_LIMBO
    if kind == "limbo_card":
        return LIMBO_CARD + _card_index(data.get("card"))
    if kind == "eliminate":
        return ELIMINATE
    if kind == "pass":
        return PASS
    if kind == "cancel":
        return CANCEL
    if kind == "card":
        return CARD + _card_index(data.get("card"))
    if kind == "favour":
        name = data.get("favour")
        sin = data.get("sin")
        s = sin_index(sin) if sin is not None else -1
        t = data.get("target")
        if t is None:
            t = -1
        elif not isinstance(t, int) or isinstance(t, bool) or t < 0 or t >= players:
            raise IllegalAction("no seat %r in a %d-player game" % (t, players))
        return favour_action(name, s, t)
    raise IllegalAction("7 Pecados has no action %r" % (data,))


@from_entry(ENTRY)
class SietePecados(Game):
    SUMMARY = (
        ("points%d", "sin points at the end"),
        ("turns", "turns played"),
        ("sins", "times a player sinned (a second temptation card)"),
        ("relapses", "relapses (a second temptation on one's own sin)"),
        ("limbo_deals", "times the limbo cards were dealt out"),
        ("cancels", "plays cancelled with a faith cube"),
        ("face_down", "sins whose six temptation cards lay face down at the end"),
        ("saint_wins", "did the saints win?"),
        ("supreme_sinner", "did a Supreme Sinner win?"),
        ("tiebreak", "did the sins break a tie on points?"),
    )
    ROUND = "as many turns as there are players"
    STANDING = "sin points"

    def _check_options(self):
        o = self.options
        n = self.num_players
        if o["first_player"] >= n:
            raise BadOption(
                "first_player must be a seat from 0 to %d, not %d" % (n - 1, o["first_player"])
            )
        self.infernal = o["mode"] == INFERNAL
        if o["dante"] and self.infernal:
            raise BadOption(
                "Dante's Purgatory is a Celestial variant: it cannot be applied to Infernal mode"
            )
        if o["teams"] and n not in (4, 6):
            raise BadOption("teams play 2 vs 2 or 3 vs 3: 4 or 6 players, not %d" % n)
        if o["team_win"] != "member" and not o["teams"]:
            raise BadOption("option team_win applies only with teams=yes")
        self.relapse_refused = o["centre_relapse"] == "refused"  # R4, read at every turn
        if o["cancels"] != "each_player" and not self.infernal:
            raise BadOption("option cancels applies only to mode=infernal")
        if o["centre_relapse"] == "face_up" and not self.infernal:
            # with free centre draws, two sinners could draw and relapse for ever
            raise BadOption(
                "centre_relapse=face_up applies only to mode=infernal, where every centre"
                " draw costs a faith cube; in Celestial mode nothing would end the"
                " draw-and-relapse loop"
            )

    def team(self, seat):
        """The team of a seat (teammates sit in alternate seats), or None."""
        return seat % 2 if self.options["teams"] else None

    def teams(self):
        """Each seat's team with teams=yes ("Let's Sin Together"), else None."""
        if not self.options["teams"]:
            return None
        return [s % 2 for s in range(self.num_players)]

    def view_names(self):
        """Cards are named in the view already; its lists run one entry per sin (in
        sin_names order) or per seat."""
        return {
            "codes": {},
            "per": {
                "holder": SIN_NAMES,
                "tempted": SIN_NAMES,
                "centre": SIN_NAMES,
                "centre_down": SIN_NAMES,
                "face_down": SIN_NAMES,
                "hands": SEATS,
                "cubes": SEATS,
                "protected": SEATS,
                "sins": SEATS,
                "points": SEATS,
                "known": SEATS,
                "teams": SEATS,
            },
            "seats": [
                "seat",
                "to_move",
                "turn",
                "holder",
                "saints",
                "placed_by",
                "cancel_window",
                "cancellers",
                "sinner",
                "next",
                "receiver",
                "winners",
                "supreme_sinner",
            ],
            "skip": [],
            "fields": {},
        }

    def decode(self, action):
        return decode(action)

    def encode(self, data):
        return encode(data, self.num_players)

    def new_initial_state(self):
        return SietePecadosState(self)

    def max_game_length(self):
        # Turns: one per card drawn from the deck, one per centre draw and
        # one per card left in a hand in the last rounds. Centre draws are
        # bounded by _MAX_CENTRE_DRAWS (reading R4):
        # - centre_relapse=face_down, Celestial: each centre draw leaves one card
        #   fewer face up in the centre (a relapse from one turns its two cards
        #   down); only a sin or a relapse by a card played from a hand or the
        #   limbo adds two, and at most 42 temptation cards come into hands: 84;
        # - refused: each centre draw tempts (or, Infernal, takes) a sin card, and
        #   only a hand or limbo play untempts one again;
        # - Infernal, any: twice the cubes held plus the tempted sins falls by at
        #   least one with each centre draw (a cube paid; a cube gained by the
        #   player a sin frees is a tempted sin gone), and rises only with plays
        #   from hands (at most 48, plus one per cancel, which costs two) and the
        #   6 angel/demon cards: under 2 * 12 + 48 + 2 * 6.
        # A turn is at most: a draw choice, a chance draw, a limbo step, and
        # up to n declared plays with n - 1 cancel questions each.
        n = self.num_players
        turns = D.DECK_SIZE + _MAX_CENTRE_DRAWS + 3 * n
        return D.DECK_SIZE + turns * (3 + n * n) + D.DECK_SIZE


class SietePecadosState(State):
    def __init__(self, game):
        State.__init__(self, game)
        # The history's list is given room for a whole game at the start (a list keeps
        # its slots when emptied): growing it mid-game asks a fragmented heap for a
        # block twice its size, which a device session at 128wK cannot always find.
        self._history = [0] * _HISTORY_ROOM
        del self._history[:]
        n = game.num_players
        self.n = n
        self.infernal = game.infernal
        self.deck = [D.TEMPTATIONS_PER_SIN] * NUM_SINS + [D.ANGEL_DEMONS]
        self.deck_left = D.DECK_SIZE
        self.hands = [[] for _ in range(n)]
        self.cubes = [D.START_CUBES] * n
        self.holder = [NOBODY] * NUM_SINS
        self.tempted = [0] * NUM_SINS
        self.centre = [0] * NUM_SINS
        self.centre_down = [0] * NUM_SINS  # of those, cards turned face down (R4)
        self.protected = [0] * n
        self.eliminated = 0  # angel/demon cards out of the game
        self.limbo = []
        self.phase = DEAL
        self.turn = game.options["first_player"]
        self.drawn = None  # [origin, code] of the card drawn this turn
        self.dealing = -1  # during a limbo deal: the seat that receives the next card
        self.sinner = -1  # the sinner whose sin started the current limbo deal
        self.receiver = -1  # LIMBO_PLAY: who plays the dealt angel/demon card
        self.pending = []  # CANCELLING: [unit, action] of the declared play
        self.face_up = []  # Infernal: this turn's cancelled cards
        self.cancellers = []  # seats that cancelled this turn
        self.window = []  # seats still to answer in the cancel window, in order
        self.result = None
        self.stats = [0, 0, 0, 0, 0]  # turns, sins, relapses, limbo deals, cancels

    def _dealt_to(self):
        """The seat the opening deal's next card goes to. No count of the cards dealt is
        kept: only the deal takes from the deck before play, and a state of 29
        attributes or fewer keeps CPython's fast attribute and method lookups (a
        property would slow every attribute of a state on MicroPython)."""
        return (D.DECK_SIZE - self.deck_left) % self.n

    # -- whose move ---------------------------------------------------------------
    def _current_player(self):
        phase = self.phase
        if phase == DEAL or phase == DRAWING:
            return CHANCE
        if phase == LIMBO_PLAY:
            return self.receiver
        if phase == CANCELLING:
            return self.window[0]
        if phase == OVER:
            return TERMINAL
        return self.turn

    def _observers(self, action):
        if self.phase == DEAL:
            return (self._dealt_to(),)
        if self.phase == DRAWING or self.phase == CHOOSE_LIMBO:
            return (self.turn,)
        return None

    def _chance_outcomes(self):
        deck = self.deck
        return [(CARD + c, deck[c]) for c in range(NUM_CARDS) if deck[c]]

    def _play_chance(self, stream):
        # a run of chance (the opening deal, a turn's draw from the deck) in one loop:
        # the same draws, history and last announcements as one by one
        history = self._history
        phase = self.phase
        while phase == DRAWING or phase == DEAL:
            action = self._draw_chance(stream)
            if self._news:
                self._news = []
            if phase == DRAWING:
                self._draw(action - CARD)
            else:
                self._deal(action - CARD)
            history.append(action)
            phase = self.phase

    def _draw_chance(self, stream):
        # weighted() over the deck's counts, without building the outcomes: the
        # below(cards left)-th card, counted in code order
        deck = self.deck
        r = stream.below(self.deck_left)
        c = 0
        while r >= deck[c]:
            r -= deck[c]
            c += 1
        return CARD + c

    def _play_random(self, chance, streams, stop):
        # driver.play()'s game when every seat is a plain random bot (streams[seat] its
        # stream) and nobody watches: the driver's picks (nothing drawn for a forced
        # move) and the chance runs of _play_chance(), without the driver's calls at
        # every action; a turn's commonest steps (the draw's choice, the play from a
        # hand) are played here as _apply() plays them. simcheck proves the game the
        # one apply() plays action by action.
        if stop is not None and stop < self.game.max_game_length():
            return  # a caller's cap, short of the rules' bound: the driver's loop stops there
        history = self._history
        while True:
            phase = self.phase
            if phase == PLAY:  # the commonest decision
                seat = self.turn
                legal = self._legal_actions()
                count = len(legal)
                action = legal[streams[seat].below(count)] if count > 1 else legal[0]
                if self._news:
                    self._news = []
                if action == TO_LIMBO:
                    self.cubes[seat] -= 1
                    self.phase = CHOOSE_LIMBO
                else:
                    self._play(action)
            elif phase == DRAWING:
                # a turn's card from the deck, drawn by _draw_chance() and taken as
                # _draw() takes it, without its announcements: a draw is never a game's
                # last action (a play follows), and this loop's news is read only at the end
                action = self._draw_chance(chance)
                code = action - CARD
                deck = self.deck
                if self._news:
                    self._news = []
                deck[code] -= 1
                self.deck_left -= 1
                unit = [code, len(history), 0]
                self.hands[self.turn].append(unit)
                self.drawn = [unit[1], code]
                self.phase = PLAY
            elif phase == DEAL:
                self._play_chance(chance)
                continue
            elif phase == DRAW:
                # legal: DRAW_DECK, then DRAW_CENTRE + each sin of centre_draws(), in order
                seat = self.turn
                draws = self.centre_draws(seat)
                i = streams[seat].below(len(draws) + 1) if draws else 0
                if self._news:
                    self._news = []
                if i == 0:
                    action = DRAW_DECK
                    self.phase = DRAWING
                else:
                    action = DRAW_CENTRE + draws[i - 1]
                    self._centre_draw(draws[i - 1])
            elif phase == OVER:
                return
            else:  # a limbo card to choose, a cancel to answer, a dealt angel/demon card
                legal = self._legal_actions()
                count = len(legal)
                if count > 1:
                    action = legal[streams[self._current_player()].below(count)]
                else:
                    action = legal[0]
                if self._news:
                    self._news = []
                self._apply(action)
            history.append(action)

    # -- what may be done ------------------------------------------------------------
    def holds(self, seat):
        """The sins a seat holds, in score order."""
        return [s for s in range(NUM_SINS) if self.holder[s] == seat]

    def centre_draws(self, seat, first=False):
        """The centre decks `seat` may draw from now (a list of sins); with `first`,
        only the first found (whether there is any, asked at every turn's start)."""
        holder = self.holder
        if self.deck_left == 0 or seat not in holder:
            return []  # the last rounds, or a saint
        infernal = self.infernal
        if infernal and self.cubes[seat] < 1:
            return []
        refused = self.game.relapse_refused
        centre = self.centre
        centre_down = self.centre_down
        out = []
        if not infernal:
            # Celestial: one's own sins only, the same checks as below in one test (asked
            # twice a turn, for sins mostly not one's own)
            for s in range(NUM_SINS):
                if (
                    holder[s] == seat
                    and centre[s] < FACE_DOWN
                    and centre[s] != centre_down[s]
                    and not (refused and self.tempted[s])
                ):
                    out.append(s)
                    if first:
                        break
            return out
        for s in range(NUM_SINS):
            h = holder[s]
            if h != seat and (h == NOBODY or not infernal):
                continue  # Celestial: one's own sins; Infernal: any held sin
            if centre[s] >= FACE_DOWN or centre[s] == centre_down[s]:
                continue  # face down, or no card face up: nothing to draw
            if refused and h == seat and self.tempted[s]:
                continue  # it would only be a relapse (docs: reading R4, the option)
            out.append(s)
            if first:
                break
        return out

    def _hand_codes(self, seat):
        """The codes of the cards in a hand, each once, in order."""
        codes = []
        for unit in self.hands[seat]:
            if unit[0] not in codes:
                codes.append(unit[0])
        codes.sort()
        return codes

    def angel_demon_plays(self, seat):
        """Every way `seat` may use an angel/demon card now (sorted codes)."""
        out = [ELIMINATE]
        n = self.n
        holder = self.holder
        tempted = self.tempted
        protected = self.protected
        if self.infernal:
            if protected[seat]:
                out.append(UNPROTECT_YOURSELF)
            for t in range(n):
                if t != seat and not protected[t]:
                    out.append(PROTECT_OTHERS + t)
            for s in range(NUM_SINS):
                if tempted[s]:
                    out.append(FORGIVE + s)
            if not protected[seat]:
                for s in range(NUM_SINS):
                    if holder[s] != seat and not tempted[s]:
                        out.append(FLAGELLATE + s)
            out.sort()
            return out
        if not protected[seat] and seat not in holder:  # a saint
            out.append(PROTECT_YOURSELF)
        for t in range(n):
            if t != seat and protected[t]:
                out.append(UNPROTECT_OTHERS + t)
        dante = self.game.options["dante"]
        for s in range(NUM_SINS):
            if tempted[s]:
                continue
            h = holder[s]
            base = CLEANSE if h == seat else INFLUENCE
            for t in range(n):
                if t == seat or t == h or protected[t]:
                    continue
                if dante and not self._holds_neighbour(t, s):
                    continue
                out.append(base + s * 10 + t)
        out.sort()
        return out

    def _holds_neighbour(self, seat, s):
        for x in range(NUM_SINS):
            if self.holder[x] == seat and adjacent(s, x):
                return True
        return False

    def _legal_actions(self):
        phase = self.phase
        if phase == PLAY:  # the commonest decision, so asked first
            seat = self.turn
            # built in order, without sorting it whole: the temptations (20..26), then
            # TO_LIMBO (30), then the angel/demon plays (40 and up, sorted already)
            out = []
            angel = False
            for unit in self.hands[seat]:
                c = unit[0]
                if c == ANGEL_DEMON:
                    angel = True
                elif TEMPT + c not in out:
                    out.append(TEMPT + c)
            out.sort()
            if not self.infernal and self.cubes[seat] >= 1:
                out.append(TO_LIMBO)
            if angel:
                out += self.angel_demon_plays(seat)
            return out
        if phase == DRAW:
            return [DRAW_DECK] + [DRAW_CENTRE + s for s in self.centre_draws(self.turn)]
        if phase == CANCELLING:
            return [PASS, CANCEL]
        if phase == CHOOSE_LIMBO:
            return [LIMBO_CARD + c for c in self._hand_codes(self.turn)]
        return self.angel_demon_plays(self.receiver)  # LIMBO_PLAY

    # -- playing ------------------------------------------------------------------------
    def _apply(self, action):
        phase = self.phase
        if phase == DEAL:
            self._deal(action - CARD)
        elif phase == DRAWING:
            self._draw(action - CARD)
        elif phase == DRAW:
            if action == DRAW_DECK:
                self.phase = DRAWING
            else:
                self._centre_draw(action - DRAW_CENTRE)
        elif phase == CHOOSE_LIMBO:
            self._to_limbo(action - LIMBO_CARD)
        elif phase == CANCELLING:
            self._answer(action)
        elif phase == LIMBO_PLAY:
            self._play_dealt(action)
        elif action == TO_LIMBO:
            # "they may spend 1 faith cube ... and place the card face down in the limbo"
            self.cubes[self.turn] -= 1
            self.phase = CHOOSE_LIMBO
        else:
            self._play(action)

    def _deal(self, code):
        # "Deal 2 temptation cards and 2 red cubes (faith) to each player."
        seat = self._dealt_to()
        self._take_from_deck(code)
        self.hands[seat].append([code, len(self._history), 0])
        if D.DECK_SIZE - self.deck_left == D.HAND * self.n:
            self._start_turn(self.game.options["first_player"])

    def _take_from_deck(self, code):
        self.deck[code] -= 1
        self.deck_left -= 1

    def _draw(self, code):
        seat = self.turn
        self._take_from_deck(code)
        unit = [code, len(self._history), 0]
        self.hands[seat].append(unit)
        self.drawn = [unit[1], code]
        self._announce("draw", seat=seat, source="deck", sin=None, paid=0)
        if self.deck_left == 0:
            # "Once the temptation deck runs out, the last rounds of the game are played."
            # (no flag kept: the deal never empties the deck, so the last rounds are
            # deck_left == 0; see _dealt_to)
            self._announce("last_rounds", seat=seat)
        self.phase = PLAY

    def _centre_draw(self, s):
        # "The drawn card must be immediately placed on its corresponding sin card."
        seat = self.turn
        paid = 1 if self.infernal else 0  # Infernal: "This action has a cost of 1 faith cube."
        self.cubes[seat] -= paid
        self.centre[s] -= 1
        self._news.append(
            {"seat": seat, "source": "centre", "sin": SIN_NAMES[s], "paid": paid, "kind": "draw"}
        )
        self._place(seat, s, True)
        if self.phase == OVER:
            return
        if self.game.options["centre_draw"] == "and_play" and self.hands[seat]:
            self.phase = PLAY
            return
        self._end_turn()

    def _to_limbo(self, code):
        seat = self.turn
        unit = self._take_unit(seat, code)
        self.limbo.append([code, seat, unit[1], len(self._history)])
        # "Their turn will end and it will be the next player's turn."
        self._announce("limbo", seat=seat, cards=len(self.limbo))
        self._end_turn()

    def _take_unit(self, seat, code):
        """Remove a card from a hand: one the table knows about first."""
        hand = self.hands[seat]
        pick = -1
        for i in range(len(hand)):
            if hand[i][0] == code and (pick < 0 or (hand[i][2] and not hand[pick][2])):
                pick = i
        return hand.pop(pick)

    def _play(self, action):
        seat = self.turn
        code = action - TEMPT if TEMPT <= action < TEMPT + NUM_SINS else ANGEL_DEMON
        unit = self._take_unit(seat, code)
        if action == ELIMINATE:
            self._eliminate(seat, "hand")
            self._resolved()
            return
        self._announce_play(seat, action, "hand")
        window = self._cancel_window(seat)
        if window:
            # "When a player plays 1 temptation card or 1 angel/demon card, any
            # player may spend 1 faith cube to cancel their play"
            self.pending = [unit, action]
            self.window = window
            self.phase = CANCELLING
            return
        self._effect(seat, action)
        self._resolved()

    # The commonest announcements (a temptation played, tempted, sinned, relapsed, freed;
    # a centre draw) are appended as the dict _announce() makes, "kind" last: a call
    # with keywords costs CPython a check of each keyword against its parameters.
    def _announce_play(self, seat, action, source):
        if TEMPT <= action < TEMPT + NUM_SINS:
            name = SIN_NAMES[action - TEMPT]
            self._news.append(
                {
                    "seat": seat,
                    "source": source,
                    "card": name,
                    "favour": None,
                    "sin": name,
                    "target": None,
                    "kind": "play",
                }
            )
            return
        name, s, t = favour_parts(action)
        self._announce(
            "play",
            seat=seat,
            source=source,
            card=CARD_NAMES[ANGEL_DEMON],
            favour=name,
            sin=SIN_NAMES[s] if s >= 0 else None,
            target=t if t >= 0 else None,
        )

    def _cancel_window(self, seat):
        """The seats that may cancel `seat`'s play now, in table order from its left."""
        if not self.infernal or self.deck_left == 0:
            return []  # "Cancelling cards is not allowed during the last rounds"
        if not self.hands[seat]:
            return []  # nothing else to play: "force them to play any other card"
        if self.cancellers and self.game.options["cancels"] == "one_per_turn":
            return []
        out = []
        for k in range(1, self.n):
            c = (seat + k) % self.n
            if self.cubes[c] >= 1 and c not in self.cancellers:
                out.append(c)
        return out

    def _answer(self, action):
        seat = self.window[0]
        if action == PASS:
            self.window.pop(0)
            if not self.window:
                unit, play = self.pending
                self.pending = []
                self.phase = PLAY
                self._effect(self.turn, play)
                self._resolved()
            return
        # "The cancelled card will be left face up for all players to see until
        # the new card is played."
        unit, play = self.pending
        self.cubes[seat] -= 1
        self.cancellers.append(seat)
        self.face_up.append(unit)
        self.pending = []
        self.window = []
        self.stats[4] += 1
        self._announce("cancel", seat=seat, player=self.turn, card=CARD_NAMES[unit[0]])
        self.phase = PLAY

    def _play_dealt(self, action):
        seat = self.receiver
        self.receiver = -1
        if action == ELIMINATE:
            self._eliminate(seat, "limbo")
        else:
            self._announce_play(seat, action, "limbo")
            self._effect(seat, action)
        if self.phase != OVER:
            self._deal_limbo()

    def _eliminate(self, seat, source):
        # "eliminated from the game to gain 1 faith cube" (never above 2)
        self.eliminated += 1
        gained = self._gain(seat)
        self._announce("eliminate", seat=seat, source=source, cube=gained)

    def _gain(self, seat):
        if self.cubes[seat] < D.MAX_CUBES:
            self.cubes[seat] += 1
            return True
        return False

    def _resolved(self):
        """The turn's play has taken effect: cancelled cards go back, the turn goes on."""
        if self.phase == OVER:
            return
        if self.face_up:
            # "After this, it will return to the player's hand."
            seat = self.turn
            names = []
            for unit in self.face_up:
                unit[2] = 1
                self.hands[seat].append(unit)
                names.append(CARD_NAMES[unit[0]])
            self.face_up = []
            self._announce("back_to_hand", seat=seat, cards=names)
        if self.dealing >= 0:
            self._deal_limbo()
        else:
            self._end_turn()

    # -- effects ----------------------------------------------------------------------------
    def _effect(self, seat, action):
        if TEMPT <= action < TEMPT + NUM_SINS:
            self._place(seat, action - TEMPT)
        else:
            self._favour(seat, action)

    def _place(self, seat, s, from_centre=False):
        """A temptation card of sin s goes onto its sin card, played by `seat` (or
        drawn by `seat` from the centre)."""
        h = self.holder[s]
        if not self.tempted[s]:
            self.tempted[s] = 1
            self._news.append(
                {"seat": seat, "sin": SIN_NAMES[s], "holder": _seat_or_none(h), "kind": "tempt"}
            )
            return
        self.tempted[s] = 0
        if h == seat:
            # "instead of sinning they will relapse into the sin"
            self.stats[2] += 1
            self._news.append({"seat": seat, "sin": SIN_NAMES[s], "kind": "relapse"})
            self._discard(s, 2)
            if from_centre and self.game.options["centre_relapse"] == "face_down":
                # R4: a relapse from a centre draw returns its two cards face down, as
                # a complete deck is turned ("will no longer swap players by means of
                # temptation cards"): they cannot be drawn again, so drawing and
                # relapsing cannot pass the turn for ever
                self.centre_down[s] += 2
                if self.centre[s] < FACE_DOWN:
                    self._announce("turned_down", sin=SIN_NAMES[s], cards=2)
            return
        # "The player that plays a second temptation card on a sin card becomes a sinner"
        self.stats[1] += 1
        self._news.append(
            {"seat": seat, "sin": SIN_NAMES[s], "holder": _seat_or_none(h), "kind": "sin"}
        )
        self._discard(s, 2)
        self._move_sin(s, seat)
        if self.phase == OVER:
            return
        if not self.infernal and self.protected[seat]:
            # "If during the game the player sins of their own accord, the angel
            # will abandon their watch and the card will be eliminated"
            self.protected[seat] = 0
            self.eliminated += 1
            self._announce("angel_leaves", seat=seat)
        if not self.infernal and self.limbo and self.dealing < 0:
            # "the limbo cards are dealt one by one to all players ... starting
            # with the player on the left of the player that just sinned"
            self.dealing = (seat + 1) % self.n
            self.sinner = seat
            self.stats[3] += 1
            self._announce("limbo_deal", seat=seat, cards=len(self.limbo))

    def _discard(self, s, count):
        self.centre[s] += count
        if self.centre[s] == FACE_DOWN:
            # "Once all 6 temptation cards of the same sin are placed in the deck
            # in the center of the table, they will be placed face down"
            self._announce("face_down", sin=SIN_NAMES[s])

    def _move_sin(self, s, to):
        h = self.holder[s]
        self.holder[s] = to
        if h != NOBODY:
            # "Every time a player is freed from a sin, they receive 1 faith cube."
            self._news.append(
                {"seat": h, "sin": SIN_NAMES[s], "cube": self._gain(h), "kind": "freed"}
            )
        if self.infernal and self.holder.count(to) == NUM_SINS:
            # "The game ends as soon as a player gathers all 7 capital sins"
            self._announce("supreme_sinner", seat=to)
            self._finish(to)

    def _favour(self, seat, action):
        name, s, t = favour_parts(action)
        if name == "protect_yourself" or name == "protect_others":
            target = seat if t < 0 else t
            self.protected[target] = 1  # the card stays, face up, as the shield
            self._announce("protect", seat=seat, target=target)
            return
        self.eliminated += (
            1  # "the angel/demon cards are eliminated from the game once they are used"
        )
        if name == "unprotect_yourself" or name == "unprotect_others":
            target = seat if t < 0 else t
            self.protected[target] = 0
            self.eliminated += 1  # the angel that protected them
            self._announce("unprotect", seat=seat, target=target)
        elif name == "forgive":
            self.tempted[s] = 0
            self._announce(
                "forgive", seat=seat, sin=SIN_NAMES[s], holder=_seat_or_none(self.holder[s])
            )
            self._discard(s, 1)
        elif name == "flagellate_yourself":
            self._announce(
                "flagellate", seat=seat, sin=SIN_NAMES[s], holder=_seat_or_none(self.holder[s])
            )
            self._move_sin(s, seat)
        else:  # cleanse_your_soul, influence_others
            self._announce(
                "send", seat=seat, sin=SIN_NAMES[s], holder=_seat_or_none(self.holder[s]), target=t
            )
            self._move_sin(s, t)

    # -- the limbo deal and the turn order ---------------------------------------------
    def _deal_limbo(self):
        """Deal limbo cards from the top until one needs its receiver's choice."""
        n = self.n
        while self.limbo:
            code, placer, _, _ = self.limbo.pop()
            seat = self.dealing
            self.dealing = (seat + 1) % n
            self._announce("limbo_card", seat=seat, card=CARD_NAMES[code], placed_by=placer)
            if code == ANGEL_DEMON:
                self.receiver = seat
                self.phase = LIMBO_PLAY
                return
            # "The players must play the cards as soon as they receive them"
            self._place(seat, code)
        self.dealing = -1
        self.sinner = -1
        self._end_turn()

    def _end_turn(self):
        self.stats[0] += 1
        self._start_turn((self.turn + 1) % self.n)

    def _start_turn(self, seat):
        # "Once a player's turn is over, turns continue in a clockwise fashion."
        if self.deck_left:  # while the deck lasts, every seat has a turn: `seat` plays
            self.turn = seat
            self.drawn = None
            if self.cancellers:
                self.cancellers = []
            if seat in self.holder and self.centre_draws(seat, True):  # a saint: the deck
                self.phase = DRAW
            else:
                self.phase = DRAWING
            return
        n = self.n
        for k in range(n):
            s = (seat + k) % n
            if self.hands[s]:
                break
        else:
            # "The game ends when all players have played all the cards in their hands."
            self._finish(-1)
            return
        self.turn = s
        self.drawn = None
        if self.cancellers:
            self.cancellers = []
        self.phase = PLAY

    # -- the end --------------------------------------------------------------------------
    def points(self, seat):
        total = 0
        for s in self.holds(seat):
            total += score(s)
        return total

    def _finish(self, supreme):
        self.phase = OVER
        self.window = []
        self.pending = []
        # the winners, the tie-breaks and the teams' result: code needed once a game
        # (siete_pecados_end.py), out of the device's RAM during play
        from shared_rules.siete_pecados.end import finish

        finish(self, supreme)

    def _returns(self):
        result = self.result
        if result is None:
            return [0] * self.n
        teams = result["teams"]
        if teams is not None:
            return [1 if s % 2 in teams["winners"] else 0 for s in range(self.n)]
        return [1 if s in result["winners"] else 0 for s in range(self.n)]

    def round_number(self):
        """Rounds of as many turns as players (ROUND), counted from the turns played."""
        turns = self.stats[0]
        if self.phase == OVER:
            return max(1, (turns + self.n - 1) // self.n)
        return turns // self.n + 1

    # -- what the table shows ----------------------------------------------------------------
    def _view(self, seat):
        n = self.n
        opts = self.game.options
        p = self._current_player()
        held = [[] for _ in range(n)]
        points = [0] * n
        for s in range(NUM_SINS):
            h = self.holder[s]
            if h >= 0:
                held[h].append(SIN_NAMES[s])
                points[h] += score(s)
        view = {
            "mode": opts["mode"],
            "dante": opts["dante"],
            "teams": [s % 2 for s in range(n)] if opts["teams"] else None,
            "phase": self.phase,
            "to_move": p if p >= 0 else None,
            "turn": self.turn if self.phase != DEAL else None,
            "deck": self.deck_left,
            "last_rounds": self.deck_left == 0,  # the deal never empties the deck
            # One entry per sin, in score order (sin_names[i] scores i + 1).
            "sin_names": list(SIN_NAMES),
            "holder": [_seat_or_none(h) for h in self.holder],
            "tempted": [t == 1 for t in self.tempted],
            "centre": list(self.centre),
            "centre_down": list(self.centre_down),
            "face_down": [c == FACE_DOWN for c in self.centre],
            # One entry per seat.
            "hands": [len(h) for h in self.hands],
            "cubes": list(self.cubes),
            "protected": [x == 1 for x in self.protected],
            "sins": held,
            "points": points,
            "saints": [s for s in range(n) if not held[s]],
            "known": [_known(self.hands[s]) for s in range(n)],
            "limbo": [
                {"placed_by": e[1], "card": CARD_NAMES[e[0]] if e[1] == seat else None}
                for e in self.limbo
            ],
            "dealing": None,
            "cube_pile": D.CUBES - sum(self.cubes),
            "eliminated": self.eliminated,
            "declared": None,
            "cancel_window": list(self.window),
            "cancelled": [CARD_NAMES[u[0]] for u in self.face_up],
            "cancellers": list(self.cancellers),
            "me": None,
            "result": self.result,
        }
        if self.dealing >= 0:
            view["dealing"] = {
                "sinner": self.sinner,
                "next": self.dealing,
                "left": len(self.limbo),
                "receiver": self.receiver if self.phase == LIMBO_PLAY else None,
            }
        if self.pending:
            declared = decode(self.pending[1])
            declared["seat"] = self.turn
            view["declared"] = declared
        if seat is not None:
            drawn = None
            if self.drawn is not None and seat == self.turn:
                drawn = CARD_NAMES[self.drawn[1]]
            view["me"] = {
                "seat": seat,
                "hand": _names([u[0] for u in self.hands[seat]]),
                "drawn": drawn,
            }
        return view

    def _action_text(self, action):
        p = self._current_player()
        who = "seat %d" % p if p >= 0 else ""
        if self.phase == DEAL:
            return "deal %s to seat %d, secretly" % (CARD_NAMES[action - CARD], self._dealt_to())
        if self.phase == DRAWING:
            return "seat %d draws %s from the deck, secretly" % (
                self.turn,
                CARD_NAMES[action - CARD],
            )
        data = decode(action)
        kind = data["kind"]
        if kind == "draw":
            if data["source"] == "deck":
                return "%s draws from the temptation deck" % who
            cost = ", paying a faith cube" if self.infernal else ""
            return "%s draws from the %s centre deck%s onto the %s sin card" % (
                who,
                data["sin"],
                cost,
                data["sin"],
            )
        if kind == "tempt":
            return "%s plays a temptation card: %s" % (who, data["sin"])
        if kind == "to_limbo":
            return "%s pays a faith cube to send a card face down to the limbo" % who
        if kind == "limbo_card":
            return "%s sends %s to the limbo, secretly" % (who, data["card"])
        if kind == "eliminate":
            return "%s eliminates an angel/demon card for a faith cube" % who
        if kind == "pass":
            return "%s lets seat %d's play stand" % (who, self.turn)
        if kind == "cancel":
            return "%s pays a faith cube to cancel seat %d's play" % (who, self.turn)
        title = FAVOURS[data["favour"]][0]
        text = "%s plays an angel/demon card: %s" % (who, title)
        if data["sin"] is not None:
            text += ", %s" % data["sin"]
        if data["target"] is not None:
            text += (" to seat %d" if data["sin"] is not None else ", seat %d") % data["target"]
        return text


def _known(hand):
    """The cards of a hand the whole table has seen there (cancelled, then returned)."""
    return _names([u[0] for u in hand if u[2]])


def _names(codes):
    """The names of card codes, in code order (sorted in place: no second list)."""
    codes.sort()
    for i in range(len(codes)):
        codes[i] = CARD_NAMES[codes[i]]
    return codes


def _seat_or_none(h):
    return h if h >= 0 else None
