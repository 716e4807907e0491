"""Game records on flash: /games/NNNN.jsonl, one line per action.

Every action line is written, flushed and synced before the screen shows
its effect, so a power cut loses at most the action being keyed. On boot
the newest record is read back; an unfinished game goes on where it was.

Boot reads only the record's tail: every _SNAP_EVERY lines (and whenever
undos reach back before the last one) an action line carries a "snap"
member, the game's state after it (docs/record-format.md, "Snapshots").
Resuming restores the last snapshot and replays the few lines after it,
so time and memory do not grow with the record. A record without
snapshots (older firmware, a computer) is replayed in full, streamed.
Nothing here raises on a flash error: a full or failing flash becomes a
message on the screen and the record on flash stays what it was.
"""
import os

from micropython import const

from dicetray.engine import record

_DIR = "/games"
_SUFFIX = ".jsonl"
_CUT = ".cut"       # a copy of a record's good part being made: never trusted
_WHOLE = ".whole"   # that copy, complete and synced: put in the record's place
_LOW_BYTES = const(65536)    # warn below this much free flash
_FULL_BYTES = const(16384)   # no new game below this (a long game is ~10 KB)
_CHECK_EVERY = const(32)     # actions between two free-space checks
_SNAP_EVERY = const(12)      # lines between snapshots: boot replays at most 11 actions
_WINDOW = const(2048)        # bytes read back at a time to find the last snapshot
_WINDOWS = const(4)          # windows read back before replaying in full instead
_SNAP = b'"snap":['


def _sync():
    sync = getattr(os, "sync", None)  # rp2 has os.sync; the unix port does not
    if sync:
        sync()


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def _remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def _copy(src_path, dst_path, size):
    """Copy the first `size` bytes of a file through one small buffer,
    committed every few KB so no write cache grows with the record (a
    partial copy is harmless: it is never trusted)."""
    buf = bytearray(256)
    view = memoryview(buf)
    with open(src_path, "rb") as src:
        with open(dst_path, "wb") as dst:
            left = size
            while left > 0:
                n = src.readinto(buf)
                if not n:
                    break
                n = min(n, left)
                dst.write(view[:n])
                left -= n
                if not (size - left) & 2047:
                    dst.flush()


def _t_of(line):
    """The t of a record line (0 when none or unreadable)."""
    import json
    try:
        return int(json.loads(line).get("t", 0))
    except (ValueError, TypeError, AttributeError):
        return 0


class _Lines:
    """A binary stream whose readline() keeps where the latest line began
    (to cut a torn last line away) and the latest two lines (for their t):
    nothing that grows with the record."""

    def __init__(self, stream, pos):
        self.stream = stream
        self.pos = pos
        self.start = pos
        self.last = b""
        self.before = b""
        self.n = 0  # lines read

    def readline(self):
        line = self.stream.readline()
        if line:
            self.n += 1
            self.start = self.pos
            self.pos += len(line)
            self.before = self.last
            self.last = line
        return line


def _number(name):
    """N of a record file name NNNN.jsonl, else 0."""
    if len(name) == 4 + len(_SUFFIX) and name.endswith(_SUFFIX) and name[:4].isdigit():
        return int(name[:4])
    return 0


class _TornSnap(Exception):
    """The last line holds a snapshot but was cut short."""


def _last_snap(stream, header_end, end):
    """Start of the last line beginning before `end` that holds a snapshot,
    or -1 when none is found in the last few windows."""
    for _ in range(_WINDOWS):
        if end <= header_end:
            return -1
        pos = max(header_end, end - _WINDOW)
        stream.seek(pos - 1)  # from the byte before: a line starting at pos is kept
        at = pos - 1 + len(stream.readline())
        found = -1
        while at < end:
            line = stream.readline()
            if not line:
                break
            if _SNAP in line:
                found = at
            at += len(line)
        if found >= 0:
            return found
        end = pos
    return -1


class Resumed:
    """What boot found in the newest record."""

    def __init__(self, number, game, dropped, error, unrepaired=False):
        self.number = number
        self.game = game        # a Game, or None when unreadable
        self.dropped = dropped  # line number of a torn last line cut away, or 0
        self.error = error      # RecordError text when unreadable, else ""
        self.unrepaired = unrepaired  # a torn last line could not be cut yet


