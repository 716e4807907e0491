"""Reading a record back at boot (or after a failed write): the record
file followed by its journal's pending lines (store.py), the game from the
last snapshot in them or in full, and the repair of a torn last line.
Loaded when needed and dropped after (app.unload): bytecode is RAM on a
Pico.

Memory does not grow with the record: the file is streamed one line at a
time, only the latest two lines are kept, the journal is at most a few
hundred bytes (a bigger one is folded into the record, streamed), copies
go through one small buffer, and a game resumed from a snapshot holds only
the lines after it.
"""
import os

from micropython import const

from dicetray.tray import shelf
from dicetray.tray.store import JOURNAL_MAX, SNAP_EVERY, file_size, layout, remove, sync

_CUT = ".cut"       # a copy of a record's good part being made: never trusted
_WHOLE = ".whole"   # that copy, complete and synced: put in the record's place
_WINDOW = const(2048)        # bytes read back at a time to find the last snapshot
_WINDOWS = const(4)          # windows read back before replaying in full instead
_SNAP = b'"snap":['


def _copy(src_path, dst_path, size, skip=0, mode="wb"):
    """Copy `size` bytes of a file (after its first `skip`) through one
    small buffer, committed every few KB so no write cache grows with the
    record (a partial copy is harmless: it is never trusted)."""
    buf = bytearray(256)
    view = memoryview(buf)
    with open(src_path, "rb") as src:
        src.seek(skip)
        with open(dst_path, mode) as dst:
            left = size
            while left > 0:
                n = src.readinto(buf)
                if not n:
                    break
                n = min(n, left)
                dst.write(view[:n])
                left -= n
                if mode == "wb" and not (size - left) & 2047:
                    dst.flush()  # (an append commits once, at close: atomic)


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


class _Whole:
    """The record as the tray reads it: the file's bytes, then the
    journal's pending lines (bytes), with seek() and readline() over both.
    A file whose last line lacks its newline continues into the first
    pending line (which then begins with that newline)."""

    def __init__(self, stream, size, pending):
        self.stream = stream
        self.size = size
        self.pending = pending
        self.pos = 0

    def seek(self, pos):
        self.pos = pos
        if pos < self.size:
            self.stream.seek(pos)

    def _from_pending(self):
        at = self.pos - self.size
        end = self.pending.find(b"\n", at) + 1 or len(self.pending)
        return self.pending[at:end]

    def readline(self):
        if self.pos < self.size:
            line = self.stream.readline()
            if self.pos + len(line) > self.size:  # grew since its size was taken
                line = line[:self.size - self.pos]
            self.pos += len(line)
            if line[-1:] != b"\n" and self.pos >= self.size and self.pending:
                more = self._from_pending()
                self.pos += len(more)
                line += more
            return line
        line = self._from_pending()
        self.pos += len(line)
        return line


def _pending(store, number, size):
    """The journal's lines that follow the record file of `size` bytes
    (b"" when there is no journal or it is stale). A journal bigger than
    the tray writes is folded into the record first."""
    jpath = store.journal_path(number)
    jsize = file_size(jpath)
    if jsize < 0:
        return b""
    if jsize > JOURNAL_MAX + 16:
        fold(store.path(number), jpath)
        return b""
    with open(jpath, "rb") as f:
        data = f.read()
    i = data.find(b"\n")
    try:
        base = int(data[:i])
    except ValueError:
        return b""
    return data[i + 1:] if i > 0 and base == size else b""


def fold(path, jpath):
    """Put a journal's pending lines at the end of its record, then remove
    the journal. A power cut in between leaves the journal stale (its size
    is no longer the record's): nothing lost, nothing doubled."""
    size = file_size(path)
    jsize = file_size(jpath)
    if size >= 0 and jsize > 0:
        with open(jpath, "rb") as f:
            head = f.read(12)
        i = head.find(b"\n")
        try:
            base = int(head[:i]) if i > 0 else -1
        except ValueError:
            base = -1
        if base == size and jsize > i + 1:
            _copy(jpath, path, jsize - i - 1, i + 1, "ab")
            sync()
    remove(jpath)
    sync()


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
    """What boot found in the newest record, and what the screen says."""

    def __init__(self, number, game, message, left=False):
        self.number = number
        self.game = game        # a Game, or None when unreadable
        self.message = message
        self.left = left        # the players left it from the menu: not resumed


def resume(store, now_ms, screen=None):
    """Read the newest record back. Returns a Resumed, or None when there
    is no record. An unfinished game is opened for appending."""
    from dicetray.engine.replay import RecordError
    finish_cuts(store)
    store._between()
    number = shelf.newest(store)
    if not number:
        return None
    try:
        game, dropped, last_t = load(store, number, screen)
    except (RecordError, MemoryError) as e:
        print("record %04d not resumed: %s" % (number, e))
        store.number = 0  # left as it is, journal and all
        return Resumed(number, None, "Bad %04d" % number)
    store.t0 = last_t
    store.ticks0 = now_ms
    if shelf.left_number(store) == number:  # its last lines, if still in the journal, go to the file with the next game
        store.game = None  # the menu may need the memory
        return Resumed(number, game, None, True)
    if store.torn >= 0:  # the torn line stays until the flash takes the repair
        message = store.check_space() or "Flash error"
    elif dropped:
        message = "Torn line %d" % dropped  # 16 characters up to line 999999
    else:
        message = "Resumed %04d" % number
    return Resumed(number, game, message)


