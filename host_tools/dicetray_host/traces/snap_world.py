"""snap's world: the forces of one trace summed on a fine time grid, the
tray and its table answering them, and an LIS3DH reading the result.

Written blind in round 74 (no other trace model's physics, no detector).
The tray (snap.py) is a folding PU-leather "snap" tray lying flat on a
table, its electronics in a small printed pod clipped on one corner: the
pod stands on the tray's corner, on whatever the tray lies on. So the
sensor hears the dice only through the table (the die's blow goes through
the padded floor into the table top, and the table top moves the pod
through the pod's footing), through the tray's floor dragged sideways as a
whole (it is stiff in its own plane), and through the walls next to the
pod; it hears its own keys and a die striking the pod directly.

Everything is linear from force to reading, so each path is a transfer
function applied to a force signal in the frequency domain (numpy's FFT:
no per-sample Python loop). Padding after the trace keeps the ringing
from wrapping round.
"""
import math

import numpy as np

G = 9.80665
FS = 4000.0         # internal grid (Hz): 10 x the fastest ODR; blows shorter than 0.25 ms are one sample
PAD_S = 2.5         # zeros after the trace's end: the slowest mode (sway, 4 Hz at 3 %) is down by e^-2 by then
MAX_S = 8192 * 20 / FS   # longest scene, 40.96 s (the kinds make 6-30 s); a multiple of 8192 samples

_SHAPES = {}


def _shape(k):
    """A half-sine of k samples with unit area (N s per N s), cached."""
    s = _SHAPES.get(k)
    if s is None:
        if k <= 1:
            s = np.array([FS])
        else:
            s = np.sin(np.pi * (np.arange(k) + 0.5) / k)
            s = s / s.sum() * FS
        _SHAPES[k] = s
    return s


