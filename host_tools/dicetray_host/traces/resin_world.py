"""resin's world: the tray, its table, its sensor, and how a reading is made.

A round dice tray cast in epoxy resin in a silicone mould (a common maker
build: the moulds are sold for it), its flat underside covered with a cork
sheet, with a thick "ledge" cast on the near side: in the ledge, a row of
arcade push buttons (the key pad), and under it a pocket closed by a
3D-printed lid on which the Pico board is screwed. The sensor thus sits
under the key ledge, off the tray's centre, a few mm above the table. The
tray lies flat on a dining or kitchen table (bare, under a cloth, or on a
neoprene playmat): its cork base couples it stiffly to the table, so what
the sensor hears is the tray and the table top under it moving together,
the table's own modes ringing after a blow, and hardly at all the floor's
own plate mode (the sensor is outside the floor).

Every figure's range and reason is in docs/throw-detection.md, "### resin". Written blind in
round 75: no code is shared with the other models (numpy, math, random and
model.Trace only).

How a reading is made (render()):
1. the happenings (resin.py) leave impulses on the tray (position, vector,
   contact time), forces on the table elsewhere (knocks), accelerations of
   the table's surface under the tray (a phone, a machine, a knock's
   bending wave) and the tray's slow motion in the world (hands, tilts);
2. the impulses are laid at FS (3200 Hz) and taken to the sensor through
   the modes in the frequency domain: the tray and the table patch under it
   bouncing on the table (the "seat"), rocking, sliding on the cork (shear),
   the floor's first plate mode, the table's two bending modes and its
   sway; each a causal damped oscillator;
3. the slow motion (gravity in the tilted tray, hands' accelerations) is
   added, the whole turned into the sensor's axes (the board's mounting),
   filtered by the part's low-pass (a 2-pole Butterworth at the datasheet's
   bandwidth: ODR/2 in low-power and normal mode, ODR/9 in high-resolution),
   read at the part's own sample instants (its clock a few % off), given
   its offset, sensitivity error, noise, step and full scale;
4. the board stamps each FIFO batch when it reads it and spreads the
   batch's stamps evenly back to the previous read.
"""
import math

import numpy as np

from dicetray_host.traces.model import RANGES_G, RATES

FS = 3200.0                 # internal rate (Hz): above 2x the highest mode kept (the plate, <= 650 Hz)
G = 9.81
PAD_S = 6.0                 # zeros after the trace so that no mode's ring wraps around the FFT
MAX_S = 70.0                # longest scene the arrays hold
MODES = ("low", "normal", "high")
# mg per digit at +-2 g; x2 at 4 g, x4 at 8 g (LIS3DH datasheet, table 4)
STEP_2G = {"low": 16, "normal": 4, "high": 1}


