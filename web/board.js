// The page's virtual board, JavaScript side: starts MicroPython WebAssembly
// with the tray's heap, puts the firmware and the board's MicroPython side
// (board/web_board.py and the host's virtual board models) into its file
// system, and gives the page calls into web_board.py. Works in a browser
// and in node (tests/web drive it through the page).

const HEAP_RESERVE = 128 * 1024;   // the board's own modules and models, as the host's virtual board
const MALLOC_SPARE = 64 * 1024;    // C-side room for calls between JS and Python (never heap-sized)
const FLASH = "/flash";

let compiled = null;               // the compiled runtime, reused after a power cut

// Runs loadMicroPython with the runtime's memory held at what it has once
// loaded: MicroPython's heap on this port grows on demand, the board's does not.
async function loadRuntime(loadMicroPython, heapsize, output) {
  const grow = {allowed: true};
  let memory = null;
  const real = {streaming: WebAssembly.instantiateStreaming, plain: WebAssembly.instantiate};
  const instantiate = async (source, imports) => {
    if (!compiled) {
      compiled = (source instanceof WebAssembly.Module) ? source
        : (source instanceof Promise || source instanceof Response)
          ? await WebAssembly.compileStreaming(source) : await WebAssembly.compile(source);
    }
    const resize = imports.env.emscripten_resize_heap;
    imports.env.emscripten_resize_heap = (size) => (grow.allowed ? resize(size) : 0);
    const instance = await real.plain.call(WebAssembly, compiled, imports);
    memory = Object.values(instance.exports).find((e) => e instanceof WebAssembly.Memory);
    return {instance, module: compiled};
  };
  WebAssembly.instantiateStreaming = instantiate;
  WebAssembly.instantiate = instantiate;
  let mp;
  try {
    mp = await loadMicroPython({heapsize, stdout: output, stderr: output, linebuffer: true});
  } finally {
    WebAssembly.instantiateStreaming = real.streaming;
    WebAssembly.instantiate = real.plain;
  }
  // No more memory for C: what malloc still finds is taken now, but for a
  // spare too small for another heap area (a new area is at least as large
  // as the heap so far), so the GC heap stays the size it was given.
  grow.allowed = false;
  const M = mp._module;
  const spare = M._malloc(MALLOC_SPARE);
  for (let size = 1 << 26; size >= 4096;) {
    if (!M._malloc(size)) size >>= 1;
  }
  M._free(spare);
  return {mp, memory};
}

function mkdirs(FS, path) {
  let at = "";
  for (const part of path.split("/").filter(Boolean)) {
    at += "/" + part;
    try { FS.mkdir(at); } catch (e) { /* there already */ }
  }
}

// A board with its firmware loaded, booted up to the firmware's main loop.
// files: [[path in the runtime's file system, Uint8Array]]; flash: {path: Uint8Array}
// under /flash (what was kept from before: a power cut's survivors).
export async function startBoard({loadMicroPython, files, flash, heap, accel = true, output = () => {}}) {
  const lines = [];
  let capture = null;
  const out = (line) => { if (capture) capture.push(line); else { lines.push(line); output(line); } };
  const {mp, memory} = await loadRuntime(loadMicroPython, heap + HEAP_RESERVE, out);
  const FS = mp.FS;
  for (const [path, data] of files) {
    mkdirs(FS, path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(path, data);
  }
  mkdirs(FS, FLASH);
  for (const [path, data] of Object.entries(flash || {})) {
    mkdirs(FS, FLASH + path.slice(0, path.lastIndexOf("/")));
    FS.writeFile(FLASH + path, data);
  }
  // Anything that changes a file marks the flash for saving.
  const board = {dirty: true};
  for (const name of ["write", "rename", "unlink", "rmdir", "mkdir", "truncate", "ftruncate"]) {
    const real = FS[name];
    FS[name] = function (...args) { board.dirty = true; return real.apply(this, args); };
  }
  // What gc.mem_free() counts beyond the heap (the growth held back above).
  capture = [];
  mp.runPython("import micropython\nmicropython.mem_info()");
  const info = capture.join("\n");
  capture = null;
  const growth = Number((/max new split: (\d+)/.exec(info) || [0, 0])[1]);

  mp.runPython("import sys\nsys.path[:] = ['/vb']");
  const wb = mp.pyimport("web_board");
  const call = {};
  for (const name of ["boot", "start", "run_to", "now_ms", "key", "feed", "queued", "panel",
                      "ram_address", "regs_address", "heap_used"]) {
    call[name] = wb[name];
  }
  const short = call.boot(heap, growth, accel ? 1 : 0);
  if (!short) call.start();
  let ram = 0, regs = 0;
  try { ram = call.ram_address(); regs = call.regs_address(); } catch (e) { /* no display */ }

  Object.assign(board, {
    mp, lines, heap,
    stopped: short !== 0,
    runTo(ms) {
      if (this.stopped) return;
      if (call.run_to(ms)) this.stopped = true;
    },
    nowMs: () => call.now_ms(),
    key: (row, col, down) => call.key(row, col, down ? 1 : 0),
    feed: (t, x, y, z) => call.feed(t, x, y, z) === 1,
    queued: () => call.queued(),
    heapUsed: () => call.heap_used(),
    // GDDRAM (1024 bytes) and the panel's registers, copied out of the runtime.
    panel() {
      call.panel();
      return {
        ram: new Uint8Array(memory.buffer, ram, 1024).slice(),
        regs: new Uint8Array(memory.buffer, regs, 11).slice(),
      };
    },
    // The flash as {path: Uint8Array}, paths from its root ("/games/0001.jsonl").
    flashFiles() {
      const found = {};
      const walk = (dir) => {
        for (const name of FS.readdir(dir)) {
          if (name === "." || name === "..") continue;
          const full = dir + "/" + name;
          if (FS.isDir(FS.stat(full).mode)) walk(full);
          else found[full.slice(FLASH.length)] = FS.readFile(full);
        }
      };
      walk(FLASH);
      return found;
    },
  });
  return board;
}

// GDDRAM and registers to what the panel shows: 64 rows of 128 pixels (0/1)
// and the brightness, as dicetray_host.vboard.frames.frame_from_gddram.
export function panelPixels({ram, regs}) {
  const [on, pump, contrast, inverse, allOn, remap, comRev, start, offset, mux, comPins] = regs;
  const pixels = new Uint8Array(128 * 64);
  if (!on || !pump) return {pixels, brightness: 0};
  for (let y = 0; y < 64; y++) {
    let com = comRev ? y : 63 - y;
    if ((comPins & 0x10) === 0) com = (com % 2) * 32 + (com >> 1);  // sequential COM on an alternate-wired panel
    const line = (com + start + offset) & 63;
    const page = line >> 3, bit = line & 7;
    for (let x = 0; x < 128; x++) {
      const col = remap ? x : 127 - x;
      let p = com > mux ? 0 : (ram[page * 128 + col] >> bit) & 1;
      if (allOn) p = 1;
      else if (inverse) p ^= 1;
      pixels[y * 128 + x] = p;
    }
  }
  return {pixels, brightness: contrast};
}

// The grey of a lit pixel at a contrast, as the virtual board's PNG.
export function litLevel(brightness) {
  return brightness ? 64 + Math.floor(brightness * 191 / 255) : 0;
}
