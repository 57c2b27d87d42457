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

test("null moves: 0000 passes the turn as python-chess's push(Move.null()), never in check", () => {
  // The FENs after the pass are python-chess 1.11.2's (halfmove clock counted, move number after Black).
  const board = new ChessBoard();
  assert.equal(board.push("0000"), "0000");
  assert.equal(board.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1");
  assert.deepEqual(board.history(), ["0000"]);
  assert.ok(!board.legalMoves().includes("0000"));
  assert.equal(board.pop(), "0000");
  const black = new ChessBoard("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
  black.push("0000");
  assert.equal(black.fen(), "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  const checked = new ChessBoard("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  assert.throws(() => checked.push("0000"), { name: "IllegalMoveError" });
  const xq = new XiangqiBoard();
  xq.push("0000");
  assert.equal(xq.turn(), "b");
  assert.equal(xq.pop(), "0000");
});
