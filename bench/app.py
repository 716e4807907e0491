"""Benchmark of the tray application (`make bench`, section bench_app).

1. Heap: a whole 8-player game of each of the four games played by keys
   and throws on the virtual board (the unchanged firmware/main.py): the
   firmware's peak heap and the smallest heap it completes in (firmware as
   source, and as the .mpy files `make deploy` puts on the board). The
   virtual board's own memory is set aside before the firmware starts. The
   unix port is 64-bit: objects are about twice their RP2040 size.
2. Display: bytes sent to the OLED per key press (changed pages) against
   sending the full frame every time.
3. Instructions per key press (engine, record line with sync, screen
   drawing and the changed pages) counted by valgrind's callgrind on the
   unix port: two runs that differ only in the number of key presses, so
   the start-up cancels out; the firmware as deployed (.mpy) and as source.
"""
import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from bench.callgrind import available as callgrind_available, instructions
from dicetray import games
from dicetray_host.paths import FIRMWARE, ROOT, compiled_firmware, micropython_binary, micropython_env

PLAYERS = 8
CIRCUITS_OPTION = 1     # menu: 3 circuits

# A firmware entry that is main.py plus counters of the display's bytes.
_COUNTING_ENTRY = """
import gc
gc.collect()
print("start heap %d" % gc.mem_alloc())
from dicetray.tray import board
oled = board.open_display()
accel = board.open_accel()
pad = board.open_keypad()
from dicetray.tray.app import App


class Counting(App):
    def on_press(self, code, now):
        before = self.oled.bytes_sent
        App.on_press(self, code, now)
        if self.dirty:
            self.draw()
        sent = self.oled.bytes_sent - before
        gc.collect()
        print("key %d bytes %d heap %d" % (code, sent, gc.mem_alloc()))


Counting(oled, accel, pad).run()
"""


GAMES = games.NAMES
_READY = ("Key the faces", "Faces or BANK", "OK: take over", "Rethrown: key it")


def _throw(vb, throws, dice):
    """A generated throw; should the detector miss it, the player's way out
    (a long press of ROLL marks the throw), so the game goes on."""
    if throws is None:
        return
    throws.next(vb, dice)
    bottom = vb.screen_text()[-1:]
    if bottom and "moving" in bottom[0]:
        vb.run(600)
        bottom = vb.screen_text()[-1:]
    if not bottom or bottom[0] not in _READY:
        vb.press("ROLL")
        vb.run(800)
        vb.release("ROLL")
        vb.run(60)


def _roll(vb, throws, *faces):
    _throw(vb, throws, len(faces))
    for face in faces:
        vb.tap(face)


def _pig_turns():          # 3 circuits: two throws and a bank a turn
    for _ in range(PLAYERS * 3):
        yield ("4",)
        yield ("5",)
        yield "BANK"


def _bank_turns():         # 10 rounds: two rolls, then everyone banks
    for _ in range(10):
        yield ("3", "4")
        yield ("2", "3")
        for _ in range(PLAYERS):
            yield "BANK"


def _skulls_turns():       # 6 rounds: a throw and a pass; P1 throws twice once
    for turn in range(PLAYERS * 6):
        yield ("3", "4")
        if turn == 0:
            yield ("2", "2")
        yield "BANK"


def _sixdice_turns():      # target 1000: P1 banks 310 a turn, the others lose theirs
    for turn in range(PLAYERS * 6):
        yield ("1", "2", "3", "4", "5", "6")
        yield "ROLL"       # OK: keep the straight (best first), all six again
        if turn % PLAYERS == 0:
            yield ("6", "6", "6", "2", "3", "4")
            yield "ROLL"
            yield "BANK"
        else:
            yield ("2", "2", "3", "3", "4", "6")   # nothing scores


# The key presses of a whole 8-player game, as (faces...) throws and key
# names; and how many presses of OK on the menu's option line it is played with.
TURNS = {"pig": _pig_turns, "bank": _bank_turns, "skulls": _skulls_turns, "sixdice": _sixdice_turns}
OPTION_PRESSES = {"pig": CIRCUITS_OPTION}


def _play_game(vb, throws, game="pig"):
    """A whole 8-player game by keys and throws; True when it ended."""
    menu = ["ROLL"] * GAMES.index(game) + ["DOWN"] + ["ROLL"] * (PLAYERS - 2) + ["DOWN"]
    menu += ["ROLL"] * OPTION_PRESSES.get(game, 0) + ["DOWN", "ROLL"]
    for name in menu:
        vb.tap(name)
    for step in TURNS[game]():
        if vb.state != "run" or "Game over" in vb.screen_text():
            break
        if isinstance(step, tuple):
            _roll(vb, throws, *step)
        else:
            vb.tap(step)
    return "Game over" in vb.screen_text()


