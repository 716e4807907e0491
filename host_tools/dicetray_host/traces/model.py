"""Labelled accelerometer traces of a dice tray, generated from a physical model.

The tray (0.4..0.9 kg, felt floor) stands on rubber feet on a table. The
LIS3DH sits flat under the floor. What the sensor reads is the sum of:

- gravity, rotated by the tray's static tilt and by anything that tilts it
  (a hand on the rim, lifting, a book under one side);
- slow linear acceleration of the tray itself (lifting, carrying);
- rings: every impact makes the floor ring in two modes, the floor plate
  (80..200 Hz, decays in 10..30 ms: a wooden plate damped by its felt,
  2..6 % of critical) and the tray rocking on its feet
  (20..50 Hz, decays in 15..40 ms). A die on felt (contact about 1.5 ms)
  excites both; a soft finger or a table bump only the low one;
- rumble: dice rolling and sliding on felt, broadband and small;
- steady sines: a phone buzzing, a washing machine, hand tremor;
- the LIS3DH itself: its bandwidth of ODR/2, a noise density of
  220 ug/sqrt(Hz) (datasheet, normal mode), zero-g offsets of a few
  tens of mg, 12-bit high-resolution output (1/2/4 mg per digit at
  +-2/4/8 g) clipped at the full scale, and a sample clock a few percent off.

Dice: each die hits the floor at 1.0..1.8 m/s (soft) or 2.0..3.5 m/s (hard),
bounces with a restitution of 0.15..0.4 (felt), then rolls: it tumbles over
its edges with face slaps that weaken and come further apart, and stops with
a last slap, sometimes a short rock. A die is still after its last contact.
Labels: a throw starts at its first impact and ends when the last die is
still; the tray rests tilted between coming to rest tilted and being moved.

Everything is deterministic from the seed.
"""
import math
import random

from dicetray_host.traces import sensor_modes as sm

RATES = (100, 200, 400)
RANGES_G = (2, 4, 8)
THROW_KINDS = ("throw1_soft", "throw1_hard", "throw2_soft", "throw2_hard",
               "throw6_soft", "throw6_hard")
OTHER_KINDS = ("bump", "hand_rim", "lift", "tilted", "phone", "washer", "keys", "pick")
KINDS = THROW_KINDS + OTHER_KINDS

_G = 9.81
_NOISE_UG_PER_RTHZ = 220.0
_IMPACT_MG_PER_MS = 400.0     # floor ring per m/s of a 5 g die on a 0.6 kg tray
# The tray on its feet takes the die's momentum: a 5 g die at v m/s with
# restitution ~0.25 gives a 0.6 kg tray dv = 0.0104 v m/s; a ring started by
# a velocity step has an acceleration amplitude of dv * 2 pi f, in mg:
_FEET_MG_PER_MS_HZ = 1000.0 / _G * 0.005 * 1.25 / 0.6 * 2.0 * math.pi
_LEVEL_TILT_MAX_DEG = 2.0
_STILL_AFTER_CONTACT_S = 0.004


