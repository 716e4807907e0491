"""Journals as a reader of the flash sees them (see tray/store.py).

Not loaded by the tray while it plays: `dicetray pull` calls
fold_journals() on the board before it lists the records, and the host's
tests and `dicetray sim` read a record on a virtual flash with
whole_record().
"""
import os

from dicetray.tray.store import GAMES_DIR, JOURNAL_DIR, SUFFIX


def whole_record(record_bytes, journal_bytes):
    """A record as the tray replays it: the file, then its journal's pending
    lines (none when the journal is stale: its size is not the file's)."""
    i = journal_bytes.find(b"\n")
    try:
        base = int(journal_bytes[:i]) if i > 0 else -1
    except ValueError:
        base = -1
    return record_bytes + (journal_bytes[i + 1:] if base == len(record_bytes) else b"")


def fold_journals(root=GAMES_DIR, journal=JOURNAL_DIR):
    """Put every journal's pending lines into its record and remove the
    journal (before a pull, so the files on flash are the whole records)."""
    from dicetray.tray.recover import fold
    try:
        names = [entry[0] for entry in os.ilistdir(journal)]
    except OSError:
        return
    for name in names:
        fold("%s/%s%s" % (root, name, SUFFIX), journal + "/" + name)
