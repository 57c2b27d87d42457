// The engine layer (npm/engine.js over the core's EngineSession) against real engines, with
// Threads 1, a fresh game per search and `go nodes N` (deterministic):
// - chess on Stockfish: the same best move, ponder move, score and PV as python-chess's
//   chess.engine (engine_oracle.py, run at test time) on the same positions: seeded playouts,
//   Chess960 starts, mates, a repetition;
// - Xiangqi on Fairy-Stockfish through UCI (`UCI_Variant xiangqi`, ranks 1-10) and through UCCI
//   (the position from the last capture): the same as a reference client written here from the
//   protocol texts, on seeded playouts;
// - hostile engines (fake-engine.mjs): floods, death, illegal moves, silence end in typed errors
//   within their timeouts.
// Needs /usr/games/stockfish and /usr/games/fairy-stockfish (STOCKFISH, FAIRY_STOCKFISH) and a
// Python with python-chess (QIPAN_ORACLE_PYTHON, else the repository's .venv):
// scripts/test-parts/40-wasm.sh installs them.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

import { ChessBoard, XiangqiBoard, namespace } from "./qipan.mjs";
import { seeded } from "./util.mjs";

const { Engine, EngineError, EngineTerminatedError, EngineTimeoutError, openEngine, parseEngineLine, workerTransport, Chess } =
  namespace;
const here = dirname(fileURLToPath(import.meta.url));
const STOCKFISH = process.env.STOCKFISH ?? "/usr/games/stockfish";
const FAIRY = process.env.FAIRY_STOCKFISH ?? "/usr/games/fairy-stockfish";
const PYTHON = process.env.QIPAN_ORACLE_PYTHON ?? join(here, "..", "..", "..", ".venv", "bin", "python");
const NODES = 3000;

for (const [what, path] of [["stockfish", STOCKFISH], ["fairy-stockfish", FAIRY], ["python (with python-chess)", PYTHON]]) {
  if (!existsSync(path)) throw new Error(`${what} not found at ${path}: scripts/test-parts/40-wasm.sh installs it`);
}

const engines = [];
after(async () => {
  for (const engine of engines) await engine.quit();
});

/** Seeded playouts: `count` games of up to `maxPlies` random legal moves from `start()`. */
function playouts(rand, count, maxPlies, start) {
  const games = [];
  for (let i = 0; i < count; i++) {
    const board = start(i);
    const plies = Math.floor(rand() * (maxPlies + 1));
    for (let p = 0; p < plies && !board.isGameOver(); p++) {
      const moves = board.legalMoves();
      board.move(moves[Math.floor(rand() * moves.length)]);
    }
    if (board.isGameOver()) board.undo();
    games.push(board);
  }
  return games;
}

