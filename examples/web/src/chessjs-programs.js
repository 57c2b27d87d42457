// Runs the chess.js programs of examples/chessjs in the page, unchanged: vite answers their
// `import ... from "chess.js"` with qipan (vite.config.js). What each program prints with
// console.log is shown, and kept as JSON (one array of arguments a line) in the body's
// data-output for the end-to-end test, which compares it with chess.js's output in Node.
import init from "qipan";

import { printed } from "./console-lines.js";

const programs = import.meta.glob("../../chessjs/*.mjs");

/** Runs each program, collecting what it prints. */
async function run() {
  // In a browser the package fetches its .wasm once, before any program uses it.
  await init();
  const output = {};
  const list = document.getElementById("programs");
  const log = console.log;
  for (const [path, load] of Object.entries(programs).sort()) {
    const name = path.split("/").at(-1);
    const lines = [];
    console.log = (...args) => lines.push(printed(args));
    try {
      await load();
    } catch (error) {
      lines.push(printed([`${error?.name}: ${error?.message}`]));
    } finally {
      console.log = log;
    }
    output[name] = lines;
    const heading = document.createElement("h2");
    heading.textContent = name;
    const pre = document.createElement("pre");
    pre.textContent = lines.join("\n");
    list.append(heading, pre);
  }
  document.body.dataset.output = JSON.stringify(output);
  document.body.dataset.ready = "true";
}

run();
