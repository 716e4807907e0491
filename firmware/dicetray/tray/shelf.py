"""The records on flash as a shelf: which exist, the newest, the one last
left, a new one started, one deleted.

Needed at boot (recover.py) and in the menu, never while a game is played,
so the app drops this module when a game starts: on a Pico a module's
bytecode is RAM. The open record itself (appending, the journal) is
store.py's.
"""
import os

from dicetray import VERSION
from dicetray.engine import record
from dicetray.tray.store import FULL_BYTES, LEFT, SUFFIX, file_size, remove, sync


def names(store):
    """Names in the records folder, one at a time (no list of them all)."""
    try:
        for entry in os.ilistdir(store.root):
            yield entry[0]
    except OSError:
        return


def _number(name):
    """N of a record file name NNNN.jsonl, else 0."""
    if len(name) == 4 + len(SUFFIX) and name.endswith(SUFFIX) and name[:4].isdigit():
        return int(name[:4])
    return 0


def numbers(store):
    """Record numbers on flash, oldest first."""
    found = []
    for name in names(store):
        number = _number(name)
        if number:
            found.append(number)
    found.sort()
    return found


def newest(store):
    """The highest record number, 0 when there is none."""
    best = 0
    for name in names(store):
        best = max(best, _number(name))
    return best


def left_number(store):
    """The record last left from the menu, 0 when none."""
    try:
        with open(store.root + LEFT) as f:
            return int(f.read(8))
    except (OSError, ValueError):
        return 0


def can_start(store):
    return store.free_bytes() >= FULL_BYTES


def delete(store, number):
    """Remove one record (only ever after the player confirmed it)."""
    if number == store.number:
        store.finish()
    remove(store.journal_path(number))
    os.remove(store.path(number))


def start(store, game, players, opts, now_ms, live=None):
    """A new record with its header, which becomes the one the store writes
    to; returns its number. `live` is the Game being played (for the
    snapshots; the app sets store.game once it has made it). OSError when
    it cannot."""
    store.finish()
    store._between()  # the last record's erase done; the new one's next
    store.make_dirs()
    number = newest(store) + 1
    if number > 9999:
        raise OSError(28)  # ENOSPC: the counter is spent
    if left_number(store) == number:  # a deleted record's number, used again
        remove(store.root + LEFT)
    jpath = store.journal_path(number)
    remove(jpath)  # a stray one must not join the new record
    if file_size(jpath) >= 0:
        raise OSError(5)
    line = record.encode_header(game, players, opts, {"fw": "dicetray " + VERSION})
    path = store.path(number)
    # LittleFS commits a new file's entry at open and its data at close:
    # a power cut in between would leave an empty record. The header is
    # written aside and renamed (atomic) into place; a stale aside file
    # has this same number and is overwritten here.
    aside = path + ".new"
    try:
        with open(aside, "w") as f:
            f.write(line + "\n")
        os.rename(aside, path)
        sync()
    except Exception:
        remove(aside)  # no header-less record left behind
        if file_size(path) <= 0:
            remove(path)
            raise OSError(28)
    store._between()
    # the store appends to it from now on; `live` for the snapshots
    store.number = number
    store.game = live
    store.size = file_size(path)
    store.jn = 0
    store.line = 2
    store.since_snap = 0
    store.snap_k = 0
    store.torn = -1
    store.newline = False
    store.t0 = 0
    store.ticks0 = now_ms
    store.check_space()
    return number
