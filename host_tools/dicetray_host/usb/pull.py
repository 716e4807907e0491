"""`dicetray pull [--port P] [DIR] [--clear-finished] [--json] [--method stream|cp] [--timeout S]`

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
  game is over and whose verified local copy equals the whole board file,
  byte for byte; the board checks size and CRC-32 again before it deletes.

Nothing the board sends is trusted (docs/usb.md, "Limits"): only names
NNNN.jsonl are taken, and only into DIR; listing, records, lines and the
whole pull are bounded; anything else is a clear error (exit 1), and the
tray is handed back running whatever happened.
"""
import binascii
import os
import re
import sys
import time
import zlib
from pathlib import Path

from dicetray_host.terminal import shown

GAMES = "/games"
BOARD_NAME = re.compile(r"[0-9]{4}\.jsonl\Z")       # what the tray writes: /games/NNNN.jsonl
LOCAL_NAME = re.compile(r"^(\d+)(?:-(\d+))?\.jsonl$")
CHUNK = 384  # bytes per base64 line from the board (512 characters)

# Limits on what a board may send (docs/usb.md, "Limits").
MAX_RECORDS = 9999            # listing entries: the tray numbers records 0001-9999
MAX_RECORD_BYTES = 2 << 20    # more than a Pico's whole flash filesystem (1.4 MB)
MAX_LISTING_BYTES = 1 << 20   # about 16x a full listing of 9999 records
MAX_LOCAL_SIZES = 8           # local copies of one record whose CRC the board computes
MAX_DUMP_LINE = 1024          # a dump line is 512 base64 characters
SECONDS = 300                 # a whole pull (--timeout)

# Board side, listing: "L <name> <size> <n>:<crc32> ..." for each record,
# the CRC of its first n bytes for each local length n the host sends (to
# recognise its copies), then "N <count>".
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
        names = sorted(e[0] for e in os.ilistdir(%r) if e[1] == 0x8000 and len(e[0]) == 10
                       and e[0].endswith('.jsonl') and e[0][:4].isdigit())
    except OSError:
        names = []
    for name in names:
        size = os.stat(%r + '/' + name)[6]
        crcs = ''
        sizes = known.get(name, ())
        if sizes:
            with open(%r + '/' + name, 'rb') as f:
                for n in sizes:
                    if n <= size:
                        crcs += ' %%d:%%08x' %% (n, _crc(f, n))
        print('L %%s %%d%%s' %% (name, size, crcs))
    print('N %%d' %% len(names))
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

# Board side, clearing: delete each (name, size, crc32) only when the file
# still has exactly that size and CRC; "D name" for each deleted.
_CLEAR = """\
import os, binascii
def _clear(jobs, b=bytearray(%d)):
    for name, size, crc in jobs:
        path = %r + '/' + name
        c = 0
        with open(path, 'rb') as f:
            while True:
                k = f.readinto(b)
                if not k:
                    break
                c = binascii.crc32(memoryview(b)[:k], c)
        if os.stat(path)[6] == size and c & 0xffffffff == crc:
            os.remove(path)
            print('D ' + name)
""" % (CHUNK, GAMES)

_LISTED = re.compile(rb"L ([0-9]{4}\.jsonl) ([0-9]{1,10})((?: [0-9]{1,10}:[0-9a-f]{8})*)\Z")
_COUNTED = re.compile(rb"N ([0-9]{1,5})\Z")
_STARTED = re.compile(rb"F ([0-9]{4}\.jsonl)\Z")
_ENDED = re.compile(rb"E ([0-9]{1,10}) ([0-9a-f]{8})\Z")
_BASE64 = re.compile(rb"[A-Za-z0-9+/]+={0,2}\Z")
_DELETED = re.compile(rb"D ([0-9]{4}\.jsonl)\Z")


class PullError(Exception):
    pass


def describe(result, folder):
    lines = []
    for key, word in (("copied", "copied"), ("updated", "updated")):
        if result[key]:
            lines.append("%s %d: %s" % (word, len(result[key]), ", ".join(result[key])))
    lines.append("%d record(s) on the tray, %d new or grown, %d byte(s) in %.2f s, into %s"
                 % (result["on_board"], len(result["copied"]) + len(result["updated"]),
                    result["bytes"], result["seconds"], shown(folder)))
    for name, reason in result["damaged"].items():
        lines.append("not copied: %s: %s (left on the tray untouched)" % (name, shown(reason)))
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
            if m and path.is_file() and len(m.group(1)) == 4:
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


def inside(folder, name):
    """folder/name for a record name the pull made or checked; never a path
    outside folder."""
    if not LOCAL_NAME.match(name):
        raise PullError("not a record name: %s" % shown(name))
    path = folder / name
    if path.parent != folder:
        raise PullError("not a record name: %s" % shown(name))
    return path


