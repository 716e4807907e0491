# What every game's rules object shares: the player count, the scores, the
# last throw, and the check that a throw's faces are well formed.
from micropython import const

from array import array

from dicetray.engine.actions import Illegal, ROLL, BANK, VOID

# What the last action caused on its own (for the screen to say so).
NOTE_NONE = const(0)
NOTE_BUST = const(1)      # turn lost: a 1 in pig, a skull, no scoring die
NOTE_AUTOBANK = const(2)  # pig: sixth valid roll banked
NOTE_WIPEOUT = const(3)   # skulls: two skulls, total lost
NOTE_SEVEN = const(4)     # bank: a 7 from roll 4 on ended the round
NOTE_ROUND = const(5)     # the round ended (everyone banked, or last turn)
NOTE_OVER = const(6)      # the game ended
NOTE_SIXKIND = const(7)   # six dice: six of a kind, instant win
NOTE_OUT = const(8)       # six dice: the player was eliminated
NOTE_BONUS = const(9)     # six dice: all-ones bonus of 100
NOTE_FINAL = const(10)    # six dice: a total reached the target: the final phase begins


class Rules:
    """Base of the four games. Subclasses set dice/faces and implement
    reset(), allowed() and apply(); apply() validates everything before it
    changes anything, so an Illegal leaves the state exactly as it was.

    _STATE and _BUFFERS name every attribute that changes during play, so
    snapshot() and restore() can save and bring back the whole state."""

    _STATE = ("last_n", "note", "over")
    _BUFFERS = ("scores", "last_roll")

    # What a game does differently, asked by the tray and the host tools
    # instead of comparing game names.
    ANY_PLAYER_BANKS = False  # BANK names the player ("p"); a turn is a player's part of a round
    TIE_ORDER = False         # the table may set the order of tied players (ORDER)
    # For the host tools (data, not code: bytecode is RAM on the board):
    TURN_KEY = ("round", "turn")  # attributes that change exactly when a new turn begins
    REPORT = ()               # the game's own facts in the replay summary (engine/summary.py)
    in_mask = 0               # players still in this round (where anyone may bank)
    out_mask = 0              # players eliminated

    def __init__(self, n):
        self.n = n
        self.scores = [0] * n
        self.last_roll = bytearray(6)  # faces of the last valid throw
        self.last_n = 0
        self.note = NOTE_NONE

    def _clear(self):
        scores = self.scores
        for i in range(self.n):
            scores[i] = 0
        for i in range(6):
            self.last_roll[i] = 0
        self.last_n = 0
        self.note = NOTE_NONE
        self.over = False

    def _check_faces(self, dice, count, low, high, reason):
        """A throw must name exactly `count` faces, each an int low..high."""
        if dice is None or len(dice) != count:
            raise Illegal("Throw 1 die" if count == 1 else "Throw %d dice" % count)
        type_of, whole = type, int  # in locals: a builtin's lookup costs more than the test
        for face in dice:
            if type_of(face) is not whole or face < low or face > high:
                raise Illegal(reason)

    def _remember(self, dice):
        count = len(dice)
        roll = self.last_roll
        for i in range(count):
            roll[i] = dice[i]
        self.last_n = count

    def _player(self, p):
        if type(p) is not int or p < 0 or p >= self.n:
            raise Illegal("No such player")

    def allowed(self):
        """Bitmask (1 << kind) of the actions legal now. This default fits
        the games where a turn throws, then banks after at least one roll
        (self.rolls); six dice has its own."""
        if self.over:
            return 0
        mask = (1 << ROLL) | (1 << VOID)
        if self.rolls:
            mask |= 1 << BANK
        return mask

    def snapshot(self):
        """The whole state packed in one array of 32-bit ints (small on the
        heap: the game keeps one every 128 actions for undo)."""
        saved = array("i")
        for name in self._STATE:
            saved.append(getattr(self, name))
        for name in self._BUFFERS:
            for value in getattr(self, name):  # bytearray items as ints
                saved.append(value)
        return saved

    def restore(self, saved):
        at = 0
        for name in self._STATE:
            kind = type(getattr(self, name))  # bool stays bool, int stays int
            setattr(self, name, kind(saved[at]))
            at += 1
        for name in self._BUFFERS:
            buffer = getattr(self, name)
            for i in range(len(buffer)):
                buffer[i] = saved[at]
                at += 1

    def voided(self):
        """A throw was voided: no total changes."""

    def throw_shown(self):
        """True while the last throw belongs to the turn (bank: the round)
        now being played: once a turn ends, its dice are not the next
        player's."""
        return self.rolls > 0

    def face_refusal(self, face):
        """Why a face key (0 = skull) cannot be part of a throw here, or None."""
        return "No skull here" if face == 0 else None

    def reservations(self):
        """Choices the last throw waits for (six dice), best first."""
        return ()

    def can_continue(self):
        return False

    def is_out(self, p):
        return (self.out_mask >> p) & 1 == 1

    def winners(self):
        """Player indexes with the highest score once over; ties stay ties."""
        if not self.over:
            return []
        best = max(self.scores)
        found = []
        for i in range(self.n):
            if self.scores[i] == best:
                found.append(i)
        return found
