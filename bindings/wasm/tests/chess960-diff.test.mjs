// Chess960 against ffish (Fairy-Stockfish, in Chess960 mode) on positions from seeded random
// playouts from random start positions: legal moves (castling king-takes-rook), check,
// checkmate, stalemate, SAN of every legal move, and each position read back from qipan's FEN.
import assert from "node:assert/strict";
import { test } from "node:test";

import { ChessBoard } from "./qipan.mjs";
import { loadFfish } from "./ffish.mjs";
import { pick, seeded, SEED } from "./util.mjs";

const ffish = await loadFfish();
const POSITIONS = Math.ceil(Number(process.env.QIPAN_DIFF_POSITIONS ?? 3000) / 3);

const split = (text) => (text === "" ? [] : text.split(" "));

test(`chess960: ${POSITIONS} positions agree with ffish`, () => {
  const rand = seeded(SEED + 960);
  let positions = 0;
  let castles = 0;
  for (let game = 0; positions < POSITIONS; game++) {
    const number = Math.floor(rand() * 960);
    // Both constructors by turns: fromChess960Pos(number) and its shorthand chess960(number | fen).
    const board = game % 2 === 0 ? ChessBoard.fromChess960Pos(number) : ChessBoard.chess960(number);
    assert.ok(board.isChess960());
    assert.equal(board.chess960Pos(), number);
    const ref = new ffish.Board("chess", board.fen(), true);
    for (let ply = 0; ply < 120 && positions < POSITIONS; ply++) {
      positions++;
      const where = `start ${number} ply ${ply} ${ref.fen()}`;
      const expected = split(ref.legalMoves());
      assert.deepEqual(board.legalMoves().sort(), [...expected].sort(), where);
      assert.equal(board.isCheck(), ref.isCheck(), `check, ${where}`);
      assert.equal(board.isCheckmate(), expected.length === 0 && ref.isCheck(), `checkmate, ${where}`);
      assert.equal(board.isStalemate(), expected.length === 0 && !ref.isCheck(), `stalemate, ${where}`);
      for (const mv of expected) {
        const san = ref.sanMove(mv);
        castles += san.startsWith("O-O");
        assert.equal(board.san(mv), san, `san(${mv}), ${where}`);
      }
      const loaded = ply % 2 === 0 ? ChessBoard.chess960(board.fen()) : new ChessBoard(board.fen(), { chess960: true });
      assert.deepEqual(loaded.legalMoves().sort(), [...expected].sort(), `loaded ${board.fen()}, ${where}`);
      loaded.free();
      if (expected.length === 0) break;
      const castling = expected.filter((mv) => ref.sanMove(mv).startsWith("O-O"));
      const mv = castling.length > 0 && rand() < 0.5 ? pick(rand, castling) : pick(rand, expected);
      ref.push(mv);
      assert.equal(rand() < 0.5 ? board.push(mv) : board.pushSan(board.san(mv)), mv, where);
    }
    ref.delete();
    board.free();
  }
  console.log(`# ${positions} positions, ${castles} castling moves written`);
  assert.ok(castles > 0);
});

test("Chess960 construction: the standard start in Chess960 mode, X-FEN and ranges", () => {
  // data/chess960-perft.epd, xfen-00: D1 23; not a standard-chess FEN (KQkq without kings on e1/e8).
  const fen = "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1";
  const board = new ChessBoard(fen, { chess960: true });
  assert.equal(board.legalMoves().length, 23);
  assert.ok(board.legalMoves().includes("c1e1")); // castling with the e1 rook, king-takes-rook
  assert.throws(() => new ChessBoard(fen), { name: "InvalidFenError" });
  assert.equal(new ChessBoard(undefined, { chess960: true }).fen(), new ChessBoard().fen());
  assert.ok(new ChessBoard(undefined, { chess960: true }).isChess960());
  assert.ok(!new ChessBoard().isChess960());
  assert.ok(!new ChessBoard(undefined, { chess960: false }).isChess960());
  assert.throws(() => ChessBoard.fromChess960Pos(960), { name: "RangeError" });
  assert.throws(() => ChessBoard.fromChess960Pos(-1), { name: "RangeError" });
  assert.throws(() => ChessBoard.fromChess960Pos("7"), { name: "TypeError" });
  assert.equal(new ChessBoard().chess960Pos(), 518);
  // Position 518 is the standard start position.
  assert.equal(ChessBoard.fromChess960Pos(518).fen().split(" ")[0], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
});
