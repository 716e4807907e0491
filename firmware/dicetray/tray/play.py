"""The game at the table: keys become actions, actions go to the record.

A face key adds one face to the throw being keyed; when the throw has all
its faces it is one `roll`. An action is applied to the game first (which
refuses it with a short reason and changes nothing), then written and
synced to the record, and only then shown.
"""
from micropython import const

from dicetray import games
from dicetray.tray import keys
from dicetray.engine.actions import Illegal, ROLL, BANK, KEEP, CONTINUE, ORDER, VOID, UNDO
from dicetray.engine.actions import NAMES as ACTION_NAMES
from dicetray.tray.throws import EV_THROW, EV_SETTLED, EV_TILT, EV_LEVEL, EV_MOVED

_NAME_CHARS = const(10)
_LINE = const(16)       # characters on a screen line (8x8 font, 128 px)

# -- the gate ----------------------------------------------------------------
# Throw gating: when may faces be keyed?
#
# With the accelerometer, faces are accepted only after a throw was seen and
# the dice have settled, on a level tray. Without it (manual mode) they are
# always accepted. The gate only reads the tray's events; the app feeds them.
# (In gate.py until round 73: a module of its own costs a Pico some 220
# bytes of RAM, and the table is its reader.)
_WAITING = const(0)   # no throw since the last faces were keyed
_MOVING = const(1)    # a throw is under way
_READY = const(2)    # settled: faces may be keyed

# What a refused face key says (fixed strings: nothing allocated per key).
THROW_FIRST = "Throw first"
DICE_MOVING = "Dice moving"
LEVEL_TRAY = "Level the tray"
MOVED_AGAIN = "Dice moved again"    # after the settle: the faces may have changed


class Gate:
    def __init__(self, manual):
        self.manual = manual
        self.state = _READY if manual else _WAITING
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
            self.rethrown = self.state == _READY and unkeyed or self.state == _MOVING
            self.state = _MOVING
            return True
        if ev == EV_MOVED:
            # a die fell over after the settle: faces wait until it is still
            # again, and the screen says so. Once the faces are keyed the
            # dice are the players' again (picked up, thrown again): nothing to say.
            if self.state == _WAITING:
                return False
            if self.state == _READY:
                self.state = _MOVING
            self.moved = True
            return True
        if ev == EV_SETTLED:
            if self.state == _MOVING:
                self.state = _READY
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
        self.state = _READY


_GATE_REASONS = (THROW_FIRST, DICE_MOVING, LEVEL_TRAY, MOVED_AGAIN)

# Our own refusals (the engine's come as Illegal texts).
KEY_FACES = "Key faces first"
NOT_HERE = "Not in this game"
PICK_KEEP = "Pick a keep"
NOT_SAVED = "Not saved: flash"
VOID_TWICE = "Already voided"     # a second void of the same throw
# What an undo took back: "Undone: roll" (the action's name in the record),
# made when shown rather than kept as seven texts.
UNDONE = "Undone"

HINT_THROW_BANK = "Throw or BANK"
HINT_FACES = "Key the faces"
HINT_FACES_BANK = "Faces or BANK"
HINT_TAKE = "OK: take over"



def _named(name, part):
    """A part of what was said: after the player's name when it starts with
    " " or ":" (the name shortened so the line fits), else as it is."""
    if part[0] != " " and part[0] != ":":
        return part
    return name[:max(2, _LINE - len(part))] + part  # 16 with totals up to 7 digits


