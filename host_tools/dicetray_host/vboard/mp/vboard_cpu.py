"""The firmware's own Python takes board time (VBOARD_PY_TIME).

Without this the virtual clock moves only at waits, bus transfers and
flash work: a screen drawn in Python, a game replayed at boot, the
detector's work on a FIFO of samples take no time at all, which a real
tray never sees. With it, every stretch the firmware runs between two
calls into the board is charged on the clock: the host's time for that
stretch times how much slower the chip runs the same bytecode.

The host's time is the time this thread ran as the kernel counts it
(schedstat's first figure, made current by a CPU-clock read): not the
time it waited for a CPU, so another program on a loaded machine does
not make the board slower, nor the time a virtual machine's hypervisor
took the CPU away while it ran (steal, 0.4-28 ms at a time here), which
the monotonic clock has. Figures from a loaded machine are still noisy (a
busy core runs the same code slower), and tests assert only what must
hold at any speed.

The factor comes from a calibration at power-on: a fixed piece of Python
(_work) whose instructions on the unix port callgrind counted
(CALIBRATION_INSTRUCTIONS), run here a few times, the fastest run kept;
the chip takes CHIP_NS_PER_INSTRUCTION for each of those instructions,
the figure issue 9's emulated RP2040 gave (459 six-dice actions replayed
in 2.56 s when callgrind counted 567,000 instructions an action: 9.84 ns;
bench/records.py scales by the same figure). The board's own models (the
I2C devices, the pins, the PIO state machines, the flash's file system)
run in Python here too, but they are the chip's hardware or its C: their
time is not charged (every firmware-facing call of the board is wrapped;
a nested call charges nothing).

What this does not model well, and which way it errs:
- Reading a file (an import of a .mpy, a record at boot) is the host's
  system calls here, charged at the factor; on the chip it is LittleFS
  reading flash in C. The boot's Python reads about 3x the instruction
  count's estimate here (`make bench`, records): an upper bound.
- A heap collection here scans the board's models too (one heap); when a
  stretch met one, the share of a collection timed by the board then that
  is not the firmware's heap is taken off. Interpreted code agrees with
  the instruction count: the detector runs 0.184 ns an instruction on
  this machine, the calibration 0.178-0.19.
"""
from time import _host_time

_clock = _host_time.clock
_ticks_diff = _host_time.ticks_diff

from vboard_core import board

# Instructions (callgrind Ir on the unix port of requirements.txt) that
# _work(CALIBRATION_ROUNDS) takes beyond _work(0): 5.40-5.62 million over
# runs (the port's hashing moves it).
CALIBRATION_ROUNDS = 2000
CALIBRATION_INSTRUCTIONS = 5_500_000
CHIP_NS_PER_INSTRUCTION = 2.56e9 / 459 / 567_000

_stat = None
_buf = bytearray(96)


def open_clock():
    """Open this thread's scheduler statistics (before the flash is mounted:
    then '/' is the flash); False when the kernel keeps none, or when its
    run time does not follow the thread (see running_us)."""
    global _stat
    for path in ("/proc/thread-self/schedstat", "/proc/self/schedstat"):
        try:
            _stat = open(path, "rb")
            t = running_us()
            _work(200)
            if running_us() != t:
                return True
        except (OSError, ValueError):
            pass
        _stat = None
    return False


def running_us():
    """The time this thread has run, in us, as the kernel counts it: the
    first figure of schedstat (ns). Time the thread waited for a CPU is not
    in it, nor time a virtual machine's hypervisor took the CPU away while
    the thread ran (steal): the kernel takes steal off the clock it counts
    run time on, where the monotonic clock has it. A stretch measured on
    the monotonic clock less schedstat's wait held a steal whole (0.4-28
    ms at a time on this VM, mostly 4 or 8: whole ticks), and the cut to
    the process's CPU time + 1 ms left up to 2 ms of it: 130-300 ms on the
    chip (docs/hardware-layer.md, "Time the thread neither ran nor waited").

    The kernel brings the figure up to date only at its ticks (4 ms) and
    switches, and when the process's CPU clock is read: clock() first. A
    CPU taken away between the two reads is not in the figure either
    (round 73's retaken pair is not needed). Allocates one float (clock()'s
    result), fewer than the CPU-time cut's reads did."""
    _clock()
    _stat.seek(0)
    n = _stat.readinto(_buf)
    i = 0
    ran = 0
    while i < n:
        c = _buf[i]
        if c < 48 or c > 57:
            break
        ran = ran * 10 + c - 48
        i += 1
    if i == 0 or i == n:
        raise ValueError("schedstat")
    return ran // 1000


