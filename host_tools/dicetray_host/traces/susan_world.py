"""The world of the "susan" trace model (round 76, written blind): a round
plywood dice tray on a lazy-susan ball bearing in the middle of the table.

Everything here is this model's own (numpy, math, random only). The tray,
its figures and their reasons are in docs/throw-detection.md, "### susan"; in short:

- the rotating top: a birch-plywood disc (9-12 mm, 30-40 cm across) with a
  bent-plywood rim, a 3 mm neoprene (mouse-pad) floor, a pod of MX key
  switches and the OLED on a ledge on the rim; the Pico + LIS3DH screwed
  under the floor beside the bearing (or in its hole), with a battery;
- a stamped-steel lazy-susan bearing (6, 9 or 12 inch) between the top and a
  smaller plywood base disc on three or four bump-on rubber feet;
- the table: a dining or kitchen table, its top's two lowest modes and a
  local bending "ring" for knocks, not quite level.

The tray is seen by the sensor through a few vibration modes (the tray
bouncing and rocking on its feet, sliding on them, the floor plate's two
lowest bending modes) and the table's modes through the feet, plus the
top's free turning on its bearing (centripetal and tangential acceleration,
the balls' rumble), gravity (the table's slope, a tilt, hands) and the part
(LIS3DH: bandwidth, noise, offset, steps, clock, the board's FIFO stamps).

Forces are laid on a fine time grid (FS) and the modes answer in the
frequency domain (exact for a linear mode, cheap with one FFT per channel).
"""
import math
import random

import numpy as np

G = 9.81
FS = 3200.0             # the fine grid (Hz): 8 samples a period at 400 Hz ODR, the plate modes resolved
_PAD_S = 1.5            # zeros after the trace so that the FFT's wrap-around rings out

# channels of generalized force (N or N m) a contact feeds
CH_V, CH_RA, CH_RB, CH_P1, CH_P2, CH_HX, CH_HY, CH_TZ, CH_T1, CH_T2, CH_T3 = range(11)
# the same rigid-body channels for blows on the floor: the floor (a plate) carries them to the
# bearing and the feet, a spring at its first mode; blows on the rim through the rim's ring
CH_FV, CH_FRA, CH_FRB, CH_FHX, CH_FHY = range(11, 16)
N_CH = 16
_VIA_FLOOR = {CH_V: CH_FV, CH_RA: CH_FRA, CH_RB: CH_FRB, CH_HX: CH_FHX, CH_HY: CH_FHY}


def _u(rng, lo, hi):
    return rng.uniform(lo, hi)


