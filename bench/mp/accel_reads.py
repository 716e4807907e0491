# N FIFO reads of 32 LIS3DH samples each (bench/display.py counts their
# instructions with callgrind; it writes its own N, and a copy without the
# read to subtract the sensor model's own sampling).
import time

from dicetray.tray import board

N = 100
acc = board.open_accel(odr_hz=400)
total = 0
for i in range(N):
    time.sleep_ms(80)   # 32 samples at 400 Hz
    total += acc.read_fifo()
print("samples", total)
