# Runs on the MicroPython unix port (bench/records.py): what a boot costs with
# a long record on flash, written by a computer (no snapshots: replayed in
# full) and the same game written by the tray's Store (resumed from its last
# snapshot). argv: record, work folder. Prints "name value" lines.
import gc
import os
import sys
import time

from dicetray.engine import record
from dicetray.engine.game import Game
from dicetray.tray import shelf
from dicetray.tray.store import Store

src, work = sys.argv[1], sys.argv[2]

applied = [0]
_act = Game.act


def counting_act(self, kind, dice=None, p=None):
    applied[0] += 1
    return _act(self, kind, dice, p)


Game.act = counting_act
_undo = Game.undo


def counting_undo(self, before=None):  # a replay undoes without act()
    applied[0] += 1
    return _undo(self, before)


Game.undo = counting_undo


def boot(root, label):
    """Store.resume as app.boot calls it: actions applied, time, heap."""
    gc.collect()
    before = gc.mem_alloc()
    applied[0] = 0
    start = time.ticks_us()
    found = Store(root, root + "/j").resume(0)
    took = time.ticks_diff(time.ticks_us(), start)
    held = gc.mem_alloc() - before
    gc.collect()
    live = gc.mem_alloc() - before
    print("%s_actions %d" % (label, applied[0]))
    print("%s_us %d" % (label, took))
    print("%s_alloc %d" % (label, held))
    print("%s_live %d" % (label, live))
    print("%s_over %d" % (label, 1 if found.game.over else 0))


def lines_of(path):
    with open(path, "rb") as f:
        return f.read().split(b"\n")


for name in ("old", "tray"):
    try:
        os.mkdir(work + "/" + name)
    except OSError:
        pass
old = Store(work + "/old", work + "/old/j")
with open(src, "rb") as a:
    with open(old.path(1), "wb") as b:
        b.write(a.read())

# The same game through the tray's writer: snapshots and all.
lines = [line for line in lines_of(src) if line]
header = record.decode(lines[0])
tray = Store(work + "/tray", work + "/tray/j")
live = Game(header["game"], header["players"], header.get("opts", {}))
shelf.start(tray, header["game"], header["players"], header.get("opts", {}), 0, live)
for i, line in enumerate(lines[1:]):
    kind, dice, p = record.action_of(record.decode(line))
    _act(live, kind, dice, p)
    tray.append(kind, dice, p, 1000 * (i + 1))
tray.finish()
print("lines %d" % len(lines))
print("old_bytes %d" % os.stat(old.path(1))[6])
print("tray_bytes %d" % os.stat(tray.path(1))[6])
boot(work + "/old", "old")
boot(work + "/tray", "tray")