def draw_tray(r):
    """One tray, its table, its dice, its board: every figure drawn from `r`."""
    t = {}
    t["rate"] = r.choice(RATES)
    t["range"] = r.choice(RANGES_G)
    u = r.random()
    # makers' drivers: most leave the part in normal mode, some ask for
    # high resolution (12 bit), a few low power (8 bit)
    t["mode"] = "normal" if u < 0.55 else ("high" if u < 0.85 else "low")
    # ---- the tray
    R = t["R"] = r.uniform(0.08, 0.12)              # inner floor radius (m): 16-24 cm moulds
    t["M"] = r.uniform(0.5, 1.1)                    # kg: 430-950 cm3 of resin at 1.15 g/cm3
    t["wall_h"] = r.uniform(0.025, 0.04)
    h_floor = r.uniform(0.005, 0.008)
    t["insert"] = r.random() < 0.55                 # a 3 mm neoprene (rubber-backed cloth) insert
    if t["insert"]:
        t["e"] = (0.15, 0.35)                       # die on neoprene: a dull, short bounce
        t["mu"] = (0.5, 0.8)
        t["tc"] = (0.0015, 0.004)                   # contact time (s): the foam's compliance
        t["roll_keep"] = (0.50, 0.70)               # horizontal speed kept per face slap while tumbling
    else:
        t["e"] = (0.45, 0.65)                       # die on cast epoxy: hard, lively
        t["mu"] = (0.25, 0.40)
        t["tc"] = (0.0001, 0.0003)                  # Hertz contact of acrylic on epoxy
        t["roll_keep"] = (0.65, 0.82)
    t["e_wall"] = r.uniform(0.3, 0.6)
    # ---- sensor and key pad under / on the ledge (near side, -y)
    t["sx"] = r.uniform(-0.02, 0.02)
    t["sy"] = -(R + r.uniform(0.02, 0.035))
    t["sz"] = r.uniform(0.006, 0.014)               # chip height above the table (m)
    kx = [-0.045, -0.015, 0.015, 0.045]
    t["keys_xy"] = [(x + r.uniform(-0.003, 0.003), -(R + row)) for row in (0.014, 0.040) for x in kx]
    t["key_z"] = r.uniform(0.025, 0.035)
    t["plunger_kg"] = r.uniform(0.002, 0.004)
    # ---- how it sits on its table
    surf = r.random()
    t["surface"] = "bare" if surf < 0.45 else ("cloth" if surf < 0.75 else "playmat")
    soft, damp = {"bare": (1.0, 0.0), "cloth": (r.uniform(0.8, 1.0), 0.05),
                  "playmat": (r.uniform(0.6, 0.8), 0.10)}[t["surface"]]
    t["seat"] = (r.uniform(90.0, 220.0) * soft, r.uniform(0.15, 0.30) + damp)
    t["seat_kg"] = t["M"] + r.uniform(0.3, 1.0)      # the table patch under the cork moves with it
    t["rock"] = (r.uniform(110.0, 280.0) * soft, r.uniform(0.12, 0.30) + damp)
    rg = r.uniform(0.55, 0.70) * R
    t["rock_I"] = t["M"] * rg * rg + r.uniform(0.3, 1.0) * (0.5 * R) ** 2
    t["shear"] = (r.uniform(250.0, 700.0) * (0.5 if t["surface"] == "playmat" else 1.0), r.uniform(0.10, 0.25))
    floor_kg = math.pi * R * R * h_floor * 1150.0
    t["plate"] = (r.uniform(380.0, 650.0), r.uniform(0.01, 0.025) + (r.uniform(0.01, 0.03) if t["insert"] else 0.0))
    t["plate_kg"] = 0.18 * floor_kg
    t["plate_c"] = r.uniform(0.03, 0.15)            # the plate mode's shape at the sensor (outside the floor)
    # ---- the table
    kind = r.random()
    t["table"] = "wood" if kind < 0.5 else ("board" if kind < 0.85 else "glass")
    zt = {"wood": (0.02, 0.05), "board": (0.02, 0.05), "glass": (0.008, 0.02)}[t["table"]]
    t["tab_modes"] = [(r.uniform(18.0, 45.0), r.uniform(6.0, 25.0), r.uniform(*zt)),
                      (r.uniform(45.0, 130.0), r.uniform(4.0, 15.0), r.uniform(*zt))]
    t["sway"] = (r.uniform(6.0, 15.0), r.uniform(15.0, 40.0), r.uniform(0.03, 0.06))
    t["table_tilt"] = (math.radians(r.uniform(-0.4, 0.4)), math.radians(r.uniform(-0.4, 0.4)))
    # ---- the dice on this table, and how these players throw
    d = r.random()
    if d < 0.55:
        t["die"] = (0.016, r.uniform(0.0050, 0.0060))      # 16 mm acrylic d6
    elif d < 0.75:
        t["die"] = (0.012, r.uniform(0.0022, 0.0028))      # 12 mm d6
    elif d < 0.9:
        t["die"] = (0.016, r.uniform(0.0060, 0.0070))      # 16 mm sharp-edged resin d6
    else:
        t["die"] = (0.019, r.uniform(0.0080, 0.0100))      # 19 mm chunky d6
    t["cup"] = r.random() < 0.2
    t["strength"] = r.uniform(0.7, 1.3)             # this group's throwing habit
    # ---- the LIS3DH and the board
    t["offset_mg"] = [max(-60.0, min(60.0, r.gauss(0.0, 20.0))) for _ in range(3)]
    t["gain"] = [1.0 + r.uniform(-0.04, 0.04) for _ in range(3)]
    t["nd_ug"] = r.uniform(220.0, 350.0)            # noise density, high-resolution mode (ug/rtHz)
    t["nd_normal"] = r.uniform(1.0, 1.4)            # normal mode's noise over it
    t["nd_low"] = r.uniform(1.5, 2.5)
    t["clock"] = r.uniform(-0.03, 0.03)             # the part's ODR off nominal
    t["watermark_s"] = r.uniform(0.02, 0.06)        # how often the board empties the FIFO
    t["latency_s"] = r.uniform(0.0005, 0.003)       # the board's read latency, most of it
    t["mount"] = _mount(r)
    return t