class World:
    """Forces (N) on the paths the tray has, on a FS grid, and the tray's tilt."""

    def __init__(self, p):
        n = int(MAX_S * FS)
        self.p = p
        self.n = n
        self.fz_floor = np.zeros(n)     # vertical force on the floor near the pod: through the table top
        self.fz_far = np.zeros(n)       # vertical force on the table top away from the tray (knocks, phones)
        self.fh_tray = np.zeros((2, n))  # in-plane force on the tray (dice dragging the floor, walls, hands)
        self.fh_far = np.zeros((2, n))  # horizontal force on the table (a knee): its sway
        self.fz_pod = np.zeros(n)       # vertical force on the pod itself (keys, a die on it, a palm)
        self.base = np.zeros((3, n))    # the table top's own motion from machines (m/s^2)
        self.rigid = np.zeros((3, n))   # the whole tray moved by a hand (m/s^2): slid, lifted
        # the tray's tilt off its rest (rad about x, about y) at key times:
        # gravity is read through it (linear between the keys)
        self.tilt_t = [0.0]
        self.tilt_x = [0.0]
        self.tilt_y = [0.0]

    # ---------------------------------------------------------------- forces
    def _add(self, arr, t, j, tc):
        """A half-sine blow of impulse j (N s) lasting tc (s) from time t (s)."""
        if j == 0.0:
            return
        i0 = int(t * FS)
        k = max(1, int(round(tc * FS)))
        if i0 < 0 or i0 + k >= self.n:
            return
        arr[i0:i0 + k] += j * _shape(k)

    def floor(self, t, jz, tc, jx=0.0, jy=0.0):
        """A blow on the floor: jz (N s, > 0 pushes down) into the table
        through the padding; jx, jy drag the tray in its plane."""
        self._add(self.fz_floor, t, -jz, tc)
        self._add(self.fh_tray[0], t, jx, tc)
        self._add(self.fh_tray[1], t, jy, tc)

    def tray_h(self, t, jx, jy, tc):
        self._add(self.fh_tray[0], t, jx, tc)
        self._add(self.fh_tray[1], t, jy, tc)

    def pod(self, t, jz, tc, jx=0.0, jy=0.0):
        """A blow on the pod: jz (N s, > 0 pushes it down); jx, jy move the tray with it."""
        self._add(self.fz_pod, t, -jz, tc)
        self._add(self.fh_tray[0], t, jx, tc)
        self._add(self.fh_tray[1], t, jy, tc)

    def far(self, t, jz, tc, jx=0.0, jy=0.0):
        """A blow on the table top away from the tray (jz > 0 down)."""
        self._add(self.fz_far, t, -jz, tc)
        self._add(self.fh_far[0], t, jx, tc)
        self._add(self.fh_far[1], t, jy, tc)

    def far_wave(self, t0, t1, amp_n, f_hz, h_share, harm, rng):
        """A buzz on the table top (a phone): amp_n N at f_hz, a harmonic of
        relative size harm, with ramps of 15 ms at each end (the motor spins up)."""
        i0, i1 = int(t0 * FS), min(self.n, int(t1 * FS))
        if i1 <= i0:
            return
        tt = np.arange(i1 - i0) / FS
        ramp = np.clip(np.minimum(tt, tt[-1] - tt) / 0.015, 0.0, 1.0)
        ph = rng.uniform(0, 2 * math.pi)
        wv = amp_n * ramp * (np.sin(2 * math.pi * f_hz * tt + ph)
                             + harm * np.sin(4 * math.pi * f_hz * tt + 2 * ph))
        self.fz_far[i0:i1] += wv
        self.fh_far[0, i0:i1] += h_share * wv

    def move(self, t, dv, dur, axis):
        """The whole tray changes speed by dv (m/s) along a unit vector `axis`
        (3 values) over dur (s), in a half-sine of acceleration."""
        i0 = int(t * FS)
        k = max(1, int(round(dur * FS)))
        if i0 < 0 or i0 + k >= self.n:
            return
        s = _shape(k) * dv
        for a in range(3):
            if axis[a]:
                self.rigid[a, i0:i0 + k] += axis[a] * s

    def tilt_to(self, t0, t1, ax, ay):
        """The tray turns (linearly) from its tilt at t0 to (ax, ay) rad off rest at t1."""
        lx = float(np.interp(t0, self.tilt_t, self.tilt_x))
        ly = float(np.interp(t0, self.tilt_t, self.tilt_y))
        keep = [i for i, tt in enumerate(self.tilt_t) if tt < t0]
        self.tilt_t = [self.tilt_t[i] for i in keep] + [t0, t1]
        self.tilt_x = [self.tilt_x[i] for i in keep] + [lx, ax]
        self.tilt_y = [self.tilt_y[i] for i in keep] + [ly, ay]

    # ---------------------------------------------------------------- response
    def accel(self, end_s, bw_hz):
        """The pod's acceleration (3, n) in mg on the FS grid up to end_s +
        PAD_S, after the part's anti-alias filter (2nd-order Butterworth at
        bw_hz). Gravity is not in it (reading() adds it)."""
        p = self.p
        # a length of 2^13 x k: numpy's FFT is slow on lengths with large prime factors
        n = min(self.n, -(-int((end_s + PAD_S) * FS) // 8192) * 8192)
        w = 2 * math.pi * np.fft.rfftfreq(n, 1.0 / FS)
        w2 = w * w

        def den(f, z):
            w0 = 2 * math.pi * f
            return w0 * w0 - w2 + 2j * z * w0 * w

        def force(f, z):        # acceleration of a mass per (force / mass): mass-like above f
            return -w2 / den(f, z)

        def base(f, z):         # a mass on a spring on a moving base: its acceleration per the base's
            w0 = 2 * math.pi * f
            return (w0 * w0 + 2j * z * w0 * w) / den(f, z)

        def rel(f, z):          # the relative motion's acceleration per the base's
            return w2 / den(f, z)

        nb = n // 2 + 1

        def F(a):               # nothing happened on most paths of a trace: skip their FFT
            a = a[:n]
            return np.fft.rfft(a) if a.any() else np.zeros(nb, complex)
        # the table top at the tray: its plate modes (modal gain = mode
        # shape at the blow x at the pod / modal mass) and the local bending
        # wave (point mobility Y, fraction eta left at the pod)
        g_near = 1j * w * p["table_Y"] * p["eta_near"]
        g_far = 1j * w * p["table_Y"] * p["eta_far"]
        for f, z, gn, gf in p["table_modes"]:
            h = force(f, z)
            g_near = g_near + gn * h
            g_far = g_far + gf * h
        # what pushes on the pod or the tray pushes on the table too, through
        # the footing (its transmissibility): where the pod stands (the local
        # wave whole) and on the table's modes as the floor's blows do
        fz_pod = F(self.fz_pod)
        fh_tray = [F(self.fh_tray[0]), F(self.fh_tray[1])]
        tb = base(p["bounce_hz"], p["bounce_z"])
        ts = base(p["shear_hz"], p["shear_z"])
        g_pod = g_near + 1j * w * p["table_Y"] * (1.0 - p["eta_near"])
        a_tz = g_near * F(self.fz_floor) + g_far * F(self.fz_far) + g_pod * tb * fz_pod + F(self.base[2])
        sway = force(p["sway_hz"], p["sway_z"]) / p["table_kg"]
        a_th = [sway * (F(self.fh_far[i]) + ts * fh_tray[i]) + F(self.base[i]) for i in (0, 1)]
        # the pod on its footing: bounce (vertical), rocking (into x and y
        # at the sensor's height), the whole tray in its plane on its shear
        az = base(p["bounce_hz"], p["bounce_z"]) * a_tz + force(p["bounce_hz"], p["bounce_z"]) * fz_pod / p["pod_kg"]
        rock = (p["rock_base"] * rel(p["rock_hz"], p["rock_z"]) * a_tz
                + force(p["rock_hz"], p["rock_z"]) * fz_pod / p["pod_kg"])
        shear_b = base(p["shear_hz"], p["shear_z"])
        shear_f = force(p["shear_hz"], p["shear_z"]) / p["tray_kg"]
        ax = shear_b * a_th[0] + shear_f * fh_tray[0] + p["rock_c"][0] * rock + F(self.rigid[0])
        ay = shear_b * a_th[1] + shear_f * fh_tray[1] + p["rock_c"][1] * rock + F(self.rigid[1])
        az = az + F(self.rigid[2])
        # the part's anti-alias filter
        wc = 2 * math.pi * bw_hz
        lp = 1.0 / (1.0 - w2 / (wc * wc) + 1j * math.sqrt(2.0) * w / wc)
        out = np.empty((3, n))
        for i, a in enumerate((ax, ay, az)):
            out[i] = np.fft.irfft(a * lp, n)
        return out * (1000.0 / G)


# ---------------------------------------------------------------- the LIS3DH
# DocID17530 (LIS3DH datasheet): the output is left-justified; 8, 10 or 12
# significant bits in low-power, normal and high-resolution mode, so the
# step is 16/4/1 mg at +-2 g and doubles with each range (Table 4's So).
# Bandwidth: ODR/2 in low-power and normal mode, ODR/9 in high resolution
# (ST's application note AN3308 for this part).
STEP_MG = {"low": {2: 16, 4: 32, 8: 64}, "normal": {2: 4, 4: 8, 8: 16}, "high": {2: 1, 4: 2, 8: 4}}
BITS = {"low": 8, "normal": 10, "high": 12}
BW_DIV = {"low": 2.0, "normal": 2.0, "high": 9.0}
# the datasheet gives 220 ug/sqrt(Hz) in normal mode only; low-power mode
# converts in less time, so more noise is assumed (x1.5, a guess said so)
NOISE_X = {"low": 1.5, "normal": 1.0, "high": 1.0}


def mode_params(mode, rate, rg):
    return STEP_MG[mode][rg], BITS[mode], rate / BW_DIV[mode]


def reading(world, p, rate, rg, mode, end_s, rng, nrng, oracle):
    """The board's samples: (stamps ms, x, y, z as int lists, clean or None,
    sample true times s). rng draws the FIFO reads' timing, nrng the noise."""
    step, bits, bw = mode_params(mode, rate, rg)
    acc = world.accel(end_s, bw)
    s = p["sensor"]
    odr = rate * (1.0 + s["odr_err"])
    t0 = rng.uniform(0.0, 1.0 / odr)
    ts = t0 + np.arange(int((end_s + 0.2) * odr)) / odr
    grid = np.arange(acc.shape[1]) / FS
    a = np.vstack([np.interp(ts, grid, acc[i]) for i in range(3)])
    # gravity through the tray's tilt (its rest tilt and what hands did)
    tx = s["rest_tilt"][0] + np.interp(ts, world.tilt_t, world.tilt_x)
    ty = s["rest_tilt"][1] + np.interp(ts, world.tilt_t, world.tilt_y)
    g = np.vstack([1000.0 * np.sin(ty) * np.cos(tx), -1000.0 * np.sin(tx), 1000.0 * np.cos(tx) * np.cos(ty)])
    tot = s["mount"] @ (a + g)
    # the part: sensitivity error per axis, zero-g offset, its drift with
    # the pod warming (linear over the trace)
    clean = tot * (1.0 + s["sens_err"])[:, None] + s["offset"][:, None] + np.outer(s["drift_mg_per_s"], ts)
    sigma = s["nd_ug"] * 1e-3 * NOISE_X[mode] * math.sqrt(1.11 * bw)    # 2nd-order filter: noise bandwidth 1.11 x bw
    noisy = clean + nrng.normal(0.0, sigma, clean.shape)
    # the lower bits are dropped (truncation, toward minus infinity) and the
    # count saturates at the part's full scale
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    counts = np.clip(np.floor(noisy / step), lo, hi)
    out = (counts * step).astype(np.int64)
    # the firmware reads the FIFO every 20-60 ms and stamps the batch back
    # from the read's time at the nominal period; the part's clock is off
    # by odr_err, so batches overlap (a late stamp is held at the last) or
    # leave gaps
    reads = []
    tr = rng.uniform(0.005, s["fifo_s"])
    while tr < end_s + 0.25:
        reads.append(tr)
        tr += s["fifo_s"] * rng.uniform(0.8, 1.2) + (rng.uniform(0.002, 0.006) if rng.random() < 0.1 else 0.0)
    reads = np.array(reads)
    k = np.searchsorted(reads, ts + 0.0002)            # a sample is in the first read after it is ready
    ok = (k < len(reads)) & (ts <= end_s)
    k = k[ok]
    idx = np.nonzero(ok)[0]
    last = np.searchsorted(k, k, side="right") - 1      # each sample's batch's last sample
    back = last - np.arange(len(k))
    stamps = reads[k] * 1000.0 + s["i2c_ms"] - back * (1000.0 / rate)
    stamps = np.maximum.accumulate(np.maximum(np.round(stamps), 0.0)).astype(np.int64)
    floor_mg = math.sqrt(sigma * sigma + step * step / 12.0)
    cl = None
    if oracle:
        # saturation is the part's, not noise or rounding: the clean reading
        # stops at the full scale too (a clipped blow is not heard changing)
        clean = np.clip(clean, lo * step, hi * step)
        cl = [clean[0, idx].tolist(), clean[1, idx].tolist(), clean[2, idx].tolist(), floor_mg]
    return (stamps.tolist(), out[0, idx].tolist(), out[1, idx].tolist(), out[2, idx].tolist(), cl, ts[idx],
            sigma, step)
