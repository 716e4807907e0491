"""Game records on flash: /games/NNNN.jsonl, one line per action.

Every action line is written, flushed and synced before the screen shows
its effect, so a power cut loses at most the action being keyed. On boot
the newest record is read back (recover.py); an unfinished game goes on
where it was.

Every SNAP_EVERY lines (and whenever undos reach back before the last one)
an action line carries a "snap" member, the game's state after it
(docs/record-format.md, "Snapshots"), so a boot replays only the few lines
after the last one. Nothing here raises on a flash error except append(),
whose OSError the table turns into "Not saved: flash": the record on flash
stays the truth.
"""
import os

from micropython import const

from dicetray.engine import record

_DIR = "/games"
_SUFFIX = ".jsonl"
_LOW_BYTES = const(65536)    # warn below this much free flash
_FULL_BYTES = const(16384)   # no new game below this (a long game is ~10 KB)
_CHECK_EVERY = const(32)     # actions between two free-space checks
SNAP_EVERY = const(12)       # lines between snapshots: boot replays at most 11 actions


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


def _number(name):
    """N of a record file name NNNN.jsonl, else 0."""
    if len(name) == 4 + len(_SUFFIX) and name.endswith(_SUFFIX) and name[:4].isdigit():
        return int(name[:4])
    return 0


class Store:
    def __init__(self, root=_DIR):
        self.root = root
        self.number = 0      # record being written, 0 when none
        self.game = None     # its game, for the snapshots
        self._file = None
        self.t0 = 0          # ms since game start when this boot began writing
        self.ticks0 = 0
        self._since_check = 0
        # Where the record stands (set by start() or recover.load()):
        self.size = 0        # its bytes on flash
        self.line = 0        # number of the next line
        self.since_snap = 0  # lines written since the last snapshot
        self.snap_k = 0      # actions in effect at the last snapshot
        self.torn = -1       # where a torn last line still to cut away begins
        self.newline = False  # its last line lacks the newline
        self.low = False     # free flash below the warning level
        self._make_dir()

    def _make_dir(self):
        try:
            os.mkdir(self.root)
        except OSError:
            pass  # already there, or no room: names() finds nothing

    # -- which records exist ---------------------------------------------------
    def names(self):
        """Names in the records folder, one at a time (no list of them all)."""
        try:
            for entry in os.ilistdir(self.root):
                yield entry[0]
        except OSError:
            return

    def numbers(self):
        """Record numbers on flash, oldest first."""
        found = []
        for name in self.names():
            number = _number(name)
            if number:
                found.append(number)
        found.sort()
        return found

    def newest(self):
        """The highest record number, 0 when there is none."""
        best = 0
        for name in self.names():
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

    # -- reading back ------------------------------------------------------------
    def resume(self, now_ms):
        """The newest record read back (recover.Resumed), or None."""
        from dicetray.tray import recover
        return recover.resume(self, now_ms)

    def reload(self):
        """The game as the record on flash has it (after a failed write).
        Never raises: when even that cannot be read, the game as it was."""
        from dicetray.tray import recover
        try:
            return recover.load(self, self.number)[0]
        except Exception:
            return self.game

    def full_game(self):
        """The game in play replayed in full, for an undo past its snapshot
        (Game.earlier)."""
        from dicetray.engine.actions import Illegal
        from dicetray.engine.replay import replay
        try:
            with open(self.path(self.number), "rb") as stream:
                game, _ = replay(stream)
        except Exception:
            raise Illegal("Cannot undo")
        return game

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
            sync()
        except Exception:
            remove(path)  # no header-less record left behind
            raise OSError(28)
        self.number = number
        self.game = live
        self.size = file_size(path)
        self.line = 2
        self.since_snap = 0
        self.snap_k = 0
        self.torn = -1
        self.newline = False
        self.t0 = 0
        self.ticks0 = now_ms
        self.check_space()
        return number

    def _reopen(self):
        """Open the record for appending, cutting a torn line first."""
        path = self.path(self.number)
        if self.torn >= 0:
            from dicetray.tray.recover import cut
            if not cut(path, self.torn):
                raise OSError(28)
            self.torn = -1
        self._file = open(path, "a")

    def append(self, kind, dice, p, now_ms):
        """Write one action line and make it durable. Raises OSError when it
        could not be written (the caller reloads the game from the record)."""
        import time
        if not self.number:
            raise OSError(9)
        if self._file is None:
            self._reopen()
        t = self.t0 + time.ticks_diff(now_ms, self.ticks0)
        snap = None
        game = self.game
        if game is not None:
            k = game.in_effect()
            if self.since_snap + 1 >= SNAP_EVERY or k < self.snap_k:
                rules = game.rules
                snap = [layout(rules), self.line, k] + list(rules.snapshot())
        line = record.encode_action(kind, dice, p, t, snap)
        if self.newline:
            line = "\n" + line
        line += "\n"
        try:
            f = self._file
            f.write(line)
            f.flush()
            sync()
        except Exception as e:
            self.close()  # closing may still commit the line: then it is done
            if file_size(self.path(self.number)) != self.size + len(line):
                raise e if isinstance(e, OSError) else OSError(5)
        self.size += len(line)  # action lines are ASCII: characters are bytes
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
