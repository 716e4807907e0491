# Runs on the MicroPython unix port (bench/records.py): the Python a boot
# runs besides replaying a record, counted by callgrind as two runs, argv
# "0" (these stubs alone) and "1" (the boot): main.py's imports, the
# panel's power-on sequence, the App, an empty record folder, the menu
# drawn. The hardware (bench/mp/stubs: machine, rp2) does nothing, so its
# bus and flash times are not in the count (the virtual board has those).
import sys


class Pad:  # no key pressed
    def get(self):
        return -1


class Accel:  # a sensor is there: the detector is built and set up
    def read_fifo(self):
        return 0


if sys.argv[1] == "1":
    from dicetray.tray import board
    import dicetray.tray.drivers.keypad_pio  # noqa: F401  (open_keypad's)
    import dicetray.tray.drivers.lis3dh  # noqa: F401  (open_accel's)
    import dicetray.tray.drivers.lis3dh_setup  # noqa: F401
    from dicetray.tray.drivers.ssd1306 import SSD1306
    from machine import I2C
    oled = SSD1306(I2C())
    board.start_panel(oled)
    del board
    from dicetray.tray import unload
    from dicetray.tray.app import App
    unload("tray.board", "tray.pins", "tray.drivers.lis3dh_setup")
    app = App(oled, Accel(), Pad())
    app.boot()
    app.step(0)
    print(app.mode, app.menu is not None)
