// The shared edit scripts (data/edit-scripts/scripts.json: put and remove pieces, clear, set the
// turn and the castling rights, make a board unplayable, move, undo) on qipan's chess.js `Chess`
// and on XiangqiBoard, chess.js's model (the history stays on put/remove, undo keeps the edit):
// after every step the FEN, the history and the error must be chess.js 1.4.0's (run again here
// on the same scripts) for chess, and the Xiangqi board model's (scripts/data/gen_edit_scripts.py)
// for Xiangqi. The Rust core and the Python boards run the same file.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Chess } from "chess.js";

import { chessjsAnswers } from "../../../scripts/data/gen_edit_scripts_chessjs.mjs";
import { namespace, XiangqiBoard } from "./qipan.mjs";

const data = (name) => JSON.parse(readFileSync(new URL(`../../../data/edit-scripts/${name}`, import.meta.url), "utf8"));
const scripts = data("scripts.json");
const chessjs = data("chessjs.json");
const model = data("python-chess.json");

/** One step on a XiangqiBoard; the error it raised, as the answers name it. */
function xiangqiStep(board, [op, ...args]) {
  const letter = (l) => ({ type: l.toLowerCase(), color: l === l.toUpperCase() ? "w" : "b" });
  try {
    switch (op) {
      case "put":
        return board.put(letter(args[1]), args[0]) ? null : "refused";
      case "remove":
        board.remove(args[0]);
        return null;
      case "clear":
        board.clear();
        return null;
      case "turn":
        // chess.js's setTurn: a null move, when the side changes.
        if (board.turn() !== args[0]) board.move("0000");
        return null;
      case "load":
        board.load(args[0]);
        return null;
      case "push":
        board.move(args[0]);
        return null;
      case "pop":
        return board.undo() === null ? "empty" : null;
      default:
        throw new Error(`unknown step ${op}`);
    }
  } catch (error) {
    if (error.name === "InvalidFenError" && op === "push") return "not_playable";
    if (error.name === "IllegalMoveError") return "illegal_move";
    throw error;
  }
}

for (const script of scripts) {
  test(`edit script: ${script.name}`, () => {
    if (script.game === "chess") {
      const stored = chessjs[script.name].keep_history;
      assert.deepEqual(chessjsAnswers(script, (fen) => new Chess(fen)), stored, "the stored answers are chess.js's");
      const ours = chessjsAnswers(script, (fen) => new namespace.Chess(fen));
      ours.forEach((got, i) => assert.deepEqual(got, stored[i], `step ${i}: ${JSON.stringify(script.steps[i])}`));
      return;
    }
    const stored = model[script.name].keep_history;
    const board = new XiangqiBoard(script.start ?? undefined);
    script.steps.forEach((step, i) => {
      const error = xiangqiStep(board, step);
      const got = { fen: board.fen().split(" ").slice(0, 2).join(" "), stack: board.history(), error };
      assert.deepEqual(got, stored[i], `step ${i}: ${JSON.stringify(step)}`);
    });
    board.free();
  });
}
