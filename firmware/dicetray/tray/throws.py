# Throw, settle and tilt detection over LIS3DH samples (mg), in integers only.
#
# The same code runs on the board and on the host (`dicetray detect`). Feed it
# every sample; it keeps a handful of integer filters, allocates nothing per
# sample and counts time only from the t_ms it is given.
#
# Physics it relies on (see docs/throw-detection.md for the figures):
# - a throw lands on a tray that was resting: the slow part of the signal
#   (gravity plus hand or lifting motion) was steady before the first impact;
# - dice impacts are sharp and come several in a row: bounces, other dice,
#   face slaps while rolling; a table bump or a key tap is one ring that only
#   decays; a buzzing phone or a washing machine is steady, not impulsive;
# - dice fall, so their impacts push the floor down: the fast part is mostly
#   vertical, while a buzzing phone or a bumped table shakes it sideways;
# - knocks on the table come through the feet from one spot: impacts of one
#   strength, the same way, with only the tray's ring between and after;
#   a die's bounce is weaker than its landing, and dice roll on after;
# - dice are still when nothing has rung for a while, and that while is
#   longer after a hard impact, because a die may still be in the air.
#
# Comments here, not docstrings: compiling this module from source (the unix
# port's tests, a board given .py files) holds every docstring's text in the
# heap until the module is built; the detector is the largest module the tray
# imports.

from micropython import const

from dicetray.tray.impacts import Impacts
from dicetray.tray.tilt import check as tilt_check, rest_off as tilt_rest_off, set_down as tilt_set_down

EV_NONE = const(0)
EV_THROW = const(1)
EV_SETTLED = const(2)
EV_TILT = const(3)
EV_LEVEL = const(4)
EV_MOVED = const(5)     # something moved after the dice were still: faces may have changed

# Filters: exponential averages in fixed point, rates in 1/1024. Enough
# fraction bits that slow averages still move at 400 Hz; every product stays
# below 2**30, the small-int limit on the RP2040, so nothing is allocated.
_LF_FX = const(6)
_G_FX = const(8)
_LF_TO_G = const(2)
_STA_FX = const(2)
_FLOOR_FX = const(8)
_TAU_LF_MS = const(24)          # slow part: gravity and hand motion, < ~7 Hz
_TAU_STA_MS = const(6)          # short-term level of the fast part
_TAU_MID_MS = const(4)          # upper edge of the low band, about 40 Hz
_TAU_G_MS = const(400)          # resting gravity for rest and tilt checks
_TAU_FLOOR_MS = const(1000)     # background level (noise, a humming machine)
_FLOOR_LEARN_MS = const(500)
_TAU_ENV_MS = const(80)         # slowest decay of a single ring (table, feet)

