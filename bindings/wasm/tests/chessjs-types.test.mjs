// The TypeScript types of qipan's chess.js names against chess.js 1.4.0's own (its .d.ts, from
// this harness's node_modules: a test-time oracle). A program is generated from chess.js's types:
// every name chess.js exports is imported from "qipan", every public method of chess.js's `Chess`
// must exist on qipan's and be usable where chess.js's is (`tsc --strict` checks our method's type
// against chess.js's, overloads included), and a chess.js value of each exported type must fit
// ours. Where our type is deliberately more exact, the line carries `@ts-expect-error` with the
// reason, so that tsc fails when that stops being so.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

import { appDir } from "./qipan.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const reference = join(here, "..", "node_modules", "chess.js", "dist", "types", "chess.d.ts");

/** chess.js's names that are not its surface: its PRNG (the issue leaves it out). */
const NOT_SURFACE = new Set(["xoroshiro128"]);

/** Methods whose type in qipan is more exact than chess.js's, with the reason. */
const MORE_EXACT = {
  getComment: "answers undefined where no comment is set (chess.js types it string, and answers undefined)",
  deleteComment: "answers undefined where no comment is set",
  removeComment: "answers undefined where no comment is set",
};

/** Exported types chess.js's values of which do not fit ours, with the reason. */
const NARROWER_TYPES = {};

test("every chess.js name and method is typed, and types as chess.js's do (tsc --strict)", () => {
  const dts = readFileSync(reference, "utf8");
  const values = dts.match(/^export \{([^}]*)\};/m)[1].split(",").map((s) => s.trim()).filter((s) => s && !NOT_SURFACE.has(s));
  const types = dts.match(/^export type \{([^}]*)\};/m)[1].split(",").map((s) => s.trim()).filter(Boolean);
  const chessBody = dts.slice(dts.indexOf("declare class Chess"));
  const methods = [...new Set([...chessBody.matchAll(/^ {4}([a-zA-Z]+)\(/gm)].map((m) => m[1]))];
  assert.ok(values.includes("Chess") && values.length >= 14, values.join(" "));
  assert.ok(methods.length >= 45, `${methods.length} methods: ${methods.join(" ")}`);

  const lines = [
    'import type * as ref from "chess.js";',
    `import { ${values.join(", ")} } from "qipan";`,
    `import type { ${types.join(", ")} } from "qipan";`,
    "type RefChess = ref.Chess;",
    "// Every public method of chess.js's Chess is one of ours.",
    "type Missing = Exclude<keyof RefChess, keyof Chess>;",
    "const noneMissing: [Missing] extends [never] ? true : Missing = true;",
    "const game = new Chess(DEFAULT_POSITION, { skipValidation: false });",
  ];
  for (const name of methods) {
    if (name === "constructor") continue;
    if (MORE_EXACT[name]) lines.push(`// @ts-expect-error ${MORE_EXACT[name]}`);
    lines.push(`const method_${name}: RefChess["${name}"] = game.${name};`);
  }
  lines.push("// chess.js's constants and functions, as chess.js types them.");
  for (const name of values) {
    if (name === "Chess" || name === "Move") continue;
    lines.push(`const value_${name}: typeof ref.${name} = ${name};`);
  }
  lines.push("const moveFields: ref.Move = game.moves({ verbose: true })[0];");
  lines.push("const isMove: boolean = game.undo() instanceof Move;");
  lines.push("// A chess.js value of each exported type fits ours (what a program passes in).");
  for (const name of types) {
    if (NARROWER_TYPES[name]) lines.push(`// @ts-expect-error ${NARROWER_TYPES[name]}`);
    lines.push(`const type_${name}: ${name} = null! as ref.${name};`);
  }
  lines.push(`export { noneMissing, moveFields, isMove, ${[
    ...methods.filter((m) => m !== "constructor").map((m) => `method_${m}`),
    ...values.filter((v) => v !== "Chess" && v !== "Move").map((v) => `value_${v}`),
    ...types.map((t) => `type_${t}`),
  ].join(", ")} };`);
  writeFileSync(join(appDir, "chessjs-types.mts"), `${lines.join("\n")}\n`);
  const tsconfig = {
    compilerOptions: {
      target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true,
      lib: ["es2022", "dom", "esnext.disposable"], skipLibCheck: false, types: [],
      // chess.js's types, read from this harness (the app folder has only qipan installed).
      paths: { "chess.js": [reference] },
    },
    files: ["chessjs-types.mts"],
  };
  writeFileSync(join(appDir, "tsconfig.chessjs.json"), JSON.stringify(tsconfig));
  const tsc = join(here, "..", "node_modules", ".bin", "tsc");
  try {
    execFileSync(tsc, ["-p", join(appDir, "tsconfig.chessjs.json")], { cwd: appDir, encoding: "utf8", stdio: "pipe" });
  } catch (error) {
    assert.fail(`tsc: ${error.stdout}${error.stderr}\n${lines.join("\n")}`);
  }
});
