// The odd SAN and PGN inputs of data/chessjs-cases.json, read by qipan's `Chess` and by chess.js
// 1.4.0 in lenient and in strict mode: the same answer (or the same error, class and message)
// and the same game after (FEN, history, headers, comments, the PGN written back).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import * as reference from "chess.js";

import { answer, checkKnown, sameAnswer, state } from "./chessjs-compare.mjs";
import { namespace as qipan } from "./qipan.mjs";
import { pick, seeded, SEED } from "./util.mjs";

const cases = JSON.parse(readFileSync(new URL("./data/chessjs-cases.json", import.meta.url), "utf8"));

/** The cases (`position: text` for moves, `pgn N` for records, with ` strict`) qipan still reads
 * otherwise than chess.js. */
const KNOWN_DIFFERENCES = new Set([]);

const written = (chess) => answer(() => [chess.pgn(), chess.pgn({ maxWidth: 20 })]);

function compare(key, run, differing) {
  const [ref, ours] = [run(reference.Chess), run(qipan.Chess)];
  if (!sameAnswer(ref, ours)) differing.set(key, `  ${key}: ${JSON.stringify({ expected: ref, got: ours }).slice(0, 700)}`);
}

test("odd SAN: move(text) and move(text, {strict: true}) as chess.js", () => {
  const differing = new Map();
  let count = 0;
  for (const [position, texts] of cases.moves) {
    const fen = cases.positions[position];
    for (const text of texts) {
      for (const strict of [false, true]) {
        count++;
        compare(`${position}: ${text}${strict ? " strict" : ""}`, (Chess) => {
          const chess = new Chess(fen);
          return [answer(() => chess.move(text, { strict })), state(chess)];
        }, differing);
      }
    }
  }
  console.log(`# ${count} SAN readings, ${count - differing.size} as chess.js`);
  checkKnown(differing, new Set([...KNOWN_DIFFERENCES].filter((k) => !k.startsWith("pgn "))), true);
});

test("odd PGN: loadPgn(text) and loadPgn(text, {strict: true}) as chess.js", () => {
  const differing = new Map();
  let count = 0;
  cases.pgns.forEach((pgn, i) => {
    for (const strict of [false, true]) {
      count++;
      compare(`pgn ${i}${strict ? " strict" : ""}`, (Chess) => {
        const chess = new Chess();
        return [answer(() => chess.loadPgn(pgn, { strict })), state(chess), written(chess)];
      }, differing);
    }
  });
  console.log(`# ${count} PGN readings, ${count - differing.size} as chess.js`);
  checkKnown(differing, new Set([...KNOWN_DIFFERENCES].filter((k) => k.startsWith("pgn "))), true);
});

test("PGN syntax: what chess.js's grammar refuses throws its error (class, message, place)", () => {
  // The PGN cases with characters inserted, dropped or replaced: texts chess.js's parser refuses
  // and texts it reads, where qipan must throw exactly when chess.js throws its syntax error.
  const rand = seeded(SEED + 27);
  const alphabet = [...' \n\r\t[]"{}();.$!?+#-=*/01258aeKNOxz%\\'];
  const syntaxError = (f) => {
    try {
      f();
    } catch (error) {
      if (error?.constructor?.name === "peg$SyntaxError") {
        const { message, found, location: { start, end } } = error;
        return { class: error.constructor.name, name: error.name, message, found, start, end };
      }
    }
    return null;
  };
  let refused = 0;
  const differing = [];
  for (let k = 0; k < 1000; k++) {
    let text = pick(rand, cases.pgns);
    for (let n = 1 + Math.floor(rand() * 3); n > 0; n--) {
      const at = Math.floor(rand() * (text.length + 1));
      const c = pick(rand, alphabet);
      text = pick(rand, [text.slice(0, at) + c + text.slice(at), text.slice(0, at) + text.slice(at + 1),
        text.slice(0, at) + c + text.slice(at + 1)]);
    }
    const ref = syntaxError(() => new reference.Chess().loadPgn(text));
    const ours = syntaxError(() => new qipan.Chess().loadPgn(text));
    if (ref) refused++;
    if (!sameAnswer(ref, ours)) differing.push(JSON.stringify({ text, expected: ref, got: ours }));
  }
  console.log(`# 1000 mutated records, ${refused} refused by chess.js's grammar, ${1000 - differing.length} as chess.js`);
  assert.deepEqual(differing.slice(0, 5), []);
  assert.ok(refused > 200, "the mutations reach the grammar's errors");
});
