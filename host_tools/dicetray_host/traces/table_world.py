"""The "table" model's mechanics and sensor (table.py says what and why).

A small linear model of the tray: the tray on its support on a table (a
2-mass chain, solved exactly from its eigenmodes), its rocking, its floor
plate's mode; forces, impulses, torques and motions of the table's feet go
in on a fine time grid, the acceleration at the sensor near the rim comes
out. Then the LIS3DH (its averaging over a sample period, noise, offsets,
bits, clipping) and the firmware's FIFO reads and time stamps.
"""
import math

import numpy as np

FS = 3200.0                 # internal rate (Hz): above the plate's modes and the contact spikes
G = 9.81


# ---------------------------------------------------------------- linear mechanics

def _kernel(A, B, C, seconds):
    """Impulse response (without a direct term) of x' = A x + B u, y = C x, on the FS grid."""
    lam, V = np.linalg.eig(A)
    coef = (C @ V) * (np.linalg.solve(V, B))
    decay = max(1e-3, min(-lam.real))
    n = int(min(seconds, 10.0 / decay) * FS) + 1
    t = np.arange(n) / FS
    return np.real(np.exp(np.outer(t, lam)) @ coef)


def _chain_kernels(m1, f1, z1, m2, f2, z2, seconds=8.0):
    """Tray (m1) on a spring (f1 alone on a rigid base) on a table (m2, f2 alone):
    kernels from a force on the tray / on the table to the tray's acceleration."""
    k1 = m1 * (2 * math.pi * f1) ** 2
    c1 = 2 * z1 * math.sqrt(k1 * m1)
    k2 = (m1 + m2) * (2 * math.pi * f2) ** 2
    c2 = 2 * z2 * math.sqrt(k2 * (m1 + m2))
    A = np.array([[0, 0, 1, 0], [0, 0, 0, 1],
                  [-k1 / m1, k1 / m1, -c1 / m1, c1 / m1],
                  [k1 / m2, -(k1 + k2) / m2, c1 / m2, -(c1 + c2) / m2]], dtype=float)
    C = A[2]
    return (_kernel(A, np.array([0, 0, 1 / m1, 0.0]), C, seconds),
            _kernel(A, np.array([0, 0, 0, 1 / m2]), C, seconds))


def _mode_kernel(m, f, z, seconds=2.0):
    """One mode of modal mass m: force -> its acceleration (without the direct 1/m)."""
    w = 2 * math.pi * f
    A = np.array([[0, 1], [-w * w, -2 * z * w]], dtype=float)
    return _kernel(A, np.array([0, 1.0 / m]), A[1], seconds)


def _conv(x, h):
    n = len(x) + len(h)
    size = 1 << (n - 1).bit_length()
    y = np.fft.irfft(np.fft.rfft(x, size) * np.fft.rfft(h, size), size)
    return y[:len(x)] / FS


