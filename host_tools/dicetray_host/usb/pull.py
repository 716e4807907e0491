"""`dicetray pull [--port P] [DIR] [--clear-finished] [--json] [--method stream|cp]`

Copies every game record from the tray's /games/ that is not yet in DIR (or
that grew since), over mpremote's raw REPL. Safe to repeat and to cut:

- A local copy is the same game as a board record when it is a byte prefix
  of it (checked on the board by CRC-32 over the local length); then only
  the new tail is fetched. A same-named local file that is not a prefix (the
  board was wiped and numbering restarted) is kept, and the board record is
  saved beside it as NNNN-2.jsonl.
- Only complete lines are copied: a game in progress comes up to its last
  finished action; the tray resumes it when the pull hands the board back.
- Each record is written to a temporary file, checked (transfer CRC, byte
  count, and every line's own CRC through dicetray.engine.record.decode), and only
  then renamed into place; a cut connection leaves no partial file.
- --clear-finished deletes on the board only records whose replay says the
  game is over and whose verified local copy equals the whole board file.
"""
import json
import os
import re
import sys
import time
import zlib
from pathlib import Path

GAMES = "/games"
LOCAL_NAME = re.compile(r"^(\d+)(?:-(\d+))?\.jsonl$")
CHUNK = 384  # bytes per base64 line from the board (512 characters)

# Board side, listing: for each record its size, and the CRC-32 of the first
# n bytes for each local length n the host sends (to recognise its copies).
_LIST = """\
import os, binascii
def _crc(f, n, b=bytearray(%d)):
    m = memoryview(b); c = 0
    f.seek(0)
    while n:
        k = f.readinto(m[:min(n, len(b))])
        if not k:
            return -1
        c = binascii.crc32(m[:k], c); n -= k
    return c & 0xffffffff
def _list(known):
    try:  # the newest lines of a game in progress wait in a journal: into the record first
        from dicetray.tray.journal import fold_journals
        fold_journals()
    except ImportError:
        pass
    try:
        names = sorted(e[0] for e in os.ilistdir(%r) if e[1] == 0x8000 and e[0].endswith('.jsonl'))
    except OSError:
        names = []
    for name in names:
        size = os.stat(%r + '/' + name)[6]
        crcs = []
        sizes = known.get(name, ())
        if sizes:
            with open(%r + '/' + name, 'rb') as f:
                crcs = [(n, _crc(f, n)) for n in sizes if n <= size]
        print(repr((name, size, crcs)))
""" % (CHUNK, GAMES, GAMES, GAMES)

# Board side, streamed dump: for each (name, offset) the bytes from offset
# to the end, base64 in lines, then "E <count> <crc32>".
_DUMP = """\
import binascii, sys
def _dump(jobs, b=bytearray(%d)):
    m = memoryview(b); w = sys.stdout.write; a = binascii.b2a_base64
    for name, off in jobs:
        with open(%r + '/' + name, 'rb') as f:
            f.seek(off)
            w('F ' + name + '\\n')
            c = n = 0
            while True:
                k = f.readinto(b)
                if not k:
                    break
                c = binascii.crc32(m[:k], c); n += k
                w(a(m[:k]))
            w('E %%d %%08x\\n' %% (n, c & 0xffffffff))
""" % (CHUNK, GAMES)


class PullError(Exception):
    pass


def describe(result, folder):
    lines = []
    for key, word in (("copied", "copied"), ("updated", "updated")):
        if result[key]:
            lines.append("%s %d: %s" % (word, len(result[key]), ", ".join(result[key])))
    lines.append("%d record(s) on the tray, %d new or grown, %d byte(s) in %.2f s, into %s"
                 % (result["on_board"], len(result["copied"]) + len(result["updated"]),
                    result["bytes"], result["seconds"], folder))
    for name, reason in result["damaged"].items():
        lines.append("not copied: %s: %s (left on the tray untouched)" % (name, reason))
    if result["cleared"]:
        lines.append("cleared on the tray: %s" % ", ".join(result["cleared"]))
    return "\n".join(lines)


class Progress:
    """One status line on stderr: records and bytes so far."""

    def __init__(self, enabled):
        self.enabled = enabled
        self.shown = False

    def show(self, records, total, nbytes):
        if self.enabled:
            sys.stderr.write("\rpulling: record %d/%d, %.1f KB " % (records, total, nbytes / 1024))
            sys.stderr.flush()
            self.shown = True

    def done(self):
        if self.shown:
            sys.stderr.write("\n")
            self.shown = False


# -- local side ----------------------------------------------------------------
def local_copies(folder):
    """board name -> [local Path, ...] of the copies already pulled."""
    found = {}
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            m = LOCAL_NAME.match(path.name)
            if m and path.is_file():
                found.setdefault("%s.jsonl" % m.group(1), []).append(path)
    return found


def complete_part(data):
    """The bytes up to and including the last newline (whole lines only)."""
    end = data.rfind(b"\n")
    return data[:end + 1] if end >= 0 else b""


def check_lines(data):
    """Every line decodes with a good check; else PullError naming the line."""
    from dicetray.engine.record import BadLine, decode
    for number, line in enumerate(data.split(b"\n")[:-1], 1):
        try:
            decode(line)
        except BadLine as e:
            raise PullError("line %d: %s" % (number, e))


