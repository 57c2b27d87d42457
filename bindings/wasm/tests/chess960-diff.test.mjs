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
    const board = ChessBoard.chess960(number);
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
      const loaded = ChessBoard.chess960(board.fen());
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
