// The page: the tray's panel, pad and surroundings around the virtual board
// (board.js). Virtual time follows the clock on the wall, and runs ahead
// while clicks or a throw wait to be played (a quick run of clicks is kept
// in order, each key held as `make sim` holds it).
import {startBoard, panelPixels, litLevel} from "./board.js";

const STORE = "dicetray-flash";      // localStorage: the flash, {path: base64}
const HOLD_MS = 60;                  // a tap: key down this long, then up this long
const GAP_MS = 60;
const LONG_MS = 800;                 // a long press (R), as `make sim`
const SLICE_MS = 250;                // most virtual time per frame at wall-clock pace
const AHEAD_MS = 600;                // most virtual time per frame while input waits
const CUT_DARK_MS = 400;             // the panel stays dark this long after a power cut
const SETTLE_MS = 700;               // a throw lasts until its dice have rested this long

const $ = (id) => document.getElementById(id);
const canvas = $("oled");
const ctx = canvas.getContext("2d");
ctx.imageSmoothingEnabled = false;
const image = ctx.createImageData(128, 64);

const state = {
  site: null, files: null, board: null, booting: true,
  events: [],          // {t, apply()} in virtual ms, in order
  trace: [],           // acceleration points not yet given to the LIS3DH: [t, x, y, z]
  lastInput: 0,        // virtual ms after which the next key press may come
  lastSent: -1,        // virtual ms of the last point given to the LIS3DH
  throws: 0, tilted: false, held: new Map(),
  lastReal: 0, shown: "", firstScreenMs: null, error: null, loop: null,
  boots: 0, litBoot: 0, heapShown: 0,  // boots so far; the last boot whose screen has been lit
};

// -- flash kept in the browser --------------------------------------------------
function storage() {
  try { return window.localStorage; } catch (e) { return null; }  // a browser may refuse it
}

function loadFlash() {
  const text = storage()?.getItem(STORE);
  if (!text) return {};
  const files = {};
  for (const [path, b64] of Object.entries(JSON.parse(text))) {
    files[path] = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  }
  return files;
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

// The whole flash in one item: a reload between two saves finds one or the other.
function saveFlash(board) {
  if (!board.dirty) return;
  board.dirty = false;
  const files = board.flashFiles();
  const out = {};
  for (const [path, bytes] of Object.entries(files)) out[path] = toBase64(bytes);
  try {
    storage().setItem(STORE, JSON.stringify(out));
  } catch (e) {
    status("This browser does not keep the flash (storage full or refused): a reload starts afresh.");
  }
}

// -- the runtime ----------------------------------------------------------------
async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(url + ": " + response.status);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  state.booting = true;
  const {loadMicroPython} = await import("./mp/micropython.mjs");
  const board = await startBoard({
    loadMicroPython, files: state.files, flash: loadFlash(), heap: state.site.heap,
    output: (line) => { $("console").textContent += line + "\n"; },
  });
  state.board = board;
  state.boots += 1;
  state.events = [];
  state.trace = [];
  state.lastSent = -1;
  state.lastInput = board.nowMs();
  state.held.clear();
  for (const b of document.querySelectorAll(".pad button")) b.classList.remove("down");
  state.booting = false;
  if (state.tilted) feed(state.site.tilt.slice(-1).map(([, x, y, z]) => [0, x, y, z]));
  if (board.stopped) status("The firmware stopped: see the console below.");
  state.lastReal = performance.now();
}

// -- inputs ---------------------------------------------------------------------
function at(t, apply) {
  state.events.push({t, apply});
  state.events.sort((a, b) => a.t - b.t);
}

function press(name) {
  const board = state.board;
  if (!board || state.held.has(name)) return;
  const key = state.keys[name];
  const t = Math.max(board.nowMs(), state.lastInput);
  state.held.set(name, t);
  state.lastInput = t + HOLD_MS;
  key.button.classList.add("down");
  at(t, () => state.board.key(key.row, key.col, true));
}

function release(name, holdMs = HOLD_MS) {
  const board = state.board;
  if (!board || !state.held.has(name)) return;
  const key = state.keys[name];
  const t = Math.max(board.nowMs(), state.held.get(name) + holdMs, ...state.events.map((e) => e.t));
  state.held.delete(name);
  state.lastInput = Math.max(state.lastInput, t + GAP_MS);
  at(t, () => { state.board.key(key.row, key.col, false); key.button.classList.remove("down"); });
}

function tap(name, holdMs = HOLD_MS) {
  press(name);
  release(name, holdMs);
}

// Acceleration points [t ms from now, x, y, z mg], after any still waiting.
function feed(points) {
  const board = state.board;
  if (!board) return;
  const last = state.trace.length ? state.trace[state.trace.length - 1][0] : state.lastSent;
  const t0 = Math.max(board.nowMs(), last + 1);
  for (const [t, x, y, z] of points) state.trace.push([t0 + t, x, y, z]);
}

