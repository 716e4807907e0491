"""Game records on flash: /games/NNNN.jsonl, one line per action.

Every action line is written, flushed and synced before the screen shows
its effect, so a power cut loses at most the action being keyed. On boot
the newest record is replayed; an unfinished game goes on where it was.
"""
import os

from micropython import const

from dicetray.engine import record

_DIR = "/games"
_SUFFIX = ".jsonl"
_CUT = ".cut"       # the good part of a record with a torn last line, while it is repaired
_LOW_BYTES = const(65536)    # warn below this much free flash
_FULL_BYTES = const(16384)   # no new game below this (a long game is ~10 KB)
_CHECK_EVERY = const(32)     # actions between two free-space checks


def _sync():
    sync = getattr(os, "sync", None)  # rp2 has os.sync; the unix port does not
    if sync:
        sync()


def _copy(src_path, dst_path, size):
    """Copy the first `size` bytes (all when size < 0) of a file."""
    buf = bytearray(256)
    with open(src_path, "rb") as src:
        with open(dst_path, "wb") as dst:
            left = size
            while left:
                n = src.readinto(buf)
                if not n:
                    break
                if left > 0:
                    n = min(n, left)
                    left -= n
                dst.write(memoryview(buf)[:n])


class _Lines:
    """A binary stream whose readline() remembers where each line began,
    so a torn last line can be cut away at the right byte."""

    def __init__(self, stream):
        self.stream = stream
        self.starts = []
        self.pos = 0

    def readline(self):
        line = self.stream.readline()
        if line:
            self.starts.append(self.pos)
            self.pos += len(line)
        return line


class Resumed:
    """What boot found in the newest record."""

    def __init__(self, number, game, dropped, error):
        self.number = number
        self.game = game        # a Game, or None when unreadable
        self.dropped = dropped  # line number of a torn last line cut away, or 0
        self.error = error      # RecordError text when unreadable, else ""


class Store:
    def __init__(self, root=_DIR):
        self.root = root
        self.number = 0      # record being written, 0 when none
        self._file = None
        self._t0 = 0         # ms since game start when this boot began writing
        self._ticks0 = 0
        self._since_check = 0
        self.low = False     # free flash below the warning level
        try:
            os.mkdir(root)
        except OSError:
            pass  # already there

    # -- which records exist ---------------------------------------------------
    def numbers(self):
        """Record numbers on flash, oldest first."""
        found = []
        for name in os.listdir(self.root):
            if name.endswith(_SUFFIX) and len(name) == 4 + len(_SUFFIX) and name[:4].isdigit():
                found.append(int(name[:4]))
        found.sort()
        return found

    def path(self, number):
        return "%s/%04d%s" % (self.root, number, _SUFFIX)

    def free_bytes(self):
        try:
            st = os.statvfs("/")
        except (OSError, AttributeError):
            return 1 << 30
        return st[0] * st[4]  # block size * free blocks

    def check_space(self):
        """'' when fine, else a short warning; sets self.low."""
        free = self.free_bytes()
        self.low = free < _LOW_BYTES
        if free < _FULL_BYTES:
            return "Flash full"
        if self.low:
            return "Flash low %dK" % (free // 1024)
        return ""

    def can_start(self):
        return self.free_bytes() >= _FULL_BYTES

    def delete(self, number):
        """Remove one record (only ever after the player confirmed it)."""
        if number == self.number:
            self.close()
        os.remove(self.path(number))

    # -- resume ----------------------------------------------------------------
    def resume(self, now_ms):
        """Replay the newest record. Returns a Resumed, or None when there is
        no record. An unfinished game is opened for appending."""
        from dicetray.engine.replay import replay, RecordError
        self._finish_cuts()
        numbers = self.numbers()
        if not numbers:
            return None
        number = numbers[-1]
        path = self.path(number)
        with open(path, "rb") as stream:
            lines = _Lines(stream)
            try:
                game, dropped = replay(lines)
            except RecordError as e:
                return Resumed(number, None, 0, str(e))
        last_t = 0
        if dropped:
            keep = lines.starts[dropped - 1]
            self._cut(path, keep)
        last_t = self._last_t(path)
        if not game.over:
            self._open(number, last_t, now_ms)
        return Resumed(number, game, dropped, "")

    def _cut(self, path, size):
        """Keep the first `size` bytes of a record (a torn last line goes).
        The VFS has no truncate: the good part is copied aside and renamed
        over the record (LittleFS replaces a file by rename atomically). A
        power cut before the rename leaves the copy, which _finish_cuts()
        puts in place at the next boot."""
        aside = path + _CUT
        _copy(path, aside, size)
        _sync()
        os.rename(aside, path)
        _sync()

    def _finish_cuts(self):
        for name in os.listdir(self.root):
            if name.endswith(_CUT):
                aside = self.root + "/" + name
                # LittleFS commits a file when it is closed: the copy is
                # either whole or empty (the power went before it was closed:
                # the record was not touched yet).
                if os.stat(aside)[6]:
                    os.rename(aside, aside[:-len(_CUT)])
                else:
                    os.remove(aside)
                _sync()

    def _last_t(self, path):
        """The t of the record's last action line (0 when none)."""
        import json
        last = b""
        with open(path, "rb") as stream:
            stream.readline()  # header
            while True:
                line = stream.readline()
                if not line:
                    break
                last = line
        if not last:
            return 0
        try:
            return int(json.loads(last).get("t", 0))
        except (ValueError, TypeError):
            return 0

    # -- writing ---------------------------------------------------------------
    def start(self, game, players, opts, now_ms):
        """A new record with its header; returns its number."""
        self.close()
        numbers = self.numbers()
        number = (numbers[-1] + 1) if numbers else 1
        if number > 9999:
            raise OSError(28)  # ENOSPC: the counter is spent
        line = record.encode_header(game, players, opts, {"fw": "dicetray 0.1"})
        with open(self.path(number), "w") as f:
            f.write(line + "\n")
        _sync()
        self._open(number, 0, now_ms)
        self.check_space()
        return number

    def _open(self, number, t0, now_ms):
        self.close()
        self.number = number
        self._file = open(self.path(number), "a")
        self._t0 = t0
        self._ticks0 = now_ms

    def append(self, kind, dice, p, now_ms):
        """Write one action line and make it durable. Raises OSError when it
        could not be written (the caller reloads the game from the record)."""
        import time
        t = self._t0 + time.ticks_diff(now_ms, self._ticks0)
        line = record.encode_action(kind, dice, p, t)
        f = self._file
        f.write(line + "\n")
        f.flush()
        _sync()
        self._since_check += 1
        if self._since_check >= _CHECK_EVERY:
            self._since_check = 0
            self.check_space()

    def reload(self):
        """The game as the record on flash has it (after a failed write)."""
        from dicetray.engine.replay import replay
        with open(self.path(self.number), "rb") as stream:
            lines = _Lines(stream)
            game, dropped = replay(lines)
        if dropped:
            self.close()
            self._cut(self.path(self.number), lines.starts[dropped - 1])
            self._file = open(self.path(self.number), "a")
        return game

    def finish(self):
        self.close()
        self.number = 0

    def close(self):
        if self._file:
            self._file.close()
            self._file = None
