// Differential test against ffish (Fairy-Stockfish) on Xiangqi positions from seeded random
// playouts: legal moves, check, checkmate, stalemate, WXF of every legal move, loading each FEN.
// ffish numbers ranks 1-10 where ICCS numbers them 0-9.
import assert from "node:assert/strict";
import { test } from "node:test";

import { XiangqiBoard } from "./qipan.mjs";
import { loadFfish, toIccs } from "./ffish.mjs";
import { seeded, SEED } from "./util.mjs";

const ffish = await loadFfish();
const POSITIONS = Number(process.env.QIPAN_DIFF_POSITIONS ?? 3000);

/** ffish's WXF of a move, with "." where ffish writes "=" for a sideways move (both are WXF). */
const ffishWxf = (board, mv) => board.sanMove(mv, ffish.Notation.XIANGQI_WXF).replace("=", ".");

/** Whether WXF text names a piece by its place on a shared file (`R+-1`, `+P.4`, `35.4`). */
const isTandem = (wxf) => /^[+-]|^[A-Z][+-]|^\d/.test(wxf);

const ffishMoves = (board) => {
  const text = board.legalMoves();
  return text === "" ? [] : text.split(" ");
};

test(`xiangqi: ${POSITIONS} positions agree with ffish`, () => {
  const rand = seeded(SEED);
  let positions = 0;
  let checks = 0;
  let mates = 0;
  let stalemates = 0;
  let wxfChecked = 0;
  let tandems = 0;
  for (let game = 0; positions < POSITIONS; game++) {
    const ref = new ffish.Board("xiangqi");
    const board = new XiangqiBoard();
    for (let ply = 0; ply < 200 && positions < POSITIONS; ply++) {
      positions++;
      const where = `game ${game} ply ${ply} ${ref.fen()}`;
      const expected = ffishMoves(ref);
      const iccs = expected.map(toIccs);
      assert.deepEqual(board.legalMoves().sort(), [...iccs].sort(), where);
      assert.equal(board.isCheck(), ref.isCheck(), `check, ${where}`);
      assert.equal(board.isCheckmate(), expected.length === 0 && ref.isCheck(), `checkmate, ${where}`);
      assert.equal(board.isStalemate(), expected.length === 0 && !ref.isCheck(), `stalemate, ${where}`);
      const loaded = new XiangqiBoard(ref.fen());
      assert.deepEqual(loaded.legalMoves().sort(), [...iccs].sort(), `loaded, ${where}`);
      loaded.free();
      for (const [i, mv] of iccs.entries()) {
        const wxf = board.wxf(mv);
        const theirs = ffishWxf(ref, expected[i]);
        if (isTandem(wxf) || isTandem(theirs)) {
          // Two pieces of a kind on one file: WXF names them front/rear (`R+-1`) where ffish
          // keeps the file number when the move alone tells them apart (`R9-1`). Both read back.
          assert.equal(board.clone().pushWxf(wxf), mv, `pushWxf(${wxf}), ${where}`);
          tandems++;
        } else {
          assert.equal(wxf, theirs, `wxf(${mv}), ${where}`);
          wxfChecked++;
        }
      }
      checks += ref.isCheck();
      if (expected.length === 0) {
        mates += ref.isCheck();
        stalemates += !ref.isCheck();
        assert.notEqual(board.outcome(), null, where);
        break;
      }
      // Prefer mates and captures (as ffish sees them): playouts then end in mates more often.
      const mating = expected.map((_, i) => i).filter((i) => {
        ref.push(expected[i]);
        const mate = ref.legalMoves() === "" && ref.isCheck();
        ref.pop();
        return mate;
      });
      const captures = expected.map((_, i) => i).filter((i) => ref.isCapture(expected[i]));
      const k = mating.length > 0 && rand() < 0.9 ? mating[Math.floor(rand() * mating.length)]
        : captures.length > 0 && rand() < 0.6 ? captures[Math.floor(rand() * captures.length)]
          : Math.floor(rand() * expected.length);
      ref.push(expected[k]);
      if (rand() < 0.3) {
        const before = board.fen();
        const wxf = board.wxf(iccs[k]);
        assert.equal(board.pushWxf(wxf), iccs[k], `pushWxf(${wxf}) from ${before}`);
      } else {
        assert.equal(board.push(iccs[k]), iccs[k], where);
      }
    }
    ref.delete();
    board.free();
  }
  console.log(`# ${positions} positions, ${checks} in check, ${mates} mates, ${stalemates} stalemates, ${wxfChecked} WXF moves as ffish writes them, ${tandems} tandem WXF moves read back`);
});
