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
from dicetray.tray import shelf
from dicetray.tray.store import Store


def state(game):
    return summary(game) + " " + str(list(game.rules.snapshot())) + " %d %d" % (game.allowed(), game.in_effect())


def whole(store):
    """The record being written as a reader sees it: its file, then its journal's lines."""
    from dicetray.tray.journal import whole_record
    with open(store.path(store.number), "rb") as a:
        data = a.read()
    try:
        with open(store.journal_path(store.number), "rb") as j:
            data = whole_record(data, j.read())
    except OSError:
        pass
    return data


def undo_both(live_store, scratch, steps):
    """Resume a copy of the record, then undo as the tray does (act, then
    append the undo line), against a full replay undone alike."""
    import io
    import os
    data = whole(live_store)
    full, _ = replay(io.BytesIO(data))
    store = Store(scratch, scratch + "/j")
    for folder in (scratch + "/j", scratch):
        for name in os.listdir(folder):
            if name != "j":
                os.remove(folder + "/" + name)
    with open(store.path(1), "wb") as f:
        f.write(data)
    resumed = store.resume(0).game
    for step in range(steps):
        if not full.in_effect():
            if resumed.in_effect():
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
    store = Store(root, root + "/j")
    live = Game(spec["game"], spec["players"], spec["opts"])
    shelf.start(store, spec["game"], spec["players"], spec["opts"], 0, live)
    for i, (kind, dice, p) in enumerate(spec["actions"]):
        live.act(kind, dice, p)
        store.append(kind, dice, p, 1000 * (i + 1))
        again = Store(root, root + "/j")
        found = again.resume(0)
        checks += 1
        if state(found.game) != state(live):
            print("MISMATCH game %d action %d: %s != %s" % (number, i + 1, state(found.game), state(live)))
            break
        if i % 23 == 5:
            why = undo_both(store, work + "/scratch", 40)
            if why:
                print("MISMATCH game %d action %d: %s" % (number, i + 1, why))
                break
    store.finish()
print("checks %d" % checks)
