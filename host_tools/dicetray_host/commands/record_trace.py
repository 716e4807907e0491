"""`dicetray record-trace OUT.csv --port PORT --seconds N`: a trace from a real (or virtual) tray"""
import os
import sys

RATES = (100, 200, 400)
RANGES = (2, 4, 8)


def configure(parser):
    parser.add_argument("out", metavar="OUT.csv", help="trace to write; its labels go beside it as OUT.json")
    parser.add_argument("--port", default=None,
                        help="serial port or URL (socket://127.0.0.1:PORT for `dicetray sim --serve`); default: the first USB board")
    parser.add_argument("--seconds", type=int, required=True, help="how long to record (1-600)")
    parser.add_argument("--rate", type=int, default=400, choices=RATES, help="LIS3DH data rate, Hz (default 400, as the tray)")
    parser.add_argument("--range", type=int, default=4, choices=RANGES, dest="range_g",
                        help="LIS3DH range, g (default 4, as the tray)")


def run(args):
    from dicetray_host.traces.recording import RecordError, record, write
    from dicetray_host.usb.boardlink import Board, LinkError, TransportExecError
    if not 1 <= args.seconds <= 600:
        print("dicetray record-trace: --seconds must be 1-600, got %d" % args.seconds, file=sys.stderr)
        return 2
    if not args.out.endswith(".csv"):
        print("dicetray record-trace: OUT must end in .csv, got %s" % args.out, file=sys.stderr)
        return 2
    labels = args.out[:-4] + ".json"
    try:
        with Board(args.port, timeout=10.0) as board:
            rec = record(board, args.seconds, args.range_g, args.rate)
    except (LinkError, RecordError) as e:
        print("dicetray record-trace: %s" % e, file=sys.stderr)
        return 1
    except TransportExecError as e:
        print("dicetray record-trace: the tray failed: %s" % e.error_output.strip().splitlines()[-1],
              file=sys.stderr)
        return 1
    if not rec.rows:
        print("dicetray record-trace: the tray sent no samples", file=sys.stderr)
        return 1
    folder = os.path.dirname(os.path.abspath(args.out))
    os.makedirs(folder, exist_ok=True)
    write(rec, args.out, labels)
    print("%s: %d samples over %.1f s at %d Hz, +-%d g, %d key presses%s; labels to fill in: %s" % (
        args.out, len(rec.rows), rec.rows[-1][0] / 1000.0, rec.rate_hz, rec.range_g, len(rec.keys),
        ", FIFO overran %d times" % len(rec.overruns) if rec.overruns else "", labels))
    return 0
