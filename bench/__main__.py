"""`make bench`: run every benchmark section and print its table.

Each section module defines run() and prints its own figures. Benchmarks
measure; they never fail a build on timing.
"""
import importlib
import sys

SECTIONS = [
    "bench.engine",
    "bench.display",
    "bench.tray",
    "bench.app",
    "bench.keys",
    "bench.pad",
    "bench.flash",
    "bench.records",
    "bench.db",
    "bench.pull",
    "bench.web",
    "bench.soak",
]


def main(argv=None):
    names = (argv if argv is not None else sys.argv[1:]) or SECTIONS
    for name in names:
        module = importlib.import_module(name if "." in name else "bench." + name)
        print("\n== %s ==" % module.__name__.rsplit(".", 1)[-1])
        sys.stdout.flush()
        module.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
