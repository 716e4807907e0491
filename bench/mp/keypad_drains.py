# N drains of the PIO scanner, one debounced state each (a key going down,
# then up), as its IRQ handler makes them (bench/pad.py counts their
# instructions with callgrind, and subtracts DRAIN = 0: the same loop
# handing the words over without draining them). RING = 1: each word is
# pushed by the state machine model and moved by the DMA channel into the
# ring, the drain reads the ring; RING = 0: the word is put in the FIFO
# model, the drain reads the FIFO (rp2 without DMA).
import time

from dicetray.tray import board
from vboard_core import board as vb

N = 100
DRAIN = 1
RING = 1
pad = board.open_keypad(scan_ms=0, pio=True)
sm = pad._sm
time.sleep_ms(5)
pad.scan(0)           # the idle pad's first state, through the ring (or the FIFO)
sm.active(0)          # the words come from here, not from the state machine
m = sm._m
for i in range(N):
    state = (i & 1) << 21        # bit 16 + 5: "6" down, then up
    if RING:
        m.isr = state
        m._push()                # its DREQ: the channel moves it into the ring
    else:
        m.rx[0] = state
        m.rx_head = 0
        m.rx_n = 1
    if DRAIN:
        pad.scan(i * 5)
    elif not RING:
        m.rx_n = 0
    pad.get()
vb.now_us += 1
