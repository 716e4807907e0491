# Taps while one C call holds the CPU (bench/pad.py): ERASES 4 KB sector
# erases back to back at the W25Q16JV's worst case (400 ms each; no soft
# IRQ runs between them), and TAPS taps of 30 ms, 30 ms apart, all inside
# it. Prints: how the states came (dma / fifo), taps, taps seen in order,
# states the ring dropped.
import time

from dicetray.tray import board as hw, keynames, keys
from vboard_core import board

ERASES = 1
TAPS = 6
pad = hw.open_keypad()
names = (keys.K1, keys.K2, keys.K3, keys.K4, keys.K5, keys.K6, keys.SKULL, keys.BANK,
         keys.VOID, keys.UNDO, keys.ROLL, keys.PLAYER)
t = board.now_us + 10_000
for i in range(TAPS):
    r, c = keynames.position(names[i % len(names)])
    board.key_at(t, r, c, True)
    board.key_at(t + 30_000, r, c, False)
    t += 60_000
board.flash.spend(ERASES, 0)
time.sleep_ms(100)
seen = []
while True:
    e = pad.get()
    if e < 0:
        break
    if keynames.kind(e) == keys.PRESS:
        seen.append(keynames.code(e))
k = 0
for i in range(TAPS):
    if k < len(seen) and seen[k] == names[i % len(names)]:
        k += 1
print("%s %d %d %d" % ("dma" if pad._dma is not None else "fifo", TAPS, k, pad.dropped))
