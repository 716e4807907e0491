"""`dicetray detect`: find throws and tilt in an accelerometer trace"""
import sys

from dicetray_host.traces.detecting import HEADER, TraceError, ms_text, detect, parse_trace


def configure(parser):
    parser.add_argument("trace", help="CSV file with header %s, one sample a line" % HEADER)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")


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
            print("  %d. start %s, still moving at the end of the trace" % (i, ms_text(th["start_ms"])))
        else:
            print("  %d. start %s, settled %s (%d ms later)" % (
                i, ms_text(th["start_ms"]), ms_text(th["settled_ms"]), th["settled_ms"] - th["start_ms"]))
    print("tilted more than 5 degrees: %d time(s)" % len(result["tilt"]))
    for i, tl in enumerate(result["tilt"], start=1):
        end = "until the end of the trace" if tl["end_ms"] is None else "to %s" % ms_text(tl["end_ms"])
        print("  %d. from %s %s" % (i, ms_text(tl["start_ms"]), end))
    return 0
