"""`dicetray verify`: check game records"""
import json
import sys

from dicetray_host.records.verify import EXIT_BAD, EXIT_OK, check, describe


def configure(parser):
    parser.add_argument("files", metavar="FILE", nargs="+", help="game records (JSON Lines)")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON array with a result object per file")


def run(args):
    results = [check(path) for path in args.files]
    if args.json:
        sys.stdout.write(json.dumps(results) + "\n")
    else:
        for result in results:
            sys.stdout.write(describe(result))
        bad = sum(1 for r in results if not r["ok"])
        if len(results) > 1:
            sys.stdout.write("%d of %d records OK\n" % (len(results) - bad, len(results)))
    return EXIT_BAD if any(not r["ok"] for r in results) else EXIT_OK
