"""Game records on flash: /games/NNNN.jsonl, one line per action.

Every action line is made durable before the screen shows its effect, so a
power cut loses at most the action being keyed. On boot the newest record
is replayed; an unfinished game goes on where it was.

The newest lines wait in a journal, /journal/NNNN: its first line is the
record's size in bytes when they began, then the lines. LittleFS keeps a
file this small (<= 512 B with rp2's settings) inside its directory's
metadata, so rewriting it is one metadata commit: a page or two
programmed, no 4 KB erase. Appending to the record itself costs an erase
every time (LittleFS copies the record's partly filled last block into a
fresh block after each sync), so the lines go there only in batches, when
the journal is full and when the game ends or is left. The journal counts
only while the record still has the size it names: after a batch reached
the record (a power cut before the journal was rewritten) it is stale.
The tray reads a record as the record file plus its journal's pending
lines; `dicetray pull` first puts every journal into its record
(tray/journal.py, which the tray itself never loads).
"""
import os

from micropython import const

from dicetray.engine import record

GAMES_DIR = "/games"
JOURNAL_DIR = "/journal"
SUFFIX = ".jsonl"
_CUT = ".cut"       # the good part of a record with a torn last line, while it is repaired
_LOW_BYTES = const(65536)    # warn below this much free flash
_FULL_BYTES = const(16384)   # no new game below this (a long game is ~10 KB)
_CHECK_EVERY = const(32)     # actions between two free-space checks
_JOURNAL_MAX = const(480)    # journal lines before a batch goes to the record (inline: <= 512 B)
_LEFT = "/left"              # in the records' folder: the number of the record last left


def sync():
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
    so a torn last line can be cut away at the right byte; then the
    journal's lines (bytes), as if they followed in the file."""

    def __init__(self, stream, journal=b""):
        self.stream = stream
        self.starts = []
        self.pos = 0
        self.journal = journal
        self.journal_lines = journal
        self.size = -1       # the record file's size, once its end was read

    def readline(self):
        line = self.stream.readline() if self.size < 0 else b""
        if not line and self.size < 0:
            self.size = self.pos
        if not line and self.journal:
            i = self.journal.find(b"\n") + 1 or len(self.journal)
            line = self.journal[:i]
            self.journal = self.journal[i:]
        if line:
            self.starts.append(self.pos)
            self.pos += len(line)
        return line


def journal_path(number):
    return "%s/%04d" % (JOURNAL_DIR, number)


