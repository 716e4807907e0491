# The window's impacts: kept one by one while a candidate throw is judged,
# and the rules that read them once per window: knocks on the table, a key's
# press and its release, clicks at a hand's pace, and where the dice landed in
# a window a key may have started. Tray (throws.py) is built on this class;
# the two share the impacts array and the window's attributes.
#
# Its own module so that neither it nor throws.py needs the heap that one
# module of both took to compile from source (a board given .py files).
# The array's slots and the few figures both modules use are written in
# both (const() names are private to a module, and inlined only there; the
# per-sample path cannot afford a global lookup): tests/test_tray_split.py
# checks that the copies agree. Comments, not docstrings (as throws.py).
from micropython import const

from dicetray.tray.window import Window

# (the same in throws.py)
_KEY_PRE_MS = const(60)
_KEY_TAIL_MS = const(100)
_IMP_N = const(6)
_KNOCKS = const(2)
_KNOCK_LIKE = const(1)
_CUR_T = const(24)              # _IMP_N * 4
_CUR_M = const(25)
_CUR_X = const(26)
_CUR_Y = const(27)
_LATE = const(29)
_KNOCK_T = const(30)
_KEYMARK = const(31)
_RANG = const(128)
_LOUD = const(45)
_LOUD_OLD = const(47)
_SILENCED = const(59)
_FINGER_T = const(60)
_FINGER_PEAK = const(61)
_HAND_T = const(48)
_HAND_RUN = const(49)
_HAND_PREV = const(50)
_HAND_M = const(62)
_HAND_PREV_M = const(63)
_WIN_T = const(64)
_WIN_M = const(65)
_HID_T = const(89)
_IMP_MS = const(15)
_HID_N = const(90)
_HAND_EDGE_MS = const(30)
_RING = const(40)
_RING_WAIT_MS = const(2000)
_HAND_GAP_MS = const(20)

