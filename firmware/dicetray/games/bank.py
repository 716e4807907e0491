# Bank (seed 002): two dice, one shared bank total per round, anyone still
# in may bank it at any moment after the round's first roll.
from micropython import const

from dicetray.engine.actions import BadHeader, Illegal, ROLL, BANK
from dicetray.engine.rules import Rules, NOTE_NONE, NOTE_SEVEN, NOTE_ROUND, NOTE_OVER

_SAFE_ROLLS = const(3)  # rolls 1-3 of a round: no risk, a 7 is worth 70

TITLE = "Bank"  # as the menu shows it (games/cards.py)
ROUND_WORD = "round"
ROUND_LETTER = "R"
POINTS_WORD = "bank"        # the running total is the shared bank total
OPTION_KEYS = ("rounds",)


def rules_for(n, opts):
    rounds = opts.get("rounds", 10)
    if type(rounds) is not int or rounds not in (10, 15, 20):
        raise BadHeader("rounds must be 10, 15 or 20")
    return Bank(n, rounds)


def draw_info(fb, ui, table, y):
    if table.game.rules.rolls:
        # BANK banks the player under the cursor (PLAYER, UP, DOWN move it):
        # drawn inverted, apart from the roller on the line under the title.
        fb.text("Bank>", 0, y, 1)
        _chosen(fb, table.names[table.banker], 40, y)
    else:
        fb.text("First roll", 0, y, 1)


def _chosen(fb, text, x, y):
    """Text under a cursor: dark on a lit bar, with a dotted edge above
    (no long lit run that a glyph reader, or an eye, takes for a '_')."""
    w = 8 * len(text)  # 8x8 font
    fb.fill_rect(x, y, w, 8, 1)
    for i in range(x, x + w, 3):
        fb.hline(i, y - 1, 2, 1)
    fb.text(text, x, y, 0)


def cursor(table, step):
    """The bank cursor (table.banker: who BANK banks). step 0, after every
    action: on the round's first roller until moved, and after a bank on
    to the next player still in; PLAYER/DOWN (1), UP (-1): the next or the
    previous player who has not banked."""
    rules = table.game.rules
    if step and not rules.rolls:
        table.message = "Roll first"
        return
    if not rules.rolls:
        table.banker = rules.turn
        return
    p = table.banker
    if not step:
        if rules.is_in(p):
            return
        step = 1
    for _ in range(rules.n):
        p = (p + step) % rules.n
        if rules.is_in(p):
            break
    table.banker = p


def cursor_back(table, in_before):
    """After an undo: a bank taken back puts its player under the cursor."""
    rules = table.game.rules
    back = rules.in_mask & ~in_before
    for q in range(rules.n):
        if (back >> q) & 1:
            table.banker = q


def said(rules, kind, p, before):
    """As pig.said(); the player is the one who banked, or the roller."""
    if kind == BANK:
        return " banks %d" % before, None if rules.rolls else "Round over"
    if kind == ROLL and not rules.rolls:  # a 7 from roll 4 on
        return ": 7", "Round over"
    return None


class Bank(Rules):
    game = "bank"
    ANY_PLAYER_BANKS = True
    TURN_KEY = ("rnd",)     # a player's part of a round
    REPORT = ("in",)
    _STATE = Rules._STATE + ("rnd", "points", "rolls", "turn", "last_roller", "in_mask")

    def __init__(self, n, rounds):
        Rules.__init__(self, n)
        self.rounds = rounds
        self._everyone = (1 << n) - 1
        self.reset()

    def reset(self):
        self._clear()
        self.rnd = 0          # rounds completed
        self.points = 0       # the bank total
        self.rolls = 0        # rolls made this round
        self.turn = 0         # who throws next
        self.last_roller = 0
        self.in_mask = self._everyone  # players who have not banked this round

    @property
    def round(self):
        return self.rnd + 1

    def is_in(self, p):
        return (self.in_mask >> p) & 1 == 1

    def dice_to_throw(self):
        return 2

    def apply(self, kind, dice, p):
        if self.over:
            raise Illegal("Game is over")
        if kind == ROLL:
            self._check_faces(dice, 2, 1, 6, "Face 1-6")
            self._remember(dice)
            self._roll(dice[0], dice[1])
        elif kind == BANK:
            if p is None:
                raise Illegal("Needs a player")
            self._player(p)
            if not self.rolls:
                raise Illegal("Roll first")
            if not self.is_in(p):
                raise Illegal("Already banked")
            self._bank(p)
        else:
            raise Illegal("Not in this game")

    def _roll(self, a, b):
        self.rolls += 1
        self.last_roller = self.turn
        total = a + b
        self.note = NOTE_NONE
        if self.rolls <= _SAFE_ROLLS:
            self.points += 70 if total == 7 else total
        elif total == 7:
            self.note = NOTE_SEVEN
            self._end_round()
            return
        elif a == b:
            self.points *= 2
        else:
            self.points += total
        self.turn = self._next_in(self.turn)

    def _bank(self, p):
        self.scores[p] += self.points
        self.in_mask &= ~(1 << p)
        self.note = NOTE_NONE
        if not self.in_mask:
            self.note = NOTE_ROUND
            self._end_round()
        elif p == self.turn:
            self.turn = self._next_in(p)

    def _next_in(self, p):
        """The next player clockwise after p who is still in (p if alone)."""
        n = self.n
        for step in range(1, n + 1):
            q = (p + step) % n
            if (self.in_mask >> q) & 1:
                return q
        return p

    def _end_round(self):
        self.rnd += 1
        self.points = 0
        self.rolls = 0
        self.in_mask = self._everyone
        self.turn = (self.last_roller + 1) % self.n
        if self.rnd == self.rounds:
            self.over = True
            self.note = NOTE_OVER
