"""What happens on and around a tray, as forces and accelerations on a Scene.

Each function takes the scene, the tray's physics `p` (a dict a model module
draws: bare.py, light.py, box.py) and a time in seconds, adds its forces and
returns when it is over. The physics behind each is in its docstring; the
ranges are the model's.
"""
import math
import random

from dicetray_host.traces.scene import G_MS2, down, sideways, unit, up as from_below


def die(s, p, t, v):
    """One die lands at v m/s: bounces, rolls, stops. Returns its last contact.

    Bounces: impulse m v (1 + e) at each landing, flight 2 v e / g between.
    Rolling: the die tumbles over its edges; each face slap is a small
    impact (the centre drops a few mm: 0.1-0.5 m/s), the slaps slow down and
    weaken until it stops. On a hard floor the die rolls a long time at low
    level; on felt it stops within a few tumbles. The rolling also scrapes
    (broadband noise).
    """
    rng = s.rng
    m = p["die_kg"] * rng.uniform(0.9, 1.1)
    e = rng.uniform(*p["restitution"])
    tc = rng.uniform(*p["contact_s"])
    while v > 0.25:
        _land(s, p, t, m * v * (1.0 + e), down(rng, 0.5), tc)
        v *= e
        t += 2.0 * v / G_MS2
    # round 66 (frame65b's): each bounce lands where it lands (its own spot,
    # drawn in _land); the die rolls out, spins down or rocks within a few
    # cm: one spot for all of that
    at = s._spot()
    v_edge = _edge_speed(m)
    roll = rng.uniform(*p["roll_s"])
    v0 = max(v_edge, rng.uniform(*p["slap_v"]) + v_edge)
    t_roll = t
    last = t
    while t - t_roll < roll:
        u = (t - t_roll) / roll
        vs = v_edge + (v0 - v_edge) * (1.0 - u)
        _land(s, p, t, m * vs * (1.0 + e), down(rng, 0.6), tc, at)
        last = t
        t += rng.uniform(0.02, 0.05) * (1.0 + 1.5 * u)
    if last > t_roll:
        # sliding and scraping while it rolls, fading as it slows
        s.noise(t_roll, last, p["scrape_mg"] * (v0 - v_edge) * rng.uniform(0.5, 1.0), 2.0)
    if p.get("run_down"):
        last = _run_down(s, p, last, m, tc, at)
    return last + 0.004


def _edge_speed(m):
    """The slowest face slap of a die of m kg (resin, 1200 kg/m3): its
    centre drops a (1/sqrt(2) - 1/2) when it falls over an edge of side a
    (0.2-0.3 m/s for 12-25 mm dice)."""
    side = (m / 1200.0) ** (1.0 / 3.0)
    return math.sqrt(2.0 * G_MS2 * side * (math.sqrt(0.5) - 0.5))


def _run_down(s, p, t, m, tc, at=None):
    """How a die on a hard or thinly lined floor comes to rest (round 13).

    Drawn from the scene's own generator `s.still_rng`, so the rest of the
    trace is what it was without it. After its last tumble a die does one of:

    - spin down (`spin_p`): it still spins on a face, a little tilted, and
      wobbles like Euler's disk: a corner taps the floor once per wobble.
      As it runs down its tilt a falls as (T - t)^(2/3), the wobble's rate
      rises as a^(-1/2), so the taps come faster and closer (15-30 Hz at
      first, 60-100 Hz at the end) while each is weaker (the corner's
      speed goes as a^(1/2)): 0.03-0.1 m/s at first, fading under the
      sensor's noise before the last one. It lasts `spin_s` (on bare wood
      up to 2 s; felt or leather brakes the spin within a fraction of that);
    - rock on an edge (`rock_p`): it stopped balanced on an edge, or leaning
      on the wall, and rocks from face to face (or between floor and wall,
      sideways) like a bouncing ball: each slap loses speed by e_r (0.3-0.6)
      and the time to the next shrinks by the same factor, from 40-120 ms at
      0.08-0.2 m/s, until the slaps are under 0.01 m/s.
    Returns its last contact. `at`: where the die lies (its spot, round 66).
    """
    rng = s.still_rng
    u = rng.random()
    rd = p["run_down"]
    if u < rd["spin_p"]:
        span = rng.uniform(*rd["spin_s"])
        f0 = rng.uniform(15.0, 30.0)
        f_top = rng.uniform(60.0, 100.0)
        v0 = rng.uniform(0.03, 0.1)
        t0, k = t, t + 1.0 / f0
        last = t
        while k < t0 + span:
            left = 1.0 - (k - t0) / span                     # (T - t) / T
            s.impulse(k, m * v0 * left ** (1.0 / 3.0) * 1.5, down(rng, 0.7), tc, spot=at)
            last = k
            k += 1.0 / min(f_top, f0 * left ** (-1.0 / 3.0))
        return last
    if u < rd["spin_p"] + rd["rock_p"]:
        gap = rng.uniform(0.04, 0.12)
        v = rng.uniform(0.08, 0.2)
        er = rng.uniform(0.3, 0.6)
        wall = rng.random() < 0.3
        while v > 0.01:
            t += gap
            d = sideways(rng, 0.3) if wall and rng.random() < 0.5 else down(rng, 0.5)
            s.impulse(t, m * v * (1.0 + er), d, tc, spot=at)
            v *= er
            gap *= er
    return t


