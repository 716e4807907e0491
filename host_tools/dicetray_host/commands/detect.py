"""`dicetray detect`: find throws and tilt in an accelerometer trace"""
import os
import sys

from dicetray_host.traces.detecting import (HEADER, MAX_TRACE_BYTES, TraceError, ms_text, detect,
                                            parse_trace, too_long)


def configure(parser):
    parser.add_argument("trace", help="CSV file with header %s, one sample a line" % HEADER)
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    parser.add_argument("--config", metavar="FILE",
                        help="the tray's learnt figures (its /tray.cfg, written by Tray setup)")
    parser.add_argument("--score", metavar="LABELS",
                        help="labels (JSON) to score against; their key presses are fed to the detector")


def _read(path, what, limit=-1):
    """The file's text; with a limit, a bigger file is refused unread (a
    pipe: read up to the limit, enough to see it is too long)."""
    try:
        if limit >= 0 and os.path.isfile(path) and os.path.getsize(path) > limit:
            return None, "dicetray detect: %s" % too_long(path)
        # utf-8-sig: a spreadsheet's or editor's "UTF-8" file starts with a
        # byte-order mark, which is no part of the header or the JSON.
        with open(path, encoding="utf-8-sig") as f:
            return f.read(limit if limit < 0 else limit + 1), None
    except OSError as exc:
        return None, "dicetray detect: cannot read %s %s: %s" % (what, path, exc.strerror)
    except UnicodeDecodeError:
        return None, "dicetray detect: %s: not a text file" % path


def run(args):
    import json
    text, err = _read(args.trace, "trace", MAX_TRACE_BYTES)
    if err:
        print(err, file=sys.stderr)
        return 2
    try:
        rows = parse_trace(text, args.trace)
    except TraceError as exc:
        print("dicetray detect: %s" % exc, file=sys.stderr)
        return 2
    config = None
    if args.config:
        from dicetray.tray.traycfg import parse
        text, err = _read(args.config, "config")
        if err:
            print(err, file=sys.stderr)
            return 2
        try:
            config = parse(text)
        except ValueError as exc:
            print("dicetray detect: %s %s" % (args.config, exc), file=sys.stderr)
            return 2
    labels = None
    if args.score:
        from dicetray_host.traces.scoring import LabelError, read_labels
        text, err = _read(args.score, "labels")
        if err:
            print(err, file=sys.stderr)
            return 2
        try:
            labels = read_labels(json.loads(text), args.score)
        except ValueError as exc:        # LabelError, or JSON that does not parse
            print("dicetray detect: %s" % exc if isinstance(exc, LabelError)
                  else "dicetray detect: %s: not JSON (%s)" % (args.score, exc), file=sys.stderr)
            return 2
    result = detect(rows, keys=labels[1] if labels else None, config=config)
    score = None
    if labels:
        score = _score(rows, labels, result)
        result["score"] = score
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
    for i, mv in enumerate(result["moved"], start=1):
        print("  moved again after a settle: %s" % ms_text(mv["at_ms"]))
    print("tilted more than 5 degrees: %d time(s)" % len(result["tilt"]))
    for i, tl in enumerate(result["tilt"], start=1):
        end = "until the end of the trace" if tl["end_ms"] is None else "to %s" % ms_text(tl["end_ms"])
        print("  %d. from %s %s" % (i, ms_text(tl["start_ms"]), end))
    if score:
        print("score against %s:" % args.score)
        for name, value in score["table"]:
            print("  %-36s %s" % (name, value))
    return 0


def _score(rows, labels, result):
    from dicetray_host.traces.scoring import Score
    throws, keys, topples, tilts = labels
    sc = Score()
    sc.add("recorded", rows[-1][0], throws, keys, topples, tilts, result)
    return {"recall": round(sc.recall(), 2), "precision": round(sc.precision(), 2),
            "false_by_cause": sc.false_by, "early_settles": sc.early,
            "settle_p95_ms": sc.p95(), "table": sc.rows()}
