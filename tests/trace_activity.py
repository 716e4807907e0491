"""What the trace models' own tests read of a trace: its activity and its noise floor."""
import numpy as np


def activity(tr):
    """(t_ms, largest sample-to-sample change of any axis, mg)."""
    a = np.array([tr.x, tr.y, tr.z], dtype=float)
    return np.array(tr.t_ms[1:]), np.abs(np.diff(a, axis=1)).max(axis=0)


def noise_floor(t, d, before_ms):
    """The noise floor: the quiet part before anything happens (the 99th percentile)."""
    quiet = d[(t > 50) & (t < before_ms - 100)]
    return max(float(np.percentile(quiet, 99)), 1.0)
