"""Hostile records (issue 11) in every host tool, and on both runtimes.

Each record of tests/hostile_records.py gives `line N: reason` and its
command's exit status for a bad record (replay and sheet 2, verify and
import 1, as documented), never a traceback; sheet leaves no file, import
stores nothing. The MicroPython unix port (the firmware as on the board)
says exactly what CPython says."""
import sqlite3
import subprocess
import sys
import time

import pytest

from dicetray.engine import record
from dicetray.engine.replay import Capped, RecordError, replay
from dicetray.engine.summary import summary
from dicetray_host.paths import ROOT, compiled_firmware, micropython_binary, micropython_env
from dicetray_host.records import db
from dicetray_host.records.stats import _figure

import hostile_records as hostile
from printed import command
from waits import HANG_S

IDS = [case[0] for case in hostile.CASES]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    paths = {}
    for number, (name, data, _, _) in enumerate(hostile.CASES):
        paths[name] = folder / ("%02d.jsonl" % number)
        paths[name].write_bytes(data)
    paths["crlf"] = folder / "crlf.jsonl"
    paths["crlf"].write_bytes(hostile.CRLF)
    paths["lf"] = folder / "lf.jsonl"
    paths["lf"].write_bytes(hostile.CRLF.replace(b"\r\n", b"\n"))
    return paths


def cpython_line(path):
    try:
        with open(path, "rb") as stream:
            game, dropped = replay(Capped(stream))
        return summary(game, dropped)
    except RecordError as e:
        return "ERR " + str(e)


def test_both_runtimes_say_the_same(files):
    paths = list(files.values())
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=192k", str(ROOT / "tests" / "mp_replay_batch.py"),
                           *map(str, paths)], capture_output=True, env=micropython_env(compiled_firmware()),
                          timeout=HANG_S)
    assert proc.returncode == 0, proc.stderr.decode()
    mp_lines = proc.stdout.decode("utf-8").splitlines()
    assert len(mp_lines) == len(paths)
    for path, mp_line in zip(paths, mp_lines):
        assert cpython_line(path) == mp_line, path.name
    by_name = dict(zip(files, mp_lines))
    for name, _, line, word in hostile.CASES:
        if word == "torn":
            assert by_name[name].endswith(',"dropped":%d}' % line), name
        else:
            assert by_name[name].startswith("ERR line %d: " % line), (name, by_name[name])
    assert by_name["crlf"] == by_name["lf"] and not by_name["lf"].startswith("ERR")


@pytest.mark.parametrize("case", hostile.CASES, ids=IDS)
def test_every_tool_names_the_line_and_the_reason(case, files, tmp_path, capsys):
    name, _, line, word = case
    path = str(files[name])
    said = "line %d: " % line
    codes = {}
    codes["replay"] = command("replay", [path, "--json"])
    replay_out = capsys.readouterr()
    codes["verify"] = command("verify", [path])
    verify_out = capsys.readouterr()
    sheet = tmp_path / "sheet.html"
    codes["sheet"] = command("sheet", [path, "--out", str(sheet)])
    sheet_out = capsys.readouterr()
    database = tmp_path / "games.sqlite"
    codes["import"] = command("import", [path, "--db", str(database)])
    import_out = capsys.readouterr()
    stored = db.counts(db.connect(str(database)))["games"]
    if word == "torn":
        assert codes == {"replay": 0, "verify": 0, "sheet": 0, "import": 0}
        assert replay_out.err == said + "torn last line dropped\n"
        assert "warning: " + said + "torn last line dropped" in verify_out.out
        assert stored == 1
        return
    assert codes == {"replay": 2, "verify": 1, "sheet": 2, "import": 1}
    assert replay_out.out == "" and replay_out.err.startswith(said) and word in replay_out.err
    assert ": BAD " + said in verify_out.out and word in verify_out.out
    assert said in sheet_out.err and word in sheet_out.err
    assert sorted(p.name for p in tmp_path.iterdir() if "sheet" in p.name) == []  # no page, no .part
    assert said in import_out.err and word in import_out.err and stored == 0


def test_a_crlf_record_is_the_same_record_everywhere(files, tmp_path, capsys):
    crlf, lf = str(files["crlf"]), str(files["lf"])
    assert command("verify", [crlf]) == 0
    out = capsys.readouterr().out
    assert out.startswith(crlf + ": OK pig") and "warning" not in out
    for name in ("crlf", "lf"):
        assert command("sheet", [str(files[name]), "--out", str(tmp_path / (name + ".html"))]) == 0
    pages = [(tmp_path / (name + ".html")).read_text().replace("crlf.jsonl", "lf.jsonl") for name in ("crlf", "lf")]
    assert pages[0] == pages[1]
    database = str(tmp_path / "games.sqlite")
    assert command("import", [crlf, "--db", database]) == 0
    assert command("import", [lf, "--db", database]) == 0
    assert "already imported as game 1" in capsys.readouterr().out
    assert db.counts(db.connect(database))["games"] == 1


