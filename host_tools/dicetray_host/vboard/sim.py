"""`dicetray sim`: the real tray firmware on the MicroPython unix port, on
the virtual board, with the OLED drawn in the terminal.

Interactive (needs a terminal): keyboard keys press the pad's keys, `t`
throws the tray, `x` cuts the power, `q` quits.

Headless: `dicetray sim --script FILE` runs a script (format below) and
prints the game's replay JSON and the peak heap at the end.

Script format: one or more commands per line, separated by spaces; `#`
starts a comment.
    ROLL 4 SKULL ...     tap a key (names as on the pad: 1-6 SKULL VOID BANK ROLL
                         OK UP DOWN MENU UNDO SCORES PLAYER; case does not matter)
    hold KEY MS          hold a key for MS ms (a long press is 700 ms)
    throw                throw the tray: a generated throw-and-settle trace
    tilt / level         tip the tray 10 degrees and leave it / put it back level
    cut                  cut the power and boot again from the same flash
    wait MS              let MS ms of virtual time pass
    shot NAME            save the OLED as NAME.png in --shots DIR
    screen               print the OLED as text blocks
    expect TEXT...       stop with exit 1 unless the screen text shows TEXT
                         (the rest of the line)
"""
import os
import sys
import tempfile

from dicetray_host.vboard.throws import Throws

EXIT_USAGE = 2
EXIT_EXPECT = 1

# Terminal key -> pad key (HELP below is what the user sees).
_TERMINAL_KEYS = {
    "s": "SKULL", "v": "VOID", "b": "BANK", "r": "ROLL", "\r": "ROLL", "\n": "ROLL", " ": "ROLL",
    "u": "UNDO", "\x7f": "UNDO", "m": "MENU", "c": "SCORES", "p": "PLAYER",
    "k": "UP", "j": "DOWN", "\x1b[A": "UP", "\x1b[B": "DOWN",
}
for _face in "123456":
    _TERMINAL_KEYS[_face] = _face

# The key help, in three groups (faces and scoring, moving about, the tray).
_HELP_GROUPS = (("1-6 faces", "s SKULL", "v VOID", "b BANK", "r/Enter/space ROLL(OK)", "R long ROLL"),
                ("u/Backspace UNDO", "m MENU", "c SCORES", "p PLAYER", "k/Up UP", "j/Down DOWN"),
                ("t throw the tray", "x cut the power", "q quit"))
HELP = "\n".join(("keys: " if i == 0 else "      ") + "   ".join(group) for i, group in enumerate(_HELP_GROUPS))
HELP_COMPACT = "\n".join("  ".join(group) for group in _HELP_GROUPS)   # within 80 columns

# Tipping the tray 10 degrees and putting it back level (t ms, x, y, z mg).
TILT_POINTS = ((0, 0, 0, 1000), (300, 174, 0, 985))
LEVEL_POINTS = ((0, 174, 0, 985), (300, 0, 0, 1000))

_STATUS_WIDTH = 80  # the clock's and the USB note's lines

_UPPER = "\u2580"
_LOWER = "\u2584"
_FULL = "\u2588"


# -- shared ------------------------------------------------------------------------
def _board(args, flash):
    from dicetray_host.vboard.board import VirtualBoard
    return VirtualBoard(flash, entry="main", heap=args.heap, accel=not args.manual,
                        py_time="chip" if args.chip_time else "0")


def _served_board(args, flash):
    """(VirtualBoard, started VirtualDevice) for --serve PORT, or (None, error text)."""
    from dicetray_host.vboard.device import board_device
    if not args.raw_paste:
        os.environ["VDEVICE_RAW_PASTE"] = "0"  # the board's environment comes from ours
    vb, device = board_device(flash, port=args.serve, heap=args.heap, accel=not args.manual)
    try:
        device.start()
    except OSError as e:
        return None, "dicetray sim: cannot listen on 127.0.0.1:%d: %s" % (args.serve, e.strerror or e)
    return vb, device


def _serving_note(device):
    return ("USB: %s   (mpremote connect port:%s, dicetray pull --port %s)"
            % (device.url, device.url, device.url))


