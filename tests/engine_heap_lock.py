# Runs on the MicroPython unix port: playing an action allocates nothing
# (once the game's history has room), proved with micropython.heap_lock().
import micropython

from dicetray.engine.actions import ROLL, BANK, KEEP, VOID
from dicetray.engine.game import Game


def locked(game, kind, dice=None, p=None):
    micropython.heap_lock()
    try:
        game.act(kind, dice, p)
    finally:
        micropython.heap_unlock()


FOUR, FIVE, ONE = [4], [5], [1]
pig = Game("pig", ["A", "B"], {})
for action in ((ROLL, FOUR), (VOID, None), (ROLL, FIVE), (BANK, None), (ROLL, ONE)):
    locked(pig, action[0], action[1])
print("pig", pig.scores)

TWO_THREE, SIX_ONE = [2, 3], [6, 1]
bank = Game("bank", ["A", "B", "C"], {})
for action in ((ROLL, TWO_THREE, None), (BANK, None, 2), (ROLL, SIX_ONE, None), (BANK, None, 0)):
    locked(bank, *action)
print("bank", bank.scores)

SKULL_HAND, CLEAN = [2, 5], [0, 4]
skulls = Game("skulls", ["A", "B"], {})
for action in ((ROLL, SKULL_HAND), (BANK, None), (ROLL, CLEAN)):
    locked(skulls, action[0], action[1])
print("skulls", skulls.scores)

THROW, KEPT, REST, KEPT2 = [6, 6, 6, 2, 3, 4], [6, 6, 6], [1, 5, 5], [1, 5]
six = Game("sixdice", ["A", "B"], {})
for action in ((ROLL, THROW), (KEEP, KEPT), (ROLL, REST), (KEEP, KEPT2), (BANK, None)):
    locked(six, action[0], action[1])
print("sixdice", six.scores)
