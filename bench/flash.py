"""Flash work per recorded action, by record layout (`make bench`, section flash).

The real LittleFS (the unix port's os.VfsLfs2) on a RAM block device shaped
like the Pico's flash as rp2 mounts it (4 KB blocks, progsize=256), counting
4 KB sector erases and 256 B page programs while 300 six-dice action lines
(~60 B) are made durable one by one (bench/mp/flash_layouts.py). Times from
the W25Q16JV datasheet: page program 0.4 ms typical / 3 ms max, sector
erase 45 ms typical / 400 ms max. The tray writes with the journal of 480 B
(firmware/dicetray/tray/store.py).
"""
import subprocess
from pathlib import Path

from dicetray_host.paths import micropython_binary

PROGRAM = Path(__file__).parent / "mp" / "flash_layouts.py"
PROGRAM_MS = (0.4, 3.0)
ERASE_MS = (45.0, 400.0)


def layouts(actions=300):
    out = subprocess.run([micropython_binary(), "-X", "heapsize=8m", str(PROGRAM), str(actions)],
                         capture_output=True, text=True, check=True, timeout=600).stdout
    rows = []
    for line in out.splitlines():
        name, n, erases, programs, worst_e, worst_p, no_erase = line.split("|")
        rows.append((name, int(n), int(erases), int(programs), int(worst_e), int(worst_p), int(no_erase)))
    return rows


def run():
    print(__doc__.strip().splitlines()[0])
    print("%-32s %8s %9s %16s %18s %10s" % ("layout", "erases", "programs", "ms typ (max)",
                                           "worst action E/P", "no erase"))
    for name, n, erases, programs, we, wp, zero in layouts():
        e, p = erases / n, programs / n
        print("%-32s %8.2f %9.2f %7.1f (%6.1f) %14d/%-3d %9.0f%%" % (
            name, e, p, e * ERASE_MS[0] + p * PROGRAM_MS[0], e * ERASE_MS[1] + p * PROGRAM_MS[1],
            we, wp, 100.0 * zero / n))
