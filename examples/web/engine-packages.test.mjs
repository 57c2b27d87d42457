// The engine-package pickup of engine-packages.mjs on a package laid out as the stockfish npm
// package lays out its builds (several builds side by side, each a worker script with a .wasm of
// the same name): the single-threaded lite build is published, with its .wasm, under engines/;
// no package, or a package without a single-threaded build, gives no engine. The real package is
// not fetched here (it is GPL and never a dependency of the page): this checks the selection rule.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { findEngines } from "./engine-packages.mjs";

function layout(files, version = "18.0.5") {
  const root = mkdtempSync(join(tmpdir(), "qipan-engines-"));
  const dir = join(root, "node_modules", "stockfish");
  mkdirSync(join(dir, "src"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "stockfish", version }));
  for (const f of files) writeFileSync(join(dir, f), "");
  return { root, dir };
}

test("the lite single-threaded build is chosen, with its wasm", () => {
  const { root, dir } = layout([
    "src/stockfish-18.js", "src/stockfish-18.wasm",
    "src/stockfish-18-single.js", "src/stockfish-18-single.wasm",
    "src/stockfish-18-lite.js", "src/stockfish-18-lite.wasm",
    "src/stockfish-18-lite-single.js", "src/stockfish-18-lite-single.wasm",
    "src/stockfish-18-asm.js",
  ]);
  try {
    const found = findEngines(root);
    assert.equal(found.length, 1);
    assert.deepEqual(found[0].entry, {
      name: "Stockfish 18.0.5", url: "engines/stockfish-18-lite-single.js", protocol: "uci", games: ["chess"],
    });
    assert.deepEqual(found[0].assets, [
      ["stockfish-18-lite-single.js", join(dir, "src/stockfish-18-lite-single.js")],
      ["stockfish-18-lite-single.wasm", join(dir, "src/stockfish-18-lite-single.wasm")],
    ]);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test("without a lite build the single-threaded full build is chosen", () => {
  const { root } = layout(["src/stockfish-18.js", "src/stockfish-18-single.js", "src/stockfish-18-single.wasm"]);
  try {
    assert.deepEqual(findEngines(root).map((e) => e.entry.url), ["engines/stockfish-18-single.js"]);
  } finally {
    rmSync(root, { recursive: true });
  }
});

test("no package, or only multi-threaded builds: no engine", () => {
  const empty = mkdtempSync(join(tmpdir(), "qipan-engines-"));
  const { root } = layout(["src/stockfish-18.js", "src/stockfish-18.wasm"]);
  try {
    assert.deepEqual(findEngines(empty), []);
    assert.deepEqual(findEngines(root), []);
  } finally {
    rmSync(empty, { recursive: true });
    rmSync(root, { recursive: true });
  }
});
