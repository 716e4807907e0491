"""Host side of the virtual board: runs the firmware in the MicroPython unix port and drives it.

The board process (vboard/mp/vboard_run.py) reads one command line
at a time from a pipe and answers on another; see docs/hardware-layer.md.
Virtual time only moves when the host says `run`.
"""
import os
import select
import signal
import subprocess
import tempfile
from pathlib import Path

from dicetray_host.paths import BOARD_SIDE as VBOARD_DIR, FIRMWARE as FIRMWARE_DIR, micropython_binary
from dicetray_host.vboard.frames import frame_from_gddram, screen_text
from dicetray_host.vboard.png import png_bytes
from dicetray_host.vboard.throws import throw_points

TRACE_CAP = 64          # trace points the board holds (vboard_lis3dh._CAP)
RESET_EXIT = 77
BOARD_RESERVE = 288 * 1024  # heap for the virtual board itself (models incl. rp2 with PIO and DMA ~52 KB, holes); the firmware gets `heap` in one piece
WDT_RESET = 3
RUN_SLICE_MS = 1000     # virtual time per `run` command: the board answers often


_SCREENS = {}  # (display RAM, registers) -> its lines of text


class BoardError(RuntimeError):
    pass


def heap_bytes(heap):
    """'96k' -> 98304, '1m' -> 1048576, 5000 -> 5000."""
    text = str(heap).strip().lower()
    scale = {"k": 1024, "m": 1024 * 1024}.get(text[-1:], 1)
    return int(text.rstrip("km")) * scale


# --- the board ----------------------------------------------------------------

