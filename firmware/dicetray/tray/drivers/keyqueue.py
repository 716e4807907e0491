"""Key events in an allocation-free ring buffer: what every pad scanner shares.

A scanner hands in each new debounced state of the pad (one bitmap, bit =
row * ncols + col) with _accept(); this turns the changes into PRESS and
RELEASE events, and _longs() adds a LONG event once a key has been held
long_ms. The events wait in a preallocated ring until the app takes them,
each with the time it was queued (`t` after get(): when the debounce
accepted the change, debounce_ms after a clean contact). Nothing here
allocates, so it may run in a soft IRQ.
"""
from array import array
from time import ticks_add, ticks_diff

from micropython import const

_PRESS = const(0x40)
_LONG = const(0x80)
_RELEASE = const(0xC0)


class KeyQueue:
    def __init__(self, keymap, long_ms=700, queue_size=32):
        self._keymap = bytes(keymap)
        self.long_ms = long_ms
        self.down = 0          # debounced state
        self._long_sent = 0
        self._pressed_at = array("i", bytes(4 * len(self._keymap)))
        self._queue = bytearray(queue_size)   # the ring of events
        self._times = array("i", bytes(4 * queue_size))  # and when each was queued (ticks_ms)
        self.t = 0             # the time of the event get() returned last
        self._head = 0
        self._count = 0
        self.dropped = 0

    # -- the ring buffer ---------------------------------------------------------
    def _put(self, event, now):
        q = self._queue
        if self._count == len(q):
            self.dropped += 1
            return
        i = (self._head + self._count) % len(q)
        q[i] = event
        self._times[i] = now
        self._count += 1

    def contact_ms(self):
        """When the key of the event get() returned last made (or broke)
        contact: the debounce accepts a clean change debounce_ms after it."""
        return ticks_add(self.t, -self.debounce_ms)

    def get(self):
        """Oldest event (kind | code), or -1 when there is none."""
        if not self._count:
            return -1
        q = self._queue
        event = q[self._head]
        self.t = self._times[self._head]
        self._head = (self._head + 1) % len(q)
        self._count -= 1
        return event

    # -- states to events ----------------------------------------------------------
    def _accept(self, state, now):
        """The pad's debounced state is now `state`: queue what changed."""
        changed = state ^ self.down
        keymap = self._keymap
        for i in range(len(keymap)):
            bit = 1 << i
            if changed & bit:
                if state & bit:
                    self._pressed_at[i] = now
                    self._long_sent &= ~bit
                    self._put(_PRESS | keymap[i], now)
                else:
                    self._put(_RELEASE | keymap[i], now)
        self.down = state

    def _longs(self, now):
        """Queue LONG for keys held long_ms; returns ms until the next one
        is due (-1: no key is waiting for one)."""
        waiting = self.down & ~self._long_sent
        soonest = -1
        if waiting:
            keymap = self._keymap
            for i in range(len(keymap)):
                bit = 1 << i
                if waiting & bit:
                    left = self.long_ms - ticks_diff(now, self._pressed_at[i])
                    if left <= 0:
                        self._long_sent |= bit
                        self._put(_LONG | keymap[i], now)
                    elif soonest < 0 or left < soonest:
                        soonest = left
        return soonest
