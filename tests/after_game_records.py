"""Small hand-written records for the after-the-game tests (verify, sheet,
import, stats). Each is written the way the tray writes it: a CRC on every
line (record.encode_header / encode_action)."""
from dicetray.engine import record
from dicetray.engine.actions import BANK, ROLL, UNDO, VOID, KEEP

# Pig, Ann and Bob, 3 circuits. Expected by hand (line numbers in brackets):
#  circuit 1  Ann: 4 [2], 5 [3], bank [4]            -> banks 9, score 9
#             Bob: 3 [5], 1 [6]                      -> rolled 1, 0
#  circuit 2  Ann: 6 [7], void [8], 2 [9], undo [10] (retracts the 2), 3 [11], bank [12]
#                                                   -> banks 9, score 18
#             Bob: 2 2 2 2 2 2 [13-18]               -> sixth roll banks 12, score 12
#  circuit 3  Ann: 1 [19]                            -> rolled 1, 0, score 18
#             Bob: 6 [20], bank [21]                 -> banks 6, score 18
#  over: Ann 18, Bob 18, tied.
PIG_TIE = [(ROLL, [4]), (ROLL, [5]), (BANK, None),
           (ROLL, [3]), (ROLL, [1]),
           (ROLL, [6]), (VOID, None), (ROLL, [2]), (UNDO, None), (ROLL, [3]), (BANK, None),
           (ROLL, [2]), (ROLL, [2]), (ROLL, [2]), (ROLL, [2]), (ROLL, [2]), (ROLL, [2]),
           (ROLL, [1]),
           (ROLL, [6]), (BANK, None)]

# Skulls, Cy and Dee, 2 rounds.
#  round 1  Cy: 3+4 (7), 5+6 (18), pass          -> passed 18, total 18
#           Dee: 2+2 (4), skull+3                 -> skull, 0
#  round 2 (order by total: Cy, Dee)
#           Cy: 6+6 (12), skull+skull            -> two skulls, total 0
#           Dee: 5+5 (10), pass                   -> passed 10, total 10
#  over: Cy 0, Dee 10; Dee wins.
SKULLS = [(ROLL, [3, 4]), (ROLL, [5, 6]), (BANK, None),
          (ROLL, [2, 2]), (ROLL, [0, 3]),
          (ROLL, [6, 6]), (ROLL, [0, 0]),
          (ROLL, [5, 5]), (BANK, None)]

# Bank, Ann, Bob, Cy, 10 rounds, only round 1 played (unfinished record).
#  throws: Ann 3+4 (70), Bob 2+3 (75), Cy 6+6 (87), Ann banks 87,
#          Bob 1+2 (roll 4: 90), Cy 3+4 (roll 5: a 7 ends the round; Bob, Cy 0)
#  round 2 starts: Ann 2+2 (4).
BANK_OPEN = [(ROLL, [3, 4]), (ROLL, [2, 3]), (ROLL, [6, 6]), (BANK, 0),
             (ROLL, [1, 2]), (ROLL, [3, 4]), (ROLL, [2, 2])]


def text(game, players, actions, opts=None, times=True):
    lines = [record.encode_header(game, players, opts or {})]
    t = 0
    for kind, arg in actions:
        t += 2000
        dice = arg if kind in (ROLL, KEEP) else None
        p = arg if kind == BANK and game == "bank" else None
        lines.append(record.encode_action(kind, dice, p, t if times else None))
    return "\n".join(lines) + "\n"


def pig_tie():
    return text("pig", ["Ann", "Bob"], PIG_TIE, {"circuits": 3})


def skulls():
    return text("skulls", ["Cy", "Dee"], SKULLS, {"rounds": 2})


def bank_open():
    return text("bank", ["Ann", "Bob", "Cy"], BANK_OPEN, {"rounds": 10})


# Bank, Ann, Bob, Cy, 10 rounds played to the end.
#  round 1: the first six actions of BANK_OPEN: Ann banks 87 after 3 throws,
#           a 7 on throw 5 leaves Bob and Cy (in for all 5 throws) with 0.
#  rounds 2-10: one throw 2+3 (bank total 5), then Ann, Bob, Cy bank 5 each.
#  over: Ann 87 + 9*5 = 132, Bob 45, Cy 45; Ann wins.
BANK_FULL = BANK_OPEN[:6] + [(ROLL, [2, 3]), (BANK, 0), (BANK, 1), (BANK, 2)] * 9


def bank_full():
    return text("bank", ["Ann", "Bob", "Cy"], BANK_FULL, {"rounds": 10})


def bank_first_round():
    return text("bank", ["Ann", "Bob", "Cy"], BANK_OPEN[:6], {"rounds": 10})
