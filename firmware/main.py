# Boot entry on the Pico: open the tray's hardware (pins.py, via board.py)
# and run the game application. The key pad first: its timer queues keys
# from now on, while the display starts and the record is replayed. Then
# the display: its frame buffer wants one contiguous block while the heap
# is still nearly empty.
from dicetray.tray import board

pad = board.open_keypad()
oled = board.open_display()
accel = board.open_accel()   # None without a sensor: manual mode
int1 = board.accel_int1() if accel else None  # wakes sampling while the panel is off

del board
from dicetray.tray import unload
from dicetray.tray.app import App

# the pin map and the set-up code are not needed again
unload("tray.board", "tray.pins", "tray.drivers.lis3dh_setup")
App(oled, accel, pad, int1).run()
