"""Shared machinery of the force-driven trace models: forces into a tray, a LIS3DH reading it.

A model (bare.py, light.py, box.py) decides the physics of its tray and of
what happens on it; this module turns that into samples. It reasons from
forces, not from ring amplitudes (model.py's way), so the two families check
each other:

- An impact is an impulse J (N s, a vector) lasting a contact time Tc. A
  tray of mass M standing on springy feet feels the force directly
  (acceleration F/M, a spike of area J/M) and then rings in each of its
  modes: after a velocity step dv = J/M a mode of frequency f rings with an
  acceleration amplitude dv * 2 pi f (times the mode's share at the sensor),
  decaying with its damping ratio.
- Slow motion (a hand lifting the tray), tilt (gravity turning), steady
  vibrations (phones, machines, hand tremor) and rolling noise are given as
  accelerations.
- The LIS3DH low-pass filters at ODR/2 (a 2nd-order Butterworth here), adds
  its noise (220 ug/sqrt(Hz) in high-resolution mode, datasheet), a zero-g
  offset (datasheet: typically +-40 mg), an offset that drifts with
  temperature, a sensitivity error, quantises to 1/2/4 mg per digit and
  clips at the full scale. Its sample clock is its own oscillator, a few
  percent off the nominal rate.

Everything is computed on an internal grid of 3.2 kHz with numpy, then
sampled at the sensor's own times.
"""
import math
import random

import numpy as np

from dicetray_host.traces import sensor_modes as sm

G_MS2 = 9.81
FS = 3200.0                     # internal grid, Hz

# Round 66 (frame66, frame65b's physics): a vertical blow at (bx, by) on the
# floor of a tray of half-widths (a, b) turns it on its feet by J bx / I_y and
# J by / I_x; the chip, h above the axes it rocks about, steps horizontally
# TOWARD the spot after a blow down (away after one up) by bx h / r_g^2 = 3 bx
# h / a^2 of the bounce's J / M (a plate: r_g^2 = a^2 / 3). With the spot in
# half-widths (u = bx / a, -1..1) that is ROCK u, ROCK = 3 h / a: 0.5 for h =
# 2 cm, a = 12 cm (0 at the centre, 0.3 at 0.6 of the half-width, 0.5 at the
# rim). A blow at a spot fixed on the tray (a key's pad, a wobbly tray's free
# corner, a knock beside it, the hand's lift) keeps FIXED, frame65's side and
# size (ROCK x 0.6 = 0.3).
ROCK = 0.5
FIXED = (-0.6, -0.6)
_NOISE_UG_PER_RTHZ = 220.0


