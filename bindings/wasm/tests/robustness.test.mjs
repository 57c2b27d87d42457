// No input traps the wasm module or changes a board that refused it: wrong types, undefined,
// huge strings, lone surrogates, and fuzzed FENs and move texts.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ChessBoard, XiangqiBoard } from "./qipan.mjs";
import { BAD_STRINGS, NOT_STRINGS, pick, seeded, SEED, throwsNamed } from "./util.mjs";

/** Fuzz iterations per game and kind (QIPAN_FUZZ). */
const FUZZ = Number(process.env.QIPAN_FUZZ ?? 20000);
const MOVE_ERRORS = ["InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError"];
const CHESS_FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const XIANGQI_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const games = [
  { name: "chess", make: () => new ChessBoard(CHESS_FEN), moveMethods: ["push", "pushSan", "san"], fen: CHESS_FEN },
  {
    name: "xiangqi",
    make: () => new XiangqiBoard(XIANGQI_FEN),
    moveMethods: ["push", "pushWxf", "pushChinese", "wxf", "chinese"],
    fen: XIANGQI_FEN,
  },
];

/** Everything observable about a board, to check that a refused call changed nothing. */
const snapshot = (b) => JSON.stringify([b.fen(), b.history(), b.legalMoves(), b.isCheck(), b.outcome(true)]);

for (const game of games) {
  test(`${game.name}: move methods refuse every non-string and bad string, leaving the board as it was`, () => {
    const board = game.make();
    board.push(board.legalMoves()[0]);
    const before = snapshot(board);
    for (const method of game.moveMethods) {
      for (const value of [...NOT_STRINGS, ...BAD_STRINGS]) {
        const context = `${method}(${typeof value === "string" ? JSON.stringify(value.slice(0, 20)) : typeof value})`;
        throwsNamed(() => board[method](value), MOVE_ERRORS, context);
        assert.equal(snapshot(board), before, context);
      }
      throwsNamed(() => board[method](), MOVE_ERRORS, `${method}()`);
    }
    assert.equal(snapshot(board), before);
  });

  test(`${game.name}: the constructor refuses bad FENs with InvalidFenError`, () => {
    const Board = game.make().constructor;
    for (const fen of [42, {}, [], true, Symbol("fen"), 1n, "", " ", "x".repeat(1 << 20), "\ud800", "8/8/8 w",
      game.fen.replace(" w ", " x "), game.fen.slice(0, 20), `${game.fen} extra fields here`, game.fen.replace(/k/g, ""),
      game.fen.replace(/K/g, "")]) {
      throwsNamed(() => new Board(fen), ["InvalidFenError"], `FEN ${String(typeof fen === "symbol" ? "symbol" : fen).slice(0, 40)}`);
    }
    assert.equal(new Board(undefined).fen(), new Board().fen());
    assert.equal(new Board(null).fen(), new Board().fen());
  });

  test(`${game.name}: fuzzed FENs either load or throw InvalidFenError`, () => {
    const rand = seeded(SEED);
    const alphabet = `${game.fen}0123456789/-  kqrbnpKQRBNPachewg`;
    const Board = game.make().constructor;
    let loaded = 0;
    for (let i = 0; i < FUZZ; i++) {
      const chars = [...game.fen];
      const edits = 1 + Math.floor(rand() * 4);
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(rand() * chars.length);
        const r = rand();
        if (r < 0.4) chars[at] = pick(rand, alphabet);
        else if (r < 0.7) chars.splice(at, 1);
        else chars.splice(at, 0, pick(rand, alphabet));
      }
      const fen = chars.join("");
      let board;
      try {
        board = new Board(fen);
      } catch (error) {
        assert.ok(!(error instanceof WebAssembly.RuntimeError), `trap on ${fen}`);
        assert.equal(error.name, "InvalidFenError", fen);
        continue;
      }
      loaded++;
      // A position that loads must be fully usable.
      const moves = board.legalMoves();
      board.isCheck();
      board.outcome(true);
      board.perft(2);
      board.svg();
      for (const mv of moves.slice(0, 5)) {
        board.push(mv);
        board.pop();
      }
      assert.equal(new Board(board.fen()).fen(), board.fen(), `FEN round trip of ${fen}`);
      board.free();
    }
    assert.ok(loaded > 0);
  });

  test(`${game.name}: fuzzed move texts never trap`, () => {
    const rand = seeded(SEED + 1);
    const board = game.make();
    const before = snapshot(board);
    const alphabet = "abcdefghijkx0123456789+-=.#O/QRBNKPqrbnkpCHEARS一二三四五六七八九１２３４５６７８９进退平前后中炮马车相象仕士帅将兵卒";
    let accepted = 0;
    for (let i = 0; i < FUZZ; i++) {
      const len = 1 + Math.floor(rand() * 8);
      let text = "";
      for (let c = 0; c < len; c++) text += pick(rand, [...alphabet]);
      const method = pick(rand, game.moveMethods);
      try {
        board[method](text);
        if (method.startsWith("push")) {
          accepted++;
          board.pop();
        }
      } catch (error) {
        assert.ok(!(error instanceof WebAssembly.RuntimeError), `trap on ${method}(${text})`);
        assert.ok(MOVE_ERRORS.includes(error.name), `${error.name} on ${method}(${text})`);
      }
      assert.equal(snapshot(board), before, `${method}(${text})`);
    }
    assert.ok(accepted >= 0);
  });

  test(`${game.name}: perft, isGameOver and outcome check their arguments`, () => {
    const board = game.make();
    for (const depth of [-1, 1.5, NaN, Infinity, -Infinity, 21, 1e10, 2 ** 32]) {
      throwsNamed(() => board.perft(depth), ["RangeError"], `perft(${depth})`);
    }
    for (const depth of [undefined, null, "3", {}, 3n, Symbol("3")]) {
      throwsNamed(() => board.perft(depth), ["TypeError"], `perft(${typeof depth})`);
    }
    assert.equal(board.perft(0), 1);
    for (const flag of [undefined, null, 0, 1, "", "yes", {}, Symbol("x"), 2n]) {
      assert.equal(typeof board.isGameOver(flag), "boolean");
      assert.equal(board.outcome(flag), null);
    }
  });

  test(`${game.name}: a freed board throws instead of trapping`, () => {
    const board = game.make();
    board.free();
    assert.throws(() => board.fen(), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError));
    assert.throws(() => board.push("e2e4"), (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError));
    assert.equal(game.make().legalMoves().length > 0, true);
  });
}

