"""`dicetray pull`: copy new game records from the tray over USB"""
import json
import sys

from dicetray_host.terminal import shown
from dicetray_host.usb.pull import SECONDS, Progress, PullError, describe, pull


def configure(parser):
    parser.add_argument("dir", metavar="DIR", nargs="?", default="records",
                        help="folder for the records (default: ./records)")
    parser.add_argument("--port", default=None,
                        help="serial port or URL (socket://127.0.0.1:PORT for the virtual tray); default: the first USB board")
    parser.add_argument("--clear-finished", action="store_true",
                        help="delete finished games on the tray once their verified copy is here")
    parser.add_argument("--json", action="store_true", help="print a JSON summary")
    parser.add_argument("--method", choices=("stream", "cp"), default="stream",
                        help="stream: one command prints the records (default, faster); cp: mpremote's 256-byte reads")
    parser.add_argument("--timeout", type=float, default=SECONDS, metavar="SECONDS",
                        help="give up after this long in all (default %d s); the tray is handed back" % SECONDS)


def run(args):
    from dicetray_host.usb.boardlink import Board, LinkError
    progress = Progress(enabled=sys.stderr.isatty() and not args.json)
    try:
        with Board(args.port, seconds=args.timeout) as board:
            result = pull(board, args.dir, method=args.method, clear_finished=args.clear_finished,
                          progress=progress)
    except (LinkError, PullError, OSError) as e:
        progress.done()
        sys.stderr.write("dicetray pull: %s\n" % shown(e))
        sys.stderr.write("dicetray pull: records already saved are complete and checked; run pull again\n")
        return 1
    progress.done()
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        print(describe(result, args.dir))
    return 1 if result["damaged"] else 0
