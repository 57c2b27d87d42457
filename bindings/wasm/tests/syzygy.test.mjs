// Syzygy tablebases from JavaScript: tables from bytes and, in Node, from a directory. Expected
// values come from data/syzygy/endgame.epd (python-chess's test data), not from qipan.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { Tablebase, openTablebase } from "./qipan.mjs";

const tables = join(dirname(fileURLToPath(import.meta.url)), "../../../data/syzygy");

function epd() {
  return readFileSync(join(tables, "endgame.epd"), "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const fields = line.split(/\s+/);
      const value = (key) => Number(fields[fields.indexOf(key) + 1].replace(";", ""));
      return { fen: `${fields.slice(0, 4).join(" ")} 0 1`, wdl: value("wdl"), dtz: value("dtz") };
    });
}

function check(tb) {
  let checked = 0;
  for (const { fen, wdl, dtz } of epd()) {
    try {
      assert.equal(tb.probeWdl(fen), wdl, fen);
      assert.equal(tb.probeDtz(fen), dtz, fen);
      checked += 1;
    } catch (e) {
      if (e.name !== "MissingTableError") throw e;
    }
  }
  return checked;
}

test("a directory in Node: the values of endgame.epd", () => {
  const tb = openTablebase(tables);
  assert.equal(tb.size, 30);
  assert.ok(check(tb) >= 40);
});

test("tables from bytes probe the same; errors are named", () => {
  const tb = new Tablebase();
  for (const name of readdirSync(tables).filter((n) => /\.rtb[wz]$/.test(n))) {
    tb.addTable(name, new Uint8Array(readFileSync(join(tables, name))));
  }
  assert.ok(check(tb) >= 40);
  assert.throws(() => tb.probeWdl("8/8/8/8/8/8/1p6/KB5k w - - 0 1"), {
    name: "MissingTableError",
    message: "missing table KBvKP.rtbw",
  });
  assert.throws(() => tb.probeWdl("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), { name: "RangeError" });
  assert.throws(() => tb.probeWdl("not a fen"), { name: "InvalidFenError" });
  assert.throws(() => tb.addTable("KQvK.txt", new Uint8Array(4)), { name: "TableError" });
  // A damaged table: a typed error, never a trap.
  const bad = new Tablebase();
  bad.addTable("KQvK.rtbw", new Uint8Array(readFileSync(join(tables, "KQvK.rtbw"))).slice(0, 100));
  assert.throws(() => bad.probeWdl("8/8/8/8/8/2k5/8/KQ6 w - - 0 1"), { name: "TableError" });
  const root = tb.probeRoot("k7/8/K7/8/8/8/8/1Q6 w - - 0 1");
  assert.equal(root.wdl, 2);
  assert.deepEqual(root.best, ["b1b7"]);
  assert.deepEqual(root.moves[0], { uci: "b1b7", san: "Qb7#", wdl: 2, dtz: 1, rank: 1000 });
  tb.close();
  assert.equal(tb.size, 0);
});
