"""What the trace models' own tests share: a trace's activity and noise floor,
the throws-stand-out check, and the `traces` command writing a model."""
import json

import numpy as np

from dicetray_host.cli import main as cli_main


def activity(tr):
    """(t_ms, largest sample-to-sample change of any axis, mg)."""
    a = np.array([tr.x, tr.y, tr.z], dtype=float)
    return np.array(tr.t_ms[1:]), np.abs(np.diff(a, axis=1)).max(axis=0)


def noise_floor(t, d, before_ms):
    """The noise floor: the quiet part before anything happens (the 99th percentile)."""
    quiet = d[(t > 50) & (t < before_ms - 100)]
    return max(float(np.percentile(quiet, 99)), 1.0)


def check_throws_stand_out(tr, note=None):
    """Each labelled throw stands out of the noise at its start, and after
    its last die is still only rings decay: nothing louder than around the
    last contact (or twice the floor) until the next thing that happens."""
    t, d = activity(tr)
    floor = noise_floor(t, d, tr.throws[0][0])
    marks = [k for k, _ in tr.keys] + tr.topples + [s for s, _ in tr.throws]
    for start, still in tr.throws:
        assert start < still
        assert d[(t >= start - 5) & (t <= start + 40)].max() > 3 * floor, (note, start)
        nxt = min([m for m in marks if m > still] + [tr.duration_ms]) - 60
        last = d[(t >= still - 60) & (t <= still + 40)].max()
        after = d[(t > still + 40) & (t < min(nxt, still + 550))]
        assert after.size == 0 or after.max() <= max(last, 2 * floor) + 2 * floor, (note, still)


def check_traces_command_writes(model, out_dir):
    """`dicetray traces --model MODEL` writes its traces and their labels."""
    assert cli_main(["traces", "--out", str(out_dir), "--model", model, "--count", "2",
                     "--seed", "5"]) == 0
    labels = json.loads((out_dir / "0000-throw1_soft.json").read_text())
    assert labels["model"] == model and labels["throws"]
    assert (out_dir / "0001-throw1_hard.csv").read_text().startswith("t_ms,x_mg,y_mg,z_mg\n")
