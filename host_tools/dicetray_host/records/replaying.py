"""`dicetray replay FILE [--json] [--runtime cpython|micropython] [--heap 48k]`."""
import re
import subprocess
from pathlib import Path

from dicetray import games
from dicetray_host.terminal import shown

EXIT_BAD_RECORD = 2
EXIT_OUT_OF_HEAP = 3


def heap_size(text):
    if not re.fullmatch(r"[1-9][0-9]*[kKmM]?", text):
        raise ValueError(text)
    return text.lower()


heap_size.__name__ = "heap size"  # argparse names the type in its error


def replay_on_cpython(path):
    """(exit status, stdout text, stderr text) of a replay on CPython."""
    from dicetray.engine.replay import Capped, RecordError, replay
    from dicetray.engine.summary import summary
    try:
        with open(path, "rb") as stream:
            game, dropped = replay(Capped(stream))
    except RecordError as e:
        return EXIT_BAD_RECORD, "", "%s\n" % shown(e)
    except OSError as e:
        return EXIT_BAD_RECORD, "", "cannot read %s: %s\n" % (shown(path), shown(e.strerror or e))
    err = "line %d: torn last line dropped\n" % dropped if dropped else ""
    return 0, summary(game, dropped) + "\n", err


def replay_on_micropython(path, heap="192k"):
    """The same replay inside the MicroPython unix port, on the firmware files
    cross-compiled to .mpy exactly as they go on the board."""
    from dicetray_host.paths import compiled_firmware, micropython_binary, micropython_env
    runner = Path(__file__).parent / "mp" / "replay_run.py"
    proc = subprocess.run([micropython_binary(), "-X", "heapsize=" + heap, str(runner), path],
                          capture_output=True, env=micropython_env(compiled_firmware()))
    out = proc.stdout.decode("utf-8", "replace")
    err = shown(proc.stderr.decode("utf-8", "replace")).replace("\\x0a", "\n")
    if proc.returncode == EXIT_OUT_OF_HEAP or "MemoryError" in err:
        return EXIT_OUT_OF_HEAP, "", "out of MicroPython heap (-X heapsize=%s)\n" % heap
    if proc.returncode not in (0, EXIT_BAD_RECORD):
        return proc.returncode, "", err
    return proc.returncode, out, err


def score_table(result):
    """A readable table of the replay result."""
    players = [shown(name) for name in result["players"]]
    width = max(6, *(len(name) for name in players))
    lines = ["%s, %s" % (result["game"], _state_line(result)), ""]
    lines.append("%-*s  %6s" % (width, "Player", "Score"))
    for i, name in enumerate(players):
        marks = []
        if i in result["winners"]:
            marks.append("winner" if len(result["winners"]) == 1 else "tied winner")
        if i in result.get("eliminated", ()):
            marks.append("eliminated")
        if result["turn"] == i:
            marks.append("to roll" if _anyone_banks(result["game"])
                         else "to play, %d points this turn" % result["points"])
        lines.append(("%-*s  %6d  %s" % (width, name, result["scores"][i], ", ".join(marks))).rstrip())
    return "\n".join(lines).rstrip() + "\n"


def _state_line(result):
    if result["over"]:
        return "game over"
    module = games.module(result["game"])
    state = "%s %d" % (module.ROUND_WORD, result["round"])
    if _anyone_banks(result["game"]):
        state += ", %s total %d" % (module.POINTS_WORD, result["points"])
    return state


def _anyone_banks(game):
    """Whether the game's rules let any player bank (then the running total is shared)."""
    return games.module(game).rules_for(2, {}).ANY_PLAYER_BANKS
