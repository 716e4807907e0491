"""The fast reader of action lines (engine/own_lines.py) against the strict
path (the grammar scan and JSON), on both runtimes: a line in the tray's
layout (with "c"), the format's compact one or json.dumps's spaced one
(without) is taken fast, and a line changed by one character anywhere in
its members (a tray line's check made good again) is either read exactly
as the strict path reads it, as that layout's very bytes, or left to the
strict path."""
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


def written(kind, dice, p, t, snap, layout):
    """The line in a layout: "tray" (lines.action_line), "compact" (the
    same without "c") or "spaced" (json.dumps's separators, without "c")."""
    if layout == "tray":
        return action_line(kind, dice, p, t, snap)
    colon, comma = (b":", b",") if layout == "compact" else (b": ", b", ")
    members = [b'"a"' + colon + b'"' + NAMES[kind].encode() + b'"']
    for key, value in (("d", dice), ("p", p), ("t", t), ("snap", snap)):
        if value is None:
            continue
        if type(value) is list:
            text = b"[" + comma.join([b"%d" % v for v in value]) + b"]"
        else:
            text = b"%d" % value
        members.append(b'"' + key.encode() + b'"' + colon + text)
    return b"{" + comma.join(members) + b"}"


LAYOUTS = ("tray", "compact", "spaced")


def rechecked(body):
    """A line body (without its "c") with a good check again."""
    return record.with_crc(body.decode("latin-1")).encode("latin-1")


def strict_or_none(line):
    try:
        return strict(line)
    except ValueError:
        return None


class OwnLinesTest(unittest.TestCase):
    def check_line(self, line, layout):
        own = as_written(line)
        if own is None:
            return 0
        read = strict_or_none(line)
        self.assertTrue(read is not None, line)
        if layout == "tray":
            del read["c"]
        self.assertEqual(own, read, line)
        kind = NAMES.index(own["a"], 1)
        self.assertEqual(written(kind, own.get("d"), own.get("p"), own.get("t"), own.get("snap"), layout), line)
        return 1

    def test_lines_in_the_usual_layouts_are_read_fast(self):
        for layout in LAYOUTS:
            for kind, dice, p, t, snap in WRITTEN:
                line = written(kind, dice, p, t, snap, layout)
                self.assertEqual(self.check_line(line, layout), 1, line)

    def test_a_line_changed_by_one_character_is_read_as_json_reads_it_or_left_to_the_scan(self):
        taken = 0
        for layout in LAYOUTS:
            for kind, dice, p, t, snap in WRITTEN:
                line = written(kind, dice, p, t, snap, layout)
                body = line[:-record.C_TAIL] + b"}" if layout == "tray" else line
                for at in range(6, len(body)):
                    for change in CHANGES:
                        for changed in (body[:at] + change + body[at:], body[:at] + change + body[at + 1:]):
                            taken += self.check_line(rechecked(changed) if layout == "tray" else changed, layout)
        self.assertTrue(taken > 0)  # some changes are still the layout's (another die, another time)

    def test_the_longest_snapshot_the_tray_writes_is_read_fast(self):
        from dicetray.engine.game import Game
        for name in ("pig", "bank", "skulls", "sixdice"):
            game = Game(name, ["P%d" % i for i in range(8)], {})
            snap = [48213, 1065, 11] + list(game.rules.snapshot())  # as store.py writes it
            self.assertTrue(as_written(action_line(ROLL, [6, 6], None, 5, snap)) is not None, name)

    def test_a_list_longer_than_any_the_tray_writes_is_left_to_the_scan(self):
        self.assertIsNone(as_written(action_line(ROLL, [4] * 200, None, 5)))

    def test_the_layouts_leads_and_their_lengths_agree(self):
        from dicetray.engine.own_lines import _COMPACT, _SPACED
        for lead in (_COMPACT, _SPACED):
            for i in range(0, 12, 2):
                self.assertEqual(len(lead[i]), lead[i + 1])
        # and the leads are what each layout's writer writes
        for layout, lead in (("tray", _COMPACT), ("spaced", _SPACED)):
            line = written(ROLL, [4], None, 5, [1], layout)
            for i in (0, 2, 8, 10):   # the name, the dice, the time, the snapshot
                self.assertIn(lead[i], line)
            self.assertIn(lead[4], written(ORDER, None, [1, 0], None, None, layout))
            self.assertIn(lead[6], written(BANK, None, 1, None, None, layout))

    def test_a_line_in_one_layout_with_the_others_separators_is_left_to_the_scan(self):
        line = written(ROLL, [4, 2], None, 7, None, "spaced")
        self.assertIsNone(as_written(line.replace(b"[4, 2]", b"[4,2]")))
        self.assertIsNone(as_written(written(ROLL, [4, 2], None, 7, None, "compact").replace(b"[4,2]", b"[4, 2]")))

    def test_a_wrong_or_upper_case_check_is_left_to_the_scan(self):
        t = 81200
        line = action_line(ROLL, [4, 2], None, t)
        while line[-10:-2].upper() == line[-10:-2]:  # a check with a letter in it
            t += 1
            line = action_line(ROLL, [4, 2], None, t)
        wrong = b"1" if line[-3:-2] == b"0" else b"0"
        self.assertIsNone(as_written(line[:-3] + wrong + line[-2:]))
        self.assertIsNone(as_written(line[:-10] + line[-10:-2].upper() + line[-2:]))