class World:
    """Forces and motions on the FS grid, then the tray's acceleration at the sensor."""

    def __init__(self, rng, p, seconds):
        self.rng = rng
        self.np = np.random.default_rng(rng.getrandbits(63))
        self.p = p
        self.n = int(seconds * FS)
        z = lambda: np.zeros(self.n)          # noqa: E731
        self.f_tray = [z(), z(), z()]         # N on the tray (x, y, z)
        self.f_table = [z(), z(), z()]        # N on the table top
        self.torque = [z(), z()]              # N m on the tray about x and y
        self.plate = z()                      # N on the floor plate, at its antinode
        self.ground = [z(), z(), z()]         # m/s^2 of the table's feet (a machine)
        self.accel = [z(), z(), z()]          # m/s^2 given directly (hands carrying)
        self.tilt = [z(), z()]                # rad about x and y (gravity turns)

    def idx(self, t):
        return max(0, min(self.n - 1, int(round(t * FS))))

    def pulse(self, t, dur):
        """(start index, samples) of a half-sine of unit area lasting dur s."""
        i = self.idx(t)
        k = max(1, int(round(dur * FS)))
        if k == 1:
            return i, np.array([FS])
        s = np.sin(np.pi * (np.arange(k) + 0.5) / k)
        return i, s / (s.sum() / FS)

    def _add(self, arr, i, v):
        j = min(self.n, i + len(v))
        if j > i:
            arr[i:j] += v[:j - i]

    def impact(self, t, j, dur, xy, horiz=(0.0, 0.0), plate=1.0):
        """An impulse j (N s) downwards on the tray's floor at xy, with a sideways share."""
        i, s = self.pulse(t, dur)
        self._add(self.f_tray[2], i, -j * s)
        self._add(self.f_tray[0], i, horiz[0] * s)
        self._add(self.f_tray[1], i, horiz[1] * s)
        self._add(self.torque[0], i, -j * xy[1] * s)
        self._add(self.torque[1], i, j * xy[0] * s)
        if plate:
            self._add(self.plate, i, -j * plate * self.rng.uniform(0.3, 1.0) * s)

    def wall(self, t, j, dur, direction):
        i, s = self.pulse(t, dur)
        self._add(self.f_tray[0], i, j * direction[0] * s)
        self._add(self.f_tray[1], i, j * direction[1] * s)
        # a wall hit is at the floor's height + a few cm: it rocks the tray a little
        h = 0.02
        self._add(self.torque[0], i, j * direction[1] * h * s)
        self._add(self.torque[1], i, -j * direction[0] * h * s)

    def table_hit(self, t, j, dur, share=(0.1, 0.1, 1.0)):
        i, s = self.pulse(t, dur)
        for a in range(3):
            self._add(self.f_table[a], i, -j * share[a] * s)

    def rumble(self, t0, t1, force_rms, decay_s=None):
        """Friction noise (a die sliding or spinning) into the plate and the tray."""
        i, k = self.idx(t0), self.idx(t1) - self.idx(t0)
        if k <= 1:
            return
        env = np.ones(k) if decay_s is None else np.exp(-np.arange(k) / FS / decay_s)
        noise = self.np.standard_normal(k) * force_rms * env
        self._add(self.plate, i, noise)
        self._add(self.f_tray[2], i, 0.3 * noise)
        self._add(self.f_tray[0], i, 0.3 * self.np.standard_normal(k) * force_rms * env)

    def acceleration(self):
        """(x, y, z) in g at the sensor, tray axes, gravity included."""
        p = self.p
        m1 = p["mass"]
        out = []
        kv_t, kv_b = _chain_kernels(m1, p["f_s"], p["z_s"], p["m_t"], p["f_t"], p["z_t"])
        f_sh = p["f_s"] * math.sqrt(p["shear"])
        kh_t, kh_b = _chain_kernels(m1, f_sh, p["z_s"], p["m_t"], p["f_sway"], p["z_t"])
        k_rock = _mode_kernel(p["inertia"], p["f_rock"], p["z_s"])
        k_plate = _mode_kernel(p["m_p"], p["f_p"], p["z_p"])
        alpha = []
        for a in range(2):
            tq = self.torque[a]
            alpha.append(tq / p["inertia"] + _conv(tq, k_rock) if tq.any() else np.zeros(self.n))
        sx, sy = p["sensor_xy"]
        h = p["sensor_h"]
        for a in range(3):
            kt, kb = (kv_t, kv_b) if a == 2 else (kh_t, kh_b)
            f1 = self.f_tray[a] - m1 * self.ground[a]
            f2 = self.f_table[a] - p["m_t"] * self.ground[a]
            acc = f1 / m1 + self.ground[a] + self.accel[a]
            if f1.any():
                acc = acc + _conv(f1, kt)
            if f2.any():
                acc = acc + _conv(f2, kb)
            out.append(acc)
        out[2] = out[2] + alpha[0] * sy - alpha[1] * sx
        out[0] = out[0] + alpha[1] * h
        out[1] = out[1] - alpha[0] * h
        if self.plate.any():
            pl = self.plate / p["m_p"] + _conv(self.plate, k_plate)
            out[2] = out[2] + p["phi_sensor"] * pl
        tx, ty = self.tilt[0] + p["mount"][0], self.tilt[1] + p["mount"][1]
        gx = -np.sin(ty)
        gy = np.sin(tx) * np.cos(ty)
        gz = np.cos(tx) * np.cos(ty)
        return out[0] / G + gx, out[1] / G + gy, out[2] / G + gz


