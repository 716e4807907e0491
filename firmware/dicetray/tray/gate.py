"""Throw gating: when may faces be keyed?

With the accelerometer, faces are accepted only after a throw was seen and
the dice have settled, on a level tray. Without it (manual mode) they are
always accepted. The gate only reads the tray's events; the app feeds them.
"""
from micropython import const

from dicetray.tray.throws import EV_THROW, EV_SETTLED, EV_TILT, EV_LEVEL, EV_MOVED

_WAITING = const(0)   # no throw since the last faces were keyed
_MOVING = const(1)    # a throw is under way
READY = const(2)     # settled: faces may be keyed

# What a refused face key says (fixed strings: nothing allocated per key).
THROW_FIRST = "Throw first"
DICE_MOVING = "Dice moving"
LEVEL_TRAY = "Level the tray"
MOVED_AGAIN = "Dice moved again"    # after the settle: the faces may have changed


class Gate:
    def __init__(self, manual):
        self.manual = manual
        self.state = READY if manual else _WAITING
        self.tilted = False
        self.rethrown = False  # a throw came before the last one was keyed
        self.moved = False     # something moved after the dice were still

    def on_event(self, ev, unkeyed):
        """Take one tray event. `unkeyed` is True when the last throw's faces
        are not (all) keyed yet. Returns True when the screen must change."""
        if self.manual:
            return False
        if ev == EV_THROW:
            # A second throw before the first was keyed is not merged: the
            # app drops the partial faces and the screen says so.
            self.rethrown = self.state == READY and unkeyed or self.state == _MOVING
            self.state = _MOVING
            return True
        if ev == EV_MOVED:
            # a die fell over after the settle: faces wait until it is still
            # again, and the screen says so. Once the faces are keyed the
            # dice are the players' again (picked up, thrown again): nothing to say.
            if self.state == _WAITING:
                return False
            if self.state == READY:
                self.state = _MOVING
            self.moved = True
            return True
        if ev == EV_SETTLED:
            if self.state == _MOVING:
                self.state = READY
            return True
        if ev == EV_TILT:
            self.tilted = True
            return True
        if ev == EV_LEVEL:
            self.tilted = False
            return True
        return False

    def refusal(self):
        """None when faces may be keyed now, else the reason."""
        if self.manual:
            return None
        if self.tilted:
            return LEVEL_TRAY
        if self.state == _WAITING:
            return THROW_FIRST
        if self.state == _MOVING:
            return DICE_MOVING
        return None

    def keyed(self):
        """The throw's faces went into the record: the next needs a throw."""
        self.rethrown = False
        if not self.manual:
            self.state = _WAITING

    def allow(self):
        """The dice on the tray may be keyed (after an undo, or a throw the
        sensor missed and the player marked by a long press of ROLL)."""
        self.state = READY
