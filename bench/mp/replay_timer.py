# Replay each record named on the command line inside the MicroPython unix
# port and print the microseconds each took (bench/engine.py adds them up).
import sys
import time

from dicetray.engine.replay import replay

for path in sys.argv[1:]:
    start = time.ticks_us()
    with open(path, "rb") as f:
        replay(f)
    print(time.ticks_diff(time.ticks_us(), start))