def _mount(r):
    """The board's axes in the tray's: turned by a quarter turn or more,
    maybe upside down (chip toward the table), a degree or two off."""
    yaw = r.choice((0, 1, 2, 3)) * math.pi / 2 + math.radians(r.uniform(-2.0, 2.0))
    flip = r.random() < 0.25
    ax, ay = math.radians(r.uniform(-2.0, 2.0)), math.radians(r.uniform(-2.0, 2.0))
    cz, sz = math.cos(yaw), math.sin(yaw)
    Rz = np.array([[cz, sz, 0.0], [-sz, cz, 0.0], [0.0, 0.0, 1.0]])
    Rx = np.array([[1.0, 0.0, 0.0], [0.0, math.cos(ax), math.sin(ax)], [0.0, -math.sin(ax), math.cos(ax)]])
    Ry = np.array([[math.cos(ay), 0.0, -math.sin(ay)], [0.0, 1.0, 0.0], [math.sin(ay), 0.0, math.cos(ay)]])
    m = Rx @ Ry @ Rz
    if flip:                                        # turned over about its own x
        m = np.diag([1.0, -1.0, -1.0]) @ m
    return m


class Scene:
    """What happens to one tray in one trace, gathered before it is rendered."""

    def __init__(self, tray, rng):
        self.tray = tray
        self.rng = rng
        n = int(MAX_S * FS)
        self.n = n
        self.pulses = []        # (t, Jx, Jy, Jz, px, py, pz, tc, plate_phi): impulses on the tray (N s)
        self.table_hits = []    # (t, J, tc, psi1, psi2, psix, psiy): forces on the table elsewhere
        self.base = np.zeros((3, n))      # table surface acceleration under the tray (m/s^2)
        self.aw = np.zeros((3, n))        # tray's own acceleration in the world (hands; m/s^2)
        tx, ty = tray["table_tilt"]
        self.roll = np.full(n, tx)        # tray's tilt about x, about y (rad)
        self.pitch = np.full(n, ty)
        self.dice = 0                     # dice lying in the tray

    def pulse(self, t, J, p, tc, phi=0.0):
        self.pulses.append((t, J[0], J[1], J[2], p[0], p[1], p[2], tc, phi))

    def idx(self, t):
        return max(0, min(self.n - 1, int(round(t * FS))))


def _lay(arr, t, val, tc):
    """Add an impulse `val` (N s) as a half-sine force of length tc at t."""
    dt = 1.0 / FS
    if tc < 2.0 * dt:
        x = t * FS
        i = int(x)
        f = x - i
        arr[i] += val * (1.0 - f) / dt
        arr[i + 1] += val * f / dt
        return
    i0 = int(math.ceil(t * FS))
    n = int(math.ceil(tc * FS)) + 1
    tau = (i0 + np.arange(n)) / FS - t
    w = np.sin(math.pi * np.clip(tau / tc, 0.0, 1.0))
    s = w.sum()
    if s > 0:
        arr[i0:i0 + n] += w * (val / (s * dt))


def _osc_den(w, f0, z):
    w0 = 2.0 * math.pi * f0
    return w0 * w0 - w * w + 2j * z * w0 * w


def _force_to_acc(w, f0, z, m):
    return -(w * w) / (m * _osc_den(w, f0, z))


