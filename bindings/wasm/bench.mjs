// qipan (WebAssembly) beside chess.js and ffish (Fairy-Stockfish in wasm), in one Node run:
// legal move generation (also chess.js's verbose Move objects), push/pop and perft(4), chess and
// Xiangqi, and loading PGN records, with ratios.
//
//   bash bindings/wasm/build.sh && node bindings/wasm/bench.mjs [--quick] [--markdown]
//
// Every library is used the way its API is meant to be: qipan's and ffish's moves are
// coordinate strings, chess.js's `moves()` are SAN strings (its cheapest complete list) and its
// `move()` takes {from, to, promotion} objects (its fast path, no SAN parsing). qipan and chess.js
// have a built-in perft; ffish has none, so its perft is the usual JS loop over
// legalMoves/push/pop with bulk counting (numberLegalMoves) at the last ply.
import { readFileSync } from "node:fs";

import { Chess } from "chess.js";

import { Chess as QipanChess, ChessBoard, XiangqiBoard } from "./pkg/node.js";
import { loadFfish } from "./tests/ffish.mjs";

const quick = process.argv.includes("--quick");
const markdown = process.argv.includes("--markdown");
const ROUNDS = quick ? 3 : 10;
const ROUND_MS = 60;

const CHESS_FENS = [
  "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
  "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
  "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
  "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];
const XIANGQI_FENS = [
  "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
  "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/9/P1P1P1P1P/1CN1C1N2/9/R1BAKAB1R b - - 5 3",
  "2bak4/4a4/4b1n2/p3p1C1p/2p6/9/P3P3P/4B4/4A4/2BAK4 w - - 0 20",
];

/** Milliseconds of CPU time this process has used: unlike wall time, not inflated by other
 * processes on a busy machine. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Times each of `bodies` (each doing `per` operations): rounds of at least ROUND_MS per library
 * (CPU time is counted in scheduler ticks, so shorter spans are not measured alone), interleaved,
 * keeping each library's best round — robust on a busy machine. Answers µs per operation.
 */
function compare(bodies, per, rounds = ROUNDS) {
  const best = {};
  for (const [name, body] of Object.entries(bodies)) {
    for (let i = 0; i < 3; i++) body(); // warm-up
    best[name] = Infinity;
  }
  for (let round = 0; round < rounds; round++) {
    for (const [name, body] of Object.entries(bodies)) {
      let runs = 0;
      const start = cpuMs();
      let elapsed = 0;
      while (elapsed < ROUND_MS) {
        body();
        runs++;
        elapsed = cpuMs() - start;
      }
      best[name] = Math.min(best[name], (elapsed * 1000) / (runs * per));
    }
  }
  return best;
}

const ffish = await loadFfish();
const ffishBoard = (variant, fen) => (fen === undefined ? new ffish.Board(variant) : new ffish.Board(variant, fen));
const split = (text) => (text === "" ? [] : text.split(" "));
/** ICCS (ranks 0-9) to ffish's numbering (ranks 1-10). */
const toFfish = (iccs) => `${iccs[0]}${+iccs[1] + 1}${iccs[2]}${+iccs[3] + 1}`;

function ffishPerft(board, depth) {
  if (depth === 1) return board.numberLegalMoves();
  let n = 0;
  for (const mv of split(board.legalMoves())) {
    board.push(mv);
    n += ffishPerft(board, depth - 1);
    board.pop();
  }
  return n;
}

const rows = [];
function row(name, unit, results) {
  rows.push({ name, unit, ...results });
}

// --- legal move generation ---------------------------------------------------------------------
{
  const q = CHESS_FENS.map((f) => new ChessBoard(f));
  const c = CHESS_FENS.map((f) => new Chess(f));
  const f = CHESS_FENS.map((fen) => ffishBoard("chess", fen));
  row("chess: legal moves (4 positions)", "µs/position", compare({
    qipan: () => q.forEach((b) => b.legalMoves()),
    chessjs: () => c.forEach((b) => b.moves()),
    ffish: () => f.forEach((b) => split(b.legalMoves())),
  }, q.length));
  const qx = XIANGQI_FENS.map((fen) => new XiangqiBoard(fen));
  const fx = XIANGQI_FENS.map((fen) => ffishBoard("xiangqi", fen));
  row("xiangqi: legal moves (3 positions)", "µs/position", compare({
    qipan: () => qx.forEach((b) => b.legalMoves()),
    ffish: () => fx.forEach((b) => split(b.legalMoves())),
  }, qx.length));

  // chess.js's verbose moves: qipan answers the whole array of Move objects in one call.
  row("chess: moves({verbose: true}) (4 positions)", "µs/position", compare({
    qipan: () => q.forEach((b) => b.moves({ verbose: true })),
    chessjs: () => c.forEach((b) => b.moves({ verbose: true })),
  }, q.length));
  row("chess: board() + moves() SAN (4 positions)", "µs/position", compare({
    qipan: () => q.forEach((b) => { b.board(); b.moves(); }),
    chessjs: () => c.forEach((b) => { b.board(); b.moves(); }),
  }, q.length));
  row("xiangqi: moves({verbose: true}) (3 positions)", "µs/position", compare({
    qipan: () => qx.forEach((b) => b.moves({ verbose: true })),
  }, qx.length));

  // --- push/pop of every legal move ------------------------------------------------------------
  const qMoves = q.map((b) => b.legalMoves());
  const cMoves = c.map((b) => b.moves({ verbose: true }).map((m) => ({ from: m.from, to: m.to, promotion: m.promotion })));
  const fMoves = f.map((b) => split(b.legalMoves()));
  const count = qMoves.reduce((n, m) => n + m.length, 0);
  row(`chess: push + pop (${count} moves)`, "µs/move", compare({
    qipan: () => q.forEach((b, i) => qMoves[i].forEach((m) => { b.push(m); b.pop(); })),
    chessjs: () => c.forEach((b, i) => cMoves[i].forEach((m) => { b.move(m); b.undo(); })),
    ffish: () => f.forEach((b, i) => fMoves[i].forEach((m) => { b.push(m); b.pop(); })),
  }, count));
  const qxMoves = qx.map((b) => b.legalMoves());
  const fxMoves = qxMoves.map((moves) => moves.map(toFfish));
  const xCount = qxMoves.reduce((n, m) => n + m.length, 0);
  row(`xiangqi: push + pop (${xCount} moves)`, "µs/move", compare({
    qipan: () => qx.forEach((b, i) => qxMoves[i].forEach((m) => { b.push(m); b.pop(); })),
    ffish: () => fx.forEach((b, i) => fxMoves[i].forEach((m) => { b.push(m); b.pop(); })),
  }, xCount));
}

// --- chess.js's Chess class, the same calls on both -----------------------------------------------
{
  const q = CHESS_FENS.map((f) => new QipanChess(f));
  const c = CHESS_FENS.map((f) => new Chess(f));
  const sans = c.map((b) => b.moves());
  const count = sans.reduce((n, m) => n + m.length, 0);
  row(`Chess: move(san) + undo() (${count} moves)`, "µs/move", compare({
    qipan: () => q.forEach((b, i) => sans[i].forEach((m) => { b.move(m); b.undo(); })),
    chessjs: () => c.forEach((b, i) => sans[i].forEach((m) => { b.move(m); b.undo(); })),
  }, count));
  const game = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *";
  const [qg, cg] = [new QipanChess(), new Chess()];
  row("Chess: loadPgn + history() + pgn() (20 plies)", "µs/game", compare({
    qipan: () => { qg.loadPgn(game); qg.history(); qg.pgn(); },
    chessjs: () => { cg.loadPgn(game); cg.history(); cg.pgn(); },
  }, 1));
}

// --- perft(4) from the start ---------------------------------------------------------------------
{
  const depth = 4;
  const perftRounds = quick ? 2 : 3;
  const counts = {};
  const counted = (name, f) => () => {
    counts[name] = f();
  };
  const qc = new ChessBoard();
  const fb = ffishBoard("chess");
  const chess = compare({
    qipan: counted("qipan", () => qc.perft(depth)),
    chessjs: counted("chessjs", () => new Chess().perft(depth)),
    ffish: counted("ffish", () => ffishPerft(fb, depth)),
  }, 1000, perftRounds);
  if (counts.qipan !== counts.chessjs || counts.qipan !== counts.ffish) {
    throw new Error(`chess perft(${depth}) disagrees: ${JSON.stringify(counts)}`);
  }
  row(`chess: perft(${depth}) = ${counts.qipan}`, "ms", chess);
  const qx = new XiangqiBoard();
  const fxb = ffishBoard("xiangqi");
  const xiangqi = compare({
    qipan: counted("qipan", () => qx.perft(depth)),
    ffish: counted("ffish", () => ffishPerft(fxb, depth)),
  }, 1000, perftRounds);
  if (counts.qipan !== counts.ffish) throw new Error(`xiangqi perft(${depth}) disagrees: ${JSON.stringify(counts)}`);
  row(`xiangqi: perft(${depth}) = ${counts.qipan}`, "ms", xiangqi);
}

// --- loading records ------------------------------------------------------------------------------
{
  // Each game of the chess example records as its own text: chess.js's loadPgn reads one game.
  const file = readFileSync(new URL("../../examples/games/chess-classics.pgn", import.meta.url), "utf8");
  const games = file.split(/\n\s*\n(?=\[Event )/).filter((g) => g.includes("[Event "));
  const q = new ChessBoard();
  const c = new Chess();
  const plies = games.reduce((n, g) => {
    q.loadPgn(g);
    c.loadPgn(g);
    if (q.history().join() !== c.history({ verbose: true }).map((m) => m.lan).join()) {
      throw new Error("loadPgn disagrees with chess.js");
    }
    return n + q.history().length;
  }, 0);
  row(`chess: loadPgn (${games.length} games, ${plies} plies)`, "µs/game", compare({
    qipan: () => games.forEach((g) => q.loadPgn(g)),
    chessjs: () => games.forEach((g) => c.loadPgn(g)),
  }, games.length));
}

// --- report ----------------------------------------------------------------------------------------
const fmt = (v) => (v === undefined ? "—" : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const ratio = (r, peer) => (r[peer] === undefined ? "—" : `${(r[peer] / r.qipan).toFixed(1)}×`);
const header = ["benchmark", "unit", "qipan", "chess.js", "ffish", "qipan vs chess.js", "qipan vs ffish"];
const lines = rows.map((r) => [r.name, r.unit, fmt(r.qipan), fmt(r.chessjs), fmt(r.ffish), ratio(r, "chessjs"), ratio(r, "ffish")]);
if (markdown) {
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map((_, i) => (i < 2 ? "---" : "---:")).join("|")}|`);
  for (const l of lines) console.log(`| ${l.join(" | ")} |`);
} else {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const pad = (cells) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(pad(header));
  for (const l of lines) console.log(pad(l));
}
console.log(`\n(CPU time of the Node process, best of ${ROUNDS} interleaved rounds (perft: ${quick ? 2 : 3}); lower is better; a ratio is the peer's time over qipan's. Node ${process.version}, ${quick ? "quick" : "full"} run)`);
