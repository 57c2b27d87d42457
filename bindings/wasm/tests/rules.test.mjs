// The rules-only entry `qipan/rules`: the boards of both games from a smaller .wasm without the
// record readers and writers, ratings and SVG pictures, loaded alone (the full package's .wasm is never read).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import { Chess } from "chess.js";

import * as full from "./qipan.mjs";
import { appDir } from "./qipan.mjs";

const installed = join(appDir, "node_modules", "qipan");
// Imported by name, so `qipan/rules` resolves through the package's `exports` as for a user.
writeFileSync(join(appDir, "rules-entry.mjs"), 'export * from "qipan/rules";\nexport { default } from "qipan/rules";\n');
const rules = await import(pathToFileURL(join(appDir, "rules-entry.mjs")).href);

test("the package exports ./rules with its types, Node entry and browser entry", () => {
  const meta = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
  assert.deepEqual(meta.exports["./rules"], {
    types: "./rules/qipan.d.ts",
    node: "./rules/node.js",
    default: "./rules/qipan.js",
  });
  const size = (dir) => statSync(join(installed, dir, "qipan_bg.wasm")).size;
  assert.ok(size("rules") < size("."), `rules ${size("rules")} bytes, full ${size(".")}`);
});

test("qipan/rules plays both games as the full package does", () => {
  const board = new rules.ChessBoard();
  assert.equal(board.perft(3), new Chess().perft(3));
  for (const san of ["f3", "e5", "g4"]) board.pushSan(san);
  assert.equal(board.san("d8h4"), "Qh4#");
  board.push("d8h4");
  assert.deepEqual(board.outcome(), { termination: "checkmate", winner: "black", result: "0-1" });
  assert.equal(board.moves({ verbose: true }).length, 0);

  const xiangqi = new rules.XiangqiBoard();
  const reference = new full.XiangqiBoard();
  assert.deepEqual(xiangqi.legalMoves(), reference.legalMoves());
  for (const iccs of ["h2e2", "h9g7", "h0g2"]) {
    assert.equal(xiangqi.wxf(iccs), reference.wxf(iccs));
    assert.equal(xiangqi.chinese(iccs), reference.chinese(iccs));
    xiangqi.push(iccs);
    reference.push(iccs);
  }
  assert.equal(xiangqi.fen(), reference.fen());
  assert.equal(xiangqi.perft(3), reference.perft(3));
  assert.throws(() => xiangqi.push("a0a5"), { name: "IllegalMoveError" });
});

test("qipan/rules has no record readers or writers, ratings or pictures", () => {
  for (const name of ["readGames", "writePgn", "printable", "ratingChange", "ratingLevel", "readAnnotations", "writeAnnotations", "Book", "Tablebase", "openTablebase"]) {
    assert.equal(typeof full[name], "function", `the full package has ${name}`);
    assert.equal(rules[name], undefined, name);
  }
  for (const method of ["loadPgn", "pgn", "header", "getComment", "svg"]) {
    assert.equal(typeof full.ChessBoard.prototype[method], "function", `the full package has ${method}`);
    assert.equal(rules.ChessBoard.prototype[method], undefined, method);
    assert.equal(rules.XiangqiBoard.prototype[method], undefined, method);
  }
  const dts = readFileSync(join(installed, "rules", "qipan.d.ts"), "utf8");
  assert.match(dts, /export class ChessBoard/);
  assert.match(dts, /export class XiangqiBoard/);
  assert.doesNotMatch(dts, /readGames|loadPgn|GameRecord/);
});

test("importing qipan/rules in a fresh process reads only the rules .wasm", () => {
  const script = `import fs from "node:fs";
    import { syncBuiltinESMExports } from "node:module";
    const read = fs.readFileSync;
    const seen = [];
    fs.readFileSync = (path, ...rest) => { seen.push(String(path)); return read(path, ...rest); };
    syncBuiltinESMExports();
    const { ChessBoard, XiangqiBoard } = await import("qipan/rules");
    const moves = [new ChessBoard().legalMoves().length, new XiangqiBoard().legalMoves().length];
    console.log(JSON.stringify({ wasm: seen.filter((p) => p.endsWith(".wasm")), moves }));`;
  const out = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: appDir, encoding: "utf8" }));
  assert.deepEqual(out.moves, [20, 44]);
  assert.equal(out.wasm.length, 1, JSON.stringify(out.wasm));
  assert.match(out.wasm[0], /\/node_modules\/qipan\/rules\/qipan_bg\.wasm$/);
});
