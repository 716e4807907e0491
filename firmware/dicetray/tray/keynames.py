"""The pad's legend: each key code's name, where it sits on the pad, and
an event's parts. For the virtual board, the page, the sim, benchmarks and
tests: the tray's own code needs none of it (keys.py has what it does),
and on a Pico a module's bytecode is RAM.
"""
from dicetray.tray.keys import CODE_MASK, COLS, KIND_MASK, MATRIX

# Legend text per code (index 0 unused).
NAMES = ("", "1", "2", "3", "4", "5", "6", "SKULL", "VOID", "BANK", "ROLL",
         "UP", "DOWN", "MENU", "UNDO", "SCORES", "PLAYER")


def code(event):
    return event & CODE_MASK


def kind(event):
    return event & KIND_MASK


def position(key):
    """(row, column) of a key code on the pad."""
    for i in range(len(MATRIX)):
        if MATRIX[i] == key:
            return i // COLS, i % COLS
    raise ValueError("no key with code %d" % key)
