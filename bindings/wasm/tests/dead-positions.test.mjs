// Dead positions and who can still win (FIDE 1.3 / 5.2.2 / 6.9): every labelled position of
// data/chess-dead-positions.epd (lichess issues, the Chess Unwinnability Analyzer's README,
// hand-proved cases) gets its label's verdict.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { ChessBoard, XiangqiBoard } from "./qipan.mjs";
import { throwsNamed } from "./util.mjs";

const epd = readFileSync(fileURLToPath(new URL("../../../data/chess-dead-positions.epd", import.meta.url)), "utf8");
const cases = epd.split("\n").filter((line) => line.trim() && !line.startsWith("#")).map((line) => {
  const [fen, label, source] = line.split(";").map((field) => field.trim());
  const who = label.replace("can_win ", "");
  return { fen, source, white: who === "white" || who === "both", black: who === "black" || who === "both" };
});

test("labelled positions: canWin, isDeadPosition, outcome", () => {
  assert.ok(cases.length >= 7);
  for (const { fen, source, white, black } of cases) {
    const board = new ChessBoard(fen);
    assert.equal(board.canWin("white"), white, `${fen} (${source}) white`);
    assert.equal(board.canWin("black"), black, `${fen} (${source}) black`);
    assert.equal(board.isDeadPosition(), !white && !black, `${fen}`);
    if (!white && !black) {
      assert.ok(["dead_position", "insufficient_material"].includes(board.outcome()?.termination), fen);
    }
  }
});

test("cannotWinProof: a proof's kind exactly behind each false canWin", () => {
  const kinds = ["material", "game_over", "blocked_structure", "exhausted_search"];
  for (const { fen, source, white, black } of cases) {
    const board = new ChessBoard(fen);
    for (const [side, can] of [["white", white], ["black", black]]) {
      const proof = board.cannotWinProof(side);
      if (can) assert.equal(proof, null, `${fen} (${source}) ${side}`);
      else assert.ok(kinds.includes(proof), `${fen} (${source}) ${side}: ${proof}`);
    }
  }
  const mated = new ChessBoard("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  assert.equal(mated.cannotWinProof("white"), "game_over");
  assert.equal(mated.cannotWinProof("black"), null);
  assert.equal(new ChessBoard("4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1").cannotWinProof("white"), "blocked_structure");
  const rook = new ChessBoard("8/8/8/4k3/8/8/8/R3K3 w - - 0 1");
  assert.equal(rook.cannotWinProof("white"), null);
  assert.equal(rook.cannotWinProof("black"), "material");
  assert.equal(new XiangqiBoard("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1").cannotWinProof("red"), "material");
  throwsNamed(() => rook.cannotWinProof("green"), ["TypeError"]);
});

test("the pawn wall of lichess issue 4514 ends the game as dead_position", () => {
  const board = new ChessBoard("4k3/8/8/p2p2p1/P2P2P1/8/8/4K3 w - - 0 1");
  assert.deepEqual(board.outcome(), { termination: "dead_position", winner: null, result: "1/2-1/2" });
});

test("canWin rejects a colour that is not one", () => {
  throwsNamed(() => new ChessBoard().canWin("green"), ["TypeError"]);
  throwsNamed(() => new ChessBoard().canWin(1), ["TypeError"]);
  assert.equal(new XiangqiBoard().canWin("red"), null);
});
