# Runs on the MicroPython unix port: write generated games through the tray's
# Store (snapshots and all), and after each action resume a second Store from
# the record as a boot would. The resumed game must equal the live one, and
# undoing it step by step past its snapshot must equal undoing a full replay.
# argv: games.json, work folder. Prints "checks N", or "MISMATCH ..." lines.
import json
import sys

from dicetray.engine.game import Game
from dicetray.engine.actions import UNDO
from dicetray.engine.replay import replay
from dicetray.engine.summary import summary
from dicetray.tray.store import Store


def state(game):
    return summary(game) + " " + str(list(game.rules.snapshot())) + " %d %d" % (game.allowed(), game.in_effect())


def copy(src, dst):
    with open(src, "rb") as a:
        with open(dst, "wb") as b:
            b.write(a.read())


def undo_both(path, scratch, steps):
    """Resume a copy of the record, then undo as the tray does (act, then
    append the undo line), against a full replay undone alike."""
    with open(path, "rb") as stream:
        full, _ = replay(stream)
    store = Store(scratch)
    for name in __import__("os").listdir(scratch):
        __import__("os").remove(scratch + "/" + name)
    copy(path, store.path(1))
    resumed = store.resume(0).game
    for step in range(steps):
        if not full.can_undo():
            if resumed.can_undo():
                return "resumed can undo, full replay cannot"
            return None
        full.act(UNDO)
        resumed.act(UNDO)
        store.append(UNDO, None, None, 0)
        if state(full) != state(resumed):
            return "undo %d: %s != %s" % (step + 1, state(resumed), state(full))
    return None


with open(sys.argv[1]) as f:
    games = json.load(f)
work = sys.argv[2]
checks = 0
for number, spec in enumerate(games):
    root = "%s/g%d" % (work, number)
    store = Store(root)
    live = Game(spec["game"], spec["players"], spec["opts"])
    store.start(spec["game"], spec["players"], spec["opts"], 0, live)
    for i, (kind, dice, p) in enumerate(spec["actions"]):
        live.act(kind, dice, p)
        store.append(kind, dice, p, 1000 * (i + 1))
        again = Store(root)
        found = again.resume(0)
        checks += 1
        if state(found.game) != state(live):
            print("MISMATCH game %d action %d: %s != %s" % (number, i + 1, state(found.game), state(live)))
            break
        if i % 23 == 5:
            why = undo_both(store.path(store.number), work + "/scratch", 40)
            if why:
                print("MISMATCH game %d action %d: %s" % (number, i + 1, why))
                break
    store.finish()
print("checks %d" % checks)
