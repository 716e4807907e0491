# `dicetray replay --runtime micropython FILE`: run in the MicroPython unix
# port on the cross-compiled firmware; exit 3 when the heap runs out.
import sys

try:
    from dicetray.engine.replay_main import main
    main(sys.argv[1])
except MemoryError:
    sys.stderr.write("out of MicroPython heap\n")
    sys.exit(3)
