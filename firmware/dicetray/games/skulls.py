# Skulls / Death Dice (seed 003): two dice with a skull face each; one skull
# loses the round score, two skulls the player's whole total.
from micropython import const

from dicetray.engine.actions import BadHeader, Illegal, ROLL, BANK, ORDER, VOID
from dicetray.engine.rules import Rules, NOTE_NONE, NOTE_BUST, NOTE_WIPEOUT, NOTE_ROUND, NOTE_OVER

SKULL = 0  # how a record writes the skull face

TITLE = "Skulls"  # as the menu shows it (games/cards.py)
ROUND_WORD = "round"
ROUND_LETTER = "R"
POINTS_WORD = "round"       # the running total is the round score
OPTION_KEYS = ("rounds", "faces")
_MAX_ROUNDS = const(99)  # docs/record-format.md, "Limits": a sheet has a column per round


def rules_for(n, opts):
    rounds = opts.get("rounds", 6)
    faces = opts.get("faces", "2-6")
    if type(rounds) is not int or not 1 <= rounds <= _MAX_ROUNDS:
        raise BadHeader("rounds must be 1 to %d" % _MAX_ROUNDS)
    if faces not in ("2-6", "1-5"):
        raise BadHeader('faces must be "2-6" or "1-5"')
    return Skulls(n, rounds, 2 if faces == "2-6" else 1)


TIE_BREAK = "Tie-break round"
# The table settles the order of tied players (roll-off, coin): the words
# and the keys of the order list, here so that other games do not carry them.
TIE_LINE = "Tie:PLAYER order"
ORDER_HINT = "PLAYER:down OK"
ONLY_TIES = "Only ties swap"
ORDER_SAME = "Order unchanged"
ORDER_KEYS = "OK or UNDO"
_ORDER_ROWS = const(5)


def tie_at_start(table):
    """Before a later round's first throw, with players tied on total next
    to each other in the computed order: the table may settle their order
    (only tied players swap; round 1 keeps the seating)."""
    game = table.game
    if game.over or not game.allowed() & (1 << ORDER):
        return False
    rules = game.rules
    if rules.round == 1 or table.npending:
        return False
    order = rules.order
    scores = game.scores
    for i in range(1, rules.n):
        if scores[order[i - 1]] == scores[order[i]]:
            return True
    return False


def open_order(table):
    """PLAYER in play: the order list, or why not."""
    if not tie_at_start(table):
        table.message = "Seat order only" if table.game.rules.round == 1 else "No tie to order"
        return
    table.ordering = bytearray(table.game.rules.order)
    table.order_pos = 0


def order_key(table, keys, code, now_ms):
    """A key while the order list is shown (`keys`: the tray's key codes)."""
    order = table.ordering
    n = len(order)
    if code == keys.UP or code == keys.DOWN:
        step = 1 if code == keys.DOWN else -1
        table.order_pos = (table.order_pos + step) % n
    elif code == keys.PLAYER:
        # The player under the cursor goes one place down, past a tied player.
        i = table.order_pos
        scores = table.game.scores
        if i + 1 >= n or scores[order[i]] != scores[order[i + 1]]:
            table.message = ONLY_TIES
            return
        order[i], order[i + 1] = order[i + 1], order[i]
        table.order_pos = i + 1
    elif code == keys.OK:
        table.ordering = None
        if order == table.game.rules.order:
            table.message = ORDER_SAME    # nothing to record
        else:
            table.act(ORDER, None, list(order), now_ms)
    elif code == keys.UNDO:
        table.ordering = None
        table.message = ORDER_SAME
    else:
        table.message = ORDER_KEYS


def draw_order(fb, ui, table):
    """The round's order, first to play at the top; the cursor's player
    moves down past a tied one with PLAYER."""
    game = table.game
    order = table.ordering
    fb.fill(0)
    fb.text("Tie: order?", 0, 0, 1)
    ui.round_right(fb, game.rules, "R", 128, 0)
    top = table.order_pos - table.order_pos % _ORDER_ROWS
    for row in range(_ORDER_ROWS):
        i = top + row
        if i >= len(order):
            break
        y = 10 + 9 * row
        if i == table.order_pos:
            fb.text(">", 0, y, 1)
        fb.text(ui.DIGITS[i + 1], 8, y, 1)
        p = order[i]
        ui.name_and_number(fb, table.names[p], 24, game.scores[p], y)
    fb.text(table.message or ORDER_HINT, 0, 56, 1)


def draw_info(fb, ui, table, y):
    rules = table.game.rules
    if rules.tie_break() and not rules.rolls:
        fb.text(TIE_BREAK, 0, y, 1)
    else:
        fb.text("Roll", 0, y, 1)
        ui.number(fb, rules.rolls, 40, y)
        if rules.tie_break() and rules.rolls < 100:  # (a 3-digit count would reach it)
            fb.text("Tie-break", 56, y, 1)


