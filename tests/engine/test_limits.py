# The limits of a record (docs/record-format.md, "Limits"): the same verdict
# on CPython and on MicroPython, for hostile lines as for ordinary ones.
import io
import unittest

from dicetray.engine import record
from dicetray.engine.actions import Illegal, ROLL, BANK, VOID
from dicetray.engine.game import Game
from dicetray.engine.replay import RecordError, replay
from dicetray.engine.summary import summary

PIG = '{"v":1,"game":"pig","players":["Ann","Bob"]}'


def verdict(line):
    """"ok", "torn: reason" or the reason decode() gives for a line."""
    try:
        record.decode(line.encode() if type(line) is str else line)
    except record.BadLine as e:
        return ("torn: " if e.torn else "") + str(e)
    return "ok"


def error_of(*lines):
    try:
        replay(io.BytesIO(("\n".join(lines) + "\n").encode()))
    except RecordError as e:
        return str(e)
    return None


class Grammar(unittest.TestCase):
    def test_json_the_board_would_take_and_cpython_would_not(self):
        for line in ('{"a":1,}', '{"a":1 "b":2}', '{"a":01}', '{"a":1.}', '{"a":-}', '{"a":1e}',
                     '{"a":NaN}', '{"a":Infinity}', '{"a":-Infinity}', '{"a":"x\ty"}', "{'a':1}",
                     '{"a":tru}', '{"a":1}x', '{a:1}', '{"a":[1,]}', '{"a":"\\x"}', '{"a":"\\u12"}'):
            self.assertEqual(verdict(line), "torn: not complete JSON", line)

    def test_ordinary_lines(self):
        for line in ('{"a":1}', ' {"a" : [1, 2.5e3, -0, true, false, null, {}, []]} ', '{"a":"\\u00e9\\n"}',
                     '{"a":"Zoë"}', '{"a":"\\\\ud800"}', '{"a":"' + "x" * 4000 + '"}'):
            self.assertEqual(verdict(line), "ok", line)

    def test_strict_utf8(self):
        for raw in (b'{"a":"\xed\xa0\x80"}', b'{"a":"\xc0\x80"}', b'{"a":"\xf4\x90\x80\x80"}',
                    b'{"a":"\xff"}', b'{"a":"\xc3"}', b'{"a":"\xe2\x82"}'):
            self.assertEqual(verdict(raw), "torn: not complete JSON", raw)
        self.assertEqual(verdict(b'{"a":"\xf0\x9f\x98\x80\xe2\x82\xac"}'), "ok")


