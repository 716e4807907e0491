"""The hexa model's world: the tray's linear mechanics, what happens to it,
and the LIS3DH reading it (docs/throw-detection.md, "### hexa").

Events are recorded as operations (impulses on the tray, slow forces on
the tray, motions of the table under its feet, tilts and carried motions of
the whole tray); `World.read` lays them on a time grid of FS, turns the
forces into accelerations at the sensor with the exact transfer functions
of the tray's modes (frequency domain: no discretisation of the modes),
passes them through the board's foam mount, adds gravity as the tray's tilt
turns it, and samples it all as the LIS3DH does.

Sign: z up; a die pressing the floor pushes the tray down (negative Fz);
the sensor at rest reads +1 g on z.
"""
import math

import numpy as np

FS = 3200.0             # the grid the physics is laid on (Hz)
G = 9.81
PAD_S = 2.5             # zeros after the end, so the circular FFT does not wrap rings round
_ND_UG = 220.0          # LIS3DH noise density (ug/sqrt(Hz), datasheet, normal mode)
_MU = 0.4               # die on a liner or printed floor: friction during an impact
_EDGE_DROP = math.sqrt(2.0) / 2.0 - 0.5     # a cube's centre falls this x edge over an edge


def _laid(events, n):
    """(3, n): each event's three curves (t0 s, x, y, z) added from its start on."""
    out = np.zeros((3, n))
    for t0, cx, cy, cz in events:
        i = int(round(t0 * FS))
        if i >= n:
            continue
        k = min(len(cz), n - i)
        out[0, i:i + k] += cx[:k]
        out[1, i:i + k] += cy[:k]
        out[2, i:i + k] += cz[:k]
    return out