class Trace:
    """One generated trace: samples plus the truth about it."""

    def __init__(self, kind, seed, rate_hz, range_g):
        self.kind = kind
        self.seed = seed
        self.rate_hz = rate_hz
        self.range_g = range_g
        self.t_ms = []
        self.x = []
        self.y = []
        self.z = []
        self.throws = []        # [(start_ms, settled_ms)]
        self.tilts = []         # [(start_ms, end_ms)]
        self.keys = []          # [(down_ms, up_ms)] presses on the tray's own pad
        self.topples = []       # [ms] a die falls over after the dice were still
        self.model = "felt"
        self.duration_ms = 0
        self.clean = None       # the bench's oracle, when asked: see traces/heard.py

    def rows(self):
        return zip(self.t_ms, self.x, self.y, self.z)

    def labels_to_ms(self):
        """The labels drawn in seconds, as integer ms (an open tilt end stays None)."""
        ms = lambda v: None if v is None else int(round(v * 1000.0))      # noqa: E731
        self.throws = [(ms(a), ms(b)) for a, b in self.throws]
        self.tilts = [(ms(a), ms(b)) for a, b in self.tilts]
        self.keys = [(ms(a), ms(b)) for a, b in self.keys]
        self.topples = [ms(a) for a in self.topples]

    def csv_text(self):
        lines = ["t_ms,x_mg,y_mg,z_mg"]
        for t, x, y, z in self.rows():
            lines.append("%d,%d,%d,%d" % (t, x, y, z))
        return "\n".join(lines) + "\n"

    def labels(self):
        return {
            "model": self.model, "kind": self.kind, "seed": self.seed, "rate_hz": self.rate_hz,
            "range_g": self.range_g, "duration_ms": self.duration_ms,
            "throws": [{"start_ms": s, "settled_ms": e} for s, e in self.throws],
            "tilt": [{"start_ms": s, "end_ms": e} for s, e in self.tilts],
            "keys": [{"down_ms": d, "up_ms": u} for d, u in self.keys],
            "topples": list(self.topples),
        }


# ---------------------------------------------------------------- sources

class _Ring:
    """Damped sines of both tray modes after one impact (already band-limited)."""
    __slots__ = ("t0", "t1", "parts")

    def __init__(self, t0, parts):
        self.t0 = t0
        self.parts = parts          # [(amp_mg, (dx,dy,dz), omega, tau, phase)]
        self.t1 = t0 + 7.0 * max(p[3] for p in parts)

    def add(self, t, acc):
        dt = t - self.t0
        for amp, d, omega, tau, phase in self.parts:
            v = amp * math.exp(-dt / tau) * math.sin(omega * dt + phase)
            acc[0] += v * d[0]
            acc[1] += v * d[1]
            acc[2] += v * d[2]


class _Pulse:
    """A smooth (raised-cosine) push, e.g. a finger pressing a key."""
    __slots__ = ("t0", "t1", "amp", "d")

    def __init__(self, t0, width, amp, d):
        self.t0, self.t1, self.amp, self.d = t0, t0 + width, amp, d

    def add(self, t, acc):
        v = self.amp * 0.5 * (1.0 - math.cos(2.0 * math.pi * (t - self.t0) / (self.t1 - self.t0)))
        acc[0] += v * self.d[0]
        acc[1] += v * self.d[1]
        acc[2] += v * self.d[2]


class _Sine:
    """Steady vibration with soft on/off ramps."""
    __slots__ = ("t0", "t1", "amp", "omega", "d", "ramp", "phase", "wobble")

    def __init__(self, t0, t1, amp, freq, d, ramp, phase, wobble=0.0):
        self.t0, self.t1, self.amp, self.d, self.ramp = t0, t1, amp, d, ramp
        self.omega = 2.0 * math.pi * freq
        self.phase = phase
        self.wobble = wobble

    def add(self, t, acc):
        k = min(1.0, (t - self.t0) / self.ramp, (self.t1 - t) / self.ramp)
        if k <= 0.0:
            return
        a = self.amp * k * (1.0 + self.wobble * math.sin(1.7 * t))
        v = a * math.sin(self.omega * (t - self.t0) + self.phase)
        acc[0] += v * self.d[0]
        acc[1] += v * self.d[1]
        acc[2] += v * self.d[2]


class _Rumble:
    """Dice rolling on felt: broadband noise whose level fades from a0 to a1."""
    __slots__ = ("t0", "t1", "a0", "a1", "rng")

    def __init__(self, t0, t1, a0, a1, rng):
        self.t0, self.t1, self.a0, self.a1, self.rng = t0, t1, a0, a1, rng

    def add(self, t, acc):
        f = (t - self.t0) / (self.t1 - self.t0)
        a = self.a0 + (self.a1 - self.a0) * f
        g = self.rng.gauss
        acc[0] += a * 0.5 * g(0.0, 1.0)
        acc[1] += a * 0.5 * g(0.0, 1.0)
        acc[2] += a * g(0.0, 1.0)


