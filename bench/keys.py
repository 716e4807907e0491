"""Keys and costs on the virtual board (`make bench`, section keys).

A whole 8-player game of each game keyed in manual mode on the virtual
board, which charges the I2C bytes at 400 kHz and the W25Q16JV's flash
times (typical: 0.4 ms a 256 B page, 45 ms a 4 KB sector erase). For every
key tap: the time from the press to the last byte the OLED received for
it (the 15 ms debounce included), the OLED bytes it cost, and the flash
erases/programs of the record line it wrote, if any. A key "records" when
it made the tray write to flash.
"""
import shutil
import statistics
import tempfile

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


def _game(game):
    from dicetray_host.vboard.board import VirtualBoard
    flash = tempfile.mkdtemp(prefix="bench-keys-")
    try:
        with VirtualBoard(flash, heap="192k", accel=False) as vb:
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
    everything = []
    for game in GAMES:
        done, keys, peak = _game(game)
        everything += keys
        _row(game + ("" if done else "*"), keys, peak)
    _row("all", everything, None)
    print("(* the game did not reach its end; the figures are for the keys it took)")


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