def _one_game(heap, firmware_dir=None, accel=True, entry="main", entry_text=None, game="pig", measure="live"):
    """(completed, mem dict, output) of one whole game with this heap.
    entry_text: the entry module's source, put on the flash (the board's
    sys.path starts there). measure "raw": the peak counts the firmware's
    garbage not yet collected, as a lowest gc.mem_free() on the chip does."""
    from dicetray_host.vboard.throws import Throws
    from dicetray_host.vboard.board import VirtualBoard, BoardError
    flash = tempfile.mkdtemp(prefix="bench-app-")
    if entry_text:
        Path(flash, entry + ".py").write_text(entry_text)
    try:
        with VirtualBoard(flash, entry=entry, heap=heap, accel=accel, firmware_dir=firmware_dir,
                          timeout_s=15, measure_heap="raw" if measure == "raw" else True) as vb:
            try:
                vb.run(300)
                done = vb.state == "run" and _play_game(vb, Throws(1) if accel else None, game)
                done = done and vb.state == "run"
                mem = vb.mem()
            except BoardError:  # out of heap inside the virtual board itself
                done, mem = False, {}
            out = vb.output
    finally:
        shutil.rmtree(flash, ignore_errors=True)
    return done, mem, out


def _deployed_tree():
    """main.py beside the cross-compiled package, as on the board."""
    tree = Path(tempfile.mkdtemp(prefix="bench-mpy-"))
    (tree / "dicetray").symlink_to(compiled_firmware() / "dicetray")
    shutil.copy(FIRMWARE / "main.py", tree / "main.py")
    return tree


def _smallest_heap(firmware_dir, game):
    low, high = 48, 192   # KiB: the answer is in (low, high]
    if not _one_game("%dk" % high, firmware_dir, game=game)[0]:
        return None
    while high - low > 2:
        mid = (low + high) // 2
        if _one_game("%dk" % mid, firmware_dir, game=game)[0]:
            high = mid
        else:
            low = mid
    return high


def _heap_row(game, tree):
    peak = _one_game("192k", tree, game=game)[1].get("peak", 0)
    raw = _one_game("192k", tree, game=game, measure="raw")[1].get("peak", 0)
    return peak, raw, _one_game("96k", tree, game=game)[0], _smallest_heap(tree, game)


def heap_table():
    """{(game, label): (peak bytes, with garbage, completes with 96k, smallest KiB)}."""
    from concurrent.futures import ThreadPoolExecutor
    deployed = _deployed_tree()
    jobs = {}
    try:
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
            for game in GAMES:
                for label, tree in (("deployed .mpy", deployed), ("source .py", None)):
                    jobs[game, label] = pool.submit(_heap_row, game, tree)
            return {key: job.result() for key, job in jobs.items()}
    finally:
        shutil.rmtree(deployed, ignore_errors=True)


def heap_section():
    print("Whole 8-player games by keys and throws on the virtual board (firmware/main.py)")
    print("pig 3 circuits; bank 10 rounds; skulls 6 rounds; six dice to 1000")
    table = heap_table()
    print("%-8s %-14s %12s %16s %13s %16s" % ("game", "firmware", "peak (gc)", "with garbage", "96k works",
                                              "smallest heap"))
    for (game, label), (peak, raw, ok96, smallest) in table.items():
        print("%-8s %-14s %10d B %14d B %13s %15s" % (game, label, peak, raw, "yes" if ok96 else "no",
                                                    "%dk" % smallest if smallest else "> 192k"))
    print("heap = what the firmware gets, in one piece: the port starts with heap + 192 KiB")
    print("and the board fills all the rest (its modules, models, holes) before main.py runs")
    print("(the board's command buffer is made then too), so these are the firmware's")
    print("figures alone. peak = most live heap after a collection between actions.")
    print("With garbage = most heap in use at a wait, the firmware's garbage not yet")
    print("collected included (what a lowest gc.mem_free() on a chip reads); the board's")
    print("own garbage from its waits is left out, its models' from the firmware's calls")
    print("(I2C, flash) is not, so it is an upper bound.")
    print("The unix port is 64-bit: objects and bytecode tables take about twice their")
    print("RP2040 size (the Pico has about 210 KB free after boot). Smallest heap: by")
    print("bisection in 2 KiB steps; near the limit fragmentation decides, so a size")
    print("just under it may also work.")
    print()
    done, _, out = _one_game("256k", entry="bench_counting", entry_text=_COUNTING_ENTRY)
    rows = [(int(m.group(1)), int(m.group(2))) for m in re.finditer(r"^key \d+ bytes (\d+) heap (\d+)$", out, re.M)]
    if not (done and rows):
        print("the counting run did not complete:\n%s" % out[-600:])
        return
    sent = [b for b, _ in rows]
    full = 8 + 1 + 1024  # window command, control byte, all 8 pages
    mean = sum(sent) / len(sent)
    print("Bytes to the OLED per key press, %d presses of the same game" % len(sent))
    print("%-46s %9.0f" % ("changed pages only, mean", mean))
    print("%-46s %9d" % ("changed pages only, max", max(sent)))
    print("%-46s %9d" % ("full frame every time", full))
    print("%-46s %8.1fx" % ("fewer bytes", full / mean if mean else 0))


