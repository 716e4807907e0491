"""Hostile game records (issue 11): what an attacker or a broken writer can
put in a file, each with the line that must be named and a word of the
reason. Shared by the host-tool tests and the twin test (both runtimes)."""
from dicetray.engine import record
from dicetray.engine.actions import BANK, ROLL, UNDO

PIG = record.encode_header("pig", ["Ann", "Bob"], {"circuits": 3})


def lines(*texts, end="\n"):
    return (end.join(texts) + end).encode()


def deep(depth):
    return "[" * depth + "]" * depth


def bank_round(doubles):
    """One bank round's rolls: three safe 6+6 (12 each, 36), then `doubles`
    more 6+6, each doubling the bank total: 36 * 2^doubles."""
    return [record.encode_action(ROLL, [6, 6]) for _ in range(3 + doubles)]


BANK_HEADER = record.encode_header("bank", ["Ann", "Bob"], {"rounds": 10})


def bank_over_limit():
    """The 26th double would make the bank total 36 * 2^26 = 2,415,919,104,
    past 2^31 - 1: refused on line 30 (header, 3 safe rolls, 25 doubles)."""
    return lines(BANK_HEADER, *bank_round(26), record.encode_action(UNDO))


def bank_banked_over_limit():
    """Ann banks 36 * 2^25 = 1,207,959,552 twice: the second bank (line 60)
    would take her score past 2^31 - 1."""
    one = bank_round(25)
    return lines(BANK_HEADER, *one, record.encode_action(BANK, p=0), record.encode_action(BANK, p=1),
                 *one, record.encode_action(BANK, p=0))


# (name, record bytes, line number named, a word of the reason); the word
# "torn" means a torn last line: reported, dropped, the rest stands.
CASES = [
    ("deep header", lines(PIG[:-1] + ',"x":' + deep(100000) + "}"), 1, "longer"),
    ("deep action", lines(PIG, '{"a":"roll","d":[4],"x":' + deep(2000) + "}",
                          record.encode_action(BANK)), 2, "nested"),
    ("deep torn last line", lines(PIG, '{"a":"roll","d":[4],"x":' + "[" * 2000), 2, "torn"),
    ("nesting 17", lines(PIG, '{"a":"roll","d":[4],"x":' + deep(16) + "}",
                         record.encode_action(BANK)), 2, "nested"),
    ("lone surrogate name", lines('{"v":1,"game":"pig","players":["\\ud800","Bob"]}'), 1, "surrogate"),
    ("lone low surrogate", lines('{"v":1,"game":"pig","players":["A\\udc00b","Bob"]}'), 1, "surrogate"),
    ("raw surrogate bytes", b'{"v":1,"game":"pig","players":["\xed\xa0\x80","Bob"]}\n'
     + lines(record.encode_action(ROLL, [4])), 1, "JSON"),
    ("t over 2^63", lines(PIG, record.encode_action(ROLL, [4], t=2 ** 63),
                          record.encode_action(BANK)), 2, "digits"),
    # Lines exactly as the tray's writer makes them (a reader's fast path
    # takes those without the grammar scan) still keep the digit limit.
    ("19-digit die, as the tray writes", lines(PIG, record.encode_action(ROLL, [10 ** 18]),
                                               record.encode_action(BANK)), 2, "digits"),
    ("19-digit snapshot value", lines(PIG, record.encode_action(ROLL, [4], t=5, snap=[-10 ** 18]),
                                      record.encode_action(BANK)), 2, "digits"),
    # The writer's layout with a good check, but numbers JSON does not
    # allow, which C int() reads: the fast path must leave them to the scan.
    ("die with a leading zero, checked", lines(PIG, record.with_crc('{"a":"roll","d":[04],"t":5}'),
                                               record.encode_action(BANK)), 2, "JSON"),
    ("time with an underscore, checked", lines(PIG, record.with_crc('{"a":"roll","d":[4],"t":1_000}'),
                                               record.encode_action(BANK)), 2, "JSON"),
    ("die with a plus sign, checked", lines(PIG, record.with_crc('{"a":"roll","d":[+4],"t":5}'),
                                            record.encode_action(BANK)), 2, "JSON"),
    # A list as long as a line may be, in a layout the fast reader takes:
    # read without running out of memory, then refused by the rules.
    ("2000 dice, as the tray writes", lines(PIG, record.encode_action(ROLL, [4] * 2000, t=5),
                                           record.encode_action(BANK)), 2, "Throw 1 die"),
    ("2000 dice, as the format's examples", lines(PIG, '{"a":"roll","d":[' + ",".join(["4"] * 2000) + "]}",
                                                  record.encode_action(BANK)), 2, "Throw 1 die"),
    ("5000-digit integer", lines(PIG, '{"a":"roll","d":[' + "4" * 5000 + "]}",
                                 record.encode_action(BANK)), 2, "longer"),
    ("4000-digit integer", lines(PIG, '{"a":"roll","d":[' + "4" * 4000 + "]}",
                                 record.encode_action(BANK)), 2, "digits"),
    ("19-digit last line", lines(PIG, '{"a":"roll","d":[4],"t":' + "9" * 19 + "}"), 2, "digits"),
    ("19-digit torn last line", lines(PIG, '{"a":"roll","d":[4],"t":' + "9" * 19), 2, "torn"),
    ("long float", lines(PIG, '{"a":"roll","d":[4],"t":1.' + "5" * 18 + "}"), 2, "digits"),
    ("nested dice", lines(PIG, '{"a":"roll","d":[[4]]}'), 2, "Face"),
    ("bank total over 2^31", bank_over_limit(), 30, "2147483647"),
    ("bank score over 2^31", bank_banked_over_limit(), 60, "2147483647"),
    ("skulls rounds 10^9", lines('{"v":1,"game":"skulls","players":["A","B"],"opts":{"rounds":1000000000}}',
                                 '{"a":"roll","d":[2,3]}'), 1, "rounds"),
    ("sixdice target 10^12", lines('{"v":1,"game":"sixdice","players":["A","B"],"opts":{"target":1000000000000}}'),
     1, "target"),
    ("name too long", lines(record.encode_header("pig", ["A" * 33, "Bob"])), 1, "name"),
    ("escape code in name", lines(record.encode_header("pig", ["\x1b[2J\x1b]0;owned\x07", "Bob"])), 1, "control"),
    ("empty name", lines(record.encode_header("pig", ["", "Bob"])), 1, "name"),
    ("long line", lines(PIG, '{"a":"roll","d":[4],"x":"' + "y" * 5000 + '"}',
                        record.encode_action(BANK)), 2, "longer"),
    ("unknown action surrogate", lines(PIG, '{"a":"\\udfff"}'), 2, "surrogate"),
]

# Hostile but legal: CRLF line ends read exactly like LF ones.
CRLF = lines(PIG, record.encode_action(ROLL, [4], t=20), record.encode_action(BANK, t=40), end="\r\n")
