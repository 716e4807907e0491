"""When the dice were last heard: the bench's second measure of "settled means still".

The labels' still is a throw's last contact. A die spinning down on a face
taps the floor ever more weakly, and its last taps can fall under the
sensor's noise (docs/throw-detection-rounds.md, round 25 settle25): then no
reading of the tray can hear them, and a settle before them is early by the
labels but not by what the tray could know. The issue asks that nothing
above the tray's noise floor is moving at a settle. So the bench also
counts settles against the last sample, at or before the labels' still, at
which the noise-free reading (the same trace kept before its noise and its
rounding: an oracle no tray has, `generate(..., oracle=True)`) changes by
more than the noise itself changes in a sample: signal over noise in
power, per sample. For noise of sigma s on each axis (the part's, and its
rounding's step / sqrt(12)), the change of a sample from the one before
has a power of 2 s^2 on each axis, 6 s^2 on three: the reading is heard
moving when its own change, the Euclidean of the three axes' changes, is
over sqrt(6) s. That hears even a tap that one sample's noise hides (a
detector needs several such samples): a settle counted early by it is one
the dice could, in principle, have told. Anything that moves counts: a
table swaying or a machine humming under the tray keeps a throw heard up
to its labels' still.
"""
import math
from bisect import bisect_right


def noise_change(floor_mg):
    """The noise's RMS change per sample over 3 axes (mg): sqrt(3 x 2) x its sigma."""
    return math.sqrt(6.0) * floor_mg


def heard_stills(tr):
    """Per labelled throw: the last time (ms) at or before its still at which
    the noise-free reading moved more than the noise (its start when never;
    None when the throw has no still). Needs a trace made with oracle=True."""
    if tr.clean is None:
        raise ValueError("the trace was made without oracle=True: no noise-free reading")
    cx, cy, cz, floor = tr.clean
    over = noise_change(floor) ** 2
    t = tr.t_ms
    out = []
    for start, still in tr.throws:
        if still is None:
            out.append(None)
            continue
        last = start
        for n in range(max(1, bisect_right(t, start)), bisect_right(t, still)):
            if ((cx[n] - cx[n - 1]) ** 2 + (cy[n] - cy[n - 1]) ** 2
                    + (cz[n] - cz[n - 1]) ** 2) > over:
                last = t[n]
        out.append(last)
    return out