test("chess on Stockfish: best move, ponder, score and PV as python-chess's chess.engine", async () => {
  const rand = seeded(28_2026);
  const specs = [];
  const add = (fen, chess960, moves) => specs.push({ fen, chess960, moves });
  for (const board of playouts(rand, 22, 60, () => new ChessBoard())) add(new ChessBoard().fen(), false, board.history());
  for (const board of playouts(rand, 4, 16, (i) => ChessBoard.fromChess960Pos([0, 105, 518, 959][i]))) {
    const start = board.clone();
    while (start.undo()) { /* back to the start */ }
    add(start.fen(), true, board.history());
  }
  add("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", false, []);
  add("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", false, []);
  add("8/8/8/8/8/5k2/8/4K2R w K - 0 1", false, ["e1g1", "f3e4"]);
  // Knights out and back twice: the engine must see the repetitions.
  add(new ChessBoard().fen(), false, ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8", "b1c3"]);
  assert.ok(specs.length >= 30);

  const oracle = spawnSync(PYTHON, [join(here, "engine_oracle.py")], {
    input: JSON.stringify({ engine: STOCKFISH, nodes: NODES, positions: specs }),
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.equal(oracle.status, 0, `engine_oracle.py: ${oracle.stderr}`);
  const expected = JSON.parse(oracle.stdout);

  const engine = await openEngine(STOCKFISH);
  engines.push(engine);
  assert.match(engine.id.name, /Stockfish/);
  assert.equal(engine.options.get("Threads").type, "spin");
  await engine.configure({ Threads: 1, Hash: 16 });
  let mates = 0;
  for (const [i, spec] of specs.entries()) {
    const board = new ChessBoard(spec.fen, { chess960: spec.chess960 });
    for (const mv of spec.moves) board.push(mv);
    const got = await engine.play(board, { nodes: NODES }, { newGame: true });
    const want = expected[i];
    const context = `position ${i}: ${JSON.stringify(spec)}`;
    assert.equal(got.move, want.move, context);
    assert.equal(got.ponder, want.ponder, context);
    assert.deepEqual(got.info.score, want.score, context);
    assert.deepEqual(got.info.pv, want.pv, context);
    if (want.score?.mate !== undefined) mates += 1;
  }
  assert.ok(mates >= 2, `mate scores seen: ${mates}`);

  // A chess.js-style `Chess` is searched as its history; multipv gives the lines best first.
  const chess = new Chess();
  chess.move("e4");
  const lines = await engine.analyse(chess, { nodes: NODES }, { multipv: 3, newGame: true });
  assert.equal(lines.length, 3);
  assert.deepEqual(lines.map((l) => l.multipv), [1, 2, 3]);
  assert.equal(new Set(lines.map((l) => l.pv[0])).size, 3);
  // Root moves (`searchmoves`) and banned moves (the other moves searched).
  const start = new ChessBoard();
  assert.ok(["a2a3", "h2h3"].includes((await engine.play(start, { nodes: 500 }, { rootMoves: ["a2a3", "h2h3"] })).move));
  const best = (await engine.play(start, { nodes: NODES }, { newGame: true })).move;
  const other = (await engine.play(start, { nodes: NODES }, { newGame: true, banMoves: [best] })).move;
  assert.notEqual(other, best);
  await assert.rejects(engine.play(start, { nodes: 1 }, { rootMoves: ["e2e5"] }), (e) => e.name === "IllegalMoveError");
  // A long search reports its info lines as they come, and `stop()` ends it with a move.
  let infos = 0;
  const started = Date.now();
  const pending = engine.play(start, { time: 60_000 }, { onInfo: (info) => { infos += info.depth ? 1 : 0; } });
  setTimeout(() => engine.stop(), 300);
  const stopped = await pending;
  assert.ok(Date.now() - started < 10_000, `stopped after ${Date.now() - started} ms`);
  assert.ok(start.legalMoves().includes(stopped.move));
  assert.ok(infos > 0);
});

/** Xiangqi ICCS with ranks 0-9 to Fairy-Stockfish's UCI ranks 1-10, and back. */
const shiftRanks = (move, by) => move.replace(/^([a-i])(\d+)([a-i])(\d+)$/, (_, a, r1, b, r2) => `${a}${+r1 + by}${b}${+r2 + by}`);

/**
 * A reference client written from the UCI and UCCI texts, independent of the package: raw lines
 * over a pipe; the result is the last score and PV of the `info` lines and the `bestmove`.
 */
class ReferenceClient {
  constructor(program, protocol) {
    this.protocol = protocol;
    this.child = spawn(program, [], { stdio: ["pipe", "pipe", "ignore"] });
    this.buffer = "";
    this.waiting = null;
    this.child.stdout.setEncoding("utf8");
    this.child.stdout.on("data", (chunk) => {
      this.buffer += chunk;
      let end;
      while ((end = this.buffer.indexOf("\n")) >= 0) {
        const line = this.buffer.slice(0, end).trim();
        this.buffer = this.buffer.slice(end + 1);
        this.waiting?.(line);
      }
    });
  }

  send(line) {
    this.child.stdin.write(line + "\n");
  }

  until(test) {
    const seen = [];
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("reference client: timeout")), 30_000);
      this.waiting = (line) => {
        seen.push(line);
        if (test(line)) {
          clearTimeout(timer);
          this.waiting = null;
          resolve(seen);
        }
      };
    });
  }

  async start() {
    this.send(this.protocol);
    await this.until((l) => l === `${this.protocol}ok`);
    const set = (name, value) =>
      this.send(this.protocol === "uci" ? `setoption name ${name} value ${value}` : `setoption ${name} ${value}`);
    set("Threads", 1);
    set("Hash", 16);
    if (this.protocol === "uci") set("UCI_Variant", "xiangqi");
  }

  async search(position) {
    this.send("ucinewgame");
    this.send("isready");
    await this.until((l) => l === "readyok");
    this.send(position);
    this.send(`go nodes ${NODES}`);
    const lines = await this.until((l) => l.startsWith("bestmove"));
    let score = null;
    let pv = [];
    for (const line of lines.filter((l) => l.startsWith("info "))) {
      const words = line.split(/\s+/);
      const at = words.indexOf("score");
      if (at >= 0) {
        score = words[at + 1] === "mate" ? { mate: +words[at + 2] }
          : words[at + 1] === "cp" ? { cp: +words[at + 2] } : { cp: +words[at + 1] };
      }
      const pvAt = words.indexOf("pv");
      if (pvAt >= 0) pv = words.slice(pvAt + 1);
    }
    const [, best, , ponder] = lines.at(-1).split(/\s+/);
    return { best, ponder: ponder ?? null, score, pv };
  }

  quit() {
    this.send("quit");
  }
}