def _land(s, p, t, j_ns, d, tc, spot=None):
    """A die's impact on the tray's floor; with "dice_ring_table" (round 13)
    it rings the table under the tray too.

    The tray on its feet (tens of Hz) and the table's top (3-18 Hz on a
    folding table) move together below the feet's frequency, so the die's
    momentum sets the two going as one mass: the table's modes take a
    velocity step j / (M + M_table) (M_table: 3-7 kg of a folding top at
    the tray, 15-40 kg of a solid table), and a folding top at 1-3 % of
    critical goes on swaying and bending for a second or more after the
    dice are still. Drawn from `s.still_rng` (the rest of the trace is as
    it was)."""
    s.impulse(t, j_ns, d, tc, spot=spot)
    if p.get("dice_ring_table") and p.get("springy_table"):
        modes = _table(s, p, s.still_rng)
        if getattr(s, "table_kg", None) is None:
            s.table_kg = s.still_rng.uniform(*((3.0, 7.0) if s.table_folding else (15.0, 40.0)))
        s.impulse(t, j_ns * s.mass / (s.mass + s.table_kg), d, tc, modes=modes, on_tray=False)


def topple(s, p, t):
    """A die balanced on an edge (or leaning on the wall) falls over: one slap."""
    rng = s.rng
    m = p["die_kg"]
    v = rng.uniform(0.2, 0.45)
    e = rng.uniform(*p["restitution"])
    tc = rng.uniform(*p["contact_s"])
    _land(s, p, t, m * v * (1.0 + e), down(rng, 0.5), tc)
    t2 = t + 2.0 * v * e / G_MS2
    if v * e > 0.1:
        _land(s, p, t2, m * v * e * (1.0 + e), down(rng, 0.5), tc)
    return t2


def throw(s, p, tr, t0, ndice, hard):
    """ndice dice land within 80 ms; labels (first impact, last contact)."""
    rng = s.rng
    still = t0
    for i in range(ndice):
        t = t0 if i == 0 else t0 + rng.uniform(0.0, 0.08)
        v = rng.uniform(*(p["hard_v"] if hard else p["soft_v"]))
        still = max(still, die(s, p, t, v))
    for _ in range(rng.randint(0, ndice - 1) if ndice > 1 else 0):
        # dice knock each other (sideways, half the mass each)
        s.impulse(rng.uniform(t0, max(t0, still - 0.05)), p["die_kg"] * rng.uniform(0.1, 0.4),
                  sideways(rng), 0.0005)
    tr.throws.append((t0, still))
    return still