def load(store, number, screen=None):
    """(game, dropped, last t) of a record, which becomes the one the store
    writes to: a torn last line is cut away (or left to cut before the next
    append when that fails). Raises RecordError."""
    import gc
    path = store.path(number)
    gc.collect()  # the folder listing's garbage, before the game's modules load
    size = file_size(path)
    pending = _pending(store, number, size)
    store._between()  # a fold may have erased; the replay's import and lines next
    size = file_size(path)  # a fold may have grown it

    def shown(game, line):
        if not line & 31:  # every 32nd line (~46 ms of a replay on the chip)
            store._between()
            if screen and not line & 127:  # every 128th line
                _replaying(screen, number, line)
    with open(path, "rb") as f:
        stream = _Whole(f, size, pending)
        game, lines, dropped, first = _read(store, stream, size + len(pending), shown)
    store.number = number
    store.game = game
    store.torn = -1
    store.newline = False
    store.size = size
    store.jn = 0
    if dropped:
        store.line = dropped
        last = lines.before
        if lines.start >= size:  # torn in the journal: keep its good lines
            pending = pending[:lines.start - size]
        else:
            pending = b""
            if not cut(store, lines.start):
                store.torn = lines.start
    else:
        store.line = first + lines.n + 1
        last = lines.last
        store.newline = last[-1:] != b"\n"
    store.lines[:len(pending)] = pending
    store.jn = len(pending)
    if first:  # lines after the snapshot
        store.since_snap = lines.n - (1 if dropped else 0)
    return game, dropped, _t_of(last)


def _replaying(fb, number, line):
    # A record without snapshots (a computer's, older firmware's) is
    # replayed in full: seconds for a long game, not a blank screen.
    fb.fill(0)
    fb.text("Resuming %04d" % number, 0, 16, 1)
    fb.text("%d lines read" % line, 0, 32, 1)
    fb.show()


def full_game(store):
    """The game in play replayed in full: the record file and the
    journal's lines (for an undo past the snapshot)."""
    from dicetray.engine.actions import Illegal
    from dicetray.engine.replay import replay
    path = store.path(store.number)

    def read_between(game, line):
        if not line & 31:
            store._between()
    try:
        with open(path, "rb") as f:
            game, _ = replay(_Whole(f, store.size, bytes(store.view[:store.jn])), read_between)
    except Exception:
        raise Illegal("Cannot undo")
    return game


def _read(store, stream, size, on_action=None):
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
            return _from_snap(store, stream, head, at, size)
        except _TornSnap:
            end = at  # the snapshot before it, if any
        except Exception:  # a snapshot this firmware cannot use: replay in full
            break
    from dicetray.engine.replay import replay
    store.modules(head[0])
    stream.seek(0)
    lines = _Lines(stream, 0)
    game, dropped = replay(lines, on_action)
    store.since_snap = SNAP_EVERY  # the next line carries a snapshot
    store.snap_k = 0
    return game, lines, dropped, 0


def _from_snap(store, stream, head, at, size):
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
    store.modules(head[0])
    game = Game(*head)
    rules = game.rules
    saved = snap[3:]
    if len(snap) < 3 or snap[0] != layout(rules) or snap[1] < 2 or snap[2] < 0 \
            or len(saved) != len(rules.snapshot()):
        raise ValueError("snapshot")
    rules.restore(saved)
    # Undo starts over from here: a saved state at count 0, never dropped.
    game._checkpoints.append((0, game.history.mark(), rules.snapshot()))
    game.base = snap[2]
    lines = _Lines(stream, at + len(raw))
    lines.start = at
    lines.last = raw
    dropped = replay_lines(game, lines, snap[1])
    game.earlier = store.full_game
    store.snap_k = snap[2]
    return game, lines, dropped, snap[1]


def cut(store, size):
    """Keep the first `size` bytes of the record being written (a torn last
    line goes); False when that could not be done (the record is left as
    it was). Its journal goes first (it holds nothing then, or a stale
    copy). The VFS has no truncate: the good part is copied aside (.cut),
    the copy checked and marked complete by a rename (.whole), then renamed
    over the record (LittleFS replaces a file by rename atomically). A
    power cut leaves either an untrusted .cut, which the next boot deletes,
    or a .whole, which it puts in place."""
    path = store.path(store.number)
    jpath = store.journal_path(store.number)
    aside = path + _CUT
    whole = path + _WHOLE
    try:
        remove(jpath)
        if file_size(jpath) >= 0:
            raise OSError(5)
        _copy(path, aside, size)
        sync()
        if file_size(aside) != size:
            raise OSError(5)
        os.rename(aside, whole)
        sync()
    except Exception:  # flash full, a write error, no memory: keep the record
        remove(aside)
        return False
    try:
        os.rename(whole, path)
        sync()
    except Exception:
        return False  # the next boot puts the complete copy in place
    store.size = size
    store.torn = -1
    return True


def finish_cuts(store):
    repairs = []  # rare: only after a power cut during a repair
    for name in shelf.names(store):
        if name.endswith(_CUT) or name.endswith(_WHOLE):
            repairs.append(name)
    for name in repairs:
        aside = store.root + "/" + name
        if name.endswith(_CUT):
            remove(aside)  # maybe not complete: the record itself is whole
        else:
            try:
                os.rename(aside, aside[:-len(_WHOLE)])
            except OSError:
                pass  # the record still has its torn line: cut again
        sync()