def run_served(args):
    """--serve without a terminal: the tray runs on (virtual time kept to real
    time) behind the endpoint until Ctrl-C or SIGTERM."""
    import signal
    import time
    from dicetray_host.paths import ROOT
    flash = args.flash or str(ROOT / "build" / "sim-flash")
    vb, device = _served_board(args, flash)
    if vb is None:
        sys.stderr.write(device + "\n")
        return 1
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    vb.run(300)  # booted into its loop before anyone is told to connect
    print("dicetray sim: virtual tray on %s (flash: %s)" % (device.url, flash))
    print(_serving_note(device), flush=True)
    try:
        start = time.monotonic()
        while True:
            vb.run(50)
            ahead = vb.now_ms / 1000.0 - (time.monotonic() - start)
            if ahead > 0:
                time.sleep(ahead)
    except KeyboardInterrupt:
        return 0
    finally:
        device.stop()
        vb.stop()


def frame_lines(frame):
    """The 128x64 frame as 32 lines of 128 half-block characters."""
    bits = frame.rows
    lines = []
    for y in range(0, len(bits), 2):
        top = bits[y]
        bottom = bits[y + 1]
        chars = []
        for x in range(len(top)):
            a, b = top[x], bottom[x]
            chars.append(_FULL if a and b else _UPPER if a else _LOWER if b else " ")
        lines.append("".join(chars))
    return lines


# Braille dots by (x, y) within a character's 2x4 pixels (Unicode's order).
_DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille_lines(frame):
    """The 128x64 frame as 16 lines of 64 braille characters (a blank cell
    as a space)."""
    bits = frame.rows
    lines = []
    for y in range(0, len(bits), 4):
        chars = []
        for x in range(0, len(bits[y]), 2):
            cell = 0
            for dy in range(4):
                row = bits[y + dy]
                if row[x]:
                    cell |= _DOTS[dy][0]
                if row[x + 1]:
                    cell |= _DOTS[dy][1]
            chars.append(chr(0x2800 + cell) if cell else " ")
        lines.append("".join(chars))
    return lines


class Panel:
    """How the terminal draws the OLED: the frame's lines, their width and
    number, the key help under them, and the terminal that takes it all."""

    def __init__(self, draw, width, lines, help_text):
        self.draw = draw
        self.width = width
        self.lines = lines
        self.help = help_text
        # the clock's row (1-based): frame, the panel's lines, frame, the help
        self.clock_row = 1 + lines + 1 + help_text.count("\n") + 1 + 1
        # the terminal it needs: the frame or the status lines, whichever is
        # wider; the clock, the USB note and a last line that never scrolls
        self.columns = max(width + 2, _STATUS_WIDTH)
        self.rows = self.clock_row + 2


# 128x32 characters of half blocks from 130x40 up; in a terminal as it opens
# (80x24), braille: 2x4 pixels a character, every pixel kept.
FULL = Panel(frame_lines, 128, 32, HELP)
COMPACT = Panel(braille_lines, 64, 16, HELP_COMPACT)
PANELS = (FULL, COMPACT)   # the first one the terminal takes is drawn


def _panel_text(vb, panel=FULL):
    frame = vb.frame()
    if not frame.brightness:
        return ["(display off: a key or a throw wakes it)"] + [""] * (panel.lines - 1)
    return panel.draw(frame)


def result_json(flash):
    """The replay JSON of the newest record on the virtual flash, or None."""
    from dicetray.engine.replay import RecordError, replay
    from dicetray.engine.summary import summary
    games = os.path.join(flash, "games")
    try:
        names = sorted(n for n in os.listdir(games) if n.endswith(".jsonl"))
    except OSError:
        return None
    if not names:
        return None
    import io
    from dicetray.tray.journal import whole_record
    journal = os.path.join(flash, "journal", names[-1][:-len(".jsonl")])
    with open(os.path.join(games, names[-1]), "rb") as f:
        data = f.read()
    if os.path.exists(journal):
        with open(journal, "rb") as f:
            data = whole_record(data, f.read())
    try:
        game, dropped = replay(io.BytesIO(data))
    except RecordError as e:
        return '{"error":"%s"}' % str(e).replace('"', "'")
    return summary(game, dropped)


