// Loads ffish (Fairy-Stockfish in wasm, an old Emscripten build) in Node. Its loader prefers
// `fetch` whenever one exists and Node's fetch refuses a file path, so `fetch` is hidden while
// the module starts (it then reads the .wasm with fs).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

let loading;

/** Resolves to the ffish module once its runtime is ready. */
export function loadFfish() {
  loading ??= new Promise((resolve, reject) => {
    const savedFetch = globalThis.fetch;
    globalThis.fetch = undefined;
    const done = (error) => {
      globalThis.fetch = savedFetch;
      if (error) reject(error);
      else resolve(ffish);
    };
    const ffish = require("ffish");
    if (ffish.calledRun) done();
    else {
      ffish.onRuntimeInitialized = () => done();
      ffish.onAbort = (what) => done(new Error(`ffish failed to start: ${what}`));
    }
  });
  return loading;
}

/** ffish's move (ranks 1-10) in ICCS (ranks 0-9). */
export const toIccs = (uci) => {
  const [, f1, r1, f2, r2] = uci.match(/^([a-i])(\d+)([a-i])(\d+)$/);
  return `${f1}${r1 - 1}${f2}${r2 - 1}`;
};
/** An ICCS move in ffish's numbering. */
export const toFfish = (iccs) => `${iccs[0]}${+iccs[1] + 1}${iccs[2]}${+iccs[3] + 1}`;