function throwDice() {
  const traces = state.site.throws;
  const points = traces[state.throws++ % traces.length];
  feed(points);
  // The throw is over once the tray has seen its dice at rest: run ahead to there.
  at(state.trace[state.trace.length - 1][0] + SETTLE_MS, () => {});
}

function tilt() {
  state.tilted = !state.tilted;
  feed(state.tilted ? state.site.tilt : state.site.level);
  $("tilt").setAttribute("aria-pressed", String(state.tilted));
  $("tilt").textContent = state.tilted ? "Put the tray level" : "Tilt the tray";
}

async function powerCut() {
  if (!state.board) return;
  state.board = null;        // the runtime goes with its unflushed data; the kept flash stays
  draw(null);
  status("Power cut: booting again…");
  await new Promise((resolve) => setTimeout(resolve, CUT_DARK_MS));
  await boot();
  status("Booted again from the flash kept in this browser.");
}

async function eraseFlash() {
  storage()?.removeItem(STORE);
  state.board = null;
  draw(null);
  await boot();
  status("Flash erased: a new tray.");
}

// The journal's lines the record still lacks (none when it is stale), as
// pending_lines() in firmware/dicetray/tray/store.py: its first line is the
// record's size when they began.
function pendingLines(journal, recordSize) {
  const i = journal.indexOf(10);
  if (i < 0) return new Uint8Array(0);
  const head = new TextDecoder().decode(journal.subarray(0, i)).trim();
  return /^[+-]?\d+$/.test(head) && Number(head) === recordSize ? journal.subarray(i + 1) : new Uint8Array(0);
}

// The newest record as the tray reads it, and as `dicetray pull` copies it:
// the file, then its journal's pending lines (tray/journal.py whole_record).
function newestRecord() {
  const files = state.board ? state.board.flashFiles() : loadFlash();
  const names = Object.keys(files).filter((p) => /^\/games\/\d+\.jsonl$/.test(p)).sort();
  if (!names.length) return null;
  const path = names[names.length - 1];
  const name = path.slice("/games/".length);
  const file = files[path];
  const journal = files["/journal/" + name.slice(0, -".jsonl".length)];
  const pending = journal ? pendingLines(journal, file.length) : new Uint8Array(0);
  const bytes = new Uint8Array(file.length + pending.length);
  bytes.set(file);
  bytes.set(pending, file.length);
  return {name, bytes};
}

function download() {
  const record = newestRecord();
  if (!record) { status("No game record on the flash yet."); return; }
  const url = URL.createObjectURL(new Blob([record.bytes], {type: "application/x-ndjson"}));
  const a = document.createElement("a");
  a.href = url;
  a.download = "dicetray-" + record.name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  status("Downloaded " + a.download + ": `dicetray verify` checks it, `dicetray replay` scores it.");
}

// -- the loop ---------------------------------------------------------------------
function pending() {
  return state.events.length > 0 || state.trace.length > 0 || (state.board && state.board.queued() > 0);
}

function advance(board, wallMs) {
  const now = board.nowMs();
  let target = now + Math.max(1, Math.round(Math.min(wallMs, SLICE_MS)));  // whole ms: the board counts them
  if (pending()) target = Math.max(target, Math.min(now + AHEAD_MS, lastInputTime()));
  for (;;) {
    while (state.trace.length && board.feed(...state.trace[0])) state.lastSent = state.trace.shift()[0];
    let stop = target;
    if (state.events.length) stop = Math.min(stop, state.events[0].t);
    if (state.trace.length) stop = Math.min(stop, Math.max(state.lastSent, board.nowMs() + 1));
    board.runTo(stop);
    if (board.stopped) return;
    const vnow = board.nowMs();
    while (state.events.length && state.events[0].t <= vnow) state.events.shift().apply();
    if (vnow >= target) return;
  }
}

function lastInputTime() {
  let t = state.lastSent;
  if (state.events.length) t = Math.max(t, state.events[state.events.length - 1].t);
  if (state.trace.length) t = Math.max(t, state.trace[state.trace.length - 1][0]);
  return t + 1;
}

function frame() {
  const board = state.board;
  const real = performance.now();
  if (board && !state.booting) {
    try {
      if (!board.stopped) advance(board, real - state.lastReal);
      if (board.stopped && !state.error) {
        state.error = "stopped";
        status("The firmware stopped: see the console below.");
      }
      draw(board.panel());
      saveFlash(board);
      if (real - state.heapShown > 1000) {
        state.heapShown = real;
        $("heap").textContent = "Firmware heap in use: " + (board.heapUsed() / 1024).toFixed(1)
          + " of " + board.heap / 1024 + " KB (the board's).";
      }
    } catch (e) {
      state.error = String(e);
      status("The page's board failed: " + e);
      console.error(e);
    }
  }
  state.lastReal = real;
  state.loop = setTimeout(frame, 15);
}

