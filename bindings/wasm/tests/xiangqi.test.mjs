// XiangqiBoard's API, with every expected value taken from ffish (Fairy-Stockfish).
import assert from "node:assert/strict";
import { test } from "node:test";

import { XiangqiBoard, xiangqiStartFen } from "./qipan.mjs";
import { loadFfish, toFfish, toIccs } from "./ffish.mjs";
import { throwsNamed } from "./util.mjs";

const ffish = await loadFfish();

// Red's two cannons on the e-file, the front one as the rear one's screen (重炮杀); Black's
// rook only shuffles. Mate on Red's fourth move.
const MATE = ["h2e2", "a9a8", "e2e6", "a8a9", "b2b4", "a9a8", "b4e4"];

/** Plays ICCS moves on a fresh ffish board. */
const ffishAfter = (moves, fen) => {
  const ref = fen ? new ffish.Board("xiangqi", fen) : new ffish.Board("xiangqi");
  for (const mv of moves) ref.push(toFfish(mv));
  return ref;
};

const ffishPerft = (ref, depth) => {
  if (depth === 0) return 1;
  const moves = ref.legalMoves() === "" ? [] : ref.legalMoves().split(" ");
  if (depth === 1) return moves.length;
  let n = 0;
  for (const mv of moves) {
    ref.push(mv);
    n += ffishPerft(ref, depth - 1);
    ref.pop();
  }
  return n;
};

test("the start position", () => {
  const board = new XiangqiBoard();
  const ref = new ffish.Board("xiangqi");
  assert.deepEqual(board.legalMoves().sort(), ref.legalMoves().split(" ").map(toIccs).sort());
  assert.equal(new XiangqiBoard(ref.fen()).fen(), board.fen());
  assert.equal(xiangqiStartFen(), board.fen());
  assert.equal(board.turn(), "w");
  assert.equal(board.isCheck(), false);
  assert.equal(board.outcome(), null);
  assert.equal(board.pop(), undefined);
  assert.match(board.svg(), /<svg[\s>][\s\S]*<\/svg>\s*$/);
});

test("a mate by Red's doubled cannons, in ICCS", () => {
  const board = new XiangqiBoard();
  for (const mv of MATE) assert.equal(board.push(mv), mv);
  const ref = ffishAfter(MATE);
  assert.equal(ref.legalMoves(), "");
  assert.equal(ref.isCheck(), true);
  assert.equal(ref.result(), "1-0");
  assert.equal(board.isCheck(), true);
  assert.equal(board.isCheckmate(), true);
  assert.equal(board.isGameOver(), true);
  assert.deepEqual(board.legalMoves(), []);
  assert.equal(board.turn(), "b");
  assert.deepEqual(board.outcome(), { termination: "checkmate", winner: "red", result: "1-0" });
  assert.deepEqual(board.history(), MATE);
  throwsNamed(() => board.push("e9e8"), ["IllegalMoveError"]);
  for (let i = MATE.length - 1; i >= 0; i--) assert.equal(board.pop(), MATE[i]);
  assert.equal(board.fen(), new XiangqiBoard().fen());
});

test("the same mate in WXF, as ffish writes it", () => {
  const board = new XiangqiBoard();
  const ref = new ffish.Board("xiangqi");
  for (const mv of MATE) {
    const wxf = ref.sanMove(toFfish(mv), ffish.Notation.XIANGQI_WXF).replace("=", ".");
    assert.equal(board.wxf(mv), wxf);
    assert.equal(board.pushWxf(wxf), mv);
    ref.push(toFfish(mv));
  }
  assert.equal(board.isCheckmate(), true);
});

test("Chinese notation", () => {
  const board = new XiangqiBoard();
  assert.equal(board.chinese("h2e2"), "炮二平五");
  assert.equal(board.chinese("h0g2"), "马二进三");
  assert.equal(board.chinese("i0i1"), "车一进一");
  assert.equal(board.pushChinese("炮二平五"), "h2e2");
  const moves = board.legalMoves();
  // Every legal move's Chinese notation reads back as that move.
  for (const mv of moves) {
    const copy = board.clone();
    assert.equal(copy.pushChinese(board.chinese(mv)), mv, `${mv} ${board.chinese(mv)}`);
    copy.free();
  }
});