class _Model:
    """Collects sources and tilt key frames, then samples them like a LIS3DH."""

    def __init__(self, rng, rate_hz, range_g, sensor_mode=None):
        self.rng = rng
        self.sensor_mode = sensor_mode          # round 38 (traces/sensor_modes.py); None: as always
        self.rate_hz = rate_hz
        self.range_g = range_g
        self.sources = []
        self.fc = rate_hz / 2.0                 # LIS3DH bandwidth is ODR/2
        self.mass_factor = 0.6 / rng.uniform(0.4, 0.9)
        self.f_plate = rng.uniform(80.0, 200.0)
        self.tau_plate = rng.uniform(0.010, 0.030)
        self.f_feet = rng.uniform(20.0, 50.0)
        self.tau_feet = rng.uniform(0.015, 0.040)
        self.feet_share = rng.uniform(0.6, 1.0)     # sensor off the rocking modes' antinodes
        # tilt key frames (t, roll_deg, pitch_deg); eased between frames
        base_r = rng.uniform(-1.0, 1.0) * _LEVEL_TILT_MAX_DEG / 1.5
        base_p = rng.uniform(-1.0, 1.0) * _LEVEL_TILT_MAX_DEG / 1.5
        self.base = (base_r, base_p)
        self.frames = [(0.0, base_r, base_p)]
        self.motion = []                          # slow linear accelerations (_Pulse)

    def gain(self, freq):
        """LIS3DH low-pass at ODR/2, approximated as 2nd order."""
        r = freq / self.fc
        return 1.0 / math.sqrt(1.0 + r ** 4)

    def impact(self, t, v, d, soft=False, mass=1.0):
        """An impact of velocity v (m/s) in direction d; soft = long contact (finger, table)."""
        amp = _IMPACT_MG_PER_MS * v * self.mass_factor * mass
        ph = self.rng.uniform(0.0, 2.0 * math.pi)
        parts = []
        if not soft:
            parts.append((amp * self.gain(self.f_plate), d, 2 * math.pi * self.f_plate,
                          self.tau_plate, ph))
        feet = _FEET_MG_PER_MS_HZ * self.f_feet * v * self.mass_factor * mass * self.feet_share
        parts.append((feet * self.gain(self.f_feet), d,
                      2 * math.pi * self.f_feet, self.tau_feet, ph * 0.5))
        self.sources.append(_Ring(t, parts))

    def ring_mg(self, t, amp, freq, tau, d):
        """A ring given directly in mg (table bump, key snap)."""
        ph = self.rng.uniform(0.0, 2.0 * math.pi)
        self.sources.append(_Ring(t, [(amp * self.gain(freq), d, 2 * math.pi * freq, tau, ph)]))

    def tilt_to(self, t0, t1, roll, pitch):
        if t0 > self.frames[-1][0]:
            self.frames.append((t0, self.frames[-1][1], self.frames[-1][2]))
        self.frames.append((t1, roll, pitch))

    def tilt_at(self, t):
        fr = self.frames
        if t >= fr[-1][0]:
            return fr[-1][1], fr[-1][2]
        for i in range(len(fr) - 1):
            a, b = fr[i], fr[i + 1]
            if a[0] <= t < b[0]:
                u = (t - a[0]) / (b[0] - a[0])
                u = u * u * (3.0 - 2.0 * u)
                return a[1] + (b[1] - a[1]) * u, a[2] + (b[2] - a[2]) * u
        return fr[0][1], fr[0][2]

    def render(self, trace, duration_s):
        mode = self.sensor_mode
        sm.check(mode)
        rng = self.rng
        drift = rng.uniform(-0.03, 0.03)
        period = 1.0 / (self.rate_hz * (1.0 + drift))
        sigma = _NOISE_UG_PER_RTHZ * math.sqrt(self.fc) / 1000.0 * rng.uniform(1.0, 1.5)
        digit, top, trunc = sm.digit_top(self.range_g, mode)
        off = [rng.uniform(-15.0, 15.0) for _ in range(3)]
        sens = [1.0 + rng.uniform(-0.02, 0.02) for _ in range(3)]
        sources = sorted(self.sources + self.motion, key=lambda s: s.t0)
        active = []
        nxt = 0
        n = int(duration_s / period)
        t_start = rng.uniform(0.0, 0.5)
        raw = [[], [], []]
        clean = [[], [], []] if trace.clean is not None else None     # the oracle's, for the bench only
        for i in range(n):
            t = i * period
            while nxt < len(sources) and sources[nxt].t0 <= t:
                active.append(sources[nxt])
                nxt += 1
            roll, pitch = self.tilt_at(t)
            rr, pr = math.radians(roll), math.radians(pitch)
            acc = [-1000.0 * math.sin(pr),
                   1000.0 * math.sin(rr) * math.cos(pr),
                   1000.0 * math.cos(rr) * math.cos(pr)]
            if active:
                keep = []
                for s in active:
                    if t < s.t1:
                        s.add(t, acc)
                        keep.append(s)
                active = keep
            for k in range(3):
                v = acc[k] * sens[k] + off[k]
                if clean:
                    clean[k].append(v)
                raw[k].append(v + rng.gauss(0.0, sigma))
            trace.t_ms.append(int(round((t + t_start) * 1000.0)))
        # the part's output: its own filter in a round 38 experiment mode, then its steps
        for k, axis in enumerate((trace.x, trace.y, trace.z)):
            axis.extend(sm.output(sm.part_filter(raw[k], mode), digit, top, trunc))
            if clean:
                trace.clean[k].extend(min(top, max(-top - digit, v)) for v in sm.part_filter(clean[k], mode))
        trace.duration_ms = trace.t_ms[-1] if trace.t_ms else 0
        if trace.clean is not None:
            trace.clean.append(sm.floor(sigma, digit, mode))
        shift = int(round(t_start * 1000.0))
        trace.throws = [(int(round(a * 1000.0)) + shift, int(round(b * 1000.0)) + shift)
                        for a, b in trace.throws]
        trace.tilts = [(int(round(a * 1000.0)) + shift, int(round(b * 1000.0)) + shift)
                       for a, b in trace.tilts]
        trace.keys = [(int(round(a * 1000.0)) + shift, int(round(b * 1000.0)) + shift)
                      for a, b in trace.keys]


