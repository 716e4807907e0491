"""Game records on flash: /games/NNNN.jsonl, one line per action.

Every action line is made durable before the screen shows its effect, so a
power cut loses at most the action being keyed. On boot the newest record
is read back (recover.py); an unfinished game goes on where it was.

The newest lines wait in a journal, /journal/NNNN: its first line is the
record file's size in bytes when they began, then the lines (the record
is the file followed by them). LittleFS keeps a file this small (<= 512 B
with rp2's settings) inside its directory's metadata, so rewriting it is
one metadata commit, no 4 KB erase; appending to the record costs an
erase every time, so lines go there in batches: when the journal is full,
when the game ends or is left, and when the panel dims. Each rewrite and
each batch is atomic in LittleFS; a journal whose size is no longer the
record's (its batch reached the record, then the power went) is stale and
ignored. `dicetray pull` first folds every journal into its record
(tray/journal.py).

Every SNAP_EVERY lines (and whenever undos reach back before the last one)
an action line carries a "snap" member, the game's state after it
(docs/record-format.md, "Snapshots"), so a boot replays only the few lines
after the last one, found in the journal or the record's tail. Nothing
here raises on a flash error except append() (and shelf.start()), whose
OSError the tray shows as a message: the record on flash stays the truth.
Which records exist, starting one and deleting one are in shelf.py, loaded
only at boot and in the menu: a Pico keeps a module's bytecode in RAM.
"""
import os

from micropython import const

from dicetray.engine.lines import action_line

GAMES_DIR = "/games"
JOURNAL_DIR = "/journal"
SUFFIX = ".jsonl"
_LOW_BYTES = const(65536)    # warn below this much free flash
FULL_BYTES = const(16384)    # no new game below this (a long game is ~10 KB)
_CHECK_EVERY = const(32)     # actions between two free-space checks
SNAP_EVERY = const(12)       # lines between snapshots: boot replays at most 11 actions
JOURNAL_MAX = const(480)     # bytes of lines in a journal (with its size line: inline, <= 512 B)
LEFT = "/left"               # in the records' folder: the number of the record last left


def sync():
    fn = getattr(os, "sync", None)  # rp2 has os.sync; the unix port does not
    if fn:
        fn()


def file_size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return -1


def remove(path):
    try:
        os.remove(path)
    except OSError:
        pass


def layout(rules):
    """A 16-bit mark of a snapshot's layout (the rules' state names and the
    player count), so a snapshot written by other firmware is never read
    into the wrong fields."""
    from binascii import crc32
    names = ",".join(rules._STATE + rules._BUFFERS) + ",%d" % rules.n
    return crc32(names.encode()) & 0xFFFF