test("errors are named", () => {
  throwsNamed(() => new XiangqiBoard("not a fen"), ["InvalidFenError"]);
  throwsNamed(() => new XiangqiBoard("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), ["InvalidFenError"]);
  const board = new XiangqiBoard();
  throwsNamed(() => board.push("h2h8"), ["IllegalMoveError"]);
  throwsNamed(() => board.push("e2e4"), ["IllegalMoveError"]);
  throwsNamed(() => board.push("j2e2"), ["InvalidMoveError"]);
  throwsNamed(() => board.pushWxf("C2.9"), ["IllegalMoveError", "InvalidMoveError"]);
  throwsNamed(() => board.pushChinese("炮二平十"), ["InvalidMoveError", "IllegalMoveError"]);
  throwsNamed(() => board.wxf("h2h8"), ["IllegalMoveError"]);
  assert.equal(board.fen(), new XiangqiBoard().fen());
});

test("perft agrees with ffish", () => {
  const ref = new ffish.Board("xiangqi");
  const board = new XiangqiBoard();
  for (const depth of [1, 2, 3]) assert.equal(board.perft(depth), ffishPerft(ref, depth), `depth ${depth}`);
  const mid = ffishAfter(MATE.slice(0, 5));
  const midBoard = new XiangqiBoard();
  for (const mv of MATE.slice(0, 5)) midBoard.push(mv);
  assert.equal(midBoard.perft(2), ffishPerft(mid, 2));
});

test("rules: the simple and Asian rule sets both start the same game", () => {
  for (const rules of ["asian", "simple", { repetition: "simple", moveLimit: 120 }]) {
    const board = new XiangqiBoard(undefined, rules);
    for (const mv of MATE) board.push(mv);
    assert.deepEqual(board.outcome(), { termination: "checkmate", winner: "red", result: "1-0" });
  }
});

test("repetition: an idle cycle draws and a perpetual check loses, on the ply ffish says", () => {
  const cases = [
    { rules: "asian", fen: undefined, cycle: ["h0g2", "h9g7", "g2h0", "g7h9"], termination: "repetition" },
    { rules: "simple", fen: undefined, cycle: ["h0g2", "h9g7", "g2h0", "g7h9"], termination: "repetition" },
    // Red's chariot checks on every move of the cycle: Red loses.
    { rules: "asian", fen: "3k5/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1", prefix: ["a0a9", "d9d8"],
      cycle: ["a9a8", "d8d9", "a8a9", "d9d8"], termination: "perpetual_check" },
  ];
  for (const { rules, fen, prefix = [], cycle, termination } of cases) {
    const board = new XiangqiBoard(fen, rules);
    const ref = fen ? new ffish.Board("xiangqi", fen) : new ffish.Board("xiangqi");
    let ended = false;
    for (const [i, mv] of [...prefix, ...cycle, ...cycle, ...cycle].entries()) {
      board.push(mv);
      ref.push(toFfish(mv));
      // ffish judges repetitions when a draw is claimed; qipan's Xiangqi rules end the game by itself.
      assert.equal(board.isGameOver(), ref.isGameOver(true), `${termination} ply ${i}`);
      if (ref.isGameOver(true)) {
        const outcome = board.outcome();
        assert.equal(outcome.result, ref.result(true));
        assert.equal(outcome.termination, termination);
        ended = true;
        break;
      }
    }
    assert.ok(ended, `${rules} ${termination}`);
    ref.delete();
  }
});

test("chess.js's hash(), moveNumber(), isThreefoldRepetition() and findPiece() on Xiangqi playouts, against ffish's FENs", () => {
  // Horses shuffled out and back (so that positions repeat), then random moves; ffish tells
  // each position (placement and side) and its move number.
  let seed = 27;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const keys = new Map();
  let repeated = 0;
  for (let game = 0; game < 6; game++) {
    const board = new XiangqiBoard();
    const ref = new ffish.Board("xiangqi");
    const seen = [ref.fen().split(" ").slice(0, 2).join(" ")];
    const shuffle = ["h0g2", "h9g7", "g2h0", "g7h9", "h0g2", "h9g7", "g2h0", "g7h9"];
    for (let ply = 0; ply < 40 && !ref.isGameOver(); ply++) {
      const legal = board.legalMoves();
      const mv = game % 2 === 0 && ply < shuffle.length ? shuffle[ply] : legal[Math.floor(rand() * legal.length)];
      board.push(mv);
      ref.push(toFfish(mv));
      const [placement, side, , , , fullmove] = ref.fen().split(" ");
      const position = `${placement} ${side}`;
      seen.push(position);
      assert.equal(board.moveNumber(), Number(fullmove));
      // Equal positions, equal keys; different positions, different keys.
      const hash = board.hash();
      assert.match(hash, /^[0-9a-f]{1,16}$/);
      if (keys.has(hash)) assert.equal(keys.get(hash), position, `${hash} for two positions`);
      keys.set(hash, position);
      const threefold = seen.filter((p) => p === position).length >= 3;
      if (threefold) repeated++;
      assert.equal(board.isThreefoldRepetition(), threefold, position);
      assert.equal(typeof board.isDraw(), "boolean");
      // findPiece: the squares of one kind of piece, as ffish's placement has them (from rank 9
      // down, each rank from file a).
      const letter = "kabnrcpKABNRCP"[Math.floor(rand() * 14)];
      const squares = [];
      placement.split("/").forEach((row, i) => {
        let file = 0;
        for (const c of row.match(/\d+|\D/g)) {
          if (/\d/.test(c)) file += Number(c);
          else {
            if (c === letter) squares.push(`${"abcdefghi"[file]}${9 - i}`);
            file++;
          }
        }
      });
      const piece = { type: letter.toLowerCase(), color: letter === letter.toLowerCase() ? "b" : "w" };
      assert.deepEqual(board.findPiece(piece), squares, `${letter} in ${position}`);
    }
    board.free();
    ref.delete();
  }
  assert.ok(repeated >= 3, `${repeated} threefold repetitions met`);
  assert.equal(new Set(keys.values()).size, keys.size);
});
