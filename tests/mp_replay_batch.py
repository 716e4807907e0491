# Runs on the MicroPython unix port: replay each record named on the command
# line and print one line per record: its summary JSON, or "ERR line N: reason".
import sys

from dicetray.engine.replay import Capped, RecordError, replay
from dicetray.engine.summary import summary

for path in sys.argv[1:]:
    try:
        with open(path, "rb") as stream:
            game, dropped = replay(Capped(stream))
        print(summary(game, dropped))
    except RecordError as e:
        print("ERR " + str(e))