class Limits(unittest.TestCase):
    def test_line_length(self):
        self.assertEqual(verdict('{"a":"' + "x" * 4088 + '"}'), "ok")  # 4096 bytes
        self.assertEqual(verdict('{"a":"' + "x" * 4089 + '"}'), "longer than 4096 bytes")

    def test_nesting(self):
        self.assertEqual(verdict('{"a":' + "[" * 15 + "]" * 15 + "}"), "ok")
        self.assertEqual(verdict('{"a":' + "[" * 16 + "]" * 16 + "}"), "nested deeper than 16")
        self.assertEqual(verdict('{"a":' + "[" * 2000 + "]" * 2000 + "}"), "nested deeper than 16")
        # Not JSON first: a deep line cut short is a torn write.
        self.assertEqual(verdict('{"a":' + "[" * 4000), "torn: not complete JSON")

    def test_digits(self):
        self.assertEqual(verdict('{"t":999999999999999999}'), "ok")
        self.assertEqual(verdict('{"t":-999999999999999999}'), "ok")
        self.assertEqual(verdict('{"t":9223372036854775808}'), "a number of more than 18 digits")
        self.assertEqual(verdict('{"t":1.' + "5" * 18 + "}"), "a number of more than 18 digits")
        self.assertEqual(verdict('{"t":1' + "0" * 3000 + "}"), "a number of more than 18 digits")
        self.assertEqual(verdict('{"t":1' + "0" * 3000), "torn: not complete JSON")
        self.assertEqual(verdict('{"t":' + "1" * 20 + ',}'), "torn: not complete JSON")

    def test_the_first_limit_passed_is_named(self):
        self.assertEqual(verdict('{"t":' + "1" * 20 + ',"x":' + "[" * 20 + "]" * 20 + "}"),
                         "a number of more than 18 digits")
        self.assertEqual(verdict('{"x":' + "[" * 20 + "]" * 20 + ',"t":' + "1" * 20 + "}"),
                         "nested deeper than 16")

    def test_surrogates(self):
        for line in ('{"a":"\\ud800"}', '{"a":"\\udc00"}', '{"a":"\\ud800x"}', '{"a":"\\ud800\\u0041"}',
                     '{"\\udfff":1}', '{"a":"\\\\\\ud800"}'):
            self.assertEqual(verdict(line), "half a surrogate pair in a string", line)

    def test_an_escaped_pair_is_one_character_on_every_runtime(self):
        obj = record.decode(b'{"a":"x\\ud83d\\ude00y","b":["\\uD83D\\uDE00"]}')
        self.assertEqual(obj["a"], "x\U0001F600y")
        self.assertEqual(obj["b"], ["\U0001F600"])
        self.assertEqual(len(obj["a"]), 3)

    def test_names(self):
        good = record.encode_header("pig", ["A" * 32, "Zoë", "\U0001F600", "$\\x$", "_u"])
        self.assertIsNone(error_of(good))
        for names, reason in ((["A" * 33, "B"], "player names must be 1-32 characters"),
                              (["", "B"], "player names must be 1-32 characters"),
                              (["A\x1b[2J", "B"], "player names must not hold control characters"),
                              (["A\x7f", "B"], "player names must not hold control characters"),
                              (["A\x9b", "B"], "player names must not hold control characters"),
                              (["A\nB", "B"], "player names must not hold control characters")):
            self.assertEqual(error_of(record.encode_header("pig", names)), "line 1: bad header: " + reason)

    def test_option_ranges(self):
        for opts, reason in (('{"rounds":99}', None), ('{"rounds":100}', "rounds must be 1 to 99"),
                             ('{"rounds":1000000000}', "rounds must be 1 to 99")):
            line = '{"v":1,"game":"skulls","players":["A","B"],"opts":%s}' % opts
            self.assertEqual(error_of(line), reason and "line 1: bad header: " + reason)
        for opts, reason in (('{"target":1000000}', None), ('{"target":1000001}', "target must be 1 to 1000000")):
            line = '{"v":1,"game":"sixdice","players":["A","B"],"opts":%s}' % opts
            self.assertEqual(error_of(line), reason and "line 1: bad header: " + reason)

    def test_control_characters_are_escaped_in_json_text(self):
        self.assertEqual(record.json_string("a\x1b\x7f\x9b\u00a0"), '"a\\u001b\\u007f\\u009b\u00a0"')
        self.assertEqual(record.json_string('Zoë "Z" \\'), '"Zoë \\"Z\\" \\\\"')
        self.assertEqual(record.json_string("\u0080\u009f\u00a0\u00c2"), '"\\u0080\\u009f\u00a0\u00c2"')
        for name in ("\u00a0", "Â", "\u00c2\u00a0", "é"):
            self.assertIsNone(error_of(record.encode_header("pig", [name, "B"])), name)

    def test_reading_names_keeps_no_memory(self):
        # Iterating a str makes one-character strings that MicroPython
        # interns for good: the letters of the names would stay in its qstr
        # pools for the rest of the run (on the tray too), KBs for 2048 letters.
        import gc

        def names(first):  # made from bytes: chr() would intern each letter here
            raw = bytearray()
            for cp in range(first, first + 256):
                raw.extend(bytes((0xE0 | cp >> 12, 0x80 | (cp >> 6) & 0x3F, 0x80 | cp & 0x3F)))
            text = bytes(raw).decode()
            return '{"v":1,"game":"pig","players":["%s"]}' % '","'.join(text[i:i + 32] for i in range(0, 256, 32))

        self.assertIsNone(error_of(names(0x3000)))  # the modules it needs, loaded
        lines = [names(0x4E00 + 256 * k) for k in range(8)]
        gc.collect()
        before = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        for line in lines:
            self.assertIsNone(error_of(line))
        gc.collect()
        after = gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0
        self.assertTrue(after - before < 2048, after - before)


class Totals(unittest.TestCase):
    def test_a_bank_total_past_2_31_is_refused_and_nothing_changes(self):
        game = Game("bank", ["Ann", "Bob"], {"rounds": 10})
        for _ in range(3 + 25):
            game.act(ROLL, [6, 6])
        self.assertEqual(game.rules.points, 36 << 25)
        before = summary(game)
        with self.assertRaises(Illegal):
            game.act(ROLL, [6, 6])
        self.assertEqual(summary(game), before)
        self.assertEqual(game.history.count, 28)
        game.act(BANK, None, 0)
        self.assertEqual(game.scores, [36 << 25, 0])

    def test_a_score_past_2_31_is_refused_after_a_checkpoint_too(self):
        game = Game("bank", ["Ann", "Bob"], {"rounds": 20})
        for _ in range(3 + 25):  # Ann banks 36 * 2^25 twice: the second would pass 2^31 - 1
            game.act(ROLL, [6, 6])
        game.act(BANK, None, 0)
        game.act(BANK, None, 1)
        for _ in range(100):  # voids: a saved state (every 128 actions) on the way
            game.act(VOID)
        for _ in range(3 + 25):
            game.act(ROLL, [6, 6])
        before = summary(game)
        try:
            game.act(BANK, None, 0)
        except Illegal as e:
            self.assertEqual(str(e), "Over 2147483647")
        else:
            self.fail("a score past 2^31 - 1 was taken")
        self.assertEqual(summary(game), before)
        game.undo()  # the undo after a refusal restores the state before the last roll
        self.assertEqual(game.rules.points, 36 << 24)

    def test_the_reason_fits_the_screen(self):
        self.assertTrue(len("Over %d" % record.MAX_TOTAL) <= 16)
