# Freeze the dice tray firmware into your own MicroPython build, e.g.
#   cd micropython/ports/rp2
#   make BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/dicetray/firmware/manifest.py
# Frozen modules run from flash (far less RAM than .mpy files on the
# filesystem); a frozen main.py runs at boot before any main.py on the flash.
# Paths are relative to this file.
include("$(PORT_DIR)/boards/manifest.py")  # keep the port's own frozen modules

metadata(description="Dice tray scorer firmware", version="0.1.0")

package("dicetray")  # firmware/dicetray/, drivers included
module("main.py")    # the boot entry
