"""The tray's fast reader of its own lines (engine/own_lines.py) against the
strict path (the grammar scan and JSON), on both runtimes: a writer's line
is taken fast, and a line changed by one character anywhere in its members
(with a good check again) is either read exactly as the strict path reads
it, as the writer's very bytes, or left to the strict path."""
import sys
import unittest

from dicetray.engine import record
from dicetray.engine.actions import ROLL, BANK, KEEP, ORDER, VOID, UNDO, NAMES
from dicetray.engine.lines import action_line
from dicetray.engine.own_lines import as_written

if sys.implementation.name == "micropython":
    import json
    from dicetray.engine import strictjson

    def strict(line):
        strictjson.check(line)
        return json.loads(line.decode())
else:
    from dicetray.engine.hostjson import loads as strict

WRITTEN = [
    (ROLL, [5, 1, 4, 6], None, 12257, None),
    (KEEP, [1], None, 0, None),
    (BANK, None, 3, 99, None),
    (BANK, None, None, 5, None),
    (ORDER, None, [2, 0, 1], None, None),
    (VOID, None, None, None, None),
    (UNDO, None, None, 7, None),
    (ROLL, [6, 6], None, 123, [48213, 0, -5, 0, 10, 100]),
    (ROLL, [], None, 10 ** 17, None),
]
CHANGES = [b"0", b"+", b"_", b" ", b"-", b"9", b",", b"]", b"[", b"\t", b'"', b".", b"e", b"}"]


def rechecked(body):
    """A line body (without its "c") with a good check again."""
    return record.with_crc(body.decode("latin-1")).encode("latin-1")


def strict_or_none(line):
    try:
        return strict(line)
    except ValueError:
        return None


class OwnLinesTest(unittest.TestCase):
    def check_line(self, line):
        own = as_written(line)
        if own is None:
            return 0
        read = strict_or_none(line)
        self.assertTrue(read is not None, line)
        del read["c"]
        self.assertEqual(own, read, line)
        kind = NAMES.index(own["a"], 1)
        p = own.get("p")
        self.assertEqual(action_line(kind, own.get("d"), p, own.get("t"), own.get("snap")), line)
        return 1

    def test_the_writers_lines_are_read_fast(self):
        for kind, dice, p, t, snap in WRITTEN:
            line = action_line(kind, dice, p, t, snap)
            self.assertEqual(self.check_line(line), 1, line)

    def test_a_line_changed_by_one_character_is_read_as_json_reads_it_or_left_to_the_scan(self):
        taken = 0
        for kind, dice, p, t, snap in WRITTEN:
            body = action_line(kind, dice, p, t, snap)[:-record.C_TAIL] + b"}"
            for at in range(6, len(body)):
                for change in CHANGES:
                    taken += self.check_line(rechecked(body[:at] + change + body[at:]))
                    taken += self.check_line(rechecked(body[:at] + change + body[at + 1:]))
        self.assertTrue(taken > 0)  # some changes are still the writer's (another die, another time)

    def test_a_wrong_or_upper_case_check_is_left_to_the_scan(self):
        t = 81200
        line = action_line(ROLL, [4, 2], None, t)
        while line[-10:-2].upper() == line[-10:-2]:  # a check with a letter in it
            t += 1
            line = action_line(ROLL, [4, 2], None, t)
        wrong = b"1" if line[-3:-2] == b"0" else b"0"
        self.assertIsNone(as_written(line[:-3] + wrong + line[-2:]))
        self.assertIsNone(as_written(line[:-10] + line[-10:-2].upper() + line[-2:]))
