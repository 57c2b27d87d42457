// Polyglot books from JavaScript: the Book class on bytes. The expectations are facts of the
// books and of the Polyglot format: the Lasker-trap book holds Black's seven moves of the trap
// (data/README.md), and the published Polyglot keys of the start position and of 1.e4 key the
// hand-made book. The core's lookups are checked against python-chess in the Rust and Python
// suites; here the JS surface converts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Book, ChessBoard } from "./qipan.mjs";

const data = fileURLToPath(new URL("../../../data/polyglot/", import.meta.url));

function entry(key, from, to, weight) {
  const square = (s) => (s.charCodeAt(0) - 97) + 8 * (Number(s[1]) - 1);
  const bytes = new Uint8Array(16);
  const view = new DataView(bytes.buffer);
  view.setBigUint64(0, key);
  view.setUint16(8, square(to) | (square(from) << 6));
  view.setUint16(10, weight);
  view.setUint32(12, 7);
  return bytes;
}

function bookOf(entries) {
  const out = new Uint8Array(16 * entries.length);
  entries.forEach((e, i) => out.set(e, 16 * i));
  return new Book(out);
}

const START = 0x463b96181691fc9cn; // the Polyglot key of the start position
const AFTER_E4 = 0x823c9b50fd114196n; // ... and after 1.e4

test("findAll: book order, legal moves only, weights, exclusions", () => {
  const book = bookOf([
    entry(START - 1n, "a2", "a3", 3),
    entry(START, "e2", "e4", 10),
    entry(START, "e2", "e5", 50), // not a legal move: skipped
    entry(START, "d2", "d4", 5),
    entry(AFTER_E4, "e7", "e5", 2),
  ]);
  assert.equal(book.size, 5);
  const board = new ChessBoard();
  const all = book.findAll(board);
  assert.deepEqual(all.map((e) => [e.move.san, e.weight, e.learn, e.key]), [
    ["e4", 10, 7, START],
    ["d4", 5, 7, START],
  ]);
  assert.equal(all[0].move.lan, "e2e4");
  assert.equal(all[0].rawMove, 28 | (12 << 6));
  assert.equal(book.find(board).move.san, "e4");
  assert.deepEqual(book.findAll(board, { minimumWeight: 6 }).map((e) => e.move.san), ["e4"]);
  assert.deepEqual(book.findAll(board, { excludeMoves: ["e4"] }).map((e) => e.move.san), ["d4"]);
  assert.deepEqual(book.findAll(board, { excludeMoves: [all[1].move] }).map((e) => e.move.san), ["e4"]);
  assert.equal(book.weightedChoice(board, () => 0).move.san, "e4");
  assert.equal(book.weightedChoice(board, () => 0.99).move.san, "d4");
  board.move("e4");
  assert.deepEqual(book.findAll(board).map((e) => e.move.san), ["e5"]);
  board.move("e5");
  assert.deepEqual(book.findAll(board), []);
  assert.equal(book.find(board), null);
  assert.equal(book.weightedChoice(board), null);
});

test("the Lasker trap: Black's seven moves, ending in the knight promotion", () => {
  const book = new Book(new Uint8Array(readFileSync(data + "lasker-trap.bin")));
  assert.equal(book.size, 7);
  const line = "d4 d5 c4 e5 dxe5 d4 e3 Bb4+ Bd2 dxe3 Bxb4 exf2+ Ke2 fxg1=N+".split(" ");
  const board = new ChessBoard();
  for (const [ply, san] of line.entries()) {
    const found = book.findAll(board);
    if (ply % 2 === 1) {
      assert.deepEqual(found.map((e) => e.move.san), [san], `ply ${ply + 1}`);
    } else {
      assert.deepEqual(found, [], `ply ${ply + 1}`);
    }
    board.move(san);
  }
  const last = book.findAll(new ChessBoard(board.history({ verbose: true }).at(-1).before));
  assert.equal(last[0].move.promotion, "n");
});

test("bad books and arguments are errors, never traps", () => {
  assert.throws(() => new Book(new Uint8Array(17)), { name: "InvalidBookError" });
  assert.equal(new Book(new Uint8Array(0)).size, 0);
  const book = new Book(new Uint8Array(readFileSync(data + "performance.bin")));
  assert.throws(() => book.findAll(new ChessBoard(), { excludeMoves: "e4" }), { name: "TypeError" });
  assert.throws(() => book.findAll(new ChessBoard(), { minimumWeight: -1 }));
  assert.ok(book.findAll(new ChessBoard(), { excludeMoves: ["zz", "e9"] }).length > 0);
  // Arbitrary bytes: every lookup answers.
  const noise = new Uint8Array(16 * 64).map((_, i) => (i * 2654435761) >>> 24);
  const noisy = new Book(noise);
  assert.equal(noisy.size, 64);
  assert.ok(Array.isArray(noisy.findAll(new ChessBoard())));
});
