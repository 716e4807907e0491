"""What happened in a game record, action by action and turn by turn.

The rules engine decides everything: the record is replayed through
`dicetray.engine.replay.replay` and, after each action line, the engine's state is
copied (scores, running total, whose turn, round, what the action caused).
From those copies this module groups the actions still in effect into turns
and says how each turn ended. It never applies a rule itself; it only reads
what the engine reports, so the sheet, the database and the statistics all
agree with `dicetray replay`.

A turn ends when the state its rules' `TURN_KEY` names changes (each game says
what marks its turns) or the game is over. Where any player may bank (the
bank game) a player's "turn" is their part of one round: it ends when they
bank, or with the round when it ends with them still in.
"""
import io

from dicetray import games
from dicetray.engine.actions import BANK, NAMES
from dicetray.engine.game import Game
from dicetray.engine.record import decode
from dicetray.engine.replay import RecordError, check_header, replay  # noqa: F401  (RecordError is part of this API)
from dicetray.engine.rules import NOTE_BONUS, NOTE_SIXKIND, NOTE_WIPEOUT

# How a turn ended.
BANK_ACTION = NAMES[BANK]  # the record's "a" of a bank (pass, stop)
BANKED = "bank"          # the player banked (passed, stopped)
AUTOBANK = "autobank"    # pig: the sixth valid roll banked by itself
BUST = "bust"            # a 1 in pig, a skull, a roll with no scoring die
WIPEOUT = "wipeout"      # skulls: two skulls, the total is lost too
SEVEN = "seven"          # bank: a 7 from roll 4 on caught the player still in
SIXKIND = "sixkind"      # six dice: six of a kind, the game ends at once
OPEN = "open"            # the record ends during the turn

CREDITED = (BANKED, AUTOBANK)          # turns whose points went to the score
LOST = (BUST, WIPEOUT, SEVEN)          # turns whose points were lost
OUTCOMES = (BANKED, AUTOBANK, BUST, WIPEOUT, SEVEN, SIXKIND, OPEN)


class Step:
    """One action line and the engine's state right after it."""

    def __init__(self, line, kind, dice, p, t):
        self.line = line
        self.kind = kind          # the action's name: "roll", "bank", "undo" ...
        self.dice = dice
        self.p = p
        self.t = t
        self.actor = None         # seat that acted (None: order, undo, the start)
        self.retracted_by = None  # line of the undo that retracted this action
        self.undoes = None        # for an undo: the line it retracted
        self.before = None        # the Step (or start) whose state this one began from

    @property
    def retracted(self):
        return self.retracted_by is not None

    def take(self, game):
        """Copy what the engine says now."""
        rules = game.rules
        self.scores = list(rules.scores)
        self.over = rules.over
        self.points = 0 if rules.over else rules.points
        self.round = rules.round
        self.note = rules.note
        self.on_turn = rules.turn
        self.free = rules.dice_to_throw()
        self.turn_key = tuple(getattr(rules, name) for name in rules.TURN_KEY)
        self.in_mask = rules.in_mask
        self.out_mask = rules.out_mask
        return self


class Turn:
    """A player's turn, built from the actions still in effect."""

    def __init__(self, seat, round_number, before):
        self.seat = seat
        self.round = round_number
        self.start_scores = list(before.scores)
        self.first_line = self.last_line = 0
        self.steps = []           # every line of the turn, retracted ones and undos too
        self.rolls = 0            # throws in effect (voided and undone ones not counted)
        self.outcome = OPEN
        self.points = 0           # change of the player's score over the turn
        self.scores = list(before.scores)  # everyone's scores when the turn ended
        self.continued = False    # six dice: took over the previous turn
        self.eliminated = False   # six dice: eliminated after this turn
        self.bonus = False        # six dice: all-ones bonus during the turn
        self.seq = 0              # 1, 2, ... in the order turns ended

    @property
    def banked(self):
        return self.points if self.outcome in CREDITED else 0

    def close(self, step, outcome):
        self.scores = list(step.scores)
        self.points = step.scores[self.seat] - self.start_scores[self.seat]
        self.outcome = outcome


class Story:
    """A replayed record: header, every action line as a Step, the turns."""

    def __init__(self, header, header_line, lines, game, steps, dropped, start):
        self.header = header
        self.header_line = header_line  # bytes, no newline
        self.lines = lines              # action lines kept (bytes, no newline); a torn one left out
        self.game = game                # the engine's Game at the end of the record
        self.name = game.game
        self.module = games.module(game.game)  # the game's title, words and paper layout
        self.anyone_banks = game.rules.ANY_PLAYER_BANKS
        self.players = list(game.players)
        self.opts = dict(game.opts)
        self.steps = steps
        self.dropped = dropped          # line number of a torn last line, else 0
        self.start = start              # the state before the first action
        self.turns = []
        self.orders = {}                # skulls: round -> step of an explicit order

    @property
    def over(self):
        return self.game.over

    @property
    def scores(self):
        return list(self.game.scores)

    @property
    def winners(self):
        return list(self.game.winners())

    @property
    def effective(self):
        """Steps still in effect: not undone, and not undos themselves."""
        return [s for s in self.steps if s.kind != "undo" and not s.retracted]

    def unchecked_lines(self):
        """Line numbers written without a CRC member "c"."""
        found = []
        for number, raw in enumerate([self.header_line] + self.lines, 1):
            if not (raw.endswith(b'"}') and b',"c":"' in raw[-16:]):
                found.append(number)
        return found