class World:
    def __init__(self, p, rng):
        self.p = p
        self.rng = rng
        self.pulses = []    # (t, jx, jy, jz, tau, x, y, zh, plate)
        self.forces = []    # (t0, fx, fy, fz, x, y, hold): arrays on the FS grid (N)
        self.base = []      # (t0, bx, by, bz): the feet's support moving (m/s^2)
        self.tilts = []     # (t0, thx, thy, hold): tray tilt (rad), the last value held after
        self.rigid = []     # (t0, ax, ay, az): the tray carried by a hand (m/s^2)
        self.rough = []     # (t0, t1, rms_N, seed): friction noise of dice moving

    # ------------------------------------------------------------ operations
    def impulse(self, t, jx, jy, jz, tau, x, y, zh=0.0, plate=True):
        self.pulses.append((t, jx, jy, jz, tau, x, y, zh, plate))

    def force(self, t0, fx, fy, fz, x, y, hold=False):
        """A slow force on the tray at (x, y); hold: its last value stays (a weight taken off)."""
        self.forces.append((t0, fx, fy, fz, x, y, hold))

    # ------------------------------------------------------------ the reading
    def read(self, end, rate, range_g, srng):
        """(t_ms, [x, y, z] int mg, clean [x, y, z] mg at the kept samples, noise floor mg)."""
        p = self.p
        n = int(math.ceil((end + PAD_S) * FS / 3200.0)) * 3200
        F = np.zeros((6, n))           # Fx, Fy, Fz, Tx, Ty, plate's modal force
        R = p["R"]
        for t, jx, jy, jz, tau, x, y, zh, plate in self.pulses:
            m = int(math.ceil(tau * FS))
            i0 = t * FS
            if m < 2:
                i = int(i0)
                if i + 1 >= n or i < 0:
                    continue
                fr = i0 - i
                idx, w = np.array([i, i + 1]), np.array([1.0 - fr, fr]) * FS
            else:
                i = int(round(i0))
                if i + m >= n or i < 0:
                    continue
                idx = np.arange(i, i + m)
                w = np.sin(math.pi * (np.arange(m) + 0.5) / m)
                w *= FS / w.sum()
            phi = max(0.0, 1.0 - (x * x + y * y) / (R * R)) if plate else 0.0
            F[0, idx] += jx * w
            F[1, idx] += jy * w
            F[2, idx] += jz * w
            F[3, idx] += (y * jz - zh * jy) * w
            F[4, idx] += (-x * jz + zh * jx) * w
            F[5, idx] += phi * jz * w
        for t0, fx, fy, fz, x, y, hold in self.forces:
            i = int(round(t0 * FS))
            if i >= n:
                continue
            k = min(len(fz), n - i)
            j = n if hold else i + k
            ext = lambda v: np.concatenate([v[:k], np.full(j - i - k, v[k - 1])])   # noqa: E731
            fx, fy, fz = ext(fx), ext(fy), ext(fz)
            F[0, i:j] += fx
            F[1, i:j] += fy
            F[2, i:j] += fz
            F[3, i:j] += y * fz
            F[4, i:j] += -x * fz
            F[5, i:j] += max(0.0, 1.0 - (x * x + y * y) / (R * R)) * fz
        for t0, t1, rms, seed in self.rough:
            i, j = int(t0 * FS), min(n, int(t1 * FS))
            if j - i < 2:
                continue
            g = np.random.default_rng(seed)
            env = np.linspace(1.0, 0.2, j - i) * rms
            F[2, i:j] += g.standard_normal(j - i) * env
            F[0, i:j] += g.standard_normal(j - i) * env * 0.7
            F[1, i:j] += g.standard_normal(j - i) * env * 0.7
        B = _laid(self.base, n)
        th = np.zeros((2, n))
        for t0, thx, thy, hold in self.tilts:
            i = int(round(t0 * FS))
            if i >= n:
                continue
            k = min(len(thx), n - i)
            th[0, i:i + k] += thx[:k]
            th[1, i:i + k] += thy[:k]
            if hold and i + k < n:
                th[0, i + k:] += thx[k - 1]
                th[1, i + k:] += thy[k - 1]
        Q = _laid(self.rigid, n)
        if p["support"] in ("cushion", "lap"):
            _soft_support(p, th, B, n, end, srng)
        Q[0] += -G * np.sin(th[1])
        Q[1] += G * np.sin(th[0]) * np.cos(th[1])
        Q[2] += G * np.cos(th[0]) * np.cos(th[1])

        f = np.fft.rfftfreq(n, 1.0 / FS)
        s = 2j * math.pi * f
        # a force held to the end (a weight taken off) is detrended: the modes
        # do not respond to a constant or a slow ramp (no wrap-round step)
        F -= F[:, :1] + (F[:, -1:] - F[:, :1]) * np.linspace(0.0, 1.0, n)[None, :]
        Fk = np.fft.rfft(F, axis=1)
        Bk = np.fft.rfft(B, axis=1)

        def force_tf(f0, z):          # a mass on its spring: acceleration per force/mass
            w = 2 * math.pi * f0
            return s * s / (s * s + 2 * z * w * s + w * w)

        def base_tf(f0, z):           # a mass on its spring: its acceleration per base acceleration
            w = 2 * math.pi * f0
            return (2 * z * w * s + w * w) / (s * s + 2 * z * w * s + w * w)

        M, I = p["mass"], p["inertia"]
        xs, ys = p["sensor_xy"]
        h = p["sensor_h"]
        rock = force_tf(p["f_r"], p["z_r"]) / I
        lat = force_tf(p["f_l"], p["z_l"]) / M
        lat_b = base_tf(p["f_l"], p["z_l"])
        # the tray (M) on its feet or a soft surface (f_b) on what is under
        # it: a table top (its modes, m kg at the tray) or a lap's legs or a
        # seat (f_body, m_body). The chain is solved exactly: the support's
        # receptance Rt softens the feet to K / (1 + Rt K), so a table mode
        # near the feet's splits from it instead of adding to it
        wb = 2 * math.pi * p["f_b"]
        K = M * (2 * p["z_b"] * wb * s + wb * wb)
        vert_b = base_tf(p["f_b"], p["z_b"])
        if "f_body" in p:
            wy = 2 * math.pi * p["f_body"]
            Rt = 1.0 / (p["m_body"] * (s * s + 2 * p["z_body"] * wy * s + wy * wy))
            mb = M + p["m_body"]
            lat = lat + lat_b * force_tf(p["f_body"] * 0.7, p["z_body"]) / mb
            vert_b = vert_b * base_tf(p["f_body"], p["z_body"])
            lat_b = lat_b * base_tf(p["f_body"] * 0.7, p["z_body"])
        else:
            tb = p["table"]
            Rt = sum(1.0 / (tb["m"] * (s * s + 2 * z * (2 * math.pi * f0) * s + (2 * math.pi * f0) ** 2))
                     for f0, z in tb["modes"])
        vert = s * s / (M * s * s + K / (1.0 + Rt * K))
        A = np.empty((3, len(f)), dtype=complex)
        A[2] = (vert * Fk[2] + rock * (Fk[3] * ys - Fk[4] * xs)
                + force_tf(p["f_p"], p["z_p"]) * Fk[5] / p["m_p"] * p["phi_sensor"]
                + vert_b * Bk[2])
        A[0] = lat * Fk[0] + lat_b * Bk[0] - h * rock * Fk[4]
        A[1] = lat * Fk[1] + lat_b * Bk[1] + h * rock * Fk[3]
        if p["mount"] == "foam":
            A[2] *= base_tf(p["f_m"], 0.5 / p["q_m"])
            A[0] *= base_tf(p["f_ml"], 0.5 / p["q_ml"])
            A[1] *= base_tf(p["f_ml"], 0.5 / p["q_ml"])
        # gravity and carried motions, detrended so the circular transform sees no step
        ramp = Q[:, :1] + (Q[:, -1:] - Q[:, :1]) * np.linspace(0.0, 1.0, n)[None, :]
        A += np.fft.rfft(Q - ramp, axis=1)

        odr = rate * (1.0 + p["odr_err"])
        T = 1.0 / odr
        bw = odr / 9.0 if p["bits"] == 12 else odr / 2.0     # datasheet: HR ODR/9, normal ODR/2
        hs = np.sinc(f * T) * np.exp(-1j * math.pi * f * T) / (1.0 + 1j * f / bw)
        clean = np.fft.irfft(A * hs[None, :], n, axis=1) + ramp
        nd = _ND_UG * 1e-6 * G * p["nd_mult"]
        sig = nd * math.sqrt(FS / 2.0)
        gen = np.random.default_rng(srng.getrandbits(64))
        Nk = (gen.standard_normal((3, len(f))) + 1j * gen.standard_normal((3, len(f)))) \
            * math.sqrt(n / 2.0) * sig
        noise = np.fft.irfft(Nk * hs[None, :], n, axis=1)
        sigma_mg = nd * math.sqrt(float(np.sum(np.abs(hs) ** 2)) * (f[1] - f[0])) / G * 1000.0

        # the part's sample instants (its own clock), and the firmware's FIFO reads
        t0 = srng.uniform(0.0, T)
        ks = np.arange(int((end - t0) / T) + 1)
        tk = t0 + ks * T
        grid = np.arange(n) / FS
        c = np.array([np.interp(tk, grid, clean[a]) for a in range(3)]) / G * 1000.0
        z = np.array([np.interp(tk, grid, noise[a]) for a in range(3)]) / G * 1000.0
        # the sensor's gain, cross-axis, misalignment on the tray, offsets, drift
        a, b, g3 = p["misalign"]
        rot = np.array([[1.0, -g3, b], [g3, 1.0, -a], [-b, a, 1.0]])
        cr = p["cross"]
        gain = np.array([[p["sens"][0], cr[0], cr[1]], [cr[2], p["sens"][1], cr[3]],
                         [cr[4], cr[5], p["sens"][2]]])
        c = gain @ rot @ c
        c += np.array(p["offset_mg"])[:, None]
        c += np.array(p["drift_mg"])[:, None] * (tk / max(end, 1.0))[None, :]
        step = {12: 1.0, 10: 4.0}[p["bits"]] * range_g / 2.0
        half = 2 ** (p["bits"] - 1)
        lo, hi = max(-half, -range_g * 1000.0 / step), min(half - 1, range_g * 1000.0 / step - 1)
        code = np.clip(np.floor((c + z) / step), lo, hi)
        out = (code * step).astype(int)
        keep, stamps = _fifo(tk, rate, p, srng, end)
        floor = math.sqrt(sigma_mg ** 2 + step ** 2 / 12.0)
        clean_out = [c[a][keep].tolist() for a in range(3)]
        return stamps, [out[a][keep].tolist() for a in range(3)], clean_out, floor


