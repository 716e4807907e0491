# Runs on the MicroPython unix port: the real LittleFS (os.VfsLfs2) on a
# RAM block device shaped like the Pico's flash as rp2 mounts it (4 KB
# blocks, progsize=256), counting sector erases and 256 B page programs.
# Writes the same game's action lines with each record layout and prints
# one line per layout: name, actions, erases, programs, and then the
# erases/programs of the worst single action.
import os
import sys

BLOCK = 4096
PAGE = 256
ERASED = b"\xff" * BLOCK
BLOCKS = 352          # 1408 KB, the Pico's filesystem


class CountingFlash:
    def __init__(self):
        self.data = bytearray(BLOCK * BLOCKS)
        self.erases = 0
        self.programs = 0

    def readblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        buf[:] = self.data[start:start + len(buf)]

    def writeblocks(self, block, buf, offset=0):
        start = block * BLOCK + offset
        self.data[start:start + len(buf)] = buf
        self.programs += (len(buf) + PAGE - 1) // PAGE

    def ioctl(self, op, arg):
        if op == 4:
            return BLOCKS
        if op == 5:
            return BLOCK
        if op == 6:
            self.erases += 1
            start = arg * BLOCK
            self.data[start:start + BLOCK] = ERASED
            return 0
        return 0


def line(i):
    # The size of a six dice roll line with its time and check (~60 B).
    return '{"a":"roll","d":[1,2,3,4,5,6],"t":%d,"c":"%08x"}\n' % (1000 + i * 7919, i * 2654435761 & 0xFFFFFFFF)


HEADER = '{"v":1,"game":"sixdice","players":["P1","P2","P3","P4","P5","P6","P7","P8"],"opts":{"target":5000},"fw":"dicetray 0.1","c":"00000000"}\n'


def append_sync(n, worst):
    """Today: the record opened for appending, each line written and synced."""
    with open("/games/0001.jsonl", "w") as f:
        f.write(HEADER)
    f = open("/games/0001.jsonl", "a")
    for i in range(n):
        before = (dev.erases, dev.programs)
        f.write(line(i))
        f.flush()
        worst.append((dev.erases - before[0], dev.programs - before[1]))
    f.close()


def tail_journal(limit):
    """The newest lines in a small file of their own directory (LittleFS keeps
    a small file inside its directory's metadata: a rewrite is a commit, no
    erase), folded into the record when it would pass `limit` bytes."""
    def run(n, worst):
        with open("/games/0001.jsonl", "w") as f:
            f.write(HEADER)
        try:
            os.mkdir("/journal")
        except OSError:
            pass
        tail = ""
        for i in range(n):
            before = (dev.erases, dev.programs)
            text = line(i)
            if len(tail) + len(text) > limit:
                with open("/games/0001.jsonl", "a") as f:
                    f.write(tail)
                tail = ""
            tail += text
            with open("/journal/0001", "w") as f:
                f.write("%d\n" % len(tail))  # as the tray's: the record's size first
                f.write(tail)
            worst.append((dev.erases - before[0], dev.programs - before[1]))
    return run


LAYOUTS = [("record: append + sync each line", append_sync)]
for limit in (128, 256, 384, 480, 600):
    LAYOUTS.append(("journal <= %d B, then record" % limit, tail_journal(limit)))

n = int(sys.argv[1]) if len(sys.argv) > 1 else 300
os.umount("/")
dev = CountingFlash()
for name, fn in LAYOUTS:
    for b in range(BLOCKS):
        dev.ioctl(6, b)
    os.VfsLfs2.mkfs(dev, progsize=256)
    vfs = os.VfsLfs2(dev, progsize=256)   # as rp2's _boot.py mounts it
    os.mount(vfs, "/")
    os.chdir("/")
    os.mkdir("/games")
    dev.erases = dev.programs = 0
    worst = []
    fn(n, worst)
    print("%s|%d|%d|%d|%d|%d|%d" % (name, n, dev.erases, dev.programs,
                                   max(w[0] for w in worst), max(w[1] for w in worst),
                                   sum(1 for w in worst if w[0] == 0)))
    os.umount("/")
