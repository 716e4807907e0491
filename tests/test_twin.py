"""Twin test: generated records replayed on CPython and on the MicroPython
unix port (the cross-compiled firmware, as on the board) give byte-identical
results, and so does `dicetray replay --json` with either runtime. The
records come in the three layouts the firmware reads without the grammar
scan (engine/own_lines.py), some of them damaged."""
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from dicetray.engine.replay import RecordError, replay
from dicetray.engine.summary import summary
from dicetray_host.records.generate import random_game, record_text
from dicetray_host.paths import ROOT, compiled_firmware, micropython_binary, micropython_env
from waits import HANG_S

RECORDS = 300


def damaged(text, rng):
    """A copy of a record with one kind of damage a tray or a cable can do."""
    lines = text.splitlines(keepends=True)
    how = rng.randrange(4)
    if how == 0:  # torn last line: power cut mid-write
        last = lines[-1]
        lines[-1] = last[:rng.randrange(1, len(last) - 1)]
    elif how == 1 and len(lines) > 3:  # flipped byte in a middle line
        i = rng.randrange(1, len(lines) - 1)
        j = rng.randrange(len(lines[i]) - 1)
        lines[i] = lines[i][:j] + chr(ord(lines[i][j]) ^ 0x04) + lines[i][j + 1:]
    elif how == 2 and len(lines) > 1:  # a line dropped: later actions may become illegal
        del lines[rng.randrange(1, len(lines))]
    else:  # header damaged
        lines[0] = lines[0].replace('"v":1', '"v":2')
    return "".join(lines)


def relaid(text, layout):
    """The record's action lines in another layout the firmware reads fast:
    0 the tray's (as written), 1 the record format's examples (no "c"),
    2 json.dumps's spaced one (no "c")."""
    if layout == 0:
        return text
    lines = text.splitlines()
    out = [lines[0]]
    for line in lines[1:]:
        obj = json.loads(line)
        del obj["c"]
        out.append(json.dumps(obj, separators=(",", ":")) if layout == 1 else json.dumps(obj))
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("twin")
    rng = random.Random(2026)
    paths = []
    for seed in range(RECORDS):
        header, actions, _ = random_game(seed, finish=seed % 5 != 0)
        text = relaid(record_text(header, actions, with_time=seed % 2 == 0), seed % 3)
        if seed % 7 == 3:
            text = damaged(text, rng)
        path = folder / ("%04d.jsonl" % seed)
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def cpython_line(path):
    try:
        with open(path, "rb") as stream:
            game, dropped = replay(stream)
        return summary(game, dropped)
    except RecordError as e:
        return "ERR " + str(e)


def test_generated_records_replay_identically(records):
    env = micropython_env(compiled_firmware())
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=256k", str(ROOT / "tests" / "mp_replay_batch.py"),
                           *map(str, records)], capture_output=True, env=env, timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr.decode()
    mp_lines = proc.stdout.decode("utf-8").splitlines()
    assert len(mp_lines) == len(records)
    errors = 0
    for path, mp_line in zip(records, mp_lines):
        assert cpython_line(path) == mp_line, path.name
        errors += mp_line.startswith("ERR")
    assert 10 < errors < 60  # the damaged ones are there and reported alike


@pytest.mark.parametrize("index", [0, 3, 10, 17])
def test_cli_runtimes_agree(records, index):
    path = str(records[index])
    outputs = []
    for runtime in ("cpython", "micropython"):
        proc = subprocess.run([sys.executable, "-m", "dicetray_host.cli", "replay", path, "--json",
                               "--runtime", runtime], capture_output=True, timeout=HANG_S)
        outputs.append((proc.returncode, proc.stdout, proc.stderr))
    assert outputs[0] == outputs[1]
