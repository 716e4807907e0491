# `dicetray replay --runtime micropython`: the record replayed inside the
# MicroPython unix port, as the board would, printing what the CPython
# replay prints. Host tools only: the board never loads this.


def main(path):
    """Print the summary, or exit 2 with 'line N: reason' on stderr."""
    import gc
    import sys
    from dicetray.engine.replay import Capped, RecordError, replay
    try:
        with open(path, "rb") as stream:
            game, dropped = replay(Capped(stream))
    except RecordError as e:
        sys.stderr.write(str(e) + "\n")
        sys.exit(2)
    except OSError as e:
        sys.stderr.write("cannot read %s: %s\n" % (path, e))
        sys.exit(2)
    if dropped:
        sys.stderr.write("line %d: torn last line dropped\n" % dropped)
    # As the tray does after a resume: the reading code goes before more comes.
    engine = sys.modules["dicetray.engine"]
    for name in ("replay", "strictjson", "surrogates", "hostjson"):
        sys.modules.pop("dicetray.engine." + name, None)
        if name in engine.__dict__:
            delattr(engine, name)
    del replay, RecordError, Capped
    gc.collect()
    from dicetray.engine.summary import summary
    print(summary(game, dropped))
