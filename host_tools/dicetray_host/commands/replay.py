"""`dicetray replay`: replay a game record and print the result"""
import json
import sys

from dicetray_host.records.replaying import heap_size, replay_on_cpython, replay_on_micropython, score_table


def configure(parser):
    parser.add_argument("file", metavar="FILE", help="game record (JSON Lines)")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--runtime", choices=("cpython", "micropython"), default="cpython",
                        help="replay here (cpython) or inside the MicroPython unix port on the firmware files")
    parser.add_argument("--heap", default="192k", type=heap_size,
                        help="MicroPython heap for --runtime micropython, e.g. 48k (default 192k, as on a Pico)")


def run(args):
    if args.runtime == "micropython":
        code, out, err = replay_on_micropython(args.file, args.heap)
    else:
        code, out, err = replay_on_cpython(args.file)
    sys.stderr.write(err)
    if code:
        return code
    if args.json:
        sys.stdout.write(out)
    else:
        sys.stdout.write(score_table(json.loads(out)))
    return 0
