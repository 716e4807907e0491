# Taps against a busy firmware on the virtual board (bench/pad.py): every
# loop the firmware writes a record line that erases a flash sector (45 ms,
# or 400 ms with VBOARD_FLASH_TIMES=max; interrupts off), draws a frame
# (1033 bytes at 400 kHz: ~23 ms) and sleeps a 5 ms tick. A player taps
# TAPS keys, each held 30-60 ms with 30-60 ms between them (a fixed
# pseudo-random sequence). Prints: scanner, taps, taps seen in order,
# presses seen that were not tapped, IRQ callbacks run, virtual ms.
import time

from dicetray.tray import board as hw, keynames, keys
from vboard_core import board

PIO = True
TAPS = 60   # 120 key changes: the board schedules at most 128 ahead
pad = hw.open_keypad(pio=PIO)
calls = [0]
scan = pad.scan


def counted(now_ms=None):
    calls[0] += 1
    return scan(now_ms)


pad.scan = counted   # the timer's and the IRQ's work both go through scan()

faces = (keys.K1, keys.K2, keys.K3, keys.K4, keys.K5, keys.K6, keys.SKULL, keys.BANK)
seed = 12345
t0 = board.now_us
t = t0 + 10_000
tapped = []
for i in range(TAPS):
    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
    code = faces[seed % len(faces)]
    if tapped and code == tapped[-1]:
        code = faces[(seed + 1) % len(faces)]
    hold = 30 + (seed >> 8) % 31
    gap = 30 + (seed >> 16) % 31
    r, c = keynames.position(code)
    tapped.append(code)
    board.key_at(t, r, c, True)
    board.key_at(t + hold * 1000, r, c, False)
    t += (hold + gap) * 1000

seen = []
while board.now_us < t + 500_000:
    board.flash.spend(1, 0)             # a record line's sector erase
    board.spend(23_000)                 # a full frame on the I2C bus
    time.sleep_ms(5)
    while True:
        e = pad.get()
        if e < 0:
            break
        if keynames.kind(e) == keys.PRESS:
            seen.append(keynames.code(e))
k = 0
for code in seen:
    if k < len(tapped) and code == tapped[k]:
        k += 1
print("%s %d %d %d %d %d" % ("pio" if PIO else "timer", TAPS, k, len(seen) - k, calls[0],
                             (board.now_us - t0) // 1000))
