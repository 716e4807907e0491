"""bamboo: a bamboo serving tray lined with cork, on silicone bump-ons, on a coffee table.

Written blind in round 77 (its writer never read the detector, the Tray
setup or the other models' physics); docs/throw-detection.md, "### bamboo" gives every
figure's range and reason. The build: a store-bought bamboo serving tray
(inner floor 26-32 x 17-22 cm, 6-8 mm laminated bamboo floor, 3-4 cm walls)
with a 2-3 mm cork sheet glued on the floor, four self-adhesive silicone
bump-ons under it, standing on a wooden coffee table. The board sits in a
small printed box screwed under the floor near its middle (chip side up or
down, any quarter turn); the keys are a self-adhesive 1x4 membrane keypad
stuck on the top of the rim facing the players. Dice: acrylic d6 (12, 16 or
19 mm), thrown from the hand by players on the sofa or the floor.

The physics is a handful of modes of the tray driven by forces (dice
contacts, fingers, hands) and by the table's own motion (knocks, a phone,
a machine), computed on a 3200 Hz grid, passed through the LIS3DH's
low-pass and sampled on the part's own, slightly-off clock.
Uses numpy, math, random and model.Trace/RATES/RANGES_G/THROW_KINDS only.
"""
import math
import random

import numpy as np

from dicetray_host.traces.model import RANGES_G, RATES, THROW_KINDS, Trace

NAME = "bamboo"
KINDS = THROW_KINDS + ("keys", "knock", "bump", "pickup", "tilted", "phone", "machine", "pick")
SENSOR_MODES = (None, "normal")
FS = 3200.0                  # internal grid (Hz): 10x the floor's highest mode
G = 9.81
# LIS3DH (DocID 17530): steps in mg per range for 8-bit low-power, 10-bit normal, 12-bit high-res
_STEP = {"lowpower": {2: 16, 4: 32, 8: 64}, "normal": {2: 4, 4: 8, 8: 16}, "highres": {2: 1, 4: 2, 8: 4}}
_BW_DIV = {"lowpower": 2.0, "normal": 2.0, "highres": 9.0}
_NOISE_UG = {"lowpower": 440.0, "normal": 220.0, "highres": 220.0}    # ug/sqrt(Hz), see docs


# ---------------------------------------------------------------- the tray

def _tray(r):
    """Every figure of one build, drawn from its range (docs/throw-detection.md, "### bamboo")."""
    t = {}
    t["lx"] = r.uniform(0.26, 0.32)                 # inner floor (m)
    t["ly"] = r.uniform(0.17, 0.22)
    t["mass"] = r.uniform(0.55, 1.10)               # tray + cork + board box (kg)
    t["f_bounce"] = r.uniform(28.0, 55.0)           # vertical on four silicone bump-ons
    t["z_bounce"] = r.uniform(0.10, 0.22)
    t["f_rock"] = t["f_bounce"] * r.uniform(0.55, 0.8)
    t["z_rock"] = r.uniform(0.10, 0.25)
    t["f_sway"] = r.uniform(10.0, 24.0)             # bump-ons in shear
    t["z_sway"] = r.uniform(0.15, 0.30)
    t["f_plate"] = r.uniform(140.0, 300.0)          # floor's first bending mode
    t["z_plate"] = r.uniform(0.02, 0.05)
    t["m_plate"] = r.uniform(0.06, 0.14)            # its modal mass (kg)
    t["contact_ms"] = r.uniform(2.0, 5.0)           # die on cork
    t["e_floor"] = r.uniform(0.28, 0.45)
    t["e_wall"] = r.uniform(0.30, 0.50)
    size = r.choices((12, 16, 19), (0.25, 0.6, 0.15))[0]
    t["die_mm"] = size
    t["die_kg"] = {12: 0.0020, 16: 0.0046, 19: 0.0075}[size] * r.uniform(0.92, 1.08)
    t["many"] = r.randint(5, 8)
    t["sx"] = r.uniform(-0.05, 0.05)                # sensor from floor centre (m)
    t["sy"] = r.uniform(-0.04, 0.04)
    t["h_sensor"] = r.uniform(0.008, 0.02)          # sensor below the floor's mid-plane
    t["key_y"] = t["ly"] / 2 + 0.015                # keypad on the near rim
    t["key_x0"] = r.uniform(-0.06, 0.02)
    t["rate"] = r.choice(RATES)
    t["range"] = r.choice(RANGES_G)
    t["mode"] = r.choices(("normal", "highres", "lowpower"), (0.6, 0.25, 0.15))[0]
    t["noise_k"] = r.uniform(0.85, 1.3)
    t["clock"] = r.uniform(-0.03, 0.03)             # ODR off nominal
    t["batch"] = r.randint(8, 25)                   # samples per FIFO read
    t["latency_ms"] = r.uniform(0.3, 2.0)
    t["offset"] = [r.uniform(-40, 40), r.uniform(-40, 40), r.uniform(-60, 60)]
    t["sens"] = [1 + r.uniform(-0.03, 0.03) for _ in range(3)]
    t["turn"] = r.randrange(4)
    t["flip"] = r.random() < 0.6                    # chip side down in the box
    t["mount_tilt"] = (math.radians(r.uniform(-1.5, 1.5)), math.radians(r.uniform(-1.5, 1.5)))
    t["table_tilt"] = (math.radians(r.uniform(-0.6, 0.6)), math.radians(r.uniform(-0.6, 0.6)))
    t["player_v"] = r.uniform(0.8, 1.25)            # this table's players: how hard they throw
    return t