def key(s, p, tr, t):
    """A key press on the tray's own pad: touch, contact, bottom-out, release.

    `t` is the switch's contact (the label, what the key scan reports). A
    fingertip (5-20 g) comes down at v (the pad's range) and pushes the cap
    through its travel:
    - the touch comes first: before the switch closes, the finger's pulp
      (1-3 N/mm) is pressed in until it carries the actuation force F
      (force_n) and the cap goes through its travel to actuation (act_mm),
      at v: (act_mm + F / k) / v before the contact, at most 50 ms (a finger
      slower than that has no momentum to speak of). Over that time the
      force on the rim rises to F: a force step on the tray on its feet,
      which rings each mode like an impulse F / (2 pi f) of that duration
      (a slow rise excites it less);
    - the contact closes; the finger goes on through the rest of the travel
      (over_mm / v after the contact) and bottoms out: its momentum m v
      stopped within the pad's contact time, off the tray's centre (it
      rocks the tray too);
    - the finger holds 1-2 x F for 60-300 ms, then lifts: the force falls
      (a step the other way, over 5-15 ms) and the cap tops out on its stop
      (the existing release knock, a fraction of the press's).
    """
    rng = s.rng
    kp = p["key"]
    mf = rng.uniform(0.005, 0.02)
    v = rng.uniform(*kp["v"])
    tc = rng.uniform(*kp["contact_s"])
    d = down(rng, 0.3)
    force = rng.uniform(*kp["force_n"])
    lead = min(0.05, (rng.uniform(*kp["act_mm"]) + force / rng.uniform(1.0, 3.0)) / 1000.0 / v)
    over = min(0.05, rng.uniform(*kp["over_mm"]) / 1000.0 / v)
    w = 2.0 * math.pi * p["rim_modes"][0][0]
    s.impulse(t - lead, force / w, d, max(0.002, lead), modes=p["rim_modes"])
    s.impulse(t + over, mf * v * kp["gain"], d, tc, modes=p["rim_modes"])
    hold = rng.uniform(0.06, 0.3)
    up = (-d[0], -d[1], -d[2])
    s.impulse(t + hold, force * rng.uniform(1.0, 2.0) / w, up, rng.uniform(0.005, 0.015),
              modes=p["rim_modes"])
    # the cap springs back and tops out on its stop: the press reversed (round 66)
    s.impulse(t + hold, mf * v * kp["gain"] * rng.uniform(*kp["release"]), up, tc * 1.5,
              modes=p["rim_modes"])
    # round 51: a key on a wobbly tray's free corner holds it down (tin.py)
    s.key_rock(t - lead, lead, v, force, t + hold)
    tr.keys.append((t, t + hold))
    return t + hold


def keys(s, p, tr, t, count):
    for _ in range(count):
        t = key(s, p, tr, t) + rng_gap(s)
    return t


def rng_gap(s):
    return s.rng.uniform(0.15, 0.6)


def knock(s, p, t):
    """Knuckles on the table beside the tray: 1-3 sharp knocks.

    The table top takes a short blow (2-6 ms) and passes it through the feet:
    the tray gets a velocity step of 0.002-0.02 m/s, mostly vertical, and
    rings in its feet modes (and the table's own, a glass top's, if the
    model has "knock_modes"). At 400 Hz that reads as spikes of a few hundred mg.

    A model with "springy_table" (round 11) also stands its tray on a real
    table (`_table`), and a knock there is one of three things: knuckles as
    above (60 %), a cup set down hard (20 %: one blow, a leather or plastic
    rim stopped over 8-20 ms) or a fist (20 %: one blow of 1.5-4 x the
    knuckles' step, 5-15 ms, that can make the dice in the tray jump).
    """
    rng = s.rng
    if p.get("springy_table"):
        return _table_knock(s, p, t)
    dv = rng.uniform(*p["knock_dv"])
    d = down(rng, 0.8)
    return _knuckles(s, t, dv, d, p.get("knock_modes", p["feet_modes"]), True)


def _knuckles(s, t, dv, d, modes, on_tray):
    """1-3 knocks of the knuckles, 0.12-0.35 s apart; returns the time after."""
    rng = s.rng
    for _ in range(rng.randint(1, 3)):
        s.impulse(t, s.mass * dv * rng.uniform(0.7, 1.0), d, rng.uniform(0.002, 0.006), modes=modes,
                  on_tray=on_tray)
        t += rng.uniform(0.12, 0.35)
    return t


