# Record lines and replay (log-format.md), including its fine points.
import io
import unittest

from dicetray.engine import record
from dicetray.engine.actions import ROLL, BANK, KEEP, ORDER, VOID
from dicetray.engine.replay import RecordError, replay
from dicetray.engine.summary import summary

HEADER = '{"v":1,"game":"pig","players":["Ann","Bob","Cy"],"opts":{"circuits":5}}'


def run(*lines, end="\n"):
    return replay(io.BytesIO(("\n".join(lines) + end).encode()))


def error_of(*lines, end="\n"):
    try:
        run(*lines, end=end)
    except RecordError as e:
        return str(e)
    return None


class Lines(unittest.TestCase):
    def test_action_line_with_check(self):
        line = record.encode_action(ROLL, [4], t=1200)
        self.assertEqual(line[:-10], '{"a":"roll","d":[4],"t":1200,"c":"')
        body = '{"a":"roll","d":[4],"t":1200}'
        self.assertEqual(line, body[:-1] + ',"c":"' + record.crc_text(body) + '"}')
        obj = record.decode(line.encode())
        self.assertEqual(obj["d"], [4])

    def test_every_action_kind_encodes(self):
        self.assertEqual(record.encode_action(BANK, p=2)[:18], '{"a":"bank","p":2,')
        self.assertEqual(record.encode_action(KEEP, [1, 5])[:22], '{"a":"keep","d":[1,5],')
        self.assertEqual(record.encode_action(ORDER, p=[2, 0, 1])[:25], '{"a":"order","p":[2,0,1],')
        self.assertEqual(record.encode_action(VOID)[:13], '{"a":"void","')

    def test_known_crc(self):
        # The standard CRC-32 check value, from str or bytes alike.
        self.assertEqual(record.crc_text("123456789"), "cbf43926")
        self.assertEqual(record.crc_text(b"123456789"), "cbf43926")

    def test_check_mismatch_is_torn(self):
        line = record.encode_action(ROLL, [4])
        bad = line.replace("[4]", "[5]").encode()
        with self.assertRaises(record.BadLine) as caught:
            record.decode(bad)
        self.assertTrue(caught.exception.torn)

    def test_upper_case_check_does_not_match(self):
        line = record.encode_action(ROLL, [4])
        with self.assertRaises(record.BadLine):
            record.decode((line[:-10] + line[-10:-2].upper() + '"}').encode())

    def test_header_round_trip(self):
        line = record.encode_header("bank", ["Ann", 'B"o\\b'], {"rounds": 15}, {"device": "tray-1"})
        obj = record.decode(line.encode())
        self.assertEqual(obj["players"], ["Ann", 'B"o\\b'])
        self.assertEqual(obj["opts"], {"rounds": 15})
        self.assertEqual(obj["device"], "tray-1")

    def test_names_with_any_characters(self):
        line = record.encode_header("pig", ["Zoë", "a\nb"])
        self.assertEqual(record.decode(line.encode())["players"], ["Zoë", "a\nb"])


