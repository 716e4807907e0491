"""Stream the tray's accelerometer samples and key events over USB.

`dicetray record-trace` runs stream(seconds) in the raw REPL. The samples
are the FIFO reads the app makes (same driver, same 20 ms reads, the same
time stamps: the sensor's clock, drivers/lis3dh.py stamp), so a
recorded trace is what the detector sees on this tray. A key's time is the
one the app tells the detector: its contact + _KEY_LAG_MS (app.py; the
host's KEY_LAG_MS, which `record-trace` takes off again). Lines:

    R <odr_hz> <range_g>         first: the sensor's settings
    S <t_ms> <x_mg> <y_mg> <z_mg> a sample
    K <t_ms> <code> / U <t_ms> <code>   a key down / up (from the key scan)
    O <t_ms>                     the FIFO overran: samples were lost before t
    E                            the end
"""
import time

from micropython import const

from dicetray.tray import board, keys

_READ_MS = const(20)
_TICK_MS = const(5)
_KEY_LAG_MS = const(20)     # app.py's: when the detector hears of a key, after its contact


def stream(seconds, range_g=4, odr_hz=400):
    accel = board.open_accel(range_g, odr_hz)
    if accel is None:
        print("X no accelerometer")
        return
    print("R %d %d" % (odr_hz, range_g))
    pad = board.open_keypad()   # after the first line: it may wait up to 50 ms for the PIO's first state
    start = time.ticks_ms()
    accel.read_fifo()           # what waited in the FIFO is older than the start
    due = start
    end = seconds * 1000
    while True:
        now = time.ticks_ms()
        at = time.ticks_diff(now, start)
        if at >= end:
            break
        pad.scan(now)
        ev = pad.get()
        while ev >= 0:
            kind = ev & keys.KIND_MASK
            kt = time.ticks_diff(pad.contact_ms(), start) + _KEY_LAG_MS
            if kind == keys.PRESS:
                print("K %d %d" % (kt, ev & keys.CODE_MASK))
            elif kind == keys.RELEASE:
                print("U %d %d" % (kt, ev & keys.CODE_MASK))
            ev = pad.get()
        if time.ticks_diff(now, due) >= 0:
            due = time.ticks_add(now, _READ_MS)
            n = accel.read_fifo()
            if accel.overrun:
                print("O %d" % at)
            s = accel.samples
            accel.stamp(now, n)
            ts = accel.times
            for i in range(n):
                print("S %d %d %d %d" % (time.ticks_diff(ts[i], start), s[3 * i], s[3 * i + 1], s[3 * i + 2]))
        time.sleep_ms(_TICK_MS)
    print("E")