def draw_tray(rng):
    """One tray, its sensor, its table and its players' dice, from `rng` (a random.Random)."""
    p = {}
    # ---- the rotating top
    a = _u(rng, 0.15, 0.20)                      # outer radius (m): 30-40 cm trays for a table's middle
    h = rng.choice((0.009, 0.012, 0.012))        # floor ply thickness (m): 9 or 12 mm birch ply (sheet sizes)
    rho = _u(rng, 640.0, 720.0)                  # birch ply density (kg/m^3)
    e_ply = _u(rng, 8e9, 12e9)                   # mean bending modulus of birch ply across its plies (Pa)
    floor_kg = math.pi * a * a * h * rho
    rim_kg = 2 * math.pi * a * _u(rng, 0.045, 0.060) * _u(rng, 0.006, 0.010) * rho   # bent ply rim ring
    bearing = rng.choice((0.0762, 0.1143, 0.1143, 0.1524))   # 6, 9 (commonest for this size), 12 inch plates
    bearing = min(bearing, a * 0.8)
    b = bearing * 0.78                           # ball circle radius: 3/4 of the plate's half width and a bit
    extras_kg = _u(rng, 0.15, 0.35)              # top plate of the bearing, board, battery, key pod, OLED
    p["top_kg"] = floor_kg + rim_kg + extras_kg + 0.05 * a / 0.17    # + neoprene (3 mm, ~0.05 kg at 17 cm)
    base_kg = _u(rng, 0.30, 0.60)                # base disc (9-12 mm ply, 10-14 cm) + lower bearing plate
    p["mass"] = m = p["top_kg"] + base_kg
    p["a"] = a
    p["a_in"] = a - 0.012                        # inside the rim (rim 9-12 mm thick)
    p["b"] = b
    # the top turning on its bearing: a disc's inertia plus the rim's ring
    p["i_z"] = 0.5 * (floor_kg + extras_kg) * a * a * 0.8 + rim_kg * a * a
    # stamped lazy-susan bearings with grease, loaded by 1-2 kg: friction torque (N m); a flick of
    # 4 rad/s coasts about one to three turns, as such turntables do
    p["t_fric"] = _u(rng, 0.012, 0.045)
    p["t_stick"] = p["t_fric"] * _u(rng, 1.1, 1.4)
    # ---- feet: 3 or 4 polyurethane bump-ons (12.7 mm, Shore 60-80A): 0.6-1.6e5 N/m each
    n_feet = rng.choice((3, 4, 4, 4))
    k_foot = _u(rng, 0.6e5, 1.6e5)
    r_feet = _u(rng, 0.08, 0.12)
    k_v = n_feet * k_foot
    p["f_v"] = math.sqrt(k_v / m) / (2 * math.pi)                 # bounce on the feet: ~45-110 Hz
    p["z_v"] = _u(rng, 0.06, 0.15)                                  # rubber's loss, ζ
    p["h_pivot"] = _u(rng, 0.022, 0.030)                           # floor's underside above the table (m)
    i_rock = p["top_kg"] * (a * a / 4 + p["h_pivot"] ** 2) + base_kg * (0.12 ** 2 / 4)
    k_rock = k_foot * n_feet * r_feet * r_feet / 2                 # isotropic for 3+ evenly spaced feet
    p["i_rock"] = i_rock
    p["f_r"] = math.sqrt(k_rock / i_rock) / (2 * math.pi)           # rocking on the feet: ~30-90 Hz
    p["z_r"] = _u(rng, 0.06, 0.15)
    p["f_h"] = p["f_v"] * math.sqrt(_u(rng, 0.25, 0.45))            # shear of the feet: 1/4-1/2 of vertical
    p["z_h"] = _u(rng, 0.08, 0.20)
    # ---- the floor plate: an annulus held at the bearing's top plate, free at a rim-loaded edge
    d_flex = e_ply * h ** 3 / (12 * (1 - 0.3 ** 2))
    lam2 = _u(rng, 4.0, 8.0)                                        # clamped-inside/free-outside annulus
    f_p1 = lam2 / (2 * math.pi * a * a) * math.sqrt(d_flex / (rho * h))
    p["f_p1"] = min(max(f_p1, 150.0), 700.0)
    p["f_p2"] = p["f_p1"] * _u(rng, 1.2, 1.6)                        # one nodal diameter
    p["z_p"] = _u(rng, 0.02, 0.05)                                   # ply + glued neoprene: η 0.04-0.1
    p["f_rim"] = _u(rng, 500.0, 900.0)      # the rim ring and the key ledge, carrying blows on them
    p["m_p1"] = floor_kg * _u(rng, 0.18, 0.30) + rim_kg * 0.8        # modal mass, the shape 1 at the rim
    p["m_p2"] = floor_kg * _u(rng, 0.12, 0.22) + rim_kg * 0.4
    # ---- the board: under the floor, beside the bearing plate or in its hole
    if rng.random() < 0.25:
        r_s = _u(rng, 0.0, 0.03)                                    # in the bearing's hole
    else:
        r_s = min(bearing * 0.75 + _u(rng, 0.015, 0.05), a - 0.04)
    p["r_s"] = r_s
    p["h_s"] = p["h_pivot"] - _u(rng, 0.004, 0.010)                 # hangs a little under the floor
    flip = rng.random() < 0.6                                        # components down (z reads -1 g)
    yaw = rng.choice((0.0, 0.5, 1.0, 1.5)) * math.pi + rng.gauss(0.0, math.radians(4.0))
    tilt1, tilt2 = (rng.gauss(0.0, math.radians(0.8)) for _ in range(2))
    p["mount"] = _mount(yaw, flip, tilt1, tilt2)
    # ---- the key pod: MX switches on a ledge on the rim
    p["key_angle"] = _u(rng, -math.pi, math.pi)
    p["key_r"] = a + _u(rng, -0.01, 0.025)
    p["key_hold_n"] = (0.6, 1.5)
    # ---- the table
    p["slope"] = (math.radians(_u(rng, 0.05, 0.5)), _u(rng, -math.pi, math.pi))
    p["t_modes"] = [(_u(rng, 12.0, 30.0), _u(rng, 0.02, 0.05), _u(rng, 10.0, 30.0)),
                    (_u(rng, 25.0, 60.0), _u(rng, 0.02, 0.06), _u(rng, 12.0, 40.0)),
                    (_u(rng, 100.0, 250.0), _u(rng, 0.03, 0.08), _u(rng, 3.0, 8.0))]
    ang = _u(rng, -math.pi, math.pi)
    c_h = _u(rng, 0.1, 0.3)                                          # table racking: horizontal per vertical
    p["t_horiz"] = (c_h * math.cos(ang), c_h * math.sin(ang))
    # ---- the dice the players keep in the tray: (side m, mass kg)
    u = rng.random()
    if u < 0.7:
        p["die"] = (0.016, _u(rng, 4.0, 5.0) / 1000)    # 16 mm acrylic d6 (1.18 g/cm^3, rounded corners): 4-5 g
    elif u < 0.9:
        p["die"] = (0.019, _u(rng, 7.0, 8.5) / 1000)    # 19 mm
    else:
        p["die"] = (0.012, _u(rng, 1.7, 2.2) / 1000)    # 12 mm
    p["e_floor"] = _u(rng, 0.2, 0.4)              # die on 3 mm neoprene over ply: a dead landing
    p["tau_floor"] = (0.0015, 0.004)             # contact on the foam (s): a corner sinks into it
    p["e_rim"] = _u(rng, 0.35, 0.55)              # die on bare birch
    p["mu_floor"] = _u(rng, 0.5, 0.8)             # die on the neoprene's cloth top
    p["topple_p"] = _u(rng, 0.03, 0.08)
    # ---- bearing rumble: a force per rad/s of the top's speed (N, per fine sample)
    p["rumble"] = _u(rng, 0.02, 0.08)
    p["n_balls"] = rng.choice((20, 24, 28, 36))
    return p