# Rest: the slow part stays within this of resting gravity for this long.
_REST_DEV_MG = const(25)
_REST_BEFORE_MS = const(300)
# (feed() compares the offset in 1/256 mg, unshifted: over _REST_DEV_MG is
# this much or more, and 1000 mg is _FAR_OFF)
_REST_DEV = const((_REST_DEV_MG + 1) << _G_FX)
_FAR_OFF = const(1000 << _G_FX)
# An onset is armed once sta falls back under half its level: _ARMED_QUIET
# while the sample just before was under that half, _ARMED after a louder
# sample that started nothing (dice fall through the air and touch nothing
# before they land; a hand in the tray murmurs before it moves it).
_DISARMED = const(0)
_ARMED_QUIET = const(1)
_ARMED = const(2)
_ARMED_RISE = const(4)      # round 57: a blow's rise held after a move's settle (window.py's _rise)
# Or, right after a throw's settle with the tray unmoved since, an onset 6
# times over its level: dice landing after a knock taken for a throw (the
# last slaps of dice just settled, a hand's next click read a few times the
# level; after an EV_MOVED's settle a hand may still be picking).
_LANDING_X = const(6)
# Round 44: after a move's settle (the hand's pick) only 2 x, if that first
# sample is as much down as half sideways (a die falls onto the floor, a hand
# slides dice along it); the window must then reach a third of the last
# throw's peak (a hand picking on read 0.23-0.31 of it on the tuning seeds)
_MOVED_LANDING_X = const(2)
# Round 70 (swallow70): in a window a key or a settle's move opened (the
# hand's pick), a blow over this many times all before it, once the first
# ring has shown its peak (_PEAK_MS), opens a window of its own with no
# quiet before it (_candidate): the hand still in the tray murmurs up to the
# dice's landing (bare quick 5042 at 200 Hz: the pick's 131 mg 43 ms before
# dice at 419 and 1,407 mg; 36 mg 43 ms before them at 2.4 s)
_PICK_OVER_X = const(3)
# (and _LANDED_X: settle.py's _bars, since round 62)
# Round 52 (miss52): an impact this many times over the onset level opens a
# window on a tray that has not rested (re-armed: it fell under half the
# level since the last onset). A hum or the table's sway after a knock keeps
# the slow part swinging 20-250 mg about rest, so the 300 ms of rest never
# come, while dice strike the floor from inside at 6-13 x the level that
# the hum's floor has already raised; the window is judged as any other.
# Only while the slow part swings about rest: it was within _REST_DEV_MG of
# it at the sample before, or has been off it for at most _SWAY_MS (half a
# period of 8 Hz, the slowest sway of a hum, a table's top or a tray on its
# feet; since rounds 57-58 up to 5/4 of the tray's own swing, _SWAY_MAX,
# on a tray that sways through rest and over). A tray lifted, carried,
# tilted or set down holds the slow part off
# rest for the whole move (117 ms to seconds before the put-down's thump on
# the tuning seeds, where 6 x alone made 81 false throws as the board reads).
# Round 53 (miss53): and not what a window on a rested tray never meets
# (window.py's _unrest, key_down): a run off rest longer than a sway's in
# the last _REST_BEFORE_MS (a tray set down), a key of the pad (ringing, or
# its contact the onset: the scan tells of it before the window is judged),
# the time after a settle (_MOVED_WINDOW_MS) and, within a die's flight of
# a refused window, an impact under that window's peak (its bounce).
_UNREST_X = const(6)
_SWAY_MS = const(60)
# Round 57 (sway57, sway56's second form): while the dice settle after a
# throw, a slow ring that holds the slow part off rest this long or shorter
# at a stretch, on the other side of rest from the run before, is the tray
# swaying as a body, not a hand moving it nor a die leaning it: half a
# period of 2 Hz, the slowest sway of a tray (on a cushion or a lap; a
# folding table's top sways at 3-8 Hz, a tray on its feet or a mat rocks at
# 8 Hz and more)
_SWING_MS = const(250)
# Onset of a candidate throw, then the evidence window.
_ONSET_MG = const(30)
_ONSET_FLOOR_X = const(4)
_EVAL_MS = const(400)
_THROW_PEAK_MG = const(50)
_IMPULSE_MG = const(12)
_IMPULSE_FLOOR_X = const(3)
_PEAK_MS = const(60)
# Figures impacts.py's _pattern reads too (written in both, tests/test_tray_split.py):
_SIDE_IMPS = const(4)           # kept impacts before the current one
_SOFT_PEAK_MG = const(35)
# The first 200 ms of a window: its energy there (_pattern's fading rumble)
_HALF_MS = const(200)
# Settle: quiet for this long, and 1 ms per mg of the last loud sample (a
# die may still be in the air after a hard impact), up to _FLIGHT_MAX_MS.
_QUIET_MG = const(6)
_QUIET_FLOOR_X = const(2)
_QUIET_MS = const(200)
# Dice still moving under the quiet level (round 15): a die's last slaps,
# a die spinning down on a face (a corner taps the floor at 15-100 Hz, each
# tap weaker), are impulses: the reading changes from one sample to the next
# as much as it is big. So the change per sample (of x + y + z: the taps are
# mostly vertical, noise on the three axes is independent) averaged over
# 24 ms over 5/4 of the noise's + 1 mg is dice moving: noise's own is 0.8 of
# the floor (the mean L1 of the fast part) and less when the part's filter
# smooths it. That must be quiet for 75 ms (the taps come at least every
# 67 ms; a slap of a die that rolls on is loud), and, as ever, 150 ms after
# EV_THROW at the least (till round 14: the 24 ms level over floor + 5 mg
# for 150 ms, which did not see a spin-down at 1.2-2 x the floor).
_TAP_X = const(5)               # (x 1/4 of the floor)
_TAP_MG = const(1)
_TAP_QUIET_MS = const(75)
_MURMUR_QUIET_MS = const(150)
_MURMUR_CREDIT_MS = const(100)
# A ring changes per sample by 2 sin(pi f dt) of its size: one whose change
# per sample stays under 3/5 of its level (f under about a tenth of the
# rate) is a ring, not dice: a table's top ringing on after the dice at
# 3-18 Hz for a second or more (1-3 % of critical), or the tray's feet
# ringing down. It does not hold the settle (round 15).
_SLOW_X = const(5)
_SLOW_Y = const(3)
# A level that stays within half of itself for 6 x 250 ms while moving
# is a hum that started under the throw: the dice are still against it.
_STEADY_STEP_MS = const(250)
_STEADY_STEPS = const(6)
# A "hum" whose level falls under a quarter of itself was dice (round 28)
_HUM_GONE = const(4)
# A hum is a steady vibration: a machine's drum turns at 8-20 Hz (with its
# second harmonic, at most 40 Hz), and a sine of f changes per sample by
# 2 sin(pi f dt) of its size, at most about dt / 4 (ms) of it at 40 Hz;
# the noise's change is about 0.8 of its level (three axes, white). Dice
# rolling on are impacts, each a jump a sample wide. So a level whose change
# per sample is over 5/4 of the larger of the two (64ths: _HUM_CHG_DT x dt,
# at least 64) is dice, not a hum (round 31): at 400 Hz over 1 x its level,
# at 200 Hz over 1.56 x; at 100 Hz (3.1 x) no test.
_HUM_CHG_DT = const(20)
_FLIGHT_MAX_MS = const(450)
# Long flights follow the loudest impacts (a hard die bouncing off the
# floor); a die that rolls slaps the floor from a few mm: on a light tray
# those slaps are loud too, yet nothing flies. So the hold is taken only
# from impacts of at least half the throw's peak.
# Tray checks whether it stands tilted every _TILT_EVERY_MS while idle (tilt.py).
_TILT_EVERY_MS = const(50)
# Keys on the tray's own pad: the key scan says when one goes down (or up),
# about a debounce time after the contact, and the samples of that contact
# may have been fed already. Activity from _KEY_PRE_MS before to key_ms
# after is the key's ring. A candidate that a key may have started is a
# throw only if it is still loud (_LOUD_X below) _KEY_TAIL_MS past the key's
# ring (dice go on bouncing and rolling, a key's ring only decays) and is
# judged a little later, so a key scan that reports late is heard first.
_KEY_PRE_MS = const(60)
_KEY_MS = const(300)
_KEY_TAIL_MS = const(100)
_KEY_WAIT_MS = const(1200)      # a keyed candidate waits for the keys' rings to end, this long at most
_KEY_RINGS_MS = const(_KEY_MS + _KEY_TAIL_MS + 2 * _KEY_PRE_MS)   # from the last key's touch to its rings' end (the keyed wait's end)
_KEY_LEAD_MS = const(100)       # a key this soon after the onset may be what started it
# Which impacts are a key's (its contact from _HIT_BEFORE_MS before the
# report to _HIT_AFTER_MS after), and the rules for a window a key may have
# started: impacts.py (the same figures there).
_HIT_BEFORE_MS = const(60)
_HIT_AFTER_MS = const(30)
# "Still loud after the key's ring" means over 3/2 of the quiet level (round
# 14): on a lightly damped tray (feet at 4-15 % of critical) a key's ring,
# and its release's, still crosses the quiet level 100 ms after the mask;
# dice that still roll then slap the floor at several times it. A ring that
# only just crosses it is dice only if they struck harder than the keys.
_LOUD_X = const(3)              # (x 1/2)
# After a settle, whatever starts within this time is reported as EV_MOVED
# (a die that balanced on an edge falls over), once it has lasted longer
# than a key's contact could hide.
_MOVED_WINDOW_MS = const(2500)
# ... but loud enough to be no topple (round 19): a die balanced on an edge
# drops its centre about 0.2 x its side (3-5 mm) and slaps the floor at
# 0.2-0.45 m/s; a thrown die lands at 0.8-3.5 m/s. So a window after a
# throw's settle that goes on ringing (a long tail: dice rolling on, not one
# slap) with a peak of 3/4 of that throw's or more is a new throw, when that
# throw was surely dice (3 x the throw level: 150 mg, or 3/5 of the weakest
# calibration throw).
# After the settle of a move (a hand picking dice out, a topple), the hand's
# next move is like its last: any pattern is a throw at 5 x that move's
# peak and 3/4 of the last throw's. Never while a key rings.
# (_MOVED_THROW_X, _MOVED_SURE_X, _MOVED_MOVE_X: window.py's _moved_loud_after)
# And (round 22, for keys the detector is not told of: `dicetray detect` on a
# plain CSV) after the settle of a throw that started on a resting tray with
# no key in its window, nothing under a quarter of that throw's peak is a
# throw, whatever its pattern: the dice still lie in the tray and the players
# key their faces; a fingertip (5-20 g at 0.1-0.4 m/s) brings far less
# momentum than dice, and a press and its release read as separate impacts.
# A quarter, not a half: one die's peak varies 3-4 x from throw to throw
# (flat, on an edge, on a corner). Not after a throw judged in a settle's
# window or with a key: on a light tray a key reads as loud as dice, so such
# a "throw" may have been keys and sets no bar (the bar is _LIE_PEAK's, below,
# when the last settle set it; round 45: one in a settle's window with no
# key renews the fifth below, never lowering it: window.py).
# Past the moved window (round 25) the dice still lie in the tray while the
# players key their faces and a hand takes them out, die by die: a fingertip
# on the floor, a die clicked against another or the wall, a die that slips
# from the fingers and drops 1-3 cm (0.44-0.77 m/s, and no sideways speed to
# roll on), where a thrown die falls from the hand's height and lands at
# 0.8-3.5 m/s. So until _LIE_MS after that throw's settle (keying 1-6 faces
# and picking 1-3 s) nothing under 1/_LIE_X of its peak is a throw. A fifth,
# not the quarter: a new throw can come in that time, as soft as 0.21 of
# the one before on the tuning seeds (one die, flat or on a corner).
_LIE_MS = const(8000)          # (_LIE_X: settle.py's _bars, since round 62)
# And in that time (round 28) a window under half that throw's peak, with
# few impacts (at most _SIDE_IMPS kept at the verdict: no die rolling on)
# and shaken about as much sideways as down (vertical part under _LIE_UP_Y / _LIE_UP_X of the
# sideways part) is the hand sliding the lying dice out: a die pushed along
# the floor clicks sideways into another or the wall, where a thrown die
# falls onto the floor and its landing pushes the floor down. (On the tuning
# seeds the next throws softer than half the throw before with few impacts
# read 1.5 x as much down as sideways or more; the few throws with few
# impacts under 4/3 were louder than half: 0.56 at the least.)
# (_LIE_UP_X, _LIE_UP_Y: settle.py's _bars, since round 62)
# The window keeps its impacts (impacts.py: a rise over the single ring's
# envelope and the _IMP_MS after it; up to _IMP_N of them) for the rules that
# read them once per window: knocks on the table, a key's press and release,
# clicks at a hand's pace. Knock-like impacts are a throw only if something
# moves after the last big one within _AFTER_MS (a rolling die slaps every
# 20-50 ms; after a knock the tray only rings); a slap alone waits as long
# as a die can fly (_FLIGHT_MAX_MS).
_IMP_MS = const(15)
_IMP_N = const(6)
_AFTER_MS = const(300)
# A knock on a folding table (round 13): the table's top rings on after the
# blow and the tray's own ring are over, _RING_FROM_MS into the window; the
# late part after it is summed here and judged by impacts.py's _table_rings.
_RING_FROM_MS = const(200)
# A blow on the table reaches the tray through its feet: only their slow
# modes ring; a die strikes the floor from inside, a spike. Only 400 Hz (a
# sample every 3 ms or less) passes enough of that spike to see it (round
# 21): one blow and nothing after it (patterns 2, 4, 5) with no spike
# (impacts.py's _spiked) is a knock.
_SPIKE_DT = const(3)
# Round 74 (pick74): the first blow counts as read at 400 Hz when this
# many of its _PEAK_MS's samples came _SPIKE_DT or less after the last
# (400 Hz: mostly 20-23, 6 after a FIFO overflow; 200 Hz: 0-2, a batch's odd stamp)
_EDGE_N_MIN = const(12)
_RUNG_X = const(5)              # (impacts.py's: a hard strike, x the quiet level; finger53's bounce is asked only then)
# Round 30: the same spike read on z's change from one sample to the next.
# A blow through the feet rings only the tray's modes, and a ring of f Hz
# sampled every dt changes by at most 2 sin(pi f dt) of its size a sample:
# 0.62 for 40 Hz (the low band's upper edge) at 400 Hz. A die's contact
# (0.1-4 ms) passes the sensor's ODR/2 filter as a pulse a sample or two
# wide: z jumps by about its whole height. So at 400 Hz a window whose
# peak came in its first _PEAK_MS, from the onset's sample on, and whose z
# there never changed by _EDGE_X / _EDGE_Y of its largest |z| in a sample
# is one blow that only rang: a knock (the knocks it refuses read 0.34-0.62
# on the tuning seeds, the throws whose peak came first 0.66 and over).
# Round 21's low band (a 4 ms average) takes 40-60 Hz feet down too, so
# knocks read 1.13-1.34 there and passed.
# Round 34 (margin34): that bound has no room for a die whose contact is
# long against the sample (felt 1.5 ms, box 0.5-2 ms, light 1-4 ms: up to
# 1.6 samples at 400 Hz) or whose pulse the samples straddle: its largest
# change per sample then reads 0.45-0.62 of its largest |z| (throws
# refused on fresh seeds), as a knock's. The change of that change tells
# them apart: a ring of f bends its slope in a sample by at most 2 sin(pi f
# dt) of its largest change (the kink where it starts included: there the
# slope goes from none to one sample's change), under 1 up to ODR/6 (67 Hz
# at 400 Hz, over the feet's); a pulse a sample or two wide rises and falls
# within a sample or two, so z's second difference reaches up to twice its
# height. A first blow whose largest change is under 5/8 of its largest |z|
# but whose second difference reached that |z| did not only ring: a die's
# spike (the knocks that rule refuses read 0.20-0.76 of their largest |z|
# on 5000-5419 / 5500-5919, the two throws 1.03-1.07).
_EDGE_X = const(5)
_EDGE_Y = const(8)
# Round 43 (knock43): a knock on a solid table rings its top at 20-45 Hz and
# the tray rides it (its support is stiffer): 0.63-0.74 a sample of its
# largest |z| at 400 Hz with the onset's kink, over 5/8. A ring's slope turns
# in a sample by 2 sin(pi f dt) of its largest change, as its z changes by
# that of its largest |z|: under 3/4, its second difference stays under its
# first (the knocks 0.73-0.86 of it). Hard dice read so too (0.82-0.85), but
# they land again: rises after the first ring (pattern 1). So only a window
# of one blow (patterns 2, 4, 5, as round 21's) under both is a knock.
_EDGE_R = const(3)
_EDGE_S = const(4)
# Round 54 (knocks54): or one blow of at most one kept impact whose second
# difference stayed under 4/5 of its largest |z| and whose peak is under 3/2
# of the low band's: a ring of f bends by 4 sin^2(pi f dt) of its size a
# sample, under 4/5 up to 59 Hz at 400 Hz (the feet, a table top), and the
# 4 ms low band keeps most of it; a die's contact, a pulse a sample or two
# wide, bends z by about its whole height, and a soft die's longer contact
# (1-4 ms), smooth at 400 Hz, is still a pulse the low band takes down.
_BENT_X = const(4)
_BENT_Y = const(5)
# After such a knock the top rings on and the slow part swings, so the tray
# does not count as resting: for _RING_WAIT_MS (impacts.py's _ring_on) an
# impact whose level is _RING_OVER_X times the ring's mean |z| starts a
# window anyway (a throw 0.6-1.5 s after a knock).
_RING_OVER_X = const(4)
# Round 31 (knock31): at 100 Hz (_CO_DT) the late part's z, over the
# window's peak, is summed as one ring's (slots _CO_P ...); whether one
# sine fits it is impacts.py's _one_ring.
_CO_DT = const(8)
_KNOCKS = const(2)              # (impacts.py's _knocks(): knocks, or knock-like)
_KNOCK_LIKE = const(1)
# Slots of the impacts array after the kept impacts (few attributes keep the
# instance's dict small): the current impact, then the knock-like wait.
_CUR_T = const(24)              # _IMP_N * 4
_CUR_M = const(25)
_CUR_X = const(26)
_CUR_Y = const(27)
_WAIT_WHY = const(28)           # the pattern that waits for dice moving after knock-like impacts
_HELD_WHY = const(16)           # ...or, with this bit, held at set_down (round 66, tilt.py)
_LATE = const(29)               # impacts since _LATE_MS after the last big one
_KNOCK_T = const(30)            # when the last big one started
_KEYMARK = const(31)            # bit i: kept impact i started with a key's contact; bit _IMP_N: the current one;
_RANG = const(128)              # bit _IMP_N + 1: a key's ring was on at the onset (impacts.py's _keyed_start)
_KW_ON = const(256)             # bit 8: waiting for the key scan (impacts.py's _keyed_wait)
_KW_NOW = const(65536)          # bit 16: a key reported while it waited
# (bit 18, _KW_UP: the last key told in the window was a release; impacts.py's)
# ... then the tilt's: the level reference (gravity at rest on a level tray,
# mg: calibration's, else learnt at the first rest), 1 while it is still to
# be learnt, the slow part where it came to rest (mg) and how many checks in
# a row found it still there.
_REF = const(32)                # x, y, z, to learn
_TB = const(36)                 # x, y, z, checks
_RING = const(40)               # after _RING_FROM_MS: sum |dz| dt, sum |z| dt; the last z;
                                # then until when a knock's table rings, and its level