class Store:
    def __init__(self, root=GAMES_DIR, journal=JOURNAL_DIR):
        self.root = root
        self.journal = journal
        self.number = 0      # record being written, 0 when none
        self.game = None     # its game, for the snapshots
        # Its lines in the journal, not yet in the file: one buffer made at
        # boot, so writing an action leaves no long-lived block behind.
        self.lines = bytearray(JOURNAL_MAX)
        self.view = memoryview(self.lines)
        self.jn = 0          # bytes of lines in it
        self.t0 = 0          # ms since game start when this boot began writing
        self.ticks0 = 0
        self._since_check = 0
        # Where the record stands (set by shelf.start() or recover.load()):
        self.size = 0        # its file's bytes on flash
        self.line = 0        # number of the next line
        self.since_snap = 0  # lines written since the last snapshot
        self.snap_k = 0      # actions in effect at the last snapshot
        self.torn = -1       # where a torn last line still to cut away begins
        self.newline = False  # its last line lacks the newline
        self.low = False     # free flash below the warning level
        # Called between two complete file operations that each may erase a
        # sector (a file closed and synced, the next not begun), and between
        # the long steps of reading a record back (an import, a replay's
        # lines), so the app can read the accelerometer's FIFO there: None,
        # or a function of no arguments that must not touch the store
        # (tray/app.py's drain).
        self.between = None
        self.make_dirs()

    def make_dirs(self):
        for path in (self.root, self.journal):
            try:
                os.mkdir(path)
            except OSError:
                pass  # already there, or no room: made when there is

    def path(self, number):
        return "%s/%04d%s" % (self.root, number, SUFFIX)

    def journal_path(self, number):
        return "%s/%04d" % (self.journal, number)

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
        if free < FULL_BYTES:
            return "Flash full"
        if self.low:
            return "Flash low %dK" % (free // 1024)
        return ""

    # -- reading back (recover.py, loaded only for it) ---------------------------
    def resume(self, now_ms, screen=None):
        """The newest record read back (recover.Resumed), or None. A full
        replay shows its progress on `screen` (the display), if given."""
        self._reader()
        from dicetray.tray import recover
        return recover.resume(self, now_ms, screen)

    def _reader(self):
        """recover.py imported, its shelf.py (with the record's code) apart
        before it, with a read between and after."""
        from dicetray.tray import load
        load(self._between, "tray.shelf", "tray.recover")

    def modules(self, name):
        """The rules and a game's module imported apart, with a read between
        and after (Game() then finds them loaded): the longest imports of a
        game's start and of a resume. An unknown name is Game()'s to refuse."""
        import gc
        from dicetray.tray import load
        load(self._between, "engine.rules")  # the step before's garbage first: the rules then load low
        from dicetray import games
        gc.collect()  # the module's code then loads into free heap in one piece (as in Game())
        try:
            games.module(name)
        except KeyError:
            pass
        self._between()

    def reload(self):
        """The game as the flash has it (after a failed write). Never
        raises: when even that cannot be read, the game as it was."""
        from dicetray.tray import READING, unload
        self._reader()
        from dicetray.tray import recover
        try:
            return recover.load(self, self.number)[0]
        except Exception:
            return self.game
        finally:
            del recover
            self._between()
            unload(*READING)  # the game goes on: its RAM again

    def full_game(self):
        """The game in play replayed in full, for an undo past its snapshot
        (Game.earlier)."""
        from dicetray.tray import READING, unload
        self._reader()
        from dicetray.tray import recover
        try:
            return recover.full_game(self)
        finally:
            del recover
            unload(*READING)

    # -- writing ---------------------------------------------------------------
    def append(self, kind, dice, p, now_ms):
        """Write one action line and make it durable (in the journal, or
        with a batch in the record). Raises OSError when it could not be
        written (the caller reloads the game from flash)."""
        import time
        if not self.number:
            raise OSError(9)
        if self.torn >= 0:
            from dicetray.tray.recover import cut
            if not cut(self, self.torn):
                raise OSError(28)
        t = self.t0 + time.ticks_diff(now_ms, self.ticks0)
        snap = None
        game = self.game
        if game is not None:
            k = game.in_effect()
            if self.since_snap + 1 >= SNAP_EVERY or k < self.snap_k:
                rules = game.rules
                snap = [layout(rules), self.line, k] + list(rules.snapshot())
        line = action_line(kind, dice, p, t, snap) + b"\n"
        if self.newline:
            line = b"\n" + line
        n = len(line)
        if n > JOURNAL_MAX:  # too long for any journal: in the record with the batch
            self._batch(line)
        else:
            if self.jn + n > JOURNAL_MAX:
                self._batch(b"")
                self._between()  # the batch is durable; the journal's rewrite may erase too
            self.lines[self.jn:self.jn + n] = line
            self.jn += n
            try:
                self._write_journal()
            except OSError:
                self.jn -= n  # not written: not in the game
                raise
        self.newline = False
        self.line += 1
        if snap is None:
            self.since_snap += 1
        else:
            self.since_snap = 0
            self.snap_k = k
        self._since_check += 1
        if self._since_check >= _CHECK_EVERY:
            self._since_check = 0
            self.check_space()

    def _between(self):
        fn = self.between
        if fn is not None:
            try:
                fn()
            except Exception:
                pass  # a failed read is no failed write: the record goes on

    def _write_journal(self):
        """Rewrite the journal: atomic (LittleFS commits a file at close)."""
        path = self.journal_path(self.number)
        head = b"%d\n" % self.size
        try:
            with open(path, "wb") as f:
                f.write(head)
                f.write(self.view[:self.jn])
            sync()
        except Exception as e:
            # Closing may still have committed it: then it is done.
            try:
                with open(path, "rb") as f:
                    if f.read() == head + bytes(self.view[:self.jn]):
                        return
            except Exception:
                pass
            raise e if isinstance(e, OSError) else OSError(5)

    def _batch(self, more):
        """The journal's lines (and `more`) as one batch to the end of the
        record file. The journal then names the old size: stale."""
        path = self.path(self.number)
        n = self.jn + len(more)
        if not n:
            return
        if file_size(path) != self.size:  # changed under us (folded by a pull): reload
            raise OSError(5)
        try:
            with open(path, "ab") as f:
                f.write(self.view[:self.jn])
                if more:
                    f.write(more)
            sync()
        except Exception as e:
            if file_size(path) != self.size + n:  # closing may still have committed it
                raise e if isinstance(e, OSError) else OSError(5)
        self.size += n
        self.jn = 0

    def settle(self):
        """Leave the record whole in its file, the journal gone: when a game
        ends or is left, and while nobody keys (the panel dims), so the file
        alone is the game for anyone who reads it. Never raises: on a full
        flash the lines stay safe in the journal."""
        if not self.number:
            return
        try:
            self._batch(b"")
            self._between()
            remove(self.journal_path(self.number))
            sync()
        except Exception:
            pass

    def finish(self):
        """The players left this record (from the menu, or after its result):
        it is not taken up again at the next boot (a failed mark only means
        the game comes back once more); its lines go to the file."""
        if self.number:
            try:
                with open(self.root + LEFT, "w") as f:
                    f.write("%d" % self.number)
                sync()
            except Exception:
                pass
            self._between()
        self.settle()
        self.number = 0
        self.game = None
        self.jn = 0
