// The engine layer over XBoard (npm/engine.js over the core's XboardSession) against real GNU
// Chess (`gnuchess --xboard`), whose quirks the core's handshake and search plan handle: it
// answers `protover 2` slowly or only after a further line, refuses `sd N` (the session resends
// `depth N`), writes `My move is : X`, and leaves XBoard mode on `exit`. No reference client
// finishes a handshake with it, so the oracles are the rules (every move legal, the mating move
// mates) and the engine itself: a second fresh process searching the same positions to the same
// depth must choose the same moves (it is deterministic at a fixed depth out of its book).
// Needs /usr/games/gnuchess (GNUCHESS): scripts/test-parts/10-rust.sh installs it.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, test } from "node:test";

import { ChessBoard, namespace } from "./qipan.mjs";

const { openEngine } = namespace;
const GNUCHESS = process.env.GNUCHESS ?? "/usr/games/gnuchess";
if (!existsSync(GNUCHESS)) throw new Error(`gnuchess not found at ${GNUCHESS}: scripts/test-parts/10-rust.sh installs it`);

const engines = [];
after(async () => {
  for (const engine of engines) await engine.quit();
});

// GNU Chess 6.2.7 now and then deadlocks as it starts (its engine thread waits for the stdin lock
// its input thread holds in `fgets`) and never answers: the handshake then ends in the reply
// timeout, as it must. Such a silent start is tried again, at most three times in all.
async function gnuchess() {
  for (let attempt = 1; ; attempt++) {
    try {
      const engine = await openEngine(GNUCHESS, { args: ["--xboard"], protocol: "xboard", timeouts: { reply: 5000, search: 10000 } });
      engines.push(engine);
      return engine;
    } catch (error) {
      if (attempt >= 3 || error?.name !== "EngineTimeoutError") throw error;
    }
  }
}

/** A middlegame position (out of the engine's opening book, whose choices are random). */
const START = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 9";

/** GNU Chess plays both sides from START for `plies` moves at depth 3, then analyses. */
async function selfPlay(engine, plies) {
  const board = new ChessBoard(START);
  const moves = [];
  for (let ply = 0; ply < plies; ply++) {
    const { move } = await engine.play(board, { depth: 3 });
    assert.ok(board.legalMoves().includes(move), `ply ${ply}: ${move} is legal in ${board.fen()}`);
    board.push(move);
    moves.push(move);
  }
  const info = await engine.analyse(board, { depth: 3 });
  assert.ok(info.depth >= 3, `analysis depth ${info.depth}`);
  assert.ok(board.legalMoves().includes(info.pv[0]), `analysis move ${info.pv[0]} is legal`);
  moves.push(`analysis ${info.pv[0]}`);
  // Play after the analysis: the engine left analysis mode (`exit`, then `xboard` again).
  const { move } = await engine.play(board, { depth: 3 });
  assert.ok(board.legalMoves().includes(move), `${move} is legal after the analysis`);
  moves.push(move);
  return moves;
}

test("GNU Chess over XBoard in JavaScript: legal moves, the same in a second fresh process", async () => {
  const first = await gnuchess();
  assert.match(first.id.name ?? "", /GNU Chess/i);
  const moves = await selfPlay(first, 4);
  const second = await gnuchess();
  assert.deepEqual(await selfPlay(second, 4), moves);
});

test("GNU Chess over XBoard in JavaScript mates in one", async () => {
  const engine = await gnuchess();
  const board = new ChessBoard("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
  const { move } = await engine.play(board, { depth: 3 });
  board.push(move);
  assert.ok(board.isCheckmate(), `${move} mates`);
});
