// The chess.js programs of examples/chessjs print the same with qipan as with chess.js 1.4.0:
// each runs as written (chess.js from this harness's node_modules) and with its import line
// changed to "qipan" (the package as a user installs it), and the outputs are compared.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { appDir } from "./qipan.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const examples = join(here, "..", "..", "..", "examples", "chessjs");

const run = (code, cwd) => execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd, encoding: "utf8" });

for (const file of readdirSync(examples).filter((f) => f.endsWith(".mjs")).sort()) {
  test(`examples/chessjs/${file} prints the same with qipan as with chess.js`, () => {
    const program = readFileSync(join(examples, file), "utf8");
    const ported = program.replace(/from "chess\.js";/, 'from "qipan";');
    assert.notEqual(ported, program, "the program imports chess.js");
    const expected = run(program, join(here, ".."));
    assert.ok(expected.split("\n").length > 5, expected);
    assert.equal(run(ported, appDir), expected);
  });
}
