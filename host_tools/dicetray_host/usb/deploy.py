"""`dicetray deploy [--port P]`: the firmware onto the tray.

Every firmware/dicetray module is cross-compiled with mpy-cross
(paths.compiled_firmware, build/mpy) and copied to /lib/dicetray/ on the
board; firmware/main.py goes to /main.py as source, as the Pico boots it.
Files whose SHA-256 on the board already matches are skipped; a .py left on
the board beside its new .mpy is removed (it would be imported first).
Copies go through mpremote's transport (fs_writefile); at the end the board
is soft-reset in the friendly REPL, so the new main.py starts."""
import hashlib
from pathlib import Path

LIB = "/lib"


def package_json_text(version=None):
    """package.json for mip: each firmware/dicetray file, installed under the
    target's lib folder, fetched by a URL relative to this file (so both
    `mip install github:OWNER/dicetray` and a local path work)."""
    import json
    from dicetray import VERSION
    from dicetray_host.paths import FIRMWARE
    version = version or VERSION
    files = sorted(p.relative_to(FIRMWARE).as_posix() for p in (FIRMWARE / "dicetray").rglob("*.py"))
    rows = ",\n".join("    " + json.dumps([f, "firmware/" + f]) for f in files)
    return '{\n  "urls": [\n%s\n  ],\n  "version": %s\n}\n' % (rows, json.dumps(version))


def deploy_files():
    """(board path, local path) pairs: compiled modules, then main.py."""
    from dicetray_host.paths import FIRMWARE, compiled_firmware
    built = compiled_firmware()
    pairs = []
    for mpy in sorted(built.rglob("*.mpy")):
        pairs.append(("%s/%s" % (LIB, mpy.relative_to(built).as_posix()), mpy))
    for name in ("boot.py", "main.py"):
        if (FIRMWARE / name).exists():
            pairs.append(("/" + name, FIRMWARE / name))
    return pairs


def board_dirs(paths):
    dirs = set()
    for path in paths:
        parts = path.strip("/").split("/")[:-1]
        for i in range(1, len(parts) + 1):
            dirs.add("/" + "/".join(parts[:i]))
    return sorted(dirs, key=lambda d: d.count("/"))


def deploy(board, pairs, say=print):
    """Copy pairs to the board; returns (copied, unchanged) counts."""
    t = board.transport
    for d in board_dirs([p for p, _ in pairs]):
        if not t.fs_exists(d):
            t.fs_mkdir(d)
    copied = unchanged = 0
    for remote, local in pairs:
        data = Path(local).read_bytes()
        try:
            same = t.fs_hashfile(remote, "sha256") == hashlib.sha256(data).digest()
        except OSError:
            same = False
        if same:
            unchanged += 1
            continue
        t.fs_writefile(remote, data, chunk_size=1024)  # 4x fewer round trips than mpremote cp
        copied += 1
        say("copied %s (%d bytes)" % (remote, len(data)))
        if remote.endswith(".mpy"):
            stale = remote[:-4] + ".py"
            if t.fs_exists(stale):
                t.fs_rmfile(stale)
                say("removed %s (replaced by %s)" % (stale, remote.rsplit("/", 1)[1]))
    return copied, unchanged


