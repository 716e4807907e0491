"""Key codes, the pad layout and key events.

The pad (4x4 membrane, row 0 at the top):

    1      2      3      SKULL
    4      5      6      VOID
    UP     DOWN   PLAYER BANK
    MENU   UNDO   SCORES ROLL

A face key's code is its face value, so `face(code)` needs no table. The
keys' names and places for the host's tools are in keynames.py.
"""
from micropython import const

K1 = const(1)
K2 = const(2)
K3 = const(3)
K4 = const(4)
K5 = const(5)
K6 = const(6)
SKULL = const(7)
VOID = const(8)      # a die left the tray or leans: that throw does not count
BANK = const(9)
ROLL = const(10)
OK = const(10)       # ROLL doubles as OK in menus
UP = const(11)
DOWN = const(12)
MENU = const(13)
UNDO = const(14)
SCORES = const(15)
PLAYER = const(16)   # pick a player (Bank's any-player banking)

# Key code per matrix position, row * 4 + column.
MATRIX = bytes((
    K1, K2, K3, SKULL,
    K4, K5, K6, VOID,
    UP, DOWN, PLAYER, BANK,
    MENU, UNDO, SCORES, ROLL,
))
ROWS = const(4)
COLS = const(4)

# Event = kind | code.
CODE_MASK = const(0x3F)
PRESS = const(0x40)     # press accepted (debounced)
LONG = const(0x80)      # still held after the long-press time (sent once)
RELEASE = const(0xC0)   # released (debounced)
KIND_MASK = const(0xC0)


def face(key):
    """1..6 for a face key, else 0."""
    return key if K1 <= key <= K6 else 0
