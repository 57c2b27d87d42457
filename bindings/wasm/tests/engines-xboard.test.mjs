// The engine layer over XBoard (npm/engine.js over the core's XboardSession, `protocol:
// "xboard"`) against real Fairy-Stockfish: a few plies of play and an analysis at a fixed depth
// with one thread, each move legal and equal to the best move the same binary gives over UCI at
// the same depth (asked here with raw UCI lines, in a fresh process per position: no qipan code
// in the oracle). Then hostile XBoard transcripts (a move that is not legal, a refused command,
// missing features) end in typed errors.
// Needs /usr/games/fairy-stockfish (FAIRY_STOCKFISH): scripts/test-parts/40-wasm.sh installs it.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { after, test } from "node:test";

import { ChessBoard, XiangqiBoard, namespace } from "./qipan.mjs";

const { Engine, EngineError, openEngine } = namespace;
const FAIRY = process.env.FAIRY_STOCKFISH ?? "/usr/games/fairy-stockfish";
const DEPTH = 8;
if (!existsSync(FAIRY)) throw new Error(`fairy-stockfish not found at ${FAIRY}: scripts/test-parts/40-wasm.sh installs it`);

const engines = [];
after(async () => {
  for (const engine of engines) await engine.quit();
});

/** The best move and the depth-`depth` PV of a fresh Fairy-Stockfish over raw UCI. */
function uciOracle(variant, fen, moves, depth, chess960 = false) {
  return new Promise((resolve, reject) => {
    const child = spawn(FAIRY, [], { stdio: ["pipe", "pipe", "ignore"] });
    let buffer = "";
    let pv = null;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("the UCI oracle timed out"));
    }, 10000);
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, end).trim();
        buffer = buffer.slice(end + 1);
        const words = line.split(/\s+/);
        if (words[0] === "info" && words[1] === "depth" && Number(words[2]) === depth && words.includes("pv")) {
          pv = words.slice(words.indexOf("pv") + 1);
        }
        if (words[0] === "bestmove") {
          clearTimeout(timer);
          child.stdin.end("quit\n");
          resolve({ best: words[1], pv });
        }
      }
    });
    const position = `position fen ${fen}${moves.length ? ` moves ${moves.join(" ")}` : ""}`;
    child.stdin.write(
      ["uci", "setoption name Threads value 1", `setoption name UCI_Variant value ${variant}`,
        `setoption name UCI_Chess960 value ${chess960}`, "ucinewgame",
        position, `go depth ${depth}`].join("\n") + "\n",
    );
  });
}

async function xboardEngine() {
  const engine = await openEngine(FAIRY, { protocol: "xboard", timeouts: { reply: 5000 } });
  engines.push(engine);
  return engine;
}

test("chess over XBoard on Fairy-Stockfish: moves legal and equal to its UCI best move at the same depth", async () => {
  const engine = await xboardEngine();
  assert.equal(engine.protocol, "xboard");
  assert.match(engine.id.name ?? "", /Fairy-Stockfish/i);
  const board = new ChessBoard();
  const start = board.fen();
  for (let ply = 0; ply < 4; ply++) {
    const { move } = await engine.play(board, { depth: DEPTH });
    assert.ok(board.legalMoves().includes(move), `ply ${ply}: ${move} is legal`);
    const oracle = await uciOracle("chess", start, board.history(), DEPTH);
    assert.equal(move, oracle.best, `ply ${ply} (${board.fen()})`);
    board.push(move);
  }
  const info = await engine.analyse(board, { depth: DEPTH });
  assert.ok(info.depth >= DEPTH);
  const oracle = await uciOracle("chess", start, board.history(), DEPTH);
  // The analysis is stopped at the first thinking line of the depth; its PV's first move is the
  // engine's UCI choice at that depth.
  assert.equal(info.depth, DEPTH);
  assert.ok(board.legalMoves().includes(info.pv[0]));
  assert.equal(info.pv[0], oracle.pv[0]);
  assert.deepEqual(info.pv, oracle.pv);
  // Play after an analysis (the engine must leave analysis mode cleanly).
  const { move } = await engine.play(board, { depth: DEPTH });
  const after = await uciOracle("chess", start, board.history(), DEPTH);
  assert.equal(move, after.best);
});