def read_all(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return b""


def pending_lines(journal, record_size):
    """The journal's lines that the record still lacks (b"" when stale)."""
    i = journal.find(b"\n")
    if i < 0:
        return b""
    try:
        base = int(journal[:i])
    except ValueError:
        return b""
    return journal[i + 1:] if base == record_size else b""


class Resumed:
    """What boot found in the newest record."""

    def __init__(self, number, game, dropped, error, left=False):
        self.number = number
        self.left = left        # the players left it from the menu: not resumed
        self.game = game        # a Game, or None when unreadable
        self.dropped = dropped  # line number of a torn last line cut away, or 0
        self.error = error      # RecordError text when unreadable, else ""


class Store:
    def __init__(self, root=GAMES_DIR):
        self.root = root
        self.number = 0      # record being written, 0 when none
        self._size = 0       # its file's size in bytes
        # Its lines in the journal, not yet in the file: one buffer made at
        # boot, so writing an action leaves no long-lived block behind.
        self._journal = bytearray(_JOURNAL_MAX)
        self._jview = memoryview(self._journal)
        self._jn = 0
        self._t0 = 0         # ms since game start when this boot began writing
        self._ticks0 = 0
        self._since_check = 0
        self.low = False     # free flash below the warning level
        for folder in (root, JOURNAL_DIR):
            try:
                os.mkdir(folder)
            except OSError:
                pass  # already there

    # -- which records exist ---------------------------------------------------
    def numbers(self):
        """Record numbers on flash, oldest first."""
        found = []
        for name in os.listdir(self.root):
            if name.endswith(SUFFIX) and len(name) == 4 + len(SUFFIX) and name[:4].isdigit():
                found.append(int(name[:4]))
        found.sort()
        return found

    def path(self, number):
        return "%s/%04d%s" % (self.root, number, SUFFIX)

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
        try:
            os.remove(journal_path(number))
        except OSError:
            pass  # it had none

    # -- resume ----------------------------------------------------------------
    def resume(self, now_ms):
        """Replay the newest record. Returns a Resumed, or None when there is
        no record. An unfinished game is opened for appending."""
        self._finish_cuts()
        numbers = self.numbers()
        if not numbers:
            return None
        number = numbers[-1]
        path = self.path(number)
        game, dropped, lines = self._replay(number)
        if game is None:
            return Resumed(number, None, 0, dropped)
        pending = lines.journal_lines
        if dropped:
            keep = lines.starts[dropped - 1]
            if keep >= lines.size:     # torn in the journal: keep its good lines
                pending = pending[:keep - lines.size]
            else:
                self._cut(path, keep)  # the journal goes stale with the cut
                pending = b""
        last_t = self._last_t(path, pending)
        left = self.left_number() == number
        if not left:
            self._open(number, last_t, now_ms, pending)
        return Resumed(number, game, dropped, "", left)

    def _replay(self, number):
        """(game, dropped, lines) of a record and its journal; (None, error
        text, None) when it does not replay."""
        from dicetray.engine.replay import replay, RecordError
        path = self.path(number)
        with open(path, "rb") as stream:
            size = os.stat(path)[6]
            journal = pending_lines(read_all(journal_path(number)), size)
            lines = _Lines(stream, journal)
            try:
                game, dropped = replay(lines)
            except RecordError as e:
                return None, str(e), None
        if lines.size < 0:
            lines.size = size
        return game, dropped, lines

    def _cut(self, path, size):
        """Keep the first `size` bytes of a record (a torn last line goes).
        The VFS has no truncate: the good part is copied aside and renamed
        over the record (LittleFS replaces a file by rename atomically). A
        power cut before the rename leaves the copy, which _finish_cuts()
        puts in place at the next boot."""
        aside = path + _CUT
        _copy(path, aside, size)
        sync()
        os.rename(aside, path)
        sync()

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
                sync()

    def _last_t(self, path, pending=b""):
        """The t of the record's last action line (0 when none)."""
        import json
        last = b""
        if pending:
            last = pending[pending.rfind(b"\n", 0, len(pending) - 1) + 1:]
        else:
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
        if self.left_number() == number:  # a deleted record's number, used again
            os.remove(self.root + _LEFT)
        line = record.encode_header(game, players, opts, {"fw": "dicetray 0.1"})
        try:
            os.remove(journal_path(number))  # a stray one must not join the new record
        except OSError:
            pass
        with open(self.path(number), "w") as f:
            f.write(line + "\n")
        sync()
        self._open(number, 0, now_ms)
        self.check_space()
        return number

    def _open(self, number, t0, now_ms, pending=b""):
        self.close()
        self.number = number
        self._size = os.stat(self.path(number))[6]
        self._keep(pending)
        self._t0 = t0
        self._ticks0 = now_ms

    def append(self, kind, dice, p, now_ms):
        """Write one action line and make it durable (in the journal, or
        with a batch in the record). Raises OSError when it could not be
        written (the caller reloads the game from flash)."""
        import time
        t = self._t0 + time.ticks_diff(now_ms, self._ticks0)
        line = (record.encode_action(kind, dice, p, t) + "\n").encode()
        if self._jn + len(line) > _JOURNAL_MAX:
            self._to_record()
        self._journal[self._jn:self._jn + len(line)] = line
        self._jn += len(line)
        with open(journal_path(self.number), "wb") as f:
            f.write(b"%d\n" % self._size)
            f.write(self._jview[:self._jn])
        sync()
        self._since_check += 1
        if self._since_check >= _CHECK_EVERY:
            self._since_check = 0
            self.check_space()

    def _to_record(self):
        """The journal's lines, as one batch, to the end of the record file.
        Until the journal is rewritten it names the old size: stale."""
        with open(self.path(self.number), "ab") as f:
            f.write(self._jview[:self._jn])
        sync()
        self._size += self._jn
        self._jn = 0

    def _keep(self, pending):
        """The journal's lines as found on flash, as the pending ones."""
        self._journal[:len(pending)] = pending
        self._jn = len(pending)

    def reload(self):
        """The game as the flash has it (after a failed write)."""
        game, dropped, lines = self._replay(self.number)
        if game is None:
            raise OSError(5)  # the record itself went bad: nothing to rebuild from
        self._size = lines.size
        pending = lines.journal_lines
        if dropped:
            keep = lines.starts[dropped - 1]
            if keep >= lines.size:
                pending = pending[:keep - lines.size]
            else:
                self._cut(self.path(self.number), keep)
                self._size = keep
                pending = b""
        self._keep(pending)
        return game

    def finish(self):
        """The players left this record (from the menu, or after its result):
        it is not taken up again at the next boot. A failed mark only means
        the game comes back once more."""
        if self.number:
            try:
                with open(self.root + _LEFT, "w") as f:
                    f.write("%d" % self.number)
                sync()
            except OSError:
                pass
        self.close()
        self.number = 0

    def left_number(self):
        """The record last left from the menu, 0 when none."""
        try:
            with open(self.root + _LEFT) as f:
                return int(f.read())
        except (OSError, ValueError):
            return 0

    def settle(self):
        """Leave the record whole in its file, the journal gone: when a
        game ends or is left, and while nobody keys (the panel dims), so
        the record file alone is the game for anyone who reads it."""
        if not self.number:
            return
        if self._jn:
            self._to_record()
        try:
            os.remove(journal_path(self.number))
            sync()
        except OSError:
            pass  # none was written

    close = settle