def _table(s, p, rng=None):
    """The table under the tray, drawn once per trace (round 11).

    Half are folding card tables: a thin top on loose hinges, 3-7 kg
    at the tray, bouncing at 7-18 Hz and swaying at 3-8 Hz with 1-3 % of
    critical damping, so a knock rings for 0.4-2 s (tau = 1 / (zeta 2 pi f)).
    The tray on its feet (tens of Hz) rides the top below its feet
    frequency: it takes the top's velocity step, so the table's mode reads
    dv * 2 pi f at the tray, times where the tray stands on the top (0.5-1
    of the antinode; the top's bending also rocks it about an axis that
    depends on where it stands: sideways shares 0-0.3 each); the sway is
    sideways. The others are solid tables: 15-40 kg,
    20-45 Hz, 3-8 %, the tray standing where the top moves 0.2-0.5 as much
    (sideways 0-0.15).
    """
    modes = getattr(s, "table_modes", None)
    if modes is None:
        rng = rng or s.rng
        if rng.random() < 0.5:
            # the top bends about an axis that depends on where the tray stands
            modes = [(rng.uniform(7.0, 18.0), rng.uniform(0.01, 0.03),
                      (rng.uniform(0.0, 0.3), rng.uniform(0.0, 0.3), rng.uniform(0.5, 1.0))),
                     (rng.uniform(3.0, 8.0), rng.uniform(0.01, 0.03),
                      (rng.uniform(0.1, 0.3), rng.uniform(0.1, 0.3), 0.0))]
            s.table_folding = True
        else:
            modes = [(rng.uniform(20.0, 45.0), rng.uniform(0.03, 0.08),
                      (rng.uniform(0.0, 0.15), rng.uniform(0.0, 0.15), rng.uniform(0.2, 0.5)))]
            s.table_folding = False
        s.table_modes = modes
    return modes


def _table_knock(s, p, t):
    rng = s.rng
    modes = p["feet_modes"] + _table(s, p)
    dv = rng.uniform(*p["knock_dv"])
    d = down(rng, 0.8)
    what = rng.random()
    if what < 0.6:                       # knuckles, on the table
        return _knuckles(s, t, dv, d, modes, False)
    if what < 0.8:                       # a cup set down hard beside the tray
        s.impulse(t, s.mass * dv, d, rng.uniform(0.008, 0.02), modes=modes, on_tray=False)
        return t + 0.1
    # a fist: a folding top under a fist moves far more than a solid one
    dv *= rng.uniform(1.5, 4.0) if s.table_folding else rng.uniform(1.0, 2.0)
    s.impulse(t, s.mass * dv, d, rng.uniform(0.005, 0.015), modes=modes, on_tray=False)
    _jolted_dice(s, p, t, dv)
    return t + 0.3


def _jolted_dice(s, p, t, dv):
    """Dice lying in the tray when the tray is jolted (round 11).

    They leave the floor only if the tray's floor drops away faster than g
    pulls them: the feet's ring after the step accelerates at dv * 2 pi f.
    Each of the 1-6 dice then hops with 0.3-1.0 of the step (it keeps the
    velocity the floor gave it, less what friction and tilt take), lands
    after 2 v / g (a few ms to tens of ms) with an impulse m v (1 + e) and
    bounces with its restitution; a die that lands on an edge may rock
    once more (30 %, at 0.05-0.15 m/s, 20-60 ms later). Impacts sideways
    too: dice jostle each other (half of them, a small sideways click).
    """
    rng = s.rng
    f_feet = max(f for f, _, _ in p["feet_modes"])
    if dv * 2.0 * math.pi * f_feet < G_MS2:
        return
    m = p["die_kg"]
    for _ in range(rng.randint(1, 6)):
        v = dv * rng.uniform(0.3, 1.0)
        e = rng.uniform(*p["restitution"])
        tc = rng.uniform(*p["contact_s"])
        k = t + rng.uniform(0.0, 0.01)
        while v > 0.01:
            k += 2.0 * v / G_MS2
            s.impulse(k, m * v * (1.0 + e), down(rng, 0.5), tc)
            v *= e
        if rng.random() < 0.3:
            s.impulse(k + rng.uniform(0.02, 0.06), m * rng.uniform(0.05, 0.15) * (1.0 + e),
                      down(rng, 0.6), tc)
        if rng.random() < 0.5:
            s.impulse(k + rng.uniform(0.0, 0.03), m * rng.uniform(0.02, 0.1), sideways(rng), 0.0005)


