# Runs the engine's unittest-style tests on the MicroPython unix port:
#   MICROPYPATH=tests/mpunit:tests/engine:firmware micropython tests/run_mp_tests.py test_pig ...
# Prints each failure and a closing "N passed, M failed" line; exits 1 on any failure.
import sys
import unittest


def run_module(name):
    module = __import__(name)
    passed = failed = 0
    for attr in dir(module):
        cls = getattr(module, attr)
        if not (isinstance(cls, type) and issubclass(cls, unittest.TestCase)) or cls is unittest.TestCase:
            continue
        for method in sorted(dir(cls)):
            if not method.startswith("test"):
                continue
            try:
                getattr(cls(), method)()
                passed += 1
            except Exception as e:
                failed += 1
                print("FAIL %s.%s.%s: %s %s" % (name, attr, method, type(e).__name__, e))
    return passed, failed


def main(names):
    passed = failed = 0
    for name in names:
        p, f = run_module(name)
        passed += p
        failed += f
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


main(sys.argv[1:])