# -- headless ------------------------------------------------------------------------
class ScriptError(Exception):
    pass


def parse_script(text):
    """[(line number, command, args)] of a script; ScriptError on bad input."""
    from dicetray.tray import keynames
    names = {name.upper() for name in keynames.NAMES if name} | {"OK"}
    steps = []
    for lineno, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0]
        words = line.split()
        i = 0
        while i < len(words):
            word = words[i]
            low = word.lower()
            if low == "expect":
                rest = " ".join(words[i + 1:])
                if not rest:
                    raise ScriptError("line %d: expect needs a text" % lineno)
                steps.append((lineno, "expect", (rest,)))
                break
            if low in ("wait", "shot"):
                if i + 1 >= len(words):
                    raise ScriptError("line %d: %s needs an argument" % (lineno, low))
                arg = words[i + 1]
                if low == "wait":
                    arg = _ms(arg, lineno)
                steps.append((lineno, low, (arg,)))
                i += 2
                continue
            if low == "hold":
                if i + 2 >= len(words) or words[i + 1].upper() not in names:
                    raise ScriptError("line %d: hold KEY MS" % lineno)
                steps.append((lineno, "hold", (_key(words[i + 1]), _ms(words[i + 2], lineno))))
                i += 3
                continue
            if low in ("throw", "cut", "screen", "tilt", "level"):
                steps.append((lineno, low, ()))
            elif word.upper() in names:
                steps.append((lineno, "key", (_key(word),)))
            else:
                raise ScriptError("line %d: unknown command or key %r" % (lineno, word))
            i += 1
    return steps


def _key(word):
    word = word.upper()
    return "ROLL" if word == "OK" else word


def _ms(word, lineno):
    if not word.isdigit():
        raise ScriptError("line %d: %r is not a number of ms" % (lineno, word))
    return int(word)


def run_script(args):
    try:
        with open(args.script) as f:
            steps = parse_script(f.read())
    except OSError as e:
        sys.stderr.write("dicetray sim: cannot read %s: %s\n" % (args.script, e.strerror))
        return EXIT_USAGE
    except ScriptError as e:
        sys.stderr.write("dicetray sim: %s: %s\n" % (args.script, e))
        return EXIT_USAGE
    flash = args.flash or tempfile.mkdtemp(prefix="dicetray-flash-")
    os.makedirs(flash, exist_ok=True)
    if args.shots:
        os.makedirs(args.shots, exist_ok=True)
    throws = Throws(args.seed)
    status = 0
    with _board(args, flash) as vb:
        vb.run(300)  # boot
        for lineno, command, params in steps:
            status = _step(vb, command, params, args, throws)
            if status:
                sys.stderr.write("dicetray sim: %s line %d: expected %r, the screen shows:\n%s\n"
                                 % (args.script, lineno, params[0], "\n".join(vb.screen_text())))
                break
        mem = vb.mem()
        peak = mem.get("peak", 0)
        board_ms, python_ms = vb.now_ms, mem.get("py_us", 0) // 1000
        if vb.state == "error":
            sys.stderr.write("dicetray sim: the firmware stopped:\n%s\n" % vb.output)
            status = status or 3
    print(result_json(flash) or '{"error":"no game record"}')
    print("peak heap: %d bytes (-X heapsize=%s)" % (peak, args.heap))
    if args.chip_time:
        print("board time: %d ms, of which the firmware's Python at the chip's speed %d ms" % (board_ms, python_ms))
    if not args.flash:
        print("flash: %s" % flash)
    return status


def _step(vb, command, params, args, throws):
    if command == "key":
        vb.tap(params[0])
    elif command == "hold":
        vb.press(params[0])
        vb.run(params[1])
        vb.release(params[0])
        vb.run(60)
    elif command == "throw":
        throws.next(vb)
    elif command == "tilt":
        vb.feed(TILT_POINTS)
        vb.run(1500)
    elif command == "level":
        vb.feed(LEVEL_POINTS)
        vb.run(1500)
    elif command == "cut":
        vb.power_cut()
        vb.start()
        vb.run(300)
    elif command == "wait":
        vb.run(params[0])
    elif command == "shot":
        if args.shots:
            vb.save_png(os.path.join(args.shots, params[0] + ".png"))
    elif command == "screen":
        print("\n".join(_panel_text(vb)))
    elif command == "expect":
        shown = " ".join(vb.screen_text())
        if params[0] not in shown and params[0] not in "\n".join(vb.screen_text()):
            return EXIT_EXPECT
    return 0