test("Chess960 over XBoard on Fairy-Stockfish (variant fischerandom): moves equal to its UCI_Chess960 best move", async () => {
  const engine = await xboardEngine();
  // Start position 100 (Scharnagl): castling is written king-takes-rook by both sides.
  const board = ChessBoard.fromChess960Pos(100);
  const start = board.fen();
  for (let ply = 0; ply < 2; ply++) {
    const { move } = await engine.play(board, { depth: DEPTH });
    assert.ok(board.legalMoves().includes(move), `ply ${ply}: ${move} is legal`);
    const oracle = await uciOracle("chess", start, board.history(), DEPTH, true);
    assert.equal(move, oracle.best, `ply ${ply} (${board.fen()})`);
    board.push(move);
  }
});

/** A Fairy-Stockfish UCI Xiangqi move (ranks 1-10) in the board's ICCS coordinates (ranks 0-9). */
const iccs = (move) => move.replace(/^([a-i])(\d+)([a-i])(\d+)$/, (_, f1, r1, f2, r2) => `${f1}${r1 - 1}${f2}${r2 - 1}`);

test("Xiangqi over XBoard on Fairy-Stockfish (variant xiangqi): moves equal to its UCI best move", async () => {
  const engine = await xboardEngine();
  const board = new XiangqiBoard();
  const start = board.fen();
  const uciMoves = [];
  for (let ply = 0; ply < 2; ply++) {
    const { move } = await engine.play(board, { depth: DEPTH });
    assert.ok(board.legalMoves().includes(move), `ply ${ply}: ${move} is legal`);
    const oracle = await uciOracle("xiangqi", start, uciMoves, DEPTH);
    assert.equal(move, iccs(oracle.best), `ply ${ply} (${board.fen()})`);
    board.push(move);
    uciMoves.push(oracle.best);
  }
});

/**
 * A scripted XBoard engine as a transport: it shakes hands with `features`, answers every
 * `ping N`, and answers the commands `script` names (command word -> lines).
 */
function scripted(script, features = "feature setboard=1 ping=1 myname=\"scripted\" done=1") {
  const callbacks = [];
  const say = (line) => queueMicrotask(() => callbacks.forEach((cb) => cb(line)));
  const sent = [];
  return {
    sent,
    send(line) {
      sent.push(line);
      const word = line.split(" ")[0];
      if (line === "protover 2") say(features);
      else if (word === "ping") say(`pong ${line.split(" ")[1]}`);
      else if (script[line] || script[word]) for (const reply of script[line] ?? script[word]) say(reply);
    },
    onLine(cb) {
      callbacks.push(cb);
    },
    close() {},
  };
}