def _fifo(tk, rate, p, srng, end):
    """The firmware's reads: at the 16-sample watermark (plus the loop's latency,
    now and then far late: the 32-sample FIFO then lost its oldest), each batch
    stamped backwards from the read's ms tick at the period it believes."""
    n = len(tk)
    believed = 1.0 / (rate * (1.0 + p["odr_err"] + p["stamp_err"])) if p["stamp_err"] else 1.0 / rate
    keep, stamps = [], []
    nxt = 0                       # oldest sample not read yet
    last = -1
    while nxt < n:
        wm = nxt + 15 if nxt + 15 < n else n - 1
        lat = srng.uniform(0.0003, 0.004)
        if srng.random() < 0.005:
            lat += srng.uniform(0.02, 0.12)
        tr_ = min(tk[wm] + lat, max(end, tk[wm]))
        newest = int(np.searchsorted(tk, tr_, side="right")) - 1
        newest = max(newest, wm)
        first = max(nxt, newest - 31)             # overflow: the oldest are overwritten
        now = int(math.floor(tr_ * 1000.0))
        for j in range(first, newest + 1):
            st = int(math.floor(now - (newest - j) * believed * 1000.0))
            st = max(st, last, 0)
            last = st
            keep.append(j)
            stamps.append(st)
        nxt = newest + 1
    return np.array(keep, dtype=int), stamps


def _soft_support(p, th, B, n, end, srng):
    """A lap or a cushion: the tray rides on a breathing body, which shifts now and then."""
    t = np.arange(n) / FS
    amp = math.radians(p["breath_deg"])
    ph = srng.uniform(0, 2 * math.pi)
    ax = srng.uniform(0, 2 * math.pi)
    br = amp * np.sin(2 * math.pi * p["breath_hz"] * t + ph)
    th[0] += br * math.cos(ax)
    th[1] += br * math.sin(ax)
    # a resting tilt within 2 degrees, reset at each shift (a person settles again)
    cur = [math.radians(srng.uniform(-1.2, 1.2)) for _ in range(2)]
    ts = srng.expovariate(1.0 / p["shift_every_s"])
    marks = [(0.0, list(cur))]
    while ts < end:
        new = [math.radians(srng.uniform(-1.2, 1.2)) for _ in range(2)]
        d = srng.uniform(0.4, 1.2)
        marks.append((ts, new, d))
        # a jolt through the support as the person moves
        dur = srng.uniform(0.2, 0.6)
        m = int(dur * FS)
        i = int(ts * FS)
        if i + m < n:
            pulse = np.sin(math.pi * np.arange(m) / m) * srng.uniform(0.1, 0.6)
            dx = srng.uniform(-1, 1)
            B[0, i:i + m] += pulse * dx * 0.6
            B[1, i:i + m] += pulse * (1 - abs(dx)) * 0.6
            B[2, i:i + m] += pulse
        ts += d + srng.expovariate(1.0 / p["shift_every_s"])
    level = np.zeros((2, n))
    level[:, :] = np.array(cur)[:, None]
    for mk in marks[1:]:
        t1, new, d = mk
        i, j = int(t1 * FS), min(n, int((t1 + d) * FS))
        if i >= n:
            break
        u = np.clip((t[i:] - t1) / d, 0.0, 1.0)
        s = u * u * (3 - 2 * u)
        prev = level[:, i].copy()
        level[:, i:] = prev[:, None] + (np.array(new) - prev)[:, None] * s[None, :]
    th += level


# ---------------------------------------------------------------- shapes

def _smooth(u):
    u = np.clip(u, 0.0, 1.0)
    return u * u * (3.0 - 2.0 * u)