def bump(s, p, t):
    """A hip or a chair bumps the table: a slow sideways shove and its ring."""
    rng = s.rng
    d = sideways(rng)
    amp = rng.uniform(30.0, 400.0)
    w = rng.uniform(0.05, 0.2)
    s.push(t, w, amp, d)
    s.push(t + w, w, -amp * 0.7, d)
    s.impulse(t, s.mass * amp / 1000.0 * G_MS2 * w * 0.2, d, 0.01, modes=p["feet_modes"])
    return t + 2 * w


def pickup(s, p, tr, t, end_tilt=None):
    """Hands lift the tray, carry and turn it, and put it down.

    Gravity turns with the tray (10-40 degrees); lifting and setting down are
    slow accelerations of 50-400 mg; the hands tremble at 8-12 Hz (5-30 mg);
    the tray lands with a soft thump (the hands brake it) and the dice inside
    slide and click. Returns the time it rests again.
    """
    rng = s.rng
    r0, p0 = s.frames[-1][1], s.frames[-1][2]
    up = rng.uniform(0.3, 0.8)
    s.push(t, up, rng.uniform(50.0, 400.0), (0.0, 0.0, 1.0))
    ra, pa = rng.uniform(-40.0, 40.0), rng.uniform(-40.0, 40.0)
    s.tilt_to(t, t + up, ra, pa)
    k = t + up
    end = k + rng.uniform(0.5, 4.0)
    while k < end:
        w = rng.uniform(0.3, 0.9)
        s.push(k, w, rng.uniform(30.0, 300.0), sideways(rng))
        s.tilt_to(k, k + w, ra + rng.uniform(-10, 10), pa + rng.uniform(-10, 10))
        k += w
    s.sine(t, k, rng.uniform(5.0, 30.0), rng.uniform(8.0, 12.0), sideways(rng), 0.1, 0.0, 0.4)
    dn = rng.uniform(0.4, 0.9)
    s.push(k, dn, -rng.uniform(50.0, 250.0), (0.0, 0.0, 1.0))
    if end_tilt is None:
        end_tilt = (r0, p0)
    s.tilt_to(k, k + dn, end_tilt[0], end_tilt[1])
    land = k + dn
    # from below: the table stops the tray coming down (round 66: up)
    s.impulse(land, s.mass * rng.uniform(0.02, 0.15), from_below(rng, 0.3), rng.uniform(0.005, 0.02))
    for _ in range(rng.randint(0, 5)):
        s.impulse(land + rng.uniform(0.0, 0.4), p["die_kg"] * rng.uniform(0.05, 0.4),
                  down(rng, 1.0), 0.001)
    return land + 0.4


def tip_rng(model, seed, p):
    """The generator a tray left tilted (`tilted`) is tipped with where it
    stands, or None where it is carried: the model's `tip_p` (round 65:
    the tuning models, half their trays), drawn from that generator."""
    rng = random.Random("%s/%d/tip" % (model, seed))
    return rng if rng.random() < p.get("tip_p", 0.0) else None


def tilted(s, p, tr, t, duration):
    """Put down on a book: left 7-20 degrees tilted, maybe levelled later.

    Carried there (pickup), or tipped there where it stands (tip: one edge
    lifted onto the book) where `tip_rng` says so, with its draws: a
    carried tray's trace is as it was before round 65, and a model without
    `tip_p` (the held-out acrylic) is as it was."""
    alt = tip_rng(tr.model, tr.seed, p)
    tipping = alt is not None
    main = s.rng
    if tipping:
        s.rng = alt
    try:
        rng = s.rng
        ang = rng.uniform(7.0, 20.0)
        a = rng.uniform(0.0, 2.0 * math.pi)
        base = (s.frames[0][1], s.frames[0][2])
        to = (base[0] + ang * math.cos(a), base[1] + ang * math.sin(a))
        rest = tip(s, p, t, to, a) if tipping else pickup(s, p, tr, t, to)
        if rng.random() < 0.5:
            back = rest + rng.uniform(2.0, 4.0)
            level = tip(s, p, back, base, a + math.pi) if tipping else pickup(s, p, tr, back, base)
            tr.tilts.append((rest, level))        # tilted until it rests level again
            return max(duration, level + 2.5)
        tr.tilts.append((rest, duration))
        return duration
    finally:
        s.rng = main