class VirtualBoard:
    def __init__(self, flash_dir, entry="main", heap="96k", ticks_start_ms=0, accel=True,
                 oled=True, flash_kb=1408, firmware_dir=None, timeout_s=600.0, extra_path=(),
                 measure_heap=True, rom=(), lib_from_flash=False, flash_times="typ", env=None,
                 py_time="0"):
        self.flash_dir = Path(flash_dir)
        self.flash_dir.mkdir(parents=True, exist_ok=True)
        self.entry = entry
        self.heap = heap
        self.ticks_start_ms = ticks_start_ms
        self.accel = accel
        self.oled = oled
        self.flash_kb = flash_kb
        self.firmware_dir = Path(firmware_dir or FIRMWARE_DIR)
        self.timeout_s = timeout_s
        self.extra_path = [str(p) for p in extra_path]
        self.measure_heap = measure_heap
        self.flash_times = flash_times  # "typ" or "max": the W25Q16JV's erase/program times
        self.lib_from_flash = lib_from_flash  # no firmware folder at /lib: the flash's own lib/
        self.rom = ",".join(rom)   # modules the board has before the firmware (VBOARD_ROM)
        self.env = dict(env or {})  # more settings for the next boots (e.g. VBOARD_FLASH_FAULT)
        # "chip": the firmware's own Python takes the chip's time (vboard_cpu.py); "0": none
        self.env.setdefault("VBOARD_PY_TIME", py_time)
        self.proc = None
        self.state = "off"
        self.boots = 0
        self._log = tempfile.NamedTemporaryFile(prefix="vboard-", suffix=".log", delete=False)
        self._boot_us = 0        # host time of the current boot
        self._board_us = 0       # board time of the current boot
        self._pending = []       # trace points not yet sent: (host us, x, y, z)
        self._queued = 0
        self._held = set()
        self._last_accel = None
        self._buf = b""

    # --- process --------------------------------------------------------------
    def start(self, reset_cause=1, usb_status_fd=None):
        """Boot. usb_status_fd: the board's USB side is wanted (entry
        vdevice_boot): stdin/stdout become pipes for a VirtualDevice, and
        the REPL reports Ctrl-C arming on that fd (see dicetray_host.vboard.device)."""
        if self.proc is not None:
            raise BoardError("board already running")
        to_board_r, to_board_w = os.pipe()
        from_board_r, from_board_w = os.pipe()
        env = dict(os.environ)
        env.update({
            "MICROPYPATH": os.pathsep.join([str(VBOARD_DIR)] + self.extra_path
                                           + ([] if self.lib_from_flash else [str(self.firmware_dir)])),
            "VBOARD_LINK": "%d,%d" % (to_board_r, from_board_w),
            "VBOARD_FLASH": str(self.flash_dir.resolve()),
            "VBOARD_FIRMWARE": "-" if self.lib_from_flash else str(self.firmware_dir.resolve()),
            "VBOARD_FLASH_KB": str(self.flash_kb),
            "VBOARD_ACCEL": "1" if self.accel else "0",
            "VBOARD_OLED": "1" if self.oled else "0",
            "VBOARD_TICKS_START": str(self.ticks_start_ms if self.boots == 0 else 0),
            "VBOARD_RESET_CAUSE": str(reset_cause),
            "VBOARD_HEAP": str(heap_bytes(self.heap)),
            "VBOARD_GC_PEAK": "raw" if self.measure_heap == "raw" else "1" if self.measure_heap else "0",
            "VBOARD_ROM": self.rom,
            "VBOARD_FLASH_TIMES": self.flash_times,
        })
        env.update(self.env)
        fds = (to_board_r, from_board_w)
        stdin, stdout = subprocess.DEVNULL, self._log
        if usb_status_fd is not None:
            env["VDEVICE_STATUS_FD"] = str(usb_status_fd)
            fds += (usb_status_fd,)
            stdin = stdout = subprocess.PIPE
        self.proc = subprocess.Popen(
            [micropython_binary(), "-X", "heapsize=%d" % (heap_bytes(self.heap) + BOARD_RESERVE),
             "-m", "vboard_run", self.entry],
            env=env, stdin=stdin, stdout=stdout, stderr=subprocess.STDOUT, bufsize=0,
            pass_fds=fds, cwd=str(self.flash_dir))
        os.close(to_board_r)
        os.close(from_board_w)
        self._wr = to_board_w
        self._rd = from_board_r
        self._buf = b""
        self._board_us = 0
        self._queued = 0
        self.boots += 1
        self.state = "boot"
        for (row, col) in sorted(self._held):
            self._command("key %d %d 1" % (row, col))
        if self._last_accel is not None:
            self._command("acc 0 %d %d %d" % self._last_accel)
        return self

    def _close_pipes(self):
        for fd in (self._wr, self._rd):
            try:
                os.close(fd)
            except OSError:
                pass

    def power_cut(self):
        """Pull the plug: the process dies at once; flushed flash data stays."""
        if self.proc is None:
            return
        self._boot_us += self._board_us
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self._close_pipes()
        self.proc = None
        self.state = "off"

    def stop(self):
        if self.proc is None:
            return
        try:
            os.write(self._wr, b"quit\n")
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        self._boot_us += self._board_us
        self._close_pipes()
        self.proc = None
        self.state = "off"

    def __enter__(self):
        if self.proc is None:
            self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    @property
    def output(self):
        return Path(self._log.name).read_text(errors="replace")

    @property
    def now_ms(self):
        return (self._boot_us + self._board_us) // 1000

    # --- link -----------------------------------------------------------------
    def _read_more(self):
        # A slow (loaded) machine is no error: wait as long as the board
        # process lives. Each `run` asks for at most RUN_SLICE_MS of virtual
        # time, so a silence of timeout_s (minutes) means a hung board.
        waited = 0.0
        while True:
            ready, _, _ = select.select([self._rd], [], [], 1.0)
            if ready:
                break
            if self.proc.poll() is not None:
                break  # the read below sees the end and reports the status
            waited += 1.0
            if self.timeout_s is not None and waited >= self.timeout_s:
                raise BoardError("board process alive but silent for %.0f s; output:\n%s"
                                 % (waited, self.output[-2000:]))
        data = os.read(self._rd, 65536)
        if not data:
            code = self.proc.wait()
            raise BoardError("board process ended (status %d); output:\n%s" % (code, self.output[-2000:]))
        self._buf += data

    def _readline(self):
        while b"\n" not in self._buf:
            self._read_more()
        line, self._buf = self._buf.split(b"\n", 1)
        return line.decode()

    def _read_exact(self, n):
        while len(self._buf) < n:
            self._read_more()
        data, self._buf = self._buf[:n], self._buf[n:]
        return data

    def _command(self, line):
        if self.proc is None:
            raise BoardError("the board is off")
        os.write(self._wr, line.encode() + b"\n")
        reply = self._readline()
        if reply.startswith("err"):
            raise BoardError("board refused %r: %s" % (line, reply))
        return reply

    # --- time -------------------------------------------------------------------
    def run(self, ms):
        """Let the firmware run for ms of virtual time."""
        target = self._boot_us + self._board_us + int(ms * 1000)
        while True:
            now = self._boot_us + self._board_us
            self._send_trace()
            step_end = min(target, now + RUN_SLICE_MS * 1000)
            if self._pending and self._last_sent_us is not None:
                step_end = min(step_end, max(self._last_sent_us, now + 1000))
            step_ms = max(0, (step_end - now + 999) // 1000)
            os.write(self._wr, b"run %d\n" % step_ms)
            reply = self._readline()
            parts = reply.split()
            if parts[0] == "reset":
                self._board_us = int(parts[1])
                self._restart_after_reset()
                continue
            self._board_us = int(parts[1])
            self.state = parts[2]
            self._queued = int(parts[3])
            if self._boot_us + self._board_us >= target:
                return self

    _last_sent_us = None

    def _send_trace(self):
        room = TRACE_CAP - self._queued
        if not self._pending or room <= 0:
            return
        batch, self._pending = self._pending[:room], self._pending[room:]
        for i in range(0, len(batch), 8):
            part = batch[i:i + 8]
            self._command("accu " + " ".join(
                "%d %d %d %d" % (t - self._boot_us, x, y, z) for t, x, y, z in part))
        self._queued += len(batch)
        self._last_sent_us = batch[-1][0]

    def _restart_after_reset(self):
        self.proc.wait()
        self._boot_us += self._board_us
        self._close_pipes()
        self.proc = None
        self.start(reset_cause=WDT_RESET)

    # --- inputs -----------------------------------------------------------------
    @staticmethod
    def key_position(name):
        from dicetray.tray import keynames
        try:
            code = keynames.NAMES.index(str(name).upper())
        except ValueError:
            raise BoardError("no key %r on the pad (keys: %s)" % (name, ", ".join(keynames.NAMES[1:])))
        return keynames.position(code)

    def press(self, name):
        row, col = self.key_position(name)
        self._command("key %d %d 1" % (row, col))
        self._held.add((row, col))
        return self

    def release(self, name):
        row, col = self.key_position(name)
        self._command("key %d %d 0" % (row, col))
        self._held.discard((row, col))
        return self

    def tap(self, name, hold_ms=60, after_ms=60):
        """Press now, release hold_ms later (at that board time, whatever the
        firmware is doing then), then let after_ms more pass."""
        self.schedule_taps([(name, 0, hold_ms)])
        self.run(hold_ms + after_ms)
        return self

    def schedule_taps(self, taps):
        """Keys a player taps from now on: (name, start ms from now, hold ms).
        The board changes each key at its time, also in the middle of a bus
        transfer or a flash write (a host command only lands when the
        firmware waits). Then run() to let them happen."""
        now = self._board_us
        for name, start_ms, hold_ms in taps:
            row, col = self.key_position(name)
            t = now + int(start_ms * 1000)
            self._command("keyat %d %d %d 1" % (t, row, col))
            self._command("keyat %d %d %d 0" % (t + int(hold_ms * 1000), row, col))
        return self

    def feed(self, points):
        """Acceleration trace points (t ms from now, x, y, z mg); the LIS3DH samples it at its ODR."""
        now = self._boot_us + self._board_us
        new = [(now + int(t * 1000), int(x), int(y), int(z)) for t, x, y, z in points]
        self._pending = sorted(self._pending + new)
        if new:
            self._last_accel = new[-1][1:]
        return self

    def feed_readings(self, rows):
        """The part's own readings (x, y, z mg), one a sample from its next
        sample on: each row goes on the part's sample clock, so it reads the
        rows as they are, without lines drawn between them. Returns the
        time in ms from now to the last one."""
        return self._on_sample_clock(rows, self._sample_clock())

    def feed_throw(self, seed, dice=2):
        """One generated throw (vboard/throws.py) at the part's ODR, read as
        generated; returns (ms from now to its end, the next seed)."""
        clock = self._sample_clock()
        points, seed = throw_points(seed, dice, rate_hz=clock[0])
        return self._on_sample_clock([p[1:] for p in points], clock), seed

    def _sample_clock(self):
        """(ODR, board us of the part's next sample), from one `acc?`."""
        state = self.accel_state()
        if state is None or state["next_us"] < 0:
            raise BoardError("the accelerometer is not sampling")
        return state["odr_hz"], state["next_us"]

    def _on_sample_clock(self, rows, clock):
        odr_hz, next_us = clock
        period = 1_000_000 // odr_hz
        now = self._boot_us + self._board_us
        first = self._boot_us + next_us
        new = [(first + i * period, int(x), int(y), int(z)) for i, (x, y, z) in enumerate(rows)]
        self._pending = sorted(self._pending + new)
        if new:
            self._last_accel = new[-1][1:]
            return (new[-1][0] - now) / 1000
        return 0

    def set_accel(self, x, y, z):
        return self.feed([(0, x, y, z)])

    def throw(self, seed=1):
        self.feed_throw(seed)
        return self

    # --- outputs ----------------------------------------------------------------
    def registers(self):
        reply = self._command("lcd")
        parts = reply.split()
        n = int(parts[1])
        regs = dict((k, int(v)) for k, v in (p.split("=") for p in parts[2:]))
        ram = self._read_exact(n) if n else b""
        return ram, regs

    def frame(self):
        ram, regs = self.registers()
        if not ram:
            raise BoardError("no display on this board")
        return frame_from_gddram(ram, regs)

    def screen_text(self):
        ram, regs = self.registers()
        if not ram:
            raise BoardError("no display on this board")
        key = (ram, tuple(sorted(regs.items())))
        text = _SCREENS.get(key)
        if text is None:  # reading the pixels costs ~10 ms: screens come back often
            if len(_SCREENS) >= 256:
                _SCREENS.clear()
            text = _SCREENS[key] = screen_text(frame_from_gddram(ram, regs))
        return list(text)

    def save_png(self, path, scale=4):
        Path(path).write_bytes(png_bytes(self.frame(), scale))
        return path

    def mem(self):
        parts = self._command("mem").split()[1:]
        return dict((k, int(v)) for k, v in (p.split("=") for p in parts))

    def peak_modules(self):
        """The firmware modules loaded at the heap's peak (VBOARD_PEAK_MODULES=1)."""
        return self._command("mods").split()[1:]

    def oled_writes(self):
        """(board us of the last write to the panel this boot, bytes written this boot)."""
        parts = self._command("oled?").split()
        return int(parts[1]), int(parts[2])

    def board_us(self):
        """The board's clock this boot, in us (what oled_writes() is measured in)."""
        return self._board_us

    def flash_stats(self):
        """Flash work since this boot: {"erases", "programs", "busy_us"} (vboard_flash)."""
        parts = self._command("flash").split()
        return {"erases": int(parts[1]), "programs": int(parts[2]), "busy_us": int(parts[3])}

    def erasing(self):
        """[(start ms, end ms)] since this boot of the last 64 flash writes that
        erased a sector: the firmware could run nothing meanwhile."""
        line = self._command("erasing").strip()
        return [tuple(int(v) / 1000 for v in w.split("-")) for w in line.split()] if line else []

    def pwm(self):
        parts = self._command("pwm").split()
        if parts[1] == "-":
            return None
        return {"pin": int(parts[1]), "freq": int(parts[2]), "duty_u16": int(parts[3])}

    def accel_state(self):
        parts = self._command("acc?").split()
        if parts[1] == "-":
            return None
        return {"odr_hz": int(parts[1]), "fifo": int(parts[2]), "dropped": int(parts[3]),
                "longest_gap_us": int(parts[4]),   # between two FIFO reads, since the last accel_state()
                "next_us": int(parts[5])}          # board time of its next sample (-1: not sampling)


OPEN_ACCEL = "board.open_accel()"


def main_at_odr(main_py, odr_hz):
    """Rewrite a copy of firmware/main.py so that the LIS3DH opens at odr_hz,
    as a tray built for that rate would (the benches and tests of 400 Hz)."""
    source = Path(main_py).read_text()
    if source.count(OPEN_ACCEL) != 1:
        raise ValueError("%s: expected one %s" % (main_py, OPEN_ACCEL))
    Path(main_py).write_text(source.replace(OPEN_ACCEL, "board.open_accel(odr_hz=%d)" % odr_hz))


def run_script(source, flash_dir, heap="96k", ticks_start_ms=0, accel=True, oled=True, timeout_s=600,
               py_time="0"):
    """Run MicroPython source on a free-running virtual board (no host link); returns (status, output).

    The script may reach the board model (`from vboard_core import board`) to
    press keys (`board.set_key(row, col, True)`) or feed the accelerometer
    (`board.lis.add_point(t_ms, x, y, z)`), as the host commands do.
    """
    flash = Path(flash_dir)
    flash.mkdir(parents=True, exist_ok=True)
    (flash / "vbscript.py").write_text(source)
    env = dict(os.environ)
    env.update({
        "MICROPYPATH": os.pathsep.join([str(VBOARD_DIR), str(FIRMWARE_DIR)]),
        "VBOARD_FLASH": str(flash.resolve()),
        "VBOARD_FIRMWARE": str(FIRMWARE_DIR),
        "VBOARD_ACCEL": "1" if accel else "0",
        "VBOARD_OLED": "1" if oled else "0",
        "VBOARD_TICKS_START": str(ticks_start_ms),
        "VBOARD_HEAP": str(heap_bytes(heap)),
        "VBOARD_GC_PEAK": "0",
        "VBOARD_PY_TIME": py_time,
    })
    proc = subprocess.run(
        [micropython_binary(), "-X", "heapsize=%d" % (heap_bytes(heap) + BOARD_RESERVE),
         "-m", "vboard_run", "vbscript"],
        env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=timeout_s,
        cwd=str(flash))
    return proc.returncode, proc.stdout + proc.stderr