def _ring(dur, modes, dv, tau):
    """Acceleration (m/s^2) of a surface given a velocity step dv, ringing in
    `modes` [(f, zeta, share)], the blow's contact tau low-passing it."""
    m = int(dur * FS)
    t = np.arange(m) / FS
    out = np.zeros(m)
    for f0, z, share in modes:
        w = 2 * math.pi * f0
        x = 2 * f0 * tau
        lp = 1.0 if x < 1e-6 else abs(math.cos(math.pi * f0 * tau) / (1.0 - x * x)) if abs(1 - x * x) > 1e-3 \
            else math.pi / 4
        out -= share * dv * w * lp * np.exp(-z * w * t) * np.sin(w * math.sqrt(1 - z * z) * t)
    return out


# ---------------------------------------------------------------- dice

def die(w, p, t, vz, vh, heading, pos, rng, centre=(0.0, 0.0), rlim=None, tumble=True):
    """One die landing at t: bounces, tumbles over its edges, rocks to rest.
    Returns (first contact, end of last contact)."""
    m, a, tau = p["die_m"], p["die_a"], p["tau"]
    if rlim is None:
        rlim = p["R"] - a / 2.0
    x, y = pos
    dx, dy = math.cos(heading), math.sin(heading)
    first = t
    last = t
    e0 = p["e"]

    def wall(x, y, dx, dy, vh, tw):
        rx, ry = x - centre[0], y - centre[1]
        r = math.hypot(rx, ry)
        if r <= rlim:
            return x, y, dx, dy, vh
        ux, uy = rx / r, ry / r
        vn = vh * (dx * ux + dy * uy)
        if vn > 0:
            jw = m * vn * (1.0 + p["e_wall"])
            w.impulse(tw, jw * ux, jw * uy, 0.0, tau * 0.8, x, y, zh=a / 2.0, plate=False)
            dn = dx * ux + dy * uy
            dx, dy = dx - 2 * dn * ux, dy - 2 * dn * uy
            vh *= 0.5 + 0.5 * p["e_wall"]
        x, y = centre[0] + ux * rlim, centre[1] + uy * rlim
        return x, y, dx, dy, vh

    while True:
        e = min(0.75, max(0.05, e0 + rng.gauss(0.0, 0.05)))
        jz = m * vz * (1.0 + e)
        jf = min(_MU * jz, 0.5 * m * vh)
        w.impulse(t, jf * dx, jf * dy, -jz, tau, x, y)
        last = t + tau
        vh -= jf / m * 0.5                      # half of the friction's loss goes to spin
        vz *= e
        if vz < 0.35:
            break
        flight = 2.0 * vz / G
        x, y = x + dx * vh * flight, y + dy * vh * flight
        x, y, dx, dy, vh = wall(x, y, dx, dy, vh, t + flight * rng.uniform(0.3, 0.7))
        t += flight
    t_roll = t
    keep = rng.uniform(*p["keep"])
    v_edge = math.sqrt(2.0 * G * a * _EDGE_DROP)
    k = 0
    while tumble and vh > 0.08 and k < 10:
        dt = min(0.2, max(0.025, a / vh * rng.uniform(0.8, 1.3)))
        t += dt
        x, y = x + dx * vh * dt, y + dy * vh * dt
        x, y, dx, dy, vh = wall(x, y, dx, dy, vh, t - dt / 2)
        vs = math.sqrt(v_edge ** 2 * rng.uniform(0.5, 1.0) + (0.3 * vh) ** 2)
        js = m * vs * (1.0 + 0.3 * e0)
        w.impulse(t, 0.2 * js * dx, 0.2 * js * dy, -js, tau, x, y)
        last = t + tau
        vh *= keep * rng.uniform(0.9, 1.1)
        k += 1
    if t > t_roll + 0.02:
        w.rough.append((t_roll, t, p["rough"] * m * G, rng.getrandbits(32)))
    # rocking to rest on its face: ever weaker, ever quicker taps
    nr = rng.randint(2, 5) if p["liner"] == "bare" else rng.randint(1, 3)
    v = rng.uniform(0.05, 0.15)
    er = rng.uniform(0.3, 0.55)
    dt = rng.uniform(0.015, 0.04)
    for _ in range(nr):
        t += dt
        w.impulse(t, 0.0, 0.0, -m * v * (1.0 + er), tau, x, y)
        last = t + tau
        v *= er
        dt *= er
    return first, last


def _spot(rng, rmax):
    r = rmax * math.sqrt(rng.random())
    a = rng.uniform(0, 2 * math.pi)
    return r * math.cos(a), r * math.sin(a)


