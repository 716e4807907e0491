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


@pytest.mark.parametrize("argv", [["--models", "hexa"], ["--start", "9000000"], ["--start", "9990", "--count", "20"]])
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