function draw(panel) {
  const {pixels, brightness} = panel ? panelPixels(panel) : {pixels: new Uint8Array(8192), brightness: 0};
  const key = brightness + ":" + pixels.join("");
  if (key === state.shown) return;
  state.shown = key;
  const level = litLevel(brightness);
  const data = image.data;
  for (let i = 0; i < 8192; i++) {
    const v = pixels[i] ? level : 0;
    data[4 * i] = data[4 * i + 1] = data[4 * i + 2] = v;
    data[4 * i + 3] = 255;
  }
  ctx.putImageData(image, 0, 0);
  $("panel-note").hidden = !(panel && !brightness);
  if (brightness && pixels.some((p) => p)) state.litBoot = state.boots;
  if (brightness && state.firstScreenMs === null && pixels.some((p) => p)) {
    state.firstScreenMs = Math.round(performance.now());
    status("Ready: first screen " + (state.firstScreenMs / 1000).toFixed(2) + " s after opening.");
  }
}

function status(text) {
  $("status").textContent = text;
}

// -- the page -----------------------------------------------------------------------
function buildPad(site) {
  state.keys = {};
  const pad = $("pad");
  for (const row of site.pad) {
    for (const k of row) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.key = k.name;
      b.append(k.name);
      if (k.hint) {
        const hint = document.createElement("small");
        hint.textContent = k.hint;
        b.append(hint);
      }
      b.addEventListener("pointerdown", (e) => { e.preventDefault(); b.setPointerCapture?.(e.pointerId); press(k.name); });
      b.addEventListener("pointerup", () => release(k.name));
      b.addEventListener("pointercancel", () => release(k.name));
      pad.append(b);
      state.keys[k.name] = {row: k.row, col: k.col, button: b};
    }
  }
  const byKey = {};
  for (const [typed, name] of Object.entries(site.keyboard)) (byKey[name] = byKey[name] || []).push(typed);
  const label = (t) => ({" ": "space", "ArrowUp": "↑", "ArrowDown": "↓"}[t] || t);
  const faces = (name) => /^[1-6]$/.test(name);
  $("keys").textContent = "Keyboard, as in make sim: 1-6 faces, " + Object.entries(byKey)
    .filter(([name]) => !faces(name))
    .map(([name, typed]) => typed.map(label).join("/") + " " + name).join(", ")
    + ", R long ROLL, t throw, x power cut.";
}

function onKey(e, down) {
  // The map of `make sim` wins over a focused button's own Enter/space.
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const name = state.site.keyboard[e.key];
  if (name) {
    e.preventDefault();
    if (e.repeat) return;
    if (down) press(name); else release(name);
  } else if (down && !e.repeat) {
    if (e.key === "t") throwDice();
    else if (e.key === "x") powerCut();
    else if (e.key === "R") tap("ROLL", LONG_MS);
  }
}

async function main() {
  try {
    state.site = await (await fetch("tray.json")).json();
    buildPad(state.site);
    state.files = await Promise.all(state.site.files.map(async ([url, path]) => [path, await fetchBytes(url)]));
    await boot();
  } catch (e) {
    status("The tray could not start: " + e);
    console.error(e);
    return;
  }
  status("Booting the firmware…");
  for (const id of ["throw", "tilt", "cut", "download", "erase"]) $(id).disabled = false;
  $("throw").addEventListener("click", throwDice);
  $("tilt").addEventListener("click", tilt);
  $("cut").addEventListener("click", powerCut);
  $("download").addEventListener("click", download);
  $("erase").addEventListener("click", eraseFlash);
  document.addEventListener("keydown", (e) => onKey(e, true));
  document.addEventListener("keyup", (e) => onKey(e, false));
  frame();
}

// For a look from outside (the tests): is the page caught up with its input?
window.tray = {
  get ready() { return !!state.board && !state.booting && state.firstScreenMs !== null; },
  get firstScreenMs() { return state.firstScreenMs; },
  get boots() { return state.boots; },
  get litBoot() { return state.litBoot; },
  get caughtUp() { return !!state.board && !state.booting && !pending(); },
  get idle() { return !!state.board && !state.booting && !pending() && state.held.size === 0; },
  get nowMs() { return state.board ? state.board.nowMs() : -1; },
  get stopped() { return !!(state.board && state.board.stopped); },
  get heapUsed() { return state.board ? state.board.heapUsed() : -1; },
  get heap() { return state.site ? state.site.heap : 0; },
  get output() { return $("console").textContent; },
};

main();
