// Writes chess.js 1.4.0's answers to the chess scripts of data/edit-scripts/scripts.json: the
// board after every step as chess.js edits it (the history stays on put/remove, undo keeps the
// edit; setTurn is chess.js's null move). Run from the repository root:
//
//   node scripts/data/gen_edit_scripts_chessjs.mjs > data/edit-scripts/chessjs.json
//
// The same function runs at test time (bindings/wasm/tests/edit-scripts.test.mjs), so the
// stored answers are checked against chess.js again. Answers as in gen_edit_scripts.py.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(new URL("../../bindings/wasm/package.json", import.meta.url));
const { Chess } = require("chess.js");

/** One step on a chess.js-like board `board` (chess.js's own, or qipan's drop-in). */
export function chessjsStep(board, [op, ...args]) {
  const color = (letter) => (letter === letter.toUpperCase() ? "w" : "b");
  try {
    switch (op) {
      case "put":
        return board.put({ type: args[1].toLowerCase(), color: color(args[1]) }, args[0]) ? null : "refused";
      case "remove":
        board.remove(args[0]);
        return null;
      case "clear":
        board.clear();
        return null;
      case "turn":
        board.setTurn(args[0]);
        return null;
      case "castling":
        board.setCastlingRights("w", { k: args[0].includes("K"), q: args[0].includes("Q") });
        board.setCastlingRights("b", { k: args[0].includes("k"), q: args[0].includes("q") });
        return null;
      case "load":
        board.load(args[0]);
        return null;
      case "push":
        board.move({ from: args[0].slice(0, 2), to: args[0].slice(2, 4), promotion: args[0][4] });
        return null;
      case "pop":
        return board.undo() === null ? "empty" : null;
      default:
        throw new Error(`unknown step ${op}`);
    }
  } catch (error) {
    if (op === "push" || op === "turn") return "illegal_move";
    throw error;
  }
}

/** The answers of one script on boards made by `make(fen)`. The history is asked for once, at
 * the end (chess.js's `history()` takes every move back and plays it again, which resets the
 * castling rights set since): the stack of each step is kept by hand from the steps that
 * succeeded, and must then equal chess.js's history. */
export function chessjsAnswers(script, make) {
  const board = make(script.start ?? undefined);
  let stack = [];
  const out = script.steps.map((step) => {
    const fenBefore = board.fen();
    const error = chessjsStep(board, step);
    const [op, ...args] = step;
    if (error === null) {
      if (op === "push") stack.push(args[0]);
      else if (op === "turn" && board.fen() !== fenBefore) stack.push("0000");
      else if (op === "pop") stack.pop();
      else if (op === "clear" || op === "load") stack = [];
    }
    return { fen: board.fen(), stack: [...stack], error };
  });
  const history = board.history({ verbose: true }).map((m) => (m.san === "--" ? "0000" : m.lan));
  if (JSON.stringify(history) !== JSON.stringify(stack)) {
    throw new Error(`${script.name}: history ${history} where the steps give ${stack}`);
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const scripts = JSON.parse(readFileSync(new URL("../../data/edit-scripts/scripts.json", import.meta.url), "utf8"));
  const out = {};
  for (const script of scripts) {
    if (script.game !== "chess") continue;
    out[script.name] = { keep_history: chessjsAnswers(script, (fen) => new Chess(fen)) };
  }
  process.stdout.write(`${JSON.stringify(out, null, 1)}\n`);
}
