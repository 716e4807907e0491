"""The board's flash: a host directory mounted at / with LittleFS-like power-cut semantics.

Written data reaches the directory only on flush() or close() (LittleFS
commits a file on sync), so a power cut loses what was not flushed, and a
file opened with "w" keeps its old contents until the first flush.
statvfs() reports a Pico-sized filesystem with the directory's files counted.

Fault injection for tests: VBOARD_FLASH_FAULT=N makes the N-th write to
the flash (a file created, data committed, a rename, a remove, a mkdir)
raise OSError(EIO) before it changes anything, and says so on stdout;
N:memory raises MemoryError instead; N:cut stops the firmware there (the
board only waits) so the test can cut the power before that write.
"""
import io
import os
from array import array

from vboard_core import board as _board, setting as _setting

_BLOCK = 4096
_INLINE = 512   # LittleFS keeps files up to block_size/8 inside their directory's metadata
_ENOSPC = 28
_EEXIST = 17
_EIO = 5

# What a write costs on the Pico's flash, a Winbond W25Q16JV (datasheet,
# AC electrical characteristics): page program (256 B) tPP 0.4 ms typical,
# 3 ms max; sector erase (4 KB) tSE 45 ms typical, 400 ms max. rp2's
# LittleFS has 4 KB blocks and programs 256 B pages (progsize=256). The
# firmware is stopped in a C call meanwhile (on rp2 with interrupts off):
# the virtual clock moves on by the time, timer IRQs come after it.
# The counts follow the real LittleFS (bench/mp/flash_layouts.py runs it on
# a counting block device): a synced append to a 18 KB record 1.06 erases
# and 9.4 programs; rewriting a 250 B / 500 B inline file 0.125 / 0.2
# erases and 2 / 3 programs.
_PAGE = 256
_TIMES_US = {"typ": (400, 45_000), "max": (3_000, 400_000)}
_COMMITS_PER_BLOCK = _BLOCK // _PAGE  # a metadata block takes this many commits, then compacts
_WINDOWS = 64


