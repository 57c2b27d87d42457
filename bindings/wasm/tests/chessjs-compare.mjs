// Comparing qipan's `Chess` with chess.js 1.4.0's: answers as plain data (errors as class and
// message), the state of a game, and the list of known differences that may only shrink.
import assert from "node:assert/strict";

import * as reference from "chess.js";

import { namespace as qipan } from "./qipan.mjs";

/** A call's answer as plain data: Move objects with their methods' answers, copies of arrays and
 * objects, and the error's class and message when it throws. */
export function answer(f) {
  try {
    return { value: plain(f()) };
  } catch (error) {
    return { error: `${error?.constructor?.name}: ${error?.message}` };
  }
}

const MOVE_METHODS = ["isCapture", "isPromotion", "isEnPassant", "isKingsideCastle", "isQueensideCastle", "isBigPawn"];
export function plain(value) {
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === "object") {
    const out = { ...value };
    if (typeof value.isBigPawn === "function") {
      out.keys = Object.keys(value).join(",");
      out.isMove = value instanceof reference.Move || value instanceof qipan.Move;
      for (const name of MOVE_METHODS) out[name] = value[name]();
    }
    return out;
  }
  return value;
}

/** What a game holds, as both libraries show it. */
export function state(chess) {
  return answer(() => ({
    fen: chess.fen(),
    forced: chess.fen({ forceEnpassantSquare: true }),
    history: chess.history(),
    headers: chess.getHeaders(),
    comments: chess.getComments(),
  }));
}

export function sameAnswer(a, b) {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
}


/**
 * Fails for a kind of call that differs and is not in `known` (a regression), and, when `exact`
 * (the default seed and counts), for one in `known` that no longer differs (the list shrinks).
 * `differing` maps each kind of call that differs to a line describing it.
 */
export function checkKnown(differing, known, exact) {
  const report = [...differing.values()].join("\n");
  if (differing.size > 0) console.log(`${report}\n# differing: ${JSON.stringify([...differing.keys()].sort())}`);
  const unexpected = [...differing.keys()].filter((key) => !known.has(key));
  assert.deepEqual(unexpected, [], `calls that differ from chess.js and are not known to:\n${report}`);
  if (exact) {
    const fixed = [...known].filter((key) => !differing.has(key));
    assert.deepEqual(fixed, [], "calls listed as known differences that now agree: take them off the list");
  }
}
