"""`dicetray device --serve PORT [--flash DIR]`: a virtual tray on a loopback
serial endpoint (socket://127.0.0.1:PORT) that speaks a Pico's USB REPL, for
mpremote, `dicetray pull` and any other MicroPython tool.

This one runs the MicroPython unix port without emulated peripherals: main.py
from the flash folder runs on the real clock (enough for programs that only
use files and time). For the full tray, screen and keys included, use
`dicetray sim --serve PORT` once the simulator offers it."""
import sys

def configure(parser):
    from dicetray_host.vboard.device import serve_arguments
    parser.add_argument("--flash", default="vflash", help="folder holding the virtual flash (default: ./vflash)")
    parser.add_argument("--heap", default="192k", help="MicroPython heap (default 192k, about a Pico's)")
    parser.add_argument("--lib", action="store_true",
                        help="mount the repository's firmware folder read-only as /lib (no deploy needed)")
    serve_arguments(parser)


def run(args):
    from dicetray_host.paths import FIRMWARE
    from dicetray_host.vboard.device import VirtualDevice, serve
    if args.serve is None:
        sys.stderr.write("dicetray device: give --serve PORT (0 picks a free port)\n")
        return 2
    device = VirtualDevice(args.flash, port=args.serve, heap=args.heap, raw_paste=args.raw_paste,
                           lib=FIRMWARE if args.lib else None)
    try:
        device.start()
    except OSError as e:
        sys.stderr.write("dicetray device: cannot listen on 127.0.0.1:%d: %s\n" % (args.serve, e.strerror or e))
        return 1
    return serve(device)
