# N timer scans (the fallback scanner) of the key pad with one key held (bench/display.py counts their
# instructions with callgrind; it writes its own N).
from dicetray.tray import board
from vboard_core import board as vb

N = 100
pad = board.open_keypad(scan_ms=0, pio=False)  # the timer scan, called here
vb.set_key(0, 0, True)
for i in range(N):
    pad.scan(i * 5)
