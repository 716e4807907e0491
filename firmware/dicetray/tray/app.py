"""The tray's main loop: keys, accelerometer, screens, dimming.

The key pad is scanned by a timer into a ring buffer (drivers/keypad.py),
so no key is lost while this loop draws, writes flash or replays at boot.
Every ~5 ms the loop handles the queued key events in order; every 20 ms
it reads the accelerometer FIFO and feeds the throw detector; it redraws
only when something changed (the display driver then sends only the
changed columns of the changed pages). The FIFO holds 32 samples, 160 ms
at 200 Hz and 80 ms at 400 Hz, so the loop reads it between its long
moments too (poll()): after each key's action (a record write, which a
flash erase can hold for 45 ms), before a frame goes out, before a
collection, between the steps of a game's start (the rules' import, the
game's module's import). Inside a key's action it reads too (drain()):
between the store's file operations that may each erase (a batch into the
record, then the journal's rewrite; a new record; a game's end), between a
game's end and the menu's import, after Tray setup's save and in a reload
after a failed write; the events read there wait for the loop, so the
action is never re-entered. At boot the FIFO (set up by main.py before the
app's modules load) is first read as soon as the detector exists, then
between the boot's steps (the record's resume, the menu's import).
"""
import gc
import time

from micropython import const

from dicetray.tray import READING, keys, load, screens, unload, unload_games
# (loaded here, in this order, for appboot.py: the App's set-up and boot;
# play.py holds the gate too)
from dicetray.tray import store  # noqa: F401
from dicetray.tray.play import Table
from dicetray.engine.game import Game

_TICK_MS = const(5)
_SAMPLE_MS = const(20)       # 60 ms of FIFO left at 400 Hz for a moment poll() cannot split
_DIM_MS = const(60000)       # no key or throw for a minute: dim
_OFF_MS = const(300000)      # five minutes: panel off (a key or a throw wakes it)
_LISTEN_MS = const(2000)     # after a wake-up movement: sample this long for a throw
_WAKE_MG = const(32)         # INT1 threshold on high-passed data (docs/throw-detection.md)
# The detector is told of a key as from a key scan that reports it 20 ms
# after its contact (the host's model: traces/detecting.py KEY_LAG_MS, which
# the bench's "keys fed" figures and the detector's key rules were tuned
# with). The pad reports a clean contact its debounce_ms after it (10 ms in
# PIO, 15 by timer) and the loop takes the event up to a tick later: told
# at that time, the key's mask began and ended 6-10 ms earlier than tuned
# (round 30, board30: bare keys seeds 34 and 41 made throws on the board,
# none on the host). So a key goes to the detector (or to Tray setup) at
# its contact + _KEY_LAG_MS, in time order with the samples.
_KEY_LAG_MS = const(20)
_KEYS_WAITING = const(8)     # (and appboot.py's) key events held until the samples reach their time
_HELD = const(8)             # (and appboot.py's) detector events read inside a key's action, held until it ends
_BRIGHT = const(0xCF)
_DIM = const(0x08)

MENU = const(0)         # (appboot.py and calibrate.py set it too)
_PLAY = const(1)
SCORES = const(2)
_CONFIRM = const(3)
SETUP = const(4)        # "Tray setup": the tray learns itself (tray/calibrate.py)

# A game's modules (games/) are dropped when the menu comes back (their
# bytecode is RAM on a Pico unless frozen) and imported again by the next
# game; so is the code that reads a record (READING). The table (play.py)
# and the game (game.py) are imported at boot, while the heap is still in
# one piece: dropping and loading them again would leave holes.


_ASK_LEAVE = const(1)
ASK_DELETE = const(2)     # menu.py asks it


