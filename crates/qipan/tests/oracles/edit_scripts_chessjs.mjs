// chess.js 1.4.0's answers to the chess scripts of data/edit-scripts.json, computed when the tests
// run: the board after every step as chess.js edits it (the history stays on put/remove, undo
// keeps the edit; setTurn is chess.js's null move). Answers and exceptions as in edit_scripts.py.
//
//   node crates/qipan/tests/oracles/edit_scripts_chessjs.mjs   # JSON on stdout: {name: {keep_history: [...]}}
//
// Run by crates/qipan/tests/edit_scripts.rs; bindings/wasm/tests/edit-scripts.test.mjs imports it
// and runs the same steps on qipan's drop-in `Chess`. chess.js comes from bindings/wasm's
// node_modules (a dev dependency: a test-time oracle only).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(new URL("../../../../bindings/wasm/package.json", import.meta.url));
const { Chess, validateFen } = require("chess.js");

export const DATA = JSON.parse(readFileSync(new URL("../../../../data/edit-scripts.json", import.meta.url), "utf8"));

/** A step's op and arguments, without the rules' expectation that may end it. */
export function stepArgs(step) {
  return [step[0], step.slice(1).filter((a) => typeof a !== "object" || a === null)];
}

/** Whether chess.js's board `fen` is not a position that can arise: what chess.js's own
 * validateFen rejects (a king missing or twice, a pawn on the last rank), or the side not to
 * move in check. chess.js plays on such boards; qipan does not (`no_moves_on_invalid_boards`). */
function notAPosition(fen) {
  if (!validateFen(fen).ok) return true;
  const fields = fen.split(" ");
  fields[1] = fields[1] === "w" ? "b" : "w";
  fields[3] = "-";
  return new Chess(fields.join(" "), { skipValidation: true }).isCheck();
}

/** Whether one side has more than one king on the board `fen`. */
function twoKingsOfOneSide(fen) {
  const placement = fen.split(" ")[0];
  return [..."Kk"].some((king) => placement.split(king).length > 2);
}

/** chess.js's FEN with the castling field as qipan's shows it. chess.js's `undo` restores the
 * castling rights saved with the move even where an edit since took their king or rook away, and
 * its FEN shows them; qipan keeps them as well but shows only the rights whose king and rook
 * stand (`castling_field_shows_rights_with_their_king_and_rook`). The field is chess.js's own
 * check's, run on a copy: setCastlingRights with no rights to set only drops the ones without
 * their king and rook. */
function shownFen(board) {
  const copy = new Chess(board.fen(), { skipValidation: true });
  copy.setCastlingRights("w", {});
  copy.setCastlingRights("b", {});
  return copy.fen();
}

/** One step on a chess.js-like board `board` (chess.js's own, or qipan's drop-in). */
export function chessjsStep(board, step) {
  const [op, args] = stepArgs(step);
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
    // qipan's boards name a board that cannot be played; chess.js never throws this error.
    if (error.name === "InvalidFenError" && (op === "push" || op === "turn")) return "not_playable";
    if (op === "push" || op === "turn") return "illegal_move";
    // chess.js's load refuses a FEN its validateFen rejects, and changes nothing.
    if (op === "load") return "refused";
    throw error;
  }
}

/** The answers of one script on boards made by `make(fen)`; with `oracle`, chess.js's own, a
 * move on a board that is not a position is answered `not_playable`, marked with its
 * exception, and not played (with `playsAny`, only on a board with two kings of one side). The history is asked for once, at the end (chess.js's `history()` takes
 * every move back and plays it again, which resets the castling rights set since): the stack
 * of each step is kept by hand from the steps that succeeded, and must then equal the board's
 * history. */
export function chessjsAnswers(script, make, { oracle = false, playsAny = false } = {}) {
  const board = make(script.start ?? undefined);
  let stack = [];
  const out = script.steps.map((step) => {
    const fenBefore = board.fen();
    const [op, args] = stepArgs(step);
    // chess.js's setTurn is a null move: refused as a move is (when the side changes).
    const moves = op === "push" || (op === "turn" && fenBefore.split(" ")[1] !== args[0]);
    // `playsAny`: for the drop-in `Chess`, whose boards play what chess.js plays but for a side
    // with two kings, which no rule of chess generates moves for.
    if (oracle && moves && notAPosition(fenBefore) && !(playsAny && !twoKingsOfOneSide(fenBefore))) {
      // Not asked of chess.js at all: whatever it answers, qipan refuses the move.
      return { fen: board.fen(), stack: [...stack], error: "not_playable", exception: "no_moves_on_invalid_boards" };
    }
    const error = chessjsStep(board, step);
    const fen = oracle ? shownFen(board) : board.fen();
    const exception = fen === board.fen() ? undefined : "castling_field_shows_rights_with_their_king_and_rook";
    if (error === null) {
      if (op === "push") stack.push(args[0]);
      else if (op === "turn" && board.fen() !== fenBefore) stack.push("0000");
      else if (op === "pop") stack.pop();
      else if (op === "clear" || op === "load") stack = [];
    }
    return exception ? { fen, stack: [...stack], error, exception } : { fen, stack: [...stack], error };
  });
  const history = board.history({ verbose: true }).map((m) => (m.san === "--" ? "0000" : m.lan));
  if (JSON.stringify(history) !== JSON.stringify(stack)) {
    throw new Error(`${script.name}: history ${history} where the steps give ${stack}`);
  }
  return out;
}

/** chess.js's answers to every chess script. */
export function chessjsOracle() {
  const out = {};
  for (const script of DATA.scripts) {
    if (script.game !== "chess") continue;
    out[script.name] = { keep_history: chessjsAnswers(script, (fen) => new Chess(fen), { oracle: true }) };
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(`${JSON.stringify(chessjsOracle(), null, 1)}\n`);
}