# -- instructions per key press -----------------------------------------------------
_KEYS_SCRIPT = """
import sys, os, framebuf, gc
from dicetray.tray.drivers.ssd1306 import SSD1306
from dicetray.engine.game import Game
from dicetray.tray.play import Gate
from dicetray.tray.play import Table
from dicetray.tray import shelf
from dicetray.tray.store import Store
from dicetray.tray import screens

class Bus:  # the I2C bus ends here: bytes go nowhere
    def writeto(self, addr, buf):
        return 0
    def writevto(self, addr, vec):
        return 0

presses = int(sys.argv[1])
collect = sys.argv[3] == "1"  # as app.step does after a key's screen
oled = SSD1306(Bus())
store = Store(sys.argv[2])
game = Game("pig", ["P%d" % i for i in range(1, 9)], {"circuits": 5})
shelf.start(store, "pig", game.players, {"circuits": 5}, 0)
table = Table(game, store, Gate(True))
screens.play(oled, table)
oled.show()
keys = (4, 5, 9)  # face 4, face 5, BANK: one turn
for i in range(presses):
    table.key(keys[i % 3], 1000 + i)
    if table.game.over:
        screens.over(oled, table)
    else:
        screens.play(oled, table)
    oled.show()
    if collect:
        gc.collect()
"""


def _callgrind(presses, work, collect=False, heap=(), firmware=None):
    script = work / "keys.py"
    script.write_text(_KEYS_SCRIPT)
    games = work / ("games%d" % presses)
    shutil.rmtree(games, ignore_errors=True)
    env = micropython_env(firmware) if firmware else micropython_env()
    mp = micropython_binary()
    launcher = [sys.executable, mp] if open(mp, "rb").read(2) == b"#!" else [mp]
    return instructions(launcher + list(heap) + [str(script), str(presses), str(games), "1" if collect else "0"],
                        env=env, cwd=str(work))


def instructions_section():
    if not callgrind_available():
        print("valgrind not installed: instructions per key press skipped (apt-get install valgrind)")
        return
    work = Path(tempfile.mkdtemp(prefix="bench-cg-"))
    try:
        few, many = 3, 63
        base = _callgrind(few, work)
        more = _callgrind(many, work)
        deployed = compiled_firmware()
        mpy = (_callgrind(many, work, firmware=deployed) - _callgrind(few, work, firmware=deployed)) / (many - few)
        # The loop's collection after each key, in a heap the board's size
        # (the sweep goes over the whole heap): the difference it makes.
        heap = ("-X", "heapsize=192k")
        plain = _callgrind(many, work, False, heap) - _callgrind(few, work, False, heap)
        collected = _callgrind(many, work, True, heap) - _callgrind(few, work, True, heap)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    per_key = (more - base) / (many - few)
    print("Instructions per key press (callgrind, unix port; engine + record line + sync + screen)")
    print("%-34s %12.0f" % ("per key press, deployed .mpy", mpy))
    print("%-34s %12.0f" % ("per key press, source .py", per_key))
    print("%-34s %12d" % ("aim", 1000000))
    print("%-34s %12.0f" % ("+ the collection after it (192k)", (collected - plain) / (many - few)))
    print("The collection runs after the key's screen is out (app.step): it delays only a")
    print("key pressed while it runs. Its cost grows with the live heap (here one pig table,")
    print("less than a game at its peak holds) and the heap's size.")


def run():
    heap_section()
    print()
    instructions_section()


if __name__ == "__main__":
    run()
