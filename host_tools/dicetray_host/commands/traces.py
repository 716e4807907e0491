"""`dicetray traces --out DIR --count N --seed S`: write generated, labelled traces.

Each trace is DIR/NNNN-KIND.csv (header t_ms,x_mg,y_mg,z_mg) with its truth
in DIR/NNNN-KIND.json: throws (start_ms, settled_ms), tilt intervals, rate,
range and kind. Same seed, same files.
"""
import sys



def configure(parser):
    parser.add_argument("--out", required=True, help="directory to write into (created if missing)")
    parser.add_argument("--count", type=int, default=14, help="number of traces (default 14, one of each kind)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--kind", help="only this kind (default: cycle through all kinds)")
    parser.add_argument("--model", default="felt",
                        help="trace model: felt (default), bare, light, box, acrylic, table, hexa, tin, snap, resin, "
                             "susan, bamboo (docs/throw-detection.md)")


def run(args):
    import json
    import os
    from dicetray_host.traces import ensemble, model as traces
    if args.count < 1:
        print("dicetray traces: --count must be at least 1", file=sys.stderr)
        return 2
    if args.model not in ensemble.MODELS:
        print("dicetray traces: unknown model %r (known: %s)" % (args.model, ", ".join(ensemble.MODELS)),
              file=sys.stderr)
        return 2
    kinds = ensemble.kinds(args.model)
    if args.kind and args.kind not in kinds:
        print("dicetray traces: unknown kind %r (known: %s)" % (args.kind, ", ".join(kinds)),
              file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)
    for i in range(args.count):
        kind = args.kind or kinds[i % len(kinds)]
        trace = ensemble.generate(args.model, kind, args.seed + i)
        base = os.path.join(args.out, "%04d-%s" % (i, kind))
        traces.write_csv(trace, base + ".csv")
        with open(base + ".json", "w") as f:
            json.dump(trace.labels(), f, indent=1)
            f.write("\n")
    print("wrote %d traces to %s" % (args.count, args.out))
    return 0