# -- interactive -------------------------------------------------------------------
def run_terminal(args, panel=FULL):
    import select
    import termios
    import time
    import tty
    from dicetray_host.paths import ROOT
    flash = args.flash or str(ROOT / "build" / "sim-flash")
    os.makedirs(flash, exist_ok=True)
    out = sys.stdout
    fd = sys.stdin.fileno()
    saved = termios.tcgetattr(fd)
    throws = Throws(args.seed)
    shot = 0
    device = None
    if args.serve is not None:
        vb, device = _served_board(args, flash)
        if vb is None:
            sys.stderr.write(device + "\n")
            return 1
        vb.usb_note = _serving_note(device)
    else:
        vb = _board(args, flash)
    print("dicetray sim: virtual flash in %s\n%s" % (flash, panel.help))
    with vb:
        try:
            tty.setcbreak(fd)
            out.write("\x1b[?25l\x1b[2J")
            status = "booting"
            last = None
            while True:
                vb.run(50)
                picture = _panel_text(vb, panel)
                if picture != last or status:
                    _paint(out, picture, status, vb, panel)
                    last = picture
                    status = ""
                else:  # only the clock line
                    out.write("\x1b[%d;1H%s" % (panel.clock_row, ("t=%7.1fs" % (vb.now_ms / 1000.0)).ljust(_STATUS_WIDTH)))
                    out.flush()
                ready, _, _ = select.select([fd], [], [], 0.03)
                if not ready:
                    continue
                typed = os.read(fd, 16).decode("utf-8", "replace")
                for key in _split_keys(typed):
                    if key == "q":
                        return 0
                    if key == "t":
                        throws.next(vb)
                        status = "thrown"
                    elif key == "x":
                        status = "power cut: booting again"
                        if device is not None:
                            device.power_cycle()  # the USB link goes down too
                        else:
                            vb.power_cut()
                            _paint(out, [""] * panel.lines, status, vb, panel)
                            time.sleep(0.4)
                            vb.start()
                    elif key == "R":
                        vb.press("ROLL")
                        vb.run(800)
                        vb.release("ROLL")
                        status = "long ROLL"
                    elif key == "P" and args.shots:
                        shot += 1
                        os.makedirs(args.shots, exist_ok=True)
                        vb.save_png(os.path.join(args.shots, "sim%03d.png" % shot))
                        status = "saved sim%03d.png" % shot
                    elif key in _TERMINAL_KEYS:
                        vb.tap(_TERMINAL_KEYS[key])
                        status = _TERMINAL_KEYS[key]
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, saved)
            out.write("\x1b[?25h\n")
            out.flush()
            mem = vb.mem()
            if device is not None:
                device.stop()
    print(result_json(flash) or "no game record yet")
    print("peak heap: %d bytes (-X heapsize=%s)" % (mem.get("peak", 0), args.heap))
    return 0


def _split_keys(typed):
    keys = []
    i = 0
    while i < len(typed):
        if typed.startswith("\x1b[", i) and i + 2 < len(typed):
            keys.append(typed[i:i + 3])
            i += 3
        else:
            keys.append(typed[i])
            i += 1
    return keys


def _paint(out, picture, status, vb, panel):
    width = panel.width
    out.write("\x1b[H")
    out.write("+" + "-" * width + "+\n")
    for line in picture:
        out.write("|" + line.ljust(width) + "|\n")
    out.write("+" + "-" * width + "+\n")
    out.write(panel.help + "\n")
    out.write(("t=%7.1fs  %s" % (vb.now_ms / 1000.0, status)).ljust(_STATUS_WIDTH) + "\n")
    if getattr(vb, "usb_note", None):
        out.write(vb.usb_note.ljust(_STATUS_WIDTH) + "\n")
    out.flush()