test("hostile XBoard transcripts end in typed errors", async () => {
  // A move that is not legal in the position.
  const illegal = new Engine(scripted({ go: ["1 10 0 100 e2e5", "move e2e5"] }), { protocol: "xboard", timeouts: { reply: 2000, search: 2000 } });
  await illegal.init();
  assert.equal(illegal.id.name, "scripted");
  await assert.rejects(illegal.play(new ChessBoard(), { depth: 3 }), (e) => e instanceof EngineError && e.code === "illegal-move");
  // The session is usable again: the next search starts afresh.
  await assert.rejects(illegal.play(new ChessBoard(), { depth: 3 }), (e) => e.code === "illegal-move");
  // Garbage instead of a move.
  const garbage = new Engine(scripted({ go: ["move banana"] }), { protocol: "xboard", timeouts: { reply: 2000, search: 2000 } });
  await garbage.init();
  await assert.rejects(garbage.play(new ChessBoard(), { depth: 3 }), (e) => e instanceof EngineError && e.code === "illegal-move");
  // A refused `sd N` is resent as `depth N` (GNU Chess's command), which later searches use.
  const deep = scripted({ sd: ["Invalid move: sd 3"], go: ["My move is : e2e4"] });
  const gnuish = new Engine(deep, { protocol: "xboard", timeouts: { reply: 2000 } });
  await gnuish.init();
  assert.equal((await gnuish.play(new ChessBoard(), { depth: 3 })).move, "e2e4");
  assert.equal((await gnuish.play(new ChessBoard(), { depth: 3 })).move, "e2e4");
  assert.deepEqual(deep.sent.filter((l) => /^(sd|depth) /.test(l)), ["sd 3", "depth 3", "depth 3"]);
  // A refused setup command ends the search before it starts.
  const refusing = new Engine(scripted({ sd: ["Error (unknown command): sd 3"], depth: ["Error (unknown command): depth 3"] }), { protocol: "xboard", timeouts: { reply: 2000 } });
  await refusing.init();
  await assert.rejects(refusing.play(new ChessBoard(), { depth: 3 }), (e) => e instanceof EngineError && e.code === "refused");
  // Refusals of optional commands (`post`, `easy`) are ignored.
  const picky = new Engine(scripted({ post: ["Error (unknown command): post"], go: ["move e2e4"] }), { protocol: "xboard", timeouts: { reply: 2000 } });
  await picky.init();
  assert.equal((await picky.play(new ChessBoard(), { depth: 3 })).move, "e2e4");
  // An engine without `setboard`/`ping` features cannot be used.
  const bare = new Engine(scripted({}, "feature myname=\"bare\" done=1"), { protocol: "xboard", timeouts: { reply: 2000 } });
  await assert.rejects(bare.init(), (e) => e instanceof EngineError && e.code === "usage");
  // Features without `done` end after two seconds; a quiet engine is prodded with `ping 0`.
  const undone = scripted({}, "feature setboard=1 ping=1 myname=\"undone\"");
  const lax = new Engine(undone, { protocol: "xboard", timeouts: { reply: 5000 } });
  await lax.init();
  assert.equal(lax.id.name, "undone");
  assert.ok(undone.sent.includes("ping 0"));
  // An engine that never says done=1 times out.
  const mute = new Engine(scripted({}, "feature setboard=1 ping=1 done=0"), { protocol: "xboard", timeouts: { reply: 300 } });
  await assert.rejects(mute.init(), (e) => e.code === "timeout");
  // A draw offer before the move is reported with it (the play result's `draw`).
  const offering = new Engine(scripted({ go: ["offer draw", "move e2e4"] }), { protocol: "xboard", timeouts: { reply: 2000 } });
  await offering.init();
  const offered = await offering.play(new ChessBoard(), { depth: 3 });
  assert.equal(offered.move, "e2e4");
  assert.equal(offered.draw, true);
  assert.equal(offered.ponder, null);
  // No offer, no flag: the next search starts without it.
  const quiet = new Engine(scripted({ go: ["move e2e4"] }), { protocol: "xboard", timeouts: { reply: 2000 } });
  await quiet.init();
  assert.equal((await quiet.play(new ChessBoard(), { depth: 3 })).draw, false);
  // `Hint:` after the move is the ponder move when legal after it, else null.
  const hinting = new Engine(scripted({ go: ["move e2e4", "Hint: e7e5"] }), { protocol: "xboard", timeouts: { reply: 2000 } });
  await hinting.init();
  const hinted = await hinting.play(new ChessBoard(), { depth: 3 });
  assert.deepEqual([hinted.move, hinted.ponder, hinted.draw], ["e2e4", "e7e5", false]);
  const wrongHint = new Engine(scripted({ go: ["move e2e4", "Hint: e2e4"] }), { protocol: "xboard", timeouts: { reply: 2000 } });
  await wrongHint.init();
  const wrong = await wrongHint.play(new ChessBoard(), { depth: 3 });
  assert.deepEqual([wrong.move, wrong.ponder], ["e2e4", null]);
  const garbageHint = new Engine(scripted({ go: ["move e2e4", "Hint: banana"] }), { protocol: "xboard", timeouts: { reply: 2000 } });
  await garbageHint.init();
  assert.equal((await garbageHint.play(new ChessBoard(), { depth: 3 })).ponder, null);
  // A silent search times out (limits in ms).
  const silent = new Engine(scripted({}), { protocol: "xboard", timeouts: { reply: 1000, search: 300 } });
  await silent.init();
  await assert.rejects(silent.play(new ChessBoard(), { depth: 3 }), (e) => e.code === "timeout");
});