def _unit(x, y, z):
    n = math.sqrt(x * x + y * y + z * z) or 1.0
    return (x / n, y / n, z / n)


def _rand_dir(rng, vertical):
    """Mostly vertical for floor impacts, mostly horizontal for walls and pushes."""
    h = rng.uniform(0.1, 0.5) if vertical else 1.0
    a = rng.uniform(0.0, 2.0 * math.pi)
    return _unit(h * math.cos(a), h * math.sin(a), 1.0 if vertical else rng.uniform(-0.4, 0.4))


# ---------------------------------------------------------------- throws

def _die(m, t, v, hard):
    """One die: bounces, rolling, last slap. Returns the time it is still."""
    rng = m.rng
    e = rng.uniform(0.15, 0.4)
    v_h = rng.uniform(0.5, 1.2) * (1.6 if hard else 1.0)
    first = True
    while v > 0.3:
        m.impact(t, v, _rand_dir(rng, True))
        if hard and first and rng.random() < 0.5:
            m.impact(t + rng.uniform(0.02, 0.08), v_h * 0.6, _rand_dir(rng, False))
        first = False
        v *= e
        t += 2.0 * v / _G
    # rolling: the die tumbles over its edges; each face slap loses energy and
    # each quarter turn takes longer as it slows; below about 0.3 m/s it
    # cannot lift its centre over the next edge and stops
    t_roll = t
    v_roll = v_h
    while v_roll > 0.3:
        t += 0.0178 / v_roll + rng.uniform(0.0, 0.03)
        m.impact(t, max(0.25, v_roll * 0.5), _rand_dir(rng, True))
        v_roll *= rng.uniform(0.6, 0.8)
    m.sources.append(_Rumble(t_roll, t, 8.0 * v_h * m.mass_factor, 1.0, rng))
    if rng.random() < 0.4:                       # rocks a little on the felt
        for _ in range(rng.randint(1, 3)):
            t += rng.uniform(0.015, 0.04)
            m.impact(t, rng.uniform(0.05, 0.12), _rand_dir(rng, True))
    return t + _STILL_AFTER_CONTACT_S


