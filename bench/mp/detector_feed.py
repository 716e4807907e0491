# Feeds N samples of a trace to the throw detector and prints
# "<detector RAM> <heap after> <events>" (bench/tray.py measures its RAM and,
# under callgrind, its instructions; it writes TRACE and N, and a copy
# without the feed() call to subtract the loop's own cost; RING: a table's
# ring learnt at Tray setup, hundredths of a Hz, 0 for none; PAD: bytes held
# before the detector is made, to move it and the holes around it: the cost
# of a call's frame taken from the heap depends on where the first hole big
# enough for it lies).
import gc

from dicetray.tray import unload
from dicetray.tray.throws import Tray

TRACE = "trace.csv"
N = 2000
RING = 0
PAD = 0

rows = []
with open(TRACE) as f:
    f.readline()
    for line in f:
        a = line.split(",")
        rows.append((int(a[0]), int(a[1]), int(a[2]), int(a[3])))
pad = bytearray(PAD) if PAD else None
gc.collect()
before = gc.mem_alloc()
tray = Tray()
if RING:
    tray.configure(0, 0, 0, 0, 0, 0, RING)
# the set-up's code (tray/traysetup.py) is dropped once the tray is made
# and configured, as app.py drops it: the RAM is the detector's state
# (unload imported above, so that its name here is not counted)
unload("tray.traysetup")
gc.collect()
ram = gc.mem_alloc() - before
events = 0
feed = tray.feed
i = 0
m = len(rows)
while i < N:
    t, x, y, z = rows[i % m]
    if feed(t + (i // m) * 100000, x, y, z):
        events += 1
    i += 1
gc.collect()
print(ram, gc.mem_alloc() - before, events)
