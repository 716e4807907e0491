// node game_heap.mjs SITE HEAP [MPY]: a whole 8-player six-dice game on the
// page's board, the accelerometer fed the page's throw traces before each
// keyed throw (as on a tray: the throw detector is live), MicroPython
// WebAssembly, a 32-bit port like the RP2040's. Prints JSON: the firmware's
// live heap at the menu, after the start and its peak (a collection after
// every key), and the last screen's pixels as the page shows them; and the
// interned names (qstrs) at the peak and on the board alone (no firmware),
// from which bench/web.py estimates what the pools cost on an RP2040.
// MPY: a folder of the firmware cross-compiled (build/mpy): its .mpy files
// are read from there, as `dicetray deploy` puts them on the board (since
// round 29 the page carries the same .mpy files; for a site built before it,
// they take the place of its dicetray/*.py).
import fs from "fs";
import path from "path";
import {pathToFileURL} from "url";

const [site, heap, mpy] = process.argv.slice(2);
const url = (name) => pathToFileURL(path.join(site, name)).href;
const {loadMicroPython} = await import(url("mp/micropython.mjs"));
const {startBoard, panelPixels} = await import(url("board.js"));
const config = JSON.parse(fs.readFileSync(path.join(site, "tray.json")));
const files = [];
for (const [file, to] of config.files) {
  const compiled = mpy && to.startsWith("/fw/dicetray/") && path.join(mpy, to.slice(4).replace(/\.py$/, ".mpy"));
  if (compiled && !fs.existsSync(compiled)) continue;   // not in this firmware
  if (compiled) files.push([to.replace(/\.py$/, ".mpy"), new Uint8Array(fs.readFileSync(compiled))]);
  else files.push([to, new Uint8Array(fs.readFileSync(path.join(site, file)))]);
}
// qstr_info() of a board: {n, str, total} (names, their text, text and pool tables).
function qstrs(b) {
  const n = b.lines.length;
  b.mp.runPython("import micropython\nmicropython.qstr_info()");
  const m = /n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)/.exec(b.lines.slice(n).join("\n"));
  return {n: Number(m[1]), str: Number(m[2]), total: Number(m[3])};
}
// The board side alone: its names are built in on a chip (machine, rp2, time).
const bare = await startBoard({loadMicroPython, files: files.filter(([to]) => !to.startsWith("/fw/")),
                               flash: {}, heap: Number(heap), accel: false});
const boardQstrs = qstrs(bare);
// What this runtime's own Python modules cost: binascii (micropython-lib's
// binascii.py, frozen into the pyscript build, its base64 tables built on
// import; the firmware's crc32 import loads it) and the os package
// (os/__init__.py and os.path, frozen too; store.py imports os). rp2's
// binascii and os are C, built in.
function runtimeModulesCost(b) {
  const n = b.lines.length;
  b.mp.runPython("import gc\ngc.collect()\n_a = gc.mem_alloc()\nimport binascii\nimport os\ngc.collect()\n" +
                 "print('runtime', gc.mem_alloc() - _a)\ndel _a");
  const m = /runtime (\d+)/.exec(b.lines.slice(n).join("\n"));
  return Number(m[1]);
}
const runtimeBytes = runtimeModulesCost(bare);
const runtimeQstrs = qstrs(bare);
const board = await startBoard({loadMicroPython, files, flash: {}, heap: Number(heap), accel: true});
const where = {};
for (const row of config.pad) for (const k of row) where[k.name] = k;

function live() {
  board.mp.runPython("import gc\ngc.collect()");
  return board.heapUsed();
}
let peak = 0, peakQstrs = null;
function tap(name) {
  const k = where[name];
  board.key(k.row, k.col, true);
  board.runTo(board.nowMs() + 60);
  board.key(k.row, k.col, false);
  board.runTo(board.nowMs() + 60);
  const now = live();
  if (now > peak) {
    peak = now;
    peakQstrs = qstrs(board);
  }
}
let thrown = 0;
function throwDice() {   // one of the page's traces, then the dice at rest (tray.js's SETTLE_MS)
  const points = config.throws[thrown++ % config.throws.length];
  const t0 = board.nowMs() + 1;
  for (const [t, x, y, z] of points) {
    while (!board.feed(t0 + t, x, y, z)) board.runTo(board.nowMs() + 10);   // its FIFO is full
  }
  board.runTo(t0 + points[points.length - 1][0] + 700);
}
function roll(faces) {
  throwDice();
  for (const f of faces) tap(f);
}
board.runTo(board.nowMs() + 300);
const menu = live();
const PLAYERS = 8;
for (const name of ["ROLL", "ROLL", "ROLL", "DOWN", ...Array(PLAYERS - 2).fill("ROLL"), "DOWN", "DOWN", "ROLL"]) tap(name);
const started = live();
for (let turn = 0; turn < PLAYERS * 7 && !board.stopped; turn++) {   // the game ends in the 7th circuit
  roll("123456");
  tap("ROLL");            // OK: keep the straight, all six again
  if (turn % PLAYERS === 0) {
    roll("666234");
    tap("ROLL");
    tap("BANK");
  } else {
    roll("223346");       // nothing scores
  }
}
const {pixels, brightness} = panelPixels(board.panel());   // what the page draws
console.log(JSON.stringify({
  stopped: board.stopped, menu, started, peak, peakQstrs, boardQstrs, runtimeBytes, runtimeQstrs,
  pixels: Array.from(pixels), brightness, output: board.lines.slice(-5).join("\n")
}));
