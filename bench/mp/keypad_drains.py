# N drains of the PIO scanner's FIFO, one debounced state each (a key
# going down, then up), as its IRQ handler makes them (bench/pad.py counts
# their instructions with callgrind, and subtracts DRAIN = 0: the same
# loop putting the words in the FIFO model without draining them).
from dicetray.tray import board
from vboard_core import board as vb

N = 100
DRAIN = 1
pad = board.open_keypad(scan_ms=0, pio=True)
sm = pad._sm
sm.active(0)          # the words come from here, not from the state machine
m = sm._m
for i in range(N):
    m.rx[0] = (i & 1) << 21        # bit 16 + 5: "6" down, then up
    m.rx_head = 0
    m.rx_n = 1
    if DRAIN:
        pad.scan(i * 5)
    else:
        m.rx_n = 0
    pad.get()
vb.now_us += 1
