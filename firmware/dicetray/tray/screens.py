"""Drawing the tray's screens on a 128x64 framebuf (8x8 font: 16 x 8 text).

Everything here draws into the display's own frame buffer and allocates
nothing: numbers are drawn digit by digit from fixed one-character strings,
names are shortened once when a game starts, labels are constants.
"""
import sys

from micropython import const

_W = const(128)
_CH = const(8)         # font cell
_BIG_W = const(14)     # 7-segment digit
_BIG_H = const(24)
_BIG_T = const(3)      # segment thickness
_BIG_STEP = const(17)
_BIG_Y = const(19)
_BIG_ROOM = const(85)  # width for the large total: the label starts at x = 88
_ROWS = const(5)       # rows of a list screen (keep list, winners)

DIGITS = ("0", "1", "2", "3", "4", "5", "6", "7", "8", "9")
FACE_TEXT = ("S", "1", "2", "3", "4", "5", "6")   # index = face, 0 = skull

# Segments a..g of each digit as bits (a = top, clockwise, g = middle).
_SEGMENTS = b"\x3f\x06\x5b\x4f\x66\x6d\x7d\x07\x7f\x6f"


def number(fb, value, x, y, c=1):
    """Draw a non-negative int at x, y; returns the x after it."""
    if value < 0:
        fb.text("-", x, y, c)
        x += _CH
        value = -value
    div = 1
    while div * 10 <= value:
        div *= 10
    while div:
        fb.text(DIGITS[value // div % 10], x, y, c)
        x += _CH
        div //= 10
    return x


def digits_of(value):
    n = 1
    while value >= 10:
        value //= 10
        n += 1
    return n


def number_right(fb, value, right, y, c=1):
    """Draw an int so that it ends at x = right."""
    number(fb, value, right - _CH * digits_of(value), y, c)


def name_and_number(fb, name, x, value, y):
    """A name from x and a number at the right edge; a long name is cut one
    character short of the number (e.g. 10 characters and 6 digits)."""
    fb.text(name, x, y, 1)
    left = _W - _CH * digits_of(value) - _CH
    if x + _CH * len(name) > left:
        fb.fill_rect(left, y, _W - left, _CH, 0)
    number_right(fb, value, _W, y)


def _hseg(fb, x, y, w):
    # Two halves with a one-pixel gap: reads as a segment, and no run of 8
    # lit pixels looks like a '_' to a glyph matcher reading the screen.
    half = w // 2
    fb.fill_rect(x, y, half, _BIG_T, 1)
    fb.fill_rect(x + half + 1, y, w - half - 1, _BIG_T, 1)


def big_number(fb, value, x, y):
    """7-segment digits, narrower when there are many, so that the total
    never reaches x + _BIG_ROOM (the label and the throw are right of it)."""
    n = digits_of(value)
    step = min(_BIG_STEP, (_BIG_ROOM + _BIG_STEP - _BIG_W) // n)
    w = step - (_BIG_STEP - _BIG_W)
    div = 1
    while div * 10 <= value:
        div *= 10
    while div:
        # one digit (written out here, its one caller: a function is RAM on a Pico)
        seg = _SEGMENTS[value // div % 10]
        if seg & 1:
            _hseg(fb, x, y, w)
        if seg & 2:
            fb.fill_rect(x + w - _BIG_T, y, _BIG_T, _BIG_H // 2, 1)
        if seg & 4:
            fb.fill_rect(x + w - _BIG_T, y + _BIG_H // 2, _BIG_T, _BIG_H // 2, 1)
        if seg & 8:
            _hseg(fb, x, y + _BIG_H - _BIG_T, w)
        if seg & 16:
            fb.fill_rect(x, y + _BIG_H // 2, _BIG_T, _BIG_H // 2, 1)
        if seg & 32:
            fb.fill_rect(x, y, _BIG_T, _BIG_H // 2, 1)
        if seg & 64:
            _hseg(fb, x, y + _BIG_H // 2 - 1, w)
        x += step
        div //= 10


def faces(fb, buf, count, x, y, slots=0):
    """Faces as '3 5 S', then '_' for slots not keyed yet."""
    for i in range(count):
        fb.text(FACE_TEXT[buf[i]], x, y, 1)
        x += 2 * _CH
    for i in range(count, slots):
        fb.text("_", x, y, 1)
        x += 2 * _CH
    return x


def round_right(fb, rules, letter, right, y):
    """'R3/10' (or 'T12' when there is no round count) ending at x = right:
    the round in progress, or the last one played once the game is over."""
    shown = rules.round - 1 if rules.over and rules.rounds else rules.round
    width = 1 + digits_of(shown)
    if rules.rounds:
        width += 1 + digits_of(rules.rounds)
    x = right - _CH * width
    fb.text(letter, x, y, 1)
    x = number(fb, shown, x + _CH, y)
    if rules.rounds:
        fb.text("/", x, y, 1)
        number(fb, rules.rounds, x + _CH, y)


# -- play -----------------------------------------------------------------
def play(fb, table):
    game = table.game
    rules = game.rules
    module = table.game_module
    anyone_banks = rules.ANY_PLAYER_BANKS
    fb.fill(0)
    fb.text(module.TITLE, 0, 0, 1)
    if anyone_banks and rules.rolls < 100 and rules.rolls:  # (3 digits would reach the round)
        x = _CH * len(module.TITLE) + 4
        fb.text("#", x, 0, 1)
        number(fb, rules.rolls, x + _CH, 0)
    round_right(fb, rules, module.ROUND_LETTER, 110, 0)
    status_marks(fb, table)
    # who is on turn, and their score
    turn = rules.turn
    if anyone_banks:  # the roller; the bank's own score is on the Scores screen
        fb.text("Roll:", 0, 10, 1)
        fb.text(table.names[turn], 48, 10, 1)
    else:
        fb.text(">", 0, 10, 1)
        name_and_number(fb, table.names[turn], _CH, game.scores[turn], 10)
    # the running total, large
    big_number(fb, rules.points, 0, _BIG_Y + 2)
    fb.text(module.POINTS_WORD, 88, 21, 1)
    if rules.last_n and rules.last_n <= 2 and rules.throw_shown():
        faces(fb, rules.last_roll, rules.last_n, 88, 33)  # not the last player's dice
    # the game's own facts
    y = 47
    if table.npending:
        fb.text("Keys", 0, y, 1)
        faces(fb, table.pending, table.npending, 40, y, rules.dice_to_throw())
    elif table.said_top:
        fb.text(table.said_top, 0, y, 1)  # what the last action did, first line
    else:
        module.draw_info(fb, sys.modules[__name__], table, y)  # the game's own facts
    hint(fb, table)


def status_marks(fb, shown):
    """Top right: M = manual mode (no accelerometer), ! = flash low
    (`shown`: the table in play or the app at the menu)."""
    if shown.gate.manual:
        fb.text("M", 120, 0, 1)
    if shown.store.low:
        fb.text("!", 112, 0, 1)


def hint(fb, table, y=56):
    """Bottom line: a refusal, else what the last action did, else what to do."""
    fb.text(table.message or table.said or table.hint_text(), 0, y, 1)


# -- six dice: pick a reservation ----------------------------------------------
def keep_list(fb, table):
    rules = table.game.rules
    fb.fill(0)
    x = faces(fb, rules.last_roll, rules.last_n, 0, 0)
    fb.text("keep", 96, 0, 1)
    keeps = table.keeps
    top = table.keep_pos - table.keep_pos % _ROWS
    for row in range(_ROWS):
        i = top + row
        if i >= len(keeps):
            break
        y = 10 + 9 * row
        if i == table.keep_pos:
            fb.text(">", 0, y, 1)
        kept, points = keeps[i]
        x = _CH + 4
        for face in kept:
            fb.text(FACE_TEXT[face], x, y, 1)
            x += 2 * _CH if len(kept) <= 4 else 12
        number_right(fb, points, _W, y)
    if table.message:
        fb.text(table.message, 0, 56, 1)
    else:
        fb.text("UP/DOWN OK keep", 0, 56, 1)


# -- scores ------------------------------------------------------------------
def scores(fb, table):
    game = table.game
    rules = game.rules
    n = len(table.names)
    fb.fill(0)
    y = 0
    if n < 8:
        fb.text("Scores", 0, 0, 1)
        round_right(fb, rules, table.game_module.ROUND_LETTER, _W, 0)
        y = 8
    winners = table.winners
    for p in range(n):
        mark = " "
        if p in winners:
            mark = "*"
        elif rules.is_out(p):
            mark = "x"
        elif rules.ANY_PLAYER_BANKS and rules.rolls and not rules.is_in(p):
            mark = "b"   # banked this round
        elif not game.over and p == rules.turn:
            mark = ">"
        fb.text(mark, 0, y, 1)
        name_and_number(fb, table.names[p], _CH, game.scores[p], y)
        y += _CH


# -- game over ---------------------------------------------------------------
_WINNER_ROWS = const(3)
OVER_MENU = "MENU: new game"
OVER_UNDO = "UNDO: take back"


def over(fb, table):
    """The result, until MENU: UNDO may still take back the last action."""
    game = table.game
    winners = table.winners
    fb.fill(0)
    fb.text("Game over", 0, 0, 1)
    if len(winners) == 1:
        fb.text("Winner", 0, 10, 1)
    else:
        fb.text("Tie:", 0, 10, 1)
        x = number(fb, len(winners), 40, 10)
        fb.text("winners", x + _CH, 10, 1)
    y = 20
    for i in range(len(winners)):
        if i == _WINNER_ROWS - 1 and len(winners) > _WINNER_ROWS:
            fb.text("+", 0, y, 1)
            x = number(fb, len(winners) - i, _CH, y)
            fb.text("more", x + _CH, y, 1)
            break
        p = winners[i]
        name_and_number(fb, table.names[p], 0, game.scores[p], y)
        y += _CH
    fb.text(OVER_MENU, 0, 46, 1)
    # what ended the game (its first line names the player), until a key
    fb.text(table.message or table.said_top or table.said or OVER_UNDO, 0, 56, 1)


# -- menus and questions ---------------------------------------------------------
def confirm(fb, app):
    fb.fill(0)
    fb.text(app.ask1, 0, 12, 1)
    fb.text(app.ask2, 0, 24, 1)
    fb.text("OK: yes", 0, 44, 1)
    fb.text("MENU: no", 0, 54, 1)