# An impact starting from _HIT_BEFORE_MS before a key's report to _HIT_AFTER_MS
# after it is that key's (the scan reports 10-25 ms after the contact; the
# finger's force rises from its touch, up to 50 ms before the contact, and it
# bottoms out after it; a release lifts the force and tops the cap out).
_HIT_BEFORE_MS = const(60)
_HIT_AFTER_MS = const(30)
_KW_ON = const(256)             # _KEYMARK's bit 8: a keyed window waits for the key scan (round 32)
_KW_MORE = const(131072)        # _KEYMARK's bit 17: a key pressed after the window's own (round 34)
_KW_NOW = const(65536)          # bit 16: a key was reported while it waited: judge it now
_KW_UP = const(262144)          # bit 18: the last key told in the window was a release (round 47)
_KEY_QUIET_MS = const(100)      # round 47: a key's window quiet this long after its release holds only keys
_KEY_RUN_MS = const(700)        # round 47 (keywin47b): a press this soon after the last release: a run of keys
_LIE_PEAK = const(53)
# A die slipped from the fingers while the dice lie (_slipped, round 38: round
# 36's rule, on only for a tray whose setup dice rolled on, round 37's roll_ms)
# (_SLIP_QUIET_MS: settle.py's, with _slipped, since round 62)
_SLIP_ROLL_MS = const(882)
# ... and on a tray whose setup dice rolled on longer still (round 47: bare
# wood's setups read 1,400 ms at the median, box's rarely over 1,200): a
# window under 3/4 of the bar, quiet for the last _SLIP_LONG_QUIET_MS
_SLIP_LONG_MS = const(1200)
# (_SLIP_LONG_QUIET_MS: settle.py's since round 62)
_EDGE_D = const(67)             # (throws.py's slots, round 30: at 400 Hz the first _PEAK_MS's largest
_EDGE_Z = const(68)             # change of z in a sample, and its largest |z|)
# Round 41 (rate41): at 400 Hz (a sample every 3 ms or less) the window's
# impacts are sampled near their full height, a die's later landings and
# bounces as well as its first: a second die 100 ms or more after the first
# reads 4/5 of it and more, the same way, so _knocks took 15 of the throws
# that 200 Hz found (at 200 Hz a 0.5-2 ms contact is read at a random phase,
# mostly well under its height). A blow through the feet rings only the
# tray's modes (40-60 Hz), and a ring of f changes by at most 2 sin(pi f dt)
# of its size in a sample: 1.0 at ODR/6 (67 Hz at 400 Hz). Knocks whose
# first blow's z changed in one sample by _SPIKED_X / _SPIKED_Y of its
# largest |z| or more (throws.py's _EDGE_D, _EDGE_Z) had a die's spike: no
# knocks (windows taken as knocks or knock-like in the knock traces of
# 5000/5500 read 0.36-0.92 but for 9 judgments, 1.08-1.8, 3 windows (all
# table) over 5/4; the lost throws 1.13-2.0 but for one, 0.71). Only for
# _KNOCKS: a key's press untold is sharp too (1.17-1.78) and read knock-like.
_SPIKE_DT = const(3)            # (throws.py's: a sample every 3 ms or less)
_SPIKED_X = const(5)
_SPIKED_Y = const(4)
# A keyed window whose impacts apart from the keys' reach this many times the
# keys' own is a throw whatever its tail: a fingertip brings far less
# momentum than a die.
_DICE_OVER_KEY_X = const(4)
# Or an impact no key made that is 3/2 of every key's impact before it and
# starts 60 ms or more after the last of them (round 16): a key's ring only
# decays, and the beats of its feet modes that rise over the envelope reach
# 0.3-1.2 of the key's own impact; a press's touch and bottom-out come
# within 50 ms of its contact. Louder than that, later, is a die.
_BEAT_X = const(3)              # (x 1/2)
# Or (round 19) more impacts than the window keeps, _KEYED_MANY of them no
# key's and each at a throw's peak: a press is a touch and a bottom-out, a
# release a force step and a top-out, and their ring only decays; dice that
# roll on slap the floor again and again.
_KEYED_MANY = const(4)
_BEAT_GAP_MS = const(60)
# Knocks on the table: the table drives the tray through its feet from one
# spot, so 2-3 knocks are impacts of about one strength, each followed by
# nothing but the tray's decaying ring, and each shaking the tray the same
# way. Dice are not like that: a bounce is weaker than the landing before it
# (restitution < 0.8), other dice land within ~80 ms, a rolling die slaps
# again within 20-50 ms, and each impact comes from elsewhere. An impact is
# a rise over the single ring's envelope and the 15 ms after it (throws.py's
# _IMP_MS); the window keeps up to _IMP_N of them (more: not knocks).
_KNOCK_GAP_MS = const(100)      # big impacts (half the peak or more) at least this far apart
_KNOCK_LATE_X = const(4)        # a later one at least 4/5 of the first big one
_KNOCK_LATE_Y = const(5)
_KNOCK_DIR_X = const(3)         # the sideways direction within 0.3 (L1 of the unit x:y share)
_KNOCK_DIR_Y = const(20)
# Knock-like (a knock's force and its ring's first swing can read as two
# impacts, within _MERGE_MS; a knock can be 0.7 of the one before; a die's
# bounce is e = 0.1-0.7 of its landing): a throw only if the dice move after
# the last big impact: an impact from _LATE_MS after it, within throws.py's
# _AFTER_MS (a rolling die slaps every 20-50 ms; after a knock the tray only
# rings).
_MERGE_MS = const(50)
_LIKE_LATE_X = const(3)         # 3/5
_LIKE_DIR_X = const(4)          # 0.4
_LATE_MS = const(40)
# Fingers picking dice out click at a hand's pace: a click, the tray's ring,
# nothing until the next move 0.2-0.6 s later. A throw's impacts follow its
# first landing at once (other dice within ~80 ms, slaps every 20-50 ms) or
# after a bounce's flight, and then the dice move on (gaps shrink): an impact
# this long after the one before is a throw's only once something moves
# after it, as after knock-like impacts.
_CLICK_GAP_MS = const(150)
# A key press on the tray's pad is two strikes from one spot: the press (the
# finger's touch, then the cap bottoming out, within _MERGE_MS) and, after
# the finger held it 60-300 ms, the release (the force let go at once and
# the cap topping out), often louder than the press (the touch is a slow
# force rise); between and after them the tray only rings, and both push
# the tray the same way. A die strikes hardest when it lands (every bounce
# and slap after is weaker) and bounces or rolls on; the dice of a throw
# land within ~80 ms of each other. So a window whose impacts are only two
# strikes of at most two impacts each, the later one _STRIKE_GAP_MS or more
# after the first, clearly louder (5/4: a sampled peak of one strike reads
# 20 % either way with where the samples fall) and the same way (within
# 0.4, as knock-like impacts), is a key press: no throw (round 22; judged
# once, and not when a key the scan told of started the window). Players key
# the faces press after press, 150-600 ms apart, so the next key's press may
# be a third strike in the window: after the release the tray only rang, so
# it comes as late after the release or later than the release after the
# press. A die's flights shrink (each bounce e times the speed before it) and
# its later landings are weaker; so three such strikes, one of the later two
# 5/4 as loud as every one before it, the third as far after the second as
# the second after the first or further, are keys too (round 23); but not
# when one is _RUN_LOUD_X times the first or more: a release lets go of the
# force the press put on (1-4 N), a die landing on the tray brings far more.
# Round 25: or the release 5/4 as loud as the press but under
# _DICE_OVER_KEY_X times it (a die landing after a finger's press is louder
# than that: round 25's _untold_start), then a third strike weaker than the
# release from the press's spot, however soon: the next key's touch as the
# finger comes down on the pad again. The dice of one throw land within ~80
# ms; a later, louder die's bounce comes from where that die rolled, and a
# louder strike 4 x over the first is dice after a finger.
_STRIKE_GAP_MS = const(80)
# The release can be weaker than the press too; then the two strikes read
# like a die's landing and one bounce. What follows the second strike tells
# them apart: a die that struck the floor that hard (_RUNG_X x the quiet
# level) comes down again after a flight shorter than the last (e x it) or
# tumbles and slaps on every 20-50 ms, and the tray stays busy; a released
# key leaves the tray ringing down alone, under the quiet level within
# about 100 ms. So two such strikes and the tray quiet for _RUNG_QUIET_MS
# at the judgment are a key press as well (round 23). A soft second landing
# on a felt-lined floor may end the die's roll under the quiet level: hence
# a hard strike only. A quick tap (round 24) releases 50-80 ms after the
# press, louder (the dome or the click snapping back), then only rings:
# closer than _STRIKE_GAP_MS, two strikes the later louder and hard with the
# tray quiet since are a key too; dice landing that close roll on (and a
# bounce is weaker than its landing). Round 28: the tray silent since for
# _SILENT_MS, not _RUNG_QUIET_MS: after a louder release it only rings down
# (as round 26's release rule); the longer bar is for a weaker second strike,
# which a soft die's second landing that ends its roll can mimic.
_RUNG_X = const(5)
_RUNG_QUIET_MS = const(150)
_RUN_LOUD_X = const(8)
# Round 26: whatever the strikes before and around it (the press's touch and
# bottom-out, a ring's beats, the next key's touch), a window whose loudest
# strike came _STRIKE_GAP_MS or more after the first, 3/2 as loud as every
# strike before it (_BEAT_X: two sampled peaks of one strength differ by up
# to that, each 20 % either way; a felt die's bounce read 1.28 x its
# landing) but under _DICE_OVER_KEY_X times the first, and after
# which the tray has been quiet for _SILENT_MS at the judgment, is a key's
# release: the finger let go of the force its press put on the rim, and the
# tray only rang down. The dice of a throw land within ~80 ms of each other,
# a die's later landing after a flight is weaker than its first, a die
# landing after a finger's press reads 4 x the press or more (round 25's
# _untold_start), and dice that struck the floor that hard roll and slap on:
# the tray stays busy. A quiet of _SILENT_MS is the slowest single ring's
# decay time (throws.py's _TAU_ENV_MS): longer than that, nothing fed it.
_SILENT_MS = const(80)
# Round 27: a finger on the pad strikes the tray once per press and once per
# release, at the finger's pace (a press held 60-300 ms, the next 150-600 ms
# on), each a short blow after which the tray only rings down: between
# strikes it falls silent (under the quiet level for _SILENT_MS, the slowest
# single ring's decay: nothing fed it). A die is silent only in flight, and
# comes down again weaker than it landed (it lands at e = 0.15-0.7 of the
# speed it left with); the dice of one throw land within ~80 ms of each
# other, before any such silence; dice landing after a finger's press read
# twice it or more and move on (round 26's _PAST_BOUNCE_X). So a strike
# after such a silence at least as loud as every impact before it, and
# under _PAST_BOUNCE_X times the loudest, is the finger on the pad again
# (the next press, or a release after a long hold): no throw, whatever the
# strikes around it (_SILENCED marks the impacts that came after a silence).
# Knocks on the table (1-3 blows of one strength, 120-350 ms apart, the
# tray only ringing between) read the same way.
# A finger on a key the tray was not told of (round 22, a plain CSV): the
# press (touch, contact, bottom-out: within _PRESS_MS of the onset) rings
# the tray, the finger holds 60-300 ms, and the release (the force falling
# off the rim, the cap topping out) can knock the tray harder than the
# press did; after it the tray only rings down. A throw's dice land within
# about 80 ms of each other, and a die's later landing after a flight is
# weaker than the one before it (impulse e = 0.1-0.7 of it), and the dice
# move on. So an impact louder than every one before it, _HOLD_GAP_MS or
# more after the one before, when all before it were the onset's press, is
# a throw's only once something moves after it (as a click at a hand's pace).
_HOLD_GAP_MS = const(80)
_PRESS_MS = const(100)
# Round 26: a strike after the press twice as loud as the press's strike or
# more is not its bounce either (a bounce is at most 0.7 of its landing, and
# a sampled peak reads about 20 % either way), but a key's release can read
# 1.3-7 x its press: so under _DICE_OVER_KEY_X it is the dice only once
# something moves _LATE_MS or more after it (dice that land bounce, roll and
# land again; a released key leaves the tray only ringing).
_PAST_BOUNCE_X = const(2)
# Round 27: players key the faces press after press, the next press 150-600
# ms after the release. A window refused as a finger on the pad
# (_press_release) leaves the tray idle, and the next key starts a window of
# its own, judged alone; often it reads as dice (a release weaker, the next
# touch inside it). So while the key scan has told of no key (a plain CSV:
# were there a scan, a window no key started is no finger's), a window that
# starts within _PACE_MS of the judgment of one so refused, under
# _PAST_BOUNCE_X times the loudest of that run, is the same finger: no
# throw, and the run goes on. Dice thrown right after brought 2-3 x a key's
# peak on the box (a fingertip 5-20 g at 0.1-0.4 m/s, a die 4-20 g at 1-3.5
# m/s; a release can read up to 7 x its press, so a window's peak is no
# fingertip's alone): twice the run's loudest is dice.
_PACE_MS = const(600)
# Round 29: a throw's dice fall through the air and touch nothing until they
# land, so the idle tray is at its noise before the first impact (throws.py's
# hand rule). A finger's release comes 60-300 ms after its press, whose touch
# and bottom-out rang the tray, and the next press 150-600 ms after a
# release: the window of a key the tray was not told of began after the
# tray had been shaken. So, while the key scan has told of no key, a window
# whose onset came within _TOUCH_MS (the longest hold, 300 ms, with the
# touch's 50 ms and the ring after it) of the idle tray over the hand's
# level (_HAND_X x the floor; not the onset's own rise) or of a refused
# window over the quiet level (the tray was not idle), and whose peak is
# under _RUN_LOUD_X times that level (dice landing after a finger bring far
# more, as in round 23's runs; the level is the 24 ms average and the peak
# one sample, so the bar is over _DICE_OVER_KEY_X's 4), was touched before
# it: a strike after the tray fell silent there is the finger again even
# when weaker than what came before (round 27 took only as loud or louder:
# without the touch, a weaker one may be a die back from a flight).
_TOUCH_MS = const(400)

