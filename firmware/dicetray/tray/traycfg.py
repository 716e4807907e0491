"""The tray's learnt figures (/tray.cfg): read at boot, written by "Tray setup".

A few name=value lines, e.g.

    floor_mg=4
    key_ms=220
    throw_mg=250
    gx_mg=12
    gy_mg=-30
    gz_mg=1004
    ring_chz=2925
    roll_ms=1650
    band_x=600

floor_mg: the detector's noise level with the tray still; key_ms: how long
a key's ring lasts after the key scan reports it; throw_mg: the peak of the
weakest calibration throw; g*_mg: gravity at rest, the detector's level
reference for tilt (it takes out the sensor's offset and mounting);
ring_chz: the table's ring (tray/calibrate.py); roll_ms: how soon the dice
of setup's soft throws went quiet (the lower of two; 0 or no line: not
learnt, the detector's slipped-die rule off); band_x: the floor-band bound
(x 1/1024) set where setup's raps and its softest throw part (0 or no line:
none, the detector's knock-band rule off; round 73). Older files load as before.
`dicetray detect --config FILE` reads the same file.
"""
PATH = "/tray.cfg"
FIELDS = ("floor_mg", "key_ms", "throw_mg", "gx_mg", "gy_mg", "gz_mg", "ring_chz", "roll_ms", "band_x")


def save(figures, path=PATH):
    """Write the figures (name=value lines); a new file first, then renamed
    over the old, so a power cut leaves the old figures or the new ones."""
    import os
    tmp = path + ".new"
    with open(tmp, "w") as f:
        for name in FIELDS:
            f.write("%s=%d\n" % (name, figures.get(name, 0)))
    try:
        os.rename(tmp, path)  # LittleFS (and unix) put the new file in place in one step
    except OSError:  # a file system that will not rename over a file (FAT): the old one first
        forget(path)
        os.rename(tmp, path)


def parse(text):
    """Figures from the file's text; ValueError naming the line if malformed."""
    out = {}
    number = 0
    for line in text.split("\n"):
        number += 1
        line = line.strip()
        if not line:
            continue
        eq = line.find("=")
        name = line[:eq].strip() if eq > 0 else ""
        if name == "ring_decay":
            continue    # round 29 wrote it, nothing used it: dropped
        if name not in FIELDS:
            raise ValueError("line %d: expected one of %s=N, got %r" % (number, "/".join(FIELDS), line[:40]))
        try:
            out[name] = int(line[eq + 1:])
        except ValueError:
            raise ValueError("line %d: %s is not a whole number" % (number, name))
    return out


def load(path=PATH):
    """The stored figures, or None (no file, or a file that cannot be read)."""
    try:
        with open(path) as f:
            return parse(f.read())
    except (OSError, ValueError):
        return None


def forget(path=PATH):
    """Back to the defaults."""
    import os
    try:
        os.remove(path)
    except OSError:
        pass


def apply(tray, figures):
    # FIELDS are in Tray.configure's order: a new figure is one name there
    # and one parameter there, 0 when a file has no line for it
    if figures:
        tray.configure(*[figures.get(name, 0) for name in FIELDS])