def save_verified(path, data):
    """Write data to path through a temporary file, read it back and check
    size and lines, then rename: the file is either whole or absent."""
    temp = path.with_name(".%s.part" % path.name)
    try:
        with open(temp, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        written = temp.read_bytes()
        if written != data:
            raise PullError("%s: read back %d bytes, expected %d" % (temp, len(written), len(data)))
        check_lines(written)
        os.replace(temp, path)
    finally:
        if temp.exists():
            temp.unlink()


def free_name(folder, board_name):
    stem = board_name[:-len(".jsonl")]
    n = 2
    while (folder / ("%s-%d.jsonl" % (stem, n))).exists():
        n += 1
    return folder / ("%s-%d.jsonl" % (stem, n))


def is_finished(path):
    from dicetray.engine.replay import RecordError, replay
    try:
        with open(path, "rb") as f:
            game, dropped = replay(f)
    except (RecordError, OSError):
        return False
    return bool(game.over) and not dropped


# -- the pull ----------------------------------------------------------------------
def board_list(board, known):
    import ast
    query = {name: sorted({p.stat().st_size for p in paths}) for name, paths in known.items()}
    out = board.exec(_LIST + "_list(%r)\n" % query)
    return [ast.literal_eval(line) for line in out.decode().splitlines() if line.strip()]


def plan(listing, known, folder):
    """jobs: (board name, offset, local path, local bytes, board size) to fetch;
    synced: board name -> local path already equal to the board's whole lines."""
    jobs, synced = [], {}
    for name, size, crcs in listing:
        by_size = dict(crcs)
        match = None
        for path in known.get(name, ()):
            n = path.stat().st_size
            if by_size.get(n) == zlib.crc32(path.read_bytes()) & 0xFFFFFFFF:
                if match is None or n > match.stat().st_size:
                    match = path
        if match is not None:
            have = match.read_bytes()
            if len(have) == size:
                synced[name] = match
                continue
            jobs.append((name, len(have), match, have, size))
        else:
            target = folder / name
            if target.exists():
                target = free_name(folder, name)
            jobs.append((name, 0, target, b"", size))
    return jobs, synced


def pull(board, folder, method="stream", clear_finished=False, progress=None):
    """Pull every new or grown record into folder; returns the summary dict."""
    started = time.monotonic()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    progress = progress or Progress(False)
    known = local_copies(folder)
    listing = board_list(board, known)
    jobs, synced = plan(listing, known, folder)
    result = {"on_board": len(listing), "copied": [], "updated": [], "unchanged": len(synced),
              "damaged": {}, "cleared": [], "bytes": 0, "method": method}
    fetch = fetch_stream if method == "stream" else fetch_cp
    done = [0]

    def received(name, offset, tail):
        job = next(j for j in jobs if j[0] == name)
        _, _, path, have, size = job
        if offset + len(tail) != size:
            raise PullError("%s: got %d bytes, the tray has %d" % (name, offset + len(tail), size))
        whole = complete_part(have + tail)
        result["bytes"] += len(tail)
        done[0] += 1
        progress.show(done[0], len(jobs), result["bytes"])
        if len(whole) <= len(have):
            if whole == have and len(whole):
                synced[name] = path  # nothing complete beyond what we had
            return
        try:
            save_verified(path, whole)
        except PullError as e:
            result["damaged"][name] = str(e)
            return
        (result["updated"] if have else result["copied"]).append(path.name)
        if len(whole) == size:
            synced[name] = path

    if jobs:
        fetch(board, [(j[0], j[1]) for j in jobs], received)
    if clear_finished:
        result["cleared"] = clear(board, synced)
    result["seconds"] = round(time.monotonic() - started, 3)
    return result


def fetch_stream(board, jobs, received):
    """One command prints every wanted byte range as base64 lines; each
    record is checked against its trailer (count, CRC-32) as it arrives."""
    state = {"name": None, "parts": [], "rest": b""}
    offsets = dict(jobs)

    def consume(block):
        data = state["rest"] + block
        lines = data.split(b"\n")
        state["rest"] = lines.pop()
        for line in lines:
            line = line.rstrip(b"\r")
            if line.startswith(b"F "):
                state["name"], state["parts"] = line[2:].decode(), []
            elif line.startswith(b"E "):
                count, crc = line[2:].split()
                tail = b"".join(state["parts"])
                if len(tail) != int(count) or zlib.crc32(tail) & 0xFFFFFFFF != int(crc, 16):
                    raise PullError("%s: transfer check failed" % state["name"])
                received(state["name"], offsets[state["name"]], tail)
                state["name"] = None
            elif line:
                import binascii
                state["parts"].append(binascii.a2b_base64(line))

    board.exec(_DUMP + "_dump(%r)\n" % (jobs,), consumer=consume)
    consume(b"\n")


def fetch_cp(board, jobs, received):
    """What `mpremote fs cp` does: 256 bytes per round trip."""
    for name, offset in jobs:
        data = bytes(board.transport.fs_readfile("%s/%s" % (GAMES, name), chunk_size=256))
        received(name, offset, data[offset:])


def clear(board, synced):
    """Delete finished, fully copied records on the board; returns their names."""
    names = sorted(name for name, path in synced.items() if is_finished(path))
    if names:
        board.exec("import os\nfor n in %r:\n os.remove(%r + '/' + n)\n" % (names, GAMES))
    return names
