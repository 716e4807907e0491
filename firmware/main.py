# Boot entry on the Pico: open the tray's hardware (pins.py, via board.py)
# and run the game application. The display first: its frame buffer wants
# one contiguous block while the heap is still empty.
from dicetray.tray import board

oled = board.open_display()
accel = board.open_accel()   # None without a sensor: manual mode
pad = board.open_keypad()
int1 = board.accel_int1() if accel else None  # wakes sampling while the panel is off

del board
from dicetray.tray import unload
from dicetray.tray.app import App

unload("tray.board", "tray.pins")  # the pin map and the setup code are not needed again
App(oled, accel, pad, int1).run()
