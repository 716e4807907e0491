# The tray: the board's application (app, play, menu, screens, store, keys,
# throw detection, drivers). Written for the board; the virtual board and
# tests on the host import its keys and drivers too.
import gc

# The code that reads a record back (and lists, starts or deletes one:
# shelf.py): needed at boot, in the menu, and after a failed write or an
# undo past the last snapshot; dropped again after each (app.py, store.py).
READING = ("engine.replay", "engine.strictjson", "engine.own_lines", "engine.record", "tray.recover",
           "tray.shelf")


def unload(*names):
    """Forget dicetray modules no longer needed ("room.module", or
    "room.package.module"), so their RAM can be reused."""
    import sys
    for name in names:
        sys.modules.pop("dicetray." + name, None)
        room, leaf = name.rsplit(".", 1)
        package = sys.modules.get("dicetray." + room)
        if package is not None and leaf in package.__dict__:
            delattr(package, leaf)
    gc.collect()


def load(then, *names):
    """Import dicetray modules ("room.module") one at a time, each after a
    heap collection (its code then loads in one piece) and followed by
    then(), a read of the accelerometer's FIFO (app.py's drain): a long
    import held apart from the next, so the FIFO does not overrun."""
    for name in names:
        gc.collect()
        __import__("dicetray." + name)
        then()


def unload_games():
    """Forget every game module (and its helpers) loaded so far: the next
    game, or the next one the menu shows, imports its own."""
    import sys
    loaded = []  # not dropped while sys.modules is being walked
    for name in sys.modules:
        if name.startswith("dicetray.games."):
            loaded.append(name[len("dicetray."):])
    if loaded:
        unload(*loaded)  # one collection for them all
