# Runs on the MicroPython unix port: the per-key screen update and the keys
# a gate refuses allocate nothing (micropython.heap_lock() raises
# MemoryError on any allocation). Prints one line per checked path.
import framebuf
import micropython
from dicetray.engine.game import Game
from dicetray.tray.play import Gate
from dicetray.tray.play import Table
from dicetray.tray import screens, keys


class NoStore:
    low = False

    def append(self, kind, dice, p, now_ms):
        pass


fb = framebuf.FrameBuffer(bytearray(1024), 128, 64, framebuf.MONO_VLSB)


def locked(name, fn):
    micropython.heap_lock()
    try:
        fn()
        failed = None
    except MemoryError as e:
        failed = e
    micropython.heap_unlock()
    print(name, "allocates" if failed else "ok")


def table(name, players, faces_keyed):
    t = Table(Game(name, players, {}), NoStore(), Gate(True))
    for f in faces_keyed:
        t.key(f, 0)
    return t


names = ["Alexandra", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
pig = table("pig", names, [4, 5])
locked("draw play pig", lambda: screens.play(fb, pig))
bank = table("bank", names[:3], [3, 4, 2, 2])
locked("draw play bank", lambda: screens.play(fb, bank))
skulls = table("skulls", names[:4], [3, 6])
locked("draw play skulls", lambda: screens.play(fb, skulls))
six = table("sixdice", names[:2], [1, 5, 5, 2, 3, 6])
locked("draw keep list", lambda: screens.keep_list(fb, six))
locked("key DOWN in keep list", lambda: six.key(keys.DOWN, 0))
locked("draw scores 8 players", lambda: screens.scores(fb, pig))
locked("key PLAYER (bank: next banker)", lambda: bank.key(keys.PLAYER, 0))
pending = table("sixdice", names[:2], [2, 3])
locked("draw play with faces being keyed", lambda: screens.play(fb, pending))
locked("key a face (not the last of the throw)", lambda: pending.key(4, 0))

gated = Table(Game("pig", names[:2], {}), NoStore(), Gate(False))
locked("face refused by the gate (Throw first)", lambda: gated.key(3, 0))
locked("draw play with the gate's reason", lambda: screens.play(fb, gated))
locked("control: building a list", lambda: [len(names)])
