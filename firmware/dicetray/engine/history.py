# The actions still in effect in a game, packed small for undo: a head byte
# (kind << 4 | number of values) and the values two to a byte (faces 0-6,
# players 0-7). Kept in fixed 128-byte chunks so a long game never needs one
# large contiguous block of the heap.
import gc
import sys

from micropython import const

_CHUNK = const(128)
_SMALL_HEAP = sys.implementation.name == "micropython"
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
