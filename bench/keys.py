"""Keys and costs on the virtual board (`make bench`, section keys).

A whole 8-player game of each game keyed in manual mode on the virtual
board, which charges the I2C bytes at 400 kHz and the W25Q16JV's flash
times (typical: 0.4 ms a 256 B page, 45 ms a 4 KB sector erase). For every
key tap: the time from the press to the last byte the OLED received for
it (the 15 ms debounce included), the OLED bytes it cost, and the flash
erases/programs of the record line it wrote, if any. A key "records" when
it made the tray write to flash. Then the same with the chip's Python
time charged (host_tools/dicetray_host/vboard/mp/vboard_cpu.py), and the
accelerometer's FIFO overruns in a game with throws, with and without it,
at 200 Hz and at 400 Hz (the board's rate since round 53).
"""
import shutil
import statistics
import tempfile
from pathlib import Path

from bench.app import GAMES, _play_game

HOLD_MS = 60
SETTLE_MS = 400


class _Measured:
    """The virtual board, with tap() measuring each key."""

    def __init__(self, vb):
        self.vb = vb
        self.keys = []   # (recorded, latency ms or None, oled bytes, erases, programs, flash ms)

    def __getattr__(self, name):
        return getattr(self.vb, name)

    def tap(self, name, hold_ms=HOLD_MS, after_ms=SETTLE_MS):
        vb = self.vb
        _, bytes0 = vb.oled_writes()
        flash0 = vb.flash_stats()
        t0 = vb.board_us()
        vb.press(name)
        vb.run(hold_ms)
        vb.release(name)
        vb.run(after_ms)
        last, bytes1 = vb.oled_writes()
        flash1 = vb.flash_stats()
        erases = flash1["erases"] - flash0["erases"]
        programs = flash1["programs"] - flash0["programs"]
        busy_ms = (flash1["busy_us"] - flash0["busy_us"]) / 1000
        latency = (last - t0) / 1000 if last > t0 else None
        self.keys.append((programs > 0, latency, bytes1 - bytes0, erases, programs, busy_ms))
        return self


def _game(game, py_time="0", firmware_dir=None):
    from dicetray_host.vboard.board import VirtualBoard
    flash = tempfile.mkdtemp(prefix="bench-keys-")
    try:
        with VirtualBoard(flash, heap="192k", accel=False, py_time=py_time, firmware_dir=firmware_dir) as vb:
            vb.run(300)
            m = _Measured(vb)
            done = _play_game(m, None, game)
            return done, m.keys, vb.mem()["peak"]
    finally:
        shutil.rmtree(flash, ignore_errors=True)


