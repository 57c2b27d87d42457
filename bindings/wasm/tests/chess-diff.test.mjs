// Differential test against chess.js on positions from seeded random playouts: legal moves,
// check, checkmate, stalemate, insufficient material, SAN of every legal move, FEN, and loading
// each FEN.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Chess } from "chess.js";

import { ChessBoard } from "./qipan.mjs";
import { pick, seeded, SEED } from "./util.mjs";

const POSITIONS = Number(process.env.QIPAN_DIFF_POSITIONS ?? 3000);
const STARTS = [
  undefined,
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
  "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
  "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  // Endings, where random play often stalemates.
  "7k/8/6K1/8/8/8/5Q2/8 w - - 0 1",
  "8/8/8/8/8/5k2/5p2/5K2 w - - 0 1",
  "4k3/8/8/8/8/8/1R6/R3K3 w Q - 0 1",
];

test(`chess: ${POSITIONS} positions agree with chess.js`, () => {
  const rand = seeded(SEED);
  let positions = 0;
  let mated = 0;
  let stalemates = 0;
  let checks = 0;
  let insufficient = 0;
  for (let game = 0; positions < POSITIONS; game++) {
    const start = STARTS[game % STARTS.length];
    const ref = new Chess(start);
    const board = new ChessBoard(start);
    for (let ply = 0; ply < 200 && positions < POSITIONS; ply++) {
      positions++;
      const where = `game ${game} ply ${ply} ${ref.fen()}`;
      const expected = ref.moves({ verbose: true });
      assert.deepEqual(board.legalMoves().sort(), expected.map((m) => m.lan).sort(), where);
      assert.equal(board.isCheck(), ref.inCheck(), `check, ${where}`);
      assert.equal(board.isCheckmate(), ref.isCheckmate(), `checkmate, ${where}`);
      assert.equal(board.isStalemate(), ref.isStalemate(), `stalemate, ${where}`);
      assert.equal(board.isInsufficientMaterial(), ref.isInsufficientMaterial(), `insufficient material, ${where}`);
      assert.equal(board.fen(), ref.fen(), `fen, ${where}`);
      for (const m of expected) assert.equal(board.san(m.lan), m.san, `san(${m.lan}), ${where}`);
      const loaded = new ChessBoard(ref.fen());
      assert.deepEqual(loaded.legalMoves().sort(), expected.map((m) => m.lan).sort(), `loaded, ${where}`);
      loaded.free();
      checks += ref.inCheck();
      insufficient += ref.isInsufficientMaterial();
      if (expected.length === 0) {
        mated += ref.isCheckmate();
        stalemates += ref.isStalemate();
        assert.notEqual(board.outcome(), null, where);
        break;
      }
      // A dead position: the game is over, and shuffling kings teaches nothing.
      if (ref.isInsufficientMaterial()) {
        assert.equal(board.outcome()?.termination, "insufficient_material", where);
        break;
      }
      // Playouts that take captures and mates when chess.js offers them end in mates and
      // stalemates far more often than uniform ones.
      const mates = expected.filter((m) => m.san.endsWith("#"));
      const captures = expected.filter((m) => m.captured);
      const move = mates.length > 0 && rand() < 0.9 ? pick(rand, mates)
        : captures.length > 0 && rand() < 0.5 ? pick(rand, captures) : pick(rand, expected);
      ref.move(move);
      assert.equal(rand() < 0.5 ? board.push(move.lan) : board.pushSan(move.san), move.lan, where);
    }
    board.free();
  }
  console.log(`# ${positions} positions, ${checks} in check, ${mated} mates, ${stalemates} stalemates, ${insufficient} with insufficient material`);
});