def save_verified(path, data):
    """Write data to path through a temporary file, read it back and check
    size and lines, then rename: the file is either whole or absent."""
    temp = path.with_name(".%s.part" % path.name)
    try:
        if temp.is_symlink() or temp.exists():
            temp.unlink()  # left by a cut pull; never written through
        fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        written = temp.read_bytes()
        if written != data:
            raise PullError("%s: read back %d bytes, expected %d" % (temp, len(written), len(data)))
        check_lines(written)
        os.replace(temp, path)
    finally:
        if temp.is_symlink() or temp.exists():
            temp.unlink()


def free_name(folder, board_name):
    stem = board_name[:-len(".jsonl")]
    n = 2
    while (folder / ("%s-%d.jsonl" % (stem, n))).exists():
        n += 1
    return inside(folder, "%s-%d.jsonl" % (stem, n))


def is_finished(path):
    from dicetray.engine.replay import RecordError, replay
    try:
        with open(path, "rb") as f:
            game, dropped = replay(f)
    except (RecordError, OSError):
        return False
    return bool(game.over) and not dropped


# -- reading what the board says -------------------------------------------------
def parse_listing(out, known):
    """[(name, size, {n: crc})] from the listing command's output; PullError
    for anything that is not a listing, or that passes the limits."""
    lines = out.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    listing, seen = [], set()
    for number, raw in enumerate(lines, 1):
        raw = raw.rstrip(b"\r")
        m = _LISTED.match(raw)
        if m:
            name = m.group(1).decode()
            if name in seen or len(listing) >= MAX_RECORDS:
                raise PullError("the tray's listing is not understood: line %d: %s" % (number, _quoted(raw)))
            crcs = {}
            for pair in m.group(3).split():
                n, crc = pair.split(b":")
                crcs[int(n)] = int(crc, 16)
            if len(crcs) > MAX_LOCAL_SIZES or any(n not in [p.stat().st_size for p in known.get(name, ())]
                                                  for n in crcs):
                raise PullError("the tray's listing is not understood: line %d: %s" % (number, _quoted(raw)))
            seen.add(name)
            listing.append((name, int(m.group(2)), crcs))
            continue
        m = _COUNTED.match(raw)
        if m and number == len(lines) and int(m.group(1)) == len(listing):
            return listing
        raise PullError("the tray's listing is not understood: line %d: %s" % (number, _quoted(raw)))
    raise PullError("the tray's listing ended early (%d record(s), no count)" % len(listing))


def _quoted(raw):
    text = raw[:80].decode("utf-8", "replace")
    return shown(repr(text)) + (" ..." if len(raw) > 80 else "")


# -- the pull ----------------------------------------------------------------------
def board_list(board, known):
    query = {name: sorted({p.stat().st_size for p in paths})[-MAX_LOCAL_SIZES:]
             for name, paths in known.items()}
    out = board.exec(_LIST + "_list(%r)\n" % query, limit=MAX_LISTING_BYTES)
    return parse_listing(out, known)


def plan(listing, known, folder):
    """jobs: (board name, offset, local path, local bytes, board size) to fetch;
    synced: board name -> (local path, size, crc32) equal to the whole board file;
    refused: board name -> reason (too large to be a record)."""
    jobs, synced, refused = [], {}, {}
    for name, size, crcs in listing:
        if size > MAX_RECORD_BYTES:
            refused[name] = "%d bytes, more than a record can be (%d)" % (size, MAX_RECORD_BYTES)
            continue
        match = have = None
        for path in known.get(name, ()):
            data = path.read_bytes()
            if crcs.get(len(data)) == zlib.crc32(data) & 0xFFFFFFFF:
                if match is None or len(data) > len(have):
                    match, have = path, data
        if match is not None:
            if len(have) == size:
                synced[name] = (match, size, crcs[size])
                continue
            jobs.append((name, len(have), match, have, size))
        else:
            target = inside(folder, name)
            if target.exists() or target.is_symlink():
                target = free_name(folder, name)
            jobs.append((name, 0, target, b"", size))
    return jobs, synced, refused


def pull(board, folder, method="stream", clear_finished=False, progress=None):
    """Pull every new or grown record into folder; returns the summary dict."""
    started = time.monotonic()
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    progress = progress or Progress(False)
    known = local_copies(folder)
    listing = board_list(board, known)
    jobs, synced, refused = plan(listing, known, folder)
    result = {"on_board": len(listing), "copied": [], "updated": [], "unchanged": len(synced),
              "damaged": dict(refused), "cleared": [], "bytes": 0, "method": method}
    fetch = fetch_stream if method == "stream" else fetch_cp
    by_name = {job[0]: job for job in jobs}
    done = [0]

    def received(name, offset, tail):
        _, _, path, have, size = by_name[name]
        if offset + len(tail) != size:
            raise PullError("%s: got %d bytes, the tray has %d" % (name, offset + len(tail), size))
        whole = complete_part(have + tail)
        result["bytes"] += len(tail)
        done[0] += 1
        progress.show(done[0], len(jobs), result["bytes"])
        if len(whole) > len(have):
            try:
                save_verified(path, whole)
            except PullError as e:
                result["damaged"][name] = str(e)
                return
            (result["updated"] if have else result["copied"]).append(path.name)
        if len(whole) == size and whole:  # the whole board file is here, byte for byte
            synced[name] = (path, size, zlib.crc32(whole) & 0xFFFFFFFF)

    if jobs:
        fetch(board, [(j[0], j[1], j[4]) for j in jobs], received)
    if clear_finished:
        result["cleared"] = clear(board, synced)
    result["seconds"] = round(time.monotonic() - started, 3)
    return result