def said(rules, kind, p, before):
    """As pig.said()."""
    # The last turn of the last round left a tie for the lead: say so.
    tie_break = TIE_BREAK if rules.tie_break() and not rules.pos and not rules.over else None
    if kind == BANK:
        return " banks %d" % before, tie_break
    if kind == ROLL and not rules.rolls:  # a skull ended the turn
        if rules.last_roll[0] == SKULL and rules.last_roll[1] == SKULL:
            return ": 2 skulls", tie_break or "Total 0"
        return ": skull", tie_break or "Turn lost"
    if kind == ORDER:
        return "Order set", None
    return None


class Skulls(Rules):
    game = "skulls"
    TIE_ORDER = True
    TURN_KEY = ("rnd", "pos")
    REPORT = ("order",)
    _STATE = Rules._STATE + ("rnd", "pos", "points", "rolls")
    _BUFFERS = Rules._BUFFERS + ("order",)

    def __init__(self, n, rounds, low_face):
        Rules.__init__(self, n)
        self.rounds = rounds
        self.low = low_face            # numbered faces low..low+4
        self.order = bytearray(n)      # who plays in which position this round
        self._face_reason = "Faces %d-%d,skull" % (low_face, low_face + 4)
        self.reset()

    def reset(self):
        self._clear()
        self.rnd = 0       # rounds completed (may pass self.rounds on a tie)
        self.pos = 0       # position in self.order of the player on turn
        self.points = 0    # the round score of the player on turn
        self.rolls = 0
        for i in range(self.n):
            self.order[i] = i

    @property
    def round(self):
        return self.rnd + 1

    @property
    def turn(self):
        return self.order[self.pos]

    def dice_to_throw(self):
        return 2

    def tie_break(self):
        """True in a round played after the last one to break a tie for the lead."""
        return self.rnd >= self.rounds

    def face_refusal(self, face):
        if face != SKULL and (face < self.low or face > self.low + 4):
            return self._face_reason
        return None

    def allowed(self):
        mask = Rules.allowed(self)
        if mask and not self.rolls and self.pos == 0:
            mask |= 1 << ORDER  # before the round's first throw
        return mask

    def apply(self, kind, dice, p):
        if self.over:
            raise Illegal("Game is over")
        if kind == ROLL:
            self._check_skull_faces(dice)
            self._remember(dice)
            self._roll(dice[0], dice[1])
        elif kind == BANK:
            if not self.rolls:
                raise Illegal("Roll first")
            self.note = NOTE_NONE
            self.scores[self.turn] += self.points
            self._end_turn()
        elif kind == ORDER:
            self._check_order(p)
            for i in range(self.n):
                self.order[i] = p[i]
            self.note = NOTE_NONE
        else:
            raise Illegal("Not in this game")

    def _check_skull_faces(self, dice):
        if dice is None or len(dice) != 2:
            raise Illegal("Throw 2 dice")
        low = self.low
        for face in dice:
            if type(face) is not int or face != SKULL and (face < low or face > low + 4):
                raise Illegal(self._face_reason)

    def _roll(self, a, b):
        skulls = (a == SKULL) + (b == SKULL)
        if not skulls:
            self.points += a + b
            self.rolls += 1
            self.note = NOTE_NONE
            return
        self.points = 0
        if skulls == 2:
            self.scores[self.turn] = 0
            self.note = NOTE_WIPEOUT
        else:
            self.note = NOTE_BUST
        self._end_turn()

    def _check_order(self, p):
        """An explicit order for the round about to start: a permutation that
        only reorders players tied on total (round 1: the seating order)."""
        if self.rolls or self.pos:
            raise Illegal("Round started")
        n = self.n
        if type(p) is not list or len(p) != n:
            raise Illegal("Order: everyone")
        seen = 0
        for q in p:
            if type(q) is not int or q < 0 or q >= n or (seen >> q) & 1:
                raise Illegal("Order: everyone")
            seen |= 1 << q
        scores = self.scores
        for i in range(n):
            if self.rnd == 0 and p[i] != i:
                raise Illegal("Seat order only")
            if i and scores[p[i - 1]] < scores[p[i]]:
                raise Illegal("Only ties swap")

    def _end_turn(self):
        self.points = 0
        self.rolls = 0
        self.pos += 1
        if self.pos < self.n:
            return
        self.pos = 0
        self.rnd += 1
        if self.rnd >= self.rounds and len(self._leaders()) == 1:
            self.over = True
            if self.note == NOTE_NONE:  # a skull's note says more than "over"
                self.note = NOTE_OVER
            return
        self._sort_order()
        if self.note == NOTE_NONE:
            self.note = NOTE_ROUND

    def _sort_order(self):
        """Highest total first; ties keep last round's relative order
        (a stable insertion sort in place: at most eight players)."""
        order = self.order
        scores = self.scores
        for i in range(1, self.n):
            player = order[i]
            j = i - 1
            while j >= 0 and scores[order[j]] < scores[player]:
                order[j + 1] = order[j]
                j -= 1
            order[j + 1] = player

    def _leaders(self):
        best = max(self.scores)
        return [i for i in range(self.n) if self.scores[i] == best]

    def winners(self):
        return self._leaders() if self.over else []