def _throw(m, trace, t0, ndice, hard):
    rng = m.rng
    still = t0
    for i in range(ndice):
        t = t0 if i == 0 else t0 + rng.uniform(0.0, 0.08)
        v = rng.uniform(2.0, 3.5) if hard else rng.uniform(1.0, 1.8)
        still = max(still, _die(m, t, v, hard))
    knocks = rng.randint(1, ndice) if ndice > 1 else 0
    for _ in range(knocks):
        m.impact(rng.uniform(t0, still - 0.05), rng.uniform(0.1, 0.3),
                 _rand_dir(rng, False), mass=0.5)   # dice knocking each other
    trace.throws.append((t0, still))
    return still


# ---------------------------------------------------------------- not throws

def _keys(m, t, count, trace=None):
    """Key presses on the pad on the rim: small soft taps, press and release.

    t is the switch's contact (the label). The pad is a soft membrane
    (1-2 mm to actuation, 0.2-1 mm more to the bottom, pressed at 0.05-0.3
    m/s): the finger touches the cap 5-40 ms before the contact, and its
    push on the rim (3-12 mg) starts there, with a small ring of the force
    rising (a third to all of the push); it bottoms out 2-20 ms after the
    contact (the tap's ring, 8-40 mg); the release rings again.
    """
    rng = m.rng
    for _ in range(count):
        d = _rand_dir(rng, True)
        lead = rng.uniform(0.005, 0.04)
        push = rng.uniform(3.0, 12.0)
        m.motion.append(_Pulse(t - lead, rng.uniform(0.06, 0.15), push, d))
        m.ring_mg(t - lead, push * rng.uniform(0.3, 1.0), m.f_feet, m.tau_feet, d)
        m.ring_mg(t + rng.uniform(0.002, 0.02), rng.uniform(8.0, 40.0), m.f_feet, m.tau_feet, d)
        release = t + rng.uniform(0.08, 0.25)
        m.ring_mg(release, rng.uniform(4.0, 20.0), m.f_feet, m.tau_feet, d)
        if trace is not None:
            trace.keys.append((t, release))
        t += rng.uniform(0.25, 0.7)
    return t


def _pick(m, t):
    """Fingers picking dice out: scrapes, clicks, a finger on the floor."""
    rng = m.rng
    end = t + rng.uniform(1.0, 3.0)
    while t < end:
        m.sources.append(_Rumble(t, t + rng.uniform(0.1, 0.3), rng.uniform(2.0, 8.0), 1.0, rng))
        m.ring_mg(t + rng.uniform(0.0, 0.1), rng.uniform(5.0, 30.0), m.f_plate, m.tau_plate,
                  _rand_dir(rng, True))
        m.motion.append(_Pulse(t, rng.uniform(0.1, 0.3), rng.uniform(5.0, 20.0),
                               _rand_dir(rng, True)))
        t += rng.uniform(0.2, 0.6)
    return t


def _bump(m, t):
    """Someone bumps the table: one low-frequency knock through the feet."""
    rng = m.rng
    amp = rng.uniform(30.0, 600.0)
    m.ring_mg(t, amp, rng.uniform(8.0, 25.0), rng.uniform(0.02, 0.06), _rand_dir(rng, False))
    m.ring_mg(t + 0.003, amp * rng.uniform(0.2, 0.5), m.f_feet, m.tau_feet, _rand_dir(rng, True))