# ---------------------------------------------------------------- the world

class _World:
    def __init__(self, tray, rng, dur_s):
        self.t = tray
        self.r = rng
        self.n = int(dur_s * FS) + 1
        self.dur = dur_s
        n = self.n
        self.fz = np.zeros(n)        # vertical force on the tray (N)
        self.fp = np.zeros(n)        # the same, weighted by the floor mode's shape at its point
        self.mx = np.zeros(n)        # moments (N m) about x (from y offsets) and y
        self.my = np.zeros(n)
        self.fx = np.zeros(n)        # horizontal forces (N)
        self.fy = np.zeros(n)
        self.base = np.zeros((3, n))  # the table's own acceleration under the feet (m/s^2)
        self.tilt = np.zeros((2, n))  # the tray's tilt about x, y (rad), level = table's
        self.carry = np.zeros((3, n))  # acceleration of the tray carried in hands (m/s^2)
        self.throws, self.keys, self.topples, self.tilts = [], [], [], []
        self.resting = 0             # dice lying in the tray

    def i(self, ts):
        return max(0, min(self.n - 1, int(round(ts * FS))))

    # -- forces
    def pulse(self, ts, imp, px, py, dur_s, horiz=None):
        """A contact: a half-sine of impulse imp (N s) at floor point (px, py); horiz=(ux, uy) makes it sideways."""
        k = max(2, int(round(dur_s * FS)))
        i0 = self.i(ts)
        k = min(k, self.n - i0)
        if k <= 0:
            return
        w = np.sin(np.pi * (np.arange(k) + 0.5) / k)
        f = w * (imp / (w.sum() / FS))
        sl = slice(i0, i0 + k)
        if horiz is None:
            lx, ly = self.t["lx"], self.t["ly"]
            phi = math.cos(math.pi * max(-0.5, min(0.5, px / lx))) * math.cos(math.pi * max(-0.5, min(0.5, py / ly)))
            self.fz[sl] += f
            self.fp[sl] += f * phi
            self.mx[sl] += f * py
            self.my[sl] -= f * px
        else:
            ux, uy = horiz
            self.fx[sl] += f * ux
            self.fy[sl] += f * uy
            h = 0.015                                     # walls are hit ~1.5 cm above the floor
            self.my[sl] += f * ux * h
            self.mx[sl] -= f * uy * h

    def force_shape(self, t0, t_rise, t_hold, t_fall, force, px, py):
        """A held press: rises, holds, falls (N)."""
        i0, i1 = self.i(t0), self.i(t0 + t_rise)
        i2, i3 = self.i(t0 + t_rise + t_hold), self.i(t0 + t_rise + t_hold + t_fall)
        f = np.zeros(self.n)
        if i1 > i0:
            f[i0:i1] = force * 0.5 * (1 - np.cos(np.pi * np.arange(i1 - i0) / (i1 - i0)))
        f[i1:i2] = force
        if i3 > i2:
            f[i2:i3] = force * 0.5 * (1 + np.cos(np.pi * np.arange(i3 - i2) / (i3 - i2)))
        self.fz += f
        self.mx += f * py
        self.my -= f * px

    # -- dice
    def die(self, t0, vz, u, px, py, hard):
        """One die from its first impact to its last contact; returns the end of its last contact (s)."""
        r, t = self.r, self.t
        m, c = t["die_kg"], t["contact_ms"] / 1000.0
        ang = r.uniform(0, 2 * math.pi)
        ux, uy = math.cos(ang), math.sin(ang)
        ts, last = t0, t0
        e = t["e_floor"]
        half_x, half_y = t["lx"] / 2 - 0.01, t["ly"] / 2 - 0.01
        # bounces
        while vz > 0.35 and ts < self.dur - 0.3:
            self.pulse(ts, m * vz * (1 + e), px, py, c)
            last = ts + c
            vz *= e * r.uniform(0.85, 1.05)
            fly = 2 * vz / G
            px, py, ts = self._move(ts, fly, px, py, ux, uy, u, m, half_x, half_y)
            ux, uy = self._dir
            u *= r.uniform(0.6, 0.85)
            ts += fly
        # tumbles: the die rolls over its edges, each face landing a small clack
        size = t["die_mm"] / 1000.0
        while u > 0.08 and ts < self.dur - 0.3:
            v_land = min(0.9, u * r.uniform(0.5, 0.9))
            self.pulse(ts, m * v_land * (1 + e), px, py, c)
            if r.random() < 0.5:                      # it slides on the cork a little
                self.pulse(ts + c, m * u * 0.3, px, py, 0.02, horiz=(ux, uy))
            last = ts + c
            dt = min(0.2, max(0.03, size / u * r.uniform(0.8, 1.4)))
            px, py, ts = self._move(ts, dt, px, py, ux, uy, u, m, half_x, half_y)
            ux, uy = self._dir
            u *= r.uniform(0.45, 0.75)
            ts += dt
        # rocking down: taps closer and weaker, the last one the die dropping flat
        v = r.uniform(0.12, 0.3)
        gap = r.uniform(0.03, 0.07)
        for _ in range(r.randint(1, 4)):
            if ts > self.dur - 0.3:
                break
            self.pulse(ts, m * v * (1 + e), px, py, c)
            last = ts + c
            ts += gap
            gap *= r.uniform(0.5, 0.7)
            v *= r.uniform(0.55, 0.8)
        v_last = r.uniform(0.10, 0.22)                # the last edge falling 0.5-2.5 mm
        self.pulse(ts, m * v_last * (1 + e), px, py, c)
        return ts + c

    def _move(self, ts, dt, px, py, ux, uy, u, m, hx, hy):
        """The die flying/rolling for dt: it may hit a wall (a sideways contact on the tray)."""
        nx, ny = px + ux * u * dt, py + uy * u * dt
        if abs(nx) > hx:
            frac = (hx - abs(px)) / max(1e-6, abs(nx - px))
            self.pulse(ts + dt * max(0.0, frac), m * u * abs(ux) * (1 + self.t["e_wall"]), px, py,
                       self.t["contact_ms"] / 1000.0, horiz=(math.copysign(1, ux), 0.0))
            ux = -ux
            nx = math.copysign(hx, nx) - (abs(nx) - hx)
        if abs(ny) > hy:
            frac = (hy - abs(py)) / max(1e-6, abs(ny - py))
            self.pulse(ts + dt * max(0.0, frac), m * u * abs(uy) * (1 + self.t["e_wall"]), px, py,
                       self.t["contact_ms"] / 1000.0, horiz=(0.0, math.copysign(1, uy)))
            uy = -uy
            ny = math.copysign(hy, ny) - (abs(ny) - hy)
        self._dir = (ux, uy)
        return max(-hx, min(hx, nx)), max(-hy, min(hy, ny)), ts

    def throw(self, t0, ndice, hard):
        """A throw of ndice from the hand; labels it; returns its still (s)."""
        r, t = self.r, self.t
        pv = t["player_v"]
        stills, firsts = [], []
        for k in range(ndice):
            if hard:
                h, v0, u = r.uniform(0.10, 0.30), r.uniform(0.5, 2.0) * pv, r.uniform(1.0, 2.5) * pv
            else:
                h, v0, u = r.uniform(0.04, 0.15), r.uniform(0.0, 0.5) * pv, r.uniform(0.2, 0.9) * pv
            vz = math.sqrt(v0 * v0 + 2 * G * h)
            ti = t0 + (0.0 if k == 0 else r.uniform(0.0, 0.04 if hard else 0.08))
            px = r.uniform(-0.3, 0.3) * t["lx"]
            py = r.uniform(-0.3, 0.3) * t["ly"]
            firsts.append(ti)
            stills.append(self.die(ti, vz, u, px, py, hard))
        still = max(stills)
        self.throws.append((min(firsts), still))
        self.resting = ndice
        p_top = 0.05 if ndice < 3 else 0.15
        if r.random() < p_top:                        # a cocked die falls over
            tt = still + r.uniform(0.3, 2.5)
            if tt < self.dur - 0.5:
                px, py = r.uniform(-0.45, 0.45) * t["lx"], r.uniform(-0.45, 0.45) * t["ly"]
                c = t["contact_ms"] / 1000
                self.pulse(tt, t["die_kg"] * r.uniform(0.2, 0.4) * (1 + t["e_floor"]), px, py, c)
                self.pulse(tt + r.uniform(0.03, 0.06), t["die_kg"] * r.uniform(0.05, 0.12), px, py, c)
                self.topples.append(tt)
                still = max(still, tt + 0.1)
        return still

    # -- fingers, hands, table
    def key(self, t0, which=None):
        """A press on the membrane keypad on the rim; labels (contact closes, opens); returns the lift (s)."""
        r, t = self.r, self.t
        which = r.randrange(4) if which is None else which
        px, py = t["key_x0"] + 0.02 * which, t["key_y"]
        self.pulse(t0, r.uniform(0.01, 0.03) * r.uniform(0.1, 0.4), px, py, r.uniform(0.004, 0.01))
        rise, hold, fall = r.uniform(0.01, 0.025), r.uniform(0.05, 0.2), r.uniform(0.01, 0.03)
        force = r.uniform(2.0, 5.0)
        self.force_shape(t0, rise, hold, fall, force, px, py)
        act, rel = r.uniform(0.8, 1.5), r.uniform(0.4, 0.8)
        close = t0 + rise * math.acos(1 - 2 * act / force) / math.pi
        opn = t0 + rise + hold + fall * math.acos(2 * rel / force - 1) / math.pi
        self.keys.append((close, opn))
        return t0 + rise + hold + fall

    def key_run(self, t0, n):
        ts = t0
        for _ in range(n):
            ts = self.key(ts) + self.r.uniform(0.12, 0.6)
        return ts

    def table_ring(self, t0, amp, f, tau, axis_mix=(0.15, 0.15, 1.0)):
        """The table top ringing under the feet (a knock): m/s^2 at the tray."""
        i0 = self.i(t0)
        k = self.n - i0
        tt = np.arange(k) / FS
        a = amp * np.exp(-tt / tau) * np.sin(2 * np.pi * f * tt) * np.minimum(1.0, tt / 0.002)
        for ax in range(3):
            self.base[ax, i0:] += a * axis_mix[ax]

    def hand_on_floor(self, t0, dur, force, px, py):
        r = self.r
        self.pulse(t0, r.uniform(0.002, 0.008), px, py, 0.012)      # a fingertip: soft, slow
        self.force_shape(t0, 0.05, max(0.0, dur - 0.1), 0.05, force, px, py)
        i0, i1 = self.i(t0), self.i(t0 + dur)
        if i1 > i0:                                   # fingertips scraping a die over the cork
            s = np.array([r.gauss(0, 1) for _ in range((i1 - i0) // 8 + 2)])
            s = np.repeat(s, 8)[:i1 - i0] * r.uniform(0.02, 0.08)
            self.fx[i0:i1] += s
            self.fy[i0:i1] += s[::-1]

    def rattle(self, t0, span, n):
        """Resting dice shifting when the tray moves: small clacks (not a throw)."""
        r, t = self.r, self.t
        for _ in range(n):
            self.pulse(t0 + r.uniform(0, span), t["die_kg"] * r.uniform(0.05, 0.25) * 1.3,
                       r.uniform(-0.4, 0.4) * t["lx"], r.uniform(-0.4, 0.4) * t["ly"], t["contact_ms"] / 1000)

    def lift(self, t0, carry_s, tilt_end):
        """Lifted in both hands, carried, set down at tilt_end (rad about x, y); returns set-down time."""
        r = self.r
        i0, i1 = self.i(t0), self.i(t0 + carry_s)
        k = i1 - i0
        tt = np.arange(k) / FS
        up = r.uniform(0.05, 0.25)
        lift_s = r.uniform(0.25, 0.5)
        az = np.zeros(k)
        # lift: a smooth up-and-stop, set down: the same mirrored
        for start, sgn in ((0.0, 1.0), (carry_s - lift_s, -1.0)):
            m = (tt >= start) & (tt < start + lift_s)
            ph = (tt[m] - start) / lift_s
            az[m] += sgn * up / lift_s * 2 * np.pi * np.sin(2 * np.pi * ph) * 0.5
        trem_f = r.uniform(7.0, 11.0)
        env = np.minimum(1.0, np.minimum(tt, carry_s - tt) / 0.3)
        sway_f = r.uniform(0.5, 1.5)
        for ax in range(3):
            ph1, ph2 = r.uniform(0, 6.3), r.uniform(0, 6.3)
            self.carry[ax, i0:i1] += env * (r.uniform(0.05, 0.2) * np.sin(2 * np.pi * trem_f * tt + ph1)
                                             + r.uniform(0.2, 0.8) * np.sin(2 * np.pi * sway_f * tt + ph2))
        self.carry[2, i0:i1] += az
        t_peak = (r.uniform(-0.25, 0.25), r.uniform(-0.25, 0.25))     # up to ~14 deg in hands
        for ax in range(2):
            start = self.tilt[ax, i0 - 1] if i0 > 0 else 0.0
            prof = start + (t_peak[ax] - start) * np.sin(np.pi * np.minimum(1, tt / (carry_s * 0.5)) / 2)
            m = tt > carry_s * 0.5
            frac = (tt[m] - carry_s * 0.5) / (carry_s * 0.5)
            prof[m] = t_peak[ax] + (tilt_end[ax] - t_peak[ax]) * np.sin(np.pi * np.minimum(1, frac * 1.15) / 2)
            self.tilt[ax, i0:i1] = prof
            self.tilt[ax, i1:] = tilt_end[ax]
        down = t0 + carry_s
        self.pulse(down, self.t["mass"] * r.uniform(0.03, 0.12), r.uniform(-0.1, 0.1), r.uniform(-0.08, 0.08), 0.01)
        if self.resting:
            self.rattle(t0, carry_s + 0.1, r.randint(2, 8))
        return down


# ---------------------------------------------------------------- the reading

def _modal(u, f, z):
    """Displacement and velocity of a unit-mass mode (f Hz, damping z) driven by u (per unit mass)."""
    n = len(u)
    w = 2 * np.pi * f
    wd = w * math.sqrt(1 - z * z)
    tt = np.arange(n) / FS
    env = np.exp(-z * w * tt)
    g = env * np.sin(wd * tt) / wd
    gv = env * (np.cos(wd * tt) - z * w / wd * np.sin(wd * tt))
    return _conv(u, g) / FS, _conv(u, gv) / FS


def _conv(a, b):
    n = len(a)
    m = 1 << (2 * n - 1).bit_length()
    return np.fft.irfft(np.fft.rfft(a, m) * np.fft.rfft(b, m), m)[:n]


def _force_acc(u, f, z):
    x, v = _modal(u, f, z)
    w = 2 * np.pi * f
    return u - w * w * x - 2 * z * w * v


def _base_acc(a, f, z):
    x, v = _modal(a, f, z)
    w = 2 * np.pi * f
    return w * w * x + 2 * z * w * v


def _lowpass(a, fc):
    """The part's digital low-pass, taken as a causal two-pole (Butterworth) at fc, unit DC gain."""
    w = 2 * np.pi * fc
    z = 1 / math.sqrt(2)
    wd = w * math.sqrt(1 - z * z)
    tt = np.arange(len(a)) / FS
    h = w * w / wd * np.exp(-z * w * tt) * np.sin(wd * tt)
    h /= h.sum()
    return _conv(a - a[0], h) + a[0]


def _reading(world, tray, rate, rng_g, mode, nrng):
    t = tray
    M = t["mass"]
    acc = np.zeros((3, world.n))
    acc[2] += _force_acc(world.fz / M, t["f_bounce"], t["z_bounce"])
    acc[2] += _force_acc(world.fp / t["m_plate"], t["f_plate"], t["z_plate"]) * 0.8
    ix = M * t["ly"] ** 2 / 12.0
    iy = M * t["lx"] ** 2 / 12.0
    thx = _force_acc(world.mx / ix, t["f_rock"], t["z_rock"])
    thy = _force_acc(world.my / iy, t["f_rock"] * 1.1, t["z_rock"])
    acc[2] += thx * t["sy"] - thy * t["sx"]
    acc[1] -= thx * t["h_sensor"]
    acc[0] += thy * t["h_sensor"]
    acc[0] += _force_acc(world.fx / M, t["f_sway"], t["z_sway"])
    acc[1] += _force_acc(world.fy / M, t["f_sway"] * 1.08, t["z_sway"])
    for ax, (f, z) in enumerate(((t["f_sway"], t["z_sway"]), (t["f_sway"] * 1.08, t["z_sway"]),
                                 (t["f_bounce"], t["z_bounce"]))):
        if world.base[ax].any():
            acc[ax] += _base_acc(world.base[ax], f, z)
    acc += world.carry
    # gravity in the tray's frame, tilted by the table and by how the tray rests
    ax_t = world.tilt[0] + t["table_tilt"][0]
    ay_t = world.tilt[1] + t["table_tilt"][1]
    gx = -G * np.sin(ay_t)
    gy = G * np.sin(ax_t) * np.cos(ay_t)
    gz = G * np.cos(ax_t) * np.cos(ay_t)
    tray = np.vstack((acc[0] + gx, acc[1] + gy, acc[2] + gz)) * (1000.0 / G)     # mg, proper acceleration
    # the board in its box: a small mount tilt, a quarter turn, chip up or down
    a1, a2 = t["mount_tilt"]
    x, y, z = tray
    y, z = y * math.cos(a1) - z * math.sin(a1), y * math.sin(a1) + z * math.cos(a1)
    x, z = x * math.cos(a2) + z * math.sin(a2), -x * math.sin(a2) + z * math.cos(a2)
    for _ in range(t["turn"]):
        x, y = y, -x
    if t["flip"]:
        y, z = -y, -z
    sig = []
    fc = rate / _BW_DIV[mode]
    for k, s in enumerate((x, y, z)):
        sig.append(_lowpass(s, fc) * t["sens"][k] + t["offset"][k])
    # the part's clock: sample times; the board's stamps from batched FIFO reads
    period = 1.0 / (rate * (1 + t["clock"]))
    ns = int((world.dur - 0.002) / period)
    ts = np.arange(ns) * period
    grid = np.arange(world.n) / FS
    clean = [np.interp(ts, grid, s) for s in sig]
    step = _STEP[mode][rng_g]
    sigma = _NOISE_UG[mode] * 1e-3 * math.sqrt(1.57 * fc) * t["noise_k"] * (1.0, 1.1, 1.25)[RANGES_G.index(rng_g)]
    fsr = rng_g * 1000
    out = []
    for s in clean:
        noisy = s + np.array([nrng.gauss(0.0, sigma) for _ in range(ns)])
        q = np.round(noisy / step) * step
        out.append(np.clip(q, -fsr, fsr - step).astype(int).tolist())
    stamps = []
    nominal_ms = 1000.0 / rate
    prev = -1
    b = t["batch"]
    for i0 in range(0, ns, b):
        i1 = min(ns, i0 + b)
        read = ts[i1 - 1] * 1000.0 + t["latency_ms"] + nrng.uniform(0.0, 1.0)
        for i in range(i0, i1):
            st = max(prev + 1, int(read - (i1 - 1 - i) * nominal_ms))
            st = max(st, 0)
            stamps.append(st)
            prev = st
    floor = math.sqrt(sigma * sigma + step * step / 12.0)
    # the oracle's reading is the part's before noise and rounding: clipped at full scale as the part is
    return stamps, out, [np.clip(c, -fsr, fsr - step).tolist() for c in clean], floor


# ---------------------------------------------------------------- the kinds

def _plan(w, kind, r):
    """Puts the happenings of one kind into the world (times in s)."""
    t = w.t
    ts = r.uniform(0.8, 2.5)
    if kind.startswith("throw"):
        n = {"1": 1, "2": 2, "6": t["many"]}[kind[5]]
        hard = kind.endswith("hard")
        turns = r.choices((1, 2, 3), (0.55, 0.35, 0.10))[0]
        for k in range(turns):
            still = w.throw(ts, n, hard)
            ts = still + r.uniform(0.4, 1.2)
            if r.random() < 0.85:                    # the faces keyed on the pad
                ts = w.key_run(ts, r.randint(1, min(8, 2 + n))) + r.uniform(0.2, 0.8)
            if k < turns - 1:
                if n > 1 and r.random() < 0.6:       # some dice picked out, the rest re-thrown
                    out = r.randint(1, n - 1)
                    for _ in range(out):
                        w.hand_on_floor(ts, r.uniform(0.3, 0.7), r.uniform(0.5, 2.0),
                                        r.uniform(-0.35, 0.35) * t["lx"], r.uniform(-0.35, 0.35) * t["ly"])
                        ts += r.uniform(0.5, 1.0)
                    n -= out
                # the dice scooped up for the re-throw
                w.hand_on_floor(ts, r.uniform(0.4, 0.9), r.uniform(1.0, 3.0), 0.0, 0.0)
                ts += r.uniform(1.2, 2.5)
    elif kind == "keys":
        for _ in range(r.randint(1, 3)):
            ts = w.key_run(ts, r.randint(2, 8)) + r.uniform(0.5, 1.5)
    elif kind == "knock":
        for _ in range(r.randint(1, 3)):
            for _ in range(r.randint(1, 4)):
                w.table_ring(ts, r.uniform(0.5, 4.0), r.uniform(40, 120), r.uniform(0.01, 0.04))
                ts += r.uniform(0.12, 0.4)
            ts += r.uniform(0.6, 2.0)
    elif kind == "bump":
        w.resting = r.choice((0, 0, 2, 5))
        for _ in range(r.randint(1, 3)):
            ang = r.uniform(0, 2 * math.pi)
            imp = r.uniform(0.05, 0.3)                # the tray moved at 0.06-0.5 m/s
            w.pulse(ts, imp, 0, 0, r.uniform(0.03, 0.12), horiz=(math.cos(ang), math.sin(ang)))
            w.pulse(ts, imp * r.uniform(0.05, 0.3), r.uniform(-0.5, 0.5) * t["lx"], t["ly"] / 2, 0.05)
            if w.resting:
                w.rattle(ts, 0.3, r.randint(1, 5))
            ts += r.uniform(0.8, 2.5)
    elif kind in ("pickup", "tilted"):
        w.resting = r.choice((0, 0, 1, 3))
        carry = r.uniform(1.0, 4.0)
        if kind == "pickup":
            ts = w.lift(ts, carry, (0.0, 0.0)) + r.uniform(1.0, 3.0)
        else:
            deg = r.uniform(3.0, 12.0)
            ang = r.uniform(0, 2 * math.pi)
            end = (math.radians(deg) * math.cos(ang), math.radians(deg) * math.sin(ang))
            down = w.lift(ts, carry, end)
            ts = down + r.uniform(1.5, 4.0)
            if r.random() < 0.4:                      # levelled later
                w.tilts.append((down, ts))
                ts = w.lift(ts, r.uniform(1.0, 2.5), (0.0, 0.0)) + r.uniform(1.0, 2.5)
            else:
                w.tilts.append((down, None))
    elif kind == "phone":
        f = r.uniform(150.0, 235.0)
        amp = r.uniform(0.2, 1.5)
        for _ in range(r.randint(2, 6)):
            on = r.uniform(0.4, 1.2)
            i0, i1 = w.i(ts), w.i(ts + on)
            tt = np.arange(i1 - i0) / FS
            env = np.minimum(1.0, np.minimum(tt, on - tt) / 0.03)
            w.base[2, i0:i1] += amp * env * np.sin(2 * np.pi * f * tt)
            w.base[0, i0:i1] += 0.4 * amp * env * np.sin(2 * np.pi * f * tt + 1.0)
            ts += on + r.uniform(0.3, 1.0)
        ts += r.uniform(0.5, 1.5)
    elif kind == "machine":
        f = r.choice((r.uniform(10.0, 20.0), r.uniform(24.0, 30.0), 50.0, 100.0))
        amp = r.uniform(0.02, 0.15)
        tt = np.arange(w.n) / FS
        env = 1 + 0.3 * np.sin(2 * np.pi * r.uniform(0.1, 0.5) * tt)
        for ax, k in enumerate((0.5, 0.5, 1.0)):
            ph = r.uniform(0, 6.3)
            w.base[ax] += amp * k * env * (np.sin(2 * np.pi * f * tt + ph) + 0.3 * np.sin(4 * np.pi * f * tt + 2 * ph))
        if r.random() < 0.5:
            ts = w.throw(ts + 1.0, r.choice((1, 2, t["many"])), r.random() < 0.5) + 1.0
        ts += 4.0
    elif kind == "pick":
        w.resting = r.randint(1, 6)
        for _ in range(r.randint(1, w.resting)):
            w.hand_on_floor(ts, r.uniform(0.3, 0.8), r.uniform(0.5, 2.5),
                            r.uniform(-0.4, 0.4) * t["lx"], r.uniform(-0.4, 0.4) * t["ly"])
            ts += r.uniform(0.6, 1.5)
    elif kind == "calibration":
        ts = r.uniform(3.8, 4.4)
        gap = r.uniform(0.4, 2.5)
        for k in range(2):
            w.table_ring(ts + k * gap, r.uniform(0.8, 3.0), r.uniform(40, 120), r.uniform(0.01, 0.04))
        ts += gap + r.uniform(1.0, 2.0)
        for k in range(4):
            w.key(ts)
            ts += r.uniform(0.85, 1.2)
        ts += r.uniform(0.5, 1.5)
        for n in (1, 2, t["many"]):
            ts = w.throw(ts, n, r.random() < 0.3) + r.uniform(1.5, 2.5)
    return ts


def _span(kind, r, tray):
    """A generous duration for the world (s); the trace is cut to what happened."""
    return 40.0 if kind in THROW_KINDS or kind == "calibration" else 24.0


def generate(kind, seed, rate_hz=None, range_g=None, tray_seed=None, oracle=False, sensor_mode=None):
    if kind not in KINDS and kind != "calibration":
        raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    if sensor_mode not in SENSOR_MODES:
        raise ValueError("unknown sensor mode %r (known: None, 'normal')" % (sensor_mode,))
    r = random.Random("bamboo/%s/%d" % (kind, seed))
    tr_rng = r if tray_seed is None else random.Random("bamboo/tray/%d" % tray_seed)
    tray = _tray(tr_rng)
    rate = rate_hz or tray["rate"]
    rng_g = range_g or tray["range"]
    mode = "normal" if sensor_mode == "normal" else tray["mode"]
    # plan once on a long world, then rebuild it at the length the plan needs
    probe = random.Random("bamboo/%s/%d/plan" % (kind, seed))
    state = probe.getstate()
    w = _World(tray, probe, _span(kind, r, tray))
    end = _plan(w, kind, probe)
    dur = max(6.0, end + 0.5)
    probe.setstate(state)
    w = _World(tray, probe, dur + 0.3)
    _plan(w, kind, probe)
    nrng = random.Random("bamboo/%s/%d/noise" % (kind, seed))
    stamps, out, clean, floor = _reading(w, tray, rate, rng_g, mode, nrng)
    tr = Trace(kind, seed, rate, rng_g)
    tr.model = NAME
    tr.t_ms = stamps
    tr.x, tr.y, tr.z = out
    tr.throws = list(w.throws)
    tr.keys = list(w.keys)
    tr.topples = list(w.topples)
    tr.tilts = list(w.tilts)
    tr.labels_to_ms()
    tr.duration_ms = stamps[-1]
    if oracle:
        tr.clean = [clean[0], clean[1], clean[2], floor]
    return tr