def throw(w, p, tr, t, n, hard, rng):
    """n dice thrown by hand, from an upturned cup, or through a dice tower;
    labels (first die's first impact, last die's last contact)."""
    u = rng.random()
    style = "cup" if u < p["p_cup"] else "tower" if u < p["p_cup"] + p["p_tower"] * (1 - p["p_cup"]) \
        else "hand"
    R = p["R"]
    slow = 0.8 if p["dice_material"] == "metal" else 1.0
    spans = []
    if style == "hand":
        cx, cy = _spot(rng, 0.5 * R)
        heading = rng.uniform(0, 2 * math.pi)
        for i in range(n):
            ti = t if i == 0 else t + rng.uniform(0.0, 0.08 if hard else 0.15)
            v = (rng.uniform(2.0, 4.5) if hard else rng.uniform(0.6, 1.5)) * slow
            share = rng.uniform(0.4, 0.85)
            pos = (cx + rng.uniform(-0.03, 0.03), cy + rng.uniform(-0.03, 0.03))
            spans.append(die(w, p, ti, v * share, v * math.sqrt(1 - share * share),
                             heading + rng.gauss(0.0, 0.4), pos, rng))
    elif style == "cup":
        cx, cy = _spot(rng, 0.45 * R)
        mc = rng.uniform(0.02, 0.06)
        vc = rng.uniform(0.8, 2.0) if hard else rng.uniform(0.3, 1.0)
        # the cup's rim lands on the floor with (or just before) the dice
        tc, tau = t - rng.uniform(0.0, 0.02), rng.uniform(0.002, 0.006)
        w.impulse(tc, 0.0, 0.0, -mc * vc, tau, cx, cy)
        # and rests there, its weight on the tray until the lift takes it off
        # (until round 76 the lift took off a weight never put on)
        kc = max(1, int(tau * FS))
        wz = -mc * G * _smooth(np.arange(1, kc + 1) / kc)
        w.force(tc, wz * 0, wz * 0, wz, cx, cy, hold=True)
        for i in range(n):
            ti = t if i == 0 else t + rng.uniform(0.0, 0.03)
            vz = math.sqrt(vc * vc + 2 * G * rng.uniform(0.02, 0.06))
            spans.append(die(w, p, ti, vz, rng.uniform(0.1, 0.4), rng.uniform(0, 2 * math.pi),
                             (cx, cy), rng, centre=(cx, cy), rlim=0.035))
        # the cup is lifted off the dice later: the tray loses its weight
        lift = max(b for _, b in spans) + rng.uniform(0.6, 2.5)
        k = int(rng.uniform(0.05, 0.15) * FS)
        fz = mc * G * _smooth(np.arange(k) / k)
        fz = np.concatenate([fz, np.full(int(0.3 * FS), mc * G)])
        w.force(lift, fz * 0, fz * 0, fz, cx, cy, hold=True)
    else:
        # the tower stands on the table by the tray: baffles clack first
        ang = rng.uniform(0, 2 * math.pi)
        mx, my = 0.7 * R * math.cos(ang), 0.7 * R * math.sin(ang)
        tc = t - rng.uniform(0.15, 0.4)
        for _ in range(rng.randint(2, 4) * min(n, 3)):
            knock(w, p, tc, rng, what="baffle", j=p["die_m"] * rng.uniform(0.8, 1.5) * 1.3)
            tc += rng.uniform(0.01, 0.06)
            if tc > t - 0.01:
                break
        ti = t
        for i in range(n):
            if i:
                ti += rng.uniform(0.03, 0.2)
            vz = rng.uniform(0.5, 1.0) * (1.2 if hard else 1.0)
            spans.append(die(w, p, ti, vz, rng.uniform(0.6, 1.4), ang + math.pi + rng.gauss(0, 0.3),
                             (mx, my), rng))
    start = min(a for a, _ in spans)
    still = max(b for _, b in spans)
    tr.throws.append((start, still))
    return still


def topple(w, p, t, rng):
    """A die left leaning on another or on the wall falls over."""
    m, a = p["die_m"], p["die_a"]
    x, y = _spot(rng, 0.85 * p["R"])
    v = math.sqrt(2 * G * a * rng.uniform(0.1, 0.3))
    w.impulse(t, 0.0, 0.0, -m * v * (1 + 0.5 * p["e"]), p["tau"], x, y)
    last = t + p["tau"]
    v *= 0.4
    dt = 0.03
    for _ in range(rng.randint(1, 2)):
        last += dt
        w.impulse(last, 0.0, 0.0, -m * v * 1.4, p["tau"], x, y)
        v *= 0.4
        dt *= 0.5
    return last + p["tau"]


# ---------------------------------------------------------------- keys

def _inv_smooth(v):
    lo, hi = 0.0, 1.0
    for _ in range(30):
        mid = (lo + hi) / 2
        if mid * mid * (3 - 2 * mid) < v:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def press(w, p, tr, t, rng):
    """One key on the tray's membrane pad: the fingertip's pulp lands, the
    force rises to past the membrane's actuation (the contact closes), holds,
    falls (the contact opens below about half of it). Returns the finger's lift."""
    px, py = p["pad_xy"]
    x, y = px + rng.uniform(-0.025, 0.025), py + rng.uniform(-0.025, 0.025)
    mf, vf = rng.uniform(0.005, 0.015), rng.uniform(0.05, 0.3)
    w.impulse(t, 0.0, 0.0, -mf * vf, rng.uniform(0.008, 0.02), x, y, plate=False)
    act = p["pad_act_n"] * rng.uniform(0.9, 1.1)
    peak = act * rng.uniform(1.3, 2.5)
    up, hold, dn = rng.uniform(0.02, 0.06), rng.uniform(0.06, 0.2), rng.uniform(0.015, 0.05)
    ku, kh, kd = int(up * FS), int(hold * FS), int(dn * FS)
    fz = -np.concatenate([peak * _smooth(np.arange(ku) / ku), np.full(kh, peak),
                          peak * (1 - _smooth(np.arange(kd) / kd))])
    w.force(t, fz * 0, fz * 0, fz, x, y)
    down = t + up * _inv_smooth(act / peak)
    release = t + up + hold + dn * _inv_smooth(1.0 - 0.5 * act / peak)
    tr.keys.append((down, release))
    return t + up + hold + dn


def keys(w, p, tr, t, n, rng):
    for i in range(n):
        if i:
            t += rng.uniform(0.15, 0.6)
        t = press(w, p, tr, t, rng)
    return t


# ---------------------------------------------------------------- the table

def _table_modes(p, rng):
    tb = p["table"]
    shares = [rng.uniform(0.3, 1.0) for _ in tb["modes"]]
    tot = sum(shares)
    return [(f0, z, s / tot) for (f0, z), s in zip(tb["modes"], shares)]


