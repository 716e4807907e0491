"""`dicetray detect TRACE.csv [--json]`: throws and tilt in an accelerometer trace.

Runs firmware/dicetray/tray.py, the code the board runs, over every sample.
"""
import sys

HEADER = "t_ms,x_mg,y_mg,z_mg"


class TraceError(ValueError):
    """A malformed trace; the message names the line and what is wrong."""


def configure(parser):
    parser.add_argument("trace", help="CSV file with header %s, one sample a line" % HEADER)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


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
    from dicetray.tray import Tray, EV_THROW, EV_SETTLED, EV_TILT, EV_LEVEL
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


def _ms(value):
    return "-" if value is None else "%d ms" % value


def run(args):
    import json
    try:
        with open(args.trace) as f:
            text = f.read()
    except OSError as exc:
        print("dicetray detect: cannot read %s: %s" % (args.trace, exc.strerror), file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print("dicetray detect: %s: not a text file" % args.trace, file=sys.stderr)
        return 2
    try:
        rows = parse_trace(text, args.trace)
    except TraceError as exc:
        print("dicetray detect: %s" % exc, file=sys.stderr)
        return 2
    result = detect(rows)
    if args.json:
        print(json.dumps(result))
        return 0
    span = rows[-1][0] - rows[0][0]
    print("%s: %d samples over %.1f s" % (args.trace, len(rows), span / 1000.0))
    print("throws: %d" % len(result["throws"]))
    for i, th in enumerate(result["throws"], start=1):
        if th["settled_ms"] is None:
            print("  %d. start %s, still moving at the end of the trace" % (i, _ms(th["start_ms"])))
        else:
            print("  %d. start %s, settled %s (%d ms later)" % (
                i, _ms(th["start_ms"]), _ms(th["settled_ms"]), th["settled_ms"] - th["start_ms"]))
    print("tilted more than 5 degrees: %d time(s)" % len(result["tilt"]))
    for i, tl in enumerate(result["tilt"], start=1):
        end = "until the end of the trace" if tl["end_ms"] is None else "to %s" % _ms(tl["end_ms"])
        print("  %d. from %s %s" % (i, _ms(tl["start_ms"]), end))
    return 0