def tip(s, p, t, to, heading):
    """One edge of the tray lifted and let down onto a book (or off it)
    while the far edge stays on the table: the tray turns to `to` (roll,
    pitch) in 0.1-0.4 s, no carrying, no hand's tremor after; the edge
    lands with a knock from below (the book stops it: the tray is pushed
    up) and the dice slide to the low side and strike its wall (toward
    `heading`, radians, roughly) once or twice each. Returns the time the
    tray rests again."""
    rng = s.rng
    lift = rng.uniform(0.1, 0.4)
    s.push(t, lift, rng.uniform(20.0, 150.0), (0.0, 0.0, 1.0))
    s.tilt_to(t, t + lift, to[0], to[1])
    land = t + lift
    # from below: the book (or the table) brakes the falling edge
    h = rng.uniform(0.0, 0.3)
    b = rng.uniform(0.0, 2.0 * math.pi)
    s.impulse(land, s.mass * rng.uniform(0.01, 0.08),
              unit(h * math.cos(b), h * math.sin(b), 1.0), rng.uniform(0.004, 0.015))
    for _ in range(rng.randint(1, 6)):
        d = heading + rng.uniform(-0.6, 0.6)
        for k in range(rng.randint(1, 2)):
            s.impulse(land + rng.uniform(0.03, 0.4), p["die_kg"] * rng.uniform(0.05, 0.4) / (k + 1),
                      unit(math.cos(d), math.sin(d), rng.uniform(-0.2, 0.2)), 0.001)
    return land + 0.5


def phone(s, p, t, end):
    """A phone on the table buzzing: an eccentric motor at 150-240 Hz, on/off.

    The table passes its shaking on mostly in its own plane (sideways)."""
    rng = s.rng
    f = rng.uniform(150.0, 240.0)
    amp = rng.uniform(*p["phone_mg"])
    on, off = rng.uniform(0.2, 1.2), rng.uniform(0.2, 1.0)
    d = sideways(rng, 0.5)
    while t + on < end:
        s.sine(t, t + on, amp, f, d, 0.03, rng.uniform(0, 6.0))
        t += on + off


def machine(s, p, t, end):
    """A machine on the floor or the table: a washer's drum (8-20 Hz, seconds
    to spin up) or a fridge's compressor (50 or 100 Hz, small)."""
    rng = s.rng
    if rng.random() < 0.5:
        f = rng.uniform(8.0, 20.0)
        amp = rng.uniform(10.0, p["washer_max_mg"])
        d = sideways(rng)
        spin = rng.uniform(3.0, 6.0)
        s.sine(t, end, amp, f, d, spin, 0.0, 0.2)
        s.sine(t, end, amp * 0.3, 2 * f, d, spin, 1.0, 0.1)
    else:
        f = rng.choice((50.0, 60.0, 100.0, 120.0))
        s.sine(t, end, rng.uniform(2.0, 12.0), f, sideways(rng, 1.0), 0.5, 0.0, 0.05)


def pick(s, p, t):
    """Fingers take the dice out: scrapes, dice clicking, fingertips on the floor.

    A model with "pick_hand" (round 13) uses `_hand_picks`: the hand's
    physics, move by move."""
    if p.get("pick_hand"):
        return _hand_picks(s, p, t)
    rng = s.rng
    end = t + rng.uniform(1.0, 3.0)
    while t < end:
        s.noise(t, t + rng.uniform(0.1, 0.3), rng.uniform(2.0, 8.0), 1.0)
        s.impulse(t + rng.uniform(0.0, 0.1), p["die_kg"] * rng.uniform(0.02, 0.15),
                  down(rng, 1.0), 0.002)
        t += rng.uniform(0.2, 0.6)
    return t