class Table:
    def __init__(self, game, store, gate, now_ms=0):
        self.game = game
        self.game_module = games.module(game.game)  # title, words, its line on the play screen
        self.store = store
        self.gate = gate
        self.names = []
        for name in game.players:
            self.names.append(name[:_NAME_CHARS])
        self.pending = bytearray(6)   # faces keyed for the throw on the tray
        self.npending = 0
        self.message = None
        self.said = None              # what the last action did, shown until the next key or throw:
        self.said_top = None          # the bottom line, and the line above it (or None)
        self.voided = False           # the throw on the tray was voided: not again
        self.banker = 0               # bank game: who BANK banks
        self.keeps = []               # six dice: legal reservations of the throw
        self.keep_pos = 0
        self.winners = []
        self.ordering = None          # skulls: the order being settled, or None
        self.order_pos = 0
        self.refresh()

    # -- after every change of the game ---------------------------------------------
    def refresh(self):
        game = self.game
        rules = game.rules
        self.winners = game.winners() if game.over else []
        self.keeps = rules.reservations()  # six dice: the throw waits for a keep
        self.keep_pos = 0
        if rules.ANY_PLAYER_BANKS:
            self.game_module.cursor(self, 0)  # the bank cursor on a player still in

    def unkeyed(self):
        return self.npending > 0 or self.gate.state == _READY

    # -- doing ------------------------------------------------------------------------
    def act(self, kind, dice, p, now_ms):
        """Apply, record, then show. False (and the reason shown) if refused."""
        rules = self.game.rules
        who = p if kind == BANK and rules.ANY_PLAYER_BANKS else rules.turn
        before = rules.points
        if kind == UNDO:
            before = self.game.history.last_kind()  # what the undo takes back
            banked = rules.in_mask
        try:
            self.game.act(kind, dice, p)
        except Illegal as e:
            self.message = str(e)
            return False
        try:
            self.store.append(kind, dice, p, now_ms)
        except OSError:
            # Not on flash, so not done: the record is the truth.
            self.game = self.store.reload()
            self.message = NOT_SAVED
            self.said = self.said_top = None
            self.refresh()
            return False
        self.message = None
        self.voided = kind == VOID
        # Name the player and what the action did (the game's own words).
        rules = self.game.rules     # (an undo's game may hold new rules)
        if kind == UNDO:
            # where anyone banks, the cursor line (kept in sight) names the player
            said = (UNDONE + ": " + ACTION_NAMES[before] if before else UNDONE,
                    None if rules.ANY_PLAYER_BANKS else " to play")
            who = rules.turn
        elif kind == VOID:
            said = ": void", "Throw again"
        else:
            said = self.game_module.said(rules, kind, who, before)
        if said is None:
            self.said = self.said_top = None
        else:
            head, tail = said
            name = self.names[who]
            if tail is None:
                self.said_top = None
                self.said = _named(name, head)
            else:
                self.said_top = _named(name, head)
                self.said = _named(name, tail)
        if kind == UNDO and rules.ANY_PLAYER_BANKS:
            self.game_module.cursor_back(self, banked)
        self.refresh()
        return True

    def key(self, code, now_ms):
        """One key press in play. Returns True (the screen may change)."""
        self.message = None
        self.said = self.said_top = None
        game = self.game
        if game.over:
            # The result stays (UNDO takes back the last action) until MENU;
            # any other key: the screen says which key does what.
            if code == keys.UNDO and self.act(UNDO, None, None, now_ms):
                self.gate.allow()
            return True
        if self.ordering is not None:
            self.game_module.order_key(self, keys, code, now_ms)
            return True
        face = keys.face(code)
        if face or code == keys.SKULL:
            if code == keys.SKULL:
                face = 0
            rules = game.rules
            if self.keeps:
                self.message = PICK_KEEP
            elif not game.allowed() & (1 << ROLL):
                self.message = "Keep dice first"
            else:
                reason = rules.face_refusal(face) or self.gate.refusal()
                if reason:
                    self.message = reason
                else:
                    self.pending[self.npending] = face
                    self.npending += 1
                    if self.npending >= rules.dice_to_throw():
                        dice = list(self.pending[:self.npending])
                        self.npending = 0
                        if self.act(ROLL, dice, None, now_ms):
                            self.gate.keyed()
        elif code == keys.UNDO:
            if self.npending:
                self.npending -= 1   # a face not yet recorded: just forget it
            elif self.act(UNDO, None, None, now_ms):
                self.gate.allow()    # the dice on the tray may be keyed again
        elif code == keys.VOID:
            if self.voided:
                self.message = VOID_TWICE  # nothing new on the tray to void
            elif self.act(VOID, None, None, now_ms):
                self.npending = 0
                self.gate.keyed()    # the throw is remade
        elif code == keys.BANK:
            # faces first when a throw has settled on the tray and is not keyed
            if self.npending or (self.gate.state == _READY and not self.gate.manual
                                 and game.allowed() & (1 << ROLL)):
                self.message = KEY_FACES
            else:
                self.act(BANK, None, self.banker if game.rules.ANY_PLAYER_BANKS else None, now_ms)
        elif code == keys.OK:
            if self.keeps:
                kept = self.keeps[self.keep_pos][0]
                self.act(KEEP, list(kept), None, now_ms)
            elif game.rules.can_continue():
                self.act(CONTINUE, None, None, now_ms)
            elif self.npending:
                self.message = "Key %d faces" % game.rules.dice_to_throw()
            else:
                self.message = self.hint_text()
        elif code == keys.PLAYER:
            if game.rules.TIE_ORDER:
                self.game_module.open_order(self)
            elif game.rules.ANY_PLAYER_BANKS:
                self.game_module.cursor(self, 1)
            else:
                self.message = NOT_HERE
        elif code == keys.UP or code == keys.DOWN:
            step = 1 if code == keys.DOWN else -1
            if self.keeps:
                self.keep_pos = (self.keep_pos + step) % len(self.keeps)
            elif game.rules.ANY_PLAYER_BANKS:
                self.game_module.cursor(self, step)
            else:
                self.message = NOT_HERE
        return True

    def long_key(self, code):
        """Long press of ROLL: the sensor missed a throw; faces may be keyed."""
        if code == keys.OK and not self.gate.manual:
            self.gate.allow()
            self.message = "Throw marked"
            return True
        return False

    # -- skulls: the order of tied players (its code is in games/skulls.py) ----------
    def tie_at_start(self):
        """The game lets the table settle the order of tied players now."""
        return self.game.rules.TIE_ORDER and self.game_module.tie_at_start(self)

    # -- the tray ------------------------------------------------------------------
    def on_tray(self, ev):
        """A tray event (from the accelerometer). True when the screen changes."""
        changed = self.gate.on_event(ev, self.unkeyed() and not self.game.over)
        if ev == EV_THROW:
            self.voided = False   # a new throw may be voided again
            # What the last key did gives way to the dice on the tray now
            # ("Dice moving", "Key the faces"), as a key would make it.
            self.said = self.said_top = None
        if ev == EV_THROW or self.message in _GATE_REASONS:
            self.message = None  # old news: the tray has changed since
        if self.gate.rethrown:
            # Not merged: the faces of the throw before are dropped, and said so.
            self.npending = 0
            self.message = "Rethrown: key it"
            self.gate.rethrown = False
        if self.gate.moved:
            self.gate.moved = False
            self.message = MOVED_AGAIN
        return changed

    # -- what the keys do now ----------------------------------------------------------
    def hint_text(self):
        game = self.game
        if game.over:
            return "Game is over"
        rules = game.rules
        can_bank = game.allowed() & (1 << BANK)
        if rules.can_continue():
            return HINT_TAKE
        reason = self.gate.refusal()
        if self.tie_at_start() and (reason == THROW_FIRST or self.gate.manual):
            return self.game_module.TIE_LINE   # before the round's throw: ties may be settled
        if reason == THROW_FIRST and can_bank:
            return HINT_THROW_BANK
        if reason:
            return reason
        return HINT_FACES_BANK if can_bank else HINT_FACES