def _pct(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def run():
    print(__doc__.strip().splitlines()[0])
    print("%-8s %5s | %-26s | %-26s | %9s | %-19s | %9s" % (
        "game", "keys", "unrecorded: n, ms med/p95", "recorded: n, ms med/p95 (-flash)",
        "OLED B/key", "flash/action E, P, ms", "peak heap"))
    _games_table()
    print("(* the game did not reach its end; the figures are for the keys it took)")
    print()
    print("The same with the chip's Python time (VBOARD_PY_TIME=chip: each stretch of the firmware's")
    print("Python between two board calls charged at this machine's time x the chip's slowness,")
    print("calibrated at power-on and every 250 ms; docs/hardware-layer.md), firmware deployed as .mpy:")
    from bench.app import _deployed_tree
    tree = _deployed_tree()
    try:
        _games_table("chip", tree)
        print()
        _throws_with_python_time(tree)
    finally:
        shutil.rmtree(tree, ignore_errors=True)


def _games_table(py_time="0", firmware_dir=None):
    everything = []
    for game in GAMES:
        done, keys, peak = _game(game, py_time, firmware_dir)
        everything += keys
        _row(game + ("" if done else "*"), keys, peak)
    _row("all", everything, None)


def _at_rate(tree, odr_hz):
    """A copy of the deployed tree whose main.py opens the LIS3DH at odr_hz
    (the package is the same symlinked .mpy)."""
    from dicetray_host.vboard.board import main_at_odr
    copy = Path(tempfile.mkdtemp(prefix="bench-odr-"))
    (copy / "dicetray").symlink_to((tree / "dicetray").resolve())
    shutil.copy(tree / "main.py", copy / "main.py")
    main_at_odr(copy / "main.py", odr_hz)
    return copy


def _throws_with_python_time(tree):
    """A pig game played with throws on the accelerometer at 200 Hz (the
    board's rate; its FIFO holds 160 ms) and at 400 Hz (80 ms): the samples
    the sensor dropped because the firmware read its FIFO too late, by
    phase, and the longest time between two FIFO reads in play, with and
    without the chip's Python time."""
    print("Throws on the LIS3DH (32-sample FIFO: 160 ms at 200 Hz, 80 ms at 400 Hz): samples dropped (FIFO")
    print("overrun) by phase, and the longest time between two FIFO reads while dice roll and while faces")
    print("are keyed; a pig game of 12 throws of one die, each face keyed, BANK every third turn; deployed .mpy")
    print("%-32s %5s %9s %8s %11s %9s %11s %7s %11s" % (
        "ODR, Python time", "boot", "new game", "rolling", "gap ms", "keying", "gap ms", "missed", "chip s Py"))
    for odr_hz in (200, 400):
        at_rate = _at_rate(tree, odr_hz)
        try:
            for label, py_time in (("none (the plain board)", "0"), ("the chip's (calibrated)", "chip")):
                _pig_with_throws("%d Hz, %s" % (odr_hz, label), py_time, at_rate)
        finally:
            shutil.rmtree(at_rate, ignore_errors=True)
    print("(missed: throws the screen did not show as seen, keyed with a long ROLL instead; the generator's")
    print(" throws at the ODR, not the bench's trace models)")


def _pig_with_throws(label, py_time, tree):
    """One row of the table: the pig game on the firmware in `tree`."""
    from dicetray_host.vboard.table import Tray
    flash = tempfile.mkdtemp(prefix="bench-pytime-")
    try:
        with Tray(flash, accel=True, py_time=py_time, firmware_dir=tree) as tray:
            vb = tray.vb
            boot = vb.accel_state()["dropped"]
            tray.new_game("pig")
            game = vb.accel_state()["dropped"] - boot
            rolling = keying = rolling_gap = keying_gap = 0
            for i, face in enumerate((4, 2, 6, 5, 3, 4, 2, 6, 5, 3, 4, 2)):
                d0 = vb.accel_state()["dropped"]
                tray.throw(1)
                state = vb.accel_state()
                if i:  # the first throw comes right after the game's start
                    rolling += state["dropped"] - d0
                    rolling_gap = max(rolling_gap, state["longest_gap_us"])
                vb.tap(str(face))
                if i % 3 == 2:
                    tray.key("BANK")
                vb.run(500)
                after = vb.accel_state()
                keying += after["dropped"] - state["dropped"]
                keying_gap = max(keying_gap, after["longest_gap_us"])
            py_s = vb.mem().get("py_us", 0) / 1e6
            print("%-32s %5d %9d %8d %11.0f %9d %11.0f %7d %11.1f" % (
                label, boot, game, rolling, rolling_gap / 1000, keying, keying_gap / 1000,
                tray.missed, py_s))
    finally:
        shutil.rmtree(flash, ignore_errors=True)


def _row(name, keys, peak):
    plain = [k[1] for k in keys if not k[0] and k[1] is not None]
    rec = [k for k in keys if k[0] and k[1] is not None]
    rec_ms = [k[1] for k in rec]
    rec_net = [k[1] - k[5] for k in rec]
    sent = [k[2] for k in keys if k[2]]
    actions = [k for k in keys if k[0]]
    n = max(1, len(actions))
    print("%-8s %5d | %4d  %6.1f / %6.1f      | %4d  %5.1f / %5.1f (%4.1f / %4.1f) | %9d | %4.2f, %4.2f, %5.1f    | %9s" % (
        name, len(keys), len(plain), _pct(plain, 50), _pct(plain, 95),
        len(rec), _pct(rec_ms, 50), _pct(rec_ms, 95), _pct(rec_net, 50), _pct(rec_net, 95),
        statistics.median(sent) if sent else 0,
        sum(k[3] for k in actions) / n, sum(k[4] for k in actions) / n,
        sum(k[5] for k in actions) / n, "%d B" % peak if peak else ""))