def fetch_stream(board, jobs, received):
    """One command prints every wanted byte range as base64 lines; each
    record is checked against its trailer (count, CRC-32) as it arrives.
    jobs: (name, offset, board size)."""
    expected = {name: (offset, size - offset) for name, offset, size in jobs}
    order = [name for name, _, _ in jobs]
    state = {"name": None, "parts": [], "got": 0, "rest": b"", "done": 0}

    def line_of(line):
        line = line.rstrip(b"\r")
        name = state["name"]
        if name is None:
            m = _STARTED.match(line)
            if not m or state["done"] >= len(order) or m.group(1).decode() != order[state["done"]]:
                raise PullError("the tray's dump is not understood: %s" % _quoted(line))
            state["name"], state["parts"], state["got"] = m.group(1).decode(), [], 0
            return
        m = _ENDED.match(line)
        if m:
            tail = b"".join(state["parts"])
            if len(tail) != int(m.group(1)) or zlib.crc32(tail) & 0xFFFFFFFF != int(m.group(2), 16):
                raise PullError("%s: transfer check failed" % name)
            received(name, expected[name][0], tail)
            state["name"] = None
            state["done"] += 1
            return
        if not _BASE64.match(line) or len(line) % 4:
            raise PullError("%s: the tray's dump is not understood: %s" % (name, _quoted(line)))
        part = binascii.a2b_base64(line)
        state["got"] += len(part)
        if state["got"] > expected[name][1]:
            raise PullError("%s: the tray sent more than the %d bytes it listed"
                            % (name, expected[name][1] + expected[name][0]))
        state["parts"].append(part)

    def consume(block):
        data = state["rest"] + block
        lines = data.split(b"\n")
        state["rest"] = lines.pop()
        if len(state["rest"]) > MAX_DUMP_LINE:
            raise PullError("the tray sent a line of more than %d bytes" % MAX_DUMP_LINE)
        for line in lines:
            if len(line) > MAX_DUMP_LINE:
                raise PullError("the tray sent a line of more than %d bytes" % MAX_DUMP_LINE)
            if line.strip():
                line_of(line)

    # Each record travels as base64 (4/3) in lines of 512 characters, with
    # its name and trailer: the output may not be longer than that.
    limit = sum((size - offset) * 4 // 3 + (size - offset) // CHUNK * 2 + 64 for _, offset, size in jobs) + 4096
    board.exec(_DUMP + "_dump(%r)\n" % ([(name, offset) for name, offset, _ in jobs],),
               consumer=consume, limit=limit)
    consume(b"\n")
    if state["name"] is not None:
        raise PullError("%s: the tray's dump ended without its end marker" % state["name"])
    if state["done"] < len(order):
        raise PullError("%s: the tray's dump ended before this record" % order[state["done"]])


def fetch_cp(board, jobs, received):
    """What `mpremote fs cp` does: 256 bytes per round trip (base64 here,
    so every answer has one checked shape)."""
    for name, offset, size in jobs:
        board.exec("import sys, binascii\nf=open(%r,'rb')\nf.seek(%d)\n" % ("%s/%s" % (GAMES, name), offset))
        parts, got = [], 0
        while True:
            line = board.exec("sys.stdout.write(binascii.b2a_base64(f.read(256)))", limit=512).strip()
            if line and not _BASE64.match(line):
                raise PullError("%s: the tray's answer is not understood: %s" % (name, _quoted(line)))
            part = binascii.a2b_base64(line)
            if not part:
                break
            got += len(part)
            if got > size - offset:
                raise PullError("%s: the tray sent more than the %d bytes it listed" % (name, size))
            parts.append(part)
        board.exec("f.close()")
        received(name, offset, b"".join(parts))


def clear(board, synced):
    """Delete finished, fully copied records on the board; returns their names."""
    jobs = [(name, size, crc) for name, (path, size, crc) in sorted(synced.items())
            if path.stat().st_size == size and is_finished(path)]
    if not jobs:
        return []
    out = board.exec(_CLEAR + "_clear(%r)\n" % (jobs,), limit=64 * (len(jobs) + 1))
    cleared = []
    for raw in out.split(b"\n"):
        raw = raw.rstrip(b"\r")
        m = _DELETED.match(raw)
        if m and m.group(1).decode() in synced:
            cleared.append(m.group(1).decode())
        elif raw.strip():
            raise PullError("the tray's answer to clearing is not understood: %s" % _quoted(raw))
    return cleared
