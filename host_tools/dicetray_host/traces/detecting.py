"""`dicetray detect TRACE.csv [--json]`: throws and tilt in an accelerometer trace.

Runs firmware/dicetray/tray.py, the code the board runs, over every sample.
"""
import sys

HEADER = "t_ms,x_mg,y_mg,z_mg"


class TraceError(ValueError):
    """A malformed trace; the message names the line and what is wrong."""


def parse_trace(text, name="trace"):
    """Rows (t_ms, x, y, z) as ints; raises TraceError on the first problem."""
    lines = text.splitlines()
    if not lines or not text.strip():
        raise TraceError("%s: empty file, expected the header %s" % (name, HEADER))
    if lines[0].strip().replace(" ", "") != HEADER:
        raise TraceError("%s line 1: expected the header %s, got %r" % (name, HEADER, lines[0][:60]))
    rows = []
    last_t = None
    for number, line in enumerate(lines[1:], start=2):
        if not line.strip():
            continue
        fields = line.split(",")
        if len(fields) != 4:
            raise TraceError("%s line %d: expected 4 columns, got %d" % (name, number, len(fields)))
        try:
            row = tuple(int(f.strip()) for f in fields)
        except ValueError:
            bad = next(f for f in fields if not _is_int(f))
            raise TraceError("%s line %d: %r is not an integer" % (name, number, bad.strip())) from None
        if last_t is not None and row[0] < last_t:
            raise TraceError("%s line %d: time goes backwards (%d ms after %d ms)"
                             % (name, number, row[0], last_t))
        last_t = row[0]
        rows.append(row)
    if not rows:
        raise TraceError("%s: no samples after the header" % name)
    return rows


def _is_int(text):
    try:
        int(text.strip())
    except ValueError:
        return False
    return True


def detect(rows, tray=None):
    """Run the detector over rows; returns {"throws": [...], "tilt": [...]}."""
    from dicetray.tray.throws import Tray, EV_THROW, EV_SETTLED, EV_TILT, EV_LEVEL
    tray = tray or Tray()
    throws = []
    tilt = []
    feed = tray.feed
    for t, x, y, z in rows:
        ev = feed(t, x, y, z)
        if ev == EV_THROW:
            throws.append({"start_ms": tray.throw_start_ms, "settled_ms": None})
        elif ev == EV_SETTLED:
            if throws:
                throws[-1]["settled_ms"] = tray.settled_ms
        elif ev == EV_TILT:
            tilt.append({"start_ms": t, "end_ms": None})
        elif ev == EV_LEVEL:
            if tilt:
                tilt[-1]["end_ms"] = t
    return {"throws": throws, "tilt": tilt}


def ms_text(value):
    return "-" if value is None else "%d ms" % value