class FlashCost:
    """Counts the erases and programs LittleFS would make, and spends their time."""

    def __init__(self, times="typ"):
        self.program_us, self.erase_us = _TIMES_US[times]
        self.erases = 0
        self.programs = 0
        self.busy_us = 0
        # Made now, before the firmware's heap is set aside: counting the
        # work must not allocate on (and fragment) the firmware's heap.
        self._folders = ["/games/", "/journal/", "/"]   # a metadata pair each
        self._commits = [0, 0, 0]                       # its pages used
        self.erasing = array("q", bytes(8 * 2 * _WINDOWS))  # start, end us of the last erasing writes
        self.windows = 0

    def spend(self, erases, programs):
        self.erases += erases
        self.programs += programs
        us = erases * self.erase_us + programs * self.program_us
        self.busy_us += us
        if erases:
            i = 2 * (self.windows % _WINDOWS)
            self.erasing[i] = _board.now_us
            self.erasing[i + 1] = _board.now_us + us
            self.windows += 1
        _board.spend(us)

    def commit(self, path, nbytes=0):
        """A metadata commit in path's directory (a file's new size and
        head, a rename, a new entry): programs its pages into the
        directory's metadata block; when that block is full it is
        compacted into its erased twin. Each directory has its own pair."""
        folder = 0
        while not (path.startswith(self._folders[folder])
                   and path.find("/", len(self._folders[folder])) < 0) and folder < 2:
            folder += 1
        pages = 1 + (nbytes + _PAGE - 1) // _PAGE
        erases = 0
        used = self._commits[folder] + pages
        if used >= _COMMITS_PER_BLOCK:
            used = 0
            erases = 1
            pages += 1  # the compacted entries
        self._commits[folder] = used
        self.spend(erases, pages)

    def erase_windows(self):
        """[(start us, end us)] of the last erasing writes, oldest first."""
        n = min(self.windows, _WINDOWS)
        first = self.windows - n
        return [(self.erasing[2 * (k % _WINDOWS)], self.erasing[2 * (k % _WINDOWS) + 1])
                for k in range(first, self.windows)]

    def append(self, path, old, added):
        """A synced append of `added` bytes to a file of `old` bytes. LittleFS
        never programs a block twice: after a sync the next append copies
        the file's partly filled last block into a fresh, erased one
        (lfs_ctz_extend), then programs the new data after it."""
        new = old + added
        if new <= _INLINE:
            self.commit(path, new)  # the whole file lives in the commit
            return
        tail = old if old <= _INLINE else old % _BLOCK
        data = tail + added
        self.spend((data + _BLOCK - 1) // _BLOCK, (data + _PAGE - 1) // _PAGE)
        self.commit(path)


class FlashFile(io.IOBase):
    def __init__(self, vfs, path, mode):
        self._vfs = vfs
        self._path = path
        self._text = "b" not in mode
        self._truncate = "w" in mode or "x" in mode
        self._pending = bytearray()
        self._closed = False
        try:
            vfs.fs.stat(path)
            exists = True
        except OSError:
            exists = False
        if "x" in mode and exists:
            raise OSError(_EEXIST)
        if not exists:
            vfs.wrote()
            vfs.fs.open(path, "wb").close()  # LittleFS creates the entry at open
            vfs.cost.commit(path)

    def write(self, data):
        if self._closed:
            raise ValueError("I/O operation on closed file")
        if isinstance(data, str):
            data = data.encode()
        self._pending.extend(data)
        return len(data)

    def flush(self):
        if not self._pending and not self._truncate:
            return
        vfs = self._vfs
        old = vfs.fs.stat(self._path)[6]
        new = len(self._pending) + (0 if self._truncate else old)
        if vfs.free_blocks() + _blocks(old) < _blocks(new):
            raise OSError(_ENOSPC)
        vfs.wrote()
        f = vfs.fs.open(self._path, "wb" if self._truncate else "ab")
        try:
            f.write(self._pending)
        finally:
            f.close()
        vfs.cost.append(self._path, 0 if self._truncate else old, len(self._pending))
        self._truncate = False
        self._pending = bytearray()

    def close(self):
        if not self._closed:
            self.flush()
            self._closed = True

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def readinto(self, buf):
        raise OSError(22)  # opened for writing


def _blocks(size):
    if size <= _INLINE:
        return 0
    return (size + _BLOCK - 1) // _BLOCK


class FlashVfs:
    def __init__(self, host_dir, size_kb=1408):
        self.fs = os.VfsPosix(host_dir)
        # VfsPosix with a root builds both rename paths in one buffer, so the
        # second overwrites the first (ENOENT, or a rename onto itself). A
        # rootless VfsPosix takes host paths as they are: rename(2) itself.
        self._host = os.VfsPosix()
        self._root = host_dir.rstrip("/")
        self.total_blocks = size_kb * 1024 // _BLOCK
        self.cost = FlashCost(_setting("VBOARD_FLASH_TIMES") or "typ")
        _board.flash = self.cost
        fault = (_setting("VBOARD_FLASH_FAULT") or "0").split(":")
        self._fault = int(fault[0])
        self._fault_memory = fault[1:] == ["memory"]
        self._fault_cut = fault[1:] == ["cut"]
        self.writes = 0

    def wrote(self):
        """Count one write; the one chosen by VBOARD_FLASH_FAULT fails."""
        self.writes += 1
        if self.writes == self._fault:
            print("flash fault at write %d" % self.writes)
            while self._fault_cut:  # the power goes before this write
                _board.wait_until(_board.now_us + 1_000_000)
            if self._fault_memory:
                raise MemoryError()
            raise OSError(_EIO)

    def used_blocks(self, path=""):
        used = 2  # a directory's metadata pair (the root's is the superblock)
        for entry in self.fs.ilistdir(path or "/"):
            name = entry[0]
            full = (path or "") + "/" + name
            if entry[1] == 0x4000:
                used += self.used_blocks(full)
            else:
                used += _blocks(self.fs.stat(full)[6])
        return used

    def free_blocks(self):
        return max(0, self.total_blocks - self.used_blocks())

    # --- the VFS protocol ----------------------------------------------------
    def mount(self, readonly, mkfs):
        pass

    def umount(self):
        pass

    def open(self, path, mode):
        if "w" in mode or "a" in mode or "x" in mode:
            if "+" in mode:
                return self.fs.open(path, mode)  # read-write: written through
            return FlashFile(self, path, mode)
        return self.fs.open(path, mode)

    def statvfs(self, path):
        free = self.free_blocks()
        return (_BLOCK, _BLOCK, self.total_blocks, free, free, 0, 0, 0, 0, 255)

    def ilistdir(self, path):
        return self.fs.ilistdir(path)

    def stat(self, path):
        return self.fs.stat(path)

    def mkdir(self, path):
        if self.free_blocks() < 2:
            raise OSError(_ENOSPC)
        self.cost.commit(path)
        self.wrote()
        return self.fs.mkdir(path)

    def rmdir(self, path):
        self.cost.commit(path)
        return self.fs.rmdir(path)

    def remove(self, path):
        self.cost.commit(path)
        self.wrote()
        return self.fs.remove(path)

    def rename(self, old, new):
        # As LittleFS: an existing file at `new` is replaced, atomically (a
        # power cut leaves either the old or the new file there, never none).
        self.cost.commit(new)
        self.wrote()
        self._host.rename(self._host_path(old), self._host_path(new))

    def _host_path(self, path):
        if not path.startswith("/"):
            cwd = self.fs.getcwd()
            path = cwd.rstrip("/") + "/" + path
        return self._root + path

    def chdir(self, path):
        return self.fs.chdir(path)

    def getcwd(self):
        return self.fs.getcwd()


def mount(host_dir, firmware_dir, size_kb):
    """/ becomes the flash directory, /lib the firmware, as deployed on the Pico."""
    os.umount("/")
    os.mount(FlashVfs(host_dir, size_kb), "/")
    if firmware_dir == "-":  # a board with only what was deployed to its flash
        os.chdir("/")
        return
    # Read-only: a tool writing /lib on the virtual board (`dicetray deploy`)
    # must not change the repository's firmware folder.
    os.mount(os.VfsPosix(firmware_dir), "/lib", readonly=True)
    os.chdir("/")