def named_record(names):
    lines = [record.encode_header("pig", names, {"circuits": 3})]
    for turn in range(3 * len(names)):
        lines.append(record.encode_action(1, [4]))
        lines.append(record.encode_action(2))
    return ("\n".join(lines) + "\n").encode()


def test_names_reach_the_terminal_as_visible_escapes(tmp_path, capsys):
    # Bidi overrides are legal in a record (only control characters are
    # refused); a file name can hold anything; an old database may hold
    # control characters. None of them reach the terminal raw.
    path = tmp_path / "g\x1b]0;owned\x07.jsonl"
    path.write_bytes(named_record(["Ann\u202eevil", "Bob"]))
    assert command("verify", [str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\u202e" not in out and "\x07" not in out
    assert "g\\x1b]0;owned\\x07.jsonl: OK" in out and "Ann\\u202eevil" in out
    assert command("replay", [str(path)]) == 0
    out = capsys.readouterr().out
    assert "\u202e" not in out and "Ann\\u202eevil" in out
    database = str(tmp_path / "games.sqlite")
    assert command("import", [str(path), "--db", database]) == 0
    assert "\x1b" not in capsys.readouterr().out
    conn = db.connect(database)
    conn.execute("UPDATE players SET name = ? WHERE seat = 1", ("\x1b[2JBob\x9b31m",))
    conn.close()
    assert command("stats", ["--db", database]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x9b" not in out and "\\x1b[2JBob\\x9b31m" in out


def test_plot_shows_names_as_plain_text(tmp_path, capsys):
    database = str(tmp_path / "games.sqlite")
    names = ["$\\undefinedcmd$", "_hidden", "a$b$c"]
    (tmp_path / "g.jsonl").write_bytes(named_record(names))
    assert command("import", [str(tmp_path / "g.jsonl"), "--db", database]) == 0
    assert command("stats", ["--db", database, "--plot", str(tmp_path / "p.png")]) == 0
    assert (tmp_path / "p.png").stat().st_size > 1000
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator
    fig = _figure(plt, MaxNLocator, [(1, "pig", names, [[4, 0, 0], [4, 4, 4]])])
    legend = fig.axes[0].get_legend()
    assert [t.get_text() for t in legend.get_texts()] == names
    plt.close(fig)


def test_an_import_waits_for_another_instead_of_failing(tmp_path):
    database = str(tmp_path / "games.sqlite")
    db.connect(database).close()
    (tmp_path / "g.jsonl").write_bytes(named_record(["Ann", "Bob"]))
    holder = sqlite3.connect(database, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another import in the middle of its transaction
    held = 6.0  # longer than sqlite3's default wait (5 s), which used to fail the import
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "dicetray_host.cli", "import", str(tmp_path / "g.jsonl"),
                             "--db", database], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(held)
    holder.execute("COMMIT")
    out, err = proc.communicate(timeout=HANG_S)
    assert proc.returncode == 0, err
    assert b"imported as game 1" in out
    assert time.monotonic() - started >= held


def test_detect_refuses_a_trace_longer_than_its_limit_before_parsing_it(tmp_path, capsys):
    from dicetray_host.traces.detecting import MAX_SAMPLES
    row = "2,1,-3,998\n"
    path = tmp_path / "long.csv"
    path.write_text("t_ms,x_mg,y_mg,z_mg\n" + row * (MAX_SAMPLES + 1))
    assert command("detect", [str(path)]) == 2
    err = capsys.readouterr().err
    assert "more than %d samples" % MAX_SAMPLES in err and "split the trace" in err
    path.write_text("t_ms,x_mg,y_mg,z_mg\n" + row * 1000)  # a short one still works
    assert command("detect", [str(path), "--json"]) == 0


def test_detect_refuses_a_huge_file_unread(tmp_path):
    """A file bigger than any trace of MAX_SAMPLES (here 1 GB of nothing,
    sparse) is refused by its size: seconds and megabytes, whatever it holds."""
    path = tmp_path / "huge.csv"
    with open(path, "wb") as f:
        f.write(b"t_ms,x_mg,y_mg,z_mg\n")
        f.truncate(1 << 30)
    proc = subprocess.run([sys.executable, "-c",
                           "import resource, sys\nfrom dicetray_host.cli import main\ncode = main(sys.argv[1:])\n"
                           "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
                           "sys.exit(code)", "detect", str(path)], capture_output=True, text=True, timeout=HANG_S)
    assert proc.returncode == 2
    assert "more than 1000000 samples" in proc.stderr and "split the trace" in proc.stderr, proc.stderr
    assert int(proc.stderr.split()[-1]) < 200 * 1024  # KB: the interpreter and its modules, no file