# ---------------------------------------------------------------- the LIS3DH and the firmware's FIFO reads

def sense(rng, w, p, rate, range_g, end_s, clean=None):
    """Samples (t_ms, x, y, z) as the firmware would log them.

    clean: a list to take the bench's oracle, as Scene.sample's (the
    noise-free, unrounded reading of each axis at the kept samples, then the
    noise floor in mg)."""
    gen = w.np
    xs = w.acceleration()
    true_rate = rate * (1.0 + p["odr_err"])
    n = int(end_s * true_rate)
    t_true = (np.arange(n) + gen.uniform(0, 1)) / true_rate
    # the part averages over its sample period (boxcar), HR mode one pole more
    box = max(1, int(round(FS / true_rate)))
    step = {12: 1, 10: 4, 8: 16}[p["bits"]] * range_g / 2      # mg per digit
    lo = -(1 << (p["bits"] - 1)) * step
    hi = ((1 << (p["bits"] - 1)) - 1) * step
    chans = []
    idx = np.minimum((t_true * FS).astype(int), w.n - 1)
    for a in range(3):
        # the part was running before the trace: its filter starts full of the first value
        v = np.convolve(np.concatenate([np.full(box, xs[a][0]), xs[a]]), np.ones(box) / box)[box:box + w.n]
        if p["bits"] == 12:
            k = 1.0 - math.exp(-2 * math.pi * (rate / 2.0) / FS)
            v = _one_pole(v, k)
        chans.append(v[idx])
    out = []
    noise_mg = p["noise"] * 1000.0 * math.sqrt(rate / 2.0)
    for a in range(3):
        mg = 1000.0 * p["sens"][a] * (chans[a] + sum(p["cross"][a][b] * chans[b] for b in range(3) if b != a))
        mg = mg + p["offset_mg"][a] + p["drift_mg"][a] * (t_true / max(end_s, 1.0))
        if clean is not None:
            clean.append(np.clip(mg, lo, hi))
        mg = mg + gen.standard_normal(n) * noise_mg
        out.append(np.clip(np.floor(mg / step) * step, lo, hi).astype(int))
    # FIFO: read when 16 are in, plus a latency; stamped backwards 1/ODR apart
    stamps, keep = [], []
    i, last = 0, -1
    per = 1000.0 / rate
    while i < n:
        j = min(n, i + 16)
        read = t_true[j - 1] * 1000.0 + rng.uniform(0.0, 10.0)
        if rng.random() < 0.01:
            read += rng.uniform(50.0, 120.0)
        # samples that arrived by the read; the FIFO keeps the last 32
        arrived = int(np.searchsorted(t_true, read / 1000.0, side="right"))
        if arrived - i > 32:
            i = arrived - 32           # overrun: the oldest are lost
        batch = list(range(i, arrived))
        for k, s in enumerate(batch):
            ts = int(round(read - (len(batch) - 1 - k) * per))
            ts = max(ts, last, 0)
            stamps.append(ts)
            keep.append(s)
            last = ts
        i = arrived
    keep = np.array(keep, dtype=int)
    if clean is not None:
        clean[:] = [c[keep] for c in clean] + [math.sqrt(noise_mg * noise_mg + step * step / 12.0)]
    return stamps, [o[keep].tolist() for o in out]


def _one_pole(v, k):
    """y += k (x - y), started at rest on the first value (as a convolution: a loop at FS is slow)."""
    h = k * (1.0 - k) ** np.arange(int(10.0 / k) + 1)
    return np.convolve(v - v[0], h)[:len(v)] + v[0]