_LOUD = const(45)               # the last time loud (_LOUD_X) in no key's ring; as for
_LOUD_CK = const(46)            # _free_t, that time kept at the last check, and at
_LOUD_OLD = const(47)           # the one before (a key reported late)
_HAND_T = const(48)             # idle: the last sample over _HAND_X x the floor in no key's ring,
_HAND_RUN = const(49)           # when that run of such samples began,
_HAND_PREV = const(50)          # and the last such sample before that run
_HAND = const(51)               # 1: this window began with the hand in the tray
_RING_KEY = const(52)           # ms of the late part in a key's ring (not summed in _RING)
# With a ring learnt at setup (ring.py, its _N and _MASK): the late part's
# last _RBUF_N samples in a circle, the count after them
_RBUF_N = const(256)
_RBUF_MASK = const(255)
_LIE_PEAK = const(53)           # the last throw's peak (its bar, _LIE_X), when it set one,
_LIE_UNTIL = const(54)          # and until when that bar holds (_LIE_MS after its settle)
_TAP_V = const(55)              # the window's change per sample (the settle's tap test, round 26):
_TAP_A = const(56)              # the last x + y + z, its change averaged over 24 ms,
_TAP_T = const(57)              # the last time that was over the tap level,
_TAP_L = const(58)              # and the tap level (the floor holds still in a window)
_SILENCED = const(59)           # bit i: kept impact i came after the tray was silent (impacts.py); bit _IMP_N: the current one
_FINGER_T = const(60)           # the last window refused as a finger on the pad: its judgment,
_FINGER_PEAK = const(61)        # and its peak (impacts.py's _finger_run); -1 once the key scan told of a key
_HAND_M = const(62)             # the peak level of the run over the hand's level (_HAND_RUN),
_HAND_PREV_M = const(63)        # and of the run before it (impacts.py's _hand, _press_release)
_WIN_T = const(64)              # the last refused window's last time over the quiet level,
_WIN_M = const(65)              # and its peak level (impacts.py's _press_release)
_EDGE_V = const(66)             # the first _PEAK_MS at 400 Hz (round 30): the last hz,
_EDGE_D = const(67)             # the largest change of hz in a sample,
_EDGE_Z = const(68)             # the largest |hz|,
_EDGE_M = const(69)             # and the window's peak by then
_SHOVE_T = const(70)            # round 30 (keymask30): the last told key's shove of the slow part,
_REST_OLD = const(71)           # the rest before the last run of motion,
_MOVE_T = const(72)             # and when that run began
_CO_P = const(73)               # round 31 (knock31): at 100 Hz the late part's z over the window's
_CO_Q = const(74)               # peak (x 32), summed as one ring's: sum (z0 + z2)^2, (z0 + z2) z1,
_CO_R = const(75)               # z1^2 (_CO_DT below);
_CO_Z1 = const(76)              # and the last two of those z
_CO_Z2 = const(77)
_CO_S = const(78)               # (ringmargin31) the ring's z^2 from 100 to 160 ms, the same steps
_EDGE_P = const(79)             # round 34 (margin34): the first _PEAK_MS at 400 Hz: the last change of hz,
_EDGE_C = const(80)             # and the largest change of that change (z's second difference)
_MOVED_OVER = const(81)         # round 40: EV_MOVED only under this peak (window.py's _moved_loud_after)
# Round 49: two figures read only at a reset or a key, out of the instance's
# dict, which was full: a method looked up on self (_candidate, every sample
# of a window) misses it first and a miss probes to an empty entry
_FLOOR0 = const(82)             # the floor learnt at setup, the floor's start at each reset (<< _FLOOR_FX)
_KEY_UP_T = const(83)           # the last key's release (round 47's gap)
_STEP_OR = const(84)            # round 50 (late50): the readings at each window's onset ORed (the part's step, window.py's _settle_levels)
_SWAY_T = const(85)             # round 52 (miss52): when the slow part's last run off rest began (idle, no key's shove)
_UNREST_T = const(86)           # round 53 (miss53): the onset of the last window opened without rest (window.py's _unrest)
_HELD_T = const(87)             # round 53 (miss53): when the last run off rest longer than a sway's (_SWAY_MAX) ended (idle)
_ENV_LAG = const(88)            # round 53 (finger53): the envelope a sample before the last (89, 90: window.py's _bounce)
_PRE = const(91)                # round 56 (lead): the rest before the throw, x, y, z (1/256 mg), kept when tilt.py's
                                # rest_off rested the tray elsewhere, and (94) that window's throw_start_ms
