"""`dicetray sim`: play on the virtual board"""
import sys

from dicetray_host.vboard.sim import EXIT_USAGE, FULL, PANELS, run_script, run_served, run_terminal


def configure(parser):
    parser.add_argument("--script", metavar="FILE", help="run a scripted session headless (see docs/firmware.md)")
    parser.add_argument("--shots", metavar="DIR", help="save OLED screenshots (PNG) here (script: `shot NAME`)")
    parser.add_argument("--flash", metavar="DIR",
                        help="virtual flash folder (default: build/sim-flash, or a fresh one for --script)")
    parser.add_argument("--heap", default="192k",
                        help="MicroPython heap (default 192k, about a Pico's; the virtual board shares it)")
    parser.add_argument("--manual", action="store_true", help="no accelerometer: the tray runs in manual mode")
    parser.add_argument("--seed", type=int, default=1, help="seed of the generated throw traces")
    parser.add_argument("--chip-time", action="store_true",
                        help="the firmware's own Python takes the RP2040's time, as measured against this "
                             "machine at power-on (docs/hardware-layer.md); without it only the bus and "
                             "the flash take time")
    from dicetray_host.vboard.device import serve_arguments
    serve_arguments(parser)   # --serve PORT: the tray's USB REPL for mpremote / dicetray pull


def run(args):
    if args.script:
        if args.serve is not None:
            sys.stderr.write("dicetray sim: --serve runs with the terminal or headless, not with --script\n")
            return EXIT_USAGE
        return run_script(args)
    if args.serve is not None and not (sys.stdin.isatty() and sys.stdout.isatty()):
        return run_served(args)
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        sys.stderr.write("dicetray sim: the interactive simulator needs a terminal (stdin is not one).\n"
                         "For a headless session: dicetray sim --script FILE (see docs/firmware.md).\n")
        return EXIT_USAGE
    import shutil
    size = shutil.get_terminal_size()
    for panel in PANELS:
        if size.columns >= panel.columns and size.lines >= panel.rows:
            return run_terminal(args, panel)
    smallest = PANELS[-1]
    sys.stderr.write("dicetray sim: the OLED needs a terminal of at least %dx%d characters (%dx%d shows it "
                     "pixel for pixel); this one is %dx%d. Make the window larger (or the font smaller) "
                     "and run it again.\n" % (smallest.columns, smallest.rows, FULL.columns, FULL.rows,
                                              size.columns, size.lines))
    return EXIT_USAGE
