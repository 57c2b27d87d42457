// The Node entry of `qipan/rules`: loads the rules-only .wasm synchronously, so the classes work
// right after `import`. `await init()` is accepted too (and does nothing), so code written for the
// browser entry runs unchanged.
import { readFileSync } from "node:fs";
import { initSync } from "./qipan.js";

initSync({ module: readFileSync(new URL("./qipan_bg.wasm", import.meta.url)) });

export * from "./qipan.js";
export { default } from "./qipan.js";
