"""The App's set-up and its boot (app.py): needed once, so apart from the
loop, and dropped once the app has booted (App.boot). On a Pico bytecode
is RAM unless frozen."""
import time
from array import array

from micropython import const

from dicetray.tray import READING, unload
from dicetray.tray.app import MENU
from dicetray.tray.play import Gate
from dicetray.tray.store import Store

_KEYS_WAITING = const(8)    # app.py's _KEYS_WAITING
_HELD = const(8)            # app.py's _HELD


def init(app, oled, accel, pad, int1):
    app.oled = oled
    app.accel = accel
    app.pad = pad
    # With the panel off the FIFO is left alone: the LIS3DH raises INT1
    # on movement and only then is it read again (waiting costs little).
    app.int1 = int1 if accel else None
    app.sleeping = False
    app._listen_until = 0
    app.tray = None
    if accel:
        from dicetray.tray.throws import Tray
        from dicetray.tray import traycfg
        app.tray = Tray()
        traycfg.apply(app.tray, traycfg.load())    # what "Tray setup" learnt
        unload("tray.traycfg", "tray.traysetup")  # needed again only by Tray setup
    app.setup = None
    app.gate = Gate(accel is None)
    app.store = None
    app.table = None
    app.menu = None
    app.mode = MENU
    app.message = None
    app.winners = ()
    app.ask1 = app.ask2 = ""
    app._asked = 0
    app._delete = 0
    app.dirty = True
    app.dimmed = False
    app.last_active = 0
    app._next_sample = 0
    app._kt = array("i", bytes(4 * _KEYS_WAITING))   # key events waiting: their times,
    app._kup = bytearray(_KEYS_WAITING)               # 1 for a release
    app._kh = app._kn = 0
    app._held = bytearray(_HELD)   # events drain() read, for the loop
    app._nheld = 0
    # The FIFO has filled since main.py set it up, while the app's
    # modules loaded: the detector takes what it holds now (the newest
    # 32 samples) and the boot reads it between its steps from here on.
    app.drain()


def boot(app):
    now = time.ticks_ms()
    app.last_active = now
    app._next_sample = now
    store = app.store = Store()
    store.between = app.drain   # one bound method, made once; the resume reads between its steps too
    found = store.resume(now, app.oled)
    app.drain()
    unload(*READING)  # only needed again after a failed write
    app.drain()
    if found is None or found.game is None or found.left:
        message = found and found.message  # "Bad 0003" when unreadable
        found = None  # the menu may need that memory
        app.open_menu(message)
    else:
        # unfinished, or its result not yet left: UNDO may still take it back
        app.play(found.game, now)
        app.table.message = found.message
    if app.accel is None:
        print("no accelerometer: manual mode")