for (const protocol of ["uci", "ucci"]) {
  test(`Xiangqi on Fairy-Stockfish through ${protocol.toUpperCase()}: as a reference client from the protocol text`, async () => {
    const rand = seeded(protocol === "uci" ? 2801 : 2802);
    const reference = new ReferenceClient(FAIRY, protocol);
    await reference.start();
    const engine = await openEngine(FAIRY, { protocol });
    engines.push(engine);
    assert.equal(engine.dialect, protocol === "uci" ? "uci-variant" : "ucci");
    await engine.configure({ Threads: 1, Hash: 16 });
    const ranks = protocol === "uci" ? 1 : 0;
    try {
      for (let i = 0; i < 15; i++) {
        const board = new XiangqiBoard();
        let root = board.fen();
        let since = [];
        const plies = Math.floor(rand() * 50);
        for (let p = 0; p < plies && !board.isGameOver(); p++) {
          const moves = board.legalMoves();
          const move = board.move(moves[Math.floor(rand() * moves.length)]);
          since.push(move.from + move.to);
          // UCCI sends the position after the last capture; UCI the whole game.
          if (protocol === "ucci" && move.captured) {
            root = board.fen();
            since = [];
          }
        }
        if (board.isGameOver()) continue;
        const moves = since.map((m) => shiftRanks(m, ranks));
        const position = `position fen ${root}${moves.length ? ` moves ${moves.join(" ")}` : ""}`;
        const want = await reference.search(position);
        const got = await engine.play(board, { nodes: NODES }, { newGame: true });
        const context = `${protocol} game ${i}: ${position}`;
        assert.equal(got.move, shiftRanks(want.best, -ranks), context);
        assert.equal(got.ponder, want.ponder && shiftRanks(want.ponder, -ranks), context);
        assert.deepEqual(got.info.score, want.score, context);
        assert.deepEqual(got.info.pv, want.pv.map((m) => shiftRanks(m, -ranks)), context);
      }
      // UCCI bans moves with `banmoves`; UCI searches the others.
      const board = new XiangqiBoard();
      const best = (await engine.play(board, { nodes: NODES }, { newGame: true })).move;
      const other = await engine.play(board, { nodes: NODES }, { newGame: true, banMoves: [best] });
      assert.notEqual(other.move, best);
      assert.equal((await engine.play(board, { nodes: NODES }, { rootMoves: ["a3a4"] })).move, "a3a4");
    } finally {
      reference.quit();
    }
  });
}

/** The fake engine in `mode`, with short timeouts. */
const hostile = (mode, timeouts = { reply: 2000, search: 1500, grace: 500, quit: 300 }) =>
  openEngine(process.execPath, { args: [join(here, "fake-engine.mjs"), mode], timeouts });