def _base_to_acc(w, f0, z):
    w0 = 2.0 * math.pi * f0
    return (w0 * w0 + 2j * z * w0 * w) / _osc_den(w, f0, z)


def _butter2(f, fc):
    """The part's low-pass: a causal 2-pole Butterworth at fc."""
    s = 1j * f / fc
    return 1.0 / (s * s + math.sqrt(2.0) * s + 1.0)


def render(sc, end_s, rate, range_g, mode, nrng, oracle):
    """Sample the scene as the board reads it: (t_ms, x, y, z, clean or None)."""
    tr = sc.tray
    N = int((end_s + 0.05) * FS) + 2
    Nf = N + int(PAD_S * FS)
    Nf += (-Nf) % 64
    f = np.fft.rfftfreq(Nf, 1.0 / FS)
    w = 2.0 * math.pi * f
    # ---- impulses into force / torque channels
    ch = np.zeros((6, Nf))              # Fx, Fy, Fz, Tx, Ty, plate modal force
    for (t, jx, jy, jz, px, py, pz, tc, phi) in sc.pulses:
        if t < 0 or t > end_s + 0.05:
            continue
        for c, v in ((0, jx), (1, jy), (2, jz), (3, py * jz - pz * jy), (4, pz * jx - px * jz), (5, jz * phi)):
            if v != 0.0:
                _lay(ch[c], t, v, tc)
    tab = np.zeros((4, Nf))             # table modes 1, 2 (vertical), sway x, sway y: external forces
    for (t, J, tc, p1, p2, px, py) in sc.table_hits:
        if t < 0 or t > end_s + 0.05:
            continue
        for c, v in ((0, J * p1), (1, J * p2), (2, J * px), (3, J * py)):
            if v != 0.0:
                _lay(tab[c], t, v, tc)
    F = np.fft.rfft(ch, axis=1)
    K = np.fft.rfft(tab, axis=1)
    base = np.zeros((3, Nf))
    base[:, :N] = sc.base[:, :N]
    B = np.fft.rfft(base, axis=1)
    # ---- through the modes
    fs_, zs_ = tr["seat"]
    Ts = _base_to_acc(w, fs_, zs_)
    fh, zh = tr["shear"]
    Th = _base_to_acc(w, fh, zh)
    atab_z = B[2].copy()
    for i, (ft, mt, zt) in enumerate(tr["tab_modes"]):
        atab_z += (F[2] * Ts + K[i]) * _force_to_acc(w, ft, zt, mt)
    fw, mw, zw = tr["sway"]
    Hsw = _force_to_acc(w, fw, zw, mw)
    atab_x = B[0] + (F[0] * Th + K[2]) * Hsw
    atab_y = B[1] + (F[1] * Th + K[3]) * Hsw
    az = F[2] * _force_to_acc(w, fs_, zs_, tr["seat_kg"]) + Ts * atab_z
    ax = F[0] * _force_to_acc(w, fh, zh, tr["M"]) + Th * atab_x
    ay = F[1] * _force_to_acc(w, fh, zh, tr["M"]) + Th * atab_y
    fr, zr = tr["rock"]
    Hr = _force_to_acc(w, fr, zr, tr["rock_I"])
    thx, thy = F[3] * Hr, F[4] * Hr
    fp, zp = tr["plate"]
    sx, sy, sz = tr["sx"], tr["sy"], tr["sz"]
    vib = np.array([ax + sz * thy,
                    ay - sz * thx,
                    az + sy * thx - sx * thy + tr["plate_c"] * F[5] * _force_to_acc(w, fp, zp, tr["plate_kg"])])
    # ---- the slow part: gravity in the tilted tray and the hands' pushes, in the tray's axes
    r_, p_ = sc.roll[:N], sc.pitch[:N]
    gx = sc.aw[0, :N]
    gy = sc.aw[1, :N]
    gz = sc.aw[2, :N] + G
    cr, sr, cp, sp = np.cos(r_), np.sin(r_), np.cos(p_), np.sin(p_)
    # tray = Ry(pitch) Rx(roll) in the world; its axes read R^T (a + g)
    y1 = cr * gy + sr * gz
    z1 = -sr * gy + cr * gz
    slow = np.array([cp * gx - sp * z1, y1, sp * gx + cp * z1])
    s0 = slow[:, :1].copy()
    sl = np.zeros((3, Nf))
    sl[:, :N] = slow - s0
    npad = Nf - N
    taper = 0.5 * (1.0 + np.cos(np.linspace(0.0, math.pi, npad)))
    sl[:, N:] = (slow[:, -1:] - s0) * taper
    S = np.fft.rfft(sl, axis=1) + vib
    mount = tr["mount"]
    S = np.tensordot(mount, S, axes=1)
    fc = rate / 9.0 if mode == "high" else rate / 2.0
    S = S * _butter2(f, fc)
    a = np.fft.irfft(S, n=Nf, axis=1)[:, :N] + (mount @ s0)
    # ---- the part's own sample instants, its gain and offset
    P = 1.0 / (rate * (1.0 + tr["clock"]))
    t0 = nrng.uniform(0.0, P)
    ts = np.arange(t0, end_s, P)
    grid = np.arange(N) / FS
    step = STEP_2G[mode] * range_g / 2
    # the part's output words: 8, 10 or 12 bits of two's complement, `step` mg each
    half = {"low": 128, "normal": 512, "high": 2048}[mode]
    lo, hi = -half * step, (half - 1) * step
    clean = np.empty((3, len(ts)))
    for i in range(3):
        v = np.interp(ts, grid, a[i]) * (1000.0 / G)
        clean[i] = np.clip(v * tr["gain"][i] + tr["offset_mg"][i], lo, hi)
    # ---- noise: the density over the bandwidth; at ODR/9 it is correlated from sample to sample
    dens = tr["nd_ug"] * {"high": 1.0, "normal": tr["nd_normal"], "low": tr["nd_low"]}[mode]
    sigma = dens * 1e-3 * math.sqrt(fc)
    white = nrng.standard_normal((3, len(ts)))
    if mode == "high":
        nn = len(ts) + 64
        Wn = np.fft.rfft(np.concatenate([white, nrng.standard_normal((3, 64))], axis=1), axis=1)
        col = np.fft.irfft(Wn * _butter2(np.fft.rfftfreq(nn, 1.0 / rate), fc), n=nn, axis=1)[:, 64:]
        col = col[:, :len(ts)] if col.shape[1] >= len(ts) else white
        white = col / max(1e-9, float(col.std()))
    read = clean + sigma * white
    out = np.clip(np.round(read / step) * step, lo, hi).astype(int)
    floor = math.sqrt(sigma * sigma + step * step / 12.0)
    stamps = _stamps(ts, tr, nrng)
    cl = [clean[i].tolist() for i in range(3)] + [floor] if oracle else None
    return stamps, out[0].tolist(), out[1].tolist(), out[2].tolist(), cl


def _stamps(ts, tr, nrng):
    """The board reads the FIFO every watermark_s (a batch) with a latency,
    stamps the read, and spreads the batch's stamps evenly back to the last
    read: integer ms, rising."""
    n = len(ts)
    per = max(1.0 / (ts[1] - ts[0]) * tr["watermark_s"], 4.0) if n > 1 else 1
    b = int(per)
    out = np.empty(n)
    lat = tr["latency_s"]
    prev = ts[0] - (ts[1] - ts[0] if n > 1 else 0.0) + nrng.uniform(0.3, 1.0) * lat
    i = 0
    while i < n:
        j = min(n, i + b)
        rd = ts[j - 1] + nrng.uniform(0.2, 1.0) * lat
        k = np.arange(1, j - i + 1)
        out[i:j] = prev + k * (rd - prev) / (j - i)
        prev = rd
        i = j
    ms = np.floor(out * 1000.0).astype(int)
    ms = np.maximum(ms, 0)
    for q in range(1, n):                 # rising, as a board's clock is
        if ms[q] <= ms[q - 1]:
            ms[q] = ms[q - 1] + 1
    return ms.tolist()