class Store:
    def __init__(self, root=_DIR):
        self.root = root
        self.number = 0      # record being written, 0 when none
        self.game = None     # its game, for the snapshots
        self._file = None
        self._t0 = 0         # ms since game start when this boot began writing
        self._ticks0 = 0
        self._since_check = 0
        self._line = 0       # number of the next line
        self._since_snap = 0  # lines written since the last snapshot
        self._snap_k = 0     # actions in effect at the last snapshot
        self._torn = -1      # where a torn last line still to cut away begins
        self._bytes = 0      # the record's size on flash
        self._newline = False  # the record's last line lacks its newline
        self.low = False     # free flash below the warning level
        self._make_dir()

    def _make_dir(self):
        try:
            os.mkdir(self.root)
        except OSError:
            pass  # already there, or no room: numbers() says there is nothing

    # -- which records exist ---------------------------------------------------
    def _names(self):
        """Names in the records folder, one at a time (no list of them all)."""
        try:
            for entry in os.ilistdir(self.root):
                yield entry[0]
        except OSError:
            return

    def numbers(self):
        """Record numbers on flash, oldest first."""
        found = []
        for name in self._names():
            number = _number(name)
            if number:
                found.append(number)
        found.sort()
        return found

    def newest(self):
        """The highest record number, 0 when there is none."""
        best = 0
        for name in self._names():
            best = max(best, _number(name))
        return best

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
            self.finish()
        os.remove(self.path(number))

    # -- resume ----------------------------------------------------------------
    def resume(self, now_ms):
        """Read the newest record back. Returns a Resumed, or None when there
        is no record. An unfinished game is opened for appending."""
        from dicetray.engine.replay import RecordError
        self._finish_cuts()
        number = self.newest()
        if not number:
            return None
        try:
            game, dropped, last_t = self._load(number)
        except RecordError as e:
            return Resumed(number, None, 0, str(e))
        except MemoryError:
            return Resumed(number, None, 0, "out of memory")
        if not game.over:
            self._t0 = last_t
            self._ticks0 = now_ms
        else:
            self.finish()
        return Resumed(number, game, 0 if self._torn >= 0 else dropped, "", self._torn >= 0)

    def _load(self, number):
        """(game, dropped, last t) of a record, which becomes the one written
        to: a torn last line is cut away (or left to cut before the next
        append when the flash is full). Raises RecordError."""
        import gc
        self.close()
        self.number = number
        path = self.path(number)
        gc.collect()  # the folder listing's garbage, before the game's modules load
        size = _size(path)
        with open(path, "rb") as stream:
            game, lines, dropped, first = self._read(stream, size)
        self.game = game
        self._torn = -1
        self._newline = False
        self._bytes = size
        if dropped:
            self._line = dropped
            self._bytes = lines.start
            if not self._cut(path, lines.start):
                self._torn = lines.start
            last = lines.before
        else:
            self._line = first + lines.n + 1
            last = lines.last
            self._newline = last[-1:] != b"\n"
        if first:  # lines after the snapshot
            self._since_snap = lines.n - (1 if dropped else 0)
        return game, dropped, _t_of(last)

    def _read(self, stream, size):
        """(game, lines, dropped, number of the line before the first one
        `lines` read) from the last snapshot, else in full (0)."""
        from dicetray.engine.replay import header_of, RecordError
        raw = stream.readline()
        if not raw:
            raise RecordError(1, "bad header: empty record")
        head = header_of(raw)
        end = size
        while True:
            at = _last_snap(stream, len(raw), end)
            if at < 0:
                break
            try:
                return self._from_snap(stream, head, at, size)
            except _TornSnap:
                end = at  # the snapshot before it, if any
            except Exception:  # a snapshot this firmware cannot use: replay in full
                break
        from dicetray.engine.replay import replay
        stream.seek(0)
        lines = _Lines(stream, 0)
        game, dropped = replay(lines)
        self._since_snap = _SNAP_EVERY  # the next line carries a snapshot
        self._snap_k = 0
        return game, lines, dropped, 0

    def _from_snap(self, stream, head, at, size):
        from dicetray.engine.game import Game
        from dicetray.engine.record import BadLine, decode
        from dicetray.engine.replay import replay_lines, _body
        stream.seek(at)
        raw = stream.readline()
        try:
            obj = decode(_body(raw))
        except BadLine as e:
            if e.torn and at + len(raw) >= size:
                raise _TornSnap()
            raise
        snap = obj["snap"]
        for value in snap:
            if type(value) is not int:
                raise ValueError("snapshot")
        game = Game(*head)
        if len(snap) < 3 or snap[0] != game.rules.layout() or snap[1] < 2 or snap[2] < 0:
            raise ValueError("snapshot")
        game.start_at(snap[3:], snap[2])
        lines = _Lines(stream, at + len(raw))
        lines.start = at
        lines.last = raw
        dropped = replay_lines(game, lines, snap[1])
        game.earlier = self._full_game
        self._snap_k = snap[2]
        return game, lines, dropped, snap[1]

    def _full_game(self):
        """The game in play replayed in full, for an undo past its snapshot."""
        from dicetray.engine.actions import Illegal
        from dicetray.engine.replay import replay
        try:
            with open(self.path(self.number), "rb") as stream:
                game, _ = replay(stream)
        except Exception:
            raise Illegal("Cannot undo")
        return game

    def _cut(self, path, size):
        """Keep the first `size` bytes of a record (a torn last line goes);
        False when that could not be done (the record is left as it was).
        The VFS has no truncate: the good part is copied aside (.cut), the
        copy checked and marked complete by a rename (.whole), then renamed
        over the record (LittleFS replaces a file by rename atomically). A
        power cut leaves either an untrusted .cut, which the next boot
        deletes, or a .whole, which it puts in place."""
        aside = path + _CUT
        whole = path + _WHOLE
        try:
            _copy(path, aside, size)
            _sync()
            if _size(aside) != size:
                raise OSError(5)
            os.rename(aside, whole)
            _sync()
        except Exception:  # flash full, a write error, no memory: keep the record
            _remove(aside)
            return False
        try:
            os.rename(whole, path)
            _sync()
        except Exception:
            return False  # the next boot puts the complete copy in place
        return True

    def _finish_cuts(self):
        repairs = []  # rare: only after a power cut during a repair
        for name in self._names():
            if name.endswith(_CUT) or name.endswith(_WHOLE):
                repairs.append(name)
        for name in repairs:
            aside = self.root + "/" + name
            if name.endswith(_CUT):
                _remove(aside)  # maybe not complete: the record itself is whole
            else:
                try:
                    os.rename(aside, aside[:-len(_WHOLE)])
                except OSError:
                    pass  # the record still has its torn line: cut again
            _sync()

    # -- writing ---------------------------------------------------------------
    def start(self, game, players, opts, now_ms, live=None):
        """A new record with its header; returns its number. `live` is the
        Game being played (for the snapshots). OSError when it cannot."""
        self.finish()
        self._make_dir()
        number = self.newest() + 1
        if number > 9999:
            raise OSError(28)  # ENOSPC: the counter is spent
        line = record.encode_header(game, players, opts, {"fw": "dicetray 0.1"})
        path = self.path(number)
        try:
            with open(path, "w") as f:
                f.write(line + "\n")
            _sync()
        except Exception:
            _remove(path)  # no header-less record left behind
            raise OSError(28)
        self.number = number
        self.game = live
        self._bytes = _size(path)
        self._line = 2
        self._since_snap = 0
        self._snap_k = 0
        self._torn = -1
        self._newline = False
        self._t0 = 0
        self._ticks0 = now_ms
        self.check_space()
        return number

    def _reopen(self):
        """Open the record for appending, cutting a torn line first."""
        path = self.path(self.number)
        if self._torn >= 0:
            if not self._cut(path, self._torn):
                raise OSError(28)
            self._torn = -1
        self._file = open(path, "a")

    def append(self, kind, dice, p, now_ms):
        """Write one action line and make it durable. Raises OSError when it
        could not be written (the caller reloads the game from the record)."""
        import time
        if not self.number:
            raise OSError(9)
        if self._file is None:
            self._reopen()
        t = self._t0 + time.ticks_diff(now_ms, self._ticks0)
        snap = None
        game = self.game
        if game is not None:
            k = game.in_effect()
            if self._since_snap + 1 >= _SNAP_EVERY or k < self._snap_k:
                snap = game.snapshot()
                snap.insert(1, self._line)  # [layout, line, in effect, state...]
        line = record.encode_action(kind, dice, p, t, snap)
        if self._newline:
            line = "\n" + line
        line += "\n"
        try:
            f = self._file
            f.write(line)
            f.flush()
            _sync()
        except Exception as e:
            self.close()  # closing may still commit the line: then it is done
            if _size(self.path(self.number)) != self._bytes + len(line):
                raise e if isinstance(e, OSError) else OSError(5)
        self._bytes += len(line)  # action lines are ASCII: characters are bytes
        self._newline = False
        self._line += 1
        if snap is None:
            self._since_snap += 1
        else:
            self._since_snap = 0
            self._snap_k = k
        self._since_check += 1
        if self._since_check >= _CHECK_EVERY:
            self._since_check = 0
            self.check_space()

    def reload(self):
        """The game as the record on flash has it (after a failed write).
        Never raises: when even that cannot be read, the game as it was."""
        try:
            game, _, _ = self._load(self.number)
        except Exception:
            return self.game
        return game

    def finish(self):
        self.close()
        self.number = 0
        self.game = None

    def close(self):
        f = self._file
        self._file = None
        if f:
            try:
                f.close()
            except Exception:
                pass  # a full flash: the record keeps what was synced
