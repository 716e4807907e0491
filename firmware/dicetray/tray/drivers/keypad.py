"""Debounced key matrix with long presses, scanned from a timer into a ring buffer.

scan() drives one row low at a time and reads the columns (pulled up), so a
pressed key reads 0. The whole matrix state is one integer bitmap (bit =
row * ncols + col). A change is accepted once the new state has been stable
for debounce_ms; events go into a preallocated ring buffer.

start() makes a machine.Timer call scan() every period_ms as a soft IRQ, so
keys pressed while the firmware draws, writes flash or replays a record at
boot are queued in the order they were pressed and handled later. While no
key is down the pad is parked: the timer stops, every row is driven low and
a falling edge on any column (a key going down) starts it again, so an idle
tray spends no time scanning. Nothing in the timer's path allocates.
"""
from array import array
from time import ticks_diff, ticks_ms

from micropython import const

_PRESS = const(0x40)
_LONG = const(0x80)
_RELEASE = const(0xC0)


class Keypad:
    def __init__(self, rows, cols, keymap, debounce_ms=15, long_ms=700, queue_size=32):
        if len(keymap) != len(rows) * len(cols):
            raise ValueError("keymap has %d codes for a %dx%d matrix"
                             % (len(keymap), len(rows), len(cols)))
        self._col_pins = tuple(cols)
        # Keep bound .value methods of Pin objects: calling them allocates
        # nothing, while calling an object that only has __call__ may.
        self._rows = tuple(getattr(r, "value", r) for r in rows)
        self._cols = tuple(getattr(c, "value", c) for c in cols)
        self._keymap = bytes(keymap)
        self.debounce_ms = debounce_ms
        self.long_ms = long_ms
        self.down = 0          # debounced state
        self._raw = 0          # last state read
        self._raw_since = ticks_ms()
        self._long_sent = 0
        self._pressed_at = array("i", bytes(4 * len(self._keymap)))
        self._queue = bytearray(queue_size)   # the ring of events
        self._head = 0
        self._count = 0
        self.dropped = 0
        self._timer = None
        self._parked = False
        self.period_ms = 0
        self._tick_cb = self._tick    # bound once: the IRQ path makes no objects
        self._wake_cb = self._wake
        for row in self._rows:
            row(1)

    # -- the ring buffer ---------------------------------------------------------
    def _put(self, event):
        q = self._queue
        if self._count == len(q):
            self.dropped += 1
            return
        q[(self._head + self._count) % len(q)] = event
        self._count += 1

    def get(self):
        """Oldest event (kind | code), or -1 when there is none."""
        if not self._count:
            return -1
        q = self._queue
        event = q[self._head]
        self._head = (self._head + 1) % len(q)
        self._count -= 1
        return event

    def clear(self):
        self._head = 0
        self._count = 0

    # -- scanning ------------------------------------------------------------------
    def read_matrix(self):
        """The raw (undebounced) state as a bitmap."""
        state = 0
        bit = 1
        cols = self._cols
        ncols = len(cols)
        for row in self._rows:
            row(0)
            for c in range(ncols):
                if not cols[c]():
                    state |= bit << c
            row(1)
            bit <<= ncols
        return state

    def scan(self, now_ms=None):
        """Read the matrix once; returns how many events were queued."""
        now = ticks_ms() if now_ms is None else now_ms
        before = self._count
        raw = self.read_matrix()
        if raw != self._raw:
            self._raw = raw
            self._raw_since = now
        elif raw != self.down and ticks_diff(now, self._raw_since) >= self.debounce_ms:
            changed = raw ^ self.down
            keymap = self._keymap
            for i in range(len(keymap)):
                bit = 1 << i
                if changed & bit:
                    if raw & bit:
                        self._pressed_at[i] = now
                        self._long_sent &= ~bit
                        self._put(_PRESS | keymap[i])
                    else:
                        self._put(_RELEASE | keymap[i])
            self.down = raw
        waiting = self.down & ~self._long_sent
        if waiting:
            keymap = self._keymap
            for i in range(len(keymap)):
                bit = 1 << i
                if waiting & bit and ticks_diff(now, self._pressed_at[i]) >= self.long_ms:
                    self._long_sent |= bit
                    self._put(_LONG | keymap[i])
        return self._count - before

    # -- scanning from a timer ---------------------------------------------------------
    def start(self, period_ms=5):
        """Scan every period_ms from a machine.Timer (soft IRQ) from now on."""
        from machine import Timer
        self.period_ms = period_ms
        self._timer = Timer(-1)
        for pin in self._col_pins:
            pin.irq(self._wake_cb, pin.IRQ_FALLING)
        self._run()

    def _run(self):
        self._parked = False
        for row in self._rows:
            row(1)
        self._timer.init(mode=self._timer.PERIODIC, period=self.period_ms, callback=self._tick_cb)

    def _tick(self, timer):
        self.scan()
        if not (self.down or self._raw):
            self._park()

    def _park(self):
        # Nothing down and nothing changing: stop scanning until a key goes down.
        self._timer.deinit()
        self._parked = True
        for row in self._rows:
            row(0)
        for col in self._cols:
            if not col():  # went down before the edge could be armed
                self._wake(None)
                return

    def _wake(self, pin):
        if self._parked:
            self._run()
            self.scan()  # the press starts its debounce now, not a period later

    def is_down(self, code):
        keymap = self._keymap
        for i in range(len(keymap)):
            if keymap[i] == code:
                return bool(self.down & (1 << i))
        return False