test("xiangqi: the rules argument is checked", () => {
  for (const rules of [undefined, null, "asian", "simple", {}, { repetition: "simple" }, { moveLimit: 120 },
    { repetition: "asian", moveLimit: null }]) {
    assert.equal(new XiangqiBoard(undefined, rules).legalMoves().length, 44, JSON.stringify(rules));
  }
  for (const rules of [42, true, "foo", "", { repetition: "foo" }, { repetition: 1 }, Symbol("asian")]) {
    throwsNamed(() => new XiangqiBoard(undefined, rules), ["TypeError"], String(typeof rules === "symbol" ? "symbol" : JSON.stringify(rules)));
  }
  for (const rules of [{ moveLimit: -1 }, { moveLimit: 1.5 }, { moveLimit: NaN }]) {
    throwsNamed(() => new XiangqiBoard(undefined, rules), ["RangeError"], JSON.stringify(rules));
  }
  throwsNamed(() => new XiangqiBoard(undefined, { moveLimit: "x" }), ["TypeError"]);
});

test("boards are independent, and clone() copies the history", () => {
  const a = new ChessBoard();
  a.push("e2e4");
  const b = a.clone();
  b.push("e7e5");
  assert.deepEqual(a.history(), ["e2e4"]);
  assert.deepEqual(b.history(), ["e2e4", "e7e5"]);
  assert.equal(b.pop(), "e7e5");
  assert.equal(b.fen(), a.fen());
});