class Scene:
    """Collects forces and accelerations of one trace, then samples them."""

    def __init__(self, rng, duration_s, mass_kg, modes):
        """modes: [(freq_hz, zeta, (px, py, pz))]: share of a unit velocity step
        along each axis that rings in that mode at the sensor."""
        self.rng = rng
        self.n = int(duration_s * FS) + 1
        self.t = np.arange(self.n) / FS
        self.acc = np.zeros((3, self.n))        # mg, dynamic part
        self.mass = mass_kg
        self.modes = modes
        # tilt key frames (t, roll_deg, pitch_deg), eased between frames
        self.frames = [(0.0, 0.0, 0.0)]

    def setup(self, p, rng):
        """A model's own scene takes its parameters and generator here
        (tin.py's wobble, round 51); a plain tray has none."""

    def key_rock(self, touch, lead, v, force, release):
        """A key that rocks the tray on its corners (tin.py); a tray that
        stands flat does not."""

    # -- forces -----------------------------------------------------------
    def _spot(self):
        """Where a blow lands on the floor, in half-widths (x, y each -1..1,
        uniform): from the scene's own generator `spot_rng` (ensemble.generate
        seeds it per trace; a scene built elsewhere seeds one from its
        length), so every other draw of the trace is as it was."""
        rng = getattr(self, "spot_rng", None)
        if rng is None:
            rng = self.spot_rng = random.Random(self.n)
        return (rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0))

    def impulse(self, t0, j_ns, direction, contact_s, modes=None, on_tray=True, spot=None):
        """An impact of impulse j_ns (N s) along direction (unit vector).

        on_tray=False: the blow lands on the table, not on the tray (round
        11): the tray feels it only through its feet's springs, so there is
        no force spike on the tray, only its modes ringing.
        spot: where on the floor it lands, in half-widths (ROCK above); a blow
        on the floor (on the tray, the tray's own modes) draws one, any other
        keeps FIXED."""
        if spot is None:
            spot = self._spot() if on_tray and modes is None else FIXED
        if t0 < 0.0 or t0 >= self.t[-1]:
            return
        dv = j_ns / self.mass                       # m/s velocity step
        k0 = int(t0 * FS)
        if on_tray:
            # the force itself: a half-sine of area dv (m/s), in mg per sample
            width = max(1, int(round(contact_s * FS)))
            pulse = np.sin(np.pi * (np.arange(width) + 0.5) / width)
            pulse *= dv / (pulse.sum() / FS) / G_MS2 * 1000.0
            end = min(self.n, k0 + width)
            for a in range(3):
                self.acc[a, k0:end] += pulse[:end - k0] * direction[a]
        # then every mode rings. A blow on the tray gives it the step dv
        # (the pulse above) and its feet pull it back: -dv w sin(w t) along
        # the blow. A blow on the table beside it (on_tray=False) steps the
        # base under its feet: the tray is pulled after it, x = dv t -
        # (dv / w) sin(w t), an acceleration + dv w sin(w t) ALONG the blow,
        # from 0 (round 64); the table's own modes (the top took the step)
        # swing back as a blow on the tray does.
        table = getattr(self, "table_modes", None) or ()
        for f, zeta, share in (modes or self.modes):
            w = 2.0 * math.pi * f
            along = not on_tray and (f, zeta, share) not in table
            span = min(self.n - k0, int(8.0 / (zeta * w) * FS) + 1)
            if span <= 0:
                continue
            tt = np.arange(span) / FS
            # a short contact excites a mode less when it lasts over its period
            cut = 1.0 / math.sqrt(1.0 + (contact_s * f * 2.0) ** 4)
            ring = -(dv * w / G_MS2 * 1000.0) * cut * np.exp(-zeta * w * tt) * np.sin(w * tt)
            for a in range(3):
                # vertical force drives the mode's vertical share and couples
                # into the horizontal ones by the share along its direction,
                # each with its sign (round 66, frame65's): the ring swings
                # back from its blow on every axis; the vertical blow's
                # rocking steps the chip toward its spot (ROCK, above)
                c = share[a] * (direction[2] if a == 2 else
                                (-ROCK * spot[a] * direction[2] + direction[a]))
                if along:
                    c = -c
                if c:
                    self.acc[a, k0:k0 + span] += c * ring

    # -- accelerations ----------------------------------------------------
    def sine(self, t0, t1, amp_mg, freq, direction, ramp_s, phase=0.0, wobble=0.0):
        k0, k1 = max(0, int(t0 * FS)), min(self.n, int(t1 * FS))
        if k1 <= k0:
            return
        tt = self.t[k0:k1] - t0
        env = np.minimum(1.0, np.minimum(tt / ramp_s, (t1 - t0 - tt) / ramp_s))
        a = amp_mg * env * (1.0 + wobble * np.sin(1.7 * tt))
        v = a * np.sin(2.0 * math.pi * freq * tt + phase)
        for i in range(3):
            self.acc[i, k0:k1] += v * direction[i]

    def noise(self, t0, t1, a0_mg, a1_mg, share=(0.5, 0.5, 1.0)):
        """Broadband noise fading linearly from a0 to a1 (rolling, scraping)."""
        k0, k1 = max(0, int(t0 * FS)), min(self.n, int(t1 * FS))
        if k1 <= k0:
            return
        lvl = np.linspace(a0_mg, a1_mg, k1 - k0)
        for i in range(3):
            self.acc[i, k0:k1] += lvl * share[i] * self.rng_np().standard_normal(k1 - k0)

    def push(self, t0, width_s, amp_mg, direction):
        """A smooth (raised-cosine) acceleration: a hand lifting, a finger pressing."""
        k0, k1 = max(0, int(t0 * FS)), min(self.n, int((t0 + width_s) * FS))
        if k1 <= k0:
            return
        tt = self.t[k0:k1] - t0
        v = amp_mg * 0.5 * (1.0 - np.cos(2.0 * math.pi * tt / width_s))
        for i in range(3):
            self.acc[i, k0:k1] += v * direction[i]

    def tilt_to(self, t0, t1, roll, pitch):
        if t0 > self.frames[-1][0]:
            self.frames.append((t0, self.frames[-1][1], self.frames[-1][2]))
        self.frames.append((t1, roll, pitch))

    def rng_np(self):
        if not hasattr(self, "_np_rng"):
            self._np_rng = np.random.default_rng(self.rng.getrandbits(63))
        return self._np_rng

    def _tilt(self):
        roll = np.zeros(self.n)
        pitch = np.zeros(self.n)
        fr = self.frames
        roll[:] = fr[0][1]
        pitch[:] = fr[0][2]
        for a, b in zip(fr, fr[1:]):
            k0, k1 = int(a[0] * FS), int(b[0] * FS)
            if k1 > k0:
                u = np.clip((self.t[k0:k1] - a[0]) / (b[0] - a[0]), 0.0, 1.0)
                u = u * u * (3.0 - 2.0 * u)
                roll[k0:k1] = a[1] + (b[1] - a[1]) * u
                pitch[k0:k1] = a[2] + (b[2] - a[2]) * u
            roll[k1:] = b[1]
            pitch[k1:] = b[2]
        return np.radians(roll), np.radians(pitch)

    # -- the sensor -------------------------------------------------------
    def sample(self, rate_hz, range_g, sensor, clean=None, sensor_mode=None):
        """(t_ms list, [x, y, z] int lists) as a LIS3DH reads them.

        sensor: dict with odr_error, noise_x, offset (3), drift_mg (3, over
        the trace), sens (3), mount (roll, pitch of the chip on the board),
        optionally foam_hz and foam_zeta (the board on a compliant mount).
        clean: a list to take the bench's oracle (traces/heard.py): the
        noise-free, unrounded reading of each axis (mg arrays) and the noise
        floor (mg), as [x, y, z, floor]. The trace itself is the same.
        sensor_mode: round 38's experiment (traces/sensor_modes.py); None:
        as the models have always been.
        """
        sm.check(sensor_mode)
        rr, pr = self._tilt()
        mr, mp = math.radians(sensor["mount"][0]), math.radians(sensor["mount"][1])
        rr = rr + mr
        pr = pr + mp
        grav = np.vstack((-1000.0 * np.sin(pr), 1000.0 * np.sin(rr) * np.cos(pr),
                          1000.0 * np.cos(rr) * np.cos(pr)))
        dyn = self.acc
        if sensor.get("foam_hz"):
            dyn = np.vstack([_mounted(dyn[i], sensor["foam_hz"], sensor["foam_zeta"]) for i in range(3)])
        total = grav + dyn
        # 2nd-order Butterworth at ODR/2, as an FIR of its impulse response
        wc = 2.0 * math.pi * rate_hz / 2.0
        th = np.arange(int(FS * 12.0 / wc) + 2) / FS
        h = wc * math.sqrt(2.0) * np.exp(-wc * th / math.sqrt(2.0)) * np.sin(wc * th / math.sqrt(2.0))
        h /= h.sum()
        filt = np.vstack([np.convolve(total[i], h)[:self.n] for i in range(3)])
        period = 1.0 / (rate_hz * (1.0 + sensor["odr_error"]))
        t_start = 0.05
        ts = np.arange(t_start, self.t[-1], period)
        idx = np.minimum(self.n - 1, (ts * FS).astype(int))
        sigma = _NOISE_UG_PER_RTHZ * math.sqrt(rate_hz / 2.0) / 1000.0 * sensor["noise_x"]
        digit, top, trunc = sm.digit_top(range_g, sensor_mode)
        out = []
        frac = ts / self.t[-1]
        nrng = self.rng_np()
        for i in range(3):
            v = (filt[i, idx] * sensor["sens"][i] + sensor["offset"][i]
                 + sensor["drift_mg"][i] * frac + nrng.normal(0.0, sigma, len(ts)))
            v = np.asarray(sm.part_filter(v, sensor_mode))     # round 38: the part's own ODR/9 low-pass, if any
            q = (np.floor(v / digit) if trunc else np.round(v / digit)) * digit
            out.append(np.clip(q, -top - digit, top).astype(int).tolist())
            if clean is not None:
                v = filt[i, idx] * sensor["sens"][i] + sensor["offset"][i] + sensor["drift_mg"][i] * frac
                v = np.asarray(sm.part_filter(v, sensor_mode))
                clean.append(np.clip(v, -top - digit, top))
        if clean is not None:
            clean.append(sm.floor(sigma, digit, sensor_mode))
        return (np.round(ts * 1000.0).astype(int).tolist(), out, t_start)