def _base_ring(w, p, t, dv, tau, rng, lateral=None):
    modes = _table_modes(p, rng)
    dur = min(3.0, max(7.0 / (z * 2 * math.pi * f0) for f0, z, _ in modes))
    bz = _ring(dur, modes, dv, tau)
    lat = rng.uniform(0.1, 0.25) if lateral is None else lateral
    d = rng.uniform(0, 2 * math.pi)
    w.base.append((t, bz * lat * math.cos(d), bz * lat * math.sin(d), bz))
    return t + dur


def knock(w, p, t, rng, what=None, j=None):
    """Something strikes the table (or, for a tray on a lap or a cushion, the
    sofa) near the tray: the surface rings under the tray's feet."""
    tb = p["table"]
    if tb["kind"] in ("lap", "cushion"):
        jj = rng.uniform(0.2, 1.0) if j is None else j
        _base_ring(w, p, t, jj / tb["m"], rng.uniform(0.01, 0.03), rng, lateral=rng.uniform(0.2, 0.6))
        return t + 0.5
    if what is None:
        what = _pick_what(rng)
    jj, tau = {
        "knuckle": (rng.uniform(0.03, 0.12), rng.uniform(0.001, 0.003)),
        "pen": (rng.uniform(0.003, 0.012), rng.uniform(0.0003, 0.0008)),
        "mug": (rng.uniform(0.02, 0.1), rng.uniform(0.003, 0.01)),
        "fist": (rng.uniform(0.2, 0.8), rng.uniform(0.008, 0.02)),
        "baffle": (0.0, rng.uniform(0.0003, 0.001)),
    }[what]
    if j is not None:
        jj = j
    d = rng.uniform(0.15, 0.8) if what != "baffle" else rng.uniform(0.1, 0.2)
    dv = jj / tb["m"] / (1.0 + d / 0.3)
    _base_ring(w, p, t, dv, tau, rng)
    if what == "mug" and rng.random() < 0.5:       # its base rocks down on its other side
        _base_ring(w, p, t + rng.uniform(0.02, 0.06), dv * 0.3, tau, rng)
    return t + 0.5


def _pick_what(rng):
    u = rng.random()
    return "knuckle" if u < 0.4 else "pen" if u < 0.6 else "mug" if u < 0.85 else "fist"


# ---------------------------------------------------------------- bumps

def _hann(m):
    return np.sin(math.pi * np.arange(m) / max(m, 1))


def bump(w, p, t, rng):
    """A table bumped (hip, knee, a child), the tray slid along it to the next
    player (its silicone feet stick and slip), or the tray itself bumped (a
    cat); on a lap or a cushion the person shifts."""
    M = p["mass"]
    soft = p["support"] in ("cushion", "lap")
    u = rng.random()
    d = rng.uniform(0, 2 * math.pi)
    cx, cy = math.cos(d), math.sin(d)
    if soft or u < 0.45:
        dur = rng.uniform(0.04, 0.15) if not soft else rng.uniform(0.2, 0.6)
        amp = rng.uniform(0.3, 2.0)
        m = int(dur * FS)
        pulse = _hann(m) * amp
        fs_ = rng.uniform(4.0, 12.0) if not soft else rng.uniform(1.0, 3.0)
        zs = rng.uniform(0.03, 0.08) if not soft else rng.uniform(0.2, 0.4)
        tail = _ring(rng.uniform(1.0, 2.0), [(fs_, zs, 1.0)], amp * dur * 0.3, dur)
        lat = np.concatenate([pulse, tail])
        vert = rng.uniform(0.2, 0.4)
        w.base.append((t, lat * cx, lat * cy, lat * vert))
        if soft:
            pk = rng.uniform(0.5, 1.5)          # leans over, then settles back
            ang = _tilt_profile([(rng.uniform(0.3, 0.8), 0.0, pk), (rng.uniform(0.5, 2.0), pk, 0.0)])
            w.tilts.append((t, ang * cx, ang * cy, False))
        return t + dur + 1.0
    if u < 0.75:
        # slid across the table: a push until the feet let go, stick-slip, a stop
        slide = rng.uniform(0.4, 1.2)
        jump = (rng.uniform(0.6, 1.0) - rng.uniform(0.3, 0.5)) * G    # (static - kinetic) friction
        m = int(slide * FS)
        tt = np.arange(m) / FS
        acc = np.zeros(m)
        k0 = int(0.03 * FS)
        acc[:k0] += jump * _hann(k0)
        k1 = int(rng.uniform(0.08, 0.15) * FS)
        acc[-k1:] -= rng.uniform(0.5, 2.0) * _hann(k1)
        w.rigid.append((t, acc * cx, acc * cy, acc * 0.0))
        f_ss = rng.uniform(15, 40) if p["support"] == "feet_glass" else rng.uniform(8, 25)
        chatter = np.sign(np.sin(2 * math.pi * f_ss * tt)) * jump * rng.uniform(0.1, 0.4) * M
        chatter *= _smooth(tt / 0.05) * _smooth((slide - tt) / 0.05)
        w.force(t, chatter * cx, chatter * cy, np.abs(chatter) * 0.2, 0.0, 0.0)
        if rng.random() < 0.5:                      # dice left in it slide and knock
            _rattle(w, p, t + 0.02, rng, rng.randint(1, 4))
            _rattle(w, p, t + slide - 0.1, rng, rng.randint(1, 4))
        return t + slide + 0.5
    # the tray's wall bumped
    jw = rng.uniform(0.05, 0.3)
    R = p["R"]
    w.impulse(t, -jw * cx, -jw * cy, 0.0, rng.uniform(0.02, 0.08), R * cx, R * cy,
              zh=p["wall_h"], plate=False)
    return t + 1.0