def _hand_rim(m, t):
    """A hand rests on or presses the rim: the tray rocks on its feet, tremor."""
    rng = m.rng
    dur = rng.uniform(0.5, 3.0)
    r0, p0 = m.frames[-1][1], m.frames[-1][2]
    dr, dp = rng.uniform(-1.2, 1.2), rng.uniform(-1.2, 1.2)
    m.tilt_to(t, t + rng.uniform(0.08, 0.3), r0 + dr, p0 + dp)
    m.tilt_to(t + dur, t + dur + rng.uniform(0.08, 0.3), r0, p0)
    m.ring_mg(t, rng.uniform(5.0, 25.0), m.f_feet, m.tau_feet, _rand_dir(rng, True))
    m.sources.append(_Sine(t, t + dur, rng.uniform(2.0, 10.0), rng.uniform(8.0, 12.0),
                           _rand_dir(rng, False), 0.1, rng.uniform(0, 6.0), 0.3))
    return t + dur + 0.3


def _lift(m, trace, t, end_tilt=None):
    """The tray is lifted, carried, put down (dice inside rattle on landing)."""
    rng = m.rng
    r0, p0 = m.frames[-1][1], m.frames[-1][2]
    up = rng.uniform(0.3, 0.6)
    m.motion.append(_Pulse(t, up, rng.uniform(100.0, 400.0), (0.0, 0.0, 1.0)))
    carry = rng.uniform(0.8, 3.0)
    ra, pa = rng.uniform(-25.0, 25.0), rng.uniform(-25.0, 25.0)
    m.tilt_to(t, t + up, ra, pa)
    k = t + up
    while k < t + up + carry:
        w = rng.uniform(0.3, 0.8)
        m.motion.append(_Pulse(k, w, rng.uniform(50.0, 300.0), _rand_dir(rng, False)))
        m.tilt_to(k, k + w, ra + rng.uniform(-10, 10), pa + rng.uniform(-10, 10))
        k += w
    m.sources.append(_Sine(t, k, rng.uniform(5.0, 15.0), rng.uniform(8.0, 12.0),
                           _rand_dir(rng, False), 0.1, 0.0, 0.3))
    down = rng.uniform(0.4, 0.8)
    m.motion.append(_Pulse(k, down, -rng.uniform(50.0, 250.0), (0.0, 0.0, 1.0)))
    if end_tilt is None:
        end_tilt = (m.base[0], m.base[1])
    m.tilt_to(k, k + down, end_tilt[0], end_tilt[1])
    land = k + down
    v = rng.uniform(0.1, 0.5)
    m.impact(land, v * 3.0, _rand_dir(rng, True), soft=True)
    m.impact(land + rng.uniform(0.02, 0.08), v * 2.0, _rand_dir(rng, True), soft=True)
    for _ in range(rng.randint(0, 4)):           # dice inside slide and click
        m.impact(land + rng.uniform(0.0, 0.3), rng.uniform(0.2, 0.8) * v * 3, _rand_dir(rng, True))
    return land


def _tilted(m, trace, t, duration):
    """The tray is put down on something and left tilted, maybe levelled later."""
    rng = m.rng
    ang = rng.uniform(7.0, 20.0)
    a = rng.uniform(0.0, 2.0 * math.pi)
    land = _lift(m, trace, t, (m.base[0] + ang * math.cos(a), m.base[1] + ang * math.sin(a)))
    rest = land + 0.3
    if rng.random() < 0.5:
        back = rest + rng.uniform(2.0, 4.0)
        level = _lift(m, trace, back)
        trace.tilts.append((rest, level + 0.3))    # tilted until it rests level again
        return max(duration, level + 2.5)
    trace.tilts.append((rest, duration))
    return duration