_SWAY_MAX = const(95)           # round 57 (onedie57): the longest run off rest that is a sway's, _SWAY_MS or 5/4 of the tray's swing (idle)
_RISE_T = const(96)             # round 57 (rise57): the first sample of the last blow's rise held after a move's settle (window.py's _rise)
_LAST_LOUD_MG = const(97)       # round 63 (hold63): the mg of the window's last loud sample, at _loud_t (settle.py's _flight)
_QUIET_T = const(98)            # round 67 (hold67): since when a verdict tilt.py's set_down holds has read the tray quiet
_ONSET_UP = const(99)           # round 74 (hexa74): the onset's sample struck straight down, |z| >= 2 (|x| + |y|) (set after each _start below)
_EDGE_N = const(100)            # round 74 (pick74): the first _PEAK_MS's samples read _SPIKE_DT or less after the last
_BAND = const(101)              # round 73 (learn73): the window's sum |d(x + y + z)| dt (its change per sample, _TAP_V's),
_BAND_X = const(102)            # and the floor-band bound learnt at Tray setup (x 1/1024 of _energy; 0: none, the rule off)
_IMP_SLOTS = const(103)         # (328 -> 336 -> 340 -> 344 -> 352 -> 364 -> 380 -> 384 -> 388 -> 392 -> 396 -> 400 -> 404 -> 412 bytes)
# A throw's dice fall through the air and touch nothing until they land:
# the tray is quiet (at its noise) before the first impact, apart from keys
# the tray knows of. A hand picking dice out works in the tray: a fingertip's
# touch, a die slid and clicking into another, scraping, the floor unloading
# as a die is lifted, 0.2-0.6 s before a die that slips from the fingers
# lands. When the idle tray was over _HAND_X x its floor and _HAND_MG over
# it (at 100-200 Hz the noise's own sta, one sample's size, reaches 3-5 x
# the floor within a second before 5 % of the tuning seeds' throws, 4-12.5
# mg over it; a finger's touch or a die's click is 5-30 mg) in no key's ring within
# _HAND_MS before the onset, and not only in the onset's own rise (a run
# that began under _HAND_EDGE_MS before it; nor the _HAND_SETTLE_MS after a
# settle: the tail of what was settled), the window is a throw only as
# separate impacts with _SIDE_IMPS + 1 or more (several dice, rolling on),
# a long tail (pattern 2: round 19 meant to refuse it, its check comes
# after) or a decaying rumble (many dice); one die's shapes are the hand's.
_HAND_X = const(6)              # (x 1/2)
_HAND_MG = const(14)
_HAND_MS = const(500)
_HAND_EDGE_MS = const(30)
_HAND_GAP_MS = const(20)        # samples over the level this close are one run
_HAND_SETTLE_MS = const(90)     # what was settled rings down a little after
# With the hand in the tray, a window under _HAND_PEAK_X x the throw level
# is no throw of any pattern (round 26): a die slipping from the fingertips
# falls 1-3 cm and lands at 0.44-0.77 m/s, a thrown one at 0.8-3.5 m/s, so
# the slipped die rings the tray at most about as hard as the weakest throw
# of the same dice and mostly far less; 2 x keeps room for a throw softer
# than the weakest one (with Tray setup, 2/5 of its weakest).
_HAND_PEAK_X = const(2)
# A gap in the samples longer than this restarts the filters.
_GAP_MS = const(250)
# Rates are looked up per sample interval; longer intervals use the last.
_DT_MAX = const(40)

_IDLE = const(0)
_CANDIDATE = const(1)
_MOVING = const(2)