# ---------------------------------------------------------------- tilts

def _tilt_profile(seg):
    """[(duration, from_deg, to_deg)] -> angle array (rad)."""
    parts = []
    for dur, a, b in seg:
        k = max(1, int(dur * FS))
        parts.append(math.radians(a) + math.radians(b - a) * _smooth(np.arange(k) / k))
    return np.concatenate(parts)


def _cross(t0, up, top, frac_deg=5.0):
    """When a smooth rise over `up` s from 0 to `top` degrees passes 5 degrees."""
    return t0 + up * _inv_smooth(frac_deg / top)


def _rattle(w, p, t, rng, k):
    """Dice left in the tray slide to a wall and knock (small impacts)."""
    m = p["die_m"]
    for _ in range(k):
        x, y = _spot(rng, 0.9 * p["R"])
        v = rng.uniform(0.05, 0.2)
        w.impulse(t + rng.uniform(0.0, 0.15), rng.uniform(-1, 1) * m * v, rng.uniform(-1, 1) * m * v,
                  -m * v * 0.5, p["tau"], x, y)


def pickup(w, p, tr, t, rng):
    """The tray lifted and passed by hand to the next player, set down level."""
    d = rng.uniform(0, 2 * math.pi)
    cx, cy = math.cos(d), math.sin(d)
    top = rng.uniform(8.0, 35.0)
    up = rng.uniform(0.3, 0.8)
    carry = rng.uniform(1.0, 4.0)
    down = rng.uniform(0.3, 0.8)
    lift = rng.uniform(0.3, 0.7)
    # vertical: up then braked; at the end down then braked (the hand, tray frame)
    kl = int(lift * FS)
    az_up = rng.uniform(1.0, 4.0) * np.sin(2 * math.pi * np.arange(kl) / kl)
    kc = int(carry * FS)
    tt = np.arange(kc) / FS
    trem = rng.uniform(0.05, 0.3)
    ft = rng.uniform(8.0, 12.0)
    arm = rng.uniform(0.3, 1.5)
    fa = rng.uniform(0.5, 2.0)
    env = _smooth(tt / 0.2) * _smooth((carry - tt) / 0.2)
    cx_a = env * (arm * np.sin(2 * math.pi * fa * tt) + trem * np.sin(2 * math.pi * ft * tt + 1.0))
    cy_a = env * (arm * 0.5 * np.sin(2 * math.pi * fa * 0.7 * tt + 2.0)
                  + trem * np.sin(2 * math.pi * ft * 1.1 * tt))
    cz_a = env * trem * np.sin(2 * math.pi * ft * 0.9 * tt + 0.5)
    kd = int(down * FS)
    az_dn = -rng.uniform(1.0, 3.0) * np.sin(2 * math.pi * np.arange(kd) / kd)
    az = np.concatenate([az_up, cz_a, az_dn])
    ax = np.concatenate([np.zeros(kl), cx_a, np.zeros(kd)])
    ay = np.concatenate([np.zeros(kl), cy_a, np.zeros(kd)])
    w.rigid.append((t, ax, ay, az))
    total = lift + carry + down
    hold = total - up - down * 0.9
    wob = math.radians(rng.uniform(0.5, 3.0))
    prof = _tilt_profile([(up, 0.0, top), (hold, top, top), (down * 0.9, top, 0.0)])
    tw = np.arange(len(prof)) / FS
    prof = prof + wob * np.sin(2 * math.pi * rng.uniform(0.5, 1.5) * tw) * _smooth(tw / up) \
        * _smooth((tw[-1] - tw) / (down * 0.9))
    w.tilts.append((t, prof * cx, prof * cy, False))
    land = t + total
    w.impulse(land, 0.0, 0.0, p["mass"] * rng.uniform(0.03, 0.2), rng.uniform(0.005, 0.015), 0.0, 0.0,
              plate=False)
    if rng.random() < 0.6:
        k = rng.randint(1, 5)
        _rattle(w, p, t + up * 0.6, rng, k)
        _rattle(w, p, land + 0.01, rng, k)
    tr.tilts.append((_cross(t, up, top), land))
    return land + 0.3


def tilted(w, p, tr, t, t_end, rng):
    """The tray propped up on one side (a book, a knee) and left so, then set level."""
    d = rng.uniform(0, 2 * math.pi)
    cx, cy = math.cos(d), math.sin(d)
    top = rng.uniform(6.0, 20.0)
    up, down = rng.uniform(0.3, 1.0), rng.uniform(0.3, 1.0)
    hold = max(1.0, t_end - t - up)
    prof = _tilt_profile([(up, 0.0, top), (hold, top, top), (down, top, 0.0)])
    w.tilts.append((t, prof * cx, prof * cy, False))
    R = p["R"]
    for _ in range(rng.randint(1, 3)):             # the hands handling it
        x, y = _spot(rng, R)
        w.impulse(t + rng.uniform(0.0, up), 0.0, 0.0, -rng.uniform(0.02, 0.08), rng.uniform(0.005, 0.02),
                  x, y, plate=False)
    if rng.random() < 0.4 and top > 8:              # dice in it slide to the low wall
        _rattle(w, p, t + up * 0.8, rng, rng.randint(1, 4))
    land = t + up + hold + down
    w.impulse(land, 0.0, 0.0, p["mass"] * rng.uniform(0.02, 0.1), rng.uniform(0.005, 0.015),
              -R * cx, -R * cy, plate=False)
    tr.tilts.append((_cross(t, up, top), land))
    return land + 0.3