/** Awaits `promise`, expecting it to reject with an instance of `type` (and `code`) within `ms`. */
async function rejectsWithin(promise, type, code, ms) {
  const started = Date.now();
  const error = await promise.then(() => null, (e) => e);
  assert.ok(error instanceof type, `expected ${type.name}, got ${error}`);
  assert.ok(error instanceof EngineError);
  if (code) assert.equal(error.code, code);
  assert.ok(Date.now() - started < ms, `took ${Date.now() - started} ms`);
  return error;
}

test("hostile engines end in typed errors within their timeouts", async () => {
  const board = new ChessBoard();
  for (const [mode, type, code] of [
    ["flood", EngineTimeoutError, "timeout"],
    ["longline", EngineTimeoutError, "timeout"],
    ["silent", EngineTimeoutError, "timeout"],
    ["die", EngineTerminatedError, "terminated"],
    ["illegal", EngineError, "illegal-move"],
    ["garbage", EngineError, "illegal-move"],
  ]) {
    const engine = await hostile(mode);
    const rss = process.memoryUsage().rss;
    await rejectsWithin(engine.play(board, { nodes: 1000 }), type, code, 5000);
    assert.ok(process.memoryUsage().rss - rss < 200 * 1024 * 1024, `${mode}: memory grew`);
    if (mode === "die") {
      assert.ok(engine.terminated);
      await rejectsWithin(engine.ping(), EngineTerminatedError, "terminated", 100);
    } else if (mode === "illegal" || mode === "garbage") {
      // The engine is still usable after its bad move.
      await engine.ping();
    }
    await engine.quit();
  }
  // `nobestmove`: the search ends without a move.
  const engine = await hostile("nobestmove");
  const result = await engine.play(board, { nodes: 1000 });
  assert.equal(result.move, null);
  assert.deepEqual(result.info.score, { cp: 12 });
  assert.equal(await engine.quit(), true);
  // No handshake; no program at all.
  await rejectsWithin(hostile("mute"), EngineTimeoutError, "timeout", 5000);
  await rejectsWithin(openEngine("/nonexistent/engine"), EngineError, "spawn", 5000);
});

test("options are checked against their types; managed options are refused", async () => {
  const engine = await hostile("normal");
  await assert.rejects(engine.configure({ Nope: 1 }), (e) => e instanceof EngineError && e.code === "no-such-option");
  await assert.rejects(engine.configure({ Threads: 99 }), (e) => e instanceof EngineError && e.code === "option-value");
  await assert.rejects(engine.configure({ Threads: "many" }), (e) => e.code === "option-value");
  await assert.rejects(engine.configure({ MultiPV: 2 }), (e) => e.code === "usage");
  await engine.configure({ threads: 4 });
  assert.equal(engine.optionValue("Threads"), "4");
  await assert.rejects(engine.play(new ChessBoard(), {}), (e) => e.code === "usage");
  await assert.rejects(engine.play({}, { nodes: 1 }), TypeError);
  assert.deepEqual((await engine.play(new ChessBoard(), { nodes: 1 })).move, "e2e4");
  await engine.quit();
});

test("parseEngineLine reads any line without a session, and never throws for a string", () => {
  assert.deepEqual(parseEngineLine("bestmove e2e4 ponder e7e5"), {
    type: "bestmove", move: "e2e4", ponder: "e7e5", draw: false, resign: false,
  });
  const info = parseEngineLine("info depth 7 seldepth 9 multipv 2 score mate -3 lowerbound wdl 1 2 997 nodes 12 pv a b c");
  assert.deepEqual(info.info, {
    depth: 7, seldepth: 9, multipv: 2, score: { mate: -3 }, lowerbound: true, wdl: [1, 2, 997], nodes: 12, pv: ["a", "b", "c"],
  });
  assert.deepEqual(parseEngineLine("option name Style type combo default A var A var B C").option,
    { name: "Style", type: "combo", default: "A", var: ["A", "B C"] });
  assert.equal(parseEngineLine("id __proto__ x").key, "__proto__");
  const rand = seeded(7);
  for (let i = 0; i < 2000; i++) {
    const words = ["info", "score", "cp", "mate", "pv", "bestmove", "option", "name", "type", "spin", "id", "-", "9".repeat(30), "\u0000", "é"];
    const line = Array.from({ length: Math.floor(rand() * 12) }, () => words[Math.floor(rand() * words.length)]).join(" ");
    assert.equal(typeof parseEngineLine(line).type, "string");
  }
  assert.throws(() => parseEngineLine(42), (e) => e.name === "EngineError");
  assert.throws(() => parseEngineLine("x".repeat(70_000)), (e) => e.name === "EngineError");
});

