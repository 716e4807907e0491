"""Fast resume: the tray's record carries a snapshot of the game's state
every few lines; a boot restores the last one and replays only what
follows. Checked against a full replay of the same record."""
import json
import subprocess

from dicetray.engine.replay import replay
from dicetray.engine.summary import summary
from dicetray_host.paths import ROOT, compiled_firmware, micropython_binary, micropython_env
from dicetray_host.records.generate import random_game
from dicetray.tray.store import layout
from waits import HANG_S

SEEDS = range(12)


def games():
    out = []
    for seed in SEEDS:
        header, actions, _ = random_game(seed, players=2 + seed % 7, undo_rate=0.12, max_actions=260)
        out.append({"game": header["game"], "players": header["players"], "opts": header["opts"],
                    "actions": [[kind, dice, p] for kind, dice, p in actions]})
    return out


def test_resume_from_every_point_equals_the_live_game_and_undo_past_the_snapshot(tmp_path):
    spec = games()
    (tmp_path / "games.json").write_text(json.dumps(spec))
    work = tmp_path / "work"
    work.mkdir()
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=512k", str(ROOT / "tests" / "mp_store_resume.py"),
                           str(tmp_path / "games.json"), str(work)],
                          capture_output=True, env=micropython_env(compiled_firmware()), timeout=HANG_S)
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode() + out
    assert "MISMATCH" not in out, out
    assert out.split()[-1] == str(sum(len(g["actions"]) for g in spec))
    # Every snapshot the tray wrote is the state a full replay reaches at its line.
    snapshots = 0
    for number, game in enumerate(spec):
        path = next((work / ("g%d" % number)).glob("*.jsonl"))
        lines = path.read_bytes().splitlines()
        assert len(lines) == 1 + len(game["actions"])

        def check(live, lineno):
            nonlocal snapshots
            snap = json.loads(lines[lineno - 1]).get("snap")
            if snap is not None:
                snapshots += 1
                assert snap[:3] == [layout(live.rules), lineno, live.in_effect()]
                assert snap[3:] == list(live.rules.snapshot())

        with open(path, "rb") as stream:
            replay(stream, check)
        # A reader that does not know snapshots gets the same: the key is ignored.
        bare = b"".join(json.dumps({k: v for k, v in json.loads(line).items() if k not in ("snap", "c")},
                                   separators=(",", ":")).encode() + b"\n" for line in lines)
        (tmp_path / "bare.jsonl").write_bytes(bare)
        with open(path, "rb") as a, open(tmp_path / "bare.jsonl", "rb") as b:
            assert summary(replay(a)[0]) == summary(replay(b)[0])
    assert snapshots >= sum(len(g["actions"]) for g in spec) // 12


def test_the_boot_benchmark_resumes_a_computer_written_record_in_full_and_a_tray_written_one_from_its_snapshot(tmp_path):
    # bench/mp/records_boot.py (make bench, section records) on a short game:
    # the same firmware calls as the bench, so a change of the Store's API
    # cannot leave the benchmark broken unnoticed.
    from dicetray_host.records.generate import record_text
    header, actions, _ = random_game(5, game="pig", players=3, max_actions=40)
    src = tmp_path / "record.jsonl"
    src.write_text(record_text(header, actions))
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=512k", str(ROOT / "bench" / "mp" / "records_boot.py"),
                           str(src), str(tmp_path)], capture_output=True, text=True,
                          env=micropython_env(compiled_firmware()), timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr
    got = dict(line.split() for line in proc.stdout.splitlines())
    assert int(got["lines"]) == len(actions) + 1
    assert int(got["old_actions"]) == len(actions)       # no snapshot: every action replayed
    assert int(got["tray_actions"]) < 12                  # from the last snapshot on
    assert got["old_over"] == got["tray_over"]
