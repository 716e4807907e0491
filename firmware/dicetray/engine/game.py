# A game: the rules of one of the four games, built from a record header,
# advanced one action at a time, with undo back to any earlier point.
import gc
import sys

from micropython import const

from dicetray import games
from dicetray.engine.actions import BadHeader, Illegal, ROLL, BANK, KEEP, ORDER, UNDO, VOID
from dicetray.engine.lines import MAX_TOTAL

_CHECKPOINT_EVERY = const(128)  # actions between saved states: bounds undo's replay
_SMALL_HEAP = sys.implementation.name == "micropython"


# History: the actions still in effect in a game, packed small for undo: a head byte
# (kind << 4 | number of values) and the values two to a byte (faces 0-6,
# players 0-7). Kept in fixed 128-byte chunks so a long game never needs one
# large contiguous block of the heap.
# (In history.py until round 73: a module of its own costs a Pico some 270
# bytes of RAM, and game.py is its one user.)
_CHUNK = const(128)
_END = const(0)  # a zero head byte ends a chunk early: no action has kind 0


def _length(head):
    return 1 + ((head & 15) + 1) // 2


class History:
    def __init__(self):
        self._chunks = [bytearray(_CHUNK)]
        self._used = 0  # bytes used in the last chunk
        self.count = 0  # actions held

    def push(self, kind, values, size):
        need = 1 + (size + 1) // 2
        if self._used + need > _CHUNK:
            if self._used < _CHUNK:
                self._chunks[-1][self._used] = _END
            if _SMALL_HEAP:
                gc.collect()  # a chunk lives long: into the lowest free space, not between scraps
            self._chunks.append(bytearray(_CHUNK))
            self._used = 0
        chunk = self._chunks[-1]
        at = self._used
        chunk[at] = kind << 4 | size
        for i in range(0, size, 2):
            low = values[i + 1] if i + 1 < size else 0
            chunk[at + 1 + i // 2] = values[i] << 4 | low
        self._used = at + need
        self.count += 1

    def pop(self):
        """Forget the latest action (the caller checks count first)."""
        if not self._used:  # the last chunk is empty: back to the one before
            self._chunks.pop()
            self._used = self._end_of(self._chunks[-1])
        chunk = self._chunks[-1]
        at = last = 0
        while at < self._used:
            last = at
            at += _length(chunk[at])
        self._used = last
        self.count -= 1

    def last_kind(self):
        """The kind of the latest action held, 0 when none (a screen says
        what an undo takes back)."""
        chunks = self._chunks
        end = self._used
        if end:
            chunk = chunks[-1]
        elif len(chunks) > 1:
            chunk = chunks[-2]
            end = self._end_of(chunk)
        else:
            return 0
        at = last = 0
        while at < end:
            last = at
            at += _length(chunk[at])
        return chunk[last] >> 4

    def _end_of(self, chunk):
        """Bytes in use in a full chunk: up to its end marker, if any."""
        at = 0
        while at < _CHUNK and chunk[at] != _END:
            at += _length(chunk[at])
        return at

    def mark(self):
        """Where the next action will go, for replay() to start from."""
        return len(self._chunks) - 1, self._used

    def replay(self, apply, start=None):
        """Call apply(kind, values) for each action from a mark() on (from
        the first action without one). Allocates a small list per action:
        used for undo, which is rare."""
        first, at = start or (0, 0)
        last = len(self._chunks) - 1
        for number in range(first, last + 1):
            chunk = self._chunks[number]
            end = self._used if number == last else self._end_of(chunk)
            while at < end:
                head = chunk[at]
                size = head & 15
                values = []
                for i in range(size):
                    byte = chunk[at + 1 + i // 2]
                    values.append(byte & 15 if i & 1 else byte >> 4)
                apply(head >> 4, values)
                at += _length(head)
            at = 0


class Game:
    """The live state of one game. act() applies one action or raises
    Illegal with a short reason and leaves everything as it was.

    The game keeps the actions still in effect in a compact history (about
    two bytes a throw) and a saved state every 128 actions; undo drops the
    last action and replays from the nearest saved state, so an undo
    restores exactly the state before the action it retracts, across any
    boundary (bust, round end, elimination, game over).

    A game resumed from a record's snapshot (tray/recover.py) holds only
    the actions after it, from a saved state at count 0: `base` counts
    those in effect before. An undo past them calls earlier(), which gives
    the same game replayed in full (the store reads the record again)."""

    def __init__(self, game, players, opts=None):
        self.game = game
        self.players = players
        self.opts = opts = opts or {}
        # The rules for the header's game and options, or BadHeader. Only
        # the game being played is imported: bytecode costs RAM.
        if _SMALL_HEAP:
            gc.collect()  # the module's code then loads into free heap in one piece, not between scraps
        try:
            module = games.module(game)
        except KeyError:
            raise BadHeader("game must be " + games.listed())
        for key in opts:
            if key not in module.OPTION_KEYS:
                raise BadHeader("option %s not in %s" % (key, game))
        self.rules = module.rules_for(len(players), opts)
        self.history = History()
        self._player = bytearray(1)  # the "p" of a bank, as a history value
        self._checkpoints = []  # (actions applied, history.mark(), rules.snapshot())
        self.base = 0           # actions in effect before the history (resumed from a snapshot)
        self.earlier = None     # () -> this game replayed in full, for an undo past base

    def in_effect(self):
        """Actions in effect: what an undo could still retract."""
        return self.base + self.history.count

    # -- acting --------------------------------------------------------------
    def act(self, kind, dice=None, p=None):
        if kind == UNDO:
            self.undo()
            return
        if dice is not None and type(dice) is not list:
            raise Illegal("Dice as a list")
        rules = self.rules
        if kind == VOID:  # legal wherever a throw is, and changes no total
            if not rules.allowed() & (1 << VOID):
                raise Illegal("Game is over" if rules.over else "Keep dice first")
            rules.voided()
            self._remember(kind, None, 0)
            return
        if kind == BANK and not rules.ANY_PLAYER_BANKS:
            p = None  # only where anyone may bank does BANK name who banks
        rules.apply(kind, dice, p)
        if rules.points > MAX_TOTAL or max(rules.scores) > MAX_TOTAL:
            # Refused like any illegal action, on every runtime (a total
            # past 2^31 would not fit a saved state): back to before it.
            self._rebuild()
            raise Illegal("Over %d" % MAX_TOTAL)
        if kind == ROLL or kind == KEEP:
            self._remember(kind, dice, len(dice))
        elif kind == ORDER:
            self._remember(kind, p, len(p))
        elif kind == BANK and p is not None:
            self._player[0] = p
            self._remember(kind, self._player, 1)
        else:
            self._remember(kind, None, 0)

    def _remember(self, kind, values, size):
        history = self.history
        history.push(kind, values, size)
        if history.count % _CHECKPOINT_EVERY == 0:
            if _SMALL_HEAP:
                gc.collect()  # a saved state lives long: into the lowest free space
            self._checkpoints.append((history.count, history.mark(), self.rules.snapshot()))

    def undo(self, before=None):
        """Retract the last action. `before`: the rules' snapshot() taken
        just before that action (a replay reading ahead), restored at once
        instead of replaying from the nearest saved state."""
        if not self.history.count and self.base:
            full = self.earlier() if self.earlier else None
            if full is None or full.in_effect() != self.base:  # not this game as it is now
                raise Illegal("Cannot undo")
            self.rules = full.rules
            self.history = full.history
            self._checkpoints = full._checkpoints
            self.base = 0
        history = self.history
        if not history.count:
            raise Illegal("Nothing to undo")
        history.pop()
        self._rebuild(before)

    def _rebuild(self, state=None):
        """The state after the actions in the history: `state` when the
        caller has it, else from the nearest saved state, or the start."""
        history = self.history
        checkpoints = self._checkpoints
        while checkpoints and checkpoints[-1][0] > history.count:
            checkpoints.pop()
        rules = self.rules
        if state is not None:
            rules.restore(state)
            return
        if checkpoints:
            _, start, saved = checkpoints[-1]
            rules.restore(saved)
        else:
            start = None
            rules.reset()
        history.replay(self._again, start)

    def _again(self, kind, values):
        rules = self.rules
        if kind == VOID:
            rules.voided()
        elif kind == ROLL or kind == KEEP:
            rules.apply(kind, values, None)
        elif kind == ORDER:
            rules.apply(kind, None, values)
        else:
            rules.apply(kind, None, values[0] if values else None)

    def allowed(self):
        """Bitmask of action kinds legal now (1 << kind), undo included."""
        mask = self.rules.allowed()
        if self.history.count or self.base:
            mask |= 1 << UNDO
        return mask

    # -- what a screen or a report needs --------------------------------------
    @property
    def over(self):
        return self.rules.over

    @property
    def scores(self):
        return self.rules.scores

    def winners(self):
        return self.rules.winners()