class Tray(Impacts):
    # Feed (t_ms, x_mg, y_mg, z_mg); get one EV_* per sample.
    # (A window's onset and its settle, _start ... _watch, _settle: window.py,
    # the base of Impacts; round 51, so that this module compiles from
    # source in a smaller heap.)

    def __init__(self):
        # the rate tables, the impacts array, the default figures and a
        # fresh start: tray/traysetup.py, which app.py drops once the tray
        # is made and configured (play never needs it again)
        from dicetray.tray import traysetup
        traysetup.start(self)

    def configure(self, *figures, **named):
        # Figures learnt on this tray (tray/calibrate.py), 0 for the defaults,
        # in traycfg.FIELDS's order (traycfg.apply passes them so): floor_mg,
        # key_ms, throw_mg, gx, gy, gz, ring_chz, roll_ms, band_x (traysetup.configure)
        from dicetray.tray import traysetup
        traysetup.configure(self, *figures, **named)

    def reset(self):
        from dicetray.tray import traysetup
        traysetup.reset(self)

    def _restart(self, t, x, y, z):
        # First sample or after a gap: start the filters from this sample.
        self._imps[_STEP_OR] |= x | y | z     # (the part's step, as at an onset)
        self._bx = x << _LF_FX
        self._by = y << _LF_FX
        self._bz = z << _LF_FX
        self._gx = x << _G_FX
        self._gy = y << _G_FX
        self._gz = z << _G_FX
        self._sta = 0
        self._rest_since = t
        self._active_t = t          # unseen time proves nothing about the dice
        self._armed = _ARMED_QUIET
        if self._state == _CANDIDATE:
            self._state = _IDLE
            self._imps[_WAIT_WHY] = 0
            if self.moving:             # EV_MOVED was said: wait for still again
                self._watch(t, 0, False)

    def feed(self, t, x, y, z):
        dt = t - self._t
        self._t = t
        if (dt - 1) >> 5:   # not 1-32 ms (one test for the usual interval)
            if dt > _DT_MAX:
                if dt > _GAP_MS:
                    # first sample, or sampling resumed (woken by the activity
                    # interrupt): what comes first is the FIFO's history, so the
                    # tray counts as resting unless these samples show otherwise
                    self._learn_t = t + _FLOOR_LEARN_MS
                    self._restart(t, x, y, z)
                    return EV_NONE
                dt = _DT_MAX
            elif dt < 1:
                dt = 1

        # slow part (gravity + hand motion) and the fast part around it
        r = self._r_lf_sta[dt]
        a = r & 1023
        # an axis at a time in one local b, its slow part: x, y, z become
        # the fast part (fewer locals: a smaller frame per call), and dx,
        # dy, dz how far the slow part is from resting gravity (neither is
        # kept in locals: (self._bx << _LF_TO_G) - dx gives resting gravity back)
        b = self._bx
        b += (((x << _LF_FX) - b) * a) >> 10
        self._bx = b
        x -= b >> _LF_FX
        dx = (b << _LF_TO_G) - self._gx
        b = self._by
        b += (((y << _LF_FX) - b) * a) >> 10
        self._by = b
        y -= b >> _LF_FX
        dy = (b << _LF_TO_G) - self._gy
        b = self._bz
        b += (((z << _LF_FX) - b) * a) >> 10
        self._bz = b
        z -= b >> _LF_FX
        dz = (b << _LF_TO_G) - self._gz
        mag = (x if x > 0 else -x) + (y if y > 0 else -y) + (z if z > 0 else -z)
        sta = self._sta
        sta += (((mag << _STA_FX) - sta) * (r >> 10)) >> 10
        self._sta = sta
        sta >>= _STA_FX

        # (feed()'s frame comes from the heap on every call, a word a local and
        # a word per value of its deepest stack: the state is read twice
        # rather than kept, d stands for a hold and a quiet level below, and
        # _start() and _candidate() read sta themselves; 12 -> 11 blocks.
        # Round 75, cost75: 27 -> 23 words, 8 -> 7 blocks of the heap, on
        # the board's 32-bit port as on this 64-bit one: the moving path's
        # envelope in b and its quiet level in a, idle's largest offset in
        # b and its floor in lvl, each dead there by then)
        if self._state:     # (idle, the usual state, is 0: one test for it)
            if self._state == _CANDIDATE:
                # after a settle, something moved (a die fell over): said once the
                # window has lasted longer than a key's contact could hide
                if (self._moved_cand and t - self._cand_t0 > _KEY_PRE_MS and not self.moving
                        and not self._keyed):
                    self.moving = True
                    return EV_MOVED if self._peak < self._imps[_MOVED_OVER] else EV_NONE   # (round 40: window.py)
                # the tray's shift, summed here where the offset is at hand
                self._sx += (dx >> _G_FX) * dt
                self._sy += (dy >> _G_FX) * dt
                self._sz += (dz >> _G_FX) * dt
                return self._candidate(dt, x, y, z, mag)
            # _MOVING
            # settled once quiet long enough, and past any possible flight
            # (b: the envelope, a: the quiet level once a's rate is used)
            # the level over 24 ms (a ring's size beside its change; a hum's)
            lvl = self._lvl
            lvl += (((sta << _STA_FX) - lvl) * a) >> 10     # a: the slow part's rate
            self._lvl = lvl
            # the tray's own ring only decays after the last impact: a level
            # under a single ring's envelope is not dice moving
            b = (self._env * self._r_env[dt]) >> 10
            self._env = sta if sta > b else b
            # the change per sample, averaged (in the window's sums: _sx
            # the last x + y + z, _upright the average, _low_peak its level
            # for dice; each taken anew at EV_THROW)
            # (d: the change, then its average; one local less)
            d = x + y + z
            self._sx, d = d, d - self._sx
            r = self._upright   # (r: free here, its rates read; one attribute load less)
            d = r + (((((d if d > 0 else -d) << _STA_FX) - r) * a) >> 10)
            self._upright = d
            a = self._quiet_thr     # (a: the quiet level from here, read before _steady_check may raise it)
            if d >= self._low_peak:
                self._murmur_t = t - _MURMUR_QUIET_MS + _TAP_QUIET_MS
                if t >= self._steady_t:
                    self._steady_check(t, lvl, dt)
            # (the slow part off resting gravity by over _REST_DEV_MG on some
            # axis, as each axis in range: r, unless swung as below)
            if -_REST_DEV < dx < _REST_DEV and -_REST_DEV < dy < _REST_DEV and -_REST_DEV < dz < _REST_DEV:
                # (round 57: when the run off rest began; resting gravity
                # follows the slow part from within _REST_DEV_MG of it as while
                # idle for a throw whose window opened before the tray had
                # been sampled _FLOOR_LEARN_MS: resting gravity was then the
                # first samples, never a rest, and a sway it was learnt at an
                # end of comes back to its middle)
                self._rest_since = t
                if self._cand_t0 < self._learn_t and self.why:
                    r = (dt * 1311) >> 9        # (idle's: dt * 1024 // _TAU_G_MS)
                    self._gx += (dx * r) >> 10
                    self._gy += (dy * r) >> 10
                    self._gz += (dz * r) >> 10
                r = 1
            else:
                if t - self._rest_since <= dt:
                    # a run off rest begins: on the other side of rest (the
                    # sign of dx + dy + dz) from the run before? (_sy, _sz:
                    # the window's shift sums, free while moving; settle.py's
                    # _watch clears them)
                    r = dx + dy + dz
                    self._sz = self._sy and (r ^ self._sy) < 0
                    self._sy = r
                r = 0
            if _SLOW_X * d < _SLOW_Y * lvl:
                # a slow ring: the table's top, the tray's feet. Under a
                # single ring's envelope it only decays: after a throw (the
                # thrower's hand let go before the dice landed) it swings the
                # slow part to and fro around rest (the tray rocking back on
                # its soft mat, the table's top under it), no lift or tilt,
                # so that swing is not held as off rest (round 25). Not after
                # EV_MOVED: a hand or a finger may still lean on the tray, a
                # steady push the change per sample cannot tell from a ring.
                # Round 57 (sway56's second form): nor, after a throw, a run
                # off rest no longer than _SWING_MS on the other side of rest
                # from the run before: a tray that sways as a body (a folding
                # top, a cushion, a lap: 2-8 Hz, from before the throw)
                # carries the dice lying still to and fro with it, its slow
                # part through rest and over to the other side every half
                # period, its fast part that sway's own slow ring; a hand
                # lifting, tilting or leaning on the tray holds it off rest
                # for longer, and a die rolling on leans it one way only.
                if self.why and (sta < b or (self._sz and t - self._rest_since <= _SWING_MS)):
                    r = 1
                sta = 0
            if (sta >= a and sta >= b) or not r:
                # a throw's wait: a tray its landing left tilted? (round 56,
                # tilt.py); a move's, quiet _QUIET_MS: dice thrown straight
                # back? (round 55, settle.py)
                if self.why:
                    if t >= self._tilt_t:
                        tilt_rest_off(self)
                elif t - self._active_t >= _QUIET_MS and self._moved_over(t):
                    return EV_SETTLED
                self._active_t = t
                if mag > a and mag > self._half_peak:
                    d = t + self._flight(mag, mag)
                    if d > self._hold_until:
                        self._hold_until = d
                return EV_NONE
            if (t - self._active_t >= _QUIET_MS and t - self._murmur_t >= _MURMUR_QUIET_MS
                    and t >= self._hold_until):
                # a machine does not stop when the dice do: a level the hum
                # rule took for a hum that has fallen under a quarter of it
                # was dice rolling on at one level (round 28); still means
                # still against the tray's own floor again
                # (an odd quiet level is an entry's keys' bar, no hum's: window.py)
                if not a & 1 and (lvl >> _STA_FX) * (_QUIET_FLOOR_X * _HUM_GONE) + _QUIET_MG < a:
                    d = _QUIET_MG + (self._floor >> _FLOOR_FX) * _QUIET_FLOOR_X
                    if a > d:
                        self._floor_levels(t, d)
                        return EV_NONE
                self._settle(t)
                # a throw's settle waited _QUIET_MS with the slow part at
                # rest: the tray has rested that long already (round 30; from
                # the settle itself, dice landing 100-300 ms after a knock
                # taken for a throw started no window under _LANDING_X). Not
                # after EV_MOVED's settle: a hand picking dice may still be
                # in the tray (why is 0 after a window that was no throw)
                self._rest_since = t - _QUIET_MS if self.why else t
                self._armed = _DISARMED
                return EV_SETTLED
            return EV_NONE
        # idle: follow gravity and the background level. b: the slow part's
        # largest offset from resting gravity on an axis, read only against
        # _REST_DEV and _FAR_OFF (in 1/256 mg: they are shifted instead).
        # Within 16 mg on every axis (the usual idle sample: one test of the
        # three offsets ORed, where the three tests that find the largest
        # cost three times as much) it is under both, and 0 stands for it
        if ((dx + (16 << _G_FX)) | (dy + (16 << _G_FX)) | (dz + (16 << _G_FX))) >> (_G_FX + 5):
            b = dx if dx > 0 else -dx
            if dy > b:
                b = dy
            elif -dy > b:
                b = -dy
            if dz > b:
                b = dz
            elif -dz > b:
                b = -dz
        else:
            b = 0
        if t < self._key_until:
            # a key's press and release shove the tray on its feet (a finger's
            # 0.6-3 N on 0.15-0.35 kg: the slow part moves up to hundreds of
            # mg on a light tray) and let go: no new rest, so resting gravity
            # holds while the key rings, and the tray rests again as soon as
            # the slow part is back (learnt, it was dragged off and rest
            # waited for it to come back; round 19)
            pass
        elif not b or b < _FAR_OFF:     # (b is 0 or more: 0, the usual sample, is tested for truth, no compare)
            a = (dt * 1311) >> 9        # dt * 1024 // _TAU_G_MS, the same for dt <= _DT_MAX
            self._gx += (dx * a) >> 10
            self._gy += (dy * a) >> 10
            self._gz += (dz * a) >> 10
        else:                           # far off (lifted, turned over): just follow
            self._gx += dx      # (the slow part itself)
            self._gy += dy
            self._gz += dz
        lvl = self._floor               # (lvl: the floor, before this sample's step)
        if sta < (_ONSET_MG >> 1):      # under half of any onset level: the usual quiet sample
            # (the background's step here and below: one test less for the
            # usual sample, which needs no clamp at 4000)
            d = (sta << _FLOOR_FX) - lvl
            if t < self._learn_t:       # learn the noise quickly first (from floor_mg)
                self._floor = lvl + ((d * (r >> 10)) >> 12)    # (sta's rate)
            elif t >= self._floor_hold:     # (round 47: not over a key's window closed early)
                self._floor = lvl + ((d * dt) >> 10)
            self._armed = _ARMED_QUIET
        else:
            d = ((sta if sta < 4000 else 4000) << _FLOOR_FX) - lvl
            if t < self._learn_t:
                self._floor = lvl + ((d * (r >> 10)) >> 12)
            elif t >= self._floor_hold:
                self._floor = lvl + ((d * dt) >> 10)
            if ((sta << (_FLOOR_FX + 1)) > _HAND_X * lvl and ((sta - _HAND_MG) << _FLOOR_FX) > lvl
                    and not self._key_from <= t < self._key_until
                    and t - self.settled_ms > _HAND_SETTLE_MS):
                self._hand(t, sta)     # (impacts.py)
            lvl >>= _FLOOR_FX
            d = lvl * _ONSET_FLOOR_X     # (d: the onset level from here)
            if d < _ONSET_MG:
                d = _ONSET_MG
            if sta < (d >> 1):
                self._armed = _ARMED_QUIET
            # rest is judged before this sample: an impact itself shakes the slow
            # part (at the very start, with only the FIFO's history, no motion
            # seen counts as rest; after a throw's settle, a loud landing;
            # round 57: none of these in a blow's rise held, _ARMED_RISE)
            elif sta > d and ((self._armed & (_ARMED_QUIET | _ARMED) and (t - self._rest_since >= _REST_BEFORE_MS + dt
                                                and (t - self._imps[_SHOVE_T] >= _REST_BEFORE_MS
                                                     or sta > _LANDING_X * d)
                                                or self._rest_since == self._learn_t - _FLOOR_LEARN_MS
                                                or (self._rest_since == self.settled_ms - (_QUIET_MS if self.why else 0)
                                                    and (self.why or self._armed == _ARMED_QUIET)
                                                    and (sta > _LANDING_X * d
                                                         or (not self.why and sta > _MOVED_LANDING_X * d
                                                             and 3 * (z if z > 0 else -z) >= mag)))))
                              or (t < self._imps[_RING + 3] and sta > _RING_OVER_X * self._imps[_RING + 4])
                              or (self._armed and sta > _UNREST_X * d and self._unrest(t, dt))
                              or (self._armed == _ARMED_RISE and sta > _LANDING_X * d and self._rise(t, 2))):
                # (or, while a knock's table rings, an impact far over its ring:
                # the ringing top keeps the tray from resting)
                # (set up once per window, in a method: feed()'s frame, which
                # every sample allocates, stays small)
                if t < self._floor_hold:
                    self._imps[_REST_OLD] = self._rest_since    # (round 48: for key_down)
                if b >= _REST_DEV:    # (as below)
                    self._rest_since = t
                # resting gravity is the tray at rest: this sample is an
                # impact's, so the step above towards its slow part is taken
                # back (at 100 Hz a die's landing moved it 20 mg and more, and
                # the settle waited for the slow part to come back within
                # _REST_DEV_MG of a rest the tray never had; round 25)
                self._gx = (self._bx << _LF_TO_G) - dx
                self._gy = (self._by << _LF_TO_G) - dy
                self._gz = (self._bz << _LF_TO_G) - dz
                self._start(dt, x, y, z, lvl)
                # round 74 (hexa74): the onset's sample a blow straight down,
                # |z| 2 x |x| + |y| or more (a die striking the floor from
                # inside; impacts.py's _pattern). Here and below, not in
                # window.py's _start: that took window.py over its import heap.
                # Round 73 (learn73): the window's floor band (_BAND) and
                # round 74's (pick74) count of 400 Hz samples (_EDGE_N) from
                # 0, here too: every window starts at these two calls
                self._imps[_ONSET_UP] = mag + mag <= 3 * (z if z > 0 else -z)
                self._imps[_BAND] = self._imps[_EDGE_N] = 0
                # Round 70 (keymask70; round 54's keymask54 step 2): after a
                # settle under an entry's keys (round 69's odd quiet level,
                # kept by _start) the moved window runs from the entry's
                # last key too, as it did when each key held the wait: the
                # player keys the dice that lie there, then picks them up
                # (tin throw6_hard 5355 as modelled: the pick 2.0 s after the
                # last key, 4.5 s after the settle, judged a throw; fresh
                # 6140 at 400 Hz). Here, not in window.py's _start: there it
                # took window.py's import over its 45k at 4 of 15 path
                # lengths; here throws.py's 98.25k -> 98.5k (93 characters,
                # of 99k). Once a window, nothing a sample
                if self._quiet_thr & 1 and t - self._key_from < _MOVED_WINDOW_MS + _KEY_PRE_MS:
                    self._moved_cand = True
                return EV_NONE
            elif self._armed:
                # over half the onset level, no onset. A die landing on a
                # quiet tray shakes the slow part with its first sample
                # (its 24 ms average moves 25-80 mg), which can still be
                # under the onset level: the rest held before that sample
                # stands until the impact is over the onset level or falls
                # back. Only when the sample before was quiet (_ARMED_QUIET,
                # not _ARMED): dice fall through the air and touch nothing, while a
                # hand in the tray murmurs and sways it before it moves it.
                # (round 57: or, after a move's settle, a blow's rise held
                # while the key scan may still tell of a press: window.py's _rise)
                if self._armed != _ARMED:
                    if self._armed == _ARMED_QUIET and b >= _REST_DEV and t - self._rest_since >= _REST_BEFORE_MS + dt:
                        self._armed = _ARMED
                        return EV_NONE
                    if self._rise(t, sta > d):
                        return EV_NONE
                self._armed = _ARMED
        # the slow part moved: no rest (stored after the onset's test, which
        # judges rest before this sample), unless a told key shoves the tray
        # (round 30, keymask30: the dice may land while the key is held)
        if b and b >= _REST_DEV:        # (as above)
            if t < self._key_until:
                self._imps[_SHOVE_T] = t
            else:
                if t - self._rest_since > _DT_MAX:
                    self._imps[_REST_OLD] = self._rest_since  # the rest before this run of motion,
                    self._imps[_MOVE_T] = t                   # and when that run began
                if t - self._rest_since > dt:
                    # (round 52: the sample before was at rest; round 53: a run
                    # off rest longer than a sway's ended there)
                    d = self._rest_since - self._imps[_SWAY_T]
                    if d > self._imps[_SWAY_MAX]:
                        self._imps[_HELD_T] = self._rest_since
                    # round 57 (onedie57): a tray on a soft support (a cushion,
                    # a lap, a folding top) sways at 1-4 Hz, its runs off rest
                    # 60-300 ms, back through rest between them for a quarter
                    # of a run or more (and chattering over the bound as they
                    # start and end; one side of rest only if it is not rest's
                    # middle): while the runs stay under _REST_BEFORE_MS and
                    # rest lasts under a period of 1 Hz, a run is a sway's up
                    # to 5/4 of the longest such swing. A lift or a tilt holds
                    # the slow part off; a tray carried trembles off rest and
                    # back for a few ms (table pickup 5023: 240-290 ms off,
                    # 11-42 ms back, then set down). Round 58 (onedie58): and
                    # only when this run is on the other side of rest (the
                    # sign of dx + dy + dz) from the run that ended: a sway
                    # goes through rest and over, a hand tilting or lifting
                    # the tray moves it one way (_sy: the side of the run
                    # before, as sway57's while moving; free while idle), and
                    # not from the run straight after a long run or a long
                    # rest: a sway repeats, a hand's move goes on from its
                    # lift (tin pickup 6089 swaying 30 mg at 2 Hz: a lift of
                    # 1,606 ms, a run of 296 ms, back on the other side, set
                    # down 6 x the level at 6916). Round 58 (lead): a long
                    # run is 500 ms or more, half a period of 1 Hz, the
                    # slowest sway (at 1 Hz every other swing runs 285-360 ms)
                    a = dx + dy + dz
                    if d >= 500 or t - self._rest_since >= 1000:
                        self._imps[_SWAY_MAX] = _SWAY_MS
                        a = 0
                    elif (d + (d >> 2) > self._imps[_SWAY_MAX] and (t - self._rest_since) << 2 >= d
                          and self._sy and (a ^ self._sy) < 0):
                        self._imps[_SWAY_MAX] = d + (d >> 2)
                    self._sy = a
                    self._imps[_SWAY_T] = t
                self._rest_since = t
        if t >= self._tilt_t:
            self._tilt_t = t + _TILT_EVERY_MS
            return tilt_check(self, sta)
        return EV_NONE

    def _candidate(self, dt, hx, hy, hz, mag):
        # Collect evidence for _EVAL_MS, then decide: throw or not.
        t = self._t     # (t and sta not passed: a shorter call keeps feed()'s frame small)
        sta = self._sta >> _STA_FX
        #
        # A throw has a sharp peak; more rings after the first that rise over
        # the envelope a single ring (bump, key tap) decays within; a high
        # peak over the mean (dice knock, a phone or a washer hums); energy in
        # the low band where the tray rocks on its feet (any die impact sets it
        # off, a phone's buzz does not); and the tray stays where it was. Or,
        # instead of the rises: a die that barely rolls keeps the tray loud
        # long after a single ring would have died; many dice at 100 Hz blur
        # into a rumble that has rises and dies away, unlike a steady hum.
        #
        # (EV_MOVED and the tray's shift: in feed())
        span = t - self._cand_t0
        peak = self._peak
        if mag > peak:
            if mag >= self._throw_peak and t >= self._key_until and (
                    self._keyed and t - self._active_t > _KEY_TAIL_MS
                    or self._moved_cand and self._cand_t0 < self._active_t < t - _QUIET_MS and mag > peak + peak
                    or (self._keyed or self._moved_cand) and span > _PEAK_MS and mag > _PICK_OVER_X * peak):
                # round 42: louder than anything in the window a key opened,
                # after the key's mask and a quiet: dice landing (a face
                # keyed and thrown again at once). Round 61 (mergedq61): or,
                # in a window opened after a settle (the hand's pick, a key),
                # a first sample over twice all that came before a quiet of
                # _QUIET_MS in the window: dice thrown into the window the
                # pick opened (a hand lifting dice out shakes the tray weakly
                # and has left it before they land; dropped dice strike the
                # floor far harder, 2.4-87 x the pick on the quick
                # re-throws). Neither inside a key's mask: a release's clack
                # can read over twice its press. Round 70 (swallow70): or, in
                # either window, past its first ring (_PEAK_MS), a sample over
                # 3 x all before it with no quiet: the hand has not always
                # left the tray when the dice land (_PICK_OVER_X). A window
                # of its own, from here
                d = self._floor >> _FLOOR_FX     # (a local: the call's stack a word shorter)
                self._start(dt, hx, hy, hz, d)
                self._imps[_ONSET_UP] = mag + mag <= 3 * (hz if hz > 0 else -hz)     # (as in feed)
                self._imps[_BAND] = self._imps[_EDGE_N] = 0
                return EV_NONE
            self._peak = peak = mag
        if mag > (peak >> 1):
            self._loud_t = t        # a die may fly after this one (the settle's hold)
            self._imps[_LAST_LOUD_MG] = mag
        # the low band, an axis at a time in one local v, their level in d
        # (this method's frame comes from the heap on every sample of a
        # window: fewer locals, fewer blocks to find; v and d are taken
        # again below. Round 75, cost75: 34 -> 31 words, 10 -> 9 blocks)
        a = self._r_mid[dt]
        v = self._mx
        v += (((hx << _STA_FX) - v) * a) >> 10
        self._mx = v
        d = v if v > 0 else -v
        v = self._my
        v += (((hy << _STA_FX) - v) * a) >> 10
        self._my = v
        d += v if v > 0 else -v
        v = self._mz
        v += (((hz << _STA_FX) - v) * a) >> 10
        self._mz = v
        d += v if v > 0 else -v
        d >>= _STA_FX
        if d > self._low_peak:
            self._low_peak = d
        self._energy += mag * dt
        self._upright += (hz if hz > 0 else -hz) * dt
        imps = self._imps
        if span <= _HALF_MS:
            self._energy_half = self._energy
            if span <= _PEAK_MS and dt <= _SPIKE_DT:
                # round 30: how sharply z moves in the first blow (a die's spike)
                imps[_EDGE_N] += 1
                d = hz - imps[_EDGE_V]
                imps[_EDGE_V] = hz
                c = d - imps[_EDGE_P]
                imps[_EDGE_P] = d
                if c < 0:
                    c = -c
                if c > imps[_EDGE_C]:
                    imps[_EDGE_C] = c
                if d < 0:
                    d = -d
                if d > imps[_EDGE_D]:
                    imps[_EDGE_D] = d
                d = hz if hz > 0 else -hz
                if d > imps[_EDGE_Z]:
                    imps[_EDGE_Z] = d
                imps[_EDGE_M] = peak
            if span <= _PEAK_MS and self._rbuf:
                self._blow(self._rbuf, hz)  # (round 48) the first blow's sums: ring.py's
        env = (self._env * self._r_env[dt]) >> 10
        keyring = t < self._key_until     # (samples before a key's mask were fed before its key_down)
        # the settle's change per sample (feed()'s moving branch), from the
        # onset: at EV_THROW the dice may have been still for 200 ms already
        v = hx + hy + hz
        d = v - imps[_TAP_V]
        imps[_TAP_V] = v
        imps[_BAND] += (d if d > 0 else -d) * dt      # (round 73: the floor's band, _BAND_X)
        v = imps[_TAP_A]
        v += ((((d if d > 0 else -d) << _STA_FX) - v) * (self._r_lf_sta[dt] & 1023)) >> 10
        imps[_TAP_A] = v
        if v >= imps[_TAP_L]:
            imps[_TAP_T] = t
        if span > _RING_FROM_MS - _DT_MAX:
            # how fast the late part changes: the table's ring, or the dice
            # (a key's press and release ring the tray's own rocking modes,
            # 8-20 Hz on a light tray: that part is the key's, left out)
            if span > _RING_FROM_MS:
                if keyring:
                    imps[_RING_KEY] += dt
                else:
                    d = hz - imps[_RING + 2]
                    imps[_RING] += (d if d > 0 else -d) * dt
                    imps[_RING + 1] += (hz if hz > 0 else -hz) * dt
            imps[_RING + 2] = hz
            if dt >= _CO_DT:
                # (round 31: the late part as one ring, at 100 Hz)
                d = (hz << 5) // peak
                if span > _RING_FROM_MS and not keyring:
                    v = d + imps[_CO_Z2]
                    c = imps[_CO_Z1]
                    imps[_CO_P] += v * v
                    imps[_CO_Q] += v * c
                    imps[_CO_R] += c * c
                imps[_CO_Z2] = imps[_CO_Z1]
                imps[_CO_Z1] = d
            rb = self._rbuf
            if rb:  # the late part, kept for the learnt ring (ring.py)
                d = rb[_RBUF_N]
                rb[d & _RBUF_MASK] = (hz << 6) | dt
                rb[_RBUF_N] = d + 1
        elif dt >= _CO_DT and span > _RING_FROM_MS >> 1 and not keyring:
            # (round 31, ringmargin31: at 100 Hz the ring's z^2 from 100 ms on:
            # does the late part decay?)
            d = (hz << 5) // peak
            imps[_CO_S] += d * d
        if t - imps[_CUR_T] <= _IMP_MS:     # the current impact: its peak and direction
            if mag > imps[_CUR_M]:
                imps[_CUR_M] = mag
            imps[_CUR_X] += hx if hx > 0 else -hx
            imps[_CUR_Y] += hy if hy > 0 else -hy
        # the first ring needs a cycle to show its peak; rises count after
        # that, and not while a key rings
        if sta > env + (env >> 2) and sta > self._impulse_thr:
            if t - imps[_CUR_T] > _IMP_MS:
                self._impact(t, mag, hx, hy)
            if span > _PEAK_MS and not keyring:
                self._rises += 1
        elif dt <= _SPIKE_DT and sta >= _RUNG_X * self._quiet_thr:
            self._bounce(t, sta, dt)    # (finger53: hard, so over the impulse level; the finger test's only)
        imps[_ENV_LAG] = self._env
        if sta > env:
            env = sta
        self._env = env
        q = self._quiet_thr     # (from _start(): the floor holds still in a window)
        if sta >= q:
            self._active_t = t
            if sta > self._sta_peak:
                self._sta_peak = sta
            elif sta > (self._sta_peak >> 3):
                self._tail_t = t
            if not keyring:
                self._free_t = t    # above the quiet level, and no key's ring (as far as told)
                if sta + sta >= _LOUD_X * q:
                    imps[_LOUD] = t
                if t - self._free_ck >= _KEY_PRE_MS:
                    # at most every 60 ms: a time kept from the last such
                    # check is old enough that a key scan reporting late
                    # would have told of it by now
                    self._free_old = self._free_ck_val
                    self._free_ck = t
                    self._free_ck_val = t
                    imps[_LOUD_OLD] = imps[_LOUD_CK]
                    imps[_LOUD_CK] = imps[_LOUD]
        why = imps[_WAIT_WHY]
        if why & _HELD_WHY:
            pass    # held at set_down below (round 66, tilt.py)
        elif why:
            # knock-like: a throw only once something moved after the last big impact
            if t < imps[_KNOCK_T] + (_FLIGHT_MAX_MS if why == 5 else _AFTER_MS):
                if not imps[_LATE] or t - imps[_CUR_T] <= _IMP_MS:
                    return EV_NONE      # nothing yet, or the new impact's peak still to come
            # round 28: what came after the wait's impact may be the finger
            # on the pad again (a strike after a silence, round 27), not dice
            # moving on: ask the finger rules again, once
            if not imps[_LATE] or not self._keyed and self._finger_run():
                why = 0
            else:
                # what came may be the next knock: as strong, the same way
                knocks = self._knocks(dt)
                if knocks == _KNOCKS:
                    why = 0
                elif knocks == _KNOCK_LIKE and not imps[_LATE]:
                    return EV_NONE      # wait for something after that one
                elif not knocks and self._click_alone():
                    return EV_NONE      # a click at a hand's pace: wait for something after it
            imps[_WAIT_WHY] = 0
        else:
            if span < _EVAL_MS or (self._keyed and span < _EVAL_MS + _KEY_PRE_MS):
                return EV_NONE
            if (self._keyed and t < self._key_from + _KEY_RINGS_MS
                    and span < _KEY_WAIT_MS and not imps[_KEYMARK] & _KW_NOW):
                # judged once the keys' rings are over, and no sooner than
                # with the default ring (round 30): a ring learnt shorter
                # masks less, and dice that landed under it have as long
                # to be heard outside it
                if not self._keys_quiet(t):
                    return EV_NONE
                # round 47 (keywin47): only keys, judged now (impacts.py's
                # _keys_quiet); the floor held as the window held it, till
                # the wait's end
                self._floor_hold = self._key_from + _KEY_RINGS_MS
                self._refused(t, sta)
                return EV_NONE
            if self._keyed and span < _KEY_WAIT_MS and self._keyed_wait(t):
                return EV_NONE      # round 32: a key the scan may not have told of yet
            why = self._pattern(span, dt)
            if why and self._table_rings(dt):
                why = 0     # a knock: the table rings on after it
            if why and not self._keyed and self._finger_run():
                why = 0     # a key's press and its release, nothing else (or the next key of that run)
            # (after the finger's rules: a key's rocking on a light tray is a sine too)
            if why and dt >= _CO_DT and self._one_ring(span, dt):
                why = 0     # a knock: its top rings on alone (round 31)
            one_blow = why == 2 or why == 4 or why == 5     # round 21's patterns of one blow
            # Round 74 (pick74): or the first blow read at 400 Hz (_EDGE_N)
            # whatever the judging sample's dt: a FIFO read's stamp gap (4-6
            # ms at a batch's first sample, 2 % of hexa's and table's
            # samples) let a fingertip's 10-30 ms touch, with no die's
            # spike, through as pattern 4 (hexa pick 5083 at 2316, judged on
            # a 5 ms stamp)
            spk = dt <= _SPIKE_DT or imps[_EDGE_N] >= _EDGE_N_MIN
            if one_blow and spk and self._imp_n <= 1 and not self._spiked():
                why = 0     # one blow with no spike on the floor: a knock through the feet
            if (why and spk and self._peak <= imps[_EDGE_M]
                    and ((_EDGE_Y * imps[_EDGE_D] < _EDGE_X * imps[_EDGE_Z]
                          and imps[_EDGE_C] < imps[_EDGE_Z])
                         or (one_blow
                             and _EDGE_S * imps[_EDGE_D] < _EDGE_R * imps[_EDGE_Z]
                             and imps[_EDGE_C] < imps[_EDGE_D])
                         or (one_blow and self._imp_n <= 1
                             and _BENT_Y * imps[_EDGE_C] < _BENT_X * imps[_EDGE_Z]
                             and 2 * self._peak < 3 * self._low_peak))):
                why = 0     # its peak in a first blow that only rang: no die's spike (rounds 30, 34, 43, 54)
            if why:
                knocks = self._knocks(dt)
                if knocks == _KNOCKS:
                    why = 0     # equal impacts from one spot with nothing between: knocks on the table
                elif knocks == _KNOCK_LIKE and not imps[_LATE]:
                    imps[_WAIT_WHY] = why
                    return EV_NONE
                elif why == 5 and self._slap_alone():
                    imps[_WAIT_WHY] = why
                    return EV_NONE
                elif not knocks and self._click_alone():
                    imps[_WAIT_WHY] = why
                    return EV_NONE
        self._state = _IDLE
        if not why & _HELD_WHY:
            why = self._bars(why, dt)     # after a settle, and while the dice lie (settle.py)
        if why:
            # the tray set down tilted: no dice (round 65, tilt.py), or
            # held there until it rests or turns back (round 66)
            why = tilt_set_down(self, sta, why)
            if why < 0:
                self._state = _CANDIDATE
                return EV_NONE
        start = self._cand_t0
        if self._keyed and why:
            start = self._keyed_start(t)
            if start < 0:
                why = 0     # only keys and their rings
        elif why:
            start += self._untold_start()   # a finger's press before the dice landed
        if why and self._rbuf and self._rings(self):
            why = 0     # the table's own ring, learnt at setup: a knock
        if why and imps[_BAND] << 4 < (self._energy >> 6) * imps[_BAND_X]:
            # round 73 (learn73): a window that changes per sample less than
            # this tray's bound learnt at setup (calibrate.py): a knock reaches
            # the tray through its feet (15-80 Hz) and rings no floor mode, a
            # die strikes the floor (120-350 Hz). The bound: the lower of 3/2
            # of its raps' most and half its softest throw (round 74; 0: off)
            why = 0
        self.why = why
        if why:
            self.throw_start_ms = start
            self._thrown_peak = self._peak
            self._watch(t, sta, True)
            return EV_THROW
        self._refused(t, sta)
        return EV_NONE
