// The package's Node entry: loads the .wasm synchronously, so the classes work right after
// `import`. `await init()` is accepted too (and does nothing), so code written for the browser
// entry runs unchanged.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { initSync, Tablebase } from "./qipan.js";

initSync({ module: readFileSync(new URL("./qipan_bg.wasm", import.meta.url)) });

export * from "./qipan.js";
export * from "./chessjs.js";
export * from "./engine.js";
export * from "./engine-node.js";
export { default } from "./qipan.js";

const TABLE_FILE = /^K[QRBNP]*vK[QRBNP]*\.rtb[wz]$/;

/** Adds every Syzygy table file of `directory` (each read whole); returns how many. */
Tablebase.prototype.addDirectory = function addDirectory(directory) {
  let added = 0;
  for (const name of readdirSync(directory)) {
    if (TABLE_FILE.test(name)) {
      this.addTable(name, readFileSync(join(directory, name)));
      added += 1;
    }
  }
  return added;
};

/** A Tablebase with every table file of `directory`. */
export function openTablebase(directory) {
  const tables = new Tablebase();
  tables.addDirectory(directory);
  return tables;
}