class App:
    # The set-up and the boot are in appboot.py, dropped once booted.
    def __init__(self, oled, accel, pad, int1=None):
        from dicetray.tray import appboot
        appboot.init(self, oled, accel, pad, int1)

    def boot(self):
        from dicetray.tray import appboot
        appboot.boot(self)
        unload("tray.appboot")

    def open_menu(self, message):
        from_game = self.table is not None
        if from_game:
            self.table = None
            unload(*READING)
            self.drain()    # each unload is a heap collection
            unload_games()
            self.drain()
        # shelf.py (the menu's) apart from the menu: the menu's import is
        # the longest Python of a game's end (and of the boot's end)
        load(self.drain, "tray.shelf", "tray.menu")
        from dicetray.tray.menu import Menu
        self.menu = Menu()
        self.mode = MENU
        self.message = message or self.store.check_space() or (
            "Manual mode" if self.gate.manual else None)
        self.dirty = True

    def play(self, game, now):
        self.menu = None
        unload("tray.menu")
        self.gate.keyed()  # faces only after the next throw
        self.table = Table(game, self.store, self.gate, now)
        self.mode = _PLAY
        self.dirty = True
        self.drain()

    # -- the loop ----------------------------------------------------------------
    def run(self):
        self.boot()
        while True:
            self.step(time.ticks_ms())
            time.sleep_ms(_TICK_MS)

    def step(self, now):
        pad = self.pad
        ev = pad.get()
        keyed = ev >= 0
        while ev >= 0:
            kind = ev & keys.KIND_MASK
            if kind != keys.LONG:
                # The pad's own knocks start no throw: the detector is told of them.
                # It hears of a key going down (or up) at its contact +
                # _KEY_LAG_MS before the first sample from then on (samples
                # before it still in the FIFO go first), as the host's
                # detect() and calibrate() tell it.
                if self.setup is not None or self.tray is not None:
                    if self._kn == _KEYS_WAITING:
                        self._key_out()         # the oldest goes now
                    i = (self._kh + self._kn) % _KEYS_WAITING
                    self._kt[i] = time.ticks_add(pad.contact_ms(), _KEY_LAG_MS)
                    self._kup[i] = 0 if kind == keys.PRESS else 1
                    self._kn += 1
                    if self.sleeping:
                        self.keys_out()        # no samples to wait for
            if kind == keys.PRESS:
                self.poll(True)     # the FIFO empty before the key's action (a flash write) begins
                self.on_press(ev & keys.CODE_MASK, now)
            elif kind == keys.LONG:
                if self.mode == _PLAY and self.table.long_key(ev & keys.CODE_MASK):
                    self.dirty = True
            self.poll()
            ev = pad.get()
        if self.sleeping:
            if self.int1():
                self.stop_sleeping(now)  # something moved: read the FIFO at once
        self.poll()
        # dimming
        idle = time.ticks_diff(now, self.last_active)
        if idle >= _OFF_MS:
            if self.oled.is_on:
                self.oled.poweroff()
            # A movement that was no throw: back to waiting for INT1.
            if self.int1 and not self.sleeping and time.ticks_diff(now, self._listen_until) >= 0:
                self.keys_out()        # asleep: no samples to wait for
                self.accel.enable_wake(_WAKE_MG, 0)
                self.sleeping = True
        elif idle >= _DIM_MS and not self.dimmed:
            self.oled.contrast(_DIM)
            self.dimmed = True
            if self.table is not None:
                try:
                    self.store.settle()  # quiet table: the record file becomes whole
                except OSError:
                    pass  # the lines stay safe in the journal
        if self.dirty:
            self.draw()
        if keyed:
            # The keys' garbage (a record line, a message) goes now, once
            # their screen is out: between keys the heap holds live data
            # only, not the scraps of every action since the last collection.
            self.poll()
            gc.collect()

    def poll(self, now_anyway=False, hold=False):
        """Read the FIFO if a read is due (every _SAMPLE_MS while awake), or
        now. With `hold` (drain()) the detector's events wait in _held."""
        if self.accel is None or self.sleeping:
            return
        now = time.ticks_ms()
        if self._nheld and not hold:
            # what drain() read goes first, in order
            n = self._nheld
            self._nheld = 0
            for i in range(n):
                self._on_event(self._held[i], now)
        if now_anyway or time.ticks_diff(now, self._next_sample) >= 0:
            self._next_sample = time.ticks_add(now, _SAMPLE_MS)
            # Feed the detector (or Tray setup) every sample in the FIFO;
            # `now`, the time of the read, bounds the newest sample's
            # (stamp()). With `hold` the detector's events are kept for the
            # loop (drain()).
            accel = self.accel
            n = accel.read_fifo()
            if not n:
                return
            s = accel.samples
            accel.stamp(now, n)
            ts = accel.times
            setup = self.setup
            if setup is not None:
                for i in range(n):
                    t = ts[i]
                    while self._kn and time.ticks_diff(self._kt[self._kh], t) <= 0:
                        self._key_out()     # the keys before this sample first
                    if setup.feed(t, s[3 * i], s[3 * i + 1], s[3 * i + 2]):
                        self.dirty = True
                return
            tray = self.tray
            for i in range(n):
                t = ts[i]
                while self._kn and time.ticks_diff(self._kt[self._kh], t) <= 0:
                    self._key_out()     # the keys before this sample first
                ev = tray.feed(t, s[3 * i], s[3 * i + 1], s[3 * i + 2])
                if ev:
                    if not hold:
                        self._on_event(ev, now)
                    elif self._nheld < _HELD:    # more in one action: not seen (never so far)
                        self._held[self._nheld] = ev
                        self._nheld += 1

    def drain(self):
        """The FIFO read into the detector now, inside a key's action (the
        store's `between`, a game's end): nothing else. Its events wait in
        _held for the next poll(), so the table, the screen and the store
        are not touched in the middle of what they are doing."""
        self.poll(True, True)

    def _on_event(self, ev, now):
        # a throw, dice settled, a tilt ...: to the table (the gate at the menu)
        from dicetray.tray.throws import EV_THROW
        if ev == EV_THROW:
            self.wake(now)
        if self.table:
            changed = self.table.on_tray(ev)
        else:
            changed = self.gate.on_event(ev, False)
        if changed and self.mode == _PLAY:
            self.dirty = True

    def keys_out(self):
        """Every key waiting for its samples goes now (to who listens now)."""
        while self._kn:
            self._key_out()

    def _key_out(self):
        i = self._kh
        to = self.setup or self.tray
        if self._kup[i]:
            to.key_up(self._kt[i])
        else:
            to.key_down(self._kt[i])
        self._kh = (i + 1) % _KEYS_WAITING
        self._kn -= 1

    # -- the display ---------------------------------------------------------------
    def draw(self):
        fb = self.oled
        mode = self.mode
        if mode == _PLAY:
            table = self.table
            if table.game.over:
                screens.over(fb, table)
            elif table.keeps:
                screens.keep_list(fb, table)
            elif table.ordering is not None:
                table.game_module.draw_order(fb, screens, table)  # skulls' own screen
            else:
                screens.play(fb, table)
        elif mode == SCORES:
            screens.scores(fb, self.table)
        elif mode == _CONFIRM:
            screens.confirm(fb, self)
        elif mode == SETUP:
            self.setup.draw(fb)
        else:
            from dicetray.tray import menu
            menu.draw(fb, self)
        self.dirty = False
        self.poll()     # between the drawing and the bytes on the bus (a sample's event redraws next step)
        fb.show()

    def stop_sleeping(self, now):
        self.accel.wake_source()  # releases the latched INT1
        self.accel.disable_wake()
        self.sleeping = False
        self._next_sample = now
        self._listen_until = time.ticks_add(now, _LISTEN_MS)

    def wake(self, now):
        """True when the panel was off (the waking key then does nothing else)."""
        if self.sleeping:
            self.stop_sleeping(now)
        self.last_active = now
        was_off = not self.oled.is_on
        if was_off:
            self.oled.poweron()
        if self.dimmed:
            self.oled.contrast(_BRIGHT)
            self.dimmed = False
        return was_off

    # -- keys ------------------------------------------------------------------------
    def ask(self, what, line1, line2):
        # a yes/no question (the confirm screen); a no goes back to where it was asked
        self._asked = what
        self.ask1 = line1
        self.ask2 = line2
        self._back = self.mode
        self.mode = _CONFIRM

    def on_press(self, code, now):
        if self.wake(now):
            return
        self.dirty = True
        mode = self.mode
        end = False     # the game ends, and the menu comes back
        if mode == _PLAY:
            table = self.table
            if code == keys.SCORES:
                self.mode = SCORES
            elif code == keys.MENU:
                end = table.game.over   # the result was seen: on to a new game
                if not end:
                    self.ask(_ASK_LEAVE, "Leave this game?", "Record is kept")
            else:
                table.key(code, now)
        elif mode == SCORES:
            self.mode = _PLAY  # any key goes back
        elif mode == _CONFIRM:
            self.mode = self._back  # a no: back to where it was asked
            if code == keys.OK and self._asked == _ASK_LEAVE:
                end = True
            elif code == keys.OK and self._asked == ASK_DELETE:
                from dicetray.tray import shelf  # the menu's: loaded with it
                shelf.delete(self.store, self._delete)
                self.message = "Deleted %04d" % self._delete
        elif mode == SETUP:
            self.setup.key(code, self)  # calibrate.py's: back to the menu after a save, the defaults or MENU
        else:
            from dicetray.tray import menu
            start = menu.on_key(self, code, now)
            del menu  # so that the game's start below can drop it before the game loads
            if start:
                # Play the game the menu has just started the record of
                # (name, players, options). The menu's RAM (with the game
                # modules it looked at) goes before the game's modules
                # load, so they load into one piece of heap.
                self.poll()     # the record's first line has just been written
                self.menu = None
                unload("tray.menu", *READING)
                self.poll()     # each unload is a heap collection
                unload_games()
                self.poll()
                # Game() imports the rules and the game's module: apart here, with
                # a read between them (the rules stay loaded after the first game)
                self.store.modules(start[0])
                game = Game(*start)
                self.store.game = game  # for the snapshots
                self.poll()
                self.play(game, now)

        if end:
            self.store.finish()
            self.drain()        # the record's last erase done: the FIFO before the menu loads
            self.open_menu(None)
