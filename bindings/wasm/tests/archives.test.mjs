// readGames on the bytes of Xiangqi archives (XQF, CBR, CBL): every game's start and main line as
// cchess reads them (GPL; a test-time oracle only, run through the Python virtual environment that
// scripts/test-parts/30-python.sh makes), and the trees written as PGN read back the same.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { readGames, writePgn } from "./qipan.mjs";
import { seeded, SEED } from "./util.mjs";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const archives = join(root, "data", "xiangqi-archives");
const files = readdirSync(archives).filter((f) => /\.(xqf|cbr|cbl)$/i.test(f)).sort();
const python = join(root, ".venv", "bin", "python");
const oracle = join(root, "crates", "qipan", "tests", "oracles", "cchess_archives.py");

function mainline(game) {
  const line = [];
  for (let node = game; node.variations.length > 0; ) {
    node = node.variations[0];
    line.push(node);
  }
  return line;
}

/** cchess's reading: per file, per game, [start board FEN field, main-line ICCS moves]. */
function cchessGames() {
  assert.ok(existsSync(python), "run scripts/test-parts/30-python.sh first: it makes .venv with cchess");
  const out = execFileSync(python, [oracle, ...files.map((f) => join(archives, f))], {
    encoding: "utf8",
    maxBuffer: 64 << 20,
  });
  const games = new Map();
  for (const line of out.split("\n").filter(Boolean)) {
    const [file, , fen, moves] = line.split("\t");
    const name = file.slice(archives.length + 1);
    if (!games.has(name)) games.set(name, []);
    games.get(name).push([fen.split(" ")[0], moves ? moves.split(" ") : []]);
  }
  return games;
}

test("readGames on archive bytes: every game's start and main line as cchess reads them", () => {
  assert.ok(files.length >= 24, `${files.length} archive files`);
  const oracleGames = cchessGames();
  let games = 0;
  for (const file of files) {
    const trees = readGames(new Uint8Array(readFileSync(join(archives, file))));
    const expected = oracleGames.get(file);
    assert.equal(trees.length, expected.length, file);
    trees.forEach((tree, i) => {
      const [fen, moves] = expected[i];
      const line = mainline(tree).map((n) => n.move);
      if (tree.errors.length > 0 && line.length === 0) {
        assert.deepEqual(moves, [], `${file} game ${i + 1}: refused whole, cchess has moves`);
        return;
      }
      games++;
      assert.deepEqual(line, moves, `${file} game ${i + 1}`);
      assert.equal(tree.fen.split(" ")[0], fen, `${file} game ${i + 1}`);
    });
  }
  assert.ok(games > 100, `${games} games`);
});

test("archive games written as PGN in each notation read back to the same main line", () => {
  for (const file of files) {
    for (const tree of readGames(new Uint8Array(readFileSync(join(archives, file))))) {
      if (tree.errors.length > 0) continue;
      for (const notation of ["iccs", "wxf", "chinese"]) {
        const [back] = readGames(writePgn(tree, { notation }));
        assert.deepEqual(back.errors, [], file);
        assert.deepEqual(mainline(back).map((n) => n.move), mainline(tree).map((n) => n.move), `${file} ${notation}`);
      }
    }
  }
});

test("damaged archive bytes give games with errors or named errors, never a trap", () => {
  const rand = seeded(SEED);
  const samples = files.map((f) => readFileSync(join(archives, f)));
  for (let round = 0; round < 300; round++) {
    const data = new Uint8Array(samples[Math.floor(rand() * samples.length)]);
    for (let k = 0; k < 1 + Math.floor(rand() * 20); k++) data[Math.floor(rand() * data.length)] = Math.floor(rand() * 256);
    const cut = data.subarray(0, 1 + Math.floor(rand() * data.length));
    for (const game of readGames(cut)) {
      for (const e of game.errors) assert.equal(typeof e.message, "string");
    }
  }
});
