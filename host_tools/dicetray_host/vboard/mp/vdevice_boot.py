# The virtual board's USB side: `micropython -m vboard_run vdevice_boot:run`
# with VBOARD_ROM=vdevice_repl,vdevice_boot (the REPL is the board's ROM, as
# on a Pico, so it is not in the firmware's heap). Serves the USB REPL and
# boots main.py like a Pico. VDEVICE_STATUS_FD: fd for the Ctrl-C arming
# reports (see dicetray_host/vdevice.py); VDEVICE_RAW_PASTE=0 declines raw
# paste. While the REPL waits for input, the board keeps answering its host.
import os

import vdevice_repl
from vboard_core import board


def run():
    device = vdevice_repl.Device(int(os.getenv("VDEVICE_STATUS_FD") or "-1"),
                                 (os.getenv("VDEVICE_RAW_PASTE") or "1") == "1",
                                 idle=board.pump_until_readable)
    board.usb = device  # its interrupt points: where the firmware waits or the board serves
    device.run()
