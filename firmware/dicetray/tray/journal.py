"""Journals as a reader of the flash sees them (see tray/store.py).

Not loaded by the tray while it plays: `dicetray pull` calls
fold_journals() on the board before it lists the records, and the host's
tests and `dicetray sim` read a record on a virtual flash with
whole_record().
"""
import os

from dicetray.tray.store import GAMES_DIR, JOURNAL_DIR, SUFFIX, pending_lines, read_all, sync


def whole_record(record_bytes, journal_bytes):
    """A record as the tray replays it: the file, then its journal's pending lines."""
    return record_bytes + pending_lines(journal_bytes, len(record_bytes))


def fold_journals(root=GAMES_DIR):
    """Put every journal's pending lines into its record and remove the
    journal (before a pull, so the files on flash are the whole records)."""
    try:
        names = os.listdir(JOURNAL_DIR)
    except OSError:
        return
    for name in names:
        path = JOURNAL_DIR + "/" + name
        try:
            size = os.stat("%s/%s%s" % (root, name, SUFFIX))[6]
            lines = pending_lines(read_all(path), size)
            if lines:
                with open("%s/%s%s" % (root, name, SUFFIX), "ab") as f:
                    f.write(lines)
                sync()
        except OSError:
            pass  # no record of that number: nothing to keep
        os.remove(path)
        sync()