# A knock on a folding table (round 13): the blow and the tray's own ring
# (feet, floor) are over within 200 ms; the table's top rings on at its own
# mode (bending 7-18 Hz, sway 3-8 Hz) for 0.4-2 s. Dice are impacts, bounces
# and slaps: their late part rings the tray at its feet and floor
# frequencies, as fast as the sensor sees (up to ODR/2). So a window whose
# part after _RING_FROM_MS changes from sample to sample far slower than
# the rate (its mean frequency, from the sum of |dz| over the sum of |z|,
# under ODR/12.5) and under _RING_HZ is a ring of the table: no throw.
_RING_FROM_MS = const(200)
_RING_HZ = const(14)
# Round 17: from 200 Hz on (a sample every 7 ms or less) the bound is a
# folding top's highest bending mode, 18 Hz (ODR/12.5 at 400 Hz): a late
# part no faster than the top rings is the top. At 100 Hz the LIS3DH's
# filter (ODR/2) leaves of the dice only the tray's feet, blurred, which
# read down to 15 Hz: 14 Hz there. At 200 Hz it passes the slaps and the
# feet up to 100 Hz, so dice still moving keep the late part over 18 Hz
# (18.5 Hz and up on the tuning seeds), while a knock's is the top with the
# tray's feet ringing down under it (16-24 Hz).
_RING_HZ_FAST = const(18)
# Round 20: a key's press and release ring the tray's own modes (a light
# tray rocks on its feet at 8-20 Hz, as slow as a folding top), so the late
# part leaves out the samples in a key's ring (_RING_KEY); what is left must
# hold a cycle of a 10 Hz top to be read as the table's ring at all.
_RING_MIN_MS = const(100)
_RING_SLOW_DT = const(7)
# Only a ring as loud as a knock's (round 14): the blow's velocity step rings
# the top at f_table / f_feet (0.1-0.7) of the tray's own ring, while dice
# ring it by the tray's mass over the top's (0.15-1.2 kg over 3-7 kg) of
# that. So an upright window (as dice and knocks are; a bump's sway is
# sideways) whose late mean |z| is under 1/_RING_LEVEL_X of the low band's
# peak is the dice's window, judged on.
_RING_LEVEL_X = const(25)
# Round 27: a knock's top rings on quietly, near the sensor's noise, and
# white noise changes from sample to sample by about 1.13 sigma on one axis
# (its sta at rest, the floor, is the L1 of three axes: about 2.39 sigma),
# as fast as the rate: on a ring of a few mg that noise makes the late part
# read fast. From 200 Hz on, a late part read over the bound is the table's
# ring all the same when, with the noise's own change (_RING_NOISE_X / 16
# of the floor a sample) taken out, it changes no faster than a folding
# top's highest mode (_RING_HZ_FAST), it is heard over the noise (its mean
# |z| at least the floor: the noise's own mean |z| is a third of it), and it
# is as loud as a knock's top (1/_RING_LOUD_X of the low band's peak or
# more: a blow rings the top at 0.1-0.7 of the tray's own ring, dice at the
# tray's mass over the top's of that). At 100 Hz the filter blurs rolling
# dice into the feet's and the top's speeds: not there. Such a ring is
# too quiet to keep the tray off rest, so no onset over it (_RING_WAIT_MS).
_RING_NOISE_X = const(8)
_RING_LOUD_X = const(10)
# Shared with throws.py (test_tray_split keeps the copies equal): the ring
# sums' slot of the late part in a key's ring, and the floor's fixed point.
_RING_KEY = const(52)
_CO_P = const(73)               # (throws.py's slots: the late part as one ring's sums, round 31)
_CO_Q = const(74)
_CO_R = const(75)
# Round 31: at 100 Hz (the sensor's ODR/2 filter takes the feet's 25-60 Hz
# modes down) what is left of a blow on the table _RING_FROM_MS on is the
# top's ring: one mode, one event, nothing after, so each z follows from the
# two before it as a sine's does (z0 + z2 = c z1, c = 2 cos(2 pi f dt); the
# top's 1-8 % damping changes that by little). Dice add a new contact, a
# slap, a roll at every step. A late part that one sine fits to within
# _CO_Y / _CO_X of its energy, and loud (its mean z^2 at least _CO_LOUD /
# 1024 of the peak's: r.m.s. 1/16 of it; z summed in 1/32 steps of the
# peak), is a knock: most are round 30's "six slots full" windows (the
# top's crests filled them), judged anyway.
# The top's ring is slower than the tray's feet: 7-29 Hz at 100 Hz (c
# from 15/8 down to -1/4, x 256), where the knocks refused read 13-26 Hz and
# the dice whose late part a sine fits best (0.26-0.35) mostly read the
# feet's 25-60 Hz folded about 50 Hz (c -0.5 to -1.8).
_CO_X = const(4)
_CO_Y = const(1)
_CO_LOUD = const(4)
_CO_C_LO = const(-64)
_CO_C_HI = const(480)
# Round 31 (ringmargin31): a knock's top only decays once it is struck; a
# die that lands dead on one face and rocks feeds it. The ring's mean z^2
# from 100 ms to 160 ms (throws.py sums it in _CO_S at 100 Hz) against the
# late part's: a late part over 3/2 of it (r / late > 3/2 x s / 60 ms) is no
# lone ring. Knocks read 0.1-0.85, the throws under the fit 2.3-2.5.
_CO_S = const(78)
_CO_DEC_MS = const(40)          # 60 ms x 2/3
_FLOOR_FX = const(8)

# Which pattern a window shows (_pattern, moved here from throws.py in round 42
# so that throws.py compiles from source in a small heap; docs/throw-detection.md).
_HAND = const(51)               # Tray's slot: this window began with the hand in the tray
_HAND_PEAK_X = const(2)         # throws.py's: with the hand in the tray, under 2 x the throw level
_THROW_LOW_MG = const(25)
# The tray stays where it was: its shift (the slow part's mean offset over
# the window) at most _SHIFT_MG + half the peak. Dice push the tray into its
# feet with their momentum for the whole landing, and at 100 Hz a sample
# catches only part of a die's 0.1-4 ms spike, so six dice read 0.26-0.42 x
# their sampled peak (peak/4 until round 27); a lifted or pushed tray
# shifts as a whole, 0.6 x its peak or more.
_SHIFT_MG = const(12)
# Or: still loud (over an eighth of its peak level) this long after the onset,
# longer than a single ring of a bump or a tap lasts.
_TAIL_MS = const(180)
_TAIL_CREST = const(4)
# A window that shakes the tray sideways more than down (vertical part under
# 5/6 of the sideways part) is a long tail never, separate impacts only
# with many of them (5 and more): falling dice push the floor down, and
# dice that roll on a hard floor and hit the walls slap it again and again;
# a hand picking dice out slides one into another die or the wall, one
# click a move (0.2-0.6 s apart), and scrapes.
_SIDE_IMPS = const(4)           # kept impacts before the current one
_SIDE_UP_X = const(6)
_SIDE_UP_Y = const(5)
# Round 74 (hexa74): not flat when the onset's sample struck straight down
# (_ONSET_UP, set at each onset in throws.py) and the first 200 ms hold
# 7/2 of the next 200 ms' energy: a die's landing on a board on foam tape,
# whose sideways (shear) mode is the tape's softest (0.4-0.75 of its
# vertical one, Q 2-6) and rings on after the strike, with the walls the
# die runs into (hexa 5029, 5071, 5185, 5211, 5257, 5283, 5379, 5411 at
# 400 Hz: first sample 2.3-15 x as much down as sideways, 3.9-9.5 x
# faded; the flat windows struck down first that are no throw, picks and
# a pick's die, 0.13-3.03 x faded, light 5046 at 7526 the nearest)
_ONSET_FADE_X = const(7)
_ONSET_FADE_Y = const(2)
_ONSET_UP = const(99)
# Or: many dice at 100 Hz blur into one long rumble of low crest; still a
# throw when it has several rises, lasts, and its energy falls as the dice
# settle (first half at least 1.5 x the second), which a steady hum does not.
_BLUR_RISES = const(4)
_BLUR_TAIL_MS = const(300)
# (or at least 7/10 upright: dice rolling and scraping on a hard floor shake
# the tray sideways too; a phone's buzz reads under 1/2)
_RUMBLE_UP_X = const(7)         # (x 1/10)
# Round 50 (rate50): at 100 Hz (throws.py's _CO_DT) 6/10. The part averages
# each sample over its period, so at 100 Hz a tray's fast modes, which are
# the vertical ones (its support, its floor), are mostly averaged away: the
# same windows of the table's dice read 0.84 as upright at 100 Hz as at
# 200 Hz (median; knocks 1.06-1.10, keys 1.02-1.05, picks 0.90, a phone
# 1.01). Phones at 100 Hz read up to 0.58, such dice 0.61-0.69.
_RUMBLE_UP_SLOW = const(6)
_CO_DT = const(8)
# Or (round 20, pattern 8) fewer rises, 2, in a rumble that is clearly
# upright (vertical part at least twice the sideways part), not steady
# (crest 2) and dies away as above: many dice landing at once push the
# floor down and blur into one rumble whose rings hide each other's rises
# (5-10 dice at 400 Hz, two hard dice at 100 Hz: 2.2-2.3 x, first 200 ms
# 1.5-1.6 x the next); a hum is steady (crest 1-2) and no more upright
# than sideways, a bump or a pick-up is sideways and moves the tray, a key
# ring is barely upright (1.0-1.1), a knock's ring dies within 170 ms.
_RUMBLE_RISES = const(2)
_RUMBLE_CREST = const(2)
_RUMBLE_UPRIGHT = const(2)      # vertical / sideways
# Direction: impacts of falling dice are mostly vertical (|z| at least the
# sum of |x| and |y|); a phone or a bump is mostly sideways: below 7/20
# (0.35) of it never a throw. Upright activity needs less: a tail of 100 ms
# with crest 3, or, under the 50 mg peak, 35 mg with 3 rises over 200 ms
# (a single die dropped softly, sampled at 100 Hz).
_SIDE_MAX_X = const(20)
_SIDE_MAX_Y = const(7)
_UPRIGHT_TAIL_MS = const(100)
# Round 52 (rate52): at 400 Hz the part's ODR/2 low-pass (200 Hz) passes a
# thin floor's own modes (tin: 80-220 Hz and 1.5-3.2 x that) that the 100
# and 200 Hz readings take down: the ring fills the gaps between the dice's
# impacts (0-3 rises against 4-9 at 200 Hz) and holds the window's mean
# |a| at half its peak, crest 2 (tin's dice, lost at 400 Hz and found at
# 200). A die strikes the floor from inside, a pulse a sample or two wide
# at 400 Hz; a blow through the feet mostly has no spike over the low band
# (round 21) and rings the feet (40-60 Hz) and a table top (20-45 Hz). So
# at 400 Hz (a sample every _SPIKE_DT ms or less) pattern 4 takes crest
# _RING_CREST when the peak is round 21's spike (_spiked), and the late part (from _RING_FROM_MS, keys'
# rings left out: _table_rings' sums) is a fast ring: its z changes a
# sample by its own mean |z| or more, 2 sin(pi f dt) >= 1, f over ODR/6
# (67 Hz at 400 Hz, round 34's bound). On 5000-5419 tin's and bare's dice
# read 1.19-2.03 there; box's knock 6399 at 3373 ms (a spike of 1.37, crest
# 2) 0.56.
_RING_CREST = const(2)
# Round 21: a die strikes the floor from inside, a spike of J / M over its
# 0.1-4 ms contact on top of the swing it gives the tray on its feet; a
# blow through the feet rings only their slow modes, so its peak is barely
# over the low band's. A spike: the peak at least 1.1 x the low band's
# (dice on felt lose it too: 1.11 x at the least seen). Read at 400 Hz only.
_SPIKE_X = const(11)
_SPIKE_Y = const(10)
_SOFT_PEAK_MG = const(35)
_SOFT_TAIL_MS = const(200)
_SOFT_UP_X = const(5)           # clearly upright: 6/5 of the sideways part
_SOFT_UP_Y = const(6)
# Or, soft and clearly upright (5/4), a fading die: 2 rises over 150 ms and
# the first 200 ms hold at least 2/3 of the energy (each bounce and slap is
# weaker than the one before; key presses come one by one, equally strong).
_FADE_TAIL_MS = const(150)
_FADE_UP_X = const(4)
_FADE_UP_Y = const(5)
# Or one sharp upright impact far over any key tap or finger click (a die
# that lands dead, with restitution 0.15, and barely rolls).
_SLAP_PEAK_MG = const(100)
_SLAP_CREST = const(10)

