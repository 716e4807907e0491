"""Round 75 (snapmiss75): an instrumented copy of the detector that names
the rule refusing each window.

ITray is the worktree's Tray whose _candidate is throws.py's own source
with every `why = 0` tagged by the line (and its comment) that set it;
_bars, tilt's set_down, _pattern, _start, _refused and key_down wrapped to
log each window's onset and verdict, and feed() logging the state per
sample. Its output equals Tray's (checked by classify.py on every trace).
"""
import inspect
import re
import textwrap

from dicetray.tray import impacts, throws
from dicetray.tray.throws import Tray

_SRC = textwrap.dedent(inspect.getsource(Tray._candidate))
_FIRST = Tray._candidate.__code__.co_firstlineno


def _tagged(src):
    out = []
    for i, line in enumerate(src.splitlines()):
        s = line.strip()
        ind = line[:len(line) - len(line.lstrip())]
        if s.startswith("why = 0"):
            c = s.split("#", 1)[1].strip() if "#" in s else ""
            tag = "L%d %s" % (_FIRST + i, c[:50])
            out.append(line)
            out.append("%sif self._tag is None: self._tag = %r" % (ind, tag))
        elif s.startswith("self._floor_hold = self._key_from + _KEY_RINGS_MS"):
            out.append("%sself._tag = self._tag or 'keys_quiet (only keys, judged early)'" % ind)
            out.append(line)
        elif s.startswith("imps[_WAIT_WHY] = why"):
            out.append(line)
            out.append("%sself._waitkind = %r" % (ind, "wait L%d" % (_FIRST + i)))
        elif s.startswith("self._start(dt, hx, hy, hz, self._floor >> _FLOOR_FX)"):
            out.append("%sself._split = True" % ind)
            out.append(line)
        else:
            out.append(line)
    return "\n".join(out)


_ns = dict(vars(throws))


def _set_down(tray, sta, why):
    r = throws.tilt_set_down(tray, sta, why)
    if why and r == 0 and tray._tag is None:
        tray._tag = "tilt set_down"
    return r


_ns["tilt_set_down"] = _set_down
exec(compile(_tagged(_SRC), "instr_candidate", "exec"), _ns)


class ITray(Tray):
    _candidate = _ns["_candidate"]

    def __init__(self):
        super().__init__()
        self._tag = None
        self._split = False
        self._pat = None
        self._waitkind = None
        self.wins = []      # each window: dict(t0, open_t, end_t, outcome, tag, pattern, figures)
        self.cur = None
        self.samples = []   # (t, state, sta, floor, rest_since, armed)

    def _start(self, dt, x, y, z, floor):
        split = self._split
        self._split = False
        if self.cur is not None and self.cur.get("end_t") is None:
            self.cur["end_t"] = self._t
            self.cur["outcome"] = "split by a louder landing" if split else "restarted"
        r = super()._start(dt, x, y, z, floor)
        self._tag = None
        self._pat = None
        self._waitkind = None
        self.cur = {"t0": self._cand_t0, "end_t": None, "outcome": None, "tag": None,
                    "rested_ms": self._t - self._rest_since, "split_from": split}
        self.wins.append(self.cur)
        return r

    def _pattern(self, span, dt):
        r = super()._pattern(span, dt)
        self._pat = r
        return r

    def _bars(self, why, dt):
        r = super()._bars(why, dt)
        if why and not r and self._tag is None:
            self._tag = "bars (after a settle / dice lie)"
        return r

    def _figs(self):
        c = self.cur
        c["pattern"] = self._pat
        c["peak"] = self._peak
        c["low_peak"] = self._low_peak
        c["imp_n"] = self._imp_n
        c["rises"] = self._rises
        c["energy"] = self._energy
        c["upright"] = self._upright
        c["tail"] = self._tail_t - self._cand_t0
        c["span"] = span = max(1, self._t - self._cand_t0)
        c["shift"] = max(abs(self._sx), abs(self._sy), abs(self._sz)) // span
        c["crest"] = self._peak * span // (self._energy + 1)
        c["early"] = self._energy_half
        c["hand"] = self._imps[throws._HAND]
        c["throw_peak"] = self._throw_peak
        c["wait"] = self._waitkind
        c["late"] = self._imps[impacts._LATE]
        up, side, peak = self._upright, self._energy - self._upright, self._peak
        c["low_ok"] = self._low_peak >= impacts._THROW_LOW_MG
        c["shift_ok"] = c["shift"] <= impacts._SHIFT_MG + (peak >> 1)
        c["side_ok"] = impacts._SIDE_MAX_X * up >= impacts._SIDE_MAX_Y * side
        c["keyed"] = self._keyed
        c["moved_cand"] = self._moved_cand
        c["edge"] = tuple(self._imps[i] for i in (throws._EDGE_D, throws._EDGE_Z, throws._EDGE_C,
                                                   throws._EDGE_M, throws._EDGE_N))

    def _refused(self, t, sta):
        if self.cur is not None and self.cur.get("end_t") is None:
            self._figs()
            self.cur["end_t"] = t
            self.cur["outcome"] = "refused"
            tag = self._tag
            if tag is None:
                tag = "pattern 0" if self._pat == 0 else ("key_down" if self._pat is None else "?")
            self.cur["tag"] = tag
        return super()._refused(t, sta)

    def key_down(self, t, up=False):
        was = self._state == throws._CANDIDATE and self.cur is not None and self.cur.get("end_t") is None
        if was:
            self._tag = None
            pat = self._pat
            self._pat = None
        r = super().key_down(t, up)
        if was:
            if self.cur.get("end_t") is not None and self.cur["tag"] in ("key_down", "?"):
                self.cur["tag"] = "key_down refused (a key may have opened it)"
            self._pat = pat if self._state == throws._CANDIDATE else None
        return r

    def feed(self, t, x, y, z):
        ev = super().feed(t, x, y, z)
        if ev == throws.EV_THROW and self.cur is not None:
            self._figs()
            self.cur["end_t"] = t
            self.cur["outcome"] = "THROW"
            self.cur["start_ms"] = self.throw_start_ms
        self.samples.append((t, self._state, self._sta >> 2, self._floor >> 8, self._rest_since, self._armed))
        return ev
