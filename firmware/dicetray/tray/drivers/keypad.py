"""Debounced key matrix with long presses, scanned by the CPU from a timer.

The fallback scanner: on rp2 the pad is scanned by a PIO state machine
(keypad_pio.py), which goes on while the CPU is held up; this one is used
where there is no `rp2` module (another port).

scan() drives one row low at a time and reads the columns (pulled up), so a
pressed key reads 0. The whole matrix state is one integer bitmap (bit =
row * ncols + col). A change is accepted once the new state has been stable
for debounce_ms; events go into keyqueue's preallocated ring buffer.

start() makes a machine.Timer call scan() every period_ms as a soft IRQ, so
keys pressed while the firmware draws, writes flash or replays a record at
boot are queued in the order they were pressed and handled later. While no
key is down the pad is parked: the timer stops, every row is driven low and
a falling edge on any column (a key going down) starts it again, so an idle
tray spends no time scanning. Nothing in the timer's path allocates.
"""
from time import ticks_diff, ticks_ms

from dicetray.tray.drivers.keyqueue import KeyQueue


def _values(pins):
    """Each pin's bound .value, or the pin itself when it has none."""
    found = []
    for pin in pins:
        found.append(getattr(pin, "value", pin))
    return tuple(found)


class Keypad(KeyQueue):
    def __init__(self, rows, cols, keymap, debounce_ms=15, long_ms=700, queue_size=32):
        if len(keymap) != len(rows) * len(cols):
            raise ValueError("keymap has %d codes for a %dx%d matrix"
                             % (len(keymap), len(rows), len(cols)))
        super().__init__(keymap, long_ms, queue_size)
        self._col_pins = tuple(cols)
        # Keep bound .value methods of Pin objects: calling them allocates
        # nothing, while calling an object that only has __call__ may.
        self._rows = _values(rows)
        self._cols = _values(cols)
        self.debounce_ms = debounce_ms
        self._raw = 0          # last state read
        self._raw_since = ticks_ms()
        self._timer = None
        self._parked = False
        self.period_ms = 0
        self._tick_cb = self._tick    # bound once: the IRQ path makes no objects
        self._wake_cb = self._wake
        for row in self._rows:
            row(1)

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
            self._accept(raw, now)
        self._longs(now)
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