test("EngineSession reads any line in a search without trapping: PVs cut at their first illegal move", () => {
  const { EngineSession } = namespace;
  const session = new EngineSession("uci");
  assert.equal(session.startCommand(), "uci");
  assert.equal(session.read("uciok").type, "uciok");
  const board = new ChessBoard();
  const plan = session.searchChess(board, { nodes: 10, whiteClock: 60000, blackClock: 60000, whiteInc: 1000 });
  assert.deepEqual(plan.setup, ["ucinewgame", "isready"]);
  assert.deepEqual(plan.search, [`position fen ${board.fen()}`, "go wtime 60000 btime 60000 winc 1000 nodes 10"]);
  assert.equal(plan.timeBudget, 61000);
  assert.throws(() => session.searchChess(board, { nodes: 1 }), (e) => e.code === "usage");
  const pv = session.read("info depth 3 score cp 5 pv e2e4 e7e5 e1e3 g1f3").info.pv;
  assert.deepEqual(pv, ["e2e4", "e7e5"]);
  const rand = seeded(99);
  const words = ["info", "depth", "pv", "e2e4", "e7e5", "g1f3", "e1g1", "a7a8q", "0000", "score", "mate", "cp", "refutation",
    "currline", "currmove", "multipv", "999", "-1", "wdl", "string", "\u0000", "h10h9"];
  for (let i = 0; i < 3000; i++) {
    const line = Array.from({ length: 1 + Math.floor(rand() * 14) }, () => words[Math.floor(rand() * words.length)]).join(" ");
    const event = session.read(line.startsWith("bestmove") ? "info" : line);
    assert.equal(typeof event.type, "string");
  }
  const end = session.read("bestmove g1f3 ponder e7e5");
  assert.deepEqual([end.move, end.ponder, session.searching], ["g1f3", "e7e5", false]);
  assert.ok(Array.isArray(end.lines));
  session.searchChess(board, { depth: 1 });
  assert.throws(() => session.read("bestmove e1e8"), (e) => e.name === "EngineError" && e.code === "illegal-move");
  assert.equal(session.searching, false);
  session.free();
  board.free();
});

test("a transport is any object with send and onLine: the engine over an in-process fake", async () => {
  let deliver;
  const sent = [];
  const transport = {
    send(line) {
      sent.push(line);
      const reply = { uci: ["id name Echo", "uciok"], isready: ["readyok"], "go nodes 5": ["info depth 1 score cp 7 pv h2e2 h9g7", "bestmove h2e2 ponder h9g7"] }[line];
      if (reply) queueMicrotask(() => reply.forEach((l) => deliver(l)));
    },
    onLine(cb) {
      deliver = cb;
    },
    close() {},
  };
  const engine = await new Engine(transport, { timeouts: { quit: 10 } }).init();
  assert.equal(engine.id.name, "Echo");
  assert.equal(engine.dialect, "uci-plain");
  const board = new XiangqiBoard();
  const result = await engine.play(board, { nodes: 5 });
  assert.deepEqual([result.move, result.ponder, result.info.pv], ["h2e2", "h9g7", ["h2e2", "h9g7"]]);
  assert.deepEqual(sent, ["uci", "ucinewgame", "isready", `position fen ${board.fen()}`, "go nodes 5"]);
  assert.equal(await engine.quit(), false);
  assert.equal(typeof workerTransport, "function");
});
