"""`dicetray detect TRACE.csv [--json]`: throws and tilt in an accelerometer trace.

Runs firmware/dicetray/tray.py, the code the board runs, over every sample.
"""
import sys

HEADER = "t_ms,x_mg,y_mg,z_mg"
# A trace of at most this many samples (42 minutes at 400 Hz, 2.8 hours at
# 100 Hz): a longer one is refused before it is parsed, so no file can make
# detect take minutes and gigabytes (split it, e.g. with `split -l`).
MAX_SAMPLES = 1_000_000
# Bytes of a file detect reads at most: 40 a sample is more than a sample
# line takes ("1234567890,-16000,-16000,-16000"); a bigger file is refused
# by its size, unread, so no file's size decides the memory detect takes.
MAX_TRACE_BYTES = 40 * (MAX_SAMPLES + 1)


# What an accelerometer sample can read: the LIS3DH's widest range is
# +-16 g (its counts reach about 24,600 mg there); a value past an int16 of
# mg is no sample, and the detector, which the board feeds small ints, is
# not run on it.
MAX_MG = 32767


class TraceError(ValueError):
    """A malformed trace; the message names the line and what is wrong."""


def too_long(name):
    return TraceError("%s: more than %d samples; detect takes at most %d (split the trace)"
                      % (name, MAX_SAMPLES, MAX_SAMPLES))


def parse_trace(text, name="trace"):
    """Rows (t_ms, x, y, z) as ints; raises TraceError on the first problem."""
    if text.count("\n") > MAX_SAMPLES + 1 or len(text) > MAX_TRACE_BYTES:
        raise too_long(name)
    lines = text.splitlines()
    if len(lines) > MAX_SAMPLES + 1:
        raise too_long(name)
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
        for axis, value in zip(("x_mg", "y_mg", "z_mg"), row[1:]):
            if not -MAX_MG - 1 <= value <= MAX_MG:
                raise TraceError("%s line %d: %s %d is outside what an accelerometer reads (%d to %d mg)"
                                 % (name, number, axis, value, -MAX_MG - 1, MAX_MG))
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


KEY_LAG_MS = 20     # the key scan reports a press a debounce time after the contact


# The board's detector hears of the keys from its boot on: the menu's keys
# that started the game, the faces keyed after each throw. A trace is a
# stretch of a game in progress, so on the board a key was told before its
# first sample (app.py's key_to_tray; the detector is made once, at boot,
# and never reset). It turns off the rules for presses the scan did not
# tell of (rounds 27 and 29: window.py's key_down sets _FINGER_PEAK to -1).
# A scanned trace (keys given, even none) is told of a press and its
# release this long before its first sample: long past every key's wait
# (_KEY_WAIT_MS 1.2 s) and the run of keys (_KEY_RUN_MS 700 ms).
SCAN_LEAD_MS = 5000


def keys_told(listener, rows, keys):
    """The rows, the listener (the detector or the calibration) told of each
    key before the first row from its report on: key_down / key_up at the
    contact + KEY_LAG_MS, as the board's key scan reports them."""
    events = sorted([(d + KEY_LAG_MS, 0) for d, u in keys] + [(u + KEY_LAG_MS, 1) for d, u in keys])
    k = 0
    for row in rows:
        while k < len(events) and events[k][0] <= row[0]:
            (listener.key_up if events[k][1] else listener.key_down)(events[k][0])
            k += 1
        yield row


def scanned(rows, keys):
    """rows and keys as the board's detector hears them in a game: a key
    pressed and released SCAN_LEAD_MS before the first row, then the trace's
    own keys (round 66, keys66)."""
    rows = list(rows)
    if not rows:
        return rows, list(keys)
    lead = rows[0][0] - SCAN_LEAD_MS
    return rows, [(lead, lead + 100)] + list(keys)


def detect(rows, tray=None, keys=None, config=None, why=False):
    """Run the detector over rows; returns {"throws": [...], "tilt": [...], "moved": [...]}.

    keys: [(down_ms, up_ms)] contacts on the tray's own pad; the detector
    hears of each one KEY_LAG_MS later, as from the board's key scan, and
    (keys given, even []) of a key before the first sample, as on the board
    in a game (scanned). None: a plain CSV, the pad's keys unknown.
    config: figures from a calibration (firmware dicetray/tray/calibrate.py).
    """
    from dicetray.tray.throws import Tray, EV_THROW, EV_SETTLED, EV_TILT, EV_LEVEL, EV_MOVED
    if tray is None:
        from dicetray.tray.traycfg import apply
        tray = Tray()
        apply(tray, config)
    throws = []
    tilt = []
    moved = []
    waiting = None          # the throw or the move the next EV_SETTLED ends
    if keys is None:
        keys = ()           # a plain CSV: no key told
    else:
        rows, keys = scanned(rows, keys)
    feed = tray.feed
    for t, x, y, z in keys_told(tray, rows, keys):
        ev = feed(t, x, y, z)
        if ev == EV_THROW:
            waiting = {"start_ms": tray.throw_start_ms, "settled_ms": None}
            if why:
                waiting["why"] = tray.why
            throws.append(waiting)
        elif ev == EV_SETTLED:
            if waiting is not None:
                waiting["settled_ms"] = tray.settled_ms
            waiting = None
        elif ev == EV_MOVED:
            waiting = {"at_ms": t, "settled_ms": None}
            moved.append(waiting)
        elif ev == EV_TILT:
            tilt.append({"start_ms": t, "end_ms": None})
        elif ev == EV_LEVEL:
            if tilt:
                tilt[-1]["end_ms"] = t
    return {"throws": throws, "tilt": tilt, "moved": moved}


def ms_text(value):
    return "-" if value is None else "%d ms" % value




def calibrate(rows, keys=()):
    """Run the tray's calibration (firmware dicetray/tray/calibrate.py) over a
    recorded session; returns its figures, or None if a step was not done."""
    from dicetray.tray.calibrate import Calibrator, DONE
    cal = Calibrator()
    for t, x, y, z in keys_told(cal, rows, keys):
        cal.feed(t, x, y, z)
    return cal.figures() if cal.phase == DONE else None