def _phone(m, t, end):
    rng = m.rng
    f = rng.uniform(150.0, 240.0)
    amp = rng.uniform(20.0, 150.0)
    on, off = rng.uniform(0.2, 1.2), rng.uniform(0.2, 1.0)
    while t + on < end:
        m.sources.append(_Sine(t, t + on, amp * m.gain(f), f,
                               _rand_dir(rng, False), 0.03, rng.uniform(0, 6.0)))
        t += on + off


def _washer(m, t, end, amp_max=80.0):
    rng = m.rng
    f = rng.uniform(8.0, 20.0)
    amp = rng.uniform(10.0, amp_max)
    d = _rand_dir(rng, False)
    spin_up = rng.uniform(3.0, 6.0)     # a drum takes seconds to reach speed
    m.sources.append(_Sine(t, end, amp * m.gain(f), f, d, spin_up, 0.0, 0.2))
    m.sources.append(_Sine(t, end, amp * 0.3 * m.gain(2 * f), 2 * f, d, spin_up, 1.0, 0.1))


# ---------------------------------------------------------------- traces

def generate(kind, seed, rate_hz=None, range_g=None, oracle=False, sensor_mode=None):
    """One labelled trace of `kind`, fully determined by (kind, seed).

    oracle: also keep the noise-free reading (trace.clean, for traces/heard.py)."""
    if kind not in KINDS:
        raise ValueError("unknown trace kind %r (known: %s)" % (kind, ", ".join(KINDS)))
    rng = random.Random("%s/%d" % (kind, seed))
    rate = rate_hz or rng.choice(RATES)
    rng_g = range_g or rng.choice(RANGES_G)
    trace = Trace(kind, seed, rate, rng_g)
    if oracle:
        trace.clean = [[], [], []]
    m = _Model(rng, rate, rng_g, sensor_mode)
    t = rng.uniform(0.6, 2.0)
    if kind in THROW_KINDS:
        ndice = int(kind[5])
        hard = kind.endswith("hard")
        if rng.random() < 0.1:
            _washer(m, 0.0, 60.0, 15.0)          # some throws happen over a quiet hum
        for n in range(rng.choice((1, 1, 2))):
            t = _throw(m, trace, t, ndice, hard) + rng.uniform(0.6, 1.5)
            if rng.random() < 0.5:
                t = _keys(m, t, rng.randint(1, 6), trace) + rng.uniform(0.3, 1.0)
            if rng.random() < 0.3:
                t = _pick(m, t) + rng.uniform(0.5, 1.0)
        duration = t + rng.uniform(0.5, 1.0)
    elif kind == "bump":
        for _ in range(rng.randint(2, 4)):
            _bump(m, t)
            t += rng.uniform(1.0, 3.0)
        duration = t
    elif kind == "hand_rim":
        for _ in range(rng.randint(1, 3)):
            t = _hand_rim(m, t) + rng.uniform(0.5, 1.5)
        duration = t
    elif kind == "lift":
        t = _lift(m, trace, t) + rng.uniform(1.5, 3.0)
        duration = t
    elif kind == "tilted":
        duration = _tilted(m, trace, t, t + rng.uniform(6.0, 12.0))
    elif kind == "phone":
        duration = t + rng.uniform(5.0, 10.0)
        _phone(m, t, duration - 0.5)
    elif kind == "washer":
        duration = t + rng.uniform(10.0, 20.0)
        _washer(m, t, duration - 1.0)
    elif kind == "keys":
        for _ in range(rng.randint(1, 3)):
            t = _keys(m, t, rng.randint(2, 8), trace) + rng.uniform(0.8, 2.0)
        duration = t
    else:  # pick
        t = _pick(m, t) + rng.uniform(0.8, 1.5)
        duration = t
    m.render(trace, duration)
    return trace


def corpus(count, seed=0):
    """`count` traces cycling through every kind, seeds seed, seed+1, ..."""
    out = []
    for i in range(count):
        kind = KINDS[i % len(KINDS)]
        out.append(generate(kind, seed + i))
    return out


def write_csv(trace, path):
    with open(path, "w") as f:
        f.write(trace.csv_text())
