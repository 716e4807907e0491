# Entry module for a board whose flash is already mounted (the virtual
# board: `micropython -m vboard_run vdevice_boot`): serve the USB REPL and
# boot main.py like a Pico. VDEVICE_STATUS_FD: fd for the Ctrl-C arming
# reports (see dicetray_host/vdevice.py); VDEVICE_RAW_PASTE=0 declines raw paste.
import os

import vdevice_repl

vdevice_repl.Device(int(os.getenv("VDEVICE_STATUS_FD") or "-1"),
                    (os.getenv("VDEVICE_RAW_PASTE") or "1") == "1").run()
