// The names and adjudications every front end shares: data/rule-names.tsv and
// data/adjudications.tsv are read by the Rust, CLI and Python tests too, so the npm package must
// answer exactly what they answer.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ChessBoard, XiangqiBoard } from "./qipan.mjs";

const data = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "data");
const rows = (name) =>
  readFileSync(join(data, name), "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => l.split("\t"));

const board = (game, fen, rules) =>
  game === "chess" ? new ChessBoard(fen, { rules }) : new XiangqiBoard(fen, rules);

test("rule-set names: the shared table", () => {
  const table = rows("rule-names.tsv");
  assert.ok(table.length >= 10);
  for (const [game, given, expected] of table) {
    if (expected.startsWith("=")) {
      assert.equal(board(game, undefined, given).rules(), expected.slice(1), `${game} ${given}`);
    } else {
      assert.throws(() => board(game, undefined, given), { name: "TypeError", message: expected.slice(1) });
    }
  }
});

test("resign, agreeDraw, flag: the shared table", () => {
  const table = rows("adjudications.tsv");
  assert.ok(table.length >= 10);
  for (const [game, fen, action, color, termination, winner] of table) {
    const b = board(game, fen === "-" ? undefined : fen);
    const done = action === "agree" ? b.agreeDraw() : b[action](color);
    assert.equal(done, true, `${game} ${fen} ${action} ${color}`);
    const outcome = b.outcome();
    assert.equal(outcome.termination, termination);
    assert.equal(outcome.winner, winner === "-" ? null : winner, `${game} ${fen} ${action} ${color}`);
    // Over is over: a second adjudication is refused and changes nothing.
    assert.equal(b.agreeDraw(), false);
    assert.deepEqual(b.outcome(), outcome);
  }
  assert.throws(() => new ChessBoard().resign("green"), { name: "TypeError" });
  assert.throws(() => new ChessBoard().flag(7), { name: "TypeError" });
});

test("perft: the same depth cap as Python (20)", () => {
  const b = new ChessBoard();
  assert.equal(b.perft(2), 400);
  assert.throws(() => b.perft(21), { name: "RangeError" });
});