def _mounted(acc, f, zeta):
    """What a chip on a compliant mount (foam tape: a spring and a damper of
    frequency f and damping ratio zeta) feels when its base moves with acc:
    the base-excitation transmissibility (2 zeta w s + w^2) / (s^2 + 2 zeta w s + w^2),
    1 at DC, 1/(2 zeta) at f, falling 20 dB a decade above."""
    w = 2.0 * math.pi * f
    wd = w * math.sqrt(1.0 - zeta * zeta)
    tt = np.arange(int(FS * 10.0 / (zeta * w)) + 2) / FS
    env = np.exp(-zeta * w * tt)
    g = env * np.sin(wd * tt) / wd                                  # displacement response
    dg = env * (np.cos(wd * tt) - zeta * w / wd * np.sin(wd * tt))  # its derivative
    h = 2.0 * zeta * w * dg + w * w * g
    h /= h.sum()
    return np.convolve(acc, h)[:len(acc)]


def unit(x, y, z):
    n = math.sqrt(x * x + y * y + z * z) or 1.0
    return (x / n, y / n, z / n)


def down(rng, slant):
    """Mostly vertical: a die or a finger hitting the floor from above, off
    vertical by up to `slant`. It pushes the tray DOWN, - z (+ z is up: the
    chip reads + 1 g at rest, and under it while the floor is pushed down);
    until round 66 it gave + z, every blow mirrored on z against the chip."""
    h = rng.uniform(0.0, slant)
    a = rng.uniform(0.0, 2.0 * math.pi)
    return unit(h * math.cos(a), h * math.sin(a), -1.0)


def up(rng, slant):
    """A blow from below, with `down`'s draws: the table stopping the tray
    set down on it, or a wobbly tray's free corner clacking on it: + z."""
    x, y, z = down(rng, slant)
    return (x, y, -z)


def sideways(rng, lift=0.4):
    a = rng.uniform(0.0, 2.0 * math.pi)
    return unit(math.cos(a), math.sin(a), rng.uniform(-lift, lift))


def sensor_of(rng, odr_err=0.05, offset=40.0, drift=6.0, noise=(1.0, 2.0), mount=2.0):
    """A LIS3DH as the datasheet allows it, and as it is glued in."""
    return {"odr_error": rng.uniform(-odr_err, odr_err),
            "noise_x": rng.uniform(*noise),
            "offset": [rng.uniform(-offset, offset) for _ in range(3)],
            "drift_mg": [rng.uniform(-drift, drift) for _ in range(3)],
            "sens": [1.0 + rng.uniform(-0.03, 0.03) for _ in range(3)],
            "mount": (rng.uniform(-mount, mount), rng.uniform(-mount, mount))}
