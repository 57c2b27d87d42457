// chess.js's setup and inspection methods never trap: hostile arguments (wrong types, bad square
// names, pieces that are not pieces, objects whose getters throw) and thousands of random edits
// (put, remove, clear, reset, load) after which every method either answers or throws a named
// error. A board that becomes playable again answers with a FEN that loads back to the same moves.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ChessBoard, XiangqiBoard } from "./qipan.mjs";
import { BAD_STRINGS, NOT_STRINGS, pick, seeded, SEED, throwsNamed } from "./util.mjs";

const EDITS = Math.ceil(Number(process.env.QIPAN_FUZZ ?? 20000) / 4);
const NAMED = ["InvalidFenError", "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError", "TypeError", "RangeError"];

const hostile = () => [
  ...NOT_STRINGS,
  // Bad move texts that are square names ("e2") are good squares here.
  ...BAD_STRINGS.filter((text) => !/^[a-i]\d$/.test(text)),
  { type: 42, color: "w" },
  { type: "kk", color: "w" },
  { type: "q", color: "x" },
  { type: "q" },
  { color: "w" },
  { from: "e2", to: 42 },
  { from: null, to: undefined, promotion: {} },
  { verbose: true, square: 42, piece: {} },
  { verbose: true, square: "e9", piece: "z" },
  new Proxy({}, { get() { throw new Error("a getter that throws"); } }),
];

const games = [
  { name: "chess", Board: ChessBoard, files: "abcdefgh", ranks: "12345678", types: [..."pnbrqkx"] },
  { name: "xiangqi", Board: XiangqiBoard, files: "abcdefghi", ranks: "0123456789", types: [..."kabnrcpehx"] },
];

/** Calls `f`; a thrown value must be a named Error, never a wasm trap. Answers [ok, value]. */
function guarded(f, context) {
  try {
    return [true, f()];
  } catch (error) {
    assert.ok(!(error instanceof WebAssembly.RuntimeError), `wasm trap ${context}: ${error}`);
    assert.ok(error instanceof Error && NAMED.includes(error.name), `${error?.name}: ${error?.message} ${context}`);
    return [false, error];
  }
}

/** Every inspection and move method of a board, each guarded. */
function everyMethod(board, context) {
  for (const [name, call] of [
    ["fen", () => board.fen()], ["turn", () => board.turn()], ["ascii", () => board.ascii()],
    ["board", () => board.board()], ["inCheck", () => board.inCheck()], ["isCheck", () => board.isCheck()],
    ["attackers", () => board.attackers("e1")], ["isAttacked", () => board.isAttacked("e1", "b")],
    ["toString", () => String(board)], ["history", () => board.history()], ["moves", () => board.moves()],
    ["verbose", () => board.moves({ verbose: true })], ["legalMoves", () => board.legalMoves()],
    ["isCheckmate", () => board.isCheckmate()], ["isStalemate", () => board.isStalemate()],
    ["isGameOver", () => board.isGameOver()], ["outcome", () => board.outcome()],
    ["canClaimDraw", () => board.canClaimDraw()], ["isInsufficientMaterial", () => board.isInsufficientMaterial()],
    ["perft", () => board.perft(1)], ["svg", () => board.svg()], ["undo", () => board.undo()],
  ]) {
    guarded(call, `${name}() ${context}`);
  }
}

for (const game of games) {
  test(`${game.name}: setup and inspection methods take hostile arguments without trapping`, () => {
    // Kiwipete, where none of the bad move texts happens to be a legal move ("Nf3+#" would be).
    const board = new game.Board(game.name === "chess" ? "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" : undefined);
    const before = board.fen();
    for (const value of hostile()) {
      const context = `with ${typeof value === "string" ? JSON.stringify(value.slice(0, 20)) : typeof value}`;
      assert.equal(board.get(value), undefined, `get ${context}`);
      assert.equal(board.put(value, "e4"), false, `put ${context}`);
      assert.equal(board.put({ type: "p", color: "w" }, value), false, `put on ${context}`);
      assert.equal(board.remove(value), undefined, `remove ${context}`);
      guarded(() => board.attackers(value), `attackers ${context}`);
      guarded(() => board.attackers("e4", value), `attackers by ${context}`);
      guarded(() => board.isAttacked(value, "w"), `isAttacked ${context}`);
      guarded(() => board.isAttacked("e4", value), `isAttacked by ${context}`);
      guarded(() => board.moves(value), `moves ${context}`);
      const [moved] = guarded(() => board.move(value), `move ${context}`);
      assert.equal(moved, false, `move ${context} was played`);
      const [loaded] = guarded(() => board.load(value), `load ${context}`);
      assert.equal(loaded, false, `load ${context}`);
      assert.equal(board.fen(), before, `the board changed, ${context}`);
    }
  });

  test(`${game.name}: ${EDITS} random edits; every method answers or throws a named error`, () => {
    const rand = seeded(SEED + 4242);
    const board = new game.Board();
    let playable = 0;
    let unplayable = 0;
    for (let i = 0; i < EDITS; i++) {
      const square = pick(rand, [...game.files]) + pick(rand, [...game.ranks]);
      const r = rand();
      if (r < 0.55) board.put({ type: pick(rand, game.types), color: pick(rand, ["w", "b"]) }, square);
      else if (r < 0.9) board.remove(square);
      else if (r < 0.93) board.clear();
      else if (r < 0.96) board.reset();
      else {
        const [ok, moves] = guarded(() => board.moves({ verbose: true }), `moves at edit ${i}`);
        if (ok && moves.length > 0) board.move(pick(rand, moves).san);
      }
      const context = `after edit ${i}: ${board.fen()}`;
      everyMethod(board, context);
      const [ok, moves] = guarded(() => board.legalMoves(), context);
      if (ok) {
        playable++;
        const again = new game.Board(board.fen());
        assert.deepEqual(again.legalMoves().sort(), [...moves].sort(), `the FEN loads back, ${context}`);
        again.free();
      } else {
        unplayable++;
      }
    }
    assert.ok(playable > 0 && unplayable > 0, `playable ${playable}, unplayable ${unplayable}`);
    board.free();
  });
}
