"""`make bench`: run every benchmark section and print its table.

Each section module defines run() and prints its own figures. Benchmarks
measure; they never fail a build on timing.
"""
import importlib
import sys

SECTIONS = [
    "dicetray_host.bench_engine",
    "dicetray_host.bench_display",
    "dicetray_host.bench_tray",
    "dicetray_host.bench_app",
    "dicetray_host.bench_db",
    "dicetray_host.bench_pull",
]


def main(argv=None):
    names = (argv if argv is not None else sys.argv[1:]) or SECTIONS
    for name in names:
        module = importlib.import_module(name if "." in name else "dicetray_host." + name)
        print("\n== %s ==" % module.__name__.rsplit(".", 1)[-1])
        sys.stdout.flush()
        module.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