def _one_way(x0, y0, x1, y1, dir_x=_LIKE_DIR_X):
    # Two impacts' sideways shakes (summed |x|, |y|) within dir_x / 10 of
    # one direction: from one spot.
    while x0 + y0 >= 4096:      # products stay small ints
        x0 >>= 1
        y0 >>= 1
    while x1 + y1 >= 4096:
        x1 >>= 1
        y1 >>= 1
    d = x0 * y1 - x1 * y0
    return _KNOCK_DIR_Y * (d if d > 0 else -d) <= dir_x * (x0 + y0) * (x1 + y1)


class Impacts(Window):
    # The window's impacts (Tray's _imps, _imp_n, _cand_t0 ...) and the
    # rules read from them.

    def _mark_keys(self, t, up):
        # A key was reported at t (up: a release): the kept impacts and the
        # current one that started with its contact are the key's.
        # Round 34 (scan34): and in a keyed window, a key told after the one
        # that keyed it (its press, then its release) strikes and rings the
        # tray as that one did, so "still loud after the key's ring"
        # (_keyed_start) is judged after its ring too: _keyed_end moves to
        # its ring's end. Not the window's own key's release (dice that
        # landed with its press roll on under that release's ring, their
        # impacts marked as the key's; round 19 takes a release that started
        # the window), nor while the window waits for the scan (round 32
        # judges it then on what came before this key).
        imps = self._imps
        lo = t - _HIT_BEFORE_MS - self._cand_t0
        hi = t + _HIT_AFTER_MS - self._cand_t0
        mark = imps[_KEYMARK]
        n = self._imp_n
        if n > _IMP_N:
            n = _IMP_N
        for i in range(n):
            if lo <= imps[i << 2] <= hi:
                mark |= 1 << i
        if lo <= imps[_CUR_T] - self._cand_t0 <= hi:
            mark |= 1 << _IMP_N
        if (self._keyed and self._key_until > self._keyed_end and not mark & _KW_ON
                and (not up or mark & _KW_MORE)):
            mark |= _KW_MORE
            self._keyed_end = self._key_until
        imps[_KEYMARK] = mark

    def _keyed_start(self, t):
        # A window a key may have started: when the dice landed (ms), or -1
        # if it was only keys. An impact that started with a key's contact is
        # the key's (_mark_keys); the others must reach a throw's peak and
        # either 4 x the keys' (a fingertip brings far less momentum than a
        # die) or something must stay loud (_LOUD_X) after the key's ring
        # (dice bounce and roll on, a ring only decays), or above the quiet
        # level and struck harder than the keys. The dice landed at the first impact
        # no key made of half the loudest such (a bounce is weaker than its
        # landing) if the loudest is no key's or that came before the keys';
        # else at the first run of key impacts of 2/3 of the peak with the
        # most of them (the dice landed with that key and bounced; round 21).
        # Round 70 (keymask70; round 54's keymask54 step 1): a window after a
        # settle under an entry's keys (round 69's odd quiet level, kept by
        # window.py's _start), in the moved window, its key pressed in a run
        # (_KEY_RUN_MS from the last release): the entry's keys, the player
        # keying the dice just settled (tin throw1_soft 5294 as modelled:
        # the next press 600 ms after the last release judged a throw).
        # Dice thrown at once land after the key's mask, in a window of
        # their own (round 42)
        if self._moved_cand and self._quiet_thr & 1 and self._key_gap < _KEY_RUN_MS:
            return -1
        free = self._free_t
        if free > t - _KEY_PRE_MS:
            free = self._free_old       # the key scan may not have told of that yet
        end = self._keyed_end + _KEY_TAIL_MS
        lasting = free >= end
        imps = self._imps
        lively = imps[_LOUD]
        if lively > t - _KEY_PRE_MS:
            lively = imps[_LOUD_OLD]
        n = self._imp_n
        more = n > _IMP_N       # more impacts than kept: the current one is not the next
        if more:
            n = _IMP_N
        mark = imps[_KEYMARK]
        key = other = dice_m = loud = beat = key_at = many = 0
        start = dice = run = landed = -1
        # Round 75 (keyland75): a release's own strikes (its force step over
        # 5-15 ms, the cap's top-out 0-8 ms) start by 15 ms after its contact
        # opens, which the scan reports 20 ms after (app.py's _KEY_LAG_MS);
        # a marked impact later than that (and a sample: an impact's rise is
        # read a sample late) under the last key told, a release, is the
        # dice landing in its marking window, if over 3/2 of every key's
        # impact before it (a ring's beats reach 1.2 of its key's: round 16):
        # no start after it. (imps[83]: window.py's _KEY_UP_T, that release)
        up = imps[83] - self._cand_t0 - 5 + self._cand_dt if mark & _KW_UP else 1 << 28
        run_last = cnt = best = 0
        peak = self._peak
        recent = t - _KEY_PRE_MS - self._cand_t0
        for i in range(n if more else n + 1):
            if i < n:
                m = imps[(i << 2) + 1]
                at = imps[i << 2]
            else:
                m = imps[_CUR_M]
                at = imps[_CUR_T] - self._cand_t0
                i = _IMP_N
            if at > recent:
                break       # a key the scan has not told of yet may have made it
            if mark & (1 << i):
                if landed < 0 and at >= up and 2 * m >= 3 * key and m >= self._throw_peak:
                    landed = at
                if 3 * m >= 2 * peak:
                    # a run of loud key impacts: each within a marking window
                    # (90 ms) of the one before; a later run is another key.
                    # A key strikes once loud (a press's contact, a release's
                    # top-out); dice landing with it bounce: the dice landed
                    # at the first run with the most loud impacts
                    if run < 0 or at - run_last > _HIT_BEFORE_MS + _HIT_AFTER_MS:
                        run = at
                        cnt = 0
                    run_last = at
                    cnt += 1
                    if cnt > best:
                        best = cnt
                        start = run
                if m > key:
                    key = m
                key_at = at
            else:
                if m >= self._throw_peak:
                    many += 1
                if (key and 2 * m > _BEAT_X * key and m > beat
                        and at - key_at >= _BEAT_GAP_MS):
                    beat = m        # louder than every key's impact before it: no ring of theirs
                if m > other:
                    # the dice landed at the first impact no key made of half
                    # the loudest such: this one, the loudest before or still
                    # the one before that
                    if 2 * other < m:
                        dice = at
                        dice_m = m
                    elif 2 * dice_m < m:
                        dice = loud
                        dice_m = other
                    other = m
                    loud = at
        beyond = beat >= self._throw_peak    # such an impact loud enough for a throw
        # round 30 (keymask30): the onset's own impact, no key's, on a tray
        # no key rang on, louder than every key's impact: the key came after
        # it (its report 60 ms or more later: a finger's touch leads the
        # contact by 50 ms at most) and struck weaker. The dice landed at the
        # onset: a hard die on a light tray stops at once, and the key's ring
        # hides what little follows (no _LOUD after it to wait for)
        first = imps[1] if self._imp_n and not mark & (_RANG | 1) else 0
        # Round 32 (recall32): or over half the window's peak: a release (a
        # force step over 5-15 ms and the cap's top-out) may strike harder
        # than the dice landed; a touch begun so early that no key's window
        # marks it is a slow force rise, far under what the key strikes
        # (0.07-0.15 of the keys' loudest on the tuning seeds)
        first = first >= self._throw_peak and (first > key or 2 * first > self._peak)
        if other < self._throw_peak or not ((lasting and (lively >= end or other > key))
                                            or other >= _DICE_OVER_KEY_X * key or beyond
                                            or (more and many >= _KEYED_MANY) or first):
            return -1
        if first:
            return self._cand_t0 + imps[0]
        if start < 0 or other > key or beyond or dice < start:
            start = dice        # (other > 0: some impact no key made set dice)
        if 0 <= landed < start:
            start = landed
        return self._cand_t0 + start

    def _keys_only(self):
        # Round 47: every impact of a throw's peak in the window (the current
        # one too) started with a key's contact; False past _IMP_N impacts
        n = self._imp_n
        if n > _IMP_N:
            return False
        imps = self._imps
        mark = imps[_KEYMARK]
        if imps[_CUR_M] >= self._throw_peak and not mark & (1 << _IMP_N):
            return False
        for i in range(n):
            if imps[(i << 2) + 1] >= self._throw_peak and not mark & (1 << i):
                return False
        return True

    def _keys_quiet(self, t):
        # Round 47 (keywin47, keywin47b): a window a key started, the last
        # key told its release and quiet _KEY_QUIET_MS since, one press
        # impact and the release's, the press _KEY_RUN_MS or more after the
        # release before it (no run of keys), no impact of a throw's peak
        # but the keys': only keys, judged now (a face keyed and the dice
        # thrown again at once land in a window of their own, not judged
        # with the key's press and release)
        imps = self._imps
        return (imps[_KEYMARK] & _KW_UP and self._imp_n == 1 and self._key_gap >= _KEY_RUN_MS
                and t - self._active_t >= _KEY_QUIET_MS
                and imps[_KEYMARK] & (_RANG | 1) and self._keys_only())

    def _key_told(self, up):
        # Rounds 47-48, a key told in a window (Tray.key_down): whether it
        # was a release (_keys_quiet waits for one); for a press, whether
        # its touch opened this window before the wait's end of a key's
        # window closed early, with only keys in it (quick48: the window
        # held on would have held the touch and been judged by now)
        imps = self._imps
        if up:
            imps[_KEYMARK] |= _KW_UP
            return False
        imps[_KEYMARK] &= ~_KW_UP
        return self._cand_t0 < self._floor_hold and self._key_from <= self._cand_t0 and self._keys_only()

    def _keyed_wait(self, t):
        # Round 32 (keywait32; recall32's wait): a keyed window still
        # stirring past the keys' rings (above the quiet level, no key's
        # ring) too lately for the key scan to have told whether a key made
        # it: _keyed_start reads only what is older, so dice that roll on
        # past the end would be missed if judged now. Wait (True) until the
        # stir is old enough, unless _keyed_start already says dice. A key
        # reported while it waits ends the wait (key_down sets _KW_NOW): the
        # window is judged at once, on what came before that key's touch
        # (key_down takes back what was loud since), so a run of keys is
        # not chained into one window that swallows the dice after it.
        imps = self._imps
        mark = imps[_KEYMARK]
        if mark & _KW_NOW:
            return False
        end = self._keyed_end + _KEY_TAIL_MS
        free = self._free_t
        if free <= t - _KEY_PRE_MS or free < end:
            return False
        loud = imps[_LOUD]
        if self._free_old >= end and (loud <= t - _KEY_PRE_MS or loud < end
                                      or imps[_LOUD_OLD] >= end):
            return False
        if mark & _KW_ON:
            if t != self._free_ck:
                return True     # asked again only as what it reads ages (every 60 ms at most)
        elif self._free_old < end - _KEY_PRE_MS:
            # the stir began after a still spell past the rings: the next
            # key's touch, or the table's ring heard late, not dice rolling
            # on through the rings' end
            return False
        if self._keyed_start(t) >= 0:
            return False
        imps[_KEYMARK] = mark | _KW_ON
        return True

    def _untold_start(self):
        # A window no told key started: where the dice landed, in ms after
        # the onset (0: at the onset). A finger on a key the tray was not
        # told of (a plain CSV), or one pressed just before the throw, starts
        # the window with its press (touch, contact, bottom-out: within
        # _PRESS_MS of the onset), and the dice land while it holds or after
        # its release. A fingertip brings far less momentum than a die
        # (_DICE_OVER_KEY_X, as in a keyed window); the dice of one throw
        # land within about 80 ms of each other, and a die's later landing
        # after a flight is weaker than its first. So an impact after
        # _PRESS_MS at least _DICE_OVER_KEY_X times every impact of the
        # onset's strike (those within _PRESS_MS) is no bounce of what struck
        # at the onset: the dice landed at the first impact after _PRESS_MS
        # (round 25). Impacts of a told key (marked) are no dice. Or (round
        # 26) at the first impact twice the onset's strike (_PAST_BOUNCE_X)
        # that something moves _LATE_MS or more after (a release only rings).
        n = self._imp_n
        if n > _IMP_N:
            n = _IMP_N
        imps = self._imps
        mark = imps[_KEYMARK]
        top = at = 0
        land = -1
        for i in range(0, n << 2, 4):
            m = imps[i + 1]
            if imps[i] <= _PRESS_MS:
                if m > top:
                    top = m
            elif m and not mark & (1 << (i >> 2)):
                if land < 0:
                    land = imps[i]
                if top and m >= _DICE_OVER_KEY_X * top:
                    return at or land
                if top and not at and m >= _PAST_BOUNCE_X * top:
                    # twice the press: the dice, landing here, if they move
                    # on after it (round 26; what came between, weaker, may
                    # be the finger's release)
                    for j in range(i + 4, n << 2, 4):
                        if (imps[j + 1] and imps[j] >= imps[i] + _LATE_MS
                                and not mark & (1 << (j >> 2))):
                            at = imps[i]
                            break
        return at

    def _hand(self, t, sta):
        # The idle tray over _HAND_X x its floor at t (sta, mg), in no key's
        # ring (as far as told): a hand in the tray, a finger on the pad, or
        # the onset's own rise. Runs of such samples, and each one's peak.
        imps = self._imps
        if t - imps[_HAND_T] > _HAND_GAP_MS:
            imps[_HAND_PREV] = imps[_HAND_T]
            imps[_HAND_PREV_M] = imps[_HAND_M]
            imps[_HAND_RUN] = t
            imps[_HAND_M] = 0
        if sta > imps[_HAND_M]:
            imps[_HAND_M] = sta
        imps[_HAND_T] = t

    def _finger_run(self):
        # True when the window is a finger on the pad: _press_release, or
        # (round 27, while the key scan has told of no key) a window starting
        # within _PACE_MS of the judgment of one so refused and under
        # _PAST_BOUNCE_X times the loudest of that run: the next key.
        imps = self._imps
        top = imps[_FINGER_PEAK]
        # (compared, not subtracted: _FINGER_T starts at -2**29, and a
        # difference past MicroPython's small ints would allocate)
        run = self._cand_t0 < imps[_FINGER_T] + _PACE_MS
        if self._press_release() or run and self._peak < _PAST_BOUNCE_X * top:
            if top >= 0 and (not run or self._peak > top):     # (-1: the scan tells of keys)
                imps[_FINGER_PEAK] = self._peak
            # (round 76: kept while the scan tells of keys too, when the run
            # above is off: such a window was no key's, most likely knocks)
            imps[_FINGER_T] = self._t
            return True
        return False

    def _press_release(self):
        # True when the window's impacts (the kept ones and the current one;
        # impacts starting within _MERGE_MS of a strike's first are that
        # strike) are two strikes of at most two impacts each, the second
        # starting _STRIKE_GAP_MS or more after the first, 5/4 as loud or
        # more and shaking the tray the same way (within _LIKE_DIR_X / 10,
        # as knock-like impacts): a key's press and release (_STRIKE_GAP_MS).
        # Less loud: only when the second was hard and the tray has been
        # quiet since for _RUNG_QUIET_MS (_RUNG_X).
        # Or three such strikes (round 23: the next key's press inside the
        # window), the third as far or further after the second as the
        # second after the first, one of the later two 5/4 as
        # loud as every strike before it, all the first one's way.
        # Or, tried first, any strikes whose loudest is a release (louder
        # than all before, 80 ms+ on, under 4 x the first), then quiet
        # _SILENT_MS at the judgment (round 26); or a strike after the tray
        # fell silent, as loud as all before it (round 27).
        n = self._imp_n
        k = n if n < _IMP_N else _IMP_N     # the kept impacts, then the current one
        cur = n <= _IMP_N                   # (unless impacts came between: 8 and more)
        imps = self._imps
        quiet_ms = self._t - self._active_t     # how long the tray has been quiet
        quiet = n < _IMP_N and quiet_ms >= _SILENT_MS
        sil = imps[_SILENCED]
        if quiet or sil:
            # one pass over the strikes for two rules: a strike after the
            # tray fell silent, as loud as all before it and under
            # _PAST_BOUNCE_X times them, is the finger on the pad again
            # (round 27; a silence is longer than _MERGE_MS, so such an
            # impact always starts a strike); and, quiet at the judgment, a
            # release louder than all before it, then only the ring (round 26)
            top = loud = 0
            # (round 29) touched before: the idle tray over the hand's level
            # (not the onset's own rise) or a refused window within
            # _TOUCH_MS before the onset, the peak under _RUN_LOUD_X x its level
            t0 = self._cand_t0
            h = imps[_HAND_T]
            m = imps[_HAND_M]
            if t0 <= h + _HAND_GAP_MS and t0 < imps[_HAND_RUN] + _HAND_EDGE_MS:
                h = imps[_HAND_PREV]
                m = imps[_HAND_PREV_M]
            if imps[_WIN_T] > h:
                h = imps[_WIN_T]
                m = imps[_WIN_M]
            touched = (imps[_FINGER_PEAK] >= 0 and t0 <= h + _TOUCH_MS
                       and self._peak < _RUN_LOUD_X * m)
            t0 = -1
            end = (k + cur) << 2
            for i in range(0, end + 4, 4):
                if i < end:
                    if i < k << 2:
                        at = imps[i]
                        m = imps[i + 1]
                    else:
                        at = imps[_CUR_T] - self._cand_t0
                        m = imps[_CUR_M]
                    if t0 >= 0 and at - st < _MERGE_MS:
                        if m > sm:
                            sm = m
                        continue
                if t0 < 0:
                    t0 = at
                else:
                    # the strike (st, sm, after a silence: ss) ends here
                    if ss and sm < _PAST_BOUNCE_X * top and (touched or top <= sm):
                        return True
                    if st == t0:
                        m0 = sm
                    elif (st - t0 >= _STRIKE_GAP_MS and 2 * sm >= _BEAT_X * top
                            and sm < _DICE_OVER_KEY_X * m0):
                        loud = sm
                    if sm > top:
                        top = sm
                st = at
                sm = m
                ss = sil & (1 << ((i >> 2) if i < k << 2 else _IMP_N))
            if quiet and loud and loud >= top:
                return True
        if n >= _IMP_N or imps[_HID_N]:
            # 7 impacts and more: dice rolling on; or (finger53) a bounce
            # that only 5 ms steps show at 400 Hz: a fingertip's press and
            # release have nothing between them, dice bounce
            return False
        t0 = imps[0] if n else imps[_CUR_T] - self._cand_t0
        m0 = x0 = y0 = c0 = 0
        t1 = t2 = -1
        m1 = x1 = y1 = c1 = 0
        m2 = x2 = y2 = c2 = 0
        for i in range(0, (n + 1) << 2, 4):
            if i < n << 2:
                at = imps[i]
            else:
                at = imps[_CUR_T] - self._cand_t0
                i = _CUR_T
            m = imps[i + 1]
            if t1 < 0 and at - t0 < _MERGE_MS:
                if m > m0:
                    m0 = m
                x0 += imps[i + 2]
                y0 += imps[i + 3]
                c0 += 1
                continue
            if t1 < 0:
                t1 = at
            if t2 < 0 and at - t1 < _MERGE_MS:
                if m > m1:
                    m1 = m
                x1 += imps[i + 2]
                y1 += imps[i + 3]
                c1 += 1
                continue
            if t2 < 0:
                t2 = at
            elif at - t2 >= _MERGE_MS:
                return False    # a fourth strike
            if m > m2:
                m2 = m
            x2 += imps[i + 2]
            y2 += imps[i + 3]
            c2 += 1
        if (c0 > 2 or c1 > 2 or c2 > 2
                or t1 - t0 < _STRIKE_GAP_MS and (t2 >= 0 or quiet_ms < _SILENT_MS)
                or not _one_way(x0, y0, x1, y1)):
            return False    # (a tap: two strikes closer, then rung down: round 24)
        if t2 < 0:      # louder, or weaker but hard and rung down since (round 23);
            # closer than _STRIKE_GAP_MS: louder, hard and rung down (a tap,
            # round 24; silent for _SILENT_MS since, round 28)
            loud = 4 * m1 >= 5 * m0
            hard = m1 >= _RUNG_X * self._quiet_thr
            # round 76 (resinmiss76): once the key scan tells of keys (no
            # press goes untold), a weaker second strike under half the
            # first is a die's bounce (e x its landing), not a release; not
            # while a throw's dice may lie in the tray (a die let fall):
            # _LIE_MS after its settle (_LIE_UNTIL, slot 54) and 8 s (_LIE_MS)
            # after the last key's release (slot 83, _KEY_UP_T: faces keyed, the
            # dice picked out), nor within _RING_WAIT_MS of a window this
            # rule refused while the scan told of keys (no key's: knocks
            # come in series)
            if (hard and m1 + m1 < m0 and imps[_FINGER_PEAK] < 0
                    and self._cand_t0 >= imps[54]
                    and (imps[54] == 0 or self._cand_t0 >= imps[83] + 8000)
                    and self._cand_t0 >= imps[_FINGER_T] + _RING_WAIT_MS):
                hard = False
            return (loud and hard and quiet_ms >= _SILENT_MS
                    or t1 - t0 >= _STRIKE_GAP_MS and (loud or hard and quiet_ms >= _RUNG_QUIET_MS))
        # the flights do not shrink (a die bouncing on), a later strike is
        # louder, and none is a die's (_RUN_LOUD_X); or (round 25) the
        # release louder but under a die's _DICE_OVER_KEY_X, then weaker
        return ((t2 - t1 >= t1 - t0
                 and (4 * m1 >= 5 * m0 or 4 * m2 >= 5 * (m0 if m0 > m1 else m1))
                 and m1 < _RUN_LOUD_X * m0 and m2 < _RUN_LOUD_X * m0
                 or 4 * m1 >= 5 * m0 and m1 < _DICE_OVER_KEY_X * m0 and m2 < m1)
                and _one_way(x0, y0, x2, y2))

    def _slap_alone(self):
        # One sharp slap (pattern 5): a knock only rings after it; a die that
        # lands dead still comes down again or slaps the floor as it settles.
        # True when nothing came _LATE_MS after the loudest impact yet: then
        # wait for it as long as a die can fly (_FLIGHT_MAX_MS).
        n = self._imp_n
        if n > _IMP_N:
            return False
        imps = self._imps
        top = at = 0
        for i in range(0, n << 2, 4):
            if imps[i + 1] > top:
                top = imps[i + 1]
                at = imps[i]
        return self._wait_after(at, n)

    def _click_alone(self):
        # True when the window's last impact that no key made (of the kept
        # ones: _knocks has kept the current one) came _CLICK_GAP_MS or more
        # after the one before it, at least half the loudest before it (a
        # bounce after a long flight may be that loud, and then the die
        # moves on), and nothing came _LATE_MS after it yet: then wait for
        # something after it (_KNOCK_T, _LATE) as after knock-like impacts.
        n = self._imp_n
        if n > _IMP_N:
            return False
        imps = self._imps
        mark = imps[_KEYMARK]
        prev = last = -1
        top = 0
        for i in range(0, n << 2, 4):
            m = imps[i + 1]
            if m and not mark & (1 << (i >> 2)):   # (_knocks keeps an empty one at the judgment; keys')
                if prev >= 0 and (imps[i] - prev >= _CLICK_GAP_MS and 2 * m >= top
                                  or imps[i] - prev >= _HOLD_GAP_MS and m > top and prev <= _PRESS_MS):
                    last = imps[i]
                prev = imps[i]
                if m > top:
                    top = m
        return last >= 0 and self._wait_after(last, n)

    def _wait_after(self, at, n):
        # Count the kept impacts that started _LATE_MS or more after `at` (ms
        # after the onset; impacts with a peak: _knocks keeps an empty one at
        # a judgment) and remember where to wait from (_KNOCK_T, _LATE,
        # which _impact goes on counting). True when none came yet: wait.
        imps = self._imps
        late = 0
        for i in range(0, n << 2, 4):
            if imps[i + 1] and imps[i] >= at + _LATE_MS:
                late += 1
        imps[_KNOCK_T] = self._cand_t0 + at
        imps[_LATE] = late
        return not late

    def _impact(self, t, mag, hx, hy):
        # Keep the impact that ends (the first _IMP_N); start one at t.
        n = self._imp_n
        imps = self._imps
        mark = imps[_KEYMARK]
        if n < _IMP_N:
            i = n << 2
            imps[i] = imps[_CUR_T] - self._cand_t0
            imps[i + 1] = imps[_CUR_M]
            imps[i + 2] = imps[_CUR_X]
            imps[i + 3] = imps[_CUR_Y]
            self._imp_n = n + 1
            if mark & (1 << _IMP_N):
                mark |= 1 << n
            if imps[_SILENCED] & (1 << _IMP_N):
                imps[_SILENCED] |= 1 << n
        else:
            self._imp_n = _IMP_N + 1    # more impacts than knocks make
        mark &= ~(1 << _IMP_N)
        if imps[_HID_N] and t - imps[_HID_T] <= _IMP_MS:
            imps[_HID_N] -= 1   # (finger53: that bounce was this impact's rise, 5/4 a sample later)
        # the one starting now came after the tray was silent (round 27; the
        # onset's sample is over the quiet level, but _start does not say so)
        if t - self._active_t >= _SILENT_MS and t - self._cand_t0 > _SILENT_MS:
            imps[_SILENCED] |= 1 << _IMP_N
        else:
            imps[_SILENCED] &= ~(1 << _IMP_N)
        k = self._key_from + _KEY_PRE_MS    # the last key's report
        if k - _HIT_BEFORE_MS <= t <= k + _HIT_AFTER_MS:
            mark |= 1 << _IMP_N
        imps[_KEYMARK] = mark
        if t - imps[_KNOCK_T] >= _LATE_MS:
            imps[_LATE] += 1            # something moved after the last big impact
        imps[_CUR_T] = t
        imps[_CUR_M] = mag
        imps[_CUR_X] = hx if hx > 0 else -hx
        imps[_CUR_Y] = hy if hy > 0 else -hy

    def _knocks(self, dt):
        # _KNOCKS: the window's big impacts (half its peak or more) are 2 or
        # more, at least _KNOCK_GAP_MS apart, a later one at least 4/5 of the
        # first, all shaking the tray sideways the way the first did: knocks
        # on the table. _KNOCK_LIKE: the same with impacts within _MERGE_MS of
        # each other taken as one knock (its force, then its ring's first
        # swing), a later one 3/5 of the first, within 0.4 in direction: a
        # throw only if something moves after the last big one (_KNOCK_T,
        # _LATE). 0: dice. Once per candidate, not per sample.
        if self._imp_n >= _IMP_N:
            return 0
        self._impact(self._t, 0, 0, 0)      # keep the last one
        n = self._imp_n << 2
        imps = self._imps
        top = 0
        for i in range(1, n, 4):
            if imps[i] > top:
                top = imps[i]
        if self._knock_pass(n, top, 0, _KNOCK_LATE_X, _KNOCK_DIR_X):
            if dt <= _SPIKE_DT and _SPIKED_Y * imps[_EDGE_D] >= _SPIKED_X * imps[_EDGE_Z]:
                return 0    # round 41: a die's spike opened the window
            return _KNOCKS
        last = self._knock_pass(n, top, _MERGE_MS, _LIKE_LATE_X, _LIKE_DIR_X)
        if not last:
            return 0
        self._wait_after(last - 1, self._imp_n)
        return _KNOCK_LIKE

    def _knock_pass(self, n, top, merge, late_x, dir_x):
        # The start (ms after the onset, + 1) of the last big impact if the
        # big ones (impacts starting within `merge` ms of one taken as one) are
        # knocks by these figures, else 0.
        imps = self._imps
        mark = imps[_KEYMARK]
        if self._keyed and mark & (_RANG | 1):
            # round 46 (knockkey46): in a keyed window a key started, the big
            # impacts no key marked (dice after the key's release) are judged
            # alone: a press and its release strike from one spot as knocks do
            r = self._knock_run(n, top, merge, late_x, dir_x, 0, mark & ((1 << _IMP_N) - 1))
            if r >= 0:
                return r
            mark = 0    # none but keys: judged as before (round 32)
        elif merge and not self._keyed:
            # (round 32: a keyed window whose onset no key made, on a tray no
            # key rang on, is dice the key came after: its keys are no knocks
            # in either pass)
            mark = 0
        return self._knock_run(n, top, merge, late_x, dir_x, mark, 0)

    def _knock_run(self, n, top, merge, late_x, dir_x, mark, skip):
        # _knock_pass's pass: a big impact in `mark` ends it (0), one in
        # `skip` is left out; -1 if every big impact was left out.
        imps = self._imps
        big = later = last = 0
        i = 0
        while i < n:
            bit = 1 << (i >> 2)
            key = mark & bit
            t0 = imps[i]
            m = imps[i + 1]
            x = imps[i + 2]
            y = imps[i + 3]
            i += 4
            while i < n and imps[i] - t0 < merge:
                if imps[i + 1] > m:
                    m = imps[i + 1]
                x += imps[i + 2]
                y += imps[i + 3]
                i += 4
            if 2 * m < top:
                continue
            if skip & bit:
                continue
            if key:
                # a told key struck among them, in a window no key started: no
                # knocks on the table (round 31; a keyed window's keys read as
                # knocks are refused all the same)
                return 0
            if not big:
                m0 = m
                x0 = x
                y0 = y
            else:
                if t0 - last < _KNOCK_GAP_MS:
                    return 0
                if m > later:
                    later = m
                if not _one_way(x0, y0, x, y, dir_x):
                    return 0
            last = t0
            big += 1
        if skip and not big:
            return -1
        if big >= 2 and _KNOCK_LATE_Y * later >= late_x * m0:
            return last + 1
        return 0

    def _ring_on(self, level):
        # A knock's table rings on (_table_rings below, or the ring
        # learnt at setup, ring.py): for _RING_WAIT_MS an impact far over its
        # level (mg) may still start a window: a throw after the knock.
        imps = self._imps
        imps[_RING + 3] = self._t + _RING_WAIT_MS
        imps[_RING + 4] = level

    def _setup_figures(self, chz, roll_ms):
        # Tray.configure's figures that these rules keep. The table's ring
        # (hundredths of a Hz) that a rap beside the tray rang longest at
        # Tray setup, 0 for none (round 29).
        # ring.py is imported only for a ring: a tray without one pays
        # nothing but _rbuf, None (Tray.__init__).
        if chz > 0:
            from dicetray.tray import ring
            ring.setup(self, chz)
        else:
            self._rbuf = None       # (the window's late part, ring.py's buffer)
        # and how soon its setup throws' dice went quiet (ms, 0: not learnt):
        # over _SLIP_ROLL_MS (its dice roll on: bare wood) _slipped is on
        # (round 38; light trays read up to 706 ms, felt's throws 557)
        self._slip_on = roll_ms > _SLIP_ROLL_MS
        self._slip_long = roll_ms > _SLIP_LONG_MS     # (round 47, _slipped)

    def _table_rings(self, dt):
        # True when the window's late part is a slow ring (see _RING_HZ):
        # its mean frequency under _RING_HZ at 100 Hz, max(_RING_HZ_FAST,
        # ODR/12.5) from 200 Hz on, and a loud one
        # (_RING_LEVEL_X) unless the window is sideways. Per sample a
        # ring of f changes by 2 sin(pi f dt) of its size, about 2 pi f dt:
        # f = 1000 / (2 pi) x sum |dz| / sum |z| dt (ms), both summed x dt.
        imps = self._imps
        late = self._t - self._cand_t0 - _RING_FROM_MS - imps[_RING_KEY]    # ms summed
        if late < _RING_MIN_MS:
            return False    # keys rang through the late part: no ring of the table to read
        z = imps[_RING + 1]
        d = imps[_RING]
        near_noise = 0
        if dt > _RING_SLOW_DT:
            if 159 * d >= dt * _RING_HZ * z:
                return False        # (100 Hz)
        else:
            dt *= _RING_HZ_FAST
            if 159 * d >= (dt if dt >= 80 else 80) * z:    # (ODR/12.5 at 400 Hz)
                # round 27: fast, or a quiet ring with the sensor's noise
                # changing on it: heard over the noise, as loud as a
                # knock's top, and slower than the top once the noise's
                # own change is taken out (_RING_NOISE_X)
                n = (self._floor >> _FLOOR_FX) * late   # the floor, summed over the late part
                if (z < n or _RING_LOUD_X * z < self._low_peak * late
                        or 159 * (d - ((n * _RING_NOISE_X) >> 4)) >= dt * z):
                    return False
                near_noise = 1
        up = self._upright
        if (up + up >= self._energy
                and _RING_LEVEL_X * z < self._low_peak * late):
            return False    # upright, and a small ring beside the window's peak: dice rang the table
        if near_noise:
            return True     # too quiet to keep the tray off rest: no onset over it (_RING_WAIT_MS)
        self._ring_on(z // late)    # its mean |z|, mg: the ring goes on
        return True

    def _one_ring(self, span, dt):
        # Round 31: the late part (from _RING_FROM_MS, keys' rings left out)
        # is one sine ringing on (the top's: _CO_Y / _CO_X, at _CO_C_LO to
        # _CO_C_HI) and loud (_CO_LOUD). The sums (z over the peak, x 32)
        # stay under 2^22, q c under 2^28: no long ints.
        imps = self._imps
        r = imps[_CO_R]
        late = span - _RING_FROM_MS - imps[_RING_KEY]
        if late < _RING_FROM_MS >> 1 or r * dt < _CO_LOUD * late:
            return False
        q = imps[_CO_Q]
        c = (q << 8) // r   # 256 x 2 cos(2 pi f dt): the sine's frequency
        if (c < _CO_C_LO or c > _CO_C_HI
                or _CO_X * (imps[_CO_P] - ((q * c) >> 8)) >= _CO_Y * r):
            return False
        s = imps[_CO_S]
        if s and r * _CO_DEC_MS > s * late:
            return False    # the ring grew after 160 ms: dice feed it (round 31, ringmargin31)
        self._ring_on(imps[_RING + 1] // late)  # as _table_rings: dice over the ring start a window
        return True

    def _spiked(self):
        # the window's peak a die's spike over its low band (round 21; judged once)
        return _SPIKE_Y * self._peak >= _SPIKE_X * self._low_peak

    def _pattern(self, span, dt):
        # Which pattern of the table in docs/throw-detection.md the window
        # shows (1-7), or 0: no throw.
        peak = self._peak
        shift = max(abs(self._sx), abs(self._sy), abs(self._sz)) // span
        crest = peak * span // (self._energy + 1)
        rises = self._rises
        tail = self._tail_t - self._cand_t0
        early = self._energy_half
        # dice fall: their impacts push the floor down, so most of the fast
        # part is vertical; a phone's motor and a bump shake the table sideways
        up = self._upright
        side = self._energy - up
        imps = self._imps
        # Round 67 (table67): or, at 400 Hz, a die's landing first (the
        # floor struck from inside: in the first _PEAK_MS z changes within a
        # sample by its whole largest |z|, half the window's peak or more;
        # _EDGE_D follows z only at _SPIKE_DT, so not at 200 Hz and under,
        # whatever the judging sample's dt: table 5183 at 4916 is judged on
        # a 4 ms stamp)
        # and the throw over within _HALF_MS (5/6 of the energy): a soft
        # throw's dice run into the wall with the sideways speed they came
        # with (0.2-1.5 m/s against a fall of 0.5-1.4), or the cup's rim
        # strikes it, as hard as the landing, and the sums read sideways
        # (table 5070, 5141, 5183 at 400 Hz: 6.8-8.4 x the next 200 ms). A
        # bump shoves the tray through its feet (z at most 0.51 of its
        # peak), a key's press and release or a hand's pick spread over the
        # window, a knock on tin's table rings on (3.2-3.9 x: tin 5217, 5301).
        upright = up >= side or (imps[_EDGE_D] >= imps[_EDGE_Z]
                                 and imps[_EDGE_Z] << 1 >= peak
                                 and early >= 5 * (self._energy - early))
        low = (self._low_peak >= _THROW_LOW_MG and shift <= _SHIFT_MG + (peak >> 1)
               and _SIDE_MAX_X * up >= _SIDE_MAX_Y * side)
        if not low or (imps[_HAND] and peak < _HAND_PEAK_X * self._throw_peak):
            return 0    # (or the hand in the tray before and soft: a die slipped from the fingers)
        if peak >= self._throw_peak:
            # shaken more sideways than down: a hand sliding dice about (_SIDE_IMPS)
            flat = _SIDE_UP_X * up < _SIDE_UP_Y * side and not (
                imps[_ONSET_UP] and _ONSET_FADE_Y * early >= _ONSET_FADE_X * (self._energy - early))
            if (((rises >= 2 and crest >= 4) or (rises >= 3 and crest >= 3))
                    and not ((flat or imps[_HAND]) and self._imp_n < _SIDE_IMPS)):
                return 1        # separate impacts
            if tail >= _TAIL_MS and crest >= _TAIL_CREST and not flat:
                return 2        # a long tail
            if (rises >= _BLUR_RISES and tail >= _BLUR_TAIL_MS
                    and (10 * up >= (_RUMBLE_UP_SLOW if dt >= _CO_DT else _RUMBLE_UP_X) * side
                         or 2 * early >= 3 * (self._energy - early))):
                return 3        # a decaying rumble
            if imps[_HAND]:
                return 0        # the hand in the tray before: patterns 1-3 pass (a long tail too, since round 19's 2307c90)
            if upright and tail >= _UPRIGHT_TAIL_MS and (crest >= 3 or (
                    crest >= _RING_CREST and dt <= _SPIKE_DT and self._spiked()
                    and imps[_RING] >= imps[_RING + 1] > 0)):
                return 4        # upright and lasting (at 400 Hz over a floor's fast ring: crest 2 with a die's spike)
            if upright and peak >= _SLAP_PEAK_MG and crest >= _SLAP_CREST:
                return 5        # one sharp upright slap
        if peak >= _SOFT_PEAK_MG and _SOFT_UP_X * up >= _SOFT_UP_Y * side:
            if crest >= 3 and rises >= 3 and tail >= _SOFT_TAIL_MS:
                return 6        # upright and soft
            if (crest >= 4 and rises >= 2 and tail >= _FADE_TAIL_MS
                    and _FADE_UP_X * up >= _FADE_UP_Y * side
                    and early >= 2 * (self._energy - early)):
                return 7        # a fading soft die
        if (peak >= self._throw_peak and rises >= _RUMBLE_RISES and tail >= _BLUR_TAIL_MS
                and crest >= _RUMBLE_CREST and up >= _RUMBLE_UPRIGHT * side
                and 2 * early >= 3 * (self._energy - early)):
            return 8        # an upright rumble (round 20; with a hand before: returned 0 above)
        return 0