def split_lines(data):
    """The record's lines as bytes without their line end: LF, or CRLF
    (a record copied through another system reads as the same record)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    return [line[:-1] if line[-1:] == b"\r" else line for line in lines]


def read(path):
    """Story of a record file; OSError, or RecordError ("line N: reason")."""
    with open(path, "rb") as stream:
        return load(stream.read())


def load(data):
    """Replay record bytes into a Story; RecordError ("line N: reason")."""
    lines = split_lines(data)
    steps = []

    def on_action(game, lineno):
        obj = decode(lines[lineno - 1])  # replay has just checked and accepted this line
        steps.append(Step(lineno, obj["a"], obj.get("d"), obj.get("p"), obj.get("t")).take(game))

    game, dropped = replay(io.BytesIO(data), on_action)
    header = decode(lines[0])
    start = Step(1, None, None, None, None).take(Game(*check_header(header)))
    kept = lines[1:dropped - 1] if dropped else lines[1:]
    story = Story(header, lines[0], kept, game, steps, dropped, start)
    _link(story)
    if story.anyone_banks:
        _bank_turns(story)
    else:
        _table_turns(story)
    for seq, turn in enumerate(story.turns, 1):
        turn.seq = seq
    return story


def _link(story):
    """Who acted on each line, and which action each undo retracted (the
    latest one still in effect: the record's contract)."""
    before = story.start
    live = []
    for step in story.steps:
        step.before = before
        if step.kind == "undo":
            target = live.pop()  # the engine accepted the undo, so there is one
            target.retracted_by = step.line
            step.undoes = target.line
        else:
            live.append(step)
            if step.kind == BANK_ACTION and story.anyone_banks:
                step.actor = step.p
            elif step.kind != "order":
                step.actor = before.on_turn
        before = step


def _in_effect(story):
    """(state before, step) over the steps in effect. Undo restores exactly
    the state before the action it retracts, so the state after the previous
    step in effect is the state this one started from."""
    before = story.start
    for step in story.effective:
        yield before, step
        before = step


def _table_turns(story):
    """Pig, skulls, six dice: one player's turn at a time."""
    current = None
    for before, step in _in_effect(story):
        if step.kind == "order":
            story.orders[before.round] = step
            if current is not None:  # only voids so far: the new order says who is on turn
                current.seat = step.on_turn
            continue
        if current is None:
            current = Turn(step.actor, before.round, before)
            current.first_line = step.line
        current.seat = step.actor
        current.last_line = step.line
        current.rolls += step.kind == "roll"
        current.continued |= step.kind == "continue"
        current.bonus |= step.note == NOTE_BONUS
        if step.over or step.turn_key != before.turn_key:
            current.close(step, _ending(story, before, step, current.seat))
            current.eliminated = bool((step.out_mask & ~before.out_mask) >> current.seat & 1)
            story.turns.append(current)
            current = None
    if current is not None:
        story.turns.append(current)
    _attach(story)


def _ending(story, before, step, seat):
    """How the turn that this step ended, ended (from the engine's state)."""
    if step.kind == BANK_ACTION:
        return BANKED
    if step.note == NOTE_SIXKIND:
        return SIXKIND
    change = step.scores[seat] - before.scores[seat]
    if change > 0:
        return AUTOBANK
    if step.note == NOTE_WIPEOUT or change < 0:
        return WIPEOUT
    return BUST


def _attach(story):
    """Every line (retracted ones and undos too) goes to the first turn that
    ends at or after it, so corrections show where they happened."""
    turns = story.turns
    if not turns:
        return
    orders = set(s.line for s in story.steps if s.kind == "order")
    index = 0
    for step in story.steps:
        if step.line in orders or step.undoes in orders:
            continue  # a sheet shows the order of a round beside the round
        while index < len(turns) - 1 and step.line > turns[index].last_line:
            index += 1
        turns[index].steps.append(step)


def _bank_turns(story):
    """Bank: each player's part of each round."""
    n = len(story.players)
    open_turns = {}
    for before, step in _in_effect(story):
        if not open_turns:
            open_turns = {seat: Turn(seat, before.round, before) for seat in range(n)}
            for turn in open_turns.values():
                turn.first_line = step.line
        for turn in open_turns.values():
            turn.last_line = step.line
            turn.rolls += step.kind == "roll"
        if step.kind == BANK_ACTION:
            turn = open_turns.pop(step.p)
            turn.close(step, BANKED)
            story.turns.append(turn)
            if not open_turns:
                continue
        if step.turn_key != before.turn_key or step.over:
            for seat in sorted(open_turns):  # a 7 caught these players still in
                open_turns[seat].close(step, SEVEN)
                story.turns.append(open_turns[seat])
            open_turns = {}
    for seat in sorted(open_turns):
        story.turns.append(open_turns[seat])


def rounds(story):
    """Bank and sheets: {round: [steps on that round's lines]} for every line
    (retracted ones and undos too), by the round they were played in."""
    grouped = {}
    for step in story.steps:
        grouped.setdefault(step.before.round, []).append(step)
    return grouped
