"""bench/tuning.py: the tuning rounds' scoring on chosen seeds (not in the package)."""
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def tuning(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))   # bench/ is not in the installed package
    import bench.tuning
    return bench.tuning


@pytest.mark.parametrize("argv", [["--models", "acrylic"], ["--start", "9000000"], ["--start", "9990", "--count", "20"]])
def test_held_out_models_and_seeds_are_refused_unless_asked(tuning, argv, capsys):
    with pytest.raises(SystemExit) as exc:
        tuning.main(["score"] + argv)
    assert "held out" in str(exc.value)


def test_a_saved_run_differs_from_another_only_where_the_detector_output_does(tuning, tmp_path, capsys):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    tuning.main(["score", "--models", "felt", "--count", "3", "--save", str(a)])
    line = capsys.readouterr().out
    assert line.startswith("felt") and "recall" in line
    saved = json.loads(a.read_text())
    # one throw taken out of a trace's output: the diff names it lost
    name = next(n for n, v in saved["default"].items() if v["out"]["throws"])
    saved["default"][name]["out"]["throws"] = []
    b.write_text(json.dumps(saved))
    tuning.main(["diff", str(a), str(b)])
    out = capsys.readouterr().out
    assert "differs in any event: 1 of 3" in out
    assert "throws lost 1 %s@" % name in out


def test_learnt_trays_each_meet_as_many_kinds_as_they_have_traces(tuning):
    # a tray's learnt figures must meet its own throws and its knocks
    # together, or a learnt rule is never tried against the throws it could lose
    figures = {("bare", 5000 + t): None for t in range(tuning.TRAYS)}
    jobs = tuning._jobs(["bare"], 5000, 420, figures)
    kinds_on, traces_on = {}, {}
    for model, kind, seed, tray, config in jobs:
        kinds_on.setdefault(tray, set()).add(kind)
        traces_on[tray] = traces_on.get(tray, 0) + 1
    from dicetray_host.traces import ensemble
    assert len(kinds_on) == tuning.TRAYS
    for tray, kinds in kinds_on.items():
        assert len(kinds) == min(traces_on[tray], len(ensemble.KINDS)), tray
        assert kinds & set(ensemble.THROW_KINDS) and kinds - set(ensemble.THROW_KINDS), tray


def test_learnt_scoring_of_felt_says_it_has_no_tray_setup(tuning):
    with pytest.raises(SystemExit) as exc:
        tuning.main(["score", "--models", "felt,bare", "--count", "3", "--learnt"])
    assert "felt" in str(exc.value) and "Tray setup" in str(exc.value)
