# Feeds each trace CSV named on the command line (PATH or PATH:RING_CHZ, a
# ring learnt at setup) to a fresh Tray with the heap locked around every
# feed(): a sample, or a judgment, that allocated raises MemoryError (said
# with its time). Prints first whether a Tray with no ring imported ring.py
# ("ring" or "none"), then a line a trace: "events" and its "t:ev" each.
# Runs on the MicroPython unix port (tests/tray_on_micropython.py) and on
# the WebAssembly port, 32-bit as the RP2040 (tests/fixtures/detector_wasm.mjs).
import sys, micropython
from dicetray.tray.throws import Tray

Tray()
print("ring" if "dicetray.tray.ring" in sys.modules else "none")
ev = 0      # (a global first stored under the lock may grow the globals' dict)
for arg in sys.argv[1:]:
    path, _, chz = arg.partition(":")
    tray = Tray()
    if chz:
        tray.configure(0, 0, 0, 0, 0, 0, int(chz))
    out = []
    with open(path) as f:
        f.readline()
        for line in f:
            a = line.split(",")
            t = int(a[0]); x = int(a[1]); y = int(a[2]); z = int(a[3])
            micropython.heap_lock()
            try:
                ev = tray.feed(t, x, y, z)
            except MemoryError:
                micropython.heap_unlock()
                print("allocated: feed() at t_ms %d" % t)
                raise
            micropython.heap_unlock()
            if ev:
                out.append("%d:%d" % (t, ev))
    print("events " + " ".join(out))
