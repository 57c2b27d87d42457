// Integer arguments that are not integers in range: an error named RangeError that spells the
// number the way JavaScript does (`String(value)`), in the full package and in `qipan/rules`
// (whose .wasm has no number printing of its own).
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { pathToFileURL } from "node:url";

import * as full from "./qipan.mjs";
import { appDir } from "./qipan.mjs";

writeFileSync(join(appDir, "rules-numbers.mjs"), 'export * from "qipan/rules";\n');
const rules = await import(pathToFileURL(join(appDir, "rules-numbers.mjs")).href);

const bad = [1.5, -1, 1e21, 2 ** 40, Infinity, -Infinity, NaN, 0.1 + 0.2, 5e-324];

for (const [name, entry] of [["qipan", full], ["qipan/rules", rules]]) {
  test(`${name}: perft depths that are not integers in range name the number as JavaScript writes it`, () => {
    const board = new entry.ChessBoard();
    for (const depth of bad) {
      assert.throws(
        () => board.perft(depth),
        (e) => e.name === "RangeError" && e.message.endsWith(`, not ${String(depth)}`),
        `perft(${String(depth)})`,
      );
    }
    assert.equal(board.perft(1), 20);
  });
}
