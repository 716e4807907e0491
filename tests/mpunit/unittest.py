# Just enough of unittest for the engine tests to run on the MicroPython unix
# port, which has no unittest module. Assertion messages match CPython's.


class SkipTest(Exception):
    pass


class _Raises:
    def __init__(self, case, expected):
        self.case = case
        self.expected = expected
        self.exception = None

    def __enter__(self):
        return self

    def __exit__(self, kind, value, traceback):
        if kind is None:
            self.case.fail("%s not raised" % self.expected.__name__)
        if not issubclass(kind, self.expected):
            return False
        self.exception = value
        return True


class TestCase:
    def fail(self, message="failed"):
        raise AssertionError(message)

    def assertEqual(self, a, b, message=None):
        if not a == b:
            self.fail(message or "%r != %r" % (a, b))

    def assertNotEqual(self, a, b, message=None):
        if a == b:
            self.fail(message or "%r == %r" % (a, b))

    def assertTrue(self, value, message=None):
        if not value:
            self.fail(message or "%r is not true" % (value,))

    def assertFalse(self, value, message=None):
        if value:
            self.fail(message or "%r is not false" % (value,))

    def assertIn(self, item, container, message=None):
        if item not in container:
            self.fail(message or "%r not found in %r" % (item, container))

    def assertNotIn(self, item, container, message=None):
        if item in container:
            self.fail(message or "%r unexpectedly found in %r" % (item, container))

    def assertIsNone(self, value, message=None):
        if value is not None:
            self.fail(message or "%r is not None" % (value,))

    def assertRaises(self, expected, func=None, *args, **kwargs):
        context = _Raises(self, expected)
        if func is None:
            return context
        with context:
            func(*args, **kwargs)


def main():
    raise SystemExit("run tests/run_mp_tests.py")