def _mount(yaw, flip, t1, t2):
    """3x3: the sensor's axes (rows) in the tray's frame."""
    def rz(a):
        c, s = math.cos(a), math.sin(a)
        return np.array([[c, -s, 0], [s, c, 0], [0, 0, 1.0]])

    def rx(a):
        c, s = math.cos(a), math.sin(a)
        return np.array([[1.0, 0, 0], [0, c, -s], [0, s, c]])

    def ry(a):
        c, s = math.cos(a), math.sin(a)
        return np.array([[c, 0, s], [0, 1.0, 0], [-s, 0, c]])
    r_ts = rz(yaw) @ (rx(math.pi) if flip else np.eye(3)) @ rx(t1) @ ry(t2)
    return r_ts.T


def _smooth_size(n):
    """The next 2^a 3^b 5^c at or above n (pocketfft is quickest on those)."""
    best = 1 << (int(n - 1).bit_length())
    f5 = 1
    while f5 < best:
        f35 = f5
        while f35 < best:
            v = f35
            while v < n:
                v *= 2
            best = min(best, v)
            f35 *= 3
        f5 *= 5
    return best


def min_jerk(s):
    s = np.clip(s, 0.0, 1.0)
    return s * s * s * (10 - 15 * s + 6 * s * s)


class World:
    """What happens to one tray in one trace: contacts, hands, turns, table vibration.

    Events are recorded as they are drawn; render() lays them on the fine grid."""

    def __init__(self, tray):
        self.p = tray
        self.contacts = []      # (t, tau, (Jx, Jy, Jz), (px, py), hc, where): where "tray", "plate", "table"
        self.forces = []        # (t0, force samples (N, fine grid), (ux, uy, uz), (px, py), hc, where)
        self.held = []          # (t0, T, dtheta): a hand turns the top (minimum jerk)
        self.pushes = []        # (t0, T, torque N m): a hand flicks the top, then lets it coast
        self.carries = []       # (t_lift, t_down, tilt_from, tilt_to, lift_h, (dx, dy), wobble)
        self.table_vib = []     # (t0, t1, kind, params): a phone or a machine on the table

    # ---- recording
    def contact(self, t, j, pos=(0.0, 0.0), hc=0.0, tau=0.001, where="plate"):
        """A short blow of impulse j (N s, tray frame: +z up; what the tray receives), a half sine of
        tau seconds starting at t, at (px, py) on the tray, hc above the floor."""
        self.contacts.append((t, tau, j, pos, hc, where))

    def force(self, t0, samples, u, pos=(0.0, 0.0), hc=0.0, where="plate"):
        self.forces.append((t0, np.asarray(samples, dtype=float), u, pos, hc, where))

    def trapezoid(self, t0, t1, f, ramp_up, ramp_down, u, pos, where="plate"):
        """A steady force f (N) along u from t0 to t1, ramped on and off (a finger, a hand)."""
        n = max(2, int((t1 - t0) * FS))
        tt = np.arange(n) / FS
        up = np.clip(tt / max(ramp_up, 1.0 / FS), 0, 1)
        down = np.clip((t1 - t0 - tt) / max(ramp_down, 1.0 / FS), 0, 1)
        shape = np.minimum(up, down)
        shape = 0.5 - 0.5 * np.cos(math.pi * shape)
        self.force(t0, f * shape, u, pos, 0.0, where)

    # ---- rendering
    def render(self, end_s, seed_key):
        """Lay everything on the fine grid and keep the sensor's three axes as spectra (m/s^2, the
        specific force in the sensor's frame) for sensed(); returns the fine samples the trace spans.
        Deterministic from the records and seed_key (the rumble's noise)."""
        p = self.p
        n = int(math.ceil((end_s + 0.3) * FS))
        nfft = _smooth_size(n + int(_PAD_S * FS))
        ch = np.zeros((N_CH, nfft))
        for (t, tau, j, pos, hc, where) in self.contacts:
            i0, w = _half_sine(t, tau)
            self._lay(ch, i0, w, j, pos, hc, where)
        for (t0, samples, u, pos, hc, where) in self.forces:
            i0 = int(round(t0 * FS))
            self._lay(ch, i0, samples, u, pos, hc, where)
        # the rim (or the floor) carries a blow's torque to the top as a whole: through its ring
        om = 2 * math.pi * np.fft.rfftfreq(nfft, 1.0 / FS)
        torque = np.fft.irfft(np.fft.rfft(ch[CH_TZ]) * _trans(om, p["f_rim"], p["z_p"]), nfft)
        omega, alpha, theta = self._turning(torque, n, nfft)
        if np.any(omega):
            # the balls rumble on their stamped track: a random force growing with the speed, and
            # the balls' passing (half the ring's speed times the balls), on the feet's modes
            nrng = np.random.default_rng(random.Random(seed_key + "/rumble").getrandbits(63))
            speed = np.abs(omega[:n])
            noise = nrng.standard_normal((3, n))
            phase = np.cumsum(speed) / FS * p["n_balls"] / 2
            tone = np.sin(phase)
            k = p["rumble"]
            ch[CH_V, :n] += k * speed * (noise[0] + 0.7 * tone)
            ch[CH_HX, :n] += 0.5 * k * speed * noise[1]
            ch[CH_HY, :n] += 0.5 * k * speed * noise[2]
        spec = np.fft.rfft(ch[[CH_V, CH_RA, CH_RB, CH_P1, CH_P2, CH_HX, CH_HY, CH_T1, CH_T2, CH_T3,
                               CH_FV, CH_FRA, CH_FRB, CH_FHX, CH_FHY]], axis=1)
        t_rim = _trans(om, p["f_rim"], p["z_p"])
        t_floor = _trans(om, p["f_p1"], p["z_p"])
        for k in range(5):
            spec[(0, 1, 2, 5, 6)[k]] = spec[(0, 1, 2, 5, 6)[k]] * t_rim + spec[10 + k] * t_floor
        fv, fra, frb, fp1, fp2, fhx, fhy, ft1, ft2, ft3 = spec[:10]
        m = p["mass"]
        hv = _mode(om, p["f_v"], p["z_v"], m)
        hr = _mode(om, p["f_r"], p["z_r"], p["i_rock"])
        hh = _mode(om, p["f_h"], p["z_h"], m)
        r_s = p["r_s"]
        phi1, phi2 = _plate_shapes(p, r_s)
        az = hv * fv + hr * frb * r_s          # the sensor sits at (r_s, 0): rocking about x does not lift it
        az = az + phi1 * _mode(om, p["f_p1"], p["z_p"], p["m_p1"]) * fp1
        az = az + phi2 * _mode(om, p["f_p2"], p["z_p"], p["m_p2"]) * fp2
        ax = hh * fhx - p["h_s"] * hr * frb
        ay = hh * fhy - p["h_s"] * hr * fra
        # the table where the tray stands (z), through the feet
        at = sum(_mode(om, f, z, mm) * ft for (f, z, mm), ft in zip(p["t_modes"], (ft1, ft2, ft3)))
        dz, dx, dy = self._table_direct(nfft, seed_key)
        tz = np.fft.irfft(_trans(om, p["f_v"], p["z_v"]) * (at + np.fft.rfft(dz)), nfft)[:n]
        hx_, hy_ = p["t_horiz"]
        trh = _trans(om, p["f_h"], p["z_h"])
        tx = np.fft.irfft(trh * (hx_ * at + np.fft.rfft(dx)), nfft)[:n]
        ty = np.fft.irfft(trh * (hy_ * at + np.fft.rfft(dy)), nfft)[:n]
        # slow and turning parts, in the tray's frame (m/s^2, specific force)
        on_table, fx, fy, fz = self._gravity_and_hands(n)
        c, s = np.cos(theta[:n]), np.sin(theta[:n])
        bx = fx + on_table * tx
        by = fy + on_table * ty
        sx = c * bx + s * by - omega[:n] ** 2 * r_s
        sy = -s * bx + c * by + alpha[:n] * r_s
        sz = fz + on_table * tz
        mnt = p["mount"]
        slow = np.zeros((3, nfft))
        for i in range(3):
            slow[i, :n] = mnt[i, 0] * sx + mnt[i, 1] * sy + mnt[i, 2] * sz
        # the pad runs from the last value back to the first, so that the FFT's wrap has no step
        ramp = 0.5 - 0.5 * np.cos(math.pi * np.arange(nfft - n) / (nfft - n))
        for i in range(3):
            slow[i, n:] = slow[i, n - 1] + (slow[i, 0] - slow[i, n - 1]) * ramp
        slow_spec = np.fft.rfft(slow, axis=1)
        out = []
        for i in range(3):
            spec_i = slow_spec[i] + mnt[i, 0] * ax + mnt[i, 1] * ay + mnt[i, 2] * az
            out.append(spec_i)
        self._spec, self._om, self._n, self._nfft = out, om, n, nfft
        return n

    def sensed(self, bandwidth_hz):
        """The three axes (mg) on the fine grid after the part's low-pass (one pole at its bandwidth)."""
        lp = 1.0 / (1.0 + 1j * self._om / (2 * math.pi * bandwidth_hz))
        return [np.fft.irfft(s * lp, self._nfft)[:self._n] * (1000.0 / G) for s in self._spec]

    def _lay(self, ch, i0, w, j, pos, hc, where):
        """Add a force shape w (N per unit of j) starting at fine sample i0 to the channels."""
        i1 = i0 + len(w)
        if i0 < 0 or i1 > ch.shape[1]:
            return
        jx, jy, jz = j
        if where == "table":
            # a blow on the table (a knock, a phone set down): (px, py) = distance d and nothing;
            # j[2] its size; the modes' share at the knock
            d = pos[0]
            sh = (_table_share(d, 0), _table_share(d, 1), _table_share(d, 2))
            for k, c in zip((CH_T1, CH_T2, CH_T3), sh):
                ch[k, i0:i1] += (jz * c) * w
            return
        px, py = pos
        h = self.p["h_pivot"] + hc
        coef = {CH_V: jz, CH_RA: jz * py - jy * h, CH_RB: jz * px - jx * h, CH_HX: jx, CH_HY: jy,
                CH_TZ: px * jy - py * jx, CH_T1: jz, CH_T2: jz}
        if where == "plate":
            r = math.hypot(px, py)
            phi1, phi2 = _plate_shapes(self.p, r)
            coef[CH_P1] = jz * phi1
            if r > 0:
                coef[CH_P2] = jz * phi2 * px / r        # the sensor sits at angle 0: only cos matters
        via = _VIA_FLOOR if where == "plate" else {}
        for k, c in coef.items():
            if c:
                ch[via.get(k, k), i0:i1] += c * w

    def _turning(self, torque, n, nfft):
        """The top's angle, speed and acceleration on its bearing: blows' torques (free, with Coulomb
        friction), hands' flicks (then a coast) and hands' held turns (minimum jerk)."""
        p = self.p
        omega = np.zeros(nfft)
        alpha = np.zeros(nfft)
        for (t0, T, tq) in self.pushes:
            i0 = int(t0 * FS)
            k = np.arange(int(T * FS))
            if i0 + len(k) < n:
                torque[i0:i0 + len(k)] += tq * np.sin(math.pi * k / len(k))
        tz = torque[:n]
        big = np.nonzero(np.abs(tz) > p["t_stick"])[0]
        if len(big):
            i_z, tf = p["i_z"], p["t_fric"]
            dt = 1.0 / FS
            i = big[0]
            w = 0.0
            nb = 0
            tz_list = tz.tolist()
            while i < n:
                q = tz_list[i]
                if w == 0.0 and abs(q) <= p["t_stick"]:
                    # stuck: jump to the next blow big enough to move it
                    while nb < len(big) and big[nb] <= i:
                        nb += 1
                    if nb >= len(big):
                        break
                    i = int(big[nb])
                    continue
                sgn = 1.0 if (w > 0 or (w == 0 and q > 0)) else -1.0
                acc = (q - tf * sgn) / i_z
                w2 = w + acc * dt
                if w != 0.0 and (w2 > 0) != (w > 0) and abs(q) <= p["t_stick"]:
                    w2 = 0.0
                    acc = -w / dt
                omega[i] = w2
                alpha[i] = acc
                w = w2
                i += 1
        for (t0, T, dth) in self.held:
            i0 = int(t0 * FS)
            k = np.arange(int(T * FS) + 1)
            if i0 + len(k) >= n:
                continue
            s = k / (T * FS)
            omega[i0:i0 + len(k)] += dth / T * (30 * s ** 2 - 60 * s ** 3 + 30 * s ** 4)
            alpha[i0:i0 + len(k)] += dth / T ** 2 * (60 * s - 180 * s ** 2 + 120 * s ** 3)
        theta = np.cumsum(omega) / FS
        return omega, alpha, theta

    def _table_direct(self, nfft, seed_key):
        """A phone buzzing or a machine humming on the table: the table's own acceleration at the tray
        (m/s^2, z and the horizontal in the base's frame), before the feet."""
        dz = np.zeros(nfft)
        dx = np.zeros(nfft)
        dy = np.zeros(nfft)
        for (t0, t1, kind, q) in self.table_vib:
            i0, i1 = int(t0 * FS), int(t1 * FS)
            tt = np.arange(i1 - i0) / FS
            span = tt[-1] if len(tt) else 0.0
            i1 = min(i1, nfft - int(_PAD_S * FS))        # a hum going on past the trace's end
            tt = tt[:max(0, i1 - i0)]
            if len(tt) < 2:
                continue
            if kind == "phone":
                # an ERM motor: q = (f_hz, amp_mg, [(on, off)...] relative to t0)
                f, amp, bursts = q
                env = np.zeros(len(tt))
                for on, off in bursts:
                    env += np.clip(np.minimum((tt - on) / 0.03, (off - tt) / 0.05), 0, 1)
                wob = 1 + 0.05 * np.sin(2 * math.pi * 3.0 * tt)
                sig = amp * G / 1000.0 * env * np.sin(2 * math.pi * f * tt * wob)
                dz[i0:i1] += sig
                dx[i0:i1] += 0.3 * sig
            else:
                # a machine: q = (f_hz, amp_mg, harmonic share, beat hz, ramp s, horizontal share, angle)
                f, amp, h2, beat, ramp, hs, ang = q
                env = np.clip(np.minimum(tt / ramp, (span - tt) / ramp), 0, 1)
                env = env * (1 + 0.3 * np.sin(2 * math.pi * beat * tt))
                sig = amp * G / 1000.0 * env * (np.sin(2 * math.pi * f * tt) + h2 * np.sin(4 * math.pi * f * tt + 1.0))
                dz[i0:i1] += sig
                dx[i0:i1] += hs * math.cos(ang) * sig
                dy[i0:i1] += hs * math.sin(ang) * sig
        return dz, dx, dy

    def _gravity_and_hands(self, n):
        """Specific force (m/s^2) from gravity and hands in the base's frame, and where the tray stands."""
        p = self.p
        sl, sd = p["slope"]
        bx = np.full(n, sl * math.cos(sd))     # tilt about the base's x (rad) and y
        by = np.full(n, sl * math.sin(sd))
        ax = np.zeros(n)
        ay = np.zeros(n)
        az = np.zeros(n)
        on = np.ones(n)
        for c in sorted(self.carries):
            t_lift, t_down, tfrom, tto, lift_h, mv, wob = c[:7]
            lifted = len(c) < 8                 # a shove slides it on its feet: not lifted
            i0, i1 = int(t_lift * FS), int(t_down * FS)
            if i0 >= n:
                break
            i1 = min(i1, n)
            bx[i0:] += tto[0] - tfrom[0]
            by[i0:] += tto[1] - tfrom[1]
            T = t_down - t_lift
            tt = np.arange(i1 - i0) / FS
            s = tt / T
            blend = min_jerk(s)
            # back from the new rest tilt to the path: from the old tilt, blended to the new, wobbling
            (a1, f1, ph1), (a2, f2, ph2) = wob
            bell = np.sin(math.pi * s) ** 2
            bx[i0:i1] += (tto[0] - tfrom[0]) * (blend - 1) + bell * a1 * np.sin(2 * math.pi * f1 * tt + ph1)
            by[i0:i1] += (tto[1] - tfrom[1]) * (blend - 1) + bell * a2 * np.sin(2 * math.pi * f2 * tt + ph2)
            # the lift: up in the first quarter, carried, down in the last; moved (dx, dy)
            up = min_jerk(s / 0.25) - min_jerk((s - 0.75) / 0.25)
            z = lift_h * up + (0.004 * bell * np.sin(2 * math.pi * 1.7 * tt) if lifted else 0.0)
            x = mv[0] * blend
            y = mv[1] * blend
            ax[i0:i1] += _dd(x)
            ay[i0:i1] += _dd(y)
            az[i0:i1] += _dd(z)
            if lifted:
                on[i0:i1] = 0.0
        # specific force in the world (m/s^2): a + g up; then into the tilted base's frame
        fx, fy, fz = ax, ay, az + G
        cb, sb = np.cos(by), np.sin(by)
        gx = cb * fx - sb * fz
        gz = sb * fx + cb * fz
        ca, sa = np.cos(bx), np.sin(bx)
        return on, gx, ca * fy + sa * gz, -sa * fy + ca * gz