class Replay(unittest.TestCase):
    def test_summary_contract(self):
        game, dropped = run(HEADER, '{"a":"roll","d":[4]}', '{"a":"roll","d":[5]}', '{"a":"bank"}')
        self.assertEqual(dropped, 0)
        text = summary(game)
        self.assertEqual(text[:88], '{"game":"pig","players":["Ann","Bob","Cy"],"scores":[9,0,0],"over":false,"winners":[],"r')

    def test_crlf_line_ends_read_alike(self):
        lines = [record.encode_header("pig", ["A", "B"]), record.encode_action(ROLL, [4]),
                 record.encode_action(BANK)]
        game, dropped = replay(io.BytesIO(("\r\n".join(lines) + "\r\n").encode()))
        self.assertEqual((game.scores, dropped), ([4, 0], 0))

    def test_unknown_keys_are_ignored(self):
        game, _ = run(HEADER.replace("}}", '},"device":"x"}'), '{"a":"roll","d":[4],"t":5,"zz":[1]}')
        self.assertEqual(game.rules.points, 4)

    def test_torn_last_line_dropped(self):
        game, dropped = run(HEADER, '{"a":"roll","d":[4]}', '{"a":"roll","d":[', end="")
        self.assertEqual(dropped, 3)
        self.assertEqual(game.rules.points, 4)

    def test_last_line_with_bad_check_dropped(self):
        good = record.encode_action(ROLL, [4])
        bad = record.encode_action(ROLL, [5]).replace("[5]", "[6]")
        game, dropped = run(HEADER, good, bad)
        self.assertEqual(dropped, 3)
        self.assertEqual(game.rules.points, 4)

    def test_bad_middle_line_is_an_error(self):
        self.assertEqual(error_of(HEADER, '{"a":"roll","d":[', '{"a":"roll","d":[4]}'),
                         "line 2: not complete JSON")
        bad = record.encode_action(ROLL, [5]).replace("[5]", "[6]")
        self.assertEqual(error_of(HEADER, bad, '{"a":"bank"}'), "line 2: check (c) does not match")

    def test_complete_illegal_last_line_is_an_error(self):
        self.assertEqual(error_of(HEADER, '{"a":"bank"}'), "line 2: bank: Roll first")

    def test_unknown_and_other_games_actions(self):
        self.assertEqual(error_of(HEADER, '{"a":"jump"}'), 'line 2: unknown action "jump"')
        self.assertEqual(error_of(HEADER, '{"a":"keep","d":[4]}'), "line 2: keep: Not in this game")
        self.assertEqual(error_of(HEADER, '{"d":[4]}'), 'line 2: no action name "a"')
        self.assertEqual(error_of(HEADER, '[1,2]'), "line 2: not a JSON object")

    def test_undo_needs_something(self):
        self.assertEqual(error_of(HEADER, '{"a":"undo"}'), "line 2: undo: Nothing to undo")

    def test_void_only_where_a_throw_is(self):
        sixdice = '{"v":1,"game":"sixdice","players":["A","B"]}'
        self.assertEqual(error_of(sixdice, '{"a":"roll","d":[1,2,3,4,6,6]}', '{"a":"void"}'),
                         "line 3: void: Keep dice first")

    def test_bad_headers(self):
        cases = (
            ('', "line 1: bad header: empty record"),
            ('{"v":1,"game":"pig","players":["A"', "line 1: bad header: not complete JSON"),
            ('{"v":2,"game":"pig","players":["A","B"]}', "line 1: bad header: v must be 1"),
            ('{"game":"pig","players":["A","B"]}', "line 1: bad header: v must be 1"),
            ('{"v":"1","game":"pig","players":["A","B"]}', "line 1: bad header: v must be 1"),
            ('{"v":1,"game":"chess","players":["A","B"]}',
             "line 1: bad header: game must be pig, bank, skulls or sixdice"),
            ('{"v":1,"game":"pig","players":["A"]}', "line 1: bad header: players must list 2 to 8 names"),
            ('{"v":1,"game":"pig","players":["1","2","3","4","5","6","7","8","9"]}',
             "line 1: bad header: players must list 2 to 8 names"),
            ('{"v":1,"game":"pig","players":["A",2]}', "line 1: bad header: player names must be strings"),
            ('{"v":1,"game":"pig","players":["A","B"],"opts":[]}', "line 1: bad header: opts must be an object"),
            ('{"v":1,"game":"pig","players":["A","B"],"opts":{"circuits":4}}',
             "line 1: bad header: circuits must be 3 or 5"),
            ('{"v":1,"game":"bank","players":["A","B"],"opts":{"rounds":12}}',
             "line 1: bad header: rounds must be 10, 15 or 20"),
            ('{"v":1,"game":"skulls","players":["A","B"],"opts":{"rounds":0}}',
             "line 1: bad header: rounds must be 1 to 99"),
            ('{"v":1,"game":"skulls","players":["A","B"],"opts":{"faces":"1-6"}}',
             'line 1: bad header: faces must be "2-6" or "1-5"'),
            ('{"v":1,"game":"sixdice","players":["A","B"],"opts":{"target":-5}}',
             "line 1: bad header: target must be 1 to 1000000"),
            ('{"v":1,"game":"sixdice","players":["A","B"],"opts":{"end":"sudden"}}',
             'line 1: bad header: end must be "eliminate" or "short"'),
            ('{"v":1,"game":"pig","players":["A","B"],"opts":{"rounds":10}}',
             "line 1: bad header: option rounds not in pig"),
            ('[1]', "line 1: bad header: not a JSON object"),
        )
        for header, message in cases:
            self.assertEqual(error_of(header, end=""), message)

    def test_torn_header_alone_is_an_error(self):
        self.assertEqual(error_of('{"v":1,"game":"pig","play', end=""), "line 1: bad header: not complete JSON")

    def test_absent_opts_take_defaults(self):
        game, _ = run('{"v":1,"game":"skulls","players":["A","B"]}')
        self.assertEqual(game.rules.rounds, 6)
        self.assertEqual(game.rules.low, 2)


if __name__ == "__main__":
    unittest.main()