def _hand_picks(s, p, t):
    """Fingers take the dice out, die by die, for 1-3 s (round 13).

    Each move of the hand, 0.2-0.6 s apart (a hand reaching, gripping and
    lifting works at a few moves a second):
    - a fingertip reaches the floor or a die: 5-20 g of finger stopped from
      0.02-0.1 m/s (slower than a key press: it aims) by its pulp over
      5-15 ms (1-3 N/mm against that mass), pushing the floor down;
    - it slides the die along the floor (scraping, 2-8 mg, 0.1-0.3 s) and
      the die clicks sideways against another die or the wall: 0.05-0.3
      m/s into a hard contact (0.2-0.5 ms); the wall takes the die's whole
      m v (1 + e), another die passes 10-30 % of it on to the floor;
    - 60 %: the fingers lift the die; the floor loses its weight m g as the
      fingers take it over 20-100 ms (a force step, up; the tray gets
      lighter, nothing lands);
    - 15 % of lifts: the die slips from the fingertips and drops 1-3 cm: it
      lands at sqrt(2 g h) = 0.44-0.77 m/s (m v (1 + e)) and bounces while it
      has speed to, but without a throw's sideways speed it does not roll:
      40 % land on an edge and fall flat, one slap at the edge's speed
      (0.2-0.3 m/s for 12-25 mm dice) 20-60 ms later;
    - else a die set back down at 0.02-0.15 m/s (the clicks before round 13).
    30 % of pickers rest the other hand on the rim meanwhile: 2-10 N rising
    over 0.2-0.6 s and lifted at the end; it tilts the tray on its feet by
    "rim_tilt_deg" (the model's: a soft mat gives under a hand, hard feet
    hardly) and passes on the hand's tremor (8-12 Hz, 0.005-0.03 N).
    """
    rng = s.rng
    m_die = p["die_kg"]
    start = t
    end = t + rng.uniform(1.0, 3.0)
    rest = rng.random() < 0.3
    if rest:
        r0, p0 = s.frames[-1][1], s.frames[-1][2]
        ang = rng.uniform(*p["rim_tilt_deg"])
        a = rng.uniform(0.0, 2.0 * math.pi)
        t = start + rng.uniform(0.2, 0.6)
        s.tilt_to(start, t, r0 + ang * math.cos(a), p0 + ang * math.sin(a))
    while t < end:
        m = m_die * rng.uniform(0.9, 1.1)
        e = rng.uniform(*p["restitution"])
        tc = rng.uniform(*p["contact_s"])
        finger = rng.uniform(0.005, 0.02) * rng.uniform(0.02, 0.1)
        s.impulse(t, finger, down(rng, 0.5), rng.uniform(0.005, 0.015))
        k = t + rng.uniform(0.03, 0.1)
        slide = rng.uniform(0.1, 0.3)
        s.noise(k, k + slide, rng.uniform(2.0, 8.0), 1.0)
        v = rng.uniform(0.05, 0.3)
        share = (1.0 + e) if rng.random() < 0.5 else rng.uniform(0.1, 0.3)
        s.impulse(k + rng.uniform(0.0, slide), m * v * share, sideways(rng), rng.uniform(0.0002, 0.0005))
        k += slide
        if rng.random() < 0.6:
            w = 2.0 * math.pi * p["feet_modes"][0][0]
            # the floor loses the die's weight: the feet push the tray UP (round 66)
            s.impulse(k, m * G_MS2 / w, (0.0, 0.0, 1.0), rng.uniform(0.02, 0.1), modes=p["feet_modes"])
            if rng.random() < 0.15:
                k += rng.uniform(0.05, 0.2)
                v = math.sqrt(2.0 * G_MS2 * rng.uniform(0.01, 0.03))
                while v > 0.05:
                    s.impulse(k, m * v * (1.0 + e), down(rng, 0.3), tc)
                    v *= e
                    k += 2.0 * v / G_MS2
                if rng.random() < 0.4:
                    s.impulse(k + rng.uniform(0.02, 0.06), m * _edge_speed(m) * (1.0 + e), down(rng, 0.6), tc)
        else:
            s.impulse(k, m * rng.uniform(0.02, 0.15), down(rng, 1.0), 0.002)
        t += rng.uniform(0.2, 0.6)
    if rest:
        tremor = rng.uniform(0.005, 0.03) / s.mass / G_MS2 * 1000.0
        s.sine(start, t, tremor, rng.uniform(8.0, 12.0), sideways(rng), 0.1, 0.0, 0.4)
        s.tilt_to(t, t + rng.uniform(0.1, 0.3), r0, p0)
    return t
