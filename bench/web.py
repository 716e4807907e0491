"""The tray in a browser (make web): how soon the first screen appears in
headless Chromium, and the firmware's heap and speed in MicroPython
WebAssembly.

First screen: a fresh Chromium profile each time (nothing cached, the
runtime compiled anew) opens the page from a local server; the figure is
the page's own performance.now() when the canvas first shows a lit
screen, i.e. from the start of the navigation. Speed: one virtual second
at the menu on the page's board in node (the same board.js and runtime).
Heap: an 8-player six-dice game keyed on the page's board in node
(bench/web/game_heap.mjs) with the cross-compiled firmware, a throw trace
fed to the detector before each keyed throw, a collection after every key;
and that peak with the qstr pools an RP2040 would hold (qstr_pools).
"""
import json
import statistics
import subprocess
import tempfile
import threading
from pathlib import Path

from dicetray_host.paths import ROOT, compiled_firmware

RUNS = 3


def run():
    from dicetray_host.web import build
    from dicetray_host.web.chromium import Browser, missing_tools
    from dicetray_host.web.serve import make_server
    missing = missing_tools()
    if missing:
        print("skipped: not installed: %s" % ", ".join(missing))
        return
    with tempfile.TemporaryDirectory(prefix="dicetray-web-") as tmp:
        site = Path(tmp) / "site"
        build.build(site)
        server = make_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = "http://127.0.0.1:%d/" % server.server_address[1]
        first = []
        heap_after_boot = 0
        try:
            for _ in range(RUNS):
                with Browser() as browser:
                    page = browser.open(url)
                    page.wait("window.tray && window.tray.ready")
                    first.append(page.eval("window.tray.firstScreenMs"))
                    heap_after_boot = page.eval("window.tray.heapUsed")
                    heap = page.eval("window.tray.heap")
        finally:
            server.shutdown()
            server.server_close()
        proc = subprocess.run(["node", str(ROOT / "tests" / "fixtures" / "web_board_heap.mjs"),
                               str(site), str(heap)], capture_output=True, text=True, timeout=300)
        speed = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 else None
        proc = subprocess.run(["node", str(ROOT / "bench" / "web" / "game_heap.mjs"), str(site), str(heap),
                               str(compiled_firmware())],
                              capture_output=True, text=True, timeout=1800)
        game = json.loads(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 else None
    print("| what | figure |")
    print("|---|---|")
    print("| first screen after opening, fresh Chromium profile (median of %d / max) | %.2f s / %.2f s |"
          % (RUNS, statistics.median(first) / 1000, max(first) / 1000))
    print("| firmware heap in use at the menu / heap it gets | %.1f KB / %d KB |"
          % (heap_after_boot / 1024, heap // 1024))
    if speed:
        print("| wall time for 1 s of virtual time at the menu (node) | %.0f ms |" % speed["runMs"])
    if game:
        print("| 8-player six dice, throws fed to the detector, firmware as .mpy (32-bit: WebAssembly): live heap "
              "at the menu / after the start / peak | %.1f / %.1f / %.1f KB (%s) |"
              % (game["menu"] / 1024, game["started"] / 1024, game["peak"] / 1024, _last_screen(game)))
    else:
        print("six-dice game on the page's board failed: %s" % proc.stderr[-800:])
    if game and game.get("peakQstrs"):
        fw_names, wasm_tables, chip_tables = qstr_pools(game["peakQstrs"], game["boardQstrs"])
        print("| same peak with the qstr pools an RP2040 would allocate for the firmware's %d own names: "
              "estimate | %.1f KB (pool tables %.1f KB here, %.1f KB on the chip) |"
              % (fw_names, (game["peak"] - wasm_tables + chip_tables) / 1024, wasm_tables / 1024,
                 chip_tables / 1024))
    if game and game.get("peakQstrs") and game.get("runtimeQstrs"):
        # This runtime's binascii and os are Python (micropython-lib's binascii.py,
        # base64 tables built on import; the os package with os.path), frozen
        # into the pyscript build; rp2's are C.
        board, after = game["boardQstrs"], game["runtimeQstrs"]
        names = after["n"] - board["n"]
        held = game["runtimeBytes"] - ((after["total"] - after["str"]) - (board["total"] - board["str"]))
        # fw_names and wasm_tables as above; the chip's pools for fewer names
        chip_tables = qstr_pools({"n": game["peakQstrs"]["n"] - names, "total": 0, "str": 0},
                                 {"n": game["boardQstrs"]["n"], "total": 0, "str": 0})[2]
        print("| the same estimate without this runtime's binascii.py and os package (%.1f KB and %d names "
              "here; built in on rp2): the firmware's %d names | %.1f KB |"
              % (held / 1024, names, fw_names - names, (game["peak"] - held - wasm_tables + chip_tables) / 1024))
    print("The WebAssembly port is 32-bit like the RP2040 (the unix port's figures in `app` and `keys`")
    print("are 64-bit). The game runs the .mpy files `dicetray deploy` puts on a board, as the page does.")
    print("Part of the heap is interned names (qstrs) in pools that double in size,")
    print("the last one mostly empty; the board side's own names count here and are built in on rp2,")
    print("hence the estimate (docs/firmware.md, \"Memory and speed\"; the goal on the chip is 64 KB).")


def qstr_pools(peak, board):
    """(the firmware's own names, the pool tables they cost here, the pool
    tables they would cost on an RP2040), in bytes. Here the board side's
    Python (machine, time, the models) interns about 500 names first, so the
    firmware's land in the later, bigger pools; on the chip those names are
    built in, and the firmware's own names start the dynamic pools. Pools
    hold 20, 40, 80 ... names (each twice the last; the frozen pool before
    them has at most 10); rp2 stores a pointer, a 1-byte hash and a 1-byte
    length per slot behind a 24-byte header (py/qstr.c, ports/rp2
    mpconfigport.h: MICROPY_QSTR_BYTES_IN_HASH 1), this port a 2-byte hash."""
    names = peak["n"] - board["n"]
    here = (peak["total"] - peak["str"]) - (board["total"] - board["str"])
    chip, alloc, room = 0, 20, 0
    while room < names:
        chip += (24 + 6 * alloc + 15) // 16 * 16
        room += alloc
        alloc *= 2
    return names, here, chip


def _last_screen(game):
    """The first line of the page's last screen ("Game over" when it ended)."""
    from dicetray_host.vboard.frames import Frame, screen_text
    pixels = game["pixels"]
    lines = screen_text(Frame([pixels[y * 128:(y + 1) * 128] for y in range(64)], game["brightness"]))
    return "last screen: " + (lines[0] if lines else "blank")