class _Counter:
    def __init__(self):
        self.n = 0
        self.cells = bytearray(16)

    def step(self, i):
        self.n += i & 7
        self.cells[i & 15] = self.n & 255
        return self.n


def _work(rounds):
    # Like the firmware's own work: method calls, attributes, small ints,
    # a bytearray, a branch.
    c = _Counter()
    t = 0
    for i in range(rounds):
        t += c.step(i)
        if t > 1000:
            t -= 1000
    return t


def calibrate(runs=9):
    """Chip time per host time (x1000, an int), from the fastest of `runs`
    runs of _work: the run the host's other work disturbed least."""
    best = None
    for _ in range(runs):
        t0 = running_us()
        _work(CALIBRATION_ROUNDS)
        t1 = running_us()
        _work(0)
        d = _ticks_diff(t1, t0) - _ticks_diff(running_us(), t1)
        if d > 0 and (best is None or d < best):
            best = d
    return int(CALIBRATION_INSTRUCTIONS * CHIP_NS_PER_INSTRUCTION / best)


_NO = object()
# Set-up calls the firmware makes with keywords: their wrapper takes them
# (and allocates, as a call with keywords does anyway).
_WITH_KEYWORDS = ("init", "irq", "config", "pack_ctrl", "unpack_ctrl")
# The board's own calls into a timer (the callback fired() hands over is
# run and charged as the firmware's: vboard_core.Board._firmware).
_BOARD_ONLY = ("expire", "fired")


def _charged(f):
    # Positional arguments only: a wrapper with *args would allocate on
    # every board call, and its garbage would bring on collections the
    # chip never makes.
    def call(a=_NO, b=_NO, c=_NO, d=_NO, e=_NO, g=_NO):
        board.enter()
        try:
            if a is _NO:
                return f()
            if b is _NO:
                return f(a)
            if c is _NO:
                return f(a, b)
            if d is _NO:
                return f(a, b, c)
            if e is _NO:
                return f(a, b, c, d)
            if g is _NO:
                return f(a, b, c, d, e)
            return f(a, b, c, d, e, g)
        finally:
            board.leave()
    return call


def _charged_kw(f):
    def call(*args, **kw):
        board.enter()
        try:
            return f(*args, **kw)
        finally:
            board.leave()
    return call


def _wrap_class(cls):
    for name, f in list(cls.__dict__.items()):
        if (name.startswith("_") and name != "__call__") or name in _BOARD_ONLY:
            continue
        if type(f).__name__ in ("function", "closure"):
            setattr(cls, name, (_charged_kw if name in _WITH_KEYWORDS else _charged)(f))


def install(scale, again=False):
    """Charge the firmware's Python from now on, `scale` chip us per 1000
    host us (`again`: calibrated again every 250 ms of the host's time);
    call after the board is wired, before the firmware runs."""
    import machine
    board.running_us = running_us
    board.recalibrate = calibrate if again else None
    board.ticks_diff = _ticks_diff
    board.py_scale = scale
    for name in ("ticks_ms", "ticks_us", "spend", "wait_until", "touch"):
        setattr(board, name, _charged(getattr(board, name)))
    for cls in (machine.Pin, machine.Signal, machine.I2C, machine.PWM, machine.ADC,
                machine.Timer, machine.WDT):
        _wrap_class(cls)
    try:
        import rp2
        for cls in (rp2.PIO, rp2.StateMachine, getattr(rp2, "DMA", None)):
            if cls is not None:
                _wrap_class(cls)
    except ImportError:
        pass
    for name in ("idle", "lightsleep", "reset", "soft_reset", "freq"):
        setattr(machine, name, _charged(getattr(machine, name)))
    import vboard_flash  # LittleFS is C on the chip; its flash work is charged apart
    _wrap_class(vboard_flash.FlashVfs)
    _wrap_class(vboard_flash.FlashFile)
    board.py_free = _call_cost()
    board._calibrated_at = running_us()


def _call_cost(batches=9, calls=50):
    """Host time (thousandths of a us) a stretch between two board calls
    takes when the firmware does nothing in it: the wrappers and the
    board's time module, which are C on the chip. The least of a few
    batches of time.ticks_ms() calls, counted as enter() counts them."""
    import time  # the board's
    scale, start = board.py_scale, board.now_us
    board.py_scale = 0  # counted, not charged
    best = None
    for _ in range(batches):
        board._depth = 1
        board.leave()
        h0 = board.py_host
        for _ in range(calls):
            time.ticks_ms()
        board.enter()
        board._depth = 0
        per_call = (board.py_host - h0) // (calls + 1)
        if best is None or per_call < best:
            best = per_call
    board.py_scale, board.now_us, board.py_host = scale, start, 0
    board._depth = 1  # the board's own set-up goes on uncharged until the firmware starts
    return best
