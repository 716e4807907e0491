"""Record a trace from a tray over USB (firmware dicetray/tray/recorder.py).

The board prints its samples and key events; this turns them into the
trace CSV (`dicetray detect` reads it) and a labels file to fill in: the
key presses are already there (the key scan knows them), the throws,
topples and tilt are for the user to add (docs/throw-detection.md).
"""
import json

from dicetray_host.traces.detecting import HEADER, KEY_LAG_MS


class RecordError(Exception):
    """The board sent something else than a recording."""


class Recording:
    def __init__(self):
        self.rate_hz = self.range_g = None
        self.rows = []
        self.keys = []          # [(down_ms, up_ms)] contact times (scan time - debounce)
        self.overruns = []
        self.ended = False
        self._down = {}
        self._buf = b""

    def feed(self, data):
        """Bytes from the board, in any blocks."""
        self._buf += data
        *lines, self._buf = self._buf.split(b"\n")
        for line in lines:
            self._line(line.decode("ascii", "replace").strip())

    def _line(self, line):
        if not line:
            return
        f = line.split()
        try:
            if f[0] == "S" and len(f) == 5:
                t, x, y, z = (int(v) for v in f[1:])
                if self.rows and t < self.rows[-1][0]:
                    t = self.rows[-1][0]    # a late read: the FIFO's stamps overlap by a ms
                self.rows.append((t, x, y, z))
            elif f[0] == "K" and len(f) == 3:
                self._down[int(f[2])] = max(0, int(f[1]) - KEY_LAG_MS)
            elif f[0] == "U" and len(f) == 3:
                code = int(f[2])
                if code in self._down:
                    self.keys.append((self._down.pop(code), max(0, int(f[1]) - KEY_LAG_MS)))
            elif f[0] == "R" and len(f) == 3:
                self.rate_hz, self.range_g = int(f[1]), int(f[2])
            elif f[0] == "O" and len(f) == 2:
                self.overruns.append(int(f[1]))
            elif f[0] == "E":
                self.ended = True
            elif f[0] == "X":
                raise RecordError("the tray says: %s" % line[2:])
            else:
                raise RecordError("unexpected line from the tray: %r" % line[:60])
        except ValueError:
            raise RecordError("unexpected line from the tray: %r" % line[:60]) from None

    def csv_text(self):
        lines = [HEADER] + ["%d,%d,%d,%d" % r for r in self.rows]
        return "\n".join(lines) + "\n"

    def labels(self):
        keys = self.keys + [(d, d) for d in self._down.values()]   # still held at the end
        return {"rate_hz": self.rate_hz, "range_g": self.range_g,
                "duration_ms": self.rows[-1][0] if self.rows else 0,
                "throws": [], "topples": [], "tilt": [],
                "keys": [{"down_ms": d, "up_ms": u} for d, u in sorted(keys)],
                "overruns_ms": self.overruns}


def record(board, seconds, range_g=4, rate_hz=400):
    """Run the recorder on a connected board (usb.boardlink.Board); a Recording."""
    rec = Recording()
    board.exec("from dicetray.tray.recorder import stream\nstream(%d, %d, %d)\n"
               % (seconds, range_g, rate_hz), consumer=rec.feed)
    rec.feed(b"\n")
    if not rec.ended:
        raise RecordError("the recording stopped before its end")
    return rec


def write(rec, csv_path, labels_path):
    with open(csv_path, "w") as f:
        f.write(rec.csv_text())
    with open(labels_path, "w") as f:
        json.dump(rec.labels(), f, indent=1)
        f.write("\n")
