"""Throws for the virtual board's accelerometer: one realistic throw at a
time from the trace model (dicetray_host.traces.model), for the simulator,
the tests and the benchmarks."""


def throw_points(seed, dice=2, rate_hz=200):
    """Trace points (t ms from now, x, y, z mg) of one realistic throw from
    dicetray_host.traces.model, as the LIS3DH reads it at rate_hz (the
    board's ODR: VirtualBoard.feed_throw() gives each point a sample of its
    own; drawn between points at a lower rate, a die's blow would be a
    triangle several samples wide, which the detector's first-blow rules
    take for a knock): the first generated trace from `seed` on that
    holds exactly one throw, cut to 600 ms of rest before it and 400 ms
    after the dice are still, its resting level moved to 0, 0, +1000 mg so
    one throw follows another without a step. Returns (points, next seed)."""
    from dicetray_host.traces import model as traces
    kind = "throw%d_hard" % (dice if dice in (1, 2, 6) else 2)
    while True:
        trace = traces.generate(kind, seed, rate_hz=rate_hz, range_g=4)
        seed += 1
        if len(trace.throws) == 1:
            break
    start, settled = trace.throws[0]
    rows = level_at_rest([r for r in trace.rows() if start - 600 <= r[0] <= settled + 400], start - 100)
    t0 = rows[0][0]
    points = [(t - t0, x, y, z) for t, x, y, z in rows]
    points.append((points[-1][0] + 10, 0, 0, 1000))
    return points, seed


def level_at_rest(rows, rest_until_ms):
    """Trace rows (t, x, y, z) moved so that their mean before rest_until_ms
    is 0, 0, +1000 mg, where the virtual tray rests level: one trace
    follows another without a step, and no tilt is read."""
    rest = [r for r in rows if r[0] < rest_until_ms] or rows[:1]
    dx = sum(r[1] for r in rest) // len(rest)
    dy = sum(r[2] for r in rest) // len(rest)
    dz = sum(r[3] for r in rest) // len(rest) - 1000
    return [(t, x - dx, y - dy, z - dz) for t, x, y, z in rows]


class Throws:
    """Throw traces, a new seed each time, deterministic per session."""

    def __init__(self, seed):
        self.seed = seed

    def next(self, vb, dice=2):
        """A throw, as `make sim`'s t plays it (play_throw)."""
        self.seed = play_throw(vb, self.seed, dice)


def play_throw(vb, seed, dice=2):
    """One generated throw on the virtual board; then, as a player would,
    wait (up to 1.5 s) while the screen still says the dice are moving
    (with the chip's Python time the settle's screen can come after the
    trace's end). Returns the next seed."""
    end_ms, seed = vb.feed_throw(seed, dice)
    vb.run(end_ms + 100)
    for _ in range(15):
        lines = vb.screen_text()
        if not lines or "moving" not in lines[-1]:
            break
        vb.run(100)
    return seed