# ---------------------------------------------------------------- hums

def phone(w, p, t, t_end, rng):
    """A phone's vibration motor (ERM, 150-240 Hz) buzzing in bursts, on the
    table beside the tray or lying in the tray (rattling on the floor)."""
    f0 = rng.uniform(150, 240)
    k = int((t_end - t) * FS)
    tt = np.arange(k) / FS
    gate = np.zeros(k)
    u = 0.0
    while u < t_end - t:
        on = rng.uniform(0.4, 1.2)
        i, j = int(u * FS), min(k, int((u + on) * FS))
        g = np.arange(j - i) / FS
        gate[i:j] = _smooth(g / rng.uniform(0.04, 0.08))
        u += on + rng.uniform(0.3, 1.5)
    ph = 2 * math.pi * f0 * np.cumsum(0.5 + 0.5 * gate) / FS
    if rng.random() < 0.3:
        F0 = rng.uniform(0.3, 1.0)
        h2, h3 = rng.uniform(0.1, 0.4), rng.uniform(0.05, 0.2)
        fv = F0 * gate * (np.sin(ph) + h2 * np.sin(2 * ph + 1.0) + h3 * np.sin(3 * ph + 2.0))
        fl = F0 * gate * np.cos(ph)
        d = rng.uniform(0, 2 * math.pi)
        x, y = _spot(rng, 0.7 * p["R"])
        w.force(t, fl * math.cos(d), fl * math.sin(d), fv, x, y)
    else:
        a0 = rng.uniform(0.03, 0.3)
        if p["support"] in ("cushion", "lap"):
            a0 *= 0.2
        bz = a0 * gate * np.sin(ph)
        d = rng.uniform(0, 2 * math.pi)
        bl = a0 * 0.5 * gate * np.cos(ph)
        w.base.append((t, bl * math.cos(d), bl * math.sin(d), bz))


def machine(w, p, t, t_end, rng):
    """A bass speaker playing on the table (tones 40-120 Hz beating, kicks on
    the beat) or an appliance's mains hum (fridge, aircon: 100/120 Hz)."""
    k = int(max(0.1, t_end - t) * FS)
    tt = np.arange(k) / FS
    soft = 0.3 if p["support"] in ("cushion", "lap") else 1.0
    if rng.random() < 0.55:
        f1 = rng.uniform(40, 120)
        f2 = f1 + rng.uniform(0.5, 4.0)
        a1 = rng.uniform(0.02, 0.3) * soft
        a2 = a1 * rng.uniform(0.3, 1.0)
        bz = a1 * np.sin(2 * math.pi * f1 * tt) + a2 * np.sin(2 * math.pi * f2 * tt + 1.0)
        beat = 60.0 / rng.uniform(80, 130)
        fk, tk = rng.uniform(45, 80), rng.uniform(0.06, 0.12)
        ka = a1 * rng.uniform(0.5, 2.0)
        u = rng.uniform(0, beat)
        m = int(4 * tk * FS)
        burst = ka * np.exp(-np.arange(m) / FS / tk) * np.sin(2 * math.pi * fk * np.arange(m) / FS)
        while u < t_end - t:
            i = int(u * FS)
            j = min(k, i + m)
            bz[i:j] += burst[:j - i]
            u += beat
    else:
        mains = rng.choice((50.0, 60.0))
        a = rng.uniform(0.01, 0.1) * soft
        wob = 1 + 0.3 * np.sin(2 * math.pi * rng.uniform(0.1, 0.5) * tt)
        bz = a * wob * (np.sin(2 * math.pi * 2 * mains * tt) + 0.3 * np.sin(2 * math.pi * mains * tt))
    bz *= _smooth(tt / 0.5) * _smooth((tt[-1] - tt) / 0.5)
    d = rng.uniform(0, 2 * math.pi)
    lat = rng.uniform(0.1, 0.4)
    w.base.append((t, bz * lat * math.cos(d), bz * lat * math.sin(d), bz))


# ---------------------------------------------------------------- picking

def pick(w, p, t, rng):
    """Fingers pick 1-5 dice out: a touch, the die slid to the wall and
    lifted (the tray loses its weight); now and then one slips back."""
    m = p["die_m"]
    for _ in range(rng.randint(1, 5)):
        x, y = _spot(rng, 0.85 * p["R"])
        w.impulse(t, 0.0, 0.0, -rng.uniform(0.005, 0.02), rng.uniform(0.01, 0.03), x, y)
        slide = rng.uniform(0.2, 0.6)
        w.rough.append((t + 0.03, t + 0.03 + slide, p["rough"] * m * G * 0.5, rng.getrandbits(32)))
        t += 0.03 + slide
        k = int(rng.uniform(0.03, 0.08) * FS)
        fz = m * G * _smooth(np.arange(k) / k)
        fz = np.concatenate([fz, np.full(int(0.2 * FS), m * G)])
        w.force(t, fz * 0, fz * 0, fz, x, y, hold=True)
        if rng.random() < 0.05:
            t += rng.uniform(0.1, 0.3)
            _, t = die(w, p, t, math.sqrt(2 * G * rng.uniform(0.005, 0.015)), rng.uniform(0.05, 0.2),
                       rng.uniform(0, 2 * math.pi), (x, y), rng, tumble=False)
        t += rng.uniform(0.3, 0.9)
    return t