def _dd(x):
    return np.gradient(np.gradient(x, 1.0 / FS), 1.0 / FS)


def _half_sine(t, tau):
    """First fine sample and per-sample weights (1/s) of a half sine of unit area from t to t+tau."""
    i0 = int(math.floor(t * FS))
    k1 = int(math.ceil((t + tau) * FS)) + 1
    tk = np.arange(i0, k1) / FS
    w = np.where((tk >= t) & (tk <= t + tau), np.sin(math.pi * np.clip((tk - t) / tau, 0, 1)), 0.0)
    tot = w.sum()
    if tot <= 0:
        # shorter than a fine step: its area split between the two samples around its middle
        mid = (t + tau / 2) * FS
        i0 = int(math.floor(mid))
        f = mid - i0
        return i0, np.array([(1 - f) * FS, f * FS])
    return i0, w / tot * FS


def _mode(om, f, zeta, mass):
    """Acceleration per force of one mode (frequency domain)."""
    w0 = 2 * math.pi * f
    return -om * om / (mass * (w0 * w0 - om * om + 2j * zeta * w0 * om))


def _trans(om, f, zeta):
    """A base's motion through a spring-damper: the feet carrying the table's vibration up."""
    w0 = 2 * math.pi * f
    return (w0 * w0 + 2j * zeta * w0 * om) / (w0 * w0 - om * om + 2j * zeta * w0 * om)


def _plate_shapes(p, r):
    """The floor's two lowest mode shapes at radius r (1 at the rim, ~0 on the bearing plate)."""
    b, a = p["b"] * 1.2, p["a"]
    if r <= b:
        return 0.02, 0.0
    u = min((r - b) / (a - b), 1.15)
    return u * u, u * u


def _table_share(d, k):
    """A knock's share in the table's modes at d metres from the tray: the low modes broad, the
    local ring falling off within ~25 cm."""
    if k == 0:
        return max(0.4, 1.0 - 0.5 * d)
    if k == 1:
        return max(0.2, 1.0 - 0.9 * d)
    return math.exp(-d / 0.25)
